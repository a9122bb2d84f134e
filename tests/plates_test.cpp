// Plates for print (issue 23, docs/DIAGRAMS.md "Layout"): what can be checked
// on the SVG of every sample's plates and figure sheets, in colour and in
// black and white:
//  * every game's default figure sheet of three plies fits a text block of
//    160 mm with every letter and numeral at 7 pt or more;
//  * no text leaves the page, and no two labels overlap (their boxes, from
//    the advance widths svg::text_width measures with);
//  * the marks that must stay legible in black and white do: the rings of
//    Um el-Banât's daughters (both sides) are drawn over the last move's
//    outline and keep a white band between black edges for North; Seega's
//    centre is a hatching of thin lines, never a cross of two like a capture.
// The PNGs of these plates were looked at (`PNG=DIR samples/diagrams/make`
// writes them); these tests keep what was seen.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <pugixml.hpp>
#include <string>
#include <vector>

#include "beyt/diagram.hpp"
#include "beyt/svg.hpp"
#include "cli_run.hpp"
#include "svg_dom.hpp"

namespace beyt {
namespace {

using namespace test;
using svgtest::svg_attr;
using svgtest::svg_elements;
using svgtest::svg_offset;

// A text of the page and its box (px, in the page's frame).
struct Label {
  std::string text;
  double size, x0, y0, x1, y1;
};

std::vector<Label> labels_of(pugi::xml_node svg) {
  std::vector<Label> out;
  for (auto t : svg_elements(svg, "text")) {
    svg::Font f{"serif", std::stod(svg_attr(t, "font-size")), svg::Anchor::start, svg_attr(t, "font-weight") == "bold",
                svg_attr(t, "font-style") == "italic", "#000"};
    const auto [dx, dy] = svg_offset(t);
    const double x = dx + t.attribute("x").as_double(), y = dy + t.attribute("y").as_double();
    const double w = svg::text_width(t.child_value(), f);
    const std::string anchor = svg_attr(t, "text-anchor");
    const double left = anchor == "middle" ? x - w / 2 : anchor == "end" ? x - w : x;
    // Ascent of the letters and numerals (0.73 em in DejaVu Serif) and the
    // descent of g, p, y (0.24 em).
    out.push_back({t.child_value(), f.size, left, y - 0.73 * f.size, left + w, y + 0.24 * f.size});
  }
  return out;
}

struct Page {
  pugi::xml_document doc;
  double width = 0, height = 0;
  pugi::xml_node svg() const { return doc.child("svg"); }
};

bool load(const std::string& text, Page& page) {
  if (!page.doc.load_buffer(text.data(), text.size())) return false;
  double x = 0, y = 0;
  return std::sscanf(page.svg().attribute("viewBox").as_string(), "%lf %lf %lf %lf", &x, &y, &page.width,
                     &page.height) == 4;
}

// No text outside the page, no two labels on each other.
void expect_labels_clear(const Page& page, const std::string& where) {
  const auto labels = labels_of(page.svg());
  ASSERT_FALSE(labels.empty()) << where;
  for (const auto& l : labels) {
    EXPECT_GE(l.x0, 0) << where << ": '" << l.text << "' leaves the page on the left";
    EXPECT_LE(l.x1, page.width) << where << ": '" << l.text << "' leaves the page on the right";
    EXPECT_GE(l.y0, 0) << where << ": '" << l.text << "' leaves the page at the top";
    EXPECT_LE(l.y1, page.height) << where << ": '" << l.text << "' leaves the page at the bottom";
  }
  const double slack = 0.5;  // px: boxes that touch do not overlap
  for (std::size_t i = 0; i < labels.size(); ++i)
    for (std::size_t j = i + 1; j < labels.size(); ++j) {
      const Label &a = labels[i], &b = labels[j];
      const bool apart = a.x1 <= b.x0 + slack || b.x1 <= a.x0 + slack || a.y1 <= b.y0 + slack || b.y1 <= a.y0 + slack;
      EXPECT_TRUE(apart) << where << ": '" << a.text << "' and '" << b.text << "' overlap";
    }
}

const char* const kSamples[] = {
    "seega/walker-5x5",        "seega/walker-7x7",        "seega/lane-5x5",  "seega/centre-immunity",
    "tab/lane-9",              "tab/lane-7-pieces4",      "dleb/marin-2x2",  "mankalah/ghasheem-match",
    "mankalah/akil-board",     "umelbanat/four-stages",   "umelbanat/davies-fig9",
};

std::string sample(const std::string& name) { return quote((kRoot / "samples" / (name + ".beyt")).string()); }

int turns_of(const std::string& name) {
  CliRun far = run("render --ply 100000 " + sample(name));
  return std::stoi(far.out.substr(far.out.find("has only ") + 9));
}

// Issue 23: "every game's default figure sheet of three plies fits a 160 mm
// block at a legible size (numerals at least 7 pt)" -- here every letter too.
TEST(Plates, EveryDefaultSheetOfThreePliesFitsATextBlockLegibly) {
  for (const char* name : kSamples) {
    const int turns = turns_of(name);
    const std::string plies = "0," + std::to_string(turns / 2) + "," + std::to_string(turns);
    for (const char* style : {"--colour", "--mono"}) {
      const std::string where = std::string(name) + " --plies " + plies + " " + style;
      CliRun r = run("render --format svg " + std::string(style) + " --plies " + plies + " " + sample(name));
      ASSERT_EQ(r.status, 0) << where << "\n" << r.out;
      Page page;
      ASSERT_TRUE(load(r.out, page)) << where;
      const double pt_per_px = kTextBlockPt / page.width;  // the sheet scaled to 160 mm
      double smallest = 1e9, numeral = 1e9;
      for (const auto& l : labels_of(page.svg())) {
        smallest = std::min(smallest, l.size * pt_per_px);
        if (l.text.find_first_of("0123456789") != std::string::npos) numeral = std::min(numeral, l.size * pt_per_px);
      }
      EXPECT_GE(numeral, kLegiblePt) << where << ": " << page.width << " px wide";
      EXPECT_GE(smallest, kLegiblePt) << where;
      expect_labels_clear(page, where);
    }
  }
}

TEST(Plates, DefaultColumnsFillA160mmBlockAndColumnsWins) {
  // Dleb's field of 20 cross-lines takes the block alone; Seega's 5x5 boards
  // go three in a row.
  auto width_of = [](const std::string& args) {
    CliRun r = run("render --format svg " + args);
    Page page;
    EXPECT_TRUE(load(r.out, page)) << args << "\n" << r.out;
    return page.width;
  };
  const double dleb = width_of("--plies 0,3,27 " + sample("dleb/marin-2x2"));
  EXPECT_EQ(dleb, width_of("--ply 3 " + sample("dleb/marin-2x2"))) << "one column";
  const double board = 233.2;  // a 5x5 board with its margins
  const double seega = width_of("--plies 0,12,24 " + sample("seega/walker-5x5"));
  EXPECT_EQ(seega, std::ceil(3 * board + 2 * 60 + 40)) << "three in a row";
  EXPECT_EQ(width_of("--plies 0,12,24,30 " + sample("seega/walker-5x5")), std::ceil(2 * board + 60 + 40))
      << "four boards: two rows of two";
  EXPECT_EQ(width_of("--plies 0,3,27 --columns 3 " + sample("dleb/marin-2x2")), 3 * 860 + 2 * 60 + 40)
      << "--columns wins";
  DrawOptions d;
  PageOptions p;
  EXPECT_EQ(default_columns(1, 900, 16, d, p), 1u);
  EXPECT_EQ(default_columns(7, 234, 16, d, p), 3u) << "rows of three, three and one... filled evenly: 3, 2, 2";
  EXPECT_EQ(default_columns(2, 2000, 16, d, p), 1u) << "even one board does not fit: one column";
}

TEST(Plates, EveryPlateOfEverySampleKeepsItsLabelsClear) {
  for (const char* name : kSamples) {
    const int turns = turns_of(name);
    for (int ply : {0, turns / 3, turns}) {
      for (const char* more : {"", " --mono --flip", " --legend --to-move", " --width 680 --mono"}) {
        const std::string where = std::string(name) + " --ply " + std::to_string(ply) + more;
        CliRun r = run("render --format svg --ply " + std::to_string(ply) + more + " " + sample(name));
        ASSERT_EQ(r.status, 0) << where << "\n" << r.out;
        Page page;
        ASSERT_TRUE(load(r.out, page)) << where;
        expect_labels_clear(page, where);
      }
    }
  }
}

// Um el-Banât: North's pecks end in d, where South has a daughter (Davies
// 1925): the ring is drawn over the last move's outline, and in black and
// white both rings keep their contrast.
TEST(Plates, DaughterRingsStayVisibleInMonoAndOverTheHighlight) {
  CliRun r = run("render --format svg --mono --ply 30 " + sample("umelbanat/four-stages"));
  ASSERT_EQ(r.status, 0) << r.out;
  Page page;
  ASSERT_TRUE(load(r.out, page));
  DrawOptions d;
  const double band = std::max(5.0, 0.17 * d.cell);
  std::vector<pugi::xml_node> rings, whites, outlines;
  for (auto c : svg_elements(page.svg(), "circle")) {
    if (svg_attr(c, "fill") != "none") continue;
    const double w = std::stod(svg_attr(c, "stroke-width"));
    if (svg_attr(c, "stroke") == "#000" && std::abs(w - band) < 0.01) rings.push_back(c);
    if (svg_attr(c, "stroke") == "#fff") whites.push_back(c);
  }
  for (auto e : svg_elements(page.svg(), "rect"))
    if (svg_attr(e, "fill") == "none" && std::abs(e.attribute("width").as_double() - 0.84 * d.cell) < 0.01)
      outlines.push_back(e);
  ASSERT_EQ(whites.size(), 1u) << "North's daughter in A";
  ASSERT_GE(rings.size(), 3u) << "South's daughters in d and a, North's in A";
  ASSERT_EQ(outlines.size(), 2u) << "c (dashed) and d (solid)";
  // Document order: the outlines first, the rings over them.
  for (auto ring : rings)
    for (auto outline : outlines) EXPECT_GT(ring.offset_debug(), outline.offset_debug()) << "a ring under the highlight";
  // North's: a white band of at least 3 px between black edges of 1.5 px or more.
  const double white = std::stod(svg_attr(whites[0], "stroke-width"));
  EXPECT_GE(white, 3.0);
  EXPECT_GE((band - white) / 2, 1.5);
  // Every ring stays inside its square (the cell) and round the hollow (r 0.32 cell).
  for (auto ring : rings) {
    const double r0 = ring.attribute("r").as_double();
    EXPECT_LE(r0 + band / 2, 0.5 * d.cell);
    EXPECT_GE(r0 - band / 2, 0.32 * d.cell - 0.01);
  }
}

// Seega: the marked centre is hatched with thin lines; a capture's cross is
// two heavy lines over a white rim. The centre under a piece shows its
// hatching at the corners, which no one reads as a cross.
TEST(Plates, SeegaCentreIsNeverACaptureCross) {
  CliRun r = run("render --format svg --mono --ply 13 " + sample("seega/walker-5x5"));  // b3-c3xc4: into the centre
  ASSERT_EQ(r.status, 0) << r.out;
  Page page;
  ASSERT_TRUE(load(r.out, page));
  DrawOptions d;
  int hatches = 0;
  double hatch_width = 0;
  for (auto p : svg_elements(page.svg(), "path")) {
    const std::string dd = p.attribute("d").as_string();
    int segments = 0;
    for (char c : dd) segments += c == 'M';
    EXPECT_GE(segments, 6) << "a hatching, not a cross";
    hatch_width = std::stod(svg_attr(p, "stroke-width"));
    ++hatches;
  }
  EXPECT_EQ(hatches, 1);
  double cross_width = 0;
  int crosses = 0;
  for (auto l : svg_elements(page.svg(), "line"))
    if (svg_attr(l, "stroke-linecap") == "round" && svg_attr(l, "stroke") == "#000") {
      cross_width = std::stod(svg_attr(l, "stroke-width"));
      ++crosses;
    }
  EXPECT_EQ(crosses, 2) << "c4 taken: one cross of two lines";
  EXPECT_GE(cross_width, 2.5 * hatch_width);
}

}  // namespace
}  // namespace beyt
