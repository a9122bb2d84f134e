// IncrementalValidator (beyt/notation/incremental.hpp): after every kind of
// edit of a collection of text records (a character typed or deleted inside
// a game, a '{' that opens a comment up to the end and the '}' that closes
// it, a game pasted, a game cut, a byte-order mark between games), its
// diagnostics are validate_text's of the new text, byte for byte, with and
// without strict; a keystroke inside one game of many re-reads that game's
// neighbourhood only; the reading cut into slices gives the same; a game
// read alone is the game the whole reading makes.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "beyt/notation/incremental.hpp"
#include "beyt/notation/text.hpp"
#include "beyt/notation/validate.hpp"

namespace {

using namespace beyt::notation;

std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// Every text record of samples/ (the invalid ones too), one after another:
// a collection with valid games, slips, broken tag sections, results that do
// not fit, and variations.
std::string collection() {
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::recursive_directory_iterator(BEYT_SOURCE_DIR "/samples"))
    if (e.path().extension() == ".beyt") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  std::string out;
  for (const auto& f : files) {
    std::string t = slurp(f);
    if (t.rfind("\xEF\xBB\xBF", 0) == 0) continue;  // a byte-order mark: tested apart
    out += t;
    if (!out.empty() && out.back() != '\n') out += '\n';
    out += '\n';
  }
  return out;
}

std::vector<std::string> as_json(const std::vector<Diagnostic>& ds) {
  std::vector<std::string> out;
  for (const auto& d : ds) out.push_back(format_json(d) + " @" + std::to_string(d.loc.offset));
  return out;
}

void expect_same(const IncrementalValidator& v, const ValidateOptions& options, const std::string& what) {
  ASSERT_TRUE(v.done()) << what;
  const auto want = as_json(validate_text(v.text(), "c.beyt", Format::text, options));
  const auto got = as_json(v.diagnostics());
  ASSERT_EQ(got, want) << what;
  std::size_t errors = 0;
  for (const auto& d : validate_text(v.text(), "c.beyt", Format::text, options)) errors += d.severity == beyt::Severity::error;
  EXPECT_EQ(v.errors(), errors) << what;
}

// Edits of every kind at places spread over the text, each checked.
void edit_and_compare(bool strict) {
  ValidateOptions options;
  options.strict = strict;
  IncrementalValidator v("c.beyt", options);
  std::string text = collection();
  ASSERT_GT(text.size(), 20000u);
  v.update(text);
  expect_same(v, options, "the whole collection");
  std::minstd_rand next;
  const std::vector<std::string> inserts = {"x", " ", "\n", "{", "}", "(", ")", "[", "\n\n[Event \"?\"]\n", "1.", "*", "\"",
                                            "\xEF\xBB\xBF", "\n[Game \"seega\"]\n\n1. b2,c4 *\n\n"};
  for (int round = 0; round < 100; ++round) {
    const std::size_t at = next() % (text.size() + 1);
    std::string what;
    switch (round % 4) {
      case 0:
      case 1: {  // something typed
        const std::string& s = inserts[next() % inserts.size()];
        text.insert(at, s);
        what = "inserted " + s + " at " + std::to_string(at);
        break;
      }
      case 2: {  // something deleted
        const std::size_t n = std::min<std::size_t>(next() % 40, text.size() - at);
        text.erase(at, n);
        what = "deleted " + std::to_string(n) + " at " + std::to_string(at);
        break;
      }
      default: {  // a piece pasted elsewhere (a game copied, or half of one)
        const std::size_t from = next() % text.size();
        const std::string piece = text.substr(from, next() % 600);
        text.insert(at, piece);
        what = "pasted " + std::to_string(piece.size()) + " bytes at " + std::to_string(at);
      }
    }
    if (round % 3 == 0) {
      v.update(text);
    } else {  // the same change given by its place (edit): the window [from, to) of the old text
      const std::size_t from = std::min(at, v.text().size()) / 2, old_to = std::min(v.text().size(), at + 700);
      const std::size_t new_to = old_to + text.size() - v.text().size();
      v.edit(from, old_to, std::string_view(text).substr(from, new_to - from));
      what += " (an edit of bytes " + std::to_string(from) + ".." + std::to_string(old_to) + ")";
    }
    expect_same(v, options, what);
    ASSERT_EQ(v.text(), text) << what;
    if (::testing::Test::HasFatalFailure()) return;
  }
}

TEST(IncrementalValidator, EveryEditGivesValidateTextsDiagnostics) { edit_and_compare(false); }

TEST(IncrementalValidator, EveryEditGivesValidateTextsDiagnosticsUnderStrict) { edit_and_compare(true); }

