// JSON records (beyt/notation/json.hpp, schemas/record.schema.json): a
// streaming SAX reader that keeps every value's place, the canonical writer,
// and the checks for what the text notation cannot hold (NOTATION.md §10).
//
// Reader: nlohmann's SAX parser reads the bytes of Source's buffer through a
// bare input adapter; at each SAX event, Source steps a scanner of its own
// to the start of the event's token (the parser calls back after it has read
// a token to its end), and counts lines and columns (code points) only up to
// the places a record keeps. One GameRecord is built at a time and handed
// over when its object closes; inside a game, a place keeps the part of its
// JSON Pointer after the game or its moves (SourceLoc::Base).
//
// Writer: the layout of nlohmann's dump(2) (2-space indent, one array element
// per line, non-ASCII unescaped) with the keys in schema order, written one
// game at a time; for JSON Lines the layout of dump() (no blanks), one game
// per line.
//
// JSON Lines reader: the same Handler with a game object as the top value,
// one line at a time; Source reports the line end as the end of the
// input, so places stay those of the whole file.
#include "beyt/notation/json.hpp"
#include "node_maker.hpp"
#include "format_table.hpp"
#include "tag_names.hpp"
#include "utf8.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <vector>

#include <nlohmann/json.hpp>

namespace beyt::notation {

// --- What the text notation cannot hold ------------------------------------

namespace {

/// The notation's own characters, which no move text may hold.
constexpr std::string_view kNotationChars = "[]{}();\"$%!?";

/// What a move text (not empty) may not start as: a result token, a turn number.
std::string_view move_start_problem(std::string_view text) noexcept {
  // A result token starts with '0', '1' or '*' (tested first: most moves
  // start otherwise, and a comparison of equal lengths calls memcmp).
  if ((text[0] == '0' || text[0] == '1' || text[0] == '*') &&
      (text == "1-0" || text == "0-1" || text == "1/2-1/2" || text == "*"))
    return "is a result token";
  std::size_t digits = 0;
  while (digits < text.size() && text[digits] >= '0' && text[digits] <= '9') ++digits;
  if (digits > 0 && digits < text.size() && text[digits] == '.')
    return "starts like a turn number (digits and '.')";
  return {};
}

}  // namespace

std::string_view move_text_problem(std::string_view text) noexcept {
  if (text.empty()) return "is empty";
  if (auto p = move_start_problem(text); !p.empty()) return p;
  // What a move text may not hold, one byte at a time: 1 a blank or a
  // control character, 2 a character of the notation's own.
  static constexpr auto kBad = [] {
    std::array<std::uint8_t, 256> t{};
    for (unsigned c = 0; c <= 0x20; ++c) t[c] = 1;
    t[0x7F] = 1;
    for (unsigned char c : kNotationChars) t[c] = 2;
    return t;
  }();
  for (char ch : text) {
    switch (kBad[static_cast<unsigned char>(ch)]) {
      case 0: continue;
      case 1: return "contains a blank or a control character";
      default: return "contains one of [ ] { } ( ) ; \" $ % ! ?";
    }
  }
  return {};
}

namespace {

/// True if neither the character policy (chars::check, Field::move) nor
/// move_text_problem has anything against `text`, found in one pass for
/// the common case: printable ASCII but blanks and the notation's own
/// characters, no result token, no turn number. False means "look
/// closer", not "bad".
bool plain_move(std::string_view text) noexcept {
  static constexpr auto kPlain = [] {
    std::array<std::uint8_t, 256> t{};
    for (unsigned c = 0x21; c < 0x7F; ++c) t[c] = 1;
    for (unsigned char c : kNotationChars) t[c] = 0;
    return t;
  }();
  const std::size_t n = text.size();
  if (n == 0) return false;
  const auto* p = reinterpret_cast<const unsigned char*>(text.data());
  unsigned plain = 1;
  std::size_t i = 0;
  for (; i + 4 <= n && plain != 0; i += 4) plain = kPlain[p[i]] & kPlain[p[i + 1]] & kPlain[p[i + 2]] & kPlain[p[i + 3]];
  for (; i < n; ++i) plain &= kPlain[p[i]];
  if (plain == 0) return false;
  // A result token or a turn number starts with a digit or '*' (below
  // '9'), and if it is longer than one character its second one is a digit
  // or one of ". - /" ('-' to '9'): other texts need no closer look.
  if (p[0] > '9') return true;
  if (n == 1) return p[0] != '*';
  if (static_cast<unsigned char>(p[1] - '-') > '9' - '-') return true;
  return move_start_problem(text).empty();
}

}  // namespace

std::string_view tag_name_problem(std::string_view name) noexcept {
  if (name.empty()) return "is empty";
  for (char c : name) {
    const bool ok = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
    if (!ok) return "is not made of A-Z, a-z, 0-9 and _";
  }
  return {};
}

std::string_view tag_value_problem(std::string_view value) noexcept {
  for (char ch : value) {
    const auto c = static_cast<unsigned char>(ch);
    if (c < 0x20 || c == 0x7F) return "contains a line end or control character";
  }
  return {};
}

std::string_view comment_problem(std::string_view comment) noexcept {
  if (comment.find('}') != std::string_view::npos &&
      comment.find_first_of("\n\r") != std::string_view::npos)
    return "contains both '}' and a line end";
  return {};
}

namespace {

/// `s` in double quotes, escaped as in JSON, for a message.
std::string quote_text(std::string_view s) {
  return nlohmann::json(s).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

// --- Reader: positions --------------------------------------------------------

struct Pos {
  std::uint64_t offset = 0;
  std::uint32_t line = 1;
  std::uint32_t column = 1;
};

/// The bytes of the input, one buffer at a time, with their places.
///
/// nlohmann's lexer pulls the bytes one at a time through SourceAdapter
/// (get(): a pointer stepped, one test for a line end or the limit; the
/// indentation after a line end is passed over, skip_indent). Places are found
/// apart from it, once per SAX event: every event is one token the lexer
/// has just read whole ('{', '[', '}', ']', a string, a number or a word),
/// so event() steps a small scanner (it knows strings and escapes) from the
/// end of the last event's token over blanks, ',' and ':' to the start of
/// this one and over it, counting lines on the way (in JSON a line end
/// stands only between tokens, a UTF-8 continuation byte only in a string).
/// The bytes from the last value token on stay in the buffer: a syntax
/// error reads them again with the per-byte rules (settle_error), so that
/// its place and words are those a reader counting every byte finds.
class Source {
 public:
  explicit Source(std::istream& in) : in_(in), buf_(kChunk + 1), p_(buf_.data()), lim_(p_) {}

  /// Reads the first buffer and steps over a UTF-8 byte-order mark.
  void start() {
    refill();
    if (len_ >= 3 && std::memcmp(buf_.data(), "\xEF\xBB\xBF", 3) == 0) {
      p_ = buf_.data() + 3;
      origin_ = scan_ = line_start_ = 3;
    }
    mark(origin_);
  }

  /// The next value starts here (a further record of a file, or a line of
  /// JSON Lines: `line`, the value ends at the line end, which get() then
  /// reports as the end of the input).
  void start_value(bool line) noexcept {
    origin_ = scan_ = base_ + pos();
    nl_at_scan_ = nl_count_;
    mark(origin_);
    skipped_ = skip_to_ = 0;
    run_len_ = 0;
    stop_at_line_end_ = line;
    nul_seen_ = false;
    set_limit();
  }

  /// Between values: whether a UTF-8 byte-order mark stands here.
  bool at_bom() {
    while (len_ - pos() < 3 && refill()) {
    }
    return len_ - pos() >= 3 && std::memcmp(p_, "\xEF\xBB\xBF", 3) == 0;
  }
  /// Between values: passes over the byte-order mark at_bom() found (it
  /// takes no column).
  void skip_bom() noexcept {
    p_ += 3;
    cont_ += 3;
    scan_ = base_ + pos();
    nl_at_scan_ = nl_count_;
    mark(scan_);
  }
  /// Between values: the place of the next byte.
  Pos here() const noexcept {
    const std::uint64_t off = base_ + pos();
    return {off, line_, column_at(off)};
  }
  /// Between values: the next byte, and those after it up to a separator
  /// (for a message).
  std::string next_run() const {
    std::string run(1, *p_);
    if (is_separator(*p_)) return run;
    for (std::size_t i = pos() + 1; i < len_ && run.size() < kMaxRun && !is_separator(buf_[i]); ++i) run += buf_[i];
    return run;
  }

  /// The lexer's next byte, or EOF at the end of the input (JSON Lines: of
  /// the line). After a line end, the blanks that indent the next line are
  /// passed over (skip_indent).
  ///
  /// The byte at lim_ is a line end (JSON Lines) or the 0 refill() puts
  /// after the bytes read, so one test of each byte finds both the line
  /// ends and the limit (get_low).
  std::char_traits<char>::int_type get() {
    const auto c = static_cast<unsigned char>(*p_);
    if (c <= '\r') [[unlikely]] return get_low();
    ++p_;
    return c;
  }

  /// get() of a byte up to '\r' (a line end among them), or at lim_.
  std::char_traits<char>::int_type get_low() {
    if (p_ == lim_) {
      if (p_ < buf_.data() + len_ || !refill() || p_ == lim_) return std::char_traits<char>::eof();
    }
    const auto c = static_cast<unsigned char>(*p_++);
    if (c == '\n' || c == '\r') line_end(c);
    if (c == 0) [[unlikely]] {
      // nlohmann's lexer takes a 0 byte for the end of its input (of a C
      // string): the rest of the line or file would be dropped unread. It
      // gets a byte it refuses everywhere instead (a control character:
      // not a token, nor in a string); the error says NUL (nul_seen).
      nul_seen_ = true;
      return 0x01;
    }
    return c;
  }

  /// Whether the lexer was given a NUL byte of the input (as 0x01, see
  /// get_low) since the value began: its error is then that NUL.
  bool nul_seen() const noexcept { return nul_seen_; }

  bool more() { return p_ < buf_.data() + len_ || refill(); }
  char peek() const noexcept { return *p_; }
  /// JSON Lines, between values: a byte is passed over (its line counted).
  void skip() noexcept {
    blanks_to();  // the line ends the lexer took after the last value (a CR before the LF)
    const auto c = static_cast<unsigned char>(*p_++);
    if (c == '\n' || c == '\r') {
      if (ends_line(c, base_ + pos() - 1)) ++line_;
      if (c == '\r') cr_end_ = base_ + pos();
      line_start_ = base_ + pos();
      cont_ = 0;
    } else if ((c & 0xC0) == 0x80) {
      ++cont_;
    }
    scan_ = base_ + pos();
    nl_at_scan_ = nl_count_;
    mark(scan_);
  }

  /// A SAX event: its token is the next one after the last event's.
  void event() noexcept {
    const char* b = buf_.data();
    std::size_t i = static_cast<std::size_t>(scan_ - base_);
    for (;;) {
      if (i + 8 <= len_) {  // indentation: over 8 blanks at a time, to the first other byte
        constexpr std::uint64_t kBlanks = 0x2020202020202020u;
        std::uint64_t w;
        std::memcpy(&w, b + i, 8);
        w ^= kBlanks;
        if (w == 0) {
          i += 8;
          continue;
        }
        if constexpr (std::endian::native == std::endian::little)
          i += static_cast<std::size_t>(std::countr_zero(w)) >> 3;
      }
      if (i >= len_) break;
      const char c = b[i];
      if (c == '\n' || c == '\r') {
        if (ends_line(static_cast<unsigned char>(c), base_ + i)) ++line_;
        line_start_ = base_ + i + 1;
        cont_ = 0;
      } else if (c != ' ' && c != ',' && c != ':' && c != '\t') {
        break;
      }
      ++i;
    }
    if (i < len_) {
      switch (b[i]) {
        case '}': case ']':
          ++i;
          break;
        case '{': case '[':
          mark(base_ + i);
          ++i;
          break;
        case '"': {
          mark(base_ + i);
          std::uint64_t cont = 0;
          for (++i; i < len_; ++i) {
            const char c = b[i];
            if (c == '"') break;
            if (c == '\\') ++i;  // the escaped character is ASCII
            else cont += (static_cast<unsigned char>(c) & 0xC0) == 0x80;
          }
          cont_ += cont;
          ++i;
          break;
        }
        default: {  // a number or a word, to the next separator
          mark(base_ + i);
          std::size_t j = i;
          while (j < len_ && !is_separator(b[j])) ++j;
          run_len_ = std::min(j - i, kMaxRun);
          std::memcpy(run_, b + i, run_len_);
          i = j;
        }
      }
    }
    scan_ = base_ + std::min(i, len_);
    // A number's end is known from the byte after it, which the lexer has
    // taken: a line end there stands after scan_.
    nl_at_scan_ = nl_count_ - (i < len_ && i < pos() && (b[i] == '\n' || b[i] == '\r') ? 1 : 0);
  }

  /// The event of a bracket, '{' '[' (`open`) or '}' ']': the lexer has
  /// just read it, so it is the last byte delivered; before it since the
  /// last event's token stand only blanks, ',' and ':'.
  void event_bracket(bool open) noexcept {
    const std::size_t t = pos() - 1;
    blanks_to();
    if (open) mark(base_ + t);
    scan_ = base_ + t + 1;
    nl_at_scan_ = nl_count_;
  }

  /// The event of a string or a key whose value, unescaped, is `size`
  /// bytes long: the lexer has just read its closing quote; its opening
  /// quote is the first '"' since the last event's token (only blanks, ','
  /// and ':' stand between). Without an escape the string holds `size`
  /// bytes, so the opening quote is found at once: with one, a '"' in the
  /// string stands there escaped, after a '\\', which never stands before
  /// an opening quote. `ascii`: the value is known to be ASCII, so a
  /// string found at once (as long in JSON as unescaped: its bytes are the
  /// value's) holds no UTF-8 continuation byte to count.
  void event_string(std::size_t size, bool ascii = false) noexcept {
    const char* b = buf_.data();
    const std::size_t from = static_cast<std::size_t>(scan_ - base_), end = pos();
    std::size_t t = end - 2 - size;  // a string is at least as long in JSON as unescaped
    if (!(b[t] == '"' && (t == from || b[t - 1] != '\\'))) [[unlikely]] {
      t = first_quote(b, from);
      ascii = false;
    }
    const char* q = b + t;
    blanks_to();
    mark(base_ + t);
    if (!ascii) cont_ += continuation_bytes(q + 1, b + end - 1, b + len_);  // no line end is in a string
    scan_ = base_ + end;
    nl_at_scan_ = nl_count_;
  }

  /// Start of the value token read last.
  Pos token() const noexcept {
    return {ck_, ck_line_, static_cast<std::uint32_t>(ck_ - ck_line_start_ - ck_cont_ + 1)};
  }

  /// A syntax error: the bytes from the start of the last value token to
  /// where the lexer stopped, read again byte by byte (marks, words, lines),
  /// for error_token(), at_count() and literal_run().
  void settle_error() noexcept {
    if (skip_to_ != 0 && base_ + pos() == skip_to_) {  // the lexer stopped at the line end: its blanks unread
      p_ -= skip_len_;
      skipped_ -= skip_len_;
      skip_to_ = 0;
    }
    line_ = ck_line_;
    line_start_ = ck_line_start_;
    cont_ = ck_cont_;
    Pos tok = token();
    bool in_string = false, escape = false;
    literal_ = false;
    last_ends_line_ = false;
    const std::uint64_t n = base_ + pos();
    for (std::uint64_t off = ck_; off < n; ++off) {
      const auto c = static_cast<unsigned char>(buf_[static_cast<std::size_t>(off - base_)]);
      last_ends_line_ = false;
      if (c == '\n' || c == '\r') {
        prev_line_end_ = column_at(off);
        if (ends_line(c, off)) {
          ++line_;
          last_ends_line_ = true;
        }
        line_start_ = off + 1;
        cont_ = 0;
      } else if ((c & 0xC0) == 0x80) {
        ++cont_;
      }
      if (in_string) {
        if (escape) escape = false;
        else if (c == '\\') escape = true;
        else if (c == '"') in_string = false;
        continue;
      }
      switch (c) {
        case '"':
          in_string = true;
          tok = {off, line_, column_at(off)};
          literal_ = false;
          break;
        case '{': case '[':
          tok = {off, line_, column_at(off)};
          literal_ = false;
          break;
        case '}': case ']': case ',': case ':': case ' ': case '\t': case '\n': case '\r':
          literal_ = false;
          break;
        default:
          if (!literal_) {
            tok = {off, line_, column_at(off)};
            literal_ = true;
            run_len_ = 0;
          }
          if (run_len_ < kMaxRun) run_[run_len_++] = static_cast<char>(c);
      }
    }
    scan_ = n;
    nl_at_scan_ = nl_count_;
    error_tok_ = tok;
  }

  /// After settle_error: start of the value token read last.
  const Pos& error_token() const noexcept { return error_tok_; }

  /// After settle_error: the number or word being read (or read last), with
  /// what follows it in the buffer up to the next separator: "0x1", "01",
  /// "tru" (for messages).
  std::string literal_run() const {
    std::string run(run_, run_len_);
    for (std::size_t i = pos(); literal_ && i < len_ && run.size() < kMaxRun; ++i) {
      const char c = buf_[i];
      if (is_separator(c)) break;
      run += c;
    }
    return run;
  }

  /// After settle_error: place of the character that nlohmann's lexer
  /// counts as its `count`-th (chars_read_total: 1-based, without the BOM).
  /// The lexer reads at most one character ahead (after a number), so this
  /// is the last character delivered, the one before it, or the end of the
  /// input.
  Pos at_count(std::uint64_t count) const noexcept {
    const std::uint64_t n = base_ + pos();
    // The lexer did not count the blanks skip_indent passed over: all stand
    // before the character it means (it is the last one delivered, or the
    // one before it, and no line end is that one's neighbour then).
    const std::uint64_t e = count == 0 ? origin_ : count - 1 + origin_ + skipped_;
    const std::uint32_t next_col = column_at(n);
    if (e + 1 == n) {
      if (last_ends_line_) return {e, line_ - 1, prev_line_end_};
      return {e, line_, std::max<std::uint32_t>(1, next_col - 1)};
    }
    if (e + 2 == n) {
      if (last_ends_line_) return {e, line_ - 1, std::max<std::uint32_t>(1, prev_line_end_ - 1)};
      return {e, line_, std::max<std::uint32_t>(1, next_col - 2)};
    }
    return {n, line_, next_col};
  }

  bool bad() const { return in_.bad(); }

 private:
  static constexpr std::size_t kChunk = 64 * 1024;
  static constexpr std::size_t kMaxRun = 40;

  static bool is_separator(char c) noexcept {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ',' || c == ':' || c == '[' || c == ']' ||
           c == '{' || c == '}' || c == '"';
  }

  std::size_t pos() const noexcept { return static_cast<std::size_t>(p_ - buf_.data()); }

  /// After a line end the lexer has just taken: the blanks that start the
  /// next line are passed over, so that the lexer does not read the
  /// indentation one byte at a time (more than half of the bytes of a
  /// record file as beyt writes it). Only blanks outside strings go: a line
  /// end cannot stand in a JSON string (the lexer stops at it with an error,
  /// and settle_error puts the blanks back). Blanks that run to the end of
  /// what get() may read are left to the lexer, so that the lexer always
  /// takes the byte after them. The lexer's count of characters
  /// (at_count) misses the blanks passed over: skipped_ counts them.
  void skip_indent() noexcept {
    const char* q = p_;
    for (;;) {
      if (std::endian::native != std::endian::little || q + 8 > lim_) {
        while (q < lim_ && *q == ' ') ++q;
        break;
      }
      std::uint64_t w;
      std::memcpy(&w, q, 8);
      if ((w ^= 0x2020202020202020u) != 0) {  // the first byte that is not a blank
        q += std::countr_zero(w) >> 3;
        break;
      }
      q += 8;
    }
    if (q == lim_ || q == p_) return;
    const auto len = static_cast<std::uint64_t>(q - p_);
    p_ = q;
    skip_len_ = len;
    skip_to_ = base_ + pos();
    skipped_ += len;
  }

  /// The high bit of each byte of `x` that is zero, and no other bit.
  static constexpr std::uint64_t zero_bytes(std::uint64_t x) noexcept {
    constexpr std::uint64_t k7F = 0x7F7F7F7F7F7F7F7Fu;
    return ~(((x & k7F) + k7F) | x | k7F);
  }

  /// The UTF-8 continuation bytes in [p, e): none in 8 bytes of ASCII.
  /// The bytes up to `limit` may be read (the last ones are not counted).
  static std::uint64_t continuation_bytes(const char* p, const char* e, const char* limit) noexcept {
    std::uint64_t cont = 0;
    for (; p + 8 <= e; p += 8) {
      std::uint64_t w;
      std::memcpy(&w, p, 8);
      if ((w & 0x8080808080808080u) == 0) continue;
      for (int k = 0; k < 8; ++k) cont += (static_cast<unsigned char>(p[k]) & 0xC0) == 0x80;
    }
    if constexpr (std::endian::native == std::endian::little) {
      if (p < e && p + 8 <= limit) {  // the rest, fewer than 8 bytes: ASCII?
        std::uint64_t w;
        std::memcpy(&w, p, 8);
        w &= (std::uint64_t{1} << (8 * static_cast<unsigned>(e - p))) - 1;
        if ((w & 0x8080808080808080u) == 0) return cont;
      }
    }
    for (; p < e; ++p) cont += (static_cast<unsigned char>(*p) & 0xC0) == 0x80;
    return cont;
  }

  /// The first '"' from buf_[i] on (the caller knows there is one).
  std::size_t first_quote(const char* b, std::size_t i) const noexcept {
    if constexpr (std::endian::native == std::endian::little) {
      for (; i + 8 <= len_; i += 8) {
        std::uint64_t w;
        std::memcpy(&w, b + i, 8);
        if (const std::uint64_t q = zero_bytes(w ^ 0x2222222222222222u); q != 0)
          return i + static_cast<std::size_t>(std::countr_zero(q) >> 3);
      }
    }
    while (b[i] != '"') ++i;
    return i;
  }

  /// From the end of the last event's token to the start of this event's
  /// token (a bracket, or a string, which holds no line end), over blanks,
  /// ',' and ':': the lines counted. The lexer has taken every byte up to
  /// there, so its line ends are those get() delivered since scan_.
  void blanks_to() noexcept {
    if (nl_count_ == nl_at_scan_) return;  // on the same line
    line_ += static_cast<std::uint32_t>(nl_count_ - nl_at_scan_);
    line_start_ = last_nl_;
    cont_ = 0;
  }

  /// Whether the line-end byte `c` (LF or CR) at offset `off` ends a line:
  /// LF, CR and CR LF each end one (scan.hpp), so an LF right after a CR
  /// does not.
  bool ends_line(unsigned char c, std::uint64_t off) const noexcept {
    if (c == '\r') return true;
    if (off == cr_end_) return false;
    return !(off > base_ && buf_[static_cast<std::size_t>(off - 1 - base_)] == '\r');
  }

  /// A line end (LF or CR) the lexer has just taken (an LF right after a
  /// CR it took just before it ends no further line).
  void line_end(unsigned char c) noexcept {
    const std::uint64_t at = base_ + pos();
    if (c == '\n') {
      if (at - 1 != cr_end_) ++nl_count_;
    } else {
      ++nl_count_;
      cr_end_ = at;
    }
    last_nl_ = at;
    skip_indent();
  }

  /// The start of a value token, with its line.
  void mark(std::uint64_t off) noexcept {
    ck_ = off;
    ck_line_ = line_;
    ck_line_start_ = line_start_;
    ck_cont_ = cont_;
  }

  /// Where get() must look further: the end of the buffer, or (JSON Lines)
  /// the line end in it. Either holds a byte get() tests as slow ('\0' or
  /// '\n').
  void set_limit() noexcept {
    lim_ = buf_.data() + len_;
    if (stop_at_line_end_)
      if (const void* nl = std::memchr(p_, '\n', static_cast<std::size_t>(lim_ - p_))) lim_ = static_cast<const char*>(nl);
  }

  std::uint32_t column_at(std::uint64_t off) const noexcept {
    return static_cast<std::uint32_t>(off - line_start_ - cont_ + 1);
  }

  /// The next bytes, after those from the last value token on (which a
  /// syntax error reads again); the buffer grows if they fill half of it.
  bool refill() {
    if (eof_) return false;
    const std::size_t keep_from = static_cast<std::size_t>(ck_ - base_);
    const std::size_t kept = len_ - keep_from;
    const std::size_t pos = this->pos() - keep_from;
    const std::size_t room = buf_.size() - 1;  // and a byte for the 0 after the bytes read
    if (kept > room / 2) buf_.resize(room * 2 + 1);
    if (kept > 0 && keep_from > 0) std::memmove(buf_.data(), buf_.data() + keep_from, kept);
    base_ += keep_from;
    len_ = kept;
    in_.read(buf_.data() + kept, static_cast<std::streamsize>(buf_.size() - 1 - kept));
    const auto got = static_cast<std::size_t>(in_.gcount());
    if (got == 0) eof_ = true;
    len_ += got;
    buf_[len_] = 0;  // get()'s sentinel at the end of the bytes read
    p_ = buf_.data() + pos;
    set_limit();
    return got > 0;
  }

  std::istream& in_;
  std::vector<char> buf_;
  std::size_t len_ = 0;            // the bytes in buf_
  const char* p_;                  // the lexer's next byte
  const char* lim_;                // get() reads on up to here (a '\0' or '\n' stands there)
  std::uint64_t base_ = 0;         // offset of buf_[0]
  std::uint64_t origin_ = 0;       // offset of the value's first byte (3 after a BOM)
  std::uint64_t scan_ = 0;         // end of the last event's token
  // At scan_: its line, the line's first byte, the UTF-8 continuation
  // bytes on the line before scan_.
  std::uint32_t line_ = 1;
  std::uint64_t line_start_ = 0;
  std::uint64_t cont_ = 0;
  // The start of the last value token ('{', '[', '"', a number or word),
  // with the same.
  std::uint64_t ck_ = 0;
  std::uint32_t ck_line_ = 1;
  std::uint64_t ck_line_start_ = 0;
  std::uint64_t ck_cont_ = 0;
  std::uint32_t prev_line_end_ = 1;  // after settle_error: column of the last '\n' the lexer took
  bool last_ends_line_ = false;      // ... and whether the last byte it took ended a line
  bool eof_ = false, literal_ = false;
  bool stop_at_line_end_ = false;  // JSON Lines: a value ends with its line
  bool nul_seen_ = false;          // a NUL byte went to the lexer (get_low)
  // skip_indent: the blanks passed over since origin_, and the last run of
  // them, skip_len_ blanks up to skip_to_ (skip_to_ 0: none to put back).
  std::uint64_t skipped_ = 0, skip_len_ = 0, skip_to_ = 0;
  // The line ends get() has delivered, those before scan_, and the offset
  // after the last one.
  std::uint64_t nl_count_ = 0, nl_at_scan_ = 0, last_nl_ = 0;
  std::uint64_t cr_end_ = UINT64_MAX;  // the offset after the last CR taken (an LF there ends no line)
  Pos error_tok_;
  char run_[kMaxRun];  // the number or word read last, up to kMaxRun bytes
  std::size_t run_len_ = 0;
};

/// The input adapter nlohmann's lexer reads through (the shape of its own
/// input adapters: char_type and get_character()).
struct SourceAdapter {
  using char_type = char;
  Source* src;
  std::char_traits<char>::int_type get_character() { return src->get(); }
};

// --- Reader: structure ------------------------------------------------------

/// What a value must be, by where it stands; also the kind of a container.
enum class Slot : std::uint8_t {
  root, format, version, games, game, tags, tag_value, comments, before, after,
  comment, moves, line, node, move, nags, nag, variations, result,
};

std::string_view expected(Slot s) noexcept {
  switch (s) {
    case Slot::root: return "an object";
    case Slot::format: return "the string \"beyt\"";
    case Slot::version: return "the number 1";
    case Slot::games: return "an array of games";
    case Slot::game: return "a game object";
    case Slot::tags: return "an object of tags";
    case Slot::tag_value: return "a string";
    case Slot::comments: case Slot::before: case Slot::after: return "an array of strings";
    case Slot::comment: return "a string";
    case Slot::moves: case Slot::line: return "an array of moves";
    case Slot::node: return "a move object";
    case Slot::move: return "a string";
    case Slot::nags: return "an array of integers";
    case Slot::nag: return "an integer from 0 to 255";
    case Slot::variations: return "an array of lines";
    case Slot::result: return "one of \"1-0\", \"0-1\", \"1/2-1/2\", \"*\"";
  }
  return "a value";
}

struct Frame {
  void* target = nullptr;     // vector<string>*, Line*, Node*, vector<uint8_t>*
  Pos pos;                    // of its '{' or '['
  std::uint32_t count = 0;    // array: elements begun so far
  std::uint32_t turn = 0;     // line: turn of its first node; node/variations: the node's turn
  Slot kind = Slot::root;     // root, games, game, tags, comments, line, node, nags, variations
  Slot expect = Slot::root;   // object: slot of the value after the last key
  std::uint8_t seen = 0;      // object: one bit per known key (at most 5)
  std::int8_t key = -1;       // object: the last key taken (its index in the keys; tags: 0, the last tag)
};

/// The open containers, innermost last: std::vector's interface in short,
/// with a push that stays inline (vector's emplace_back is a call here, on
/// every '{' and '[' of the input).
class FrameStack {
 public:
  FrameStack() : frames_(32), end_(frames_.data()) {}
  FrameStack(const FrameStack&) = delete;
  FrameStack& operator=(const FrameStack&) = delete;
  /// A new Frame{} on top.
  [[gnu::always_inline]] Frame& push() {
    if (end_ == frames_.data() + frames_.size()) [[unlikely]] grow();
    *end_ = Frame{};
    return *end_++;
  }
  void pop_back() noexcept { --end_; }
  /// The `n` outermost containers kept (or Frame{}s added up to `n`).
  void resize(std::size_t n) {
    while (size() < n) push();
    end_ = frames_.data() + n;
  }
  void clear() noexcept { end_ = frames_.data(); }
  std::size_t size() const noexcept { return static_cast<std::size_t>(end_ - frames_.data()); }
  bool empty() const noexcept { return end_ == frames_.data(); }
  Frame& back() noexcept { return end_[-1]; }
  const Frame& back() const noexcept { return end_[-1]; }
  Frame& operator[](std::size_t i) noexcept { return frames_[i]; }
  const Frame& operator[](std::size_t i) const noexcept { return frames_[i]; }

 private:
  [[gnu::noinline]] void grow() {
    const std::size_t n = size();
    frames_.resize(2 * n);
    end_ = frames_.data() + n;
  }

  std::vector<Frame> frames_;  // size(): the room
  Frame* end_;                 // after the innermost open container
};

struct Key {
  std::string_view name;
  Slot slot;
};
constexpr std::array kRootKeys{Key{"format", Slot::format}, Key{"version", Slot::version},
                               Key{"games", Slot::games}};
constexpr std::array kGameKeys{Key{"tags", Slot::tags}, Key{"comments", Slot::comments},
                               Key{"moves", Slot::moves}, Key{"result", Slot::result}};
constexpr std::array kNodeKeys{Key{"move", Slot::move}, Key{"before", Slot::before},
                               Key{"nags", Slot::nags}, Key{"after", Slot::after},
                               Key{"variations", Slot::variations}};
constexpr std::uint32_t kRootRequired = 0b111;   // format, version, games
constexpr std::uint32_t kGameRequired = 0b1101;  // tags, moves, result
constexpr std::uint32_t kNodeRequired = 0b1;     // move

/// `a == b` for the short keys of a record, without a call to memcmp.
bool same_key(std::string_view a, std::string_view b) noexcept {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i] != b[i]) return false;
  return true;
}

void append_pointer_token(std::string& path, std::string_view key) {
  path += '/';
  // find_first_of("~/") would call memchr once per character of the key
  if (std::none_of(key.begin(), key.end(), [](char c) { return c == '~' || c == '/'; })) {
    path += key;
    return;
  }
  for (char c : key) {
    if (c == '~') path += "~0";
    else if (c == '/') path += "~1";
    else path += c;
  }
}

void append_index(std::string& path, std::uint32_t index) {
  char buf[16];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, index);
  (void)ec;
  path += '/';
  path.append(buf, end);
}

