// Positions of the typed engine APIs (beyt/seega.hpp, ...) read from their
// text in tests. `XPosition::parse(text)` gives an Expected and throws
// nothing; these helpers give the position, or fail the test with the
// parse's error (code, offset, reason), and the error alone.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "beyt/errors.hpp"
#include "beyt/expected.hpp"

namespace beyt::test {

/// The position of `text` (P::parse); on an error the test fails with it and
/// a default P is given.
template <class P>
P position(std::string_view text) {
  Expected<P> p = P::parse(text);
  if (!p) {
    ADD_FAILURE() << "bad position text '" << text << "': " << code_id(p.error().code) << " at byte "
                  << p.error().offset << ": " << p.error().reason;
    return P{};
  }
  return *std::move(p);
}

/// The error P::parse gives for `text`; Error::none() when it reads it.
template <class P>
Error position_error(std::string_view text) {
  Expected<P> p = P::parse(text);
  return p ? Error::none() : p.error();
}

}  // namespace beyt::test
