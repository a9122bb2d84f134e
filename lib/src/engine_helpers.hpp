// Internal: the small helpers every engine (lib/src/<game>.cpp) uses, in one
// place: building errors (the rules, the position text, the move syntax,
// each citing the game's NOTATION.md section where the game does), reading
// small numbers, naming sides, and hashing a position.
//
// A game binds the forms that cite its section once, at the top of its
// source, e.g. Tâb's
//
//     constexpr auto setup_error = engine::setup_error<6>;
//
// so that its call sites read `setup_error(at, "why")`.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <new>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "beyt/errors.hpp"
#include "beyt/game.hpp"

namespace beyt {

/// An Error of `code` at byte `offset` of the text it concerns.
inline Error fail(Code code, std::uint32_t offset, std::string reason) {
  return Error{code, std::move(reason), offset};
}

/// Code::bad_rules at offset 0: a value a game cannot use, found when its
/// Options read a RuleSet (the place is the Rules tag as a whole).
inline Error bad_rules(std::string reason) { return fail(Code::bad_rules, 0, std::move(reason)); }

/// The fault form of the move checks: fills `error` and returns false, so
/// that a legal turn builds no Error on the way. Out of line and cold: the
/// hot paths that call it keep no string code.
[[gnu::cold, gnu::noinline]] bool fault(Error& error, Code code, std::size_t offset, std::string reason);

/// "South" / "North" as a std::string.
inline std::string side_str(Side s) { return std::string(side_name(s)); }
/// 'S' / 'N', as position texts write a side.
constexpr char side_letter(Side s) noexcept { return s == Side::south ? 'S' : 'N'; }

/// The separators of a turn's events, as a template argument
/// (split_events<",:">).
template <std::size_t N>
struct Separators {
  char chars[N]{};
  constexpr Separators(const char (&s)[N]) noexcept {
    for (std::size_t i = 0; i < N; ++i) chars[i] = s[i];
  }
};

/// The events of a canonical turn text (State::turn_events): the pieces
/// between the separators `Seps` (Tâb: "1,2:1I-K,2--" at ',' and ':'),
/// appended. The text is canonical: no piece is empty. With the `split`
/// hook's signature (`static constexpr auto split = &split_events<",:">;`).
template <Separators Seps>
Error split_events(std::string_view turn, std::vector<std::string>& out) {
  constexpr std::string_view seps(Seps.chars, sizeof Seps.chars - 1);
  std::size_t start = 0;
  for (std::size_t i = 0; i <= turn.size(); ++i)
    if (i == turn.size() || seps.find(turn[i]) != std::string_view::npos) {
      if (i == start) return fail(Code::move_syntax, static_cast<std::uint32_t>(i), "expected an event");
      out.emplace_back(turn.substr(start, i - start));
      start = i + 1;
    }
  return Error::none();
}

/// The value of a turn's first throw, in throw order, not used yet (the
/// uses so far may have taken the throws in any order): throw k of value v
/// is unused when more throws of v come up to it than have been used.
/// `value(k)` is the value (1..6) of throw k of `n`; `avail[v]` the throws of
/// v not used yet. 0 when every throw is used.
template <class Value, class Avail>
int first_unused_throw(int n, Value value, const Avail& avail) {
  int thrown[7] = {}, seen[7] = {};
  for (int k = 0; k < n; ++k) ++thrown[value(k)];
  for (int k = 0; k < n; ++k) {
    const int v = value(k);
    if (++seen[v] > thrown[v] - static_cast<int>(avail[static_cast<std::size_t>(v)])) return v;
  }
  return 0;
}

/// Reads a decimal number of 1 to 4 digits at t[i..] (a count of counters or
/// hasa); advances i past the digits read. False if there is no digit or
/// more than four.
inline bool read_number(std::string_view t, std::size_t& i, int& out) {
  std::size_t start = i;
  out = 0;
  while (i < t.size() && t[i] >= '0' && t[i] <= '9' && i - start < 5) out = out * 10 + (t[i++] - '0');
  return i > start && i - start <= 4;
}

/// Reads a whole number from `lo` to `hi` written in decimal digits without
/// a leading zero. False for anything else.
inline bool read_whole_number(std::string_view v, int lo, int hi, int& out) {
  if (v.empty() || v.size() > 9 || (v.size() > 1 && v[0] == '0')) return false;
  int n = 0;
  for (char c : v) {
    if (c < '0' || c > '9') return false;
    n = n * 10 + (c - '0');
  }
  if (n < lo || n > hi) return false;
  out = n;
  return true;
}

namespace engine {

/// " (NOTATION.md section N)": the citation a game's errors end with.
std::string notation_section(int section);

/// Code::bad_setup at byte `at` of the position text, citing section
/// `Section` of NOTATION.md. These error builders are out of line and cold,
/// as `fault`.
template <int Section>
[[gnu::cold, gnu::noinline]] Error setup_error(std::size_t at, std::string reason) {
  return fail(Code::bad_setup, static_cast<std::uint32_t>(at), std::move(reason) + notation_section(Section));
}

/// Code::move_syntax at byte `at` of the move text, `what` citing section
/// `Section` of NOTATION.md (the mancala games).
template <int Section>
[[gnu::cold, gnu::noinline]] Error syntax_error(std::size_t at, std::string what) {
  return fail(Code::move_syntax, static_cast<std::uint32_t>(at), std::move(what) + notation_section(Section));
}

/// The fault form of a move-syntax error: "expected WHAT" at byte `at`,
/// citing NOTATION.md section `Section` unless it is 0 (the stick games
/// name no section).
template <int Section>
[[gnu::cold, gnu::noinline]] bool expected(Error& error, std::size_t at, const char* what) {
  std::string reason = std::string("expected ") + what;
  if constexpr (Section != 0) reason += notation_section(Section);
  return fault(error, Code::move_syntax, at, std::move(reason));
}

/// Code::move_syntax at offset 0 for an Event value that codes none of the
/// game's events here (State::apply(Event)): "this Event value is no WHAT
/// here (State::legal_events lists them)", `what` the game's unit ("use of
/// a Tab throw", "Seega turn").
[[gnu::cold, gnu::noinline]] inline Error no_such_event(const char* what) {
  return fail(Code::move_syntax, 0,
              std::string("this Event value is no ") + what + " here (State::legal_events lists them)");
}

}  // namespace engine

/// A 64-bit hash of the fields of a position (State::hash): each game adds
/// exactly the fields its operator== compares. Values whose every byte
/// belongs to the value (integers, enums, bools, arrays and structs of them
/// without padding) are added as bytes; add the members of a padded struct
/// one by one.
class PositionHash {
 public:
  template <class T>
    requires std::has_unique_object_representations_v<T>
  PositionHash& add(const T& value) noexcept {
    bytes(&value, sizeof value);
    return *this;
  }
  /// The hash of everything added (a final mix of the bits).
  std::uint64_t value() const noexcept {
    std::uint64_t z = h_ ^ (h_ >> 30);  // splitmix64's finaliser
    z *= 0xBF58476D1CE4E5B9ull;
    z ^= z >> 27;
    z *= 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }

