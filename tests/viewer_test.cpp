// The positions of a record and what is drawn of them (docs/DIAGRAMS.md):
//  * text wraps within a width; a page is as wide as its boards (Dleb's long
//    turns included, with --width too);
//  * position paths (12, 12.1.14): parsing, locating, replaying variations;
//  * Tâb's and Dleb's capture marks sit on the taken cell, clear of the taker;
//  * captions say what a turn did (a pass, a board or stage end, an opening
//    throw, a capture, entering);
//  * text diagrams one after another (--every, --plies) for unicode and ascii;
//  * `render --format position`: a SetUp of that text is the same position,
//    for every ply of every sample;
//  * the HTML viewer: every position of every sample as `render --format svg
//    --ply P` draws it, nothing from the network, several games, errors.
// The browser tests of the viewer are in tests/browser/ (node + Chromium).
#include <gtest/gtest.h>

#include <array>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <functional>
#include <map>
#include <pugixml.hpp>
#include <regex>
#include <set>

#include "beyt/diagram.hpp"
#include "beyt/notation/figures.hpp"
#include "beyt/notation/formats.hpp"
#include "beyt/notation/replay.hpp"
#include "beyt/notation/text.hpp"
#include "beyt/svg.hpp"
#include "cli_run.hpp"
#include "svg_dom.hpp"