/// nlohmann's token names in beyt's words, for syntax messages.
std::string_view token_words(std::string_view t) noexcept {
  if (t == "string literal") return "a string";
  if (t == "number literal") return "a number";
  if (t == "true literal") return "true";
  if (t == "false literal") return "false";
  if (t == "null literal") return "null";
  if (t == "end of input") return "the end of the input";
  if (t == "'[', '{', or a literal") return "a value";
  if (t == "<parse error>" || t == "<uninitialized>") return "something that is not JSON";
  return t;  // "'['", "','" and the other punctuation, as they are
}

/// The text between `from` and the next `until` (or the end) in `s`.
std::string_view between(std::string_view s, std::string_view from, std::string_view until) noexcept {
  const std::size_t a = s.find(from);
  if (a == std::string_view::npos) return {};
  s.remove_prefix(a + from.size());
  return s.substr(0, s.find(until));
}

/// A syntax error in beyt's words (never the library's message): what was
/// found, and what JSON allows there. `what` is nlohmann's message, taken
/// apart; `run` is the number or word at the error ("0x1", "01", "tru").
struct SyntaxReason {
  Code code = Code::json_syntax;
  std::string reason;
};
SyntaxReason json_syntax_reason(int id, std::string_view what, std::string_view token, const std::string& run) {
  constexpr std::string_view kValues =
      ": JSON numbers are decimal, without leading zeros or a '+', and its only words are true, false and null";
  if (id == 406) return {Code::json_syntax, "number " + std::string(token) + " is out of range"};
  const std::string_view detail = between(what, "- ", "\x01");  // to the end
  if (detail.rfind("unexpected ", 0) != 0) {
    // A lexer error: "MESSAGE; last read: 'TOKEN'".
    const std::string_view message = detail.substr(0, detail.find("; last read: "));
    const std::string found = run.empty() ? std::string(token) : run;
    if (found.rfind("/", 0) == 0 || message.find("comment") != std::string_view::npos)
      return {Code::json_syntax, "JSON has no comments"};
    if (detail.find("; expected end of input") != std::string_view::npos)
      return {Code::json_syntax, "expected the end of the input after the record, found '" + found + "'"};
    if (message == "invalid literal" || message.rfind("invalid number", 0) == 0)
      return {Code::json_syntax, "'" + found + "' is not a JSON value" + std::string(kValues)};
    if (message == "invalid string: ill-formed UTF-8 byte")
      return {Code::bad_utf8, "invalid UTF-8 in a string"};
    if (message == "invalid string: missing closing quote")
      return {Code::json_syntax, "a string is not closed: expected '\"' before the end of the input"};
    if (message.find("control character") != std::string_view::npos) {
      const std::string_view name = between(message, "control character ", " must");
      return {Code::json_syntax, "control character " + std::string(name) + " in a string: JSON writes it escaped"};
    }
    if (message == "invalid string: forbidden character after backslash")
      return {Code::json_syntax,
              "unknown escape in a string: JSON has \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX"};
    if (message.find("must be followed by 4 hex digits") != std::string_view::npos)
      return {Code::json_syntax, "'\\u' in a string must be followed by four hexadecimal digits"};
    if (message.find("surrogate") != std::string_view::npos)
      return {Code::json_syntax, "an unpaired surrogate in a string: \\uD800..\\uDBFF must be followed by "
                                 "\\uDC00..\\uDFFF, which may follow nothing else"};
    if (message.find("BOM") != std::string_view::npos)
      return {Code::json_syntax, "a broken byte-order mark (only EF BB BF may start the input)"};
    return {Code::json_syntax, "not valid JSON here"};
  }
  // A token the parser did not expect: "unexpected FOUND[; expected WANTED]".
  const std::string_view found = between(detail, "unexpected ", ";");
  const std::string_view context = between(what, "while parsing ", " -");
  // "01", "1.5.2", "truex": a number or word run on into the next token.
  if (run.size() > token.size() &&
      (found == "number literal" || found == "true literal" || found == "false literal" || found == "null literal"))
    return {Code::json_syntax, "'" + run + "' is not a JSON value" + std::string(kValues)};
  std::string where;
  if (context == "object key") where = "expected a key (a string)";
  else if (context == "object separator") where = "expected ':' after the key";
  else if (context == "object") where = "expected ',' or '}' after a member of an object";
  else if (context == "array") where = "expected ',' or ']' after an element of an array";
  else if (between(detail, "; expected ", "\x01") == "end of input") where = "expected the end of the input after the record";
  else where = "expected a value";
  return {Code::json_syntax, where + ", found " + std::string(token_words(found))};
}

