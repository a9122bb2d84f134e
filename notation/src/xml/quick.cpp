// XML records (reader.hpp): the quick path.
//
// Most games are written as `beyt generate` and XmlWriter write them: tags,
// moves without annotations, a result; one element to a line, every
// character printable ASCII. quick() reads such a game straight from the
// raw bytes, without pugixml: it takes a strict form only (below) and
// hands anything else back, untouched, to the full path (pugixml), which
// also makes every diagnostic: quick() never reports an error. In that
// form the full path would read the same record at the same places:
//   * every byte is printable ASCII (0x20-0x7E) or LF, with no '&' (no
//     entity or character reference), LF only between elements: so
//     the well-formedness checks (xml_wellformed.hpp) and chars::check() pass, pugixml's end-of-line and
//     attribute-whitespace conversions change nothing, and a place's
//     column is its byte distance from the last LF;
//   * <game> without attributes, then blanks (' ', LF) between:
//     <tag name="NAME">TEXT</tag>*, <comment>TEXT</comment>*,
//     <moves> <move text="TEXT"/>* </moves>,
//     <result>TEXT</result>, "</game" blanks ">" (the game's end: the
//     first "</game" after its start, as no text or attribute value of
//     this form holds a '<'), each written exactly so (no other
//     attribute, quote or spacing);
//   * the checks the full path makes on these values pass (tag name and
//     value, no duplicate tag, comment, move text, result token).
// A main-line move's place is kept as numbers (SourceLoc::Base::xml_move),
// by both paths; the main line reuses the last game's Nodes (new_game()).
#include "reader.hpp"
#include "beyt/notation/json.hpp"  // move_text_problem and the other checks

#include <algorithm>
#include <array>
#include <cstring>