 private:
  void word(std::uint64_t w) noexcept { h_ = (std::rotl(h_, 5) ^ w) * 0x517CC1B727220A95ull; }
  void bytes(const void* p, std::size_t n) noexcept {
    const auto* b = static_cast<const unsigned char*>(p);
    for (; n >= 8; n -= 8, b += 8) {
      std::uint64_t w;
      std::memcpy(&w, b, 8);
      word(w);
    }
    if (n) {
      std::uint64_t w = 0;
      std::memcpy(&w, b, n);
      word(w ^ (std::uint64_t{n} << 56));
    }
  }
  std::uint64_t h_ = 0x9E3779B97F4A7C15ull;
};

/// The candidates of one random draw (beyt's random player: how many, then
/// the one drawn), listed once in the order the game lists them, so that the
/// draw needs no second walk over them. Up to N values of T (trivially
/// copyable), the array left unwritten beyond size(): no constructor runs
/// over the whole of it.
template <class T, std::size_t N>
class DrawList {
  static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>);

 public:
  DrawList() noexcept {}
  /// Appends `v`; the entry, to finish in place.
  T& push(const T& v) noexcept { return *new (&items_[n_++]) T(v); }
  /// Writes `v` after the entries, and keeps it (moves the size on) only if
  /// `keep`: a list filled without a branch per entry. The list must have
  /// room for one more entry.
  void push_if(const T& v, bool keep) noexcept {
    new (&items_[n_]) T(v);
    n_ += keep;
  }
  /// Takes the last entry back off.
  void pop() noexcept { --n_; }
  std::size_t size() const noexcept { return n_; }
  const T& operator[](std::size_t i) const noexcept { return items_[i]; }

 private:
  std::size_t n_ = 0;
  union {
    T items_[N];
  };
};

}  // namespace beyt
