// portable.hpp - the few C++20 library features the library's code uses that
// not every toolchain it is built with has, as small helpers of our own.
//
// The library is built with g++ 12 and clang 14 (libstdc++) and, for the
// studio page (docs/STUDIO.md), with Debian's emscripten 3.1.6, whose libc++
// 14 has no std::bit_cast and no floating-point std::to_chars. Code that
// needs them calls these instead; nothing else in the library is
// conditional on the toolchain.
#pragma once

#include <cmath>
#include <cstdint>
#include <string>
#include <type_traits>

namespace beyt::portable {

/// std::bit_cast: the bytes of `from` as a `To` of the same size (both
/// trivially copyable). Both compilers' builtin, constexpr as the standard's.
template <class To, class From>
constexpr To bit_cast(const From& from) noexcept {
  static_assert(sizeof(To) == sizeof(From), "bit_cast needs types of one size");
  static_assert(std::is_trivially_copyable_v<To> && std::is_trivially_copyable_v<From>,
                "bit_cast needs trivially copyable types");
  return __builtin_bit_cast(To, from);
}

/// `v` rounded to hundredths (half away from zero, as std::round) and written
/// with at most two decimals, trailing zeros and a trailing '.' dropped, no
/// "-0", no exponent, '.' whatever the locale: "12", "12.5", "-0.25". What
/// std::to_chars(fixed, 2) of std::round(v * 100) / 100 wrote, digit for
/// digit, for |v| < 10^13 (SVG lengths: a page is at most 20 000 px wide).
/// A value that is not finite is written "0"; beyond 10^13 it is clamped.
inline std::string fixed_hundredths(double v) {
  if (!std::isfinite(v)) return "0";
  constexpr double kLimit = 1e15;  // hundredths
  double h = std::round(v * 100);
  if (h > kLimit) h = kLimit;
  if (h < -kLimit) h = -kLimit;
  const auto cents = static_cast<std::int64_t>(h);
  if (cents == 0) return "0";
  const std::uint64_t magnitude = cents < 0 ? static_cast<std::uint64_t>(-cents) : static_cast<std::uint64_t>(cents);
  std::string s = cents < 0 ? "-" : "";
  s += std::to_string(magnitude / 100);
  const auto fraction = static_cast<unsigned>(magnitude % 100);
  if (fraction != 0) {
    s += '.';
    s += static_cast<char>('0' + fraction / 10);
    if (fraction % 10 != 0) s += static_cast<char>('0' + fraction % 10);
  }
  return s;
}

}  // namespace beyt::portable