class Handler {
 public:
  using json = nlohmann::json;

  /// `top` is what the input's value is: Slot::root (a record file) or
  /// Slot::game (one line of JSON Lines).
  Handler(Source& src, GameVisitor& visitor, const std::string& file, Slot top = Slot::root)
      : src_(src), visitor_(visitor), top_(top) {
    error_.file = file;
  }

  /// A further record of the same file (files joined): its games are
  /// numbered on after those read.
  void next_record() {
    next_value(0);
    games_before_ = games_after_;
  }

  /// JSON Lines: ready for the next line, game `index` of the file.
  void next_value(std::uint32_t index) {
    stack_.clear();
    new_game();
    const std::string file = std::move(error_.file);
    error_ = Diagnostic{};
    error_.file = file;
    index_ = index;
    tag_names_.clear();
    variation_depth_ = 0;
    skip_ = 0;
    pending_ = recoverable_ = opening_ = closing_ = false;
  }

  bool stopped() const noexcept { return stopped_; }
  /// JSON Lines: the game just read (moved from).
  GameRecord& game() noexcept { return game_; }
  Diagnostic& error() noexcept { return error_; }

  /// After the parse: a structure error found at the last value (no event
  /// came after it to settle it). True if reading may count as complete.
  bool settle() {
    if (!pending_) return true;
    pending_ = false;
    return recoverable_ && visitor_.error(error_);
  }

