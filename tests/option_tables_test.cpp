// The games' option tables (lib/src/option_table.hpp, through the public
// API): each option's default is its Options struct's own value, every value
// a table lists reads into the struct, and every value a game cannot use is
// refused with a message that names the option, the value and what is
// allowed.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "beyt/dleb.hpp"
#include "beyt/game.hpp"
#include "beyt/mankalah.hpp"
#include "beyt/seega.hpp"
#include "beyt/tab.hpp"
#include "beyt/umelbanat.hpp"

namespace {

using namespace beyt;

RuleSet rules_of(const Game& game, std::string_view text) {
  RuleSet r;
  Error e = game.parse_rules(text, r);
  EXPECT_FALSE(e) << text << ": " << e.reason;
  return r;
}

// The Options a game reads from `text` equal `expected`.
template <class Options>
void expect_reads(const Game& game, std::string_view text, const Options& expected) {
  Options o;
  Error e = Options::from_rules(rules_of(game, text), o);
  EXPECT_FALSE(e) << text << ": " << e.reason;
  EXPECT_TRUE(o == expected) << game.name() << " [" << text << "]";
}

template <class Options>
void expect_defaults_are_the_struct(const Game& game) {
  // No rules text, and every option named with its listed default.
  expect_reads(game, "", Options{});
  for (const auto& spec : game.options())
    expect_reads(game, std::string(spec.name) + "=" + std::string(spec.default_value), Options{});
  // An empty RuleSet (no option at all) keeps every default too.
  Options o;
  EXPECT_FALSE(Options::from_rules(RuleSet{}, o));
  EXPECT_TRUE(o == Options{});
}

TEST(OptionTables, TheDefaultOfEveryOptionIsItsStructsValue) {
  expect_defaults_are_the_struct<TabOptions>(tab_game());
  expect_defaults_are_the_struct<DlebOptions>(dleb_game());
  expect_defaults_are_the_struct<SeegaOptions>(seega_game());
  expect_defaults_are_the_struct<MankalahOptions>(mankalah_game());
  expect_defaults_are_the_struct<UmelbanatOptions>(umelbanat_game());
}

TEST(OptionTables, EveryListedValueReadsIntoItsMember) {
  TabOptions tab;
  tab.width = 13;
  tab.pieces = 4;
  tab.release_any = true;
  tab.enemy_row_safe = false;
  tab.pass_enemy = false;
  tab.first = Side::north;
  expect_reads(tab_game(), "width=13; pieces=4; release=any; enemy-row-safe=no; pass-enemy=no; first=north", tab);
  tab = TabOptions{};
  tab.width = 7;
  expect_reads(tab_game(), "width=7; pieces=7", tab);  // every cell: full

  DlebOptions dleb;
  dleb.cross_lines = 100;
  dleb.players = 8;
  dleb.first = Side::north;
  dleb.night = true;
  dleb.double_mover = true;
  expect_reads(dleb_game(), "cross-lines=100; players=8; first=north; time=night; double-course=mover", dleb);

  SeegaOptions seega;
  seega.size = 9;
  seega.first_mover = SeegaFirstMover::first_placer;
  seega.chain = SeegaChain::mandatory;
  seega.centre_immune = false;
  seega.blocked = SeegaBlocked::remove;
  seega.lane_opening = true;
  seega.opening = {{{seega_cell(2, 0), seega_cell(2, 8)}, {seega_cell(0, 4), seega_cell(8, 4)}}};
  seega.barrier = true;
  expect_reads(seega_game(),
               "size=9; first-mover=first-placer; chain=mandatory; centre-immune=no; blocked=remove; "
               "lane-opening=c1+c9/a5+i5; barrier=yes",
               seega);

  MankalahOptions mankalah;
  mankalah.way = MankalahWay::akil;
  mankalah.skip_origin = false;
  mankalah.target = 9999;
  mankalah.loop = MankalahLoop::none;
  expect_reads(mankalah_game(), "way=akil; skip-origin=no; target=9999; loop=none", mankalah);

  UmelbanatOptions umelbanat;
  umelbanat.first = Side::north;
  umelbanat.skip_origin = true;
  expect_reads(umelbanat_game(), "first=north; skip-origin=yes", umelbanat);
}

// The error of a State made under `text`: the free-form values are checked
// when the game reads its options (offset 0: the Rules tag as a whole).
std::string new_state_error(const Game& game, std::string_view text) {
  std::unique_ptr<State> s;
  Error e = game.new_state(rules_of(game, text), "", s);
  EXPECT_EQ(e.code, Code::bad_rules) << text;
  EXPECT_EQ(e.offset, 0u) << text;
  EXPECT_FALSE(s) << text;
  return e.reason;
}

TEST(OptionTables, NumbersOutOfRangeOrMalformedAreRefused) {
  for (const char* v : {"3", "101", "x", "020", "-5", "4.5", "1e2"})
    EXPECT_EQ(new_state_error(dleb_game(), std::string("cross-lines=") + v),
              std::string("option cross-lines is a number from 4 to 100, not '") + v + "'");
  for (const char* v : {"0", "9", "01"})
    EXPECT_EQ(new_state_error(dleb_game(), std::string("players=") + v),
              std::string("option players is a number from 1 to 8, not '") + v + "'");
  for (const char* v : {"0", "10000", "x", "060", "-5", "99999999999999999999", "+7"})
    EXPECT_EQ(new_state_error(mankalah_game(), std::string("target=") + v),
              std::string("option target is a number from 1 to 9999, not '") + v + "'");
}

TEST(OptionTables, TabPiecesAreFullOrUpToTheWidth) {
  for (const char* text :
       {"pieces=0", "pieces=10", "pieces=x", "pieces=04", "width=7; pieces=8", "pieces=123456789012"}) {
    std::string v = std::string(text).substr(std::string(text).find("pieces=") + 7);
    EXPECT_EQ(new_state_error(tab_game(), text),
              "option pieces is full or a number from 1 to the width, not '" + v + "'");
  }
}

TEST(OptionTables, SeegaOpeningCellsAreChecked) {
  EXPECT_EQ(new_state_error(seega_game(), "lane-opening=junk"),
            "lane-opening 'junk': expected no, yes or two pairs such as c2+c4/b3+d3");
  EXPECT_EQ(new_state_error(seega_game(), "lane-opening=c3+c4/b3+d3"),
            "lane-opening 'c3+c4/b3+d3': the centre cannot be an opening cell");
  EXPECT_EQ(new_state_error(seega_game(), "lane-opening=c1+c1/b3+d3"), "lane-opening 'c1+c1/b3+d3': c1 is named twice");
  EXPECT_EQ(new_state_error(seega_game(), "lane-opening=f1+c4/b3+d3"),
            "lane-opening 'f1+c4/b3+d3': f1 is not a cell of the board");
  // The size is read first: f1 is on the 7x7 board, and "yes" means its edges' middles.
  SeegaOptions o;
  ASSERT_FALSE(SeegaOptions::from_rules(rules_of(seega_game(), "size=7; lane-opening=f1+c4/b3+d3"), o));
  EXPECT_EQ(o.opening[0][0], seega_cell(5, 0));
  ASSERT_FALSE(SeegaOptions::from_rules(rules_of(seega_game(), "lane; size=7"), o));
  EXPECT_EQ(o.opening[0][0], seega_cell(3, 0));
}

// A RuleSet of other options (RuleSet::parse takes any table) can hold a word
// a game's choice does not know: the game refuses it, listing its words.
TEST(OptionTables, ChoicesRefuseWordsTheyDoNotKnow) {
  const std::vector<OptionSpec> free_form{{"chain", {}, "optional", "free", "test"},
                                          {"width", {}, "9", "free", "test"}};
  RuleSet r;
  ASSERT_FALSE(RuleSet::parse("chain=maybe; width=8", free_form, {}, r));
  SeegaOptions s;
  Error e = SeegaOptions::from_rules(r, s);
  EXPECT_EQ(e.code, Code::bad_rules);
  EXPECT_EQ(e.reason, "option chain cannot be 'maybe' (optional or mandatory)");
  TabOptions t;
  t.width = 13;
  e = TabOptions::from_rules(r, t);
  EXPECT_EQ(e.reason, "option width cannot be '8' (7, 9, 11, 13 or 15)");
  EXPECT_EQ(t.width, 13) << "the options are written only on success";
}

}  // namespace
