// SVG diagrams of the stick games, Tâb and Dleb (docs/DIAGRAMS.md):
//  * every ply of every sample in samples/tab and samples/dleb draws, with
//    its last move, in colour and flipped in black and white, and each page
//    parses as XML;
//  * the empty boards (Tâb 9 and 7 wide, Dleb of 20 cross-lines) are byte for
//    byte the golden files in tests/golden/ (BEYT_UPDATE_GOLDEN=1 rewrites);
//  * rsvg-convert turns the pages into PNGs of the page size;
//  * Lane's 36 letters stand in the right cells of the 9-wide board;
//  * monochrome pages use #000 and #fff only;
//  * move_cells of Lane's worked examples and of Dleb's eating;
//  * cell names, flipping, and a Dleb field of 100 cross-lines.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <pugixml.hpp>
#include <regex>
#include <set>
#include <sstream>

#include "beyt/diagram.hpp"
#include "beyt/dleb.hpp"
#include "beyt/notation/formats.hpp"
#include "beyt/notation/replay.hpp"
#include "beyt/svg.hpp"
#include "beyt/tab.hpp"
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

std::unique_ptr<State> state_of(const Game& game, const std::string& rules, const std::string& setup = "") {
  RuleSet r;
  Error e = game.parse_rules(rules, r);
  EXPECT_FALSE(e) << rules << ": " << e.reason;
  std::unique_ptr<State> s;
  e = game.new_state(r, setup, s);
  EXPECT_FALSE(e) << setup << ": " << e.reason;
  return s;
}

std::string page(const std::vector<Figure>& figures, const DrawOptions& d = {}, const PageOptions& p = {}) {
  std::string out, why;
  EXPECT_TRUE(svg_page(figures, d, p, out, why)) << why;
  return out;
}

bool parses(const std::string& svg) {
  pugi::xml_document doc;
  pugi::xml_parse_result r = doc.load_buffer(svg.data(), svg.size());
  EXPECT_TRUE(r) << r.description() << " at " << r.offset;
  return r && doc.child("svg") && doc.child("svg").attribute("width").as_double() > 0;
}

struct AllRecords : notation::GameVisitor {
  std::vector<notation::GameRecord> records;
  bool game(notation::GameRecord&& r, std::uint32_t) override {
    records.push_back(std::move(r));
    return true;
  }
};

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

void expect_only_black_and_white(const std::string& svg, const std::string& what) {
  std::smatch m;
  std::string rest = svg;
  std::regex colour("#[0-9a-fA-F]{3,6}");
  while (std::regex_search(rest, m, colour)) {
    EXPECT_TRUE(m.str() == "#000" || m.str() == "#fff") << what << ": " << m.str();
    rest = m.suffix();
  }
}

TEST(SticksSvg, EveryPlyOfEverySampleDrawsAndParses) {
  int pages = 0;
  for (const char* dir : {"samples/tab", "samples/dleb"}) {
    for (const auto& e : fs::directory_iterator(kRoot / dir)) {
      if (e.path().extension() != ".beyt") continue;
      std::ifstream in(e.path());
      AllRecords all;
      ASSERT_FALSE(notation::read_games(in, e.path().string(), notation::Format::text, all));
      for (std::size_t g = 0; g < all.records.size(); ++g) {
        const auto& record = all.records[g];
        int with_cells = 0;
        for (std::uint32_t ply = 0; ply <= record.moves.size(); ++ply) {
          notation::ReplayOptions ro;
          ro.stop_after = ply;
          ro.variations = false;
          notation::Replay now, before;
          notation::replay(record, e.path().string(), static_cast<std::uint32_t>(g + 1), ro, now);
          ASSERT_TRUE(now.state) << e.path();
          ASSERT_TRUE(now.state->drawing()) << e.path();
          Figure f;
          f.state = now.state.get();
          if (ply > 0) {
            ro.stop_after = ply - 1;
            notation::replay(record, e.path().string(), static_cast<std::uint32_t>(g + 1), ro, before);
            f.last_move = before.state->drawing()->move_cells(now.last_move);
            with_cells += !f.last_move.empty();
            // Every named cell is one the board can place.
            svg::Point p;
            for (const auto* list : {&f.last_move.from, &f.last_move.to, &f.last_move.captured})
              for (const auto& c : *list)
                EXPECT_TRUE(now.state->drawing()->cell_centre(c, {}, p)) << c << " of " << now.last_move;
            EXPECT_EQ(f.last_move.from.size(), f.last_move.to.size()) << now.last_move;
          }
          f.caption = "After turn " + std::to_string(ply);
          for (bool flipped : {false, true}) {
            DrawOptions d;
            d.flipped = flipped;
            d.monochrome = flipped;
            std::string svg = page({f}, d);
            EXPECT_TRUE(parses(svg)) << e.path() << " ply " << ply;
            if (flipped) expect_only_black_and_white(svg, e.path().string());
            ++pages;
          }
        }
        EXPECT_GT(with_cells, 5) << e.path() << ": the moves of the sample are highlighted";
      }
    }
  }
  EXPECT_GT(pages, 200);
}