namespace beyt {
namespace {

using namespace test;
using svgtest::svg_attr;
using svgtest::svg_elements;

struct AllGames : notation::GameVisitor {
  std::vector<notation::GameRecord> records;
  bool game(notation::GameRecord&& r, std::uint32_t) override {
    records.push_back(std::move(r));
    return true;
  }
};

std::vector<notation::GameRecord> read_text(const std::string& text) {
  std::istringstream in(text);
  AllGames all;
  EXPECT_FALSE(notation::read_games(in, "test", notation::Format::text, all)) << text;
  return all.records;
}

std::vector<notation::GameRecord> read_file(const fs::path& p) { return read_text(slurp(p)); }

notation::NodePosition position(const notation::GameRecord& r, const std::string& path) {
  notation::NodePath p;
  EXPECT_TRUE(notation::NodePath::parse(path, p)) << path;
  notation::NodePosition pos;
  EXPECT_FALSE(notation::replay_to(r, "test", 1, p, pos)) << path;
  return pos;
}

std::string page_of(const notation::NodePosition& pos, const notation::GameRecord& r, const DrawOptions& d = {},
                    const PageOptions& page = {}, const notation::FigureOptions& figures = {}) {
  std::string svg, why;
  std::vector<std::string> warnings;
  EXPECT_TRUE(notation::position_svg(r, pos, d, figures, page, svg, why, warnings)) << why;
  return svg;
}

std::string page_of(const notation::GameRecord& r, const std::string& path, const DrawOptions& d = {},
                    const PageOptions& page = {}) {
  return page_of(position(r, path), r, d, page);
}

// Every position of the main line, from one replay.
std::vector<notation::NodePosition> main_line(const notation::GameRecord& r) {
  std::vector<notation::NodePath> paths;
  for (std::uint32_t t = 0; t <= r.moves.size(); ++t) paths.push_back({{t}});
  std::vector<notation::NodePosition> out;
  EXPECT_FALSE(notation::replay_to_all(r, "test", 1, paths, out));
  return out;
}

double attr(pugi::xml_node e, const char* name) { return std::stod(svg_attr(e, name)); }

// ---------------------------------------------------------------------------
// Wrapping and the width of a page
// ---------------------------------------------------------------------------

TEST(Wrap, BreaksAtSpacesThenAfterCommasThenAnywhere) {
  svg::Font f{"serif", 10, svg::Anchor::middle, false, false, "#000"};
  EXPECT_TRUE(svg::wrap("", f, 100).empty());
  EXPECT_EQ(svg::wrap("After turn 3: c", f, 1000), std::vector<std::string>{"After turn 3: c"});
  auto lines = svg::wrap("After turn 13: 1,1,1,1,3:1sxa,1H-I,1D-E,1P-Q,3I-M", f, 120);
  ASSERT_GE(lines.size(), 2u);
  std::string joined;
  for (const auto& l : lines) {
    EXPECT_LE(svg::text_width(l, f), 120) << l;
    joined += l + (l.back() == ',' || l.back() == ':' ? "" : " ");
  }
  EXPECT_EQ(joined, "After turn 13: 1,1,1,1,3:1sxa,1H-I,1D-E,1P-Q,3I-M ") << "nothing lost, nothing added";
  EXPECT_EQ(svg::wrap("a\nb c", f, 1000), (std::vector<std::string>{"a", "b c"})) << "a line end breaks";
  auto hard = svg::wrap("WWWWWWWWWWWWWWWWWWWW", f, 50);
  EXPECT_GT(hard.size(), 2u) << "a word wider than the line is cut";
  for (const auto& l : hard) EXPECT_LE(svg::text_width(l, f), 50);
  auto accented = svg::wrap("ÂâÂâÂâÂâÂâÂâÂâ", f, 30);
  for (const auto& l : accented) EXPECT_TRUE(std::regex_match(l, std::regex("(Â|â)+"))) << "cut between code points";
}

// A caption breaks between the steps of a chain, never inside a cell name,
// and leaves no lone short word on its last line (issue 23).
TEST(Wrap, NeverSplitsACellNameAndLeavesNoLoneWord) {
  svg::Font f{"serif", 16, svg::Anchor::middle, false, false, "#000"};
  const std::string chain = "d3-d4xc4-c4xc3-c3xb3-d3xe3-e3xe2xe4-e2xf2";
  for (double width : {60.0, 90.0, 120.0, 200.0}) {
    const auto lines = svg::wrap(chain, f, width);
    std::string joined;
    for (std::size_t i = 0; i < lines.size(); ++i) {
      EXPECT_LE(svg::text_width(lines[i], f), width) << lines[i];
      // After a step, else after a cell (its digit) where a step is wider than the line.
      if (i + 1 < lines.size())
        EXPECT_TRUE(lines[i].back() == '-' || (width < 90 && std::isdigit(static_cast<unsigned char>(lines[i].back()))))
            << "a break after a step, at " << width << ": " << lines[i];
      joined += lines[i];
    }
    EXPECT_EQ(joined, chain);
  }
  // The result of the last turn goes with its move, not alone.
  const auto end = svg::wrap("After turn 66: d4-e4xe3 (0-1)", f, 194);
  ASSERT_EQ(end.size(), 2u);
  EXPECT_EQ(end.back(), "d4-e4xe3 (0-1)");
  const auto players = svg::wrap("random player, seed 21 \u2013 random player, seed 21, 2026.11.21", f, 330);
  ASSERT_EQ(players.size(), 2u);
  EXPECT_GT(svg::text_width(players.back(), f), 0.6 * svg::text_width(players.front(), f)) << "balanced lines";
  // A long paragraph (more than six lines) keeps its greedy lines, but its
  // last word is not left alone.
  std::string words;
  for (int i = 0; i < 60; ++i) words += "word" + std::to_string(i) + " ";
  words += "x";
  const auto many = svg::wrap(words, f, 150);
  ASSERT_GT(many.size(), 6u);
  EXPECT_NE(many.back().find(' '), std::string::npos) << many.back();
}

// The wrapper is linear in the length of a word: a word of 20 MB (a hostile
// tag value) is cut into lines that together are the word (issue 19: it was
// quadratic, and a 200 MB Event tag never finished).
TEST(Wrap, AWordOfManyMegabytesIsCutIntoLines) {
  svg::Font f{"serif", 16, svg::Anchor::middle, true, false, "#000"};
  const std::string word(20u << 20, 'x');
  const auto lines = svg::wrap(word, f, 400);
  ASSERT_GT(lines.size(), 1000u);
  std::size_t total = 0;
  for (const auto& l : lines) {
    EXPECT_LE(svg::text_width(l, f), 400);
    total += l.size();
  }
  EXPECT_EQ(total, word.size());
  EXPECT_EQ(lines.front().size(), lines[1].size()) << "full lines";
}

// Every page of every sample, every ply of the main line: exactly as wide as
// its board and the margins, however long the turn written in the caption.
TEST(Plates, EveryPageIsAsWideAsItsBoard) {
  int pages = 0;
  for (const auto& p : sample_files(".beyt")) {
    for (const auto& r : read_file(p)) {
      const auto positions = main_line(r);
      for (std::size_t ply = 0; ply <= r.moves.size(); ++ply) {
        DrawOptions d;
        const auto& pos = positions.at(ply);
        const std::string svg = page_of(pos, r, d);
        pugi::xml_document x;
        ASSERT_TRUE(x.load_buffer(svg.data(), svg.size()));
        const double board = pos.state->drawing()->board_size(d).width;
        EXPECT_EQ(x.child("svg").attribute("width").as_double(), std::ceil(board + 2 * 20)) << p << " ply " << ply;
        for (auto t : svg_elements(x.child("svg"), "text")) {
          svg::Font f{"serif", attr(t, "font-size"), svg::Anchor::middle, svg_attr(t, "font-weight") == "bold", false,
                      "#000"};
          EXPECT_LE(svg::text_width(t.child_value(), f), board + 0.01) << p << " ply " << ply << ": " << t.child_value();
        }
        ++pages;
      }
    }
  }
  EXPECT_GT(pages, 900);
}

TEST(Plates, DlebCaptionsWrapAndWidthScalesTheBoard) {
  const fs::path game = kRoot / "samples/dleb/marin-2x2.beyt";
  CliRun r = run("render --format svg --ply 3 " + quote(game.string()));
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("width=\"900\" height="), std::string::npos) << "20 cross-lines: 860 px of board and margins";
  EXPECT_GE(std::regex_search(r.out, std::regex(">After turn 3: BWBB,WWW,[^<]*,</text>")), true)
      << "the long turn breaks after a comma";
  CliRun scaled = run("render --format svg --ply 3 --width 800 " + quote(game.string()));
  ASSERT_EQ(scaled.status, 0);
  EXPECT_NE(scaled.out.find("width=\"800\""), std::string::npos);
  EXPECT_NE(scaled.out.find("viewBox=\"0 0 900 "), std::string::npos)
      << "--width 800 draws the 860 px board at 764 px, not at half the page";
}

// ---------------------------------------------------------------------------
// Positions: paths, locating, variations
// ---------------------------------------------------------------------------

TEST(NodePath, ParsesAndWritesMainLineAndVariations) {
  notation::NodePath p;
  for (const char* ok : {"0", "12", "12.1.14", "3.2.5.1.6"}) {
    ASSERT_TRUE(notation::NodePath::parse(ok, p)) << ok;
    EXPECT_EQ(p.text(), ok);
  }
  EXPECT_TRUE(notation::NodePath::parse("12", p) && p.main_line());
  for (const char* bad : {"", "x", "12.", ".12", "12.1", "12.0.12", "1234567890", "-1", "12..1"})
    EXPECT_FALSE(notation::NodePath::parse(bad, p)) << bad;
}

constexpr const char* kTree =
    "[Game \"seega\"]\n[Rules \"walker\"]\n\n"
    "1. c1,c5 2. a3,e3 (2. a1,e1 3. b1,d1 (3. a2,e2) 4. b2,d2) 3. b1,d1 *\n";

TEST(NodePath, LocateNamesWhatIsMissing) {
  auto r = read_text(kTree).at(0);
  const notation::Node* node = nullptr;
  std::string why;
  notation::NodePath p;
  auto locate = [&](const char* text) {
    EXPECT_TRUE(notation::NodePath::parse(text, p)) << text;
    return notation::locate(r, p, node, why);
  };
  EXPECT_TRUE(locate("0"));
  EXPECT_EQ(node, nullptr);
  EXPECT_TRUE(locate("3"));
  EXPECT_EQ(node->move, "b1,d1");
  EXPECT_TRUE(locate("2.1.4"));
  EXPECT_EQ(node->move, "b2,d2");
  EXPECT_TRUE(locate("2.1.3.1.3"));
  EXPECT_EQ(node->move, "a2,e2");
  EXPECT_FALSE(locate("4"));
  EXPECT_EQ(why, "game has only 3 turns");
  EXPECT_FALSE(locate("2.2.2"));
  EXPECT_EQ(why, "turn 2 has 1 variation, not 2");
  EXPECT_FALSE(locate("1.1.1"));
  EXPECT_EQ(why, "turn 1 has no variation, not 1");
  EXPECT_FALSE(locate("2.1.5"));
  EXPECT_EQ(why, "variation 1 of turn 2 has turns 2 to 4, not 5");
}

TEST(NodePath, MoveBeforeAPlaceIsTheLastMoveThatStartsThere) {
  // Line 4 of kTree: "1. c1,c5 2. a3,e3 (2. a1,e1 3. b1,d1 (3. a2,e2) 4. b2,d2) 3. b1,d1 *".
  const std::string movetext = "1. c1,c5 2. a3,e3 (2. a1,e1 3. b1,d1 (3. a2,e2) 4. b2,d2) 3. b1,d1 *";
  auto r = read_text(kTree).at(0);
  notation::NodePath p;
  auto before = [&](const char* text, std::size_t skip = 0) {
    const auto column = static_cast<std::uint32_t>(movetext.find(text) + 1 + skip);
    const notation::Node* n = notation::move_before(r, 4, column, p);
    return n ? n->move + " " + p.text() : "start " + p.text();
  };
  EXPECT_EQ(before("1. c1"), "start 0");            // on the turn number: the move has not begun
  EXPECT_EQ(before("c1,c5"), "c1,c5 1");           // on the move's first character
  EXPECT_EQ(before("c1,c5", 3), "c1,c5 1");        // inside it
  EXPECT_EQ(before("2. a3"), "c1,c5 1");
  EXPECT_EQ(before("(2."), "a3,e3 2");
  EXPECT_EQ(before("a1,e1"), "a1,e1 2.1.2");       // a variation's move
  EXPECT_EQ(before("(3."), "b1,d1 2.1.3");
  EXPECT_EQ(before("a2,e2"), "a2,e2 2.1.3.1.3");   // a variation in a variation
  EXPECT_EQ(before("4. b2"), "a2,e2 2.1.3.1.3");
  EXPECT_EQ(before("b2,d2"), "b2,d2 2.1.4");
  EXPECT_EQ(before("3. b1,d1 *"), "b2,d2 2.1.4");  // after the variation, before the next move
  EXPECT_EQ(before("*"), "b1,d1 3");
  EXPECT_EQ(notation::move_before(r, 1, 1, p), nullptr);  // in the tag pairs: the start
  EXPECT_EQ(p.text(), "0");
  ASSERT_NE(notation::move_before(r, 9, 1, p), nullptr);  // after the text: its last move
  EXPECT_EQ(p.text(), "3");
}

TEST(NodePath, ReplayToAVariationPlaysItsTurns) {
  auto r = read_text(kTree).at(0);
  auto pos = position(r, "2.1.3.1.3");
  ASSERT_TRUE(pos.state && pos.before && pos.node);
  EXPECT_EQ(pos.turn, 3u);
  EXPECT_FALSE(pos.end_of_game);
  // The same position played by hand: c1,c5 a1,e1 a2,e2.
  auto by_hand = position(read_text("[Game \"seega\"]\n[Rules \"walker\"]\n\n1. c1,c5 2. a1,e1 3. a2,e2 *\n").at(0), "3");
  EXPECT_TRUE(pos.state->equals(*by_hand.state));
  EXPECT_TRUE(pos.before->equals(*by_hand.before));
  EXPECT_EQ(notation::node_caption(r, pos), "After turn 3: a2,e2");
  EXPECT_TRUE(position(r, "3").end_of_game);
  // The CLI draws it, and its position text.
  fs::path dir = temp_dir();
  std::ofstream(dir / "tree.beyt") << kTree;
  CliRun text = run("render --ply 2.1.3.1.3 --format position " + quote((dir / "tree.beyt").string()));
  EXPECT_EQ(text.out, pos.state->position_text() + "\n");
  CliRun bad = run("render --ply 2.2.2 " + quote((dir / "tree.beyt").string()));
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.out.find("game 1: turn 2 has 1 variation, not 2 (--ply 2.2.2)"), std::string::npos) << bad.out;
  CliRun syntax = run("render --ply 2.1 " + quote((dir / "tree.beyt").string()));
  EXPECT_EQ(syntax.status, 2);
  EXPECT_NE(syntax.out.find("a turn of a variation (12.1.14)"), std::string::npos) << syntax.out;
  // An illegal move in a variation stops the drawing with its place.
  std::ofstream(dir / "badvar.beyt") << "[Game \"seega\"]\n\n1. c1,c5 (1. c1,c1) 2. a3,e3 *\n";
  CliRun illegal = run("render --ply 1.1.1 " + quote((dir / "badvar.beyt").string()));
  EXPECT_EQ(illegal.status, 1);
  EXPECT_TRUE(std::regex_search(illegal.out, std::regex(":3:1[4-8]: error\\[E3"))) << illegal.out;
  fs::remove_all(dir);
}

