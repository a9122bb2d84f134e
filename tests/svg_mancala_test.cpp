// SVG diagrams of the mancala games (docs/DIAGRAMS.md, "Mankalah" and "Um
// el-Banât"):
//  * every ply of every samples/mankalah and samples/umelbanat record draws,
//    in colour and flipped in black and white, and the page parses as XML;
//  * the numerals in the beyts are the position's counts; Um el-Banât's
//    daughters' marks (owner by fill) and the groove segments are where the
//    position has them;
//  * monochrome pages use only #000 and #fff;
//  * the empty boards are byte for byte the golden files in tests/golden/
//    (BEYT_UPDATE_GOLDEN=1 rewrites them);
//  * rsvg-convert turns a page into a PNG of the page's size;
//  * the cells of a move (sown from, last beyt, captures or pecks).
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <pugixml.hpp>
#include <regex>
#include <sstream>
#include <unistd.h>

#include "beyt/diagram.hpp"
#include "beyt/mankalah.hpp"
#include "beyt/notation/formats.hpp"
#include "beyt/notation/replay.hpp"
#include "beyt/svg.hpp"
#include "beyt/umelbanat.hpp"
#include "position_text.hpp"
#include "svg_dom.hpp"

namespace {

namespace fs = std::filesystem;
using namespace beyt;
using test::position;
using test::position_error;

const fs::path kRoot = BEYT_SOURCE_DIR;

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::unique_ptr<State> new_state(const Game& game, const std::string& rules, const std::string& setup = "") {
  RuleSet r;
  EXPECT_FALSE(game.parse_rules(rules, r));
  std::unique_ptr<State> s;
  EXPECT_FALSE(game.new_state(r, setup, s));
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

void expect_mono(const std::string& svg, const std::string& where) {
  std::regex colour("#[0-9a-fA-F]{3,6}");
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), colour); it != std::sregex_iterator(); ++it)
    EXPECT_TRUE(it->str() == "#000" || it->str() == "#fff") << it->str() << " in " << where;
}

struct AllRecords : notation::GameVisitor {
  std::vector<notation::GameRecord> records;
  bool game(notation::GameRecord&& r, std::uint32_t) override {
    records.push_back(std::move(r));
    return true;
  }
};

// What the board of `state` shows, read back from the SVG of its board alone.
struct Drawn {
  std::map<std::pair<std::string, std::string>, std::string> texts;  // (x, y) -> text
  std::vector<std::tuple<std::string, std::string, std::string>> daughters;  // cx, cy, fill
  int groove = 0;
};

Drawn read_board(const State& state, const DrawOptions& d) {
  svg::Canvas c;
  state.drawing()->draw_board(c, d);
  state.drawing()->draw_pieces(c, d);
  std::string doc = c.document(state.drawing()->board_size(d), "board");
  pugi::xml_document x;
  EXPECT_TRUE(x.load_buffer(doc.data(), doc.size()));
  Drawn out;
  // A daughter: a heavy ring round the hollow (its stroke makes the ring).
  const std::string daughter_r = svg::number(0.32 * d.cell + std::max(5.0, 0.17 * d.cell) / 2),
                    groove_w = svg::number(std::max(3.0, 0.12 * d.cell));
  using svgtest::svg_attr;
  for (auto e : svgtest::svg_elements(x.child("svg"), "text"))
    out.texts[{e.attribute("x").as_string(), e.attribute("y").as_string()}] = e.child_value();
  for (auto e : svgtest::svg_elements(x.child("svg"), "circle"))
    if (daughter_r == e.attribute("r").as_string()) {
      EXPECT_EQ(svg_attr(e, "fill"), "none") << "a ring, not a disc over the count";
      out.daughters.emplace_back(e.attribute("cx").as_string(), e.attribute("cy").as_string(), svg_attr(e, "stroke"));
    }
  for (auto e : svgtest::svg_elements(x.child("svg"), "line")) out.groove += groove_w == svg_attr(e, "stroke-width");
  return out;
}