struct EmptyBoard {
  const Game* game;
  std::string rules;
  std::string file;
};

std::string empty_page(const EmptyBoard& b) {
  auto s = state_of(*b.game, b.rules);
  DrawOptions d;
  d.empty_board = true;
  PageOptions p;
  p.title = std::string(b.game->title());
  RuleSet rules;
  EXPECT_FALSE(b.game->parse_rules(b.rules, rules));
  p.caption = "Rules: " + rules.canonical();  // as render --empty writes it
  Figure f;
  f.state = s.get();
  return page({f}, d, p);
}

TEST(SticksSvg, EmptyBoardsAreTheGoldenFiles) {
  for (const EmptyBoard& b : {EmptyBoard{&tab_game(), "lane", "tab-empty-9.svg"},
                              EmptyBoard{&tab_game(), "lane; width=7", "tab-empty-7.svg"},
                              EmptyBoard{&dleb_game(), "marin", "dleb-empty-20.svg"}}) {
    std::string svg = empty_page(b);
    fs::path golden = kRoot / "tests/golden" / b.file;
    if (std::getenv("BEYT_UPDATE_GOLDEN")) std::ofstream(golden, std::ios::binary) << svg;
    EXPECT_EQ(svg, slurp(golden)) << "the drawing of " << golden
                                  << " changed; if on purpose, rerun with BEYT_UPDATE_GOLDEN=1 and look at it";
    EXPECT_EQ(svg.find("<circle"), std::string::npos) << "an empty board has no pieces";
    EXPECT_TRUE(parses(svg));
  }
}

