// JSON records' reader (reader.cpp): the bytes of Source's buffer, through
// a bare input adapter for nlohmann's SAX parser; at each SAX event, Source
// steps a scanner of its own to the start of the event's token (the parser
// calls back after it has read a token to its end), and counts lines and
// columns (code points) only up to the places a record keeps.

// A part of reader.cpp, included by it alone: its names stay in the
// anonymous namespace, as they were in one file (a change here recompiles
// only the reader).
#pragma once

#include "beyt/notation/json.hpp"
#include "../node_maker.hpp"
#include "../format_table.hpp"
#include "../tag_names.hpp"
#include "../utf8.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <vector>

#include <nlohmann/json.hpp>

namespace beyt::notation {
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

}  // namespace
}  // namespace beyt::notation
