// The text reader (reader.hpp): an error noted (note: inside a game, read
// on; between games, Stop), an error in a movetext token (fail, and where
// reading goes on after it), and a game given up (give_up, then recover()
// at the next game).
#include "reader.hpp"
#include "../error_limit.hpp"

namespace beyt::notation {
using namespace text_impl;

// An error at `loc`. Inside a game it is noted and the caller reads on
// (GiveUp at max_errors); between games it stops next() (Stop).
void TextReader::Impl::note(Code code, const SourceLoc& loc, std::string reason, std::uint32_t turn) {
  Diagnostic d;
  d.code = code;
  d.reason = std::move(reason);
  d.file = file;
  d.loc = loc;
  d.game = game;
  d.turn = turn;
  if (!in_game) {
    error = std::move(d);
    throw Stop{};
  }
  broken.errors.push_back(std::move(d));
  if (options.max_errors != 0 && broken.errors.size() >= options.max_errors) {
    error_in_tags = in_tags;
    broken.errors.back().reason += detail::more_errors_note(options.max_errors);
    throw GiveUp{};
  }
}

// An error in the movetext token at `tok`: noted, then thrown (Stop) to
// the movetext loop, which goes on as `how` says (resume_token).
void TextReader::Impl::fail(Code code, Spot tok, std::string reason, Resume how) {
  note(code, tok.loc(), std::move(reason));
  resume = how;
  stop_at = tok.offset;
  throw Stop{};
}

// A character that starts no token of the movetext (at tok): a control
// character (E110) or one that has no place here (E108).
void TextReader::Impl::stray(int c, Spot tok) {
  if (c < 0x20 || c == 0x7F)
    fail(Code::bad_character, tok,
         "control character " + chars::describe(static_cast<char32_t>(c)) +
             " in movetext: no record may hold it (NOTATION.md section 11)",
         Resume::stray);
  fail(Code::unexpected_token, tok,
       std::string("'") + static_cast<char>(c) +
           "' has no place in movetext: expected a move, turn number, NAG, comment, variation or result",
       Resume::stray);
}

void TextReader::Impl::resume_token() {
  mark = kNone;
  line_has_token = true;
  switch (resume) {
    case Resume::token:
      skip_token();
      break;
    case Resume::damage:
      damage(stop_at);
      ++pos;
      ++col;
      break;
    case Resume::stray: {
      // Glued to a move before it (that move is then in doubt too) or
      // to move characters after it (perhaps a move): something is lost.
      const bool glued = pos > 0 && kMoveChar[static_cast<unsigned char>(buf[pos - 1])];
      ++pos;
      ++col;
      if (skip_token() || glued) damage(glued ? stop_at - 1 : stop_at);
      break;
    }
    case Resume::tag:
      // The tag section is not what it was meant to be: every tag the
      // validator reads is in doubt.
      broken.doubtful = kAllReadTags;
      if (!skip_past(']')) damage(stop_at);
      break;
  }
}

// Skips the rest of a token after an error: the move characters that
// follow (no UTF-8 check), not a comment, variation or NAG glued to it.
// True if it skipped anything.
bool TextReader::Impl::skip_token() {
  bool any = false;
  for (int c = peek(); c >= 0 && kMoveChar[static_cast<unsigned>(c)]; c = peek()) {
    if ((c & 0xC0) != 0x80) ++col;
    ++pos;
    any = true;
  }
  return any;
}

// Skips past the next `close` on this line; false (at the line end) if
// there is none.
bool TextReader::Impl::skip_past(char close) {
  for (int c = peek(); c >= 0 && c != '\n' && c != '\r'; c = peek()) {
    if ((c & 0xC0) != 0x80) ++col;
    ++pos;
    if (c == close) return true;
  }
  return false;
}

// The game has errors: next() fails with the first. `whole`: it was read
// to its end (else recover() skips to the next game).
void TextReader::Impl::give_up(const GameRecord& out, bool whole) {
  failed = true;
  mark = kNone;
  in_tags = in_game = false;
  field = chars::Field::move;
  broken.whole = whole;
  if (damage_at != kNoDamage) {
    std::uint32_t intact = 0;
    for (const Node& node : out.moves) {
      if (node.loc.offset + node.move.size() > damage_at) break;
      ++intact;
    }
    broken.turns = intact;
  }
  error = broken.errors.front();
  // What the game's errors left behind goes with it.
  damage_at = kNoDamage;
  depth_now = 0;
  swallowed = ended = false;
  number_shift = 0;
  slip = TurnNumberSlip{};
}

bool TextReader::Impl::recover() {
  mark = kNone;
  if (read_failed) return false;
  if (!failed) return peek() >= 0;
  failed = false;
  error = Diagnostic{};
  error.file = file;
  error.game = game;
  if (resume_here) {
    resume_here = false;
    return true;
  }
  if (broken.whole) return peek() >= 0;  // read to its end: the next game is here
  skip_raw_line(true);
  if (error_in_tags)
    while (first_on_line() == '[') skip_raw_line(true);
  for (;;) {
    int c = first_on_line();
    if (c < 0) return false;
    if (c == '[') return true;
    skip_raw_line(true);
  }
}

// At a line start: skips blanks (not line ends) and returns the first byte.
int TextReader::Impl::first_on_line() {
  line_has_token = false;
  for (;;) {
    int c = peek();
    if (c != ' ' && c != '\t') return c;
    ++pos;
    ++col;
  }
}

}  // namespace beyt::notation
