// Internal: what the readers share to scan bytes: tests of 8 bytes at a
// time, and the one rule of line ends and columns (Cursor).
//
// Line ends (NOTATION.md section 2, line-end = LF | CR LF | CR): LF, CR
// and CR LF each end one line, in every format, so that a record with CR
// line ends is placed as one with LF line ends; the text reader counts as it
// scans by the same rule (notation/src/text/), and the quoting of a line in a
// diagnostic (notation/src/input.cpp, InputFile::line) cuts lines at CR and LF alike.
// A column counts code points from 1 (a UTF-8 continuation byte takes none).
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace beyt::notation::scan {

// Word-at-a-time byte tests: 8 bytes in a std::uint64_t (any byte order:
// the masks are turned into byte indexes by position only on little-endian
// targets, see first_byte()).
inline constexpr std::uint64_t kOnes = 0x0101010101010101u;
inline constexpr std::uint64_t kHigh = 0x8080808080808080u;
inline constexpr std::uint64_t kLow7 = 0x7F7F7F7F7F7F7F7Fu;
inline constexpr bool kLittle = std::endian::native == std::endian::little;

inline std::uint64_t load8(const char* p) noexcept {
  std::uint64_t w;
  std::memcpy(&w, p, 8);
  return w;
}
/// The high bit of each byte of w that equals c (exact, no false hits).
inline std::uint64_t bytes_equal(std::uint64_t w, unsigned char c) noexcept {
  const std::uint64_t t = w ^ (kOnes * c);
  return ~(((t & kLow7) + kLow7) | t) & kHigh;
}
/// The high bit of each UTF-8 continuation byte (10xxxxxx) of w.
inline std::uint64_t continuation_bytes(std::uint64_t w) noexcept { return w & ~(w << 1) & kHigh; }
/// Number of bytes marked in a mask of high bits.
inline std::uint32_t count_marked(std::uint64_t m) noexcept {
  return static_cast<std::uint32_t>(((m >> 7) * kOnes) >> 56);
}
/// Index of the first marked byte of a nonzero mask (little-endian).
inline std::size_t first_byte(std::uint64_t m) noexcept { return static_cast<std::size_t>(std::countr_zero(m)) >> 3; }

/// Line and column (code points) of a byte offset, counted forward over the
/// bytes from the start of the input: LF, CR and CR LF each end a line.
struct Cursor {
  std::uint64_t offset = 0;
  std::uint32_t line = 1;
  std::uint32_t column = 1;
  bool after_cr = false;  ///< the byte before `offset` is a CR (an LF there ends no further line)

  /// Moves over the n bytes at p (the input's bytes from `offset` on);
  /// `no_cr`: the caller knows that they hold no CR.
  void advance(const char* p, std::size_t n, bool no_cr = false) noexcept {
    if (!after_cr && (no_cr || std::memchr(p, '\r', n) == nullptr)) advance_over<false>(p, n);  // LF alone, as most inputs
    else advance_over<true>(p, n);
  }

 private:
  /// advance(), where the bytes may hold a CR (`kCr`) or hold none after a
  /// byte that is none.
  template <bool kCr>
  void advance_over(const char* p, std::size_t n) noexcept {
    const char* const end = p + n;
    std::uint32_t col = column;
    if (kLittle && n >= 8) {
      for (; end - p >= 8; p += 8) kCr ? word(load8(p), kHigh, col) : word_lf(load8(p), kHigh, col);
      // the last bytes: the word that ends at `end`, less the bytes counted
      if (const auto rest = static_cast<unsigned>(end - p); rest != 0)
        kCr ? word(load8(end - 8), kHigh << (8 * (8 - rest)), col) : word_lf(load8(end - 8), kHigh << (8 * (8 - rest)), col);
      p = end;
    }
    for (; p < end; ++p) {
      const auto c = static_cast<unsigned char>(*p);
      if (c == '\n' || (kCr && c == '\r')) {
        line += c == '\r' || !after_cr;
        col = 1;
      } else {
        col += (c & 0xC0) != 0x80;
      }
      if constexpr (kCr) after_cr = c == '\r';
    }
    column = col;
    offset += n;
  }
  /// word() where no byte is a CR.
  void word_lf(std::uint64_t w, std::uint64_t keep, std::uint32_t& col) noexcept {
    const std::uint64_t cont = continuation_bytes(w) & keep;
    if (const std::uint64_t nl = bytes_equal(w, '\n') & keep; nl != 0) {
      line += count_marked(nl);
      restart(nl, cont, col);
    } else {
      col += count_marked(keep) - count_marked(cont);
    }
  }

  /// Counts the bytes of w whose high bit is in `keep` (a run up to the
  /// last byte, little-endian; the byte before the run is counted already).
  void word(std::uint64_t w, std::uint64_t keep, std::uint32_t& col) noexcept {
    const std::uint64_t cont = continuation_bytes(w) & keep;
    const std::uint64_t lf = bytes_equal(w, '\n') & keep;
    const std::uint64_t cr_all = bytes_equal(w, '\r');
    if ((cr_all != 0 || after_cr) && lf != 0) [[unlikely]] {
      word_after_cr(cr_all, lf, keep, cont, col);
      return;
    }
    if (const std::uint64_t ends = lf | (cr_all & keep); ends != 0) {
      line += count_marked(ends);
      restart(ends, cont, col);
    } else {
      col += count_marked(keep) - count_marked(cont);
    }
    after_cr = (cr_all >> 63) != 0;
  }

  /// The column after the last line end marked in `ends`.
  static void restart(std::uint64_t ends, std::uint64_t cont, std::uint32_t& col) noexcept {
    const auto last = static_cast<unsigned>(63 - std::countl_zero(ends)) >> 3;  // its byte index
    col = last == 7 ? 1 : 1 + (7 - last) - count_marked(cont >> (8 * (last + 1)));
  }

  /// word() where an LF may follow a CR: an LF right after a CR ends no
  /// further line (the CR is in this word, or ended the last).
  [[gnu::noinline]] void word_after_cr(std::uint64_t cr_all, std::uint64_t lf, std::uint64_t keep, std::uint64_t cont,
                                       std::uint32_t& col) noexcept {
    const std::uint64_t ends = lf | (cr_all & keep);
    const std::uint64_t after_cr_bytes = (cr_all << 8) | (after_cr ? 0x80u : 0u);
    line += count_marked(ends) - count_marked(lf & after_cr_bytes);
    restart(ends, cont, col);
    after_cr = (cr_all >> 63) != 0;
  }
};

}  // namespace beyt::notation::scan
