// The streaming reader of the text notation (beyt/notation/text.hpp; grammar:
// notation/NOTATION.md, sections 1-4).
//
// The reader pulls the stream through its own buffer in chunks (64 KiB) and
// holds one game at a time. A token is scanned in place: `mark_` pins its
// first byte so that a refill in the middle of the token keeps it (the buffer
// grows only when one token is longer than the buffer). Comments and tag
// values are appended to their record strings segment by segment, so a long
// comment never grows the buffer. Every byte is visited once, in a tight loop
// over the buffer; line, column (code points) and offset are kept as we go.
//
// Inside a game a syntax error is noted (GameErrors) and the reader reads on
// where it can trust the text again: a tag pair at the next line (or with
// the fix the slip asks for: a value without quotes, an unescaped '"'), the
// movetext at the next token, turn number or comment; it marks what the
// error may have spoilt (a move, the variations, a tag the validator reads)
// so that the validator reports no error that only follows from it. At
// ReadOptions::max_errors errors, or variations nested too deep, it gives the
// game up (GiveUp) and skips to the next one. Between games an error (strict
// layout, a byte-order mark under strict) stops next() at once (Stop).
// Recursion (variations) is bounded by kMaxDepth, and every loop consumes
// input or stops, so no input can crash or hang the reader. The recovery
// costs nothing on valid text: it lives on the error paths alone.
//
// Its parts, one concern each, share this header (private to the library):
// reader.cpp (games: next(), and TextReader), characters.cpp (the buffer,
// UTF-8 and the character policy, blanks, comments), tag_pairs.cpp,
// movetext.cpp (moves, turn numbers, NAGs, variations) and errors.cpp (an
// error noted, and where reading goes on after it). What every part's hot
// path calls is defined here, inline.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "beyt/chars.hpp"
#include "beyt/notation/text.hpp"
#include "../node_maker.hpp"
#include "../tag_names.hpp"

namespace beyt::notation {

namespace detail {
// Test hook (not in the public header): the size of each read from the
// stream (reader.cpp).
extern std::size_t text_reader_chunk_size;
}  // namespace detail

// What the reader's parts share (each part's own helpers stay in its
// anonymous namespace; a part says `using namespace text_impl`).
namespace text_impl {

inline constexpr std::size_t kNone = static_cast<std::size_t>(-1);

inline constexpr std::uint64_t kNoDamage = static_cast<std::uint64_t>(-1);

struct Stop {};    // an error between games: `error` is filled in
struct GiveUp {};  // the game is given up: its errors are in `broken`

// Bytes that can be part of a move token (NOTATION.md "move-char"): every
// byte except blanks, line ends, [ ] { } ( ) ; " $ ! ? % and the ASCII
// control characters. Bytes >= 0x80 are move characters once the UTF-8
// sequence they start is valid.
constexpr std::array<bool, 256> make_move_chars() {
  std::array<bool, 256> t{};
  for (int c = 0x21; c < 0x7F; ++c) t[c] = true;
  for (char c : std::string_view("[]{}();\"$!?%")) t[static_cast<unsigned char>(c)] = false;
  for (int c = 0x80; c < 0x100; ++c) t[c] = true;
  return t;
}
inline constexpr std::array<bool, 256> kMoveChar = make_move_chars();

inline bool is_digit(int c) { return c >= '0' && c <= '9'; }
// A character of a tag name (NOTATION.md section 1: letters, digits, '_').
inline bool is_name_char(int c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || is_digit(c) || c == '_'; }

}  // namespace text_impl

struct TextReader::Impl {
  Impl(std::istream& in_, std::string file_, ReadOptions options_)
      : in(in_), file(std::move(file_)), options(options_),
        chunk(std::max<std::size_t>(detail::text_reader_chunk_size, 1)),
        buf(std::max<std::size_t>(chunk, 16)) {
    error.file = file;
  }

  std::istream& in;
  std::string file;
  ReadOptions options;
  std::size_t chunk;