namespace beyt::notation {
using namespace xml_impl;
namespace {

using scan::bytes_equal;
using scan::first_byte;
using scan::kHigh;
using scan::kLittle;
using scan::kOnes;
using scan::load8;

}  // namespace

/// `l` for the quick path: `step` and (if nonzero) "N]" after it.
void Reader::quick_loc(SourceLoc& l, const Pos& p, SourceLoc::Base base, std::string_view step, std::uint32_t n) const {
  l.line = p.line;
  l.column = p.column;
  l.offset = p.offset;
  l.game = games_;
  l.base = base;
  char buf[32];
  // std::copy, not memcpy: `step` may be empty with a null data() (the
  // game's own place), which memcpy may not be given.
  char* e = std::copy(step.begin(), step.end(), buf);
  if (n != 0) {
    e = std::to_chars(e, buf + sizeof buf - 1, n).ptr;
    *e++ = ']';
  }
  l.pointer.assign(buf, static_cast<std::size_t>(e - buf));
}

/// The end of the move text that starts at p[i] (the index of its closing
/// '"'), in one pass that also tells whether move_text_problem() has
/// nothing against the text: true in `plain` if every byte is printable
/// ASCII, no blank and no character of the notation's own, and the text
/// does not start like a result token or a turn number (it has no '.'
/// and is no result token where it starts with a digit or '*'). False
/// means "look closer", not "bad". npos at a byte no move text of the
/// quick path holds ('&', '<', a control character, non-ASCII), or at
/// the end of the buffer (`short_` is then set).
std::size_t Reader::move_text_end(const char* p, std::size_t i, std::size_t n, bool& plain, bool& short_) noexcept {
  // kPlain: a byte a move text may hold; kDot: '.'; kQuote: the end; kOdd: one that is plain
  // in XML but not in a move text (looked at closer); 0: one the quick path does not take
  enum : std::uint8_t { kWrong = 0, kPlain = 1, kDot = 3, kOdd = 4, kQuote = 8 };
  static constexpr auto kByte = [] {
    std::array<std::uint8_t, 256> t{};
    for (unsigned c = 0x20; c < 0x7F; ++c) t[c] = kPlain;
    for (const unsigned char c : std::string_view(" []{}();$%!?")) t[c] = kOdd;
    t['.'] = kDot;
    t['"'] = kQuote;
    t['&'] = t['<'] = kWrong;
    return t;
  }();
  unsigned all = kPlain, any = 0;
  const std::size_t from = i;
  for (;; ++i) {
    if (i == n) {
      short_ = true;
      return std::string::npos;
    }
    const unsigned t = kByte[static_cast<unsigned char>(p[i])];
    if (t == kQuote) break;
    if (t == kWrong) return std::string::npos;
    all &= t;
    any |= t;
  }
  const std::string_view text(p + from, i - from);
  plain = !text.empty() && all == kPlain &&
          (text[0] > '9' ||
           ((any & 2) == 0 && text != "1-0" && text != "0-1" && text != "1/2-1/2" && text != "*"));
  return i;
}

/// Reads the bytes from raw_ to the end of the buffer into `rec` if they
/// start with a game in the quick path's form (above): Quick::yes, and
/// raw_size_ is the game's length. Else (rec half filled, nothing else
/// changed) Quick::no, or Quick::more if the buffer ends before the game
/// does (read on and ask again). `rec` comes as new_game() left it.
Reader::Quick Reader::quick(GameRecord& rec) {
  const char* const p = raw_;
  const std::size_t n = raw_size_;
  constexpr std::size_t npos = std::string::npos;
  std::size_t i = 0;
  bool short_ = false;  // a test ran into the end of the buffer
  std::uint32_t line = game_start_.line;
  // the column of byte o is o - ls: ls is the last LF's index, or before 0
  std::int64_t ls = -static_cast<std::int64_t>(game_start_.column);
  const auto pos = [&](std::size_t o) {
    return Pos{game_start_.offset + o, line, static_cast<std::uint32_t>(static_cast<std::int64_t>(o) - ls)};
  };
  const auto lit = [&]<std::size_t N>(const char (&s)[N]) {  // a literal: memcmp of a known size, inlined
    if (n - i < N - 1) {
      short_ = true;
      return false;
    }
    if (std::memcmp(p + i, s, N - 1) != 0) return false;
    i += N - 1;
    return true;
  };
  const auto space = [&]() __attribute__((always_inline)) {
    while (i < n) {
      if (p[i] == '\n') {
        ++line;
        ls = static_cast<std::int64_t>(i);
      } else if (p[i] != ' ') {
        return;
      }
      ++i;
      if constexpr (kLittle) {  // an indent: 8 bytes at a time to its end
        for (; n - i >= 8; i += 8) {
          if (const std::uint64_t other = ~bytes_equal(load8(p + i), ' ') & kHigh; other != 0) {
            i += first_byte(other);
            break;
          }
        }
      }
    }
  };
  // index of the first `stop` from i, over printable ASCII but '&' and '<'; npos if none. In
  // text (stop '<') a '>' is left to the full path too, which looks for "]]>" there.
  const auto run = [&](char stop) {
    const unsigned char odd = stop == '<' ? '>' : '<';
    std::size_t j = i;
    if constexpr (kLittle) {  // 8 bytes at a time: printable ASCII (below) and no '&' or `odd`
      for (; n - j >= 8; j += 8) {
        const std::uint64_t w = load8(p + j);
        const std::uint64_t stops = bytes_equal(w, static_cast<unsigned char>(stop));
        // the first marked byte is exact (a borrow or carry only marks bytes after it)
        const std::uint64_t wrong = (((w - kOnes * 0x20) & ~w) | ((w + kOnes) | w) | bytes_equal(w, '&') |
                                     bytes_equal(w, odd)) & kHigh;
        if (const std::uint64_t any = stops | wrong; any != 0) {
          const std::size_t k = first_byte(any);
          return ((stops >> (8 * k)) & 0x80) != 0 ? j + k : npos;
        }
      }
    }
    for (; j < n; ++j) {
      const auto c = static_cast<unsigned char>(p[j]);
      if (c == static_cast<unsigned char>(stop)) return j;
      if (c < 0x20 || c > 0x7E || c == '&' || c == '<' || c == odd) return npos;
    }
    short_ = true;
    return npos;
  };
  // `<NAME>TEXT</NAME>` from i: TEXT's start and end, or false
  const auto text_element = [&]<std::size_t N, std::size_t M>(const char (&open)[N], const char (&close)[M],
                                                            std::size_t& from, std::size_t& to) {
    if (!lit(open)) return false;
    from = i;
    to = run('<');
    if (to == npos) return false;
    i = to;
    return lit(close);
  };
  const auto no = [&] { return short_ ? Quick::more : Quick::no; };

  tag_names_.clear();
  rec.tags.clear();
  rec.comments.clear();
  if (!lit("<game>")) return no();
  quick_loc(rec.loc, pos(0), SourceLoc::Base::xml_game, {}, 0);
  std::uint32_t ntag = 0;
  for (;;) {
    space();
    const std::size_t t = i;
    if (!lit("<tag name=\"")) break;
    const std::size_t v = i;
    const std::size_t ve = run('"');
    if (ve == npos) return no();
    i = ve + 1;
    std::size_t c0, c1;
    if (!text_element(">", "</tag>", c0, c1)) return no();
    const std::string_view name(p + v, ve - v);
    const std::string_view value(p + c0, c1 - c0);
    if (!tag_name_problem(name).empty() || !tag_value_problem(value).empty() || !tag_names_.insert(name))
      return Quick::no;
    TagPair& tag = rec.tags.emplace_back();
    tag.name.assign(name);
    tag.value.assign(value);
    quick_loc(tag.loc, pos(t), SourceLoc::Base::xml_game, "/tag[", ++ntag);
    quick_loc(tag.value_loc, pos(c0), SourceLoc::Base::xml_game, "/tag[", ntag);
  }
  while (n - i >= 9 && std::memcmp(p + i, "<comment>", 9) == 0) {
    std::size_t c0, c1;
    if (!text_element("<comment>", "</comment>", c0, c1)) return no();
    const std::string_view text(p + c0, c1 - c0);
    if (!comment_problem(text).empty()) return Quick::no;
    rec.comments.emplace_back(text);
    space();
  }
  if (n - i < 9) short_ = true;  // it may be a <comment> yet
  if (!lit("<moves>")) return no();
  // The main line, in the last game's Nodes first (new_game()).
  Line& moves = rec.moves;
  std::uint32_t count = 0;
  for (;;) {
    space();
    if (!lit("<move text=\"")) break;
    const std::size_t v = i;
    bool plain = false;
    const std::size_t ve = move_text_end(p, i, n, plain, short_);
    if (ve == npos) return no();
    i = ve + 1;
    if (!lit("/>")) return no();
    const std::string_view text(p + v, ve - v);
    if (!plain && !move_text_problem(text).empty()) return Quick::no;
    const Pos at = pos(v);
    Node& node = count < moves.size() ? NodeMaker::reuse(moves[count]) : node_maker_.append(moves);
    node.move.clear();  // clear and append: cheaper than assign (no overlap to look for)
    node.move.append(text);
    node.loc.line = at.line;
    node.loc.column = at.column;
    node.loc.offset = at.offset;
    node.loc.game = games_;
    node.loc.index = count++;
    node.loc.base = SourceLoc::Base::xml_move;
  }
  if (!lit("</moves>")) return no();
  space();
  std::size_t r0, r1;
  if (!text_element("<result>", "</result>", r0, r1)) return no();
  const std::string_view result(p + r0, r1 - r0);
  if (result != "1-0" && result != "0-1" && result != "1/2-1/2" && result != "*") return Quick::no;
  rec.result.assign(result);
  quick_loc(rec.result_loc, pos(r0), SourceLoc::Base::xml_game, "/result", 0);
  space();
  if (!lit("</game")) return no();
  space();
  if (!lit(">")) return no();
  // the game is read: the record is made whole
  if (moves.size() > count) moves.erase(moves.begin() + count, moves.end());
  last_moves_ = count;
  raw_size_ = i;
  gcur_.offset = game_start_.offset + i;
  gcur_.line = line;
  gcur_.column = static_cast<std::uint32_t>(static_cast<std::int64_t>(i) - ls);
  gcur_.after_cr = false;  // the game ends with '>'
  turn_ = 0;
  return Quick::yes;
}

}  // namespace beyt::notation