TEST(NodePath, ReplayToAllIsReplayToForEachPath) {
  auto r = read_file(kRoot / "samples/seega/centre-immunity.beyt").at(0);
  std::vector<notation::NodePath> paths;
  for (const char* p : {"5", "0", "3.1.3", "2", "2", "4"}) {
    paths.emplace_back();
    ASSERT_TRUE(notation::NodePath::parse(p, paths.back()));
  }
  std::vector<notation::NodePosition> all;
  ASSERT_FALSE(notation::replay_to_all(r, "test", 1, paths, all));
  ASSERT_EQ(all.size(), paths.size());
  for (std::size_t i = 0; i < paths.size(); ++i) {
    auto one = position(r, paths[i].text());
    EXPECT_EQ(all[i].path, paths[i]);
    EXPECT_EQ(all[i].turn, one.turn) << paths[i].text();
    EXPECT_EQ(all[i].node, one.node) << paths[i].text();
    EXPECT_EQ(all[i].end_of_game, one.end_of_game) << paths[i].text();
    EXPECT_TRUE(all[i].state->equals(*one.state)) << paths[i].text();
    EXPECT_EQ(!all[i].before, !one.before) << paths[i].text();
    if (one.before) EXPECT_TRUE(all[i].before->equals(*one.before)) << paths[i].text();
  }
}