  // --- buffer -------------------------------------------------------------
  std::vector<char> buf;
  std::size_t pos = 0;      // next byte to read
  std::size_t end = 0;      // end of the valid bytes
  std::size_t mark = text_impl::kNone; // first byte to keep on refill (<= pos)
  std::uint64_t base = 0;   // input offset of buf[0]
  bool eof = false;
  bool read_failed = false; // the stream failed: nothing more can be read

  // --- place --------------------------------------------------------------
  std::uint32_t line = 1;
  std::uint32_t col = 1;
  bool line_has_token = false;  // a token has been read on the current line
  bool started = false;

  // --- games and errors ---------------------------------------------------
  std::uint32_t game = 0;
  Diagnostic error;
  bool failed = false;
  bool error_in_tags = false;  // the game was given up in its tag section (for recover)
  bool resume_here = false;    // the error is at the next game's '['
  bool in_tags = false;
  bool roster_noted = false;   // strict: the game's roster error is noted
  std::uint8_t layout_noted = 0;  // strict: the game's tab (kTabNoted) or CR (kCrNoted) is noted
  static constexpr std::uint8_t kTabNoted = 1, kCrNoted = 2;
  bool in_game = false;        // an error is noted and read past (else: Stop)
  GameErrors broken;           // the errors of the game being read
  std::uint64_t damage_at = text_impl::kNoDamage;  // first error that may have lost or changed a main-line move
  unsigned depth_now = 0;      // variation depth of the text being read
  std::uint64_t open_at = 0;   // offset of the outermost '(' still open
  bool tag_damaged = false;    // the tag value being read holds an error
  bool swallowed = false;      // a '{' comment ran to the end of the input
  bool ended = false;          // the movetext ended inside a variation
  TurnNumberSlip slip;         // the first main-line turn number that disagrees
  TagNames tag_names;          // of the game being read (E105)
  std::size_t last_moves = 0;  // main-line turns of the last game: room made
  std::size_t last_tags = 0;   // before the next one is read (no regrowth)
  NodeMaker nodes;             // starts each turn's Node
  chars::Field field = chars::Field::move;  // where the text being scanned stands (E110)
  std::vector<Diagnostic> warnings;  // not yet taken (take_warnings)

  // How reading goes on after an error in a token (fail, resume_token).
  enum class Resume : std::uint8_t {
    token,   // after the move characters that follow
    damage,  // after the character, and what it spoilt (damage) is marked
    stray,   // after the character and the move characters glued to it (a move may be lost)
    tag,     // after the next ']' on the line (else at the line end: a move may be lost)
  };
  Resume resume = Resume::token;
  std::uint64_t stop_at = 0;  // the offset of the token's error

  std::int64_t number_shift = 0;  // strict: the last wrong turn number's distance from its turn (numbered_as)

  // --- places and bytes (inline: every part's hot path) ---------------------

  SourceLoc here() const {
    SourceLoc loc;
    loc.line = line;
    loc.column = col;
    loc.offset = base + pos;
    return loc;
  }
  // A place as three numbers: here() without the SourceLoc (its pointer
  // string is built and dropped for nothing on a token that is fine).
  struct Spot {
    std::uint32_t line, column;
    std::uint64_t offset;
    SourceLoc loc() const {
      SourceLoc out;
      out.line = line;
      out.column = column;
      out.offset = offset;
      return out;
    }
  };
  Spot spot() const { return {line, col, base + pos}; }

  // An error at input offset `at` may have lost or changed what stands
  // there: a main-line move (the replay stops before it, and checks no
  // result), or, inside a variation, the variations (not replayed).
  void damage(std::uint64_t at) {
    if (depth_now == 0) damage_at = std::min(damage_at, at);
    else broken.variations = false;
  }
  // The movetext from the outermost open '(' on may belong to the main line.
  void damage_main_line() { damage_at = std::min(damage_at, open_at); }

  // The byte k ahead of pos (-1 at the end of the input). Inline for the
  // common case of a byte already in the buffer.
  [[gnu::always_inline]] int peek(std::size_t k = 0) {
    if (end - pos > k) [[likely]]
      return static_cast<unsigned char>(buf[pos + k]);
    return peek_more(k);
  }

  // The members below are defined in the parts. Those declared `inline`
  // are called in their own part alone, as inline as when the reader was
  // one class body: the compiler may inline them there as it did then.