  // --- SAX interface ---
  //
  // A structure error is not reported at once: the next event, or the end
  // of the input, settles it (settle_pending). Then a syntax error right
  // after the value wins ("0x1" is not JSON, though "0" alone would be the
  // wrong number), and otherwise the visitor decides whether to go on.
  // Going on means skipping the rest of the broken game (skip_ counts its
  // containers still open) and reading the next one.
  //
  // Each event first steps the Source to its token (Source::event).
  bool null() { return scalar() && wrong_type("null"); }
  bool boolean(bool) { return scalar() && wrong_type("a boolean"); }
  bool number_float(json::number_float_t, const json::string_t&) { return scalar() && wrong_type("a number"); }
  bool binary(json::binary_t&) { return scalar() && wrong_type("binary data"); }
  bool number_integer(json::number_integer_t v) {
    if (!scalar()) return false;
    if (skipping()) return true;
    if (v >= 0) return unsigned_value(static_cast<json::number_unsigned_t>(v));
    const Slot s = begin_value();
    if (s == Slot::nag) return fail(src_.token(), "NAG " + std::to_string(v) + " is not from 0 to 255");
    return type_error(s, "a number");
  }
  bool number_unsigned(json::number_unsigned_t v) {
    if (!scalar()) return false;
    if (skipping()) return true;
    return unsigned_value(v);
  }