// ---------------------------------------------------------------------------
// Capture marks: on the taken cell, clear of the taker standing there
// ---------------------------------------------------------------------------

// The captured cells of the position `path` of `r` and, for each, the lines
// of its cross and the piece standing on the cell, read back from the SVG.
void expect_marks_clear_of_the_taker(const notation::GameRecord& r, const std::string& path, bool mono,
                                     int& checked) {
  DrawOptions d;
  d.monochrome = mono;
  auto pos = position(r, path);
  MoveCells cells = pos.before->drawing()->move_cells(pos.node->move);
  ASSERT_FALSE(cells.captured.empty()) << path;
  PageOptions page;
  page.margin = 0;
  Figure f{pos.state.get(), "", cells, {}, {}};
  std::string svg, why;
  ASSERT_TRUE(svg_page({f}, d, page, svg, why));
  pugi::xml_document x;
  ASSERT_TRUE(x.load_buffer(svg.data(), svg.size()));
  // The board's group is the page's only translated group.
  auto board = x.child("svg").child("g");
  const std::string transform = board.attribute("transform").as_string();
  double dx = 0, dy = 0;
  ASSERT_EQ(std::sscanf(transform.c_str(), "translate(%lf,%lf)", &dx, &dy), 2) << transform;
  const std::string cross_colour = mono ? "#000" : "#b01c1c";
  std::vector<std::array<double, 4>> crosses;
  for (auto l : svg_elements(board, "line"))
    if (svg_attr(l, "stroke") == cross_colour && svg_attr(l, "stroke-linecap") == "round")
      crosses.push_back({attr(l, "x1"), attr(l, "y1"), attr(l, "x2"), attr(l, "y2")});
  for (const auto& cell : cells.captured) {
    svg::Point centre;
    ASSERT_TRUE(pos.state->drawing()->cell_centre(cell, d, centre));
    // The piece on the cell now (the taker), if any.
    std::vector<std::pair<svg::Point, double>> pieces;
    for (auto e : svg_elements(board, "circle")) {
      svg::Point p{attr(e, "cx"), attr(e, "cy")};
      if (std::abs(p.x - centre.x) < d.cell / 2 && std::abs(p.y - centre.y) < d.cell / 2 && attr(e, "r") < d.cell / 2)
        pieces.push_back({p, attr(e, "r") + attr(e, "stroke-width") / 2});
    }
    int ends = 0;
    for (const auto& l : crosses)
      for (int k = 0; k < 2; ++k) {
        const double x = l[2 * k], y = l[2 * k + 1];
        if (std::abs(x - centre.x) > d.cell / 2 || std::abs(y - centre.y) > d.cell / 2) continue;  // another cell
        ++ends;
        for (const auto& [p, r] : pieces)
          EXPECT_GT(std::hypot(x - p.x, y - p.y), r) << path << ": the cross on " << cell << " touches the taker";
      }
    EXPECT_GE(ends, 4) << path << ": no cross inside the taken cell " << cell;
    ++checked;
  }
}

TEST(Plates, TabCaptureMarkSitsOnTheTakenCellClearOfTheKelb) {
  int checked = 0;
  for (const char* sample : {"samples/tab/lane-9.beyt", "samples/tab/lane-7-pieces4.beyt"}) {
    auto r = read_file(kRoot / sample).at(0);
    for (std::size_t t = 1; t <= r.moves.size(); ++t)
      if (r.moves[t - 1].move.find('x') != std::string::npos)
        for (bool mono : {false, true}) expect_marks_clear_of_the_taker(r, std::to_string(t), mono, checked);
  }
  EXPECT_GE(checked, 16);
  // Lane 1836, turn 13 of the sample: the Nasrani on a is taken; the kelb that
  // took stands on a, south-east of the letter, and the cross is in a's top
  // right corner.
  auto r = read_file(kRoot / "samples/tab/lane-9.beyt").at(0);
  auto pos = position(r, "13");
  DrawOptions d;
  svg::Point a, mark;
  double half = 0;
  ASSERT_TRUE(pos.state->drawing()->cell_centre("a", d, a));
  ASSERT_TRUE(pos.state->drawing()->capture_mark("a", d, mark, half));
  EXPECT_GT(mark.x, a.x);
  EXPECT_LT(mark.y, a.y);
  EXPECT_LE(mark.x + half, a.x + d.cell / 2);
  EXPECT_GE(mark.y - half, a.y - d.cell / 2);
}

TEST(Plates, DlebEatenManIsCrossedBesideTheEater) {
  int checked = 0;
  auto r = read_file(kRoot / "samples/dleb/marin-2x2.beyt").at(0);
  for (std::size_t t = 1; t <= r.moves.size(); ++t)
    if (r.moves[t - 1].move.find('x') != std::string::npos)
      expect_marks_clear_of_the_taker(r, std::to_string(t), false, checked);
  EXPECT_GE(checked, 3);
}

// ---------------------------------------------------------------------------
// Captions
// ---------------------------------------------------------------------------

std::string caption_of(const std::string& record, const std::string& path) {
  auto r = read_text(record).at(0);
  return notation::node_caption(r, position(r, path));
}

