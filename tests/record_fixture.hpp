// Records for the tests of record editing (tests/studio_library_test.cpp,
// tests/record_edit_test.cpp): the first game of a text, and a NodePath
// from its text form.
#pragma once

#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "beyt/notation/figures.hpp"
#include "beyt/notation/text.hpp"

namespace beyt::test {

inline notation::GameRecord read_one(const std::string& text) {
  std::istringstream in(text);
  notation::TextReader reader(in, "t.beyt");
  notation::GameRecord r;
  EXPECT_TRUE(reader.next(r)) << reader.error().reason;
  return r;
}

inline notation::NodePath path(const std::string& text) {
  notation::NodePath p;
  EXPECT_TRUE(notation::NodePath::parse(text, p)) << text;
  return p;
}

}  // namespace beyt::test
