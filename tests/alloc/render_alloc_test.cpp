// Rendering holds memory in proportion to the record, never to the page
// (issue 19): the viewer page of a record weighs a few KB a position, but
// ViewerWriter sends each board to the page as it is drawn, so the heap it
// holds grows with the record's move list alone; and the word wrapper cuts a
// word of any length with a number of allocations in proportion to its
// lines. A program of its own: it counts the bytes on the heap with a
// replaced operator new (each block carries its size in front).
#include <gtest/gtest.h>

#include <cstdlib>
#include <new>
#include <ostream>
#include <sstream>
#include <streambuf>
#include <string>

#include "beyt/notation/formats.hpp"
#include "beyt/notation/viewer.hpp"
#include "beyt/svg.hpp"

namespace {

// One thread; the counts are read around the code measured.
std::size_t g_live = 0, g_peak = 0, g_allocations = 0;
constexpr std::size_t kHeader = alignof(std::max_align_t);

}  // namespace

void* operator new(std::size_t n) {
  auto* p = static_cast<unsigned char*>(std::malloc(n + kHeader));
  if (!p) throw std::bad_alloc();
  *reinterpret_cast<std::size_t*>(p) = n;
  g_live += n;
  if (g_live > g_peak) g_peak = g_live;
  ++g_allocations;
  return p + kHeader;
}
void operator delete(void* q) noexcept {
  if (!q) return;
  auto* p = static_cast<unsigned char*>(q) - kHeader;
  g_live -= *reinterpret_cast<std::size_t*>(p);
  std::free(p);
}
void operator delete(void* q, std::size_t) noexcept { operator delete(q); }

namespace {

using namespace beyt;

// An output that only counts what it is given: the page's size, held nowhere.
class CountingBuf : public std::streambuf {
 public:
  std::size_t bytes = 0;

 protected:
  std::streamsize xsputn(const char*, std::streamsize n) override {
    bytes += static_cast<std::size_t>(n);
    return n;
  }
  int_type overflow(int_type c) override {
    if (c != traits_type::eof()) ++bytes;
    return c;
  }
};

// A Seega game of `turns` turns, two pieces shuffling (no capture, no end),
// and `siblings` one-turn variations of its first turn.
notation::GameRecord shuffle(int turns, int siblings) {
  std::ostringstream text;
  text << "[Game \"seega\"]\n[SetUp \"S4/5/5/5/4N S move\"]\n\n";
  static const char* kCycle[] = {"a5-a4", "e1-e2", "a4-a5", "e2-e1"};
  for (int i = 0; i < turns; ++i) {
    text << i + 1 << ". " << kCycle[i % 4] << " ";
    if (i == 0)
      for (int v = 0; v < siblings; ++v) text << "(1. a5-b5) ";
  }
  text << "*\n";
  notation::GameRecord record;
  struct One : notation::GameVisitor {
    notation::GameRecord& out;
    explicit One(notation::GameRecord& r) : out(r) {}
    bool game(notation::GameRecord&& r, std::uint32_t) override {
      out = std::move(r);
      return false;
    }
  } one(record);
  std::istringstream in(text.str());
  EXPECT_FALSE(notation::read_games(in, "test", notation::Format::text, one));
  return record;
}

struct Measured {
  std::size_t page = 0;  // bytes of the page
  std::size_t held = 0;  // the most heap held while it was written, beyond what was held before
};

Measured viewer_of(const notation::GameRecord& record) {
  CountingBuf buf;
  std::ostream out(&buf);
  notation::ViewerOptions options;
  options.file = "test";
  notation::ViewerWriter viewer(out, options);
  const std::size_t before = g_live;
  g_peak = g_live;
  std::vector<std::string> warnings;
  std::string why;
  notation::Diagnostic problem;
  EXPECT_TRUE(viewer.add(record, 1, problem, warnings, why)) << why;
  viewer.finish();
  return {buf.bytes, g_peak - before};
}

TEST(RenderMemory, TheViewerHoldsTheMoveListNotThePage) {
  const auto small = viewer_of(shuffle(1000, 0));
  const auto large = viewer_of(shuffle(4000, 0));
  EXPECT_GT(large.page, 4 * 1000 * 1000u) << "a board of a KB or more for each of 4 001 positions";
  // The move list, about 100 bytes a turn (and its string's spare room):
  // an eighth of the page, which is never held.
  EXPECT_LT(large.held, large.page / 4) << large.held << " bytes held for a page of " << large.page;
  EXPECT_LT(large.held, 5 * small.held) << "linear: " << small.held << " for 1 000 turns, " << large.held
                                        << " for 4 000";
}

TEST(RenderMemory, SiblingVariationsLikewise) {
  const auto small = viewer_of(shuffle(2, 1000));
  const auto large = viewer_of(shuffle(2, 4000));
  EXPECT_GT(large.page, 4 * 1000 * 1000u);
  EXPECT_LT(large.held, large.page / 4) << large.held << " bytes held for a page of " << large.page;
  EXPECT_LT(large.held, 5 * small.held) << small.held << " for 1 000 variations, " << large.held << " for 4 000";
}

// A word of 8 MB wraps into lines with a few allocations a line: no copy of
// the rest of the word at each cut (the wrapper was quadratic, issue 19).
TEST(RenderMemory, WrappingALongWordAllocatesPerLine) {
  const std::string word(std::size_t{8} << 20, 'x');
  const svg::Font font{"serif", 16, svg::Anchor::middle, false, false, "#000"};
  const std::size_t before = g_allocations;
  g_peak = g_live;
  const std::size_t live = g_live;
  const auto lines = svg::wrap(word, font, 500);
  const std::size_t allocations = g_allocations - before;
  ASSERT_GT(lines.size(), 10000u);
  EXPECT_LT(allocations, 2 * lines.size() + 64) << allocations << " allocations for " << lines.size() << " lines";
  EXPECT_LT(g_peak - live, 4 * word.size()) << "the lines and their list, no more";
}

}  // namespace