TEST(Captions, SayWhatTheTurnDid) {
  // Tâb: the opening throws (Lane 1836: "They first throw alternately until
  // one has thrown táb"), the táb that ends it, a capture and a forfeit.
  const std::string tab = "[Game \"tab\"]\n\n1. 3 2. 6 3. 1,2:1I-K,2-- *\n";
  EXPECT_EQ(caption_of(tab, "1"), "After turn 1: 3\nSouth's opening throw: 3, no táb; North throws next");
  EXPECT_EQ(caption_of(tab, "2"), "After turn 2: 6\nNorth's opening throw: 6 (no white side), no táb; South throws next");
  EXPECT_EQ(caption_of(tab, "3"), "After turn 3: 1,2:1I-K,2--\nSouth throws táb: the opening ends; he forfeits 2");
  auto lane = read_file(kRoot / "samples/tab/lane-9.beyt").at(0);
  EXPECT_EQ(notation::node_caption(lane, position(lane, "13")),
            "After turn 13: 1,1,1,1,3:1sxa,1H-I,1D-E,1P-Q,3I-M\nSouth takes 1 kelb (on a)");
  EXPECT_EQ(notation::node_caption(lane, position(lane, "82")), "After turn 82: 3:3IxM (0-1)\nNorth takes 1 kelb (on M)");
  // Um el-Banât: a pass, pecks, a stage end and its houses (Davies 1925).
  auto banat = read_file(kRoot / "samples/umelbanat/four-stages.beyt").at(0);
  std::string all;
  for (std::size_t t = 1; t <= banat.moves.size(); ++t) all += notation::node_caption(banat, position(banat, std::to_string(t))) + "\n";
  EXPECT_NE(all.find(": --\nNorth passes: he has no house to sow from\n"), std::string::npos);
  EXPECT_NE(all.find(": #18-30\nStage ends: South holds 18, North 30; next stage: South 5 houses, North 7 houses\n"),
            std::string::npos);
  EXPECT_NE(all.find("North has no house left: South wins"), std::string::npos);
  EXPECT_NE(all.find("nourishes his daughter in"), std::string::npos);
  EXPECT_TRUE(std::regex_search(all, std::regex("pecks 2 in [A-Fa-f], 2 in"))) << "the pecks of one turn";
  // Each event once: Davies' Fig. 9, four pecks in D.
  auto fig9 = read_file(kRoot / "samples/umelbanat/davies-fig9.beyt").at(0);
  EXPECT_EQ(notation::node_caption(fig9, position(fig9, "1")), "After turn 1: B,C,A,C,B\nSouth pecks 2 in D four times");
  // Mankalah: the distribution, turning the board, a board ending with hasa
  // left (each takes his own side), the board end's gains, the match.
  auto match = read_file(kRoot / "samples/mankalah/ghasheem-match.beyt").at(0);
  all.clear();
  for (std::size_t t = 1; t <= match.moves.size(); ++t) all += notation::node_caption(match, position(match, std::to_string(t))) + "\n";
  EXPECT_NE(all.find("After turn 1: =4,5,4,5,8,9,7,9,3,5,7,6\nNorth distributes the 72 hasa\n"), std::string::npos);
  EXPECT_NE(all.find("After turn 2: turn\nSouth turns the board: North begins\n"), std::string::npos);
  EXPECT_NE(all.find("; the board ends: each takes the hasa on his own side\n"), std::string::npos);
  EXPECT_NE(all.find("Board ends: South took 34, North 38; North gains 4\n"), std::string::npos);
  EXPECT_NE(all.find("South wins the match, 76 to 4"), std::string::npos);
  EXPECT_NE(all.find("South puts a hasweh from "), std::string::npos) << "a feed";
  // Dleb: entering, storing, eating.
  auto dleb = read_file(kRoot / "samples/dleb/marin-2x2.beyt").at(0);
  EXPECT_EQ(notation::node_caption(dleb, position(dleb, "3")).substr(notation::node_caption(dleb, position(dleb, "3")).rfind('\n') + 1),
            "North, player 1 enters");
  all.clear();
  for (std::size_t t = 1; t <= dleb.moves.size(); ++t) all += notation::node_caption(dleb, position(dleb, std::to_string(t))) + "\n";
  EXPECT_TRUE(std::regex_search(all, std::regex("eats 1 man \\(on [A-D][0-9]+\\)")));
  EXPECT_NE(all.find("stores 1 dleb"), std::string::npos);
  // Seega says nothing more than its moves.
  EXPECT_EQ(caption_of(kTree, "1"), "After turn 1: c1,c5");
}

// ---------------------------------------------------------------------------
// Text diagrams one after another
// ---------------------------------------------------------------------------