// 400 games; a keystroke in the middle of game 200 re-reads about one game.
TEST(IncrementalValidator, AKeystrokeReReadsTheGameItIsIn) {
  std::string game = slurp(BEYT_SOURCE_DIR "/samples/seega/walker-5x5.beyt");
  std::string text;
  for (int i = 0; i < 400; ++i) text += game + "\n";
  IncrementalValidator v("c.beyt");
  v.update(text);
  const std::uint64_t whole = v.bytes_read();
  EXPECT_EQ(whole, text.size());
  const std::size_t at = text.find("13. b3-c3xc4", 200 * (game.size() + 1));
  ASSERT_NE(at, std::string::npos);
  text.insert(at + 4, "z");  // 13. zb3-c3xc4: an illegal move
  v.update(text);
  EXPECT_LT(v.bytes_read() - whole, 3 * game.size()) << "a keystroke re-reads its game, not the collection";
  expect_same(v, {}, "a slip typed in game 201");
  ASSERT_GE(v.errors(), 1u);
  text.erase(at + 4, 1);
  v.update(text);
  expect_same(v, {}, "the slip deleted");
  EXPECT_EQ(v.errors(), 0u);
  // A '{' opens a comment up to the end: everything after is read again, once.
  text.insert(at, "{");
  v.update(text);
  expect_same(v, {}, "a comment opened in game 201");
  text.insert(text.find("14.", at), "}");
  const std::uint64_t before = v.bytes_read();
  v.update(text);
  expect_same(v, {}, "the comment closed");
  EXPECT_LT(v.bytes_read() - before, text.size() / 2 + 3 * game.size());
}

// The reading cut into slices, and changes that come before it is done.
TEST(IncrementalValidator, SlicesGiveTheSame) {
  std::string text = collection();
  IncrementalValidator v("c.beyt");
  EXPECT_FALSE(v.update(text, 1e-6));  // one entry, then the budget is spent
  EXPECT_FALSE(v.done());
  EXPECT_LT(v.checked_to(), text.size());
  // A change while the reading is under way (after its place, then before it).
  text.insert(text.size() - 100, "{");
  v.update(text, 1e-6);
  text.insert(10, "x");
  v.update(text, 1e-6);
  std::size_t slices = 0;
  while (!v.resume(1e-6)) ++slices;
  EXPECT_GT(slices, 10u);
  expect_same(v, {}, "read in slices, changed twice on the way");
}

TEST(IncrementalValidator, AByteOrderMarkBetweenGamesIsKept) {
  const std::string game = slurp(BEYT_SOURCE_DIR "/samples/seega/walker-5x5.beyt");
  std::string text = game + "\n\xEF\xBB\xBF" + game + "\n" + game;
  IncrementalValidator v("c.beyt");
  v.update(text);
  expect_same(v, {}, "a byte-order mark before game 2");
  ASSERT_EQ(v.warnings(), 1u);
  text.insert(text.size() - 10, " ");  // in game 3
  v.update(text);
  expect_same(v, {}, "an edit after it");
}

TEST(IncrementalValidator, AGameReadAloneIsTheGameOfTheWholeReading) {
  const std::string text = collection();
  IncrementalValidator v("c.beyt");
  v.update(text);
  struct All : GameVisitor {
    std::vector<std::pair<std::uint32_t, GameRecord>> games;
    bool game(GameRecord&& r, std::uint32_t i) override {
      games.emplace_back(i, std::move(r));
      return true;
    }
    bool error(const Diagnostic&) override { return true; }
  } all;
  std::istringstream in(text);
  read_text(in, "c.beyt", all);
  ASSERT_GT(all.games.size(), 20u);
  for (const auto& [index, record] : all.games) {
    GameRecord alone;
    GameErrors errors;
    ASSERT_TRUE(v.read_game(index, alone, errors)) << "game " << index;
    EXPECT_TRUE(errors.errors.empty());
    EXPECT_EQ(to_text(alone), to_text(record)) << "game " << index;
    EXPECT_EQ(alone.loc.line, record.loc.line);
    EXPECT_EQ(alone.loc.offset, record.loc.offset);
    if (!record.moves.empty()) EXPECT_EQ(alone.moves.back().loc.line, record.moves.back().loc.line);
  }
  GameRecord none;
  GameErrors errors;
  EXPECT_FALSE(v.read_game(100000, none, errors));
  // A game with slips is read as recovered, with its errors.
  IncrementalValidator slips("s.beyt");
  slips.update(slurp(BEYT_SOURCE_DIR "/samples/invalid/E104-four-slips.beyt"));
  ASSERT_TRUE(slips.read_game(1, none, errors));
  EXPECT_FALSE(errors.errors.empty());
  EXPECT_GT(none.moves.size(), 10u);
}

TEST(IncrementalValidator, OtherFormatsAreValidatedWhole) {
  const std::string json = slurp(BEYT_SOURCE_DIR "/samples/seega/walker-5x5.json");
  IncrementalValidator v("w.json");
  EXPECT_TRUE(v.update(json));
  EXPECT_EQ(v.format(), Format::json);
  EXPECT_TRUE(v.diagnostics().empty());
  EXPECT_EQ(v.entry_count(), 0u);
  v.update(json.substr(0, json.size() / 2));
  EXPECT_EQ(as_json(v.diagnostics()), as_json(validate_text(json.substr(0, json.size() / 2), "w.json", Format::json, {})));
  GameRecord r;
  GameErrors e;
  EXPECT_FALSE(v.read_game(1, r, e));
}

TEST(IncrementalValidator, AnEmptyTextHoldsNoGame) {
  IncrementalValidator v("c.beyt");
  v.update("");
  ASSERT_EQ(v.diagnostics().size(), 1u);
  EXPECT_EQ(v.diagnostics()[0].code, beyt::Code::no_games);
  v.update("   \n");
  expect_same(v, {}, "blanks");
  EXPECT_EQ(v.entry_at(0), v.entry_count());
}

}  // namespace