  bool string(json::string_t& val) {
    const bool plain = plain_move(val);  // printable ASCII, and for a move, good
    src_.event_string(val.size(), plain);
    if (!settle_pending()) return false;
    if (skipping()) return true;
    const Slot s = begin_value();
    switch (s) {
      case Slot::format:
        if (val != "beyt") return fail(src_.token(), "format " + quote_text(val) + " is not \"beyt\"");
        return true;
      case Slot::tag_value: {
        const Pos at = src_.token();
        TagPair& tag = game_.tags.back();
        if (bad_characters(at, val, chars::Field::tag_value, &tag.name)) return true;
        if (auto p = tag_value_problem(val); !p.empty())
          return fail(at, "tag value of " + tag.name + " " + std::string(p));
        tag.value = std::move(val);
        tag.loc = loc(at);
        tag.value_loc = tag.loc;
        ++tag.value_loc.column;
        ++tag.value_loc.offset;
        return true;
      }
      case Slot::comment: {
        if (bad_characters(src_.token(), val, chars::Field::comment)) return true;
        if (auto p = comment_problem(val); !p.empty()) return fail(src_.token(), "comment " + std::string(p));
        static_cast<std::vector<std::string>*>(stack_.back().target)->push_back(std::move(val));
        return true;
      }
      case Slot::move: {
        const Pos at = src_.token();
        if (!plain) {
          if (bad_characters(at, val, chars::Field::move)) return true;
          if (auto p = move_text_problem(val); !p.empty())
            return fail(at, "move " + quote_text(val) + " " + std::string(p));
        }
        Node& node = *static_cast<Node*>(stack_.back().target);
        node.move.assign(val);  // into the reused Node's own buffer
        move_loc(node.loc, at);
        ++node.loc.column;  // the first character of the move text, after '"'
        ++node.loc.offset;
        return true;
      }
      case Slot::result:
        if (val != "1-0" && val != "0-1" && val != "1/2-1/2" && val != "*")
          return fail(src_.token(), "result " + quote_text(val) + " is not 1-0, 0-1, 1/2-1/2 or *");
        game_.result = std::move(val);
        game_.result_loc = loc(src_.token());
        return true;
      default:
        return type_error(s, "a string");
    }
  }

  bool start_object(std::size_t) {
    src_.event_bracket(true);
    if (!settle_pending()) return false;
    if (skipping()) return ++skip_, true;
    const Slot s = begin_value();
    const Pos at = src_.token();
    switch (s) {
      case Slot::root:
        push(Slot::root, at);
        return true;
      case Slot::game:
        new_game();
        tag_names_.clear();
        game_.loc = loc(at);
        push(Slot::game, at);
        return true;
      case Slot::tags:
        push(Slot::tags, at);
        return true;
      case Slot::node: {
        Frame& line = stack_.back();
        auto* nodes = static_cast<Line*>(line.target);
        // The main line comes with the Nodes of the last game (new_game):
        // they are overwritten, those left over dropped at the line's end.
        const std::size_t n = line.count - 1;
        Node& node = n < nodes->size() ? NodeMaker::reuse((*nodes)[n]) : node_maker_.append(*nodes);
        const std::uint32_t turn = line.turn + line.count - 1;
        push(Slot::node, at, &node, turn);
        return true;
      }
      default:
        opening_ = true;
        return type_error(s, "an object");
    }
  }

  bool start_array(std::size_t) {
    src_.event_bracket(true);
    if (!settle_pending()) return false;
    if (skipping()) return ++skip_, true;
    const Slot s = begin_value();
    const Pos at = src_.token();
    switch (s) {
      case Slot::games:
        push(Slot::games, at);
        return true;
      case Slot::comments:
        push(Slot::comments, at, &game_.comments);
        return true;
      case Slot::before:
        push(Slot::comments, at, &node_target()->before);
        return true;
      case Slot::after:
        push(Slot::comments, at, &node_target()->after);
        return true;
      case Slot::nags:
        push(Slot::nags, at, &node_target()->nags);
        return true;
      case Slot::moves:
        game_.moves.reserve(last_moves_);  // the room the last game needed: no regrowth
        push(Slot::line, at, &game_.moves, 1);
        return true;
      case Slot::variations: {
        if (variation_depth_ + 1 > kMaxVariationDepth) {
          opening_ = true;
          return fail(at, "variations nested deeper than " + std::to_string(kMaxVariationDepth) + " levels");
        }
        ++variation_depth_;
        const Frame& node = stack_.back();
        push(Slot::variations, at, node.target, node.turn);
        return true;
      }
      case Slot::line: {
        const Frame& vars = stack_.back();
        Line& line = static_cast<Node*>(vars.target)->variations.emplace_back();
        push(Slot::line, at, &line, vars.turn);
        return true;
      }
      default:
        opening_ = true;
        return type_error(s, "an array");
    }
  }

  bool key(json::string_t& name) {
    const bool move = name.size() == 4 && std::memcmp(name.data(), "move", 4) == 0;
    src_.event_string(name.size(), move);
    if (!settle_pending()) return false;
    if (skipping()) return true;
    Frame& f = stack_.back();
    if (f.kind == Slot::node && move && (f.seen & 1u) == 0) {  // the commonest key: known_key's way, in short
      f.seen |= 1u;
      f.key = 0;
      f.expect = Slot::move;
      return true;
    }
    f.key = -1;
    failing_key_ = name;  // the pointer of an error here ends with it
    const bool go_on = take_key(f, name);
    failing_key_ = {};
    return go_on;
  }

  bool take_key(Frame& f, json::string_t& name) {
    switch (f.kind) {
      case Slot::root: return known_key(f, name, kRootKeys, "the record");
      case Slot::game: return known_key(f, name, kGameKeys, "a game");
      case Slot::node: return known_key(f, name, kNodeKeys, "a move");
      case Slot::tags: {
        if (auto p = tag_name_problem(name); !p.empty())
          return fail(src_.token(), "tag name " + quote_text(name) + " " + std::string(p));
        if (!tag_names_.insert(name)) return fail(src_.token(), "duplicate tag " + quote_text(name));
        game_.tags.emplace_back().name = std::move(name);
        f.key = 0;
        f.expect = Slot::tag_value;
        return true;
      }
      default:
        return fail(src_.token(), "unexpected key");  // unreachable: keys only come in objects
    }
  }