// The counts, daughters and groove drawn for `state` are those of its position.
void expect_board_shows_position(const State& state, const DrawOptions& d, const std::string& where) {
  const bool banat = state.game().name() == "umelbanat";
  Pits pits{};
  UmelbanatPosition ub;
  if (banat) {
    ub = position<UmelbanatPosition>(state.position_text());
    pits = ub.pits;
  } else {
    pits = position<MankalahPosition>(state.position_text()).pits;
  }
  Drawn drawn = read_board(state, d);
  for (int p = 0; p < kPits; ++p) {
    svg::Point at;
    ASSERT_TRUE(state.drawing()->cell_centre(std::string(1, pit_letter(p)), d, at));
    auto it = drawn.texts.find({svg::number(at.x), svg::number(at.y + 0.35 * 0.37 * d.cell)});
    if (pits[p] == 0)
      EXPECT_TRUE(it == drawn.texts.end()) << "empty beyt " << pit_letter(p) << " shows a number, " << where;
    else if (it == drawn.texts.end())
      ADD_FAILURE() << "no count in beyt " << pit_letter(p) << ", " << where;
    else
      EXPECT_EQ(it->second, std::to_string(pits[p])) << "beyt " << pit_letter(p) << ", " << where;
  }
  if (!banat) {
    EXPECT_TRUE(drawn.daughters.empty()) << where;
    EXPECT_EQ(drawn.groove, 0) << where;
    return;
  }
  std::vector<std::tuple<std::string, std::string, std::string>> expected;
  for (int p = 0; p < kPits; ++p) {
    if (ub.mark[p] == UmelbanatMark::none) continue;
    svg::Point at;
    ASSERT_TRUE(state.drawing()->cell_centre(std::string(1, pit_letter(p)), d, at));
    // South's daughter: a black ring; North's: a white ring on a black one
    // (white between black edges).
    expected.emplace_back(svg::number(at.x), svg::number(at.y), "#000");
    if (ub.mark[p] == UmelbanatMark::north) expected.emplace_back(svg::number(at.x), svg::number(at.y), "#fff");
  }
  std::sort(expected.begin(), expected.end());
  std::sort(drawn.daughters.begin(), drawn.daughters.end());
  EXPECT_EQ(drawn.daughters, expected) << "daughters' marks, " << where;
  int groove = 0;  // boundaries between houses of different owners
  for (int p = 0; p < 5; ++p) groove += ub.owner[p] != ub.owner[p + 1];
  for (int p = 6; p < 11; ++p) groove += ub.owner[p] != ub.owner[p + 1];
  for (int p = 0; p < 6; ++p) groove += ub.owner[p] != ub.owner[opposite_pit(p)];
  EXPECT_EQ(drawn.groove, groove) << "groove segments, " << where;
}

void every_ply_of(const std::string& folder, int& pages) {
  for (const auto& e : fs::directory_iterator(kRoot / "samples" / folder)) {
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
        ASSERT_TRUE(now.state->drawing()) << e.path();
        const std::string where = e.path().filename().string() + " ply " + std::to_string(ply);
        Figure f;
        f.state = now.state.get();
        if (ply > 0) {
          ro.stop_after = ply - 1;
          notation::replay(record, e.path().string(), static_cast<std::uint32_t>(g + 1), ro, before);
          f.last_move = before.state->drawing()->move_cells(now.last_move);
          const bool no_cells = now.last_move[0] == '=' || now.last_move[0] == '#' || now.last_move == "turn" ||
                                now.last_move == "--";
          EXPECT_EQ(f.last_move.empty(), no_cells) << where << ": " << now.last_move;
          if (!no_cells) EXPECT_FALSE(f.last_move.from.empty()) << where << ": " << now.last_move;
        }
        f.caption = "After turn " + std::to_string(ply);
        for (bool flipped : {false, true}) {
          DrawOptions d;
          d.flipped = flipped;
          d.monochrome = flipped;
          std::string svg = page({f}, d);
          EXPECT_TRUE(parses(svg)) << where;
          if (flipped) expect_mono(svg, where);
          expect_board_shows_position(*now.state, d, where + (flipped ? " flipped" : ""));
          ++pages;
        }
        if (::testing::Test::HasFailure()) return;
      }
    }
  }
}

