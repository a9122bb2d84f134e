// beyt/expected.hpp - results as values: what a call gives, or why it could
// not. GCC 12's C++20 has no std::expected; this is its small subset under
// its name (beyt::Result is a game's outcome, beyt/game.hpp), so that a
// caller moves to std::expected by changing the namespace.
//
//   beyt::Expected<notation::Format> f = notation::format_from_name("json");
//   if (!f) std::cerr << f.error().reason << '\n';
//   else use(*f);
//
// An Expected<T, E> holds a T (has_value()) or an E (the error: beyt::Error,
// or notation::Diagnostic where the error has a place in an input). It is
// made from a T, from an E when a T cannot be made from it, or from
// unexpected(e) in every case. Nothing here throws unless the caller asks:
// value() on an error throws BadExpectedAccess (as std::expected::value());
// operator* and operator-> on an error are undefined, as for std::optional.
#pragma once

#include <functional>
#include <stdexcept>
#include <type_traits>
#include <utility>
#include <variant>

#include "beyt/errors.hpp"

namespace beyt {

/// The error of an Expected, wrapped so that it cannot be taken for a value.
template <class E>
struct Unexpected {
  E error;
};

/// Unexpected{e}: `return beyt::unexpected(d);` gives an Expected holding the error d.
template <class E>
Unexpected<std::decay_t<E>> unexpected(E&& e) {
  return Unexpected<std::decay_t<E>>{std::forward<E>(e)};
}

/// What Expected::value() throws when the Expected holds an error.
class BadExpectedAccess : public std::logic_error {
 public:
  BadExpectedAccess() : std::logic_error("beyt::Expected::value(): the result holds an error") {}
};

/// A T, or the E that says why there is none.
template <class T, class E = Error>
class Expected {
 public:
  using value_type = T;
  using error_type = E;

  /// A value.
  Expected(const T& value) : v_(std::in_place_index<0>, value) {}
  Expected(T&& value) : v_(std::in_place_index<0>, std::move(value)) {}
  /// An error (unexpected(e), or the E itself when no T can be made from it).
  Expected(Unexpected<E> e) : v_(std::in_place_index<1>, std::move(e.error)) {}
  template <class G>
    requires(std::is_same_v<std::decay_t<G>, E> && !std::is_constructible_v<T, G>)
  Expected(G&& e) : v_(std::in_place_index<1>, std::forward<G>(e)) {}

  /// True when it holds a value.
  bool has_value() const noexcept { return v_.index() == 0; }
  explicit operator bool() const noexcept { return has_value(); }

  /// The value; throws BadExpectedAccess when it holds an error.
  T& value() & { return check(), std::get<0>(v_); }
  const T& value() const& { return check(), std::get<0>(v_); }
  T&& value() && { return check(), std::get<0>(std::move(v_)); }
  /// The value, or `other` when it holds an error.
  T value_or(T other) const& { return has_value() ? std::get<0>(v_) : std::move(other); }
  T value_or(T other) && { return has_value() ? std::get<0>(std::move(v_)) : std::move(other); }

  /// The value, unchecked (has_value() must be true).
  T& operator*() & noexcept { return *std::get_if<0>(&v_); }
  const T& operator*() const& noexcept { return *std::get_if<0>(&v_); }
  T&& operator*() && noexcept { return std::move(*std::get_if<0>(&v_)); }
  T* operator->() noexcept { return std::get_if<0>(&v_); }
  const T* operator->() const noexcept { return std::get_if<0>(&v_); }

  /// The error, unchecked (has_value() must be false).
  E& error() & noexcept { return *std::get_if<1>(&v_); }
  const E& error() const& noexcept { return *std::get_if<1>(&v_); }
  E&& error() && noexcept { return std::move(*std::get_if<1>(&v_)); }

 private:
  void check() const {
    if (!has_value()) throw BadExpectedAccess();
  }
  std::variant<T, E> v_;
};

/// Nothing, or the E that says why the call failed.
template <class E>
class Expected<void, E> {
 public:
  using value_type = void;
  using error_type = E;

  /// Success.
  Expected() = default;
  /// An error.
  Expected(Unexpected<E> e) : error_(std::move(e.error)), failed_(true) {}
  Expected(const E& e) : error_(e), failed_(true) {}
  Expected(E&& e) : error_(std::move(e)), failed_(true) {}

  bool has_value() const noexcept { return !failed_; }
  explicit operator bool() const noexcept { return has_value(); }
  /// Throws BadExpectedAccess when it holds an error.
  void value() const {
    if (failed_) throw BadExpectedAccess();
  }
  E& error() & noexcept { return error_; }
  const E& error() const& noexcept { return error_; }
  E&& error() && noexcept { return std::move(error_); }

 private:
  E error_{};
  bool failed_ = false;
};

/// The value-returning form of a call that fills an out-parameter and
/// returns an error value (Error, or notation::Diagnostic: false when there
/// is none): `fill(t)` on a default-made T gives that T, or its error.
///
///   Expected<SeegaOptions> o = to_expected<SeegaOptions>(
///       [&](SeegaOptions& out) { return SeegaOptions::from_rules(rules, out); });
template <class T, class F>
auto to_expected(F&& fill) -> Expected<T, std::decay_t<std::invoke_result_t<F&, T&>>> {
  T out{};
  if (auto error = std::invoke(fill, out)) return unexpected(std::move(error));
  return out;
}

}  // namespace beyt