  bool end_object() {
    src_.event_bracket(false);
    if (!settle_pending()) return false;
    if (skipping()) return close_skipped();
    const Frame& f = stack_.back();
    if (f.kind == Slot::node && (f.seen & kNodeRequired) == kNodeRequired) [[likely]] {  // a move closes
      stack_.pop_back();
      return true;
    }
    switch (f.kind) {
      case Slot::root:
        if (!require(f, kRootRequired, kRootKeys, "the record")) return true;  // pending
        break;
      case Slot::node:
        if (!require(f, kNodeRequired, kNodeKeys, "a move")) return true;
        break;
      case Slot::game: {
        if (!require(f, kGameRequired, kGameKeys, "a game")) return true;  // pending
        stack_.pop_back();
        last_moves_ = std::min<std::size_t>(game_.moves.size() + game_.moves.size() / 8, 4096);
        if (top_ == Slot::game) return true;  // JSON Lines: passed on once the line has ended well
        const std::uint32_t index = games_before_ + stack_.back().count;
        if (!visitor_.game(std::move(game_), index)) {
          stopped_ = true;
          return false;
        }
        return true;  // game_ keeps its Nodes (unless the visitor took them) for the next game
      }
      default:
        break;
    }
    stack_.pop_back();
    return true;
  }

  bool end_array() {
    src_.event_bracket(false);
    if (!settle_pending()) return false;
    if (skipping()) return close_skipped();
    const Frame& f = stack_.back();
    if (f.kind == Slot::variations) --variation_depth_;
    if (f.kind == Slot::games) games_after_ = games_before_ + f.count;
    if (f.kind == Slot::line) {  // the Nodes of the last game left over
      auto* nodes = static_cast<Line*>(f.target);
      if (nodes->size() > f.count) nodes->erase(nodes->begin() + f.count, nodes->end());
    }
    stack_.pop_back();
    return true;
  }

  bool parse_error(std::size_t position, const std::string& token, const nlohmann::detail::exception& ex) {
    // A syntax error right after a value outweighs the structure error
    // found at that value: the text is not JSON at all.
    pending_ = false;
    src_.settle_error();
    // A token the parser did not expect: point at its start (the lexer has
    // read it to its end). A lexer error: point where the lexer stopped.
    std::string_view what = ex.what();
    const bool unexpected_value =
        what.find("- unexpected string literal") != std::string_view::npos ||
        what.find("- unexpected number literal") != std::string_view::npos ||
        what.find("- unexpected true literal") != std::string_view::npos ||
        what.find("- unexpected false literal") != std::string_view::npos ||
        what.find("- unexpected null literal") != std::string_view::npos ||
        what.find("- unexpected '['") != std::string_view::npos ||
        what.find("- unexpected '{'") != std::string_view::npos;
    const std::string run = src_.literal_run();
    SyntaxReason r = json_syntax_reason(ex.id, what, token, run);
    if (src_.nul_seen())  // the lexer stopped at a NUL byte (given it as 0x01: Source::get_low)
      r = {Code::json_syntax, "a NUL byte: JSON has none outside a string, and a string writes it escaped (\\u0000)"};
    // "01": the number is the token that ran on, from its first digit.
    const bool run_on = !run.empty() && r.reason.rfind("'" + run + "'", 0) == 0;
    const Pos at = unexpected_value || run_on || ex.id == 406 ? src_.error_token() : src_.at_count(position);
    error_.code = r.code;
    error_.loc.line = at.line;
    error_.loc.column = at.column;
    error_.loc.offset = at.offset;
    error_.loc.pointer.clear();
    error_.loc.base = SourceLoc::Base::none;
    error_.reason = std::move(r.reason);
    error_.game = current_game();
    error_.turn = 0;
    return false;
  }

 private:
  /// Steps to a scalar's token and settles a waiting structure error.
  bool scalar() {
    src_.event();
    return settle_pending();
  }
  bool skipping() const noexcept { return skip_ > 0; }

  /// game_ as GameRecord{}, but its main line keeps the Nodes of the last
  /// game for reuse: no Node is built or destroyed per move when the
  /// visitor leaves the record it is given, as validate does.
  void new_game() {
    Line kept = std::move(game_.moves);
    std::vector<TagPair> tags = std::move(game_.tags);
    tags.clear();
    game_ = GameRecord{};
    game_.moves = std::move(kept);
    game_.tags = std::move(tags);
  }

  /// A container of the broken game closes; at the last one the game is over.
  bool close_skipped() {
    if (--skip_ == 0) end_skip();
    return true;
  }
  void end_skip() {
    stack_.resize(2);  // the root and the games array
    variation_depth_ = 0;
    game_ = GameRecord{};
  }

  /// The structure error waiting since the last event, if any: the visitor
  /// decides (or the reader stops, outside a game). False to stop.
  bool settle_pending() {
    if (!pending_) [[likely]] return true;
    return settle_waiting();
  }
  [[gnu::noinline]] bool settle_waiting() {
    pending_ = false;
    if (!recoverable_ || !visitor_.error(error_)) return false;
    if (skip_ == 0) end_skip();
    return true;
  }

  bool unsigned_value(json::number_unsigned_t v) {
    const Slot s = begin_value();
    if (s == Slot::version) {
      if (v != 1) return fail(src_.token(), "version " + std::to_string(v) + " is not supported (expected 1)");
      return true;
    }
    if (s == Slot::nag) {
      if (v > 255) return fail(src_.token(), "NAG " + std::to_string(v) + " is not from 0 to 255");
      static_cast<std::vector<std::uint8_t>*>(stack_.back().target)->push_back(static_cast<std::uint8_t>(v));
      return true;
    }
    return type_error(s, "a number");
  }

  /// The character policy (NOTATION.md section 11): true (and E110
  /// pending) if `text` holds a character `field` may not hold; the
  /// value of tag `tag` (if given) says so first.
  bool bad_characters(const Pos& at, std::string_view text, chars::Field field, const std::string* tag = nullptr) {
    const chars::Problem p = chars::check(text, field);
    if (!p) return false;
    std::string prefix;
    if (tag != nullptr) prefix = "tag " + *tag + ": ";
    fail(at, prefix + chars::why_not(p.cp, field) + ": no record may hold it (NOTATION.md section 11)");
    error_.code = Code::bad_character;
    return true;
  }

  /// Slot of the value that starts now; for an array element, extends the
  /// pointer by its index.
  [[gnu::always_inline]] Slot begin_value() {
    if (stack_.empty()) return top_;
    Frame& f = stack_.back();
    switch (f.kind) {
      case Slot::games: case Slot::comments: case Slot::line: case Slot::nags: case Slot::variations:
        ++f.count;  // the pointer goes on with its index, f.count - 1
        switch (f.kind) {
          case Slot::games: return Slot::game;
          case Slot::comments: return Slot::comment;
          case Slot::line: return Slot::node;
          case Slot::nags: return Slot::nag;
          default: return Slot::line;
        }
      default:
        return f.expect;
    }
  }

  void push(Slot kind, const Pos& at, void* target = nullptr, std::uint32_t turn = 0) {
    Frame& f = stack_.push();
    f.kind = kind;
    f.pos = at;
    f.target = target;
    f.turn = turn;
  }

  Node* node_target() { return static_cast<Node*>(stack_.back().target); }

  template <std::size_t N>
  bool known_key(Frame& f, std::string_view name, const std::array<Key, N>& keys,
                 std::string_view where) {
    for (std::size_t i = 0; i < N; ++i) {
      if (!same_key(keys[i].name, name)) continue;
      const auto bit = static_cast<std::uint8_t>(1u << i);
      if ((f.seen & bit) != 0) return fail(src_.token(), "duplicate key " + quote_text(name) + " in " + std::string(where));
      f.seen |= bit;
      f.key = static_cast<std::int8_t>(i);
      f.expect = keys[i].slot;
      return true;
    }
    return fail(src_.token(), "unknown key " + quote_text(name) + " in " + std::string(where));
  }

  template <std::size_t N>
  bool require(const Frame& f, std::uint32_t required, const std::array<Key, N>& keys,
               std::string_view where) {
    const std::uint32_t missing = required & ~f.seen;
    if (missing == 0) return true;
    std::size_t i = 0;
    while ((missing & (1u << i)) == 0) ++i;
    closing_ = true;  // the pointer is the container's
    fail(f.pos, "missing key " + quote_text(keys[i].name) + " in " + std::string(where));
    return false;
  }

  bool type_error(Slot s, std::string_view found) {
    return fail(src_.token(), "expected " + std::string(expected(s)) + ", found " + std::string(found));
  }

  bool wrong_type(std::string_view found) {
    if (skipping()) return true;
    return type_error(begin_value(), found);
  }

  /// The place `at` with the pointer of the value being read: inside a
  /// game of a record file, the part after the game (or its moves), which
  /// SourceLoc::full_pointer() completes.
  SourceLoc loc(const Pos& at) const {
    SourceLoc l;
    fill_loc(l, at);
    return l;
  }

