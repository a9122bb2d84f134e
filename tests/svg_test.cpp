// SVG diagrams (beyt/svg.hpp, beyt/diagram.hpp, Seega's drawing):
//  * the writer's numbers and escaping are fixed, its documents parse as XML;
//  * Seega draws at every ply of every sample, and each page parses as XML;
//  * the empty boards 5, 7, 9 are byte for byte the golden files in
//    tests/golden/ (BEYT_UPDATE_GOLDEN=1 rewrites them);
//  * rsvg-convert turns a page into a PNG of the page's size;
//  * flipped and monochrome views, marks, arrows and the last move;
//  * diagram commands in comments; a game without drawing is refused.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <pugixml.hpp>
#include <regex>
#include <set>
#include <sstream>
#include <tuple>

#include "beyt/diagram.hpp"
#include "beyt/notation/formats.hpp"
#include "beyt/notation/replay.hpp"
#include "beyt/seega.hpp"
#include "beyt/svg.hpp"
#include "svg_dom.hpp"

namespace {

namespace fs = std::filesystem;
using namespace beyt;

const fs::path kRoot = BEYT_SOURCE_DIR;

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::unique_ptr<State> seega_state(const std::string& rules, const std::string& setup = "") {
  RuleSet r;
  EXPECT_FALSE(seega_game().parse_rules(rules, r));
  std::unique_ptr<State> s;
  EXPECT_FALSE(seega_game().new_state(r, setup, s));
  return s;
}

std::string page(const std::vector<Figure>& figures, const DrawOptions& d = {}, const PageOptions& p = {}) {
  std::string out, why;
  EXPECT_TRUE(svg_page(figures, d, p, out, why)) << why;
  return out;
}

// Parses `svg` as XML; the root is <svg> with numeric width and height.
pugi::xml_node parse(pugi::xml_document& doc, const std::string& svg) {
  pugi::xml_parse_result r = doc.load_buffer(svg.data(), svg.size());
  EXPECT_TRUE(r) << r.description() << " at " << r.offset;
  pugi::xml_node root = doc.child("svg");
  EXPECT_TRUE(root);
  EXPECT_GT(root.attribute("width").as_double(), 0);
  return root;
}

struct AllRecords : notation::GameVisitor {
  std::vector<notation::GameRecord> records;
  bool game(notation::GameRecord&& r, std::uint32_t) override {
    records.push_back(std::move(r));
    return true;
  }
};

TEST(SvgWriter, NumbersAreFixedAndShort) {
  EXPECT_EQ(svg::number(12), "12");
  EXPECT_EQ(svg::number(12.5), "12.5");
  EXPECT_EQ(svg::number(1.0 / 3), "0.33");
  EXPECT_EQ(svg::number(-0.001), "0");
  EXPECT_EQ(svg::number(-3.456), "-3.46");
  EXPECT_EQ(svg::number(1e9), "1000000000");
}

TEST(SvgWriter, EscapesTextAndAttributes) {
  EXPECT_EQ(svg::escape("a & b < c > \"d\" 'e'"), "a &amp; b &lt; c &gt; &quot;d&quot; &#39;e&#39;");
  EXPECT_EQ(svg::escape("T\xC3\xA2" "b"), "T\xC3\xA2" "b");
  EXPECT_EQ(svg::escape(std::string("x\x01y")), "xy") << "control characters are not XML";
}

// SVG text (titles, captions) holds no control character at all (NOTATION.md
// section 11): TAB and LF, which escape() keeps, are dropped too, with every
// other C0 control and DEL.
TEST(SvgWriter, TextAndTitleDropEveryControlCharacter) {
  std::string controls;
  for (char c = 1; c < 0x20; ++c) controls += c;
  controls += '\x7f';
  EXPECT_EQ(svg::escape_line("tab\there" + controls + "<"), "tabhere&lt;");
  EXPECT_EQ(svg::escape("tab\there"), "tab\there") << "escape() itself keeps TAB";
  svg::Canvas c;
  c.text({1, 1}, "tab\there\x7f", svg::Font{});
  const std::string body = c.document({10, 10}, "a\tb\nc");
  EXPECT_NE(body.find("<title>abc</title>"), std::string::npos) << body;
  EXPECT_NE(body.find(">tabhere</text>"), std::string::npos) << body;
  EXPECT_EQ(body.find('\t'), std::string::npos) << body;
}

TEST(SvgWriter, DocumentParsesWithGroupsAndComments) {
  svg::Canvas c;
  c.begin_group(10, 20);
  c.rect(0, 0, 5, 5, {});
  c.comment("a -- b -");
  c.text({1, 2}, "<&>", {});
  svg::Paint p;
  p.fill = "#000";
  c.polygon({{0, 0}, {1, 0}, {0, 1}}, p);
  c.polyline({{0, 0}, {2.5, 1}}, p);
  c.ellipse({5, 5}, 4, 2.5, p);
  c.rect(1, 1, 8, 8, p, 2);
  c.path("M 0,0 Q 5,8 10,0", p);
  std::string doc = c.document({100, 50}, "T\xC3\xA2" "b & Um el-Ban\xC3\xA2t <1925>");
  pugi::xml_document x;
  auto root = parse(x, doc);
  EXPECT_STREQ(root.child("title").child_value(), "T\xC3\xA2" "b & Um el-Ban\xC3\xA2t <1925>");
  EXPECT_STREQ(root.child("g").child("text").child_value(), "<&>");
  EXPECT_EQ(root.attribute("viewBox").as_string(), std::string("0 0 100 50"));
  auto g = root.child("g");
  // The five shapes of one paint share it on a <g>; the first rect, alone in
  // its style, carries its own.
  EXPECT_STREQ(g.child("rect").attribute("fill").as_string(), "none");
  auto shared = g.child("g");
  EXPECT_STREQ(shared.attribute("fill").as_string(), "#000");
  EXPECT_EQ(std::distance(shared.children().begin(), shared.children().end()), 5);
  EXPECT_FALSE(shared.child("polygon").attribute("fill")) << "the style is said once";
  EXPECT_STREQ(shared.child("polyline").attribute("points").as_string(), "0,0 2.5,1");
  EXPECT_STREQ(shared.child("ellipse").attribute("ry").as_string(), "2.5");
  EXPECT_STREQ(shared.child("path").attribute("d").as_string(), "M 0,0 Q 5,8 10,0");
  // An opacity stays on its element: on a group it would blend the group as one.
  svg::Canvas faded;
  svg::Paint half;
  half.fill = "#000";
  half.opacity = 0.5;
  faded.circle({1, 1}, 1, half);
  faded.circle({3, 1}, 1, half);
  pugi::xml_document y;
  auto froot = parse(y, faded.document({10, 10}, ""));
  EXPECT_FALSE(froot.child("g").attribute("opacity"));
  EXPECT_STREQ(froot.child("g").child("circle").attribute("opacity").as_string(), "0.5");
  const std::string tail = "\n  </g>\n</svg>\n";
  EXPECT_EQ(doc.rfind(tail), doc.size() - tail.size()) << "open groups are closed";
}

TEST(SeegaSvg, EveryPlyOfEverySampleDrawsAndParses) {
  int pages = 0;
  for (const auto& e : fs::directory_iterator(kRoot / "samples/seega")) {
    if (e.path().extension() != ".beyt") continue;
    std::ifstream in(e.path());
    AllRecords all;
    ASSERT_FALSE(notation::read_games(in, e.path().string(), notation::Format::text, all));
    for (std::size_t g = 0; g < all.records.size(); ++g) {
      const auto& record = all.records[g];
      for (std::uint32_t ply = 0; ply <= record.moves.size(); ++ply) {
        notation::ReplayOptions ro;
        ro.stop_after = ply;
        ro.variations = false;
        notation::Replay now, before;
        notation::replay(record, e.path().string(), static_cast<std::uint32_t>(g + 1), ro, now);
        ASSERT_TRUE(now.state) << e.path();
        ASSERT_TRUE(now.state->drawing());
        Figure f;
        f.state = now.state.get();
        if (ply > 0) {
          ro.stop_after = ply - 1;
          notation::replay(record, e.path().string(), static_cast<std::uint32_t>(g + 1), ro, before);
          f.last_move = before.state->drawing()->move_cells(now.last_move);
          EXPECT_EQ(f.last_move.empty(), now.last_move == "--") << "only a blocked turn touches no cell: " << e.path() << " ply " << ply << ": " << now.last_move;
        }
        f.caption = "After turn " + std::to_string(ply);
        for (bool flipped : {false, true}) {
          DrawOptions d;
          d.flipped = flipped;
          d.monochrome = flipped;
          pugi::xml_document doc;
          parse(doc, page({f}, d));
          ++pages;
        }
      }
    }
  }
  EXPECT_GT(pages, 200);
}

TEST(SeegaSvg, EmptyBoardsAreTheGoldenFiles) {
  for (int n : {5, 7, 9}) {
    auto s = seega_state("walker; size=" + std::to_string(n));
    DrawOptions d;
    d.empty_board = true;
    PageOptions p;
    p.title = "Seega";
    RuleSet rules;
    ASSERT_FALSE(seega_game().parse_rules("walker; size=" + std::to_string(n), rules));
    p.caption = "Rules: " + rules.canonical();  // as render --empty writes it
    Figure f;
    f.state = s.get();
    std::string svg = page({f}, d, p);
    fs::path golden = kRoot / "tests/golden" / ("seega-empty-" + std::to_string(n) + ".svg");
    if (std::getenv("BEYT_UPDATE_GOLDEN")) std::ofstream(golden, std::ios::binary) << svg;
    EXPECT_EQ(svg, slurp(golden)) << "the drawing of " << golden
                                  << " changed; if on purpose, rerun with BEYT_UPDATE_GOLDEN=1 and look at it";
    EXPECT_EQ(svg.find("<circle"), std::string::npos) << "an empty board has no pieces";
  }
}

// Width and height of a PNG, from its IHDR chunk.
bool png_size(const fs::path& p, std::uint32_t& w, std::uint32_t& h) {
  std::string png = slurp(p);
  if (png.size() < 24 || png.compare(1, 3, "PNG") != 0 || png.compare(12, 4, "IHDR") != 0) return false;
  auto be = [&](std::size_t at) {
    std::uint32_t v = 0;
    for (std::size_t i = 0; i < 4; ++i) v = v << 8 | static_cast<unsigned char>(png[at + i]);
    return v;
  };
  w = be(16);
  h = be(20);
  return true;
}

TEST(SeegaSvg, RsvgConvertMakesAPngOfThePageSize) {
  ASSERT_EQ(std::system("command -v rsvg-convert >/dev/null 2>&1"), 0)
      << "rsvg-convert is missing: install librsvg2-bin (.ci/setup does)";
  auto s = seega_state("walker; size=7");
  ASSERT_FALSE(s->play_turn("a1,b1"));
  Figure f;
  f.state = s.get();
  f.caption = "After turn 1: a1,b1";
  f.marks = {"d4"};
  f.arrows = {{"a1", "a3"}};
  PageOptions p;
  p.title = "T\xC3\xA2" "b & Um el-Ban\xC3\xA2t <test>";
  std::string svg = page({f, f}, {}, p);
  pugi::xml_document doc;
  auto root = parse(doc, svg);
  fs::path dir = fs::temp_directory_path() / ("beyt-svg-test-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::ofstream(dir / "page.svg", std::ios::binary) << svg;
  std::string cmd = "rsvg-convert " + (dir / "page.svg").string() + " -o " + (dir / "page.png").string() + " 2>&1";
  ASSERT_EQ(std::system(cmd.c_str()), 0) << cmd;
  std::uint32_t w = 0, h = 0;
  ASSERT_TRUE(png_size(dir / "page.png", w, h));
  EXPECT_EQ(w, root.attribute("width").as_uint());
  EXPECT_EQ(h, root.attribute("height").as_uint());
  fs::remove_all(dir);
}

TEST(SeegaSvg, CellsFlipWithTheView) {
  auto s = seega_state("walker");
  DrawOptions d;
  svg::Point a1, e5, fa1;
  ASSERT_TRUE(s->drawing()->cell_centre("a1", d, a1));
  ASSERT_TRUE(s->drawing()->cell_centre("e5", d, e5));
  EXPECT_LT(a1.x, e5.x);
  EXPECT_GT(a1.y, e5.y) << "South's rank 1 at the bottom";
  d.flipped = true;
  ASSERT_TRUE(s->drawing()->cell_centre("a1", d, fa1));
  EXPECT_DOUBLE_EQ(fa1.x, e5.x);
  EXPECT_DOUBLE_EQ(fa1.y, e5.y) << "seen from North, a1 is top right";
  EXPECT_FALSE(s->drawing()->cell_centre("f1", d, fa1));
  EXPECT_FALSE(s->drawing()->cell_centre("a6", d, fa1));
  EXPECT_FALSE(s->drawing()->cell_centre("a10", d, fa1));
  EXPECT_FALSE(s->drawing()->cell_centre("", d, fa1));
}

TEST(SeegaSvg, MonochromeUsesBlackAndWhiteOnly) {
  auto s = seega_state("walker", "N4/1SN1S/1SNN1/2SS1/4N S move");
  auto before = s->clone();
  ASSERT_FALSE(s->play_turn("e4-d4"));
  Figure f;
  f.state = s.get();
  f.last_move = before->drawing()->move_cells("e4-d4");
  EXPECT_EQ(f.last_move.from, std::vector<std::string>{"e4"});
  EXPECT_EQ(f.last_move.to, std::vector<std::string>{"d4"});
  EXPECT_EQ(f.last_move.captured, (std::vector<std::string>{"c4", "d3"})) << "captures found from the position";
  f.marks = {"a1"};
  f.arrows = {{"b1", "b3"}};
  DrawOptions d;
  d.monochrome = true;
  std::string mono = page({f}, d);
  std::smatch m;
  std::string rest = mono;
  std::regex colour("#[0-9a-fA-F]{3,6}");
  while (std::regex_search(rest, m, colour)) {
    EXPECT_TRUE(m.str() == "#000" || m.str() == "#fff") << m.str();
    rest = m.suffix();
  }
  d.monochrome = false;
  EXPECT_NE(page({f}, d).find("#f2d675"), std::string::npos) << "the colour style tints the last move";
}

TEST(SeegaSvg, MoveCellsOfEveryKind) {
  auto s = seega_state("lane");
  MoveCells place = s->drawing()->move_cells("c1,c5");
  EXPECT_EQ(place.to, (std::vector<std::string>{"c1", "c5"}));
  EXPECT_TRUE(place.from.empty());
  EXPECT_TRUE(s->drawing()->move_cells("nonsense").empty());
  auto chain = seega_state("walker", "5/5/2N2/1N1NS/S3S S move");
  MoveCells c = chain->drawing()->move_cells("e2-d2xc2xd3");
  EXPECT_EQ(c.from, std::vector<std::string>{"e2"});
  EXPECT_EQ(c.to, std::vector<std::string>{"d2"});
}

TEST(Diagram, ArrowsAndMarksAreDrawn) {
  auto s = seega_state("walker");
  Figure f;
  f.state = s.get();
  f.arrows = {{"a1", "c3"}, {"e5", "e4"}};
  f.marks = {"b2", "d4", "c3"};
  pugi::xml_document doc;
  auto root = parse(doc, page({f}));
  auto g = root.child("g");
  int polygons = 0, dotted = 0;
  for (auto e : svgtest::svg_elements(g, "polygon")) polygons += e ? 1 : 0;
  for (auto e : svgtest::svg_elements(g, "circle")) dotted += !svgtest::svg_attr(e, "stroke-dasharray").empty();
  EXPECT_EQ(polygons, 2);
  EXPECT_EQ(dotted, 3);
  f.marks = {"z9"};
  std::string out, why;
  EXPECT_FALSE(svg_page({f}, {}, {}, out, why));
  EXPECT_NE(why.find("'z9' is not a cell"), std::string::npos) << why;
}

TEST(Diagram, SheetLaysOutColumnsAndCaptions) {
  auto s = seega_state("walker");
  std::vector<Figure> figs(5);
  for (int i = 0; i < 5; ++i) {
    figs[i].state = s.get();
    figs[i].caption = "After turn " + std::to_string(i);
  }
  PageOptions p;
  p.columns = 2;
  pugi::xml_document doc;
  auto root = parse(doc, page(figs, {}, p));
  std::vector<std::string> transforms;
  for (auto g : root.children("g")) transforms.push_back(g.attribute("transform").as_string());
  ASSERT_EQ(transforms.size(), 5u);
  EXPECT_EQ(std::set<std::string>(transforms.begin(), transforms.end()).size(), 5u) << "no two boards overlap";
  int captions = 0;
  for (auto t : svgtest::svg_elements(root, "text")) captions += std::string(t.child_value()).rfind("After turn", 0) == 0;
  EXPECT_EQ(captions, 5);
}

TEST(Diagram, CommandsInComments) {
  std::vector<Arrow> arrows;
  std::vector<std::string> marks;
  std::string why;
  ASSERT_TRUE(parse_diagram_commands("a good move [%arrow c2-c3, d4-d5] and [%mark c3,e5] [%clk 0:01]", arrows,
                                     marks, why))
      << why;
  EXPECT_EQ(arrows, (std::vector<Arrow>{{"c2", "c3"}, {"d4", "d5"}}));
  EXPECT_EQ(marks, (std::vector<std::string>{"c3", "e5"}));
  EXPECT_FALSE(parse_diagram_commands("[%arrow c2c3]", arrows, marks, why));
  EXPECT_FALSE(parse_diagram_commands("[%mark c3,]", arrows, marks, why));
  EXPECT_FALSE(parse_diagram_commands("[%mark c3", arrows, marks, why));
  EXPECT_TRUE(parse_diagram_commands("no commands [here]", arrows, marks, why));
}

// A State without drawing, as the games that have none yet.
class Undrawable final : public State {
 public:
  Undrawable() : State(seega_game()) {}
  std::unique_ptr<State> clone() const override { return std::make_unique<Undrawable>(); }
  bool equals(const State&) const noexcept override { return false; }
  std::uint64_t hash() const noexcept override { return 0; }
  std::string position_text() const override { return {}; }
  Status status() const noexcept override { return {Actor::none, Actor::none, Result::draw, false, 0}; }
  void list_events(std::vector<Event>*, std::vector<std::string>*, std::vector<double>*) const override {}
  Error resolve(std::string_view, std::string*, bool) override { return Error::none(); }
};

TEST(Diagram, GamesWithoutDrawingAreRefusedNotFaked) {
  Undrawable u;
  EXPECT_FALSE(u.drawing());
  Figure f;
  f.state = &u;
  std::string out, why;
  EXPECT_FALSE(svg_page({f}, {}, {}, out, why));
  EXPECT_EQ(why, "SVG diagrams of Seega are not available yet");
  EXPECT_TRUE(out.empty());
  EXPECT_FALSE(svg_page({}, {}, {}, out, why));
}

}  // namespace

namespace {

// ---------------------------------------------------------------------------
// TikZ: the same drawing calls through a second backend (issue 23). That
// pdflatex compiles the pictures of every game is the CTest test
// Tikz.CompilesForEveryGame (tests/tikz/compile.sh).
// ---------------------------------------------------------------------------

TEST(TikzWriter, ShapesTextAndColours) {
  svg::Canvas c(svg::Backend::tikz, 0.5);
  svg::Paint p;
  p.fill = "#efe2c4";
  p.stroke = "#000";
  p.stroke_width = 2;
  p.dash = "4 3";
  c.rect(10, 20, 30, 40, p, 5);
  svg::Paint w;
  w.fill = "#fff";
  c.circle({1, 2}, 3, w);
  svg::Paint line;
  line.stroke = "#b01c1c";
  line.stroke_width = 1;
  line.round = true;
  c.line({0, 0}, {5, 5}, line);
  c.path("M 0,0 L 10,10 Q 20,0 30,10 Z", line);
  c.begin_group(7, 8);
  c.text({3, 4}, "a_b & {c} 50% ~x -- \u00e2 \u0635", svg::Font{"serif", 16, svg::Anchor::end, true, true, "#000"});
  c.end_group();
  const std::string body = c.body();
  EXPECT_NE(body.find("\\path[fill={rgb,255:red,239;green,226;blue,196},draw=black,line width=1pt,dash pattern=on 2pt "
                      "off 1.5pt,rounded corners=2.5pt] (10,20) rectangle (40,60);"),
            std::string::npos)
      << body;
  EXPECT_NE(body.find("\\path[fill=white] (1,2) circle[radius=1.5pt];"), std::string::npos) << body;
  EXPECT_NE(body.find("draw={rgb,255:red,176;green,28;blue,28},line width=0.5pt,line cap=round,line join=round] "
                      "(0,0) -- (5,5);"),
            std::string::npos)
      << body;
  EXPECT_NE(body.find("(0,0) -- (10,10) .. controls (16.67,3.33) and (23.33,3.33) .. (30,10) -- cycle;"),
            std::string::npos)
      << "a quadratic curve as its cubic\n" << body;
  EXPECT_NE(body.find("\\begin{scope}[shift={(7,8)}]"), std::string::npos);
  EXPECT_NE(body.find("\\node[anchor=base east,inner sep=0pt,text=black,font=\\fontsize{8}{9.6}\\selectfont"
                      "\\rmfamily\\bfseries\\itshape] at (3,4) {a\\_b \\& \\{c\\} 50\\% \\textasciitilde{}x -{}- "
                      "\u00e2 ?};"),
            std::string::npos)
      << "TeX's special characters escaped, the -- ligature broken, a letter pdflatex cannot set as ?\n" << body;
  // Letters pdflatex's default encoding (OT1) lacks: Ŋ from T1 where the
  // document has it, else N with a warning; Ħ, in no standard font, H.
  svg::Canvas letters(svg::Backend::tikz, 1);
  letters.text({0, 0}, "\u014a\u0126", svg::Font{});
  EXPECT_NE(letters.body().find("{\\ifcsname\\csname cf@encoding\\endcsname\\string\\NG\\endcsname \u014a\\else"
                                "\\PackageWarning{beyt}{letter U+014A set as N (load T1 fontenc to set it)}N\\fi{}"
                                "\\PackageWarning{beyt}{letter U+0126 set as H (no glyph in pdflatex's fonts)}H};"),
            std::string::npos)
      << letters.body();
  const std::string doc = c.document({100, 50}, "T");
  EXPECT_NE(doc.find("\\begin{tikzpicture}[x=0.5pt,y=-0.5pt]"), std::string::npos) << "y down, as in the SVG";
  EXPECT_NE(doc.find("\\path[fill=white] (0,0) rectangle (100,50);"), std::string::npos);
  const std::string end = "\\end{tikzpicture}\n";
  EXPECT_EQ(doc.compare(doc.size() - end.size(), end.size(), end), 0) << doc;
}

// A plate as TikZ has one element for each element of the same plate as
// SVG, at the same coordinates: one drawing, two writers.
TEST(TikzWriter, APlateHasTheElementsOfItsSvg) {
  auto s = seega_state("walker", "N1NSS/2NNS/NN1NN/N3N/SS1N1 N move");
  Figure f;
  f.state = s.get();
  f.caption = "After turn 30: a2-a3";
  f.last_move.from = {"a2"};
  f.last_move.to = {"a3"};
  f.last_move.captured = {"b3"};
  f.marks = {"e5"};
  f.arrows = {{"a1", "c3"}};
  PageOptions p;
  p.title = "Title";
  p.legend = true;
  p.to_move = true;
  const std::string svg = page({f}, {}, p);
  p.backend = svg::Backend::tikz;
  const std::string tikz = page({f}, {}, p);
  pugi::xml_document doc;
  auto root = parse(doc, svg);
  std::size_t shapes = 0, texts = 0;
  for (const char* name : {"rect", "line", "circle", "ellipse", "polygon", "polyline", "path"})
    shapes += svgtest::svg_elements(root, name).size();
  texts = svgtest::svg_elements(root, "text").size();
  auto count = [&](const std::string& what) {
    std::size_t n = 0;
    for (auto at = tikz.find(what); at != std::string::npos; at = tikz.find(what, at + 1)) ++n;
    return n;
  };
  EXPECT_EQ(count("\\path["), shapes) << "the white ground is one of each";
  EXPECT_EQ(count("\\node["), texts);
  std::size_t groups = 0;
  for (auto g : svgtest::svg_elements(root, "g")) groups += !!g.attribute("transform");
  EXPECT_EQ(count("\\begin{scope}"), groups) << "a translated group is a scope";
  for (auto t : svgtest::svg_elements(root, "text"))
    EXPECT_NE(tikz.find(std::string("at (") + t.attribute("x").as_string() + "," + t.attribute("y").as_string() + ")"),
              std::string::npos)
        << "the same place: " << t.child_value();
}

// --to-move and --legend (issue 23): the side to move under each board; the
// marks that need words, each once, only those drawn.
TEST(Diagram, ToMoveAndLegend) {
  auto s = seega_state("walker", "N1NSS/2NNS/NN1NN/N3N/SS1N1 N move");
  Figure f;
  f.state = s.get();
  f.caption = "After turn 30: a2-a3";
  PageOptions p;
  p.to_move = true;
  std::string out = page({f}, {}, p);
  EXPECT_NE(out.find(">North to move</text>"), std::string::npos) << out;
  p.legend = true;
  out = page({f, f}, {}, p);
  EXPECT_NE(out.find(">the centre</text>"), std::string::npos);
  EXPECT_EQ(out.find(">taken</text>"), std::string::npos) << "no capture, no entry";
  EXPECT_EQ(out.find("the centre", out.find("the centre") + 1), std::string::npos) << "once for the page";
  f.last_move.captured = {"b3"};
  f.last_move.to = {"a3"};
  out = page({f}, {}, p);
  EXPECT_NE(out.find(">taken</text>"), std::string::npos);
  EXPECT_NE(out.find(">moved to</text>"), std::string::npos);
  EXPECT_EQ(out.find(">moved from</text>"), std::string::npos);
}

// Every cell of each game's board is named (BoardDrawing::cell_names: what
// the studio clicks on), once, as cell_centre takes it, and the listed moves
// name no other cell.
TEST(Drawing, CellNamesAreTheBoardsCells) {
  for (const auto& [game, rules, cells] : std::vector<std::tuple<std::string, std::string, std::size_t>>{
           {"seega", "walker", 25}, {"tab", "lane", 36}, {"dleb", "marin; cross-lines=4", 16},
           {"mankalah", "", 12}, {"umelbanat", "", 12}}) {
    RuleSet r;
    ASSERT_FALSE(find_game(game)->parse_rules(rules, r)) << game;
    std::unique_ptr<State> s;
    ASSERT_FALSE(find_game(game)->new_state(r, "", s)) << game;
    std::vector<std::string> names;
    s->drawing()->cell_names(names);
    EXPECT_EQ(names.size(), cells) << game;
    EXPECT_EQ(std::set<std::string>(names.begin(), names.end()).size(), names.size()) << game << ": each once";
    for (const auto& n : names) {
      svg::Point p;
      EXPECT_TRUE(s->drawing()->cell_centre(n, {}, p)) << game << " " << n;
    }
    if (s->to_move() == Actor::chance) continue;  // (Tâb, Dleb: a throw first)
    for (const auto& m : s->legal_events()) {
      const MoveCells c = s->drawing()->move_cells(m);
      for (const auto* list : {&c.from, &c.to})
        for (const auto& n : *list) EXPECT_NE(std::find(names.begin(), names.end(), n), names.end()) << game << " " << m;
    }
  }
}

// The legend alone (legend_svg: the studio's legend of the pieces): the
// marks of the position that need words, each once; none, nothing.
TEST(Diagram, LegendAlone) {
  auto s = seega_state("walker", "N1NSS/2NNS/NN1NN/N3N/SS1N1 N move");
  const std::string out = legend_svg(*s, {}, 400, "Seega");
  pugi::xml_document doc;
  auto root = parse(doc, out);
  EXPECT_STREQ(root.name(), "svg");
  EXPECT_NE(out.find(">the centre</text>"), std::string::npos) << out;
  EXPECT_EQ(out.find(">taken</text>"), std::string::npos) << "no move: no move's marks";
  std::unique_ptr<State> tab;
  ASSERT_FALSE(find_game("tab")->new_state(RuleSet{}, "NNNNNNNNN/........./........s2/SSSSSSS.. S play", tab));
  const std::string marks = legend_svg(*tab, {}, 600, "Tâb");
  for (const char* words : {"Nasrani (never moved)", "Muslim", "eggeh of 3 kelbs"})
    EXPECT_NE(marks.find(words), std::string::npos) << words << "\n" << marks;
  EXPECT_EQ(legend_svg(*tab, {}, 600, "Tâb").size(), marks.size()) << "the same legend again";
}

}  // namespace