  // --- the buffer and the characters (characters.cpp) -----------------------
  bool more();
  [[gnu::noinline]] int peek_more(std::size_t k);
  inline bool ensure(std::size_t n);
  inline void newline();
  inline std::size_t utf8_length();
  // True when the multibyte character at pos is invalid UTF-8 or one that
  // `field` may not hold (what multibyte() would note); nothing consumed.
  bool multibyte_fault();
  void multibyte();
  [[gnu::noinline]] inline void bad_byte();
  [[gnu::noinline]] inline void bad_text(Code code, std::string reason);
  void control(unsigned char c);
  void skip_blanks();
  [[gnu::noinline]] inline void skip_blanks_more();
  void skip_raw_line(bool eat_end);
  void read_line_text(std::string& text, chars::Field what, char stop);

  // --- tag pairs (tag_pairs.cpp) --------------------------------------------
  // A tag pair at pos: at its '[', or (`bracket` false) at the name of a
  // pair whose '[' is missing (noted, E104, and read as meant).
  void tag_pair(GameRecord& out, bool bracket = true);
  // At the start of a line after a tag pair: a tag pair without its '['
  // (`Site "Cairo"]`: a name, blanks, '"', and ']' ending the line).
  bool tag_without_bracket();
  [[gnu::noinline]] inline void unclosed_tag(const TagPair& tag);
  [[gnu::noinline]] inline void duplicate_tag(const GameRecord& out, const TagPair& tag);
  inline bool tag_value(TagPair& tag);
  [[gnu::noinline]] inline void unclosed_value(TagPair& tag, const SourceLoc& open);
  [[gnu::noinline]] inline bool unquoted_value(TagPair& tag);
  inline bool closes_value();
  [[gnu::noinline]] inline bool closes_value_more();
  inline void strict_tag_order(const GameRecord& out, const TagPair& tag);
  void strict_roster_complete(const GameRecord& out);

  // --- movetext (movetext.cpp) ----------------------------------------------
  inline std::string_view scan_word();
  [[gnu::noinline, gnu::cold]] void trailing_comments(Line& moves, std::size_t n, GameRecord& record,
                                                      std::string_view result);
  inline std::string brace_comment();
  [[gnu::noinline]] bool tags_follow();
  [[gnu::noinline, gnu::cold]] std::string unclosed_comment(const SourceLoc& open, std::string& text,
                                                            std::size_t next_tags, std::uint32_t next_line,
                                                            std::uint64_t next_offset);
  inline std::string line_comment();
  void movetext(Line& moves, unsigned depth, std::uint32_t first, GameRecord& record, const SourceLoc* open);
  [[gnu::noinline, gnu::cold]] inline void strict_unnumbered(Spot tok, std::uint32_t turn);
  static inline SourceLoc end_of(const Node& node);
  inline bool turn_number(std::uint32_t turn, bool& numbered, SourceLoc& number_loc);
  [[gnu::noinline]] inline bool turn_number_more(std::uint32_t turn, bool& numbered, SourceLoc& number_loc);
  inline std::uint32_t numbered_as(std::uint32_t turn) const;
  [[gnu::noinline]] inline void slipped(std::uint32_t value, std::uint32_t turn);

  // --- errors, and reading on after them (errors.cpp) -----------------------
  [[gnu::noinline, gnu::cold]] void note(Code code, const SourceLoc& loc, std::string reason, std::uint32_t turn = 0);
  [[noreturn, gnu::noinline, gnu::cold]] void fail(Code code, Spot tok, std::string reason, Resume how);
  [[noreturn, gnu::noinline, gnu::cold]] void stray(int c, Spot tok);
  [[gnu::noinline, gnu::cold]] void resume_token();
  inline bool skip_token();
  inline bool skip_past(char close);
  void give_up(const GameRecord& out, bool whole);
  bool recover();
  inline int first_on_line();

  // --- games (reader.cpp) ---------------------------------------------------
  inline void start();
  inline bool byte_order_mark(const char* where);
  inline void read_failure();
  inline bool next(GameRecord& out);
};

}  // namespace beyt::notation