  /// loc(at) written into `l`, whose pointer keeps its memory.
  void fill_loc(SourceLoc& l, const Pos& at) const {
    l.line = at.line;
    l.column = at.column;
    l.offset = at.offset;
    l.pointer.clear();
    // The pointer is made of each open container's token: an array's
    // element being read (its index), an object's last key. While a
    // container closes (closing_), its own pointer: without its token.
    const std::size_t n = stack_.size() - (closing_ && !stack_.empty() ? 1 : 0);
    if (stack_.size() < 2 || stack_[1].kind != Slot::games) {
      append_tokens(l.pointer, 0, n);
      l.game = 0;
      l.base = SourceLoc::Base::none;
      return;
    }
    l.game = stack_[1].count;  // after "/games/N"
    std::size_t from = 2;
    l.base = SourceLoc::Base::json_game;
    if (n > 3 && stack_[2].key == 2 && has_token(stack_[3])) {  // "/moves/..."
      from = 3;
      l.base = SourceLoc::Base::json_moves;
    }
    append_tokens(l.pointer, from, n);
  }

  /// fill_loc(l, at) for the move text of a move: for a main-line move
  /// (the commonest value of all) the pointer is kept as numbers.
  void move_loc(SourceLoc& l, const Pos& at) const {
    const std::size_t n = stack_.size();
    if (top_ == Slot::root && n == 5 && stack_[1].kind == Slot::games && stack_[3].kind == Slot::line) {
      // root, games, game, its moves, the node: "/games/G/moves/I/move"
      l.base = SourceLoc::Base::json_move;
      l.game = stack_[1].count;
      l.index = stack_[3].count - 1;
    } else if (top_ == Slot::game && n == 3 && stack_[1].kind == Slot::line) {
      // JSON Lines: the game, its moves, the node: "/moves/I/move"
      l.base = SourceLoc::Base::jsonl_move;
      l.game = 0;
      l.index = stack_[1].count - 1;
    } else {
      fill_loc(l, at);
      return;
    }
    l.line = at.line;
    l.column = at.column;
    l.offset = at.offset;
    l.pointer.clear();
  }

  /// Whether container `f` adds a token to the pointer now.
  static bool has_token(const Frame& f) noexcept {
    switch (f.kind) {
      case Slot::root: case Slot::game: case Slot::node: case Slot::tags: return f.key >= 0;
      default: return f.count > 0;
    }
  }

  /// The tokens of containers [from, to) of the stack; the last one's key
  /// is failing_key_ when one is being refused.
  void append_tokens(std::string& out, std::size_t from, std::size_t to) const {
    for (std::size_t i = from; i < to; ++i) {
      const Frame& f = stack_[i];
      if (i + 1 == stack_.size() && failing_key_.data() != nullptr) {
        append_pointer_token(out, failing_key_);
        continue;
      }
      if (!has_token(f)) continue;
      switch (f.kind) {
        case Slot::root: append_pointer_token(out, kRootKeys[static_cast<std::size_t>(f.key)].name); break;
        case Slot::game: append_pointer_token(out, kGameKeys[static_cast<std::size_t>(f.key)].name); break;
        case Slot::node: append_pointer_token(out, kNodeKeys[static_cast<std::size_t>(f.key)].name); break;
        case Slot::tags: append_pointer_token(out, game_.tags.back().name); break;
        default: append_index(out, f.count - 1);
      }
    }
  }

  std::uint32_t current_game() const {
    if (top_ == Slot::game) return index_;
    if (stack_.size() >= 2 && stack_[1].kind == Slot::games) return games_before_ + stack_[1].count;
    return 0;
  }

  /// Records a structure error (E151) and makes it pending: the next event
  /// settles it. The containers of the game still open after this event
  /// (opening_: it opened one; closing_: it closes one) are what a skip
  /// must close.
  bool fail(const Pos& at, std::string reason) {
    error_.code = Code::json_structure;
    error_.reason = std::move(reason);
    error_.loc = loc(at);
    error_.loc.pointer = error_.loc.full_pointer();
    error_.loc.base = SourceLoc::Base::none;
    error_.loc.game = 0;
    error_.game = current_game();
    error_.turn = 0;
    if (!stack_.empty() && stack_.back().kind == Slot::line) {
      // An element of a line that is not a move object: its own turn.
      error_.turn = stack_.back().turn + stack_.back().count - 1;
    } else {
      for (std::size_t i = stack_.size(); i-- > 0;) {
        if (stack_[i].kind == Slot::node) {
          error_.turn = stack_[i].turn;
          break;
        }
      }
    }
    recoverable_ = stack_.size() >= 2 && stack_[1].kind == Slot::games;
    if (recoverable_) {
      std::size_t open = stack_.size() - 2 + (opening_ ? 1 : 0);
      if (closing_ && open > 0) --open;
      skip_ = static_cast<std::uint32_t>(open);
    }
    opening_ = closing_ = false;
    pending_ = true;
    return true;
  }

  Source& src_;
  GameVisitor& visitor_;
  Slot top_;
  std::uint32_t index_ = 0;  // JSON Lines: the game on this line
  // A record file: the games of the records before this one (files joined), and with this one's.
  std::uint32_t games_before_ = 0, games_after_ = 0;
  Diagnostic error_;
  FrameStack stack_;
  std::string_view failing_key_;     // key() is refusing this key (for the pointer)
  GameRecord game_;
  TagNames tag_names_;               // of game_ (duplicate tags)
  NodeMaker node_maker_;             // starts each move's Node
  std::size_t last_moves_ = 0;       // main-line moves of the last game (at most 4096)
  unsigned variation_depth_ = 0;     // variations arrays open around the value being read
  std::uint32_t skip_ = 0;           // containers of a broken game still to close
  bool pending_ = false;             // error_ is a structure error not settled yet
  bool recoverable_ = false;         // ... inside a game, so the next game may be read
  bool opening_ = false, closing_ = false;
  bool stopped_ = false;
};

/// nlohmann's SAX parse (json::sax_parse, no comments) of `src` through
/// SourceAdapter: json::sax_parse takes only the library's own adapters,
/// whose iterator form would cost a call per byte. `kStrict`: the input
/// must end after the value (a template argument: one parse loop each, with
/// the handler's events inlined into it).
template <bool kStrict>
bool sax_parse(Source& src, Handler& handler) {
  return nlohmann::detail::parser<nlohmann::json, SourceAdapter>(SourceAdapter{&src}, nullptr, true, false)
      .sax_parse(&handler, kStrict);
}

/// Passes over blanks and line ends between values.
void skip_blanks(Source& src) {
  while (src.more()) {
    const char c = src.peek();
    if (c != ' ' && c != '\t' && c != '\r' && c != '\n') break;
    src.skip();
  }
}

/// A byte-order mark between values (files joined): W101, an error under
/// strict (to visitor.error()). False when the visitor stops there (`stop`
/// holds the error).
bool byte_order_mark(Source& src, const std::string& file, GameVisitor& visitor, ReadOptions options,
                     Diagnostic& stop) {
  Diagnostic d;
  d.code = Code::byte_order_mark;
  d.file = file;
  const Pos at = src.here();
  d.loc.line = at.line;
  d.loc.column = at.column;
  d.loc.offset = at.offset;
  src.skip_bom();
  if (options.strict) {
    d.reason = "UTF-8 byte-order mark where a game starts (two files joined?): the canonical form has none";
    if (visitor.error(d)) return true;
    stop = std::move(d);
    return false;
  }
  d.severity = Severity::warning;
  d.reason = "UTF-8 byte-order mark where a game starts (two files joined?), ignored";
  visitor.warning(d);
  return true;
}

/// The input stream failed (not a fault of the record).
Diagnostic read_failure(const std::string& file) {
  return io_error(file, "cannot read the input");
}

// --- Writer -----------------------------------------------------------------

/// A JSON string as nlohmann's dump writes it; invalid UTF-8 and what
/// `field` may not hold (NOTATION.md section 11) become U+FFFD.
void put_string(std::string& o, std::string_view s, chars::Field field = chars::Field::move) {
  static constexpr char kHex[] = "0123456789abcdef";
  o += '"';
  utf8::append_escaped(o, s, field, [](std::string& out, unsigned char c) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (c < 0x20) {
          out += "\\u00";
          out += kHex[c >> 4];
          out += kHex[c & 0xF];
        } else {
          out += static_cast<char>(c);
        }
    }
  });
  o += '"';
}

/// The two layouts of a game: the record file's (nlohmann's dump(2): a line
/// per element, 2-space indent) and JSON Lines' (dump(): no blanks at all).
struct Layout {
  bool compact = false;

  /// Before an element or a closing bracket: a line end and `indent` blanks.
  void brk(std::string& o, int indent) const {
    if (compact) return;
    o += '\n';
    o.append(static_cast<std::size_t>(indent), ' ');
  }
  void key(std::string& o, int indent, std::string_view name) const {
    brk(o, indent);
    o += '"';
    o += name;
    o += compact ? "\":" : "\": ";
  }
};

void put_strings(std::string& o, const Layout& l, int indent, const std::vector<std::string>& items) {
  o += '[';
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i > 0) o += ',';
    l.brk(o, indent + 2);
    put_string(o, items[i], chars::Field::comment);
  }
  l.brk(o, indent);
  o += ']';
}

void put_line(std::string& o, const Layout& l, int indent, const Line& line);