TEST(MankalahSvg, EveryPlyOfEverySampleDrawsAndShowsItsCounts) {
  int pages = 0;
  every_ply_of("mankalah", pages);
  EXPECT_GT(pages, 60);
}

TEST(UmelbanatSvg, EveryPlyOfEverySampleDrawsWithDaughtersAndGroove) {
  int pages = 0;
  every_ply_of("umelbanat", pages);
  EXPECT_GT(pages, 10);
}

TEST(MancalaSvg, EmptyBoardsAreTheGoldenFiles) {
  for (const Game* game : {&mankalah_game(), &umelbanat_game()}) {
    auto s = new_state(*game, "");
    DrawOptions d;
    d.empty_board = true;
    PageOptions p;
    p.title = std::string(game->title());
    RuleSet rules;
    ASSERT_FALSE(game->parse_rules("", rules));
    p.caption = "Rules: " + rules.canonical();  // as render --empty writes it
    Figure f;
    f.state = s.get();
    std::string svg = page({f}, d, p);
    EXPECT_TRUE(parses(svg));
    fs::path golden = kRoot / "tests/golden" / (std::string(game->name()) + "-empty.svg");
    if (std::getenv("BEYT_UPDATE_GOLDEN")) std::ofstream(golden, std::ios::binary) << svg;
    EXPECT_EQ(svg, slurp(golden)) << "the drawing of " << golden
                                  << " changed; if on purpose, rerun with BEYT_UPDATE_GOLDEN=1 and look at it";
    EXPECT_FALSE(std::regex_search(svg, std::regex(">[0-9]+</text>"))) << "an empty board has no counts";
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

TEST(MancalaSvg, RsvgConvertMakesAPngOfThePageSize) {
  ASSERT_EQ(std::system("command -v rsvg-convert >/dev/null 2>&1"), 0)
      << "rsvg-convert is missing: install librsvg2-bin (.ci/setup does)";
  auto m = new_state(mankalah_game(), "akil");
  ASSERT_FALSE(m->play_turn("=0,17,0,11,0,0,0,25,0,19,0,0"));
  auto u = new_state(umelbanat_game(), "", "3,2,0,7,0,0,6,6,6,6,6,6 SSSSSSNNNNNN ---n-------- 0-0 S play S");
  fs::path dir = fs::temp_directory_path() / ("beyt-svg-mancala-test-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  int i = 0;
  for (const State* s : {m.get(), u.get()}) {
    Figure f;
    f.state = s;
    f.caption = "Position";
    f.marks = {"C"};
    f.arrows = {{"A", "f"}};
    PageOptions p;
    p.title = "Um el-Ban\xC3\xA2t & Mankalah <test>";
    std::string svg = page({f, f}, {}, p);
    pugi::xml_document doc;
    ASSERT_TRUE(doc.load_buffer(svg.data(), svg.size()));
    fs::path in = dir / ("page" + std::to_string(i) + ".svg"), out = dir / ("page" + std::to_string(i) + ".png");
    ++i;
    std::ofstream(in, std::ios::binary) << svg;
    std::string cmd = "rsvg-convert " + in.string() + " -o " + out.string() + " 2>&1";
    ASSERT_EQ(std::system(cmd.c_str()), 0) << cmd;
    std::uint32_t w = 0, h = 0;
    ASSERT_TRUE(png_size(out, w, h));
    EXPECT_EQ(w, doc.child("svg").attribute("width").as_uint());
    EXPECT_EQ(h, doc.child("svg").attribute("height").as_uint());
  }
  fs::remove_all(dir);
}

TEST(MancalaSvg, LanesLettersAndTheFlippedView) {
  auto s = new_state(mankalah_game(), "");
  DrawOptions d;
  svg::Point A, F, a, f;
  ASSERT_TRUE(s->drawing()->cell_centre("A", d, A));
  ASSERT_TRUE(s->drawing()->cell_centre("F", d, F));
  ASSERT_TRUE(s->drawing()->cell_centre("a", d, a));
  ASSERT_TRUE(s->drawing()->cell_centre("f", d, f));
  EXPECT_LT(A.x, F.x);
  EXPECT_DOUBLE_EQ(a.x, F.x) << "Lane: a over F";
  EXPECT_DOUBLE_EQ(f.x, A.x) << "Lane: f over A";
  EXPECT_LT(a.y, A.y) << "North's row on top";
  d.flipped = true;
  svg::Point fA, ff;
  ASSERT_TRUE(s->drawing()->cell_centre("A", d, fA));
  ASSERT_TRUE(s->drawing()->cell_centre("f", d, ff));
  EXPECT_DOUBLE_EQ(fA.x, a.x);
  EXPECT_DOUBLE_EQ(fA.y, a.y) << "seen from North, A is top right";
  EXPECT_GT(ff.y, fA.y);
  for (const char* bad : {"G", "g", "A1", "", "x"}) EXPECT_FALSE(s->drawing()->cell_centre(bad, d, fA)) << bad;
}

TEST(MankalahSvg, MoveCellsFromTheEngine) {
  auto s = new_state(mankalah_game(), "akil");
  EXPECT_TRUE(s->drawing()->move_cells("=0,17,0,11,0,0,0,25,0,19,0,0").empty()) << "a tebweez touches no beyt";
  ASSERT_FALSE(s->play_turn("=0,17,0,11,0,0,0,25,0,19,0,0"));
  EXPECT_TRUE(s->drawing()->move_cells("turn").empty());
  ASSERT_FALSE(s->play_turn("turn"));
  MoveCells m = s->drawing()->move_cells("bx14");
  EXPECT_EQ(m.from, std::vector<std::string>{"b"});
  EXPECT_EQ(m.to.size(), 1u) << "the beyt of the last hasweh";
  ASSERT_GE(m.captured.size(), 2u) << "bx14 takes a beyt and the one opposite";
  ASSERT_FALSE(s->play_turn("bx14"));
  auto after = position<MankalahPosition>(s->position_text());
  for (const auto& c : m.captured) EXPECT_EQ(after.pits[pit_of_letter(c[0])], 0) << c << " was emptied";
  EXPECT_TRUE(s->drawing()->move_cells("nonsense").empty());
  EXPECT_TRUE(s->drawing()->move_cells("#40-32").empty());
}

TEST(UmelbanatSvg, PeckedAndEndingHousesAreReached) {
  auto s = new_state(umelbanat_game(), "", "3,2,0,7,0,0,6,6,6,6,6,6 SSSSSSNNNNNN ---n-------- 0-0 S play S");
  MoveCells m = s->drawing()->move_cells("B,C,A,C,B");
  EXPECT_EQ(m.from, (std::vector<std::string>{"B", "C", "A"}));
  EXPECT_EQ(m.to, (std::vector<std::string>{"D", "C"}))
      << "Davies' Fig. 9: four pecks in D1 = D, the last sowing ends in the empty house C";
  EXPECT_TRUE(m.captured.empty()) << "D still holds counters: outlined, not crossed";
  EXPECT_TRUE(s->drawing()->move_cells("#28-20").empty());
  EXPECT_TRUE(s->drawing()->move_cells("B").empty()) << "not a legal turn here";
}

}  // namespace