TEST(SticksSvg, RsvgConvertMakesAPngOfThePageSize) {
  ASSERT_EQ(std::system("command -v rsvg-convert >/dev/null 2>&1"), 0)
      << "rsvg-convert is missing: install librsvg2-bin (.ci/setup does)";
  auto tab = state_of(tab_game(), "lane");
  auto tab_before = tab->clone();
  ASSERT_FALSE(tab->play_turn("1,4,2:1I-K,4K-O,2O-Q"));
  auto dleb = state_of(dleb_game(), "marin; cross-lines=100");
  Figure a, b, c;
  a.state = tab.get();
  a.last_move = tab_before->drawing()->move_cells("1,4,2:1I-K,4K-O,2O-Q");
  a.caption = "After turn 1";
  a.arrows = {{"I", "Q"}};
  a.marks = {"s"};
  b.state = dleb.get();
  c.state = state_of(tab_game(), "lane; width=15").release();
  std::unique_ptr<State> own(const_cast<State*>(c.state));
  fs::path dir = fs::temp_directory_path() / ("beyt-svg-sticks-test-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  int i = 0;
  for (const auto& figures : {std::vector<Figure>{a, a}, std::vector<Figure>{b}, std::vector<Figure>{c}}) {
    PageOptions p;
    p.title = "T\xC3\xA2" "b & Dleb";
    std::string svg = page(figures, {}, p);
    pugi::xml_document doc;
    ASSERT_TRUE(doc.load_buffer(svg.data(), svg.size()));
    pugi::xml_node root = doc.child("svg");
    fs::path in = dir / ("page" + std::to_string(i) + ".svg"), out = dir / ("page" + std::to_string(i) + ".png");
    ++i;
    std::ofstream(in, std::ios::binary) << svg;
    std::string cmd = "rsvg-convert " + in.string() + " -o " + out.string() + " 2>&1";
    ASSERT_EQ(std::system(cmd.c_str()), 0) << cmd;
    std::uint32_t w = 0, h = 0;
    ASSERT_TRUE(png_size(out, w, h));
    EXPECT_EQ(w, root.attribute("width").as_uint());
    EXPECT_EQ(h, root.attribute("height").as_uint());
  }
  fs::remove_all(dir);
}

// The <text> elements of a board drawn alone: content -> (x, y).
std::multimap<std::string, svg::Point> texts_of_board(const State& s, const DrawOptions& d) {
  svg::Canvas c;
  s.drawing()->draw_board(c, d);
  s.drawing()->draw_pieces(c, d);
  std::string doc_text = "<svg>" + c.body() + "</svg>";
  pugi::xml_document doc;
  EXPECT_TRUE(doc.load_buffer(doc_text.data(), doc_text.size()));
  std::multimap<std::string, svg::Point> out;
  for (pugi::xml_node t : svgtest::svg_elements(doc.child("svg"), "text"))
    out.insert({t.child_value(), {t.attribute("x").as_double(), t.attribute("y").as_double()}});
  return out;
}

TEST(TabSvg, LanesLettersAreInTheirCells) {
  // docs/RULES.md §Tâb Board: top row i h g f e d c b a, then k..s, then S..K,
  // bottom A..I.
  const char* rows[4] = {"ihgfedcba", "klmnopqrs", "SRQPONMLK", "ABCDEFGHI"};
  auto s = state_of(tab_game(), "lane");
  for (bool flipped : {false, true}) {
    DrawOptions d;
    d.empty_board = true;
    d.flipped = flipped;
    auto texts = texts_of_board(*s, d);
    EXPECT_EQ(texts.size(), 36u) << "one letter in each beyt, no margins";
    const double cell = d.cell;
    svg::Point origin;
    ASSERT_TRUE(s->drawing()->cell_centre("i", d, origin));
    for (int r = 0; r < 4; ++r)
      for (int f = 0; f < 9; ++f) {
        std::string letter(1, rows[r][f]);
        ASSERT_EQ(texts.count(letter), 1u) << letter;
        svg::Point at = texts.find(letter)->second, centre;
        ASSERT_TRUE(s->drawing()->cell_centre(letter, d, centre));
        // The letter is drawn in its own beyt (centred; the baseline a little low).
        EXPECT_NEAR(at.x, centre.x, 0.01) << letter;
        EXPECT_NEAR(at.y, centre.y, 0.3 * cell) << letter;
        // And the beyt is where Lane's figure has it (seen from North: turned round).
        int col = flipped ? 8 - f : f, row = flipped ? 3 - r : r;
        EXPECT_NEAR(centre.x - origin.x, (col - (flipped ? 8 : 0)) * cell, 0.01) << letter;
        EXPECT_NEAR(centre.y - origin.y, (row - (flipped ? 3 : 0)) * cell, 0.01) << letter;
      }
  }
  // With kelbs, the letters stay, small, in the corners of the occupied beyts.
  DrawOptions d;
  auto texts = texts_of_board(*s, d);
  EXPECT_EQ(texts.count("A"), 1u);
  EXPECT_EQ(texts.count("k"), 1u);
}

TEST(TabSvg, WideBoardsHaveGridNamesOnTheMargins) {
  auto s = state_of(tab_game(), "lane; width=13");
  DrawOptions d;
  d.empty_board = true;
  auto texts = texts_of_board(*s, d);
  EXPECT_EQ(texts.count("a"), 1u);
  EXPECT_EQ(texts.count("m"), 1u);
  EXPECT_EQ(texts.count("4"), 1u);
  EXPECT_EQ(texts.count("A"), 0u) << "no Lane letters on 13";
  svg::Point a1, m4, p;
  ASSERT_TRUE(s->drawing()->cell_centre("a1", d, a1));
  ASSERT_TRUE(s->drawing()->cell_centre("m4", d, m4));
  EXPECT_LT(a1.x, m4.x);
  EXPECT_GT(a1.y, m4.y);
  EXPECT_FALSE(s->drawing()->cell_centre("A", d, p));
  EXPECT_FALSE(s->drawing()->cell_centre("n1", d, p));
  EXPECT_FALSE(s->drawing()->cell_centre("a5", d, p));
  auto nine = state_of(tab_game(), "lane");
  EXPECT_TRUE(nine->drawing()->cell_centre("a1", d, p)) << "grid names on every width";
  EXPECT_TRUE(nine->drawing()->cell_centre("K", d, p));
  EXPECT_FALSE(nine->drawing()->cell_centre("T", d, p));
  EXPECT_FALSE(nine->drawing()->cell_centre("J", d, p));
  EXPECT_FALSE(nine->drawing()->cell_centre("", d, p));
  EXPECT_FALSE(nine->drawing()->cell_centre("AB", d, p));
}

TEST(TabSvg, MoveCellsOfLanesWorkedExamples) {
  // "táb and four and two ... the kelb from beyt I ... Q" (Lane 1836).
  auto s = state_of(tab_game(), "lane");
  MoveCells m = s->drawing()->move_cells("1,4,2:1I-K,4K-O,2O-Q");
  EXPECT_EQ(m.from, (std::vector<std::string>{"I", "K", "O"}));
  EXPECT_EQ(m.to, (std::vector<std::string>{"K", "O", "Q"}));
  EXPECT_TRUE(m.captured.empty());
  EXPECT_TRUE(s->drawing()->move_cells("3").empty()) << "an opening throw moves nothing";
  EXPECT_TRUE(s->drawing()->move_cells("nonsense").empty());
  // "from m ... take the kelb in o ... that in s ... pass into a" (Lane 1836);
  // written leniently with '-', the captures are found from the position.
  auto m2 = state_of(tab_game(), "lane", "........N/..s.n...n/........./......... S play");
  MoveCells c = m2->drawing()->move_cells("1,4,2:2m-o,4o-s,1s-a");
  EXPECT_EQ(c.from, (std::vector<std::string>{"m", "o", "s"}));
  EXPECT_EQ(c.to, (std::vector<std::string>{"o", "s", "a"}));
  EXPECT_EQ(c.captured, (std::vector<std::string>{"o", "s", "a"}));
  // Forfeits touch nothing; grid names on a board without letters.
  auto wide = state_of(tab_game(), "lane; width=13");
  MoveCells g = wide->drawing()->move_cells("1,2:1m1-m2,2--");
  EXPECT_EQ(g.from, std::vector<std::string>{"m1"});
  EXPECT_EQ(g.to, std::vector<std::string>{"m2"});
}

TEST(TabSvg, PiecesNasraniMuslimAndEggeh) {
  // South: a Nasrani on A, a Muslim 'eggeh of 3 on K; North: a Nasrani on a,
  // a Muslim on k.
  auto s = state_of(tab_game(), "lane", "........N/n......../........s3/S........ S play");
  svg::Canvas c;
  DrawOptions d;
  s->drawing()->draw_pieces(c, d);
  // Every kelb is a disc (South's black, North's white); a Nasrani carries a
  // square of the other colour on it, the mark of its state, not an empty
  // box of its own.
  const std::string doc = "<svg>" + c.body() + "</svg>";
  pugi::xml_document x;
  ASSERT_TRUE(x.load_string(doc.c_str()));
  const auto discs = svgtest::svg_elements(x.child("svg"), "circle");
  const auto squares = svgtest::svg_elements(x.child("svg"), "rect");
  ASSERT_EQ(discs.size(), 4u) << doc;
  ASSERT_EQ(squares.size(), 2u) << "one square on each Nasrani\n" << doc;
  std::multiset<std::string> disc_fills, square_fills;
  for (auto e : discs) disc_fills.insert(svgtest::svg_attr(e, "fill"));
  for (auto e : squares) square_fills.insert(svgtest::svg_attr(e, "fill"));
  EXPECT_EQ(disc_fills, (std::multiset<std::string>{"#000", "#000", "#fff", "#fff"}));
  EXPECT_EQ(square_fills, (std::multiset<std::string>{"#000", "#fff"})) << "the other colour than the kelb's";
  for (auto q : squares) {  // each square lies inside a disc
    const double qx = q.attribute("x").as_double() + q.attribute("width").as_double() / 2,
                 qy = q.attribute("y").as_double() + q.attribute("height").as_double() / 2;
    bool inside = false;
    for (auto e : discs)
      inside = inside || (std::hypot(e.attribute("cx").as_double() - qx, e.attribute("cy").as_double() - qy) < 0.01 &&
                          q.attribute("width").as_double() < e.attribute("r").as_double());
    EXPECT_TRUE(inside) << doc;
  }
  EXPECT_NE(doc.find(">3</text>"), std::string::npos) << "the 'eggeh's size\n" << doc;
  Figure f;
  f.state = s.get();
  f.marks = {"E"};
  f.arrows = {{"K", "a"}};
  f.last_move.from = {"I"};
  f.last_move.to = {"K"};
  f.last_move.captured = {"K"};
  d.monochrome = true;
  expect_only_black_and_white(page({f}, d), "tab mono");
}

TEST(DlebSvg, MoveCellsAndEating) {
  const char* setup = "N.../..../.n<../s... S1 1/1 0/0";
  auto s = state_of(dleb_game(), "marin; cross-lines=4", setup);
  MoveCells m = s->drawing()->move_cells("BBWW:2A1-B2");
  EXPECT_EQ(m.from, std::vector<std::string>{"A1"});
  EXPECT_EQ(m.to, std::vector<std::string>{"B2"});
  EXPECT_EQ(m.captured, std::vector<std::string>{"B2"}) << "the eaten man, found from the position";
  EXPECT_TRUE(s->drawing()->move_cells("BBWW,BBWW").empty());
  EXPECT_TRUE(s->drawing()->move_cells("nonsense").empty());
  // Marin: "D20 to C20, D19 to D20".
  auto f = state_of(dleb_game(), "marin");
  MoveCells lib = f->drawing()->move_cells("BWBB,WWW,WWB,WB:1D20-C20,1D19-D20");
  EXPECT_EQ(lib.from, (std::vector<std::string>{"D20", "D19"}));
  EXPECT_EQ(lib.to, (std::vector<std::string>{"C20", "D20"}));
}

TEST(DlebSvg, PointsFlipAndNamesAreChecked) {
  auto s = state_of(dleb_game(), "marin");
  DrawOptions d;
  svg::Point a1, d20, p;
  ASSERT_TRUE(s->drawing()->cell_centre("A1", d, a1));
  ASSERT_TRUE(s->drawing()->cell_centre("D20", d, d20));
  EXPECT_LT(a1.x, d20.x);
  EXPECT_GT(a1.y, d20.y) << "South's line A at the bottom";
  d.flipped = true;
  ASSERT_TRUE(s->drawing()->cell_centre("A1", d, p));
  EXPECT_DOUBLE_EQ(p.x, d20.x);
  EXPECT_DOUBLE_EQ(p.y, d20.y);
  for (const char* bad : {"A21", "A0", "E1", "A01", "a1", "", "B", "C1x"})
    EXPECT_FALSE(s->drawing()->cell_centre(bad, d, p)) << bad;
}

TEST(DlebSvg, MenSlavesAndDoubles) {
  // South: a slave on A1, a double of 2 on B3; North: a slave on D4, a free
  // man on C2.
  auto s = state_of(dleb_game(), "marin; cross-lines=4", "...N/.n<../..s2>./S... S1 1/1 0/0");
  svg::Canvas c;
  DrawOptions d;
  s->drawing()->draw_pieces(c, d);
  const std::string& body = c.body();
  int rects = 0, circles = 0;
  for (auto at = body.find("<rect"); at != std::string::npos; at = body.find("<rect", at + 1)) ++rects;
  for (auto at = body.find("<circle"); at != std::string::npos; at = body.find("<circle", at + 1)) ++circles;
  // Every man is a disc; a slave bears a square in the other colour (as the
  // text diagrams' ■ □), never a square alone, which reads as a checkbox.
  EXPECT_EQ(rects, 2) << "the slaves bear a square\n" << body;
  EXPECT_EQ(circles, 4) << "every man is a disc\n" << body;
  int white = 0, black = 0;  // the squares: South's white on black, North's black on white
  for (auto at = body.find("<rect"); at != std::string::npos; at = body.find("<rect", at + 1)) {
    const std::string tag = body.substr(at, body.find('>', at) - at);
    white += tag.find("fill=\"#fff\"") != std::string::npos;
    black += tag.find("fill=\"#000\"") != std::string::npos;
  }
  EXPECT_EQ(white, 1) << body;
  EXPECT_EQ(black, 1) << body;
  EXPECT_NE(body.find(">2</text>"), std::string::npos) << "the double's count\n" << body;
  Figure f;
  f.state = s.get();
  f.marks = {"A4"};
  f.arrows = {{"A1", "B1"}};
  f.last_move.from = {"B2"};
  f.last_move.to = {"B3"};
  d.monochrome = true;
  expect_only_black_and_white(page({f}, d), "dleb mono");
}

TEST(DlebSvg, AHundredCrossLinesStayLegible) {
  auto s = state_of(dleb_game(), "marin; cross-lines=100");
  DrawOptions d;
  svg::Size size = s->drawing()->board_size(d);
  EXPECT_LE(size.width, 60 * d.cell) << "the spacing shrinks";
  svg::Point p1, p2;
  ASSERT_TRUE(s->drawing()->cell_centre("A1", d, p1));
  ASSERT_TRUE(s->drawing()->cell_centre("A2", d, p2));
  EXPECT_GE(p2.x - p1.x, 0.5 * d.cell) << "but the men still have room";
  auto texts = texts_of_board(*s, d);
  EXPECT_EQ(texts.count("1"), 2u) << "cross-line 1 numbered above and below";
  EXPECT_EQ(texts.count("100"), 2u);
  EXPECT_EQ(texts.count("7"), 0u) << "only every fifth cross-line is numbered";
  EXPECT_TRUE(parses(page({Figure{s.get(), "", {}, {}, {}}}, d)));
}

}  // namespace