void put_node(std::string& o, const Layout& l, int indent, const Node& node) {
  o += '{';
  l.key(o, indent + 2, "move");
  put_string(o, node.move);
  if (!node.before.empty()) {
    o += ',';
    l.key(o, indent + 2, "before");
    put_strings(o, l, indent + 2, node.before);
  }
  if (!node.nags.empty()) {
    o += ',';
    l.key(o, indent + 2, "nags");
    o += '[';
    for (std::size_t i = 0; i < node.nags.size(); ++i) {
      if (i > 0) o += ',';
      l.brk(o, indent + 4);
      o += std::to_string(node.nags[i]);
    }
    l.brk(o, indent + 2);
    o += ']';
  }
  if (!node.after.empty()) {
    o += ',';
    l.key(o, indent + 2, "after");
    put_strings(o, l, indent + 2, node.after);
  }
  if (!node.variations.empty()) {
    o += ',';
    l.key(o, indent + 2, "variations");
    o += '[';
    for (std::size_t i = 0; i < node.variations.size(); ++i) {
      if (i > 0) o += ',';
      l.brk(o, indent + 4);
      put_line(o, l, indent + 4, node.variations[i]);
    }
    l.brk(o, indent + 2);
    o += ']';
  }
  l.brk(o, indent);
  o += '}';
}

void put_line(std::string& o, const Layout& l, int indent, const Line& line) {
  if (line.empty()) {
    o += "[]";
    return;
  }
  o += '[';
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (i > 0) o += ',';
    l.brk(o, indent + 2);
    put_node(o, l, indent + 2, line[i]);
  }
  l.brk(o, indent);
  o += ']';
}

/// One game object at `indent` (4 inside {"games": [ ... ]}; 0 on a line of
/// JSON Lines), keys in schema order.
void put_game(std::string& o, const Layout& l, int indent, const GameRecord& g) {
  o += '{';
  l.key(o, indent + 2, "tags");
  if (g.tags.empty()) {
    o += "{}";
  } else {
    o += '{';
    for (std::size_t i = 0; i < g.tags.size(); ++i) {
      if (i > 0) o += ',';
      l.brk(o, indent + 4);
      put_string(o, g.tags[i].name);
      o += l.compact ? ":" : ": ";
      put_string(o, g.tags[i].value, chars::Field::tag_value);
    }
    l.brk(o, indent + 2);
    o += '}';
  }
  if (!g.comments.empty()) {
    o += ',';
    l.key(o, indent + 2, "comments");
    put_strings(o, l, indent + 2, g.comments);
  }
  o += ',';
  l.key(o, indent + 2, "moves");
  put_line(o, l, indent + 2, g.moves);
  o += ',';
  l.key(o, indent + 2, "result");
  put_string(o, g.result);
  l.brk(o, indent);
  o += '}';
}

}  // namespace

Diagnostic read_json(std::istream& in, const std::string& file, GameVisitor& visitor, ReadOptions options) {
  Source src(in);
  Handler handler(src, visitor, file);
  src.start();
  Diagnostic end;
  end.file = file;
  for (;;) {
    bool ok = sax_parse<false>(src, handler);
    if (ok) ok = handler.settle();
    if (src.bad()) return read_failure(file);
    if (handler.stopped()) return end;
    if (!ok) return std::move(handler.error());
    // After the record: the end of the input, or (files joined) a further
    // record, perhaps after a byte-order mark.
    skip_blanks(src);
    if (src.more() && src.at_bom()) {
      if (!byte_order_mark(src, file, visitor, options, end)) return end;
      skip_blanks(src);
    }
    if (!src.more()) return end;
    if (src.peek() != '{') {
      const Pos at = src.here();
      Diagnostic d;
      d.code = Code::json_syntax;
      d.file = file;
      d.loc.line = at.line;
      d.loc.column = at.column;
      d.loc.offset = at.offset;
      d.reason = "expected the end of the input after the record, found " +
                 (src.peek() == '\0' ? std::string("a NUL byte") : "'" + src.next_run() + "'");
      return d;
    }
    if (src.bad()) return read_failure(file);
    handler.next_record();
    src.start_value(false);
  }
}

namespace {

/// JSON Lines, one line at a time (detail::PullReader): read_jsonl and
/// GameReader both read through it. A line's game comes back from the
/// Handler (Slot::game), not through a visitor; this class is the visitor
/// of what stands between lines (a byte-order mark: W101, or under strict
/// its error) and of any warning.
class JsonlPull final : public detail::PullReader, private GameVisitor {
 public:
  JsonlPull(std::istream& in, const std::string& file, ReadOptions options)
      : src_(in), handler_(src_, *this, file, Slot::game), file_(file), options_(options) {
    src_.start();
  }

  detail::PullStep next(GameRecord& game, Diagnostic& error, std::vector<Diagnostic>& warnings, bool skip) override {
    using detail::PullStep;
    warnings_ = &warnings;
    if (after_value_) {
      after_value_ = false;
      while (src_.more() && src_.peek() != '\n') src_.skip();  // the rest of a bad line
    }
    for (;;) {
      skip_blanks(src_);  // blank lines, and the line end of the last value
      if (!src_.more() || !src_.at_bom()) break;
      // At a line's start (files joined): W101, or under strict its error.
      between_ = false;
      Diagnostic unused;
      byte_order_mark(src_, file_, *this, options_, unused);
      if (between_) {
        error = std::move(between_error_);
        return PullStep::error;
      }
    }
    if (!src_.more()) {
      if (!src_.bad()) return end(error);
      error = read_failure(file_);  // between lines: no end of the input
      return PullStep::stop;
    }
    ++index_;
    after_value_ = true;
    if (skip) return PullStep::game;  // after_value_: the line is passed over at the next call
    handler_.next_value(index_);
    src_.start_value(true);
    bool ok = sax_parse<true>(src_, handler_);
    if (ok) ok = handler_.settle();  // a structure error at the line's last value
    if (src_.bad()) {
      error = read_failure(file_);
      return PullStep::stop;
    }
    if (ok) {
      std::swap(game, handler_.game());  // the caller's last record comes back for reuse
      return PullStep::game;
    }
    error = handler_.error();  // a copy: the Handler keeps its file name for the next line
    return PullStep::error;
  }

  std::uint32_t index() const noexcept override { return index_; }

 private:
  detail::PullStep end(Diagnostic& error) {
    error = Diagnostic{};
    error.file = file_;
    return detail::PullStep::end;
  }

  bool game(GameRecord&&, std::uint32_t) override { return true; }  // never called: see above
  bool error(const Diagnostic& d) override {
    between_error_ = d;
    between_ = true;
    return true;
  }
  void warning(const Diagnostic& w) override { warnings_->push_back(w); }

  Source src_;
  Handler handler_;
  std::string file_;
  ReadOptions options_;
  std::uint32_t index_ = 0;
  bool after_value_ = false;  // a line's value was read: its line end (or rest) comes next
  bool between_ = false;      // an error between lines (a byte-order mark under strict) ...
  Diagnostic between_error_;  // ... this one
  std::vector<Diagnostic>* warnings_ = nullptr;
};

}  // namespace

std::unique_ptr<detail::PullReader> detail::pull_jsonl(std::istream& in, const std::string& file,
                                                       ReadOptions options) {
  return std::make_unique<JsonlPull>(in, file, options);
}

Diagnostic read_jsonl(std::istream& in, const std::string& file, GameVisitor& visitor, ReadOptions options) {
  JsonlPull pull(in, file, options);
  GameRecord record;  // its Nodes go back and forth between the reader and the visitor (reuse)
  Diagnostic d;
  std::vector<Diagnostic> warnings;
  for (;;) {
    const detail::PullStep step = pull.next(record, d, warnings, false);
    for (const Diagnostic& w : warnings) visitor.warning(w);
    warnings.clear();
    switch (step) {
      case detail::PullStep::game:
        if (!visitor.game(std::move(record), pull.index())) {
          d = Diagnostic{};
          d.file = file;
          return d;
        }
        break;
      case detail::PullStep::error:
        if (!visitor.error(d)) return d;
        break;
      case detail::PullStep::end:
      case detail::PullStep::stop:
        return d;
    }
  }
}

std::string to_json_line(const GameRecord& record) {
  std::string out;
  put_game(out, Layout{true}, 0, record);
  out += '\n';
  return out;
}

struct JsonWriter::Impl {
  std::ostream& out;
  std::string buf;
  bool any = false;
  bool finished = false;
};

JsonWriter::JsonWriter(std::ostream& out) : impl_(std::make_unique<Impl>(Impl{out, {}, false, false})) {
  impl_->out << "{\n  \"format\": \"beyt\",\n  \"version\": 1,\n  \"games\": [";
}

JsonWriter::~JsonWriter() {
  if (impl_ && !impl_->finished) finish();
}

void JsonWriter::game(const GameRecord& record) {
  Impl& w = *impl_;
  w.buf.clear();
  w.buf += w.any ? ",\n" : "\n";
  w.any = true;
  w.buf.append(4, ' ');
  put_game(w.buf, Layout{}, 4, record);
  w.out.write(w.buf.data(), static_cast<std::streamsize>(w.buf.size()));
}

void JsonWriter::finish() {
  Impl& w = *impl_;
  if (w.finished) return;
  w.finished = true;
  w.out << (w.any ? "\n  ]\n}\n" : "]\n}\n");
  w.out.flush();
}

}  // namespace beyt::notation