int occurrences(const std::string& text, const std::string& what) {
  int n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

TEST(TextSheets, EveryAndPliesForUnicodeAndAscii) {
  const fs::path lane = kRoot / "samples/tab/lane-9.beyt";
  CliRun ascii = run("render --format ascii --every 10 " + quote(lane.string()));
  ASSERT_EQ(ascii.status, 0) << ascii.out;
  EXPECT_EQ(occurrences(ascii.out, "\nAfter turn "), 9) << "10, 20, ..., 80 and the last, 82";
  EXPECT_EQ(occurrences(ascii.out, "\nInitial position\n"), 1);
  EXPECT_NE(ascii.out.find("\nAfter turn 82: 3:3IxM (0-1)\nNorth takes 1 kelb (on M)\n"), std::string::npos);
  EXPECT_EQ(occurrences(ascii.out, "South's home row"), 10) << "one diagram per position";
  EXPECT_EQ(ascii.out.find("─"), std::string::npos) << "plain ASCII";
  EXPECT_NE(ascii.out.find("| i | h | g |"), std::string::npos) << "Lane's letters in ASCII too\n" << ascii.out;
  EXPECT_TRUE(std::regex_search(ascii.out, std::regex("\\|[A-Ia-sK-S][@#%*]"))) << "a kelb after its cell's letter";
  CliRun unicode = run("render --plies 0,13,2 " + quote(lane.string()));
  ASSERT_EQ(unicode.status, 0) << unicode.out;
  auto first = unicode.out.find("Initial position"), thirteen = unicode.out.find("After turn 13:"),
       two = unicode.out.find("After turn 2:");
  EXPECT_TRUE(first < thirteen && thirteen < two) << "in the order asked\n" << unicode.out;
  EXPECT_EQ(occurrences(unicode.out, "┌"), 3);
  CliRun bare = run("render --bare --plies 0,1 " + quote(lane.string()));
  EXPECT_EQ(bare.out.find("After turn"), std::string::npos) << "--bare: diagrams only";
  EXPECT_EQ(occurrences(bare.out, "┌"), 2);
  // Every sample, every format of text.
  for (const auto& p : sample_files(".beyt"))
    for (const char* format : {"unicode", "ascii"}) {
      CliRun r = run(std::string("render --every 25 --format ") + format + " " + quote(p.string()));
      EXPECT_EQ(r.status, 0) << p << "\n" << r.out;
      EXPECT_NE(r.out.find("Initial position"), std::string::npos) << p;
    }
}

// ---------------------------------------------------------------------------
// Position text (issue 10 item 2)
// ---------------------------------------------------------------------------

TEST(PositionText, EveryPlyOfEverySampleSetsUpTheSamePosition) {
  int positions = 0;
  for (const auto& p : sample_files(".beyt")) {
    auto records = read_file(p);
    ASSERT_EQ(records.size(), 1u) << p;
    const auto& r = records[0];
    CliRun lines = run("render --format position --every 1 " + quote(p.string()));
    ASSERT_EQ(lines.status, 0) << p << "\n" << lines.out;
    std::istringstream in(lines.out);
    std::string line;
    std::uint32_t expected_ply = 0;
    while (std::getline(in, line)) {
      auto tab = line.find('\t');
      ASSERT_NE(tab, std::string::npos) << line;
      EXPECT_EQ(line.substr(0, tab), std::to_string(expected_ply));
      const std::string text = line.substr(tab + 1);
      // A record that starts from that position.
      std::string record;
      for (const char* name : {"Game", "Rules"})
        if (const auto* t = r.find_tag(name)) record += "[" + std::string(name) + " \"" + t->value + "\"]\n";
      record += "[SetUp \"" + text + "\"]\n\n*\n";
      auto set_up = read_text(record).at(0);
      notation::Replay from_setup, from_moves;
      notation::ReplayOptions only_setup;
      only_setup.stop_after = 0;
      notation::Diagnostic d = notation::replay(set_up, "setup", 1, only_setup, from_setup);
      ASSERT_TRUE(from_setup.state) << p << " ply " << expected_ply << ": " << d.reason;
      EXPECT_TRUE(!d || d.code == Code::result_mismatch) << d.reason;
      notation::ReplayOptions to_ply;
      to_ply.stop_after = expected_ply;
      to_ply.variations = false;
      notation::replay(r, p.string(), 1, to_ply, from_moves);
      ASSERT_TRUE(from_moves.state);
      EXPECT_TRUE(from_setup.state->equals(*from_moves.state)) << p << " ply " << expected_ply << ": " << text;
      EXPECT_EQ(from_setup.state->position_text(), text);
      ++expected_ply;
      ++positions;
    }
    EXPECT_EQ(expected_ply, r.moves.size() + 1) << p << ": one line per ply";
  }
  EXPECT_GT(positions, 900);
}

TEST(PositionText, OneLineForOnePosition) {
  const fs::path lane = kRoot / "samples/tab/lane-9.beyt";
  EXPECT_EQ(run("render --format position --ply 0 " + quote(lane.string())).out,
            "NNNNNNNNN/........./........./SSSSSSSSS S opening\n");
  CliRun plies = run("render --format position --plies 0,1 " + quote(lane.string()));
  EXPECT_EQ(plies.out.rfind("0\tNNNNNNNNN/", 0), 0u) << plies.out;
  EXPECT_EQ(run("render --empty --game tab --rules 'lane; width=7' --format position").out,
            "NNNNNNN/......./......./SSSSSSS S opening\n");
  EXPECT_EQ(run("render --format position --mono " + quote(lane.string())).status, 2) << "an SVG option";
}

// ---------------------------------------------------------------------------
// The HTML viewer
// ---------------------------------------------------------------------------

// `render --format svg` output as the viewer holds it inline.
std::string inline_form(std::string svg) {
  svg.erase(0, svg.find('\n') + 1);  // the XML declaration
  const std::string ns = " xmlns=\"http://www.w3.org/2000/svg\"";
  svg.erase(svg.find(ns), ns.size());
  return svg;
}

// ply -> inline SVG of each position div of the page.
std::map<std::string, std::string> boards_of(const std::string& page) {
  std::map<std::string, std::string> out;
  const std::string open = "<div class=\"pos\" data-ply=\"";
  for (auto at = page.find(open); at != std::string::npos; at = page.find(open, at + 1)) {
    auto q = page.find('"', at + open.size());
    std::string ply = page.substr(at + open.size(), q - at - open.size());
    auto body = page.find(">\n", q) + 2, end = page.find("</svg>\n", body);
    out[ply] = page.substr(body, end + 7 - body);
  }
  return out;
}

// ply -> the caption under each position's board (its text, <br> for line ends).
std::map<std::string, std::string> captions_of(const std::string& page) {
  std::map<std::string, std::string> out;
  const std::string open = "<div class=\"pos\" data-ply=\"";
  for (auto at = page.find(open); at != std::string::npos; at = page.find(open, at + 1)) {
    auto q = page.find('"', at + open.size());
    const std::string ply = page.substr(at + open.size(), q - at - open.size());
    const auto end = page.find("</div>", q), cap = page.find("<p class=\"cap\">", q);
    if (cap < end) out[ply] = page.substr(cap + 15, page.find("</p>", cap) - cap - 15);
  }
  return out;
}

// The SVG a viewer's board is: the bare board (no title, captions or page
// caption: the page's header and the text under the board say them).
notation::FigureOptions bare_figures() {
  notation::FigureOptions f;
  f.captions = false;
  return f;
}

void expect_self_contained(const std::string& page, const std::string& where) {
  std::string lower = page;
  for (auto& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (const char* never : {"http:", "https:", "src=", "<link", "url(", "@import", "//www", "<iframe", "<img"})
    EXPECT_EQ(lower.find(never), std::string::npos) << where << ": " << never;
  EXPECT_EQ(page.rfind("<!DOCTYPE html>\n", 0), 0u) << where;
  EXPECT_EQ(occurrences(page, "<style>"), 1) << where << ": one style sheet";
  EXPECT_EQ(occurrences(page, "<script>"), 1) << where << ": one script, inline";
}

TEST(Viewer, EveryPositionOfEverySampleIsTheSvgRenderDraws) {
  int boards = 0;
  for (const auto& p : sample_files(".beyt")) {
    CliRun html = run("render --format html " + quote(p.string()));
    ASSERT_EQ(html.status, 0) << p << "\n" << html.out.substr(0, 400);
    expect_self_contained(html.out, p.string());
    auto r = read_file(p).at(0);
    auto shown = boards_of(html.out);
    // One board per position: the initial one, every turn, every variation's turns.
    std::size_t nodes = 1;
    std::function<void(const notation::Line&)> count = [&](const notation::Line& line) {
      for (const auto& n : line) {
        ++nodes;
        for (const auto& v : n.variations) count(v);
      }
    };
    count(r.moves);
    EXPECT_EQ(shown.size(), nodes) << p;
    // Each is the bare board position_svg draws, the one function `render
    // --ply` uses, with the position's caption as the page's text under it.
    const auto captions = captions_of(html.out);
    std::vector<notation::NodePath> paths;
    for (const auto& [ply, svg] : shown) {
      paths.emplace_back();
      EXPECT_TRUE(notation::NodePath::parse(ply, paths.back())) << ply;
    }
    std::vector<notation::NodePosition> positions;
    ASSERT_FALSE(notation::replay_to_all(r, "test", 1, paths, positions));
    const std::string title = notation::record_title(r, *find_game(r.find_tag("Game")->value));
    for (const auto& pos : positions) {
      const std::string& svg = shown[pos.path.text()];
      EXPECT_EQ(svg, inline_form(page_of(pos, r, {}, {}, bare_figures()))) << p << " ply " << pos.path.text();
      EXPECT_EQ(svg.find(">" + title + "</text>"), std::string::npos) << "the header says the title, not the board";
      std::string caption = svg::escape(notation::node_caption(r, pos));
      for (std::size_t at = 0; (at = caption.find('\n', at)) != std::string::npos;) caption.replace(at, 1, "<br>");
      EXPECT_EQ(captions.count(pos.path.text()) ? captions.at(pos.path.text()) : "", caption)
          << p << " ply " << pos.path.text();
      ++boards;
    }
    // And the CLI writes the same for a few of them.
    std::vector<std::string> some{"0", "1", std::to_string(r.moves.size())};
    for (const auto& [ply, svg] : shown)
      if (ply.find('.') != std::string::npos) some.push_back(ply);
    for (const auto& ply : some) {
      CliRun svg = run("render --format svg --bare --ply " + ply + " " + quote(p.string()));
      EXPECT_EQ(shown[ply], inline_form(svg.out)) << p << " ply " << ply;
    }
    // Every move of the list links to its position.
    for (const auto& [ply, svg] : shown)
      if (ply != "0") EXPECT_NE(html.out.find("href=\"#ply=" + ply + "\" data-ply=\"" + ply + "\""), std::string::npos) << ply;
  }
  EXPECT_GT(boards, 900);
}

TEST(Viewer, SeveralGamesGetAChooserAndTheirFragments) {
  fs::path dir = temp_dir();
  {
    std::ofstream all(dir / "two.beyt");
    all << slurp(kRoot / "samples/seega/centre-immunity.beyt") << "\n" << slurp(kRoot / "samples/umelbanat/davies-fig9.beyt");
  }
  fs::path out = dir / "two.html";
  CliRun r = run("render --format html " + quote((dir / "two.beyt").string()) + " -o " + quote(out.string()));
  ASSERT_EQ(r.status, 0) << r.out;
  std::string page = slurp(out);
  expect_self_contained(page, "two games");
  EXPECT_EQ(occurrences(page, "<section class=\"game\""), 2);
  EXPECT_NE(page.find("<select id=\"chooser\">"), std::string::npos);
  EXPECT_NE(page.find("href=\"#ply=1\""), std::string::npos) << "the first game needs no game=";
  EXPECT_NE(page.find("href=\"#game=2&amp;ply=1\""), std::string::npos);
  // --game K: that game alone.
  CliRun one = run("render --format html --game 2 " + quote((dir / "two.beyt").string()));
  EXPECT_EQ(one.status, 0);
  EXPECT_EQ(occurrences(one.out, "<section class=\"game\""), 1);
  EXPECT_NE(one.out.find("data-game=\"2\""), std::string::npos);
  EXPECT_EQ(run("render --format html --game 3 " + quote((dir / "two.beyt").string())).status, 2);
  fs::remove_all(dir);
}

TEST(Viewer, IllegalMovesAndUnreadableFiles) {
  fs::path dir = temp_dir();
  // An illegal move: the page is written, says so, and draws the line up to it.
  std::ofstream(dir / "bad.beyt") << "[Game \"seega\"]\n\n1. c1,c5 (1. c1,c1 2. a1,a2) 2. a3,e3 3. a3,a4 4. b1,b2 *\n";
  fs::path out = dir / "bad.html";
  CliRun r = run("render --format html " + quote((dir / "bad.beyt").string()) + " -o " + quote(out.string()));
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_NE(r.out.find("error[E304]"), std::string::npos) << r.out;
  std::string page = slurp(out);
  EXPECT_NE(page.find("<p class=\"error\">"), std::string::npos);
  auto boards = boards_of(page);
  EXPECT_EQ(boards.size(), 3u) << "0, 1 and 2: turn 3 is illegal";
  EXPECT_NE(page.find("<span class=\"m bad\">a3,a4</span>"), std::string::npos);
  EXPECT_NE(page.find("<span class=\"m bad\">b1,b2</span>"), std::string::npos);
  EXPECT_NE(page.find("<span class=\"m bad\">c1,c1</span>"), std::string::npos) << "the variation's too";
  // A game whose Game tag names no game is listed, with its error, and no board.
  std::ofstream(dir / "nogame.beyt") << "[Game \"chess\"]\n\n1. e4 *\n";
  CliRun nogame = run("render --format html " + quote((dir / "nogame.beyt").string()));
  EXPECT_EQ(nogame.status, 1);
  EXPECT_NE(nogame.out.find("error[E202]"), std::string::npos);
  EXPECT_TRUE(boards_of(nogame.out.substr(nogame.out.find("<!DOCTYPE"))).empty());
  EXPECT_NE(nogame.out.find("<span class=\"m bad\">e4</span>"), std::string::npos);
  // A file that cannot be read writes nothing.
  std::ofstream(dir / "broken.beyt") << "[Game \"seega\"]\n\n1. c1,c5 {no end\n";
  fs::path none = dir / "broken.html";
  CliRun broken = run("render --format html " + quote((dir / "broken.beyt").string()) + " -o " + quote(none.string()));
  EXPECT_EQ(broken.status, 1);
  EXPECT_FALSE(fs::exists(none));
  // Addresses in tags and comments stay text.
  std::ofstream(dir / "url.beyt") << "[Event \"Seen at HTTPS://example.org\"]\n[Game \"seega\"]\n[Source \"http://x\"]\n\n"
                                     "1. c1,c5 {see https://example.org/a} *\n";
  CliRun url = run("render --format html " + quote((dir / "url.beyt").string()));
  EXPECT_EQ(url.status, 0) << url.out;
  expect_self_contained(url.out, "addresses in the record");
  EXPECT_NE(url.out.find("see https&#58;//example.org/a"), std::string::npos);
  fs::remove_all(dir);
}

// Issue 22: a turn number and its move never part at a line end: each pair is
// one unit that does not wrap, the number joined to the move by a no-break space.
TEST(Viewer, TurnNumbersStayWithTheirMoves) {
  const fs::path game = kRoot / "samples/seega/centre-immunity.beyt";
  CliRun html = run("render --format html " + quote(game.string()));
  ASSERT_EQ(html.status, 0) << html.out;
  EXPECT_NE(html.out.find(".moves .t{white-space:nowrap}"), std::string::npos);
  int numbers = 0;
  for (auto at = html.out.find("<span class=\"n\">"); at != std::string::npos;
       at = html.out.find("<span class=\"n\">", at + 1)) {
    ++numbers;
    EXPECT_EQ(html.out.rfind("<span class=\"t\">", at), at - 16) << "the number opens a unit";
    const auto close = html.out.find("</span>", at);
    EXPECT_EQ(html.out.compare(close, 13, "</span>&nbsp;"), 0) << "a no-break space before the move";
  }
  EXPECT_EQ(numbers, occurrences(html.out, "<span class=\"t\">"));
  EXPECT_GE(numbers, 6);
}

// Issue 19: a page of more boards than --max-positions (default 20 000, a
// few KB each) is refused before anything is written; memory and the page
// then stay in proportion to what the user asked for.
TEST(Viewer, MaxPositionsRefusesAPageTooLargeAndWritesNothing) {
  fs::path dir = temp_dir();
  {
    std::ofstream big(dir / "wide.beyt");
    big << "[Game \"seega\"]\n[SetUp \"S4/5/5/5/4N S move\"]\n\n1. a5-a4";
    for (int i = 0; i < 20000; ++i) big << " (1. a5-b5)";
    big << " *\n";
  }
  const fs::path out = dir / "wide.html";
  CliRun refused = run("render --format html " + quote((dir / "wide.beyt").string()) + " -o " + quote(out.string()));
  EXPECT_EQ(refused.status, 2) << refused.out;
  EXPECT_NE(refused.out.find("would hold more than 20000 positions (game 1 alone has 20002"), std::string::npos)
      << refused.out;
  EXPECT_NE(refused.out.find("--max-positions"), std::string::npos);
  EXPECT_FALSE(fs::exists(out));
  CliRun small = run("render --format html --max-positions 6 " + quote((kRoot / "samples/seega/centre-immunity.beyt").string()));
  EXPECT_EQ(small.status, 2);
  EXPECT_EQ(small.out.find("<!DOCTYPE"), std::string::npos) << "nothing on standard output";
  CliRun enough =
      run("render --format html --max-positions 7 " + quote((kRoot / "samples/seega/centre-immunity.beyt").string()));
  EXPECT_EQ(enough.status, 0) << "7 positions: the start, 5 turns and a variation's";
  EXPECT_EQ(boards_of(enough.out).size(), 7u);
  for (const char* bad : {"--max-positions 0", "--max-positions -3"})
    EXPECT_EQ(run(std::string("render --format html ") + bad + " " + quote((dir / "wide.beyt").string())).status, 2)
        << bad;
  EXPECT_EQ(run("render --format svg --max-positions 9 " + quote((dir / "wide.beyt").string())).status, 2)
      << "an html option";
  fs::remove_all(dir);
}

// Issue 19: the page's script looks positions up in a Map and keeps only a
// fragment of the form beyt writes, so that #ply=__proto__ or
// #ply=constructor names no position (tests/browser/viewer.test.mjs opens
// such links in Chromium).
TEST(Viewer, TheScriptTakesNoPropertyForAPosition) {
  CliRun html = run("render --format html " + quote((kRoot / "samples/seega/centre-immunity.beyt").string()));
  ASSERT_EQ(html.status, 0);
  EXPECT_NE(html.out.find("new Map()"), std::string::npos);
  EXPECT_NE(html.out.find("PLY.test(v)"), std::string::npos);
  EXPECT_EQ(html.out.find("_pos"), std::string::npos) << "no plain object as a table";
}

TEST(Viewer, UsageErrors) {
  const std::string game = quote((kRoot / "samples/seega/walker-5x5.beyt").string());
  for (const std::string& args : {"--ply 3 " + game, "--every 2 " + game, "--plies 0,1 " + game, "--columns 2 " + game,
                                  std::string("--empty --game seega")}) {
    CliRun r = run("render --format html " + args);
    EXPECT_EQ(r.status, 2) << args << "\n" << r.out;
  }
  CliRun sized = run("render --format html --size 30 --mono " + game);
  EXPECT_EQ(sized.status, 0) << "the SVG options go with html";
  CliRun svg = run("render --format svg --size 30 --mono --bare --ply 12 " + game);
  EXPECT_EQ(boards_of(sized.out)["12"], inline_form(svg.out));
}

}  // namespace
}  // namespace beyt
