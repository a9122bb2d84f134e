// The text reader (reader.hpp): movetext, the main line and its variations
// (NOTATION.md section 2): moves, turn numbers, NAGs and suffixes, comments,
// variations, the result.
#include "reader.hpp"

namespace beyt::notation {
using namespace text_impl;
namespace {

constexpr unsigned kMaxDepth = kMaxVariationDepth;  // deepest variation nesting accepted

// The ASCII move characters alone (false for every byte >= 0x80): the
// scanner's fast loop, one column per byte.
constexpr std::array<bool, 256> make_ascii_move_chars() {
  std::array<bool, 256> t = make_move_chars();
  for (int c = 0x80; c < 0x100; ++c) t[c] = false;
  return t;
}
constexpr std::array<bool, 256> kAsciiMoveChar = make_ascii_move_chars();

bool is_result(std::string_view t) { return t == "1-0" || t == "0-1" || t == "1/2-1/2" || t == "*"; }

}  // namespace

// Scans a run of move characters at pos. The view stays valid until the
// next read from the buffer.
std::string_view TextReader::Impl::scan_word() {
  mark = pos;
  for (;;) {
    // A run of ASCII move characters, one column each, in locals (a char
    // store may alias the members, so the loop would reload them).
    const char* const data = buf.data();
    const std::size_t run = pos, stop = end;
    std::size_t i = run;
    while (i < stop && kAsciiMoveChar[static_cast<unsigned char>(data[i])]) ++i;
    pos = i;
    col += static_cast<std::uint32_t>(i - run);
    if (pos == end) {
      if (!more()) break;
      continue;
    }
    if (static_cast<unsigned char>(buf[pos]) < 0x80) break;
    multibyte();
  }
  std::string_view word(buf.data() + mark, pos - mark);
  mark = kNone;
  return word;
}

// A '{' comment (at `open`) never closed, `text` its bytes before the
// buffer's mark: everything after the '{' went into it, and the moves there
// are lost (the validator replays none of them). When the next game's tags
// stood in it (`next_tags`, an index into the comment's bytes, on line
// `next_line` at input offset `next_offset`; kNone: none did), the comment
// ends before them, as pgn-extract reads it: the bytes from there on are
// read again, and the next games are read and checked.
std::string TextReader::Impl::unclosed_comment(const SourceLoc& open, std::string& text, std::size_t next_tags,
                                               std::uint32_t next_line, std::uint64_t next_offset) {
  text.append(buf.data() + mark, end - mark);  // every byte read so far
  pos = end;
  mark = kNone;
  field = chars::Field::move;
  swallowed = true;
  damage(open.offset);
  const bool cut = next_tags != kNone;
  note(Code::unterminated_comment, open,
       std::string("comment '{' is never closed: expected '}' before ") +
           (cut ? "the next game's tags" : "the end of the input"));
  if (cut) {
    buf.assign(text.begin() + static_cast<std::ptrdiff_t>(next_tags), text.end());
    text.resize(next_tags);
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.pop_back();
    pos = 0;
    end = buf.size();
    base = next_offset;
    line = next_line;
    col = 1;
    line_has_token = false;
  }
  return std::move(text);
}

// '{' ... '}' at pos; returns the text between the braces, byte for byte.
std::string TextReader::Impl::brace_comment() {
  SourceLoc open = here();
  ++pos;
  ++col;
  std::string text;
  mark = pos;
  bool cr = false;
  field = chars::Field::comment;
  // The first line end followed by the next game's tags (tags_follow): where
  // the comment ends if it is never closed.
  std::size_t next_tags = kNone;
  std::uint32_t next_line = 0;
  std::uint64_t next_offset = 0;
  for (;;) {
    if (pos == end) {
      text.append(buf.data() + mark, pos - mark);
      mark = pos;
      if (!more()) return unclosed_comment(open, text, next_tags, next_line, next_offset);
      continue;
    }
    auto c = static_cast<unsigned char>(buf[pos]);
    if (c == '}') break;
    if (c < 0x80) {
      if ((c < 0x20 || c == 0x7F) && c != '\t' && c != '\n' && c != '\r') [[unlikely]] {
        // After the next game's tags: that game's character, not this comment's.
        if (next_tags != kNone) return unclosed_comment(open, text, next_tags, next_line, next_offset);
        control(c);
      }
      const bool tags_next = c == '\n' && next_tags == kNone && tags_follow();
      ++pos;
      if (c == '\n') {
        if (!cr) ++line;
        col = 1;
      } else if (c == '\r') {
        ++line;
        col = 1;
      } else {
        ++col;
      }
      cr = c == '\r';
      if (tags_next) [[unlikely]] {  // the start of the line after this line end
        next_tags = text.size() + (pos - mark);
        next_line = line;
        next_offset = base + pos;
      }
    } else {
      cr = false;
      // After the next game's tags: a bad character is that game's.
      if (next_tags != kNone && multibyte_fault()) [[unlikely]]
        return unclosed_comment(open, text, next_tags, next_line, next_offset);
      multibyte();
    }
  }
  text.append(buf.data() + mark, pos - mark);
  mark = kNone;
  field = chars::Field::move;
  ++pos;
  ++col;
  return text;
}

// At a line end inside a comment: a blank line follows, then a line that
// starts a tag pair, '[' Name '"' (blanks allowed between): the next game's
// tags, where a comment never closed ends. Looks at most kLookAhead bytes on.
bool TextReader::Impl::tags_follow() {
  constexpr std::size_t kLookAhead = 4096;
  const auto blank = [](int c) { return c == ' ' || c == '\t' || c == '\r'; };
  std::size_t k = 1, ends = 1;
  for (int c = peek(k); k < kLookAhead && (blank(c) || c == '\n'); c = peek(++k)) ends += c == '\n';
  if (ends < 2 || peek(k) != '[') return false;
  for (++k; k < kLookAhead && blank(peek(k)); ++k) {}
  const std::size_t name = k;
  while (k < kLookAhead && is_name_char(peek(k))) ++k;
  if (k == name) return false;
  while (k < kLookAhead && blank(peek(k))) ++k;
  return peek(k) == '"';
}

// ';' comment at pos; returns the text up to (not including) the line end.
std::string TextReader::Impl::line_comment() {
  ++pos;
  ++col;
  std::string text;
  read_line_text(text, chars::Field::comment, '\n');
  return text;
}

// After the main line's result `result`: a comment on the same line
// ("* {after the game}") is noted (E108: the movetext ends at its result)
// and kept as meant, after the last move (or as the game's own comment), so
// that it does not start a game of its own.
void TextReader::Impl::trailing_comments(Line& moves, std::size_t n, GameRecord& record, std::string_view result) {
  // The blanks before such a comment (only: a blank that ends the line is
  // the layout's business, strict E123).
  const auto comment_follows = [&] {
    std::size_t k = 0;
    while (peek(k) == ' ' || peek(k) == '\t') ++k;
    if (peek(k) != '{' && peek(k) != ';') return false;
    pos += k;
    col += static_cast<std::uint32_t>(k);
    return true;
  };
  while (comment_follows()) {
    const SourceLoc at = here();
    std::string text = peek() == '{' ? brace_comment() : line_comment();
    note(Code::unexpected_token, at,
         "a comment after the result " + std::string(result) + ": the moves end at the result; write it before");
    if (n > 0) moves[n - 1].after.push_back(std::move(text));
    else record.comments.push_back(std::move(text));
  }
}

// One line of movetext: the main line (depth 0) or a variation. Returns
// after its ')' (consumed), or for the main line after the result token,
// at the end of the input or at the next game's '['; also, from every
// depth, when a variation ends without its ')' (`ended`). `first` is the
// turn number of the line's first move.
void TextReader::Impl::movetext(Line& moves, unsigned depth, std::uint32_t first, GameRecord& record,
                                 const SourceLoc* open) {
  enum class At { start, move, variations } at = At::start;
  // `moves` may come with the Nodes of the reader's previous game (next()
  // keeps them): the first n are this line's, the others are reused as
  // turns come and dropped when the line ends, however it ends.
  std::size_t n = 0;
  struct Trim {
    Line& line;
    const std::size_t& n;
    ~Trim() {
      if (line.size() > n) line.erase(line.begin() + static_cast<std::ptrdiff_t>(n), line.end());
    }
  } trim{moves, n};
  std::vector<std::string> pending;  // comments for the next move
  bool nag_ok = false;               // strict: a NAG may stand here
  bool numbered = false;             // a turn number waits for its move
  SourceLoc number_loc;
  std::uint32_t turn = first;        // number of the next move
  const bool strict = options.strict;

  auto end_line = [&]() {
    if (strict && numbered)
      note(Code::strict_turn_number, number_loc,
           "turn number " + std::to_string(turn) + " is not followed by a move", turn);
    if (pending.empty()) return;
    if (n > 0) {
      auto& after = moves[n - 1].after;
      for (auto& c : pending) after.push_back(std::move(c));
    } else if (depth == 0) {
      for (auto& c : pending) record.comments.push_back(std::move(c));
    } else {
      note(Code::unexpected_token, here(),
           "a comment in a variation without moves has no move to belong to");
    }
  };
  auto add_nag = [&](unsigned value, const SourceLoc& loc) {
    if (n == 0) {
      note(Code::unexpected_token, loc, "a NAG must follow a move; this line has no move yet");
      return;
    }
    if (strict && !nag_ok)
      note(Code::strict_layout, loc,
           "the canonical form writes NAGs directly after their move, before comments and variations");
    moves[n - 1].nags.push_back(static_cast<std::uint8_t>(value));
  };
  // "!" "?" "!!" "??" "!?" "?!" at pos.
  auto suffix = [&]() {
    SourceLoc loc = here();
    int a = peek();
    int b = peek(1);
    unsigned value = a == '!' ? 1 : 2;
    std::size_t len = 1;
    if (b == '!' || b == '?') {
      len = 2;
      value = a == '!' ? (b == '!' ? 3 : 5) : (b == '?' ? 4 : 6);
    }
    pos += len;
    col += static_cast<std::uint32_t>(len);
    if (strict)
      note(Code::strict_layout, loc,
           "suffix annotation: the canonical form writes $" + std::to_string(value));
    add_nag(value, loc);
  };

  for (;;) {
    // An error in a token is thrown (fail: Stop) and caught here, outside
    // the loop: the hot path is the same as if errors ended the game, and
    // reading goes on after the token (resume_token).
    try {
      for (;;) {
      skip_blanks();
      const Spot tok = spot();  // a SourceLoc is made only for a diagnostic
      int c = peek();
      if (c < 0 || (c == '[' && !line_has_token)) {
        if (depth > 0) {
          // The variation's ')' is missing: what follows it may be the main
          // line's, so the main line from the outermost '(' on is in doubt.
          if (!swallowed)
            note(Code::unbalanced_variation, *open,
                 std::string("variation '(' is never closed: expected ')' before ") +
                     (c < 0 ? "the end of the input" : "the next game"));
          damage_main_line();
          broken.variations = false;  // an error of the variations: none is checked (ERRORS.md)
          ended = true;
          end_line();
          return;
        }
        end_line();
        if (strict && !swallowed)
          note(Code::missing_result, tok.loc(),
               std::string("expected a result (1-0, 0-1, 1/2-1/2 or *) before ") +
                   (c < 0 ? "the end of the input" : "the next game"));
        else if (c == '[' && !swallowed) {  // the next game's tags: odd, not illegal (W109; E109 under strict, above)
          Diagnostic w;
          w.code = Code::no_result_before_tags;
          w.severity = Severity::warning;
          w.reason = "the moves end without a result (1-0, 0-1, 1/2-1/2 or *) before the next game's tags: read as *";
          w.file = file;
          w.loc = tok.loc();
          w.game = game;
          warnings.push_back(std::move(w));
        }
        record.result = "*";
        record.moves_end = n > 0 ? end_of(moves[n - 1]) : tok.loc();
        return;
      }
      switch (c) {
        case '{':
        case ';': {
          std::string text = c == '{' ? brace_comment() : line_comment();
          if (c == ';' && strict && text.find('}') == std::string::npos)
            note(Code::strict_layout, tok.loc(),
                 "';' comment: the canonical form writes {comment} (';' only for a comment containing '}')");
          // NOTATION.md section 2, "Comments": after a turn number -> before
          // its move; after a move -> after it; at the start of the main line
          // -> the game's; otherwise (line start of a variation, after
          // variations) -> before the next move.
          if (numbered) pending.push_back(std::move(text));
          else if (at == At::move) moves[n - 1].after.push_back(std::move(text));
          else if (depth == 0 && n == 0) record.comments.push_back(std::move(text));
          else pending.push_back(std::move(text));
          line_has_token = true;
          nag_ok = false;
          break;
        }
        case '(': {
          if (strict && numbered)
            note(Code::strict_turn_number, number_loc,
                 "turn number " + std::to_string(turn) + " is not followed by a move", turn);
          if (depth + 1 > kMaxDepth) {
            note(Code::unexpected_token, tok.loc(),
                 "variations nested deeper than " + std::to_string(kMaxDepth) + " levels");
            throw GiveUp{};
          }
          ++pos;
          ++col;
          line_has_token = true;
          Line variation;
          const SourceLoc open_loc = tok.loc();
          if (depth == 0) open_at = tok.offset;
          depth_now = depth + 1;
          // Before any move the variation replaces nothing: read and dropped.
          if (n == 0)
            note(Code::unexpected_token, open_loc, "'(' before any move: a variation follows the move it replaces");
          movetext(variation, depth + 1, turn - 1, record, &open_loc);
          depth_now = depth;
          if (n > 0) moves[n - 1].variations.push_back(std::move(variation));
          if (ended) {
            end_line();
            return;
          }
          at = At::variations;
          nag_ok = false;
          break;
        }
        case ')':
          // Without its '(' (a variation's '(' may be missing: the moves
          // before it may not be the main line's).
          if (depth == 0) fail(Code::unbalanced_variation, tok, "')' without a matching '('", Resume::damage);
          end_line();
          ++pos;
          ++col;
          line_has_token = true;
          return;
        case '$': {
          ++pos;
          ++col;
          unsigned value = 0;
          std::size_t digits = 0;
          for (int d = peek(); is_digit(d); d = peek()) {
            if (value <= 255) value = value * 10 + static_cast<unsigned>(d - '0');
            ++digits;
            ++pos;
            ++col;
          }
          line_has_token = true;
          if (digits == 0)
            fail(Code::bad_nag, tok, "expected a number from 0 to 255 after '$'", Resume::token);
          if (value > 255)
            fail(Code::bad_nag, tok, "NAG out of range: expected a number from 0 to 255 after '$'", Resume::token);
          add_nag(value, tok.loc());
          break;
        }
        case '!':
        case '?':
          line_has_token = true;
          suffix();
          break;
        case '[':
          fail(Code::unexpected_token, tok,
               "'[' in movetext: tag pairs come before the moves, and a new game's first tag starts a line",
               Resume::tag);
        default:
          if (!kMoveChar[static_cast<unsigned>(c)]) [[unlikely]]
            stray(c, tok);
          line_has_token = true;
          if (is_digit(c) && turn_number(turn, numbered, number_loc)) break;
          std::string_view word = scan_word();
          if (is_result(word)) {
            record.result.assign(word);
            record.result_loc = tok.loc();
            if (depth > 0) {
              // A result inside a variation: the game ends here, and the
              // moves since the outermost '(' may be the main line's. With
              // a ')' after it, the result is the slip; without, the
              // variation was never closed (E107 at its '(', as at the end
              // of the input), an error of the variations: none is checked.
              std::size_t k = 0;
              while (peek(k) == ' ' || peek(k) == '\t') ++k;
              if (peek(k) == ')') {
                note(Code::unexpected_token, tok.loc(),
                     "result " + std::string(word) + " inside a variation: expected ')' first");
              } else {
                note(Code::unbalanced_variation, *open,
                     "variation '(' is never closed: expected ')' before the result " + std::string(word));
                broken.variations = false;
              }
              damage_main_line();
              ended = true;
            } else {
              trailing_comments(moves, n, record, word);
            }
            end_line();
            return;
          }
          if (strict && !numbered) strict_unnumbered(tok, turn);
          // The last game's Node, most often a move and its place alone
          // (reuse: reset() only if it holds more), its move text cleared
          // and appended (cheaper than assign: no overlap to look for).
          Node& node = n < moves.size() ? NodeMaker::reuse(moves[n]) : nodes.append(moves);
          ++n;
          node.move.clear();
          node.move.append(word);
          node.loc.line = tok.line;  // the place's pointer stays empty
          node.loc.column = tok.column;
          node.loc.offset = tok.offset;
          if (!pending.empty()) node.before.swap(pending);
          numbered = false;
          ++turn;
          at = At::move;
          nag_ok = true;
          int s = peek();
          if (s == '!' || s == '?') suffix();
          break;
      }
      }
    } catch (const Stop&) {
      resume_token();
    }
  }
}

// Strict: a move without its turn number (E120).
void TextReader::Impl::strict_unnumbered(Spot tok, std::uint32_t turn) {
  note(Code::strict_turn_number, tok.loc(),
       "expected turn number " + std::to_string(numbered_as(turn)) + ". before the move",
       turn);
}

// The place just after a move's text (where a missing result would go).
SourceLoc TextReader::Impl::end_of(const Node& node) {
  SourceLoc loc;
  loc.line = node.loc.line;
  loc.column = node.loc.column;
  for (unsigned char c : node.move)
    if ((c & 0xC0) != 0x80) ++loc.column;
  loc.offset = node.loc.offset + node.move.size();
  return loc;
}

// At a digit: reads "N." / "N..." if it is one (true), else leaves pos.
// The lenient reader checks only that a main-line number (`main`) agrees
// with its turn, and keeps the first that does not (slip); the strict
// reader's checks and diagnostics name the number.
// A refill in peek() keeps the bytes from pos on, so the digits stay.
bool TextReader::Impl::turn_number(std::uint32_t turn, bool& numbered, SourceLoc& number_loc) {
  if (!options.strict) {
    // Lenient, the common case: decided on the bytes in the buffer when
    // the number and its dots end before the buffer does.
    const char* const p = buf.data() + pos;
    const std::size_t avail = end - pos;
    std::size_t k = 1;  // pos is at a digit
    std::uint32_t value = static_cast<std::uint32_t>(p[0] - '0');
    while (k < avail && is_digit(p[k])) {
      value = value * 10 + static_cast<std::uint32_t>(p[k] - '0');  // wraps past 10 digits: no matter
      ++k;
    }
    if (k < avail) {
      if (p[k] != '.') return false;
      std::size_t j = k + 1;
      while (j < avail && p[j] == '.') ++j;
      if (j < avail) {
        if (value != turn) [[unlikely]]
          slipped(value, turn);
        pos += j;
        col += static_cast<std::uint32_t>(j);
        numbered = true;
        return true;
      }
    }
  }
  return turn_number_more(turn, numbered, number_loc);
}

bool TextReader::Impl::turn_number_more(std::uint32_t turn, bool& numbered, SourceLoc& number_loc) {
  std::size_t k = 1;  // pos is at a digit
  while (is_digit(peek(k))) ++k;
  if (peek(k) != '.') return false;
  std::size_t dots = 1;
  while (peek(k + dots) == '.') ++dots;
  std::uint32_t value = 0;
  for (std::size_t i = 0; i < k; ++i)
    value = std::min<std::uint32_t>(value * 10 + static_cast<unsigned>(buf[pos + i] - '0'), 1u << 31);
  if (value != turn) slipped(value, turn);
  if (options.strict) {
    const SourceLoc loc = here();
    const std::uint32_t expected = numbered_as(turn);
    if (numbered)
      note(Code::strict_turn_number, loc, "two turn numbers before one move", turn);
    if (dots != 1)
      note(Code::strict_turn_number, loc,
           "turn number with " + std::to_string(dots) + " dots: the canonical form writes " +
               std::to_string(expected) + ".",
           turn);
    // After a wrong number the count goes on from it (a turn left out:
    // one error, not one for every turn after it) or from the turns (a
    // slip of the pen): a number that fits either is right.
    if (value != expected && (depth_now != 0 || value != turn)) {
      note(Code::strict_turn_number, loc,
           "wrong turn number " + std::to_string(value) + ": expected " + std::to_string(expected) + ".", turn);
      if (depth_now == 0) number_shift = static_cast<std::int64_t>(value) - turn;
    } else if (depth_now == 0 && value == turn) {
      number_shift = 0;
    }
    number_loc = loc;
  }
  pos += k + dots;
  col += static_cast<std::uint32_t>(k + dots);
  numbered = true;
  return true;
}

// Strict: the number the main line's turn `turn` is expected to have,
// counted from the last wrong number (number_shift).
std::uint32_t TextReader::Impl::numbered_as(std::uint32_t turn) const {
  return depth_now == 0 ? static_cast<std::uint32_t>(static_cast<std::int64_t>(turn) + number_shift) : turn;
}

// The first main-line number that disagrees with its turn (at pos).
void TextReader::Impl::slipped(std::uint32_t value, std::uint32_t turn) {
  if (depth_now != 0 || slip.written != 0) return;
  slip.written = value;
  slip.expected = turn;
  slip.loc = here();
}

}  // namespace beyt::notation
