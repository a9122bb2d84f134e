// IncrementalValidator (beyt/notation/incremental.hpp): after every kind of
// edit of a collection of text records (a character typed or deleted inside
// a game, a '{' that opens a comment up to the end and the '}' that closes
// it, a game pasted, a game cut, a byte-order mark between games), its
// diagnostics are validate_text's of the new text, byte for byte, with and
// without strict; a keystroke inside one game of many re-reads that game's
// neighbourhood only; the reading cut into slices gives the same; a game
// read alone is the game the whole reading makes. Within a long game, a
// change replays it from a position kept before the change
// (ReplayCheckpoints), with the diagnostics of a replay from its first
// turn: edits of late and early turns, of comments and variations, of the
// tags that make the position (Game, Rules, SetUp) and of the options; a
// board shown (replay_to) after each is the position a replay from the start
// reaches.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <sstream>

#include "beyt/notation/figures.hpp"
#include "beyt/notation/generate.hpp"
#include "beyt/notation/incremental.hpp"
#include "beyt/notation/replay.hpp"
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

// `s` inserted at `at`, or `n` bytes (at most) deleted there: what was done.
std::string insert_at(std::string& text, std::size_t at, const std::string& s) {
  text.insert(at, s);
  return "inserted " + s + " at " + std::to_string(at);
}
std::string erase_at(std::string& text, std::size_t at, std::size_t n) {
  n = std::min(n, text.size() - at);
  text.erase(at, n);
  return "deleted " + std::to_string(n) + " at " + std::to_string(at);
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
  const int rounds = BEYT_SANITIZED ? 30 : 100;  // the sanitizers: every kind of edit, fewer times
  for (int round = 0; round < rounds; ++round) {
    const std::size_t at = next() % (text.size() + 1);
    std::string what;
    switch (round % 4) {
      case 0:
      case 1:  // something typed
        what = insert_at(text, at, inserts[next() % inserts.size()]);
        break;
      case 2:  // something deleted
        what = erase_at(text, at, next() % 40);
        break;
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

// The game a change is in, given without a copy (changed_game): the game a
// reading of the whole text makes, with its slips, edit after edit in games
// of different lengths (each reading writes over the turns of the game the
// change before was in); none for the other games.
TEST(IncrementalValidator, TheGameAChangeIsInIsTheGameOfTheWholeReading) {
  std::string text = collection();
  IncrementalValidator v("c.beyt");
  v.update(text);
  struct All : GameVisitor {
    std::map<std::uint32_t, std::pair<GameRecord, std::size_t>> games;  // the record and its count of slips
    bool game(GameRecord&& r, std::uint32_t i) override {
      games[i] = {std::move(r), 0};
      return true;
    }
    bool broken(GameRecord&& r, std::uint32_t i, const GameErrors& e) override {
      games[i] = {std::move(r), e.errors.size()};
      return true;
    }
    bool error(const Diagnostic&) override { return true; }
  };
  std::minstd_rand next;
  for (int round = 0; round < 40; ++round) {
    // A character typed in a tag value, a comment or a move of a game picked at random.
    std::size_t at = text.find("\n1.", next() % text.size());
    if (at == std::string::npos) at = text.find("\n1.");
    const std::string typed = round % 5 == 4 ? "{" : round % 2 ? "x" : " ";
    text.insert(at + 3, typed);
    v.edit(at, at + 4, std::string_view(text).substr(at, 4 + typed.size()));
    ASSERT_EQ(v.text(), text);
    All all;
    std::istringstream in(text);
    read_text(in, "c.beyt", all);
    std::size_t given = 0;
    for (const auto& [index, want] : all.games) {
      const GameErrors* slips = nullptr;
      const GameRecord* got = v.changed_game(index, &slips);
      if (!got) continue;
      ++given;
      ASSERT_NE(slips, nullptr);
      EXPECT_LE(got->loc.offset, at + 3) << "round " << round << ": the game the change is in";
      EXPECT_EQ(to_text(*got), to_text(want.first)) << "round " << round << ", game " << index;
      EXPECT_EQ(got->loc.offset, want.first.loc.offset);
      EXPECT_EQ(got->moves.size(), want.first.moves.size());
      EXPECT_EQ(slips->errors.size(), want.second) << "round " << round << ", game " << index;
    }
    EXPECT_EQ(given, 1u) << "round " << round << ": one game, the one the change is in";
    if (typed == "{") {  // taken back: the rest of the text is read again
      text.erase(at + 3, 1);
      v.update(text);
    }
    if (::testing::Test::HasFatalFailure()) return;
  }
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


// A Tâb game of `turns` turns of beyt's random player (not over by then),
// as text, and a short game after it.
std::string long_game(std::uint32_t turns) {
  const beyt::Game& tab = *beyt::find_game("tab");
  const beyt::RuleSet rules = tab.parse_rules("lane").value();
  beyt::Rng rng(2);
  const GameRecord record = random_game(tab, rules, rng, 2, 1, turns).value();
  EXPECT_EQ(record.moves.size(), turns);
  return to_text(record) + "\n" + slurp(BEYT_SOURCE_DIR "/samples/seega/walker-5x5.beyt");
}

// Random edits of a long game, each checked against validate_text (a replay
// from the first turn); the change after the last turn keeps what was
// replayed before it.
void edit_long_game(bool strict) {
  ValidateOptions options;
  options.strict = strict;
  IncrementalValidator v("c.beyt", options);
  std::string text = long_game(700);
  v.update(text);
  expect_same(v, options, "the long game");
  // A comment typed at its end, a character at a time: replayed from a kept position late in the game.
  const std::size_t end = text.find(" *\n");
  ASSERT_NE(end, std::string::npos);
  std::size_t at = end;
  int open = 0;  // (while a comment is open to the end of the text, the game is not replayed: it has a slip)
  for (const char c : std::string(" {a note} x")) {
    text.insert(at++, 1, c);
    open += c == '{' ? 1 : c == '}' ? -1 : 0;
    v.update(text);
    expect_same(v, options, std::string("typed at the end: ") + c);
    if (!open) EXPECT_GE(v.replayed_from(), 600u) << "a keystroke at turn 700 replays from a position kept near it: " << c;
  }
  // The moves of the game, to edit.
  const std::size_t movetext = text.find("\n\n1.");
  ASSERT_NE(movetext, std::string::npos);
  std::minstd_rand next(strict ? 7 : 3);
  const std::string other_rules = "[Rules \"lane; pass-enemy=no\"]";
  const std::vector<std::string> inserts = {"x", " ", "1", "-", "{c}", "{", "}", "(", ")", "(1,2:1A-B)", " $1", "\n",
                                            " 5. 2:2A-C ", ";"};
  for (int round = 0; round < 120; ++round) {
    const std::size_t game_end = text.find("\n\n[", movetext);
    const std::size_t span = game_end - movetext;
    // Late turns more often than early ones; now and then a tag.
    at = movetext + (round % 3 == 0 ? next() % span : span - 1 - next() % std::min<std::size_t>(span, 3000));
    std::string what;
    switch (round % 9) {
      case 0:  // the Rules tag changed (every kept position is of other rules: Marin's, no passing over an enemy), then put back
        if (const std::size_t r = text.find("[Rules \"lane\"]"); r != std::string::npos && r < movetext) {
          text.replace(r, 14, other_rules);
          at = r;
          what = "the Rules tag changed";
        } else if (const std::size_t o = text.find(other_rules); o != std::string::npos) {
          text.replace(o, other_rules.size(), "[Rules \"lane\"]");
          at = o;
          what = "the Rules tag put back";
        }
        break;
      case 1:  // the Game tag spelt otherwise (the same game, another text: the positions kept are dropped), then put back
        if (const std::size_t g = text.find("[Game \"tab\"]"); g != std::string::npos && g < movetext) {
          text.replace(g, 12, "[Game \"Tab\"]");
          at = g;
          what = "the Game tag spelt Tab";
        } else if (const std::size_t t = text.find("[Game \"Tab\"]"); t != std::string::npos) {
          text.replace(t, 12, "[Game \"tab\"]");
          at = t;
          what = "the Game tag put back";
        }
        break;
      case 2:  // something deleted
        what = erase_at(text, at, next() % 12);
        break;
      default:
        what = insert_at(text, at, inserts[next() % inserts.size()]);
    }
    if (round % 2) {
      v.update(text);
    } else {
      const std::size_t from = std::min(at, v.text().size()) / 2, old_to = std::min(v.text().size(), at + 700);
      const std::size_t new_to = old_to + text.size() - v.text().size();
      v.edit(from, old_to, std::string_view(text).substr(from, new_to - from));
    }
    expect_same(v, options, what + " (round " + std::to_string(round) + ")");
    ASSERT_EQ(v.text(), text) << what;
    if (::testing::Test::HasFatalFailure()) return;
  }
}

TEST(IncrementalValidator, ALongGameEditedGivesValidateTextsDiagnostics) { edit_long_game(false); }

TEST(IncrementalValidator, ALongGameEditedGivesValidateTextsDiagnosticsUnderStrict) { edit_long_game(true); }

GameRecord read_text_record(const std::string& text) {
  struct First : GameVisitor {
    GameRecord record;
    bool game(GameRecord&& r, std::uint32_t) override {
      record = std::move(r);
      return false;
    }
    bool error(const Diagnostic&) override { return false; }
  } first;
  std::istringstream in(text);
  read_text(in, "c.beyt", first);
  return first.record;
}

// Positions kept by a replay that checked less (lenient; the board's
// replay_to, without variations) are not used by one that checks more: a
// capture written with '-' (strict: E122) and an illegal variation, both
// before the positions kept, are reported as a replay from the first turn
// reports them.
TEST(ReplayCheckpoints, AReplayThatChecksMoreDoesNotStartWhereOneThatCheckedLessGot) {
  GameRecord record = read_text_record(long_game(400));
  std::size_t capture = 17;  // (after the first position kept, every 16 turns)
  while (capture < record.moves.size() && record.moves[capture].move.find('x') == std::string::npos) ++capture;
  ASSERT_LT(capture, 300u);  // (before many positions kept)
  std::string& move = record.moves[capture].move;
  move[move.rfind('x')] = '-';  // lenient: the same capture; strict: E122
  auto errors_of = [&](const ReplayOptions& options) {
    Replay out;
    std::vector<Diagnostic> errors;
    replay_errors(record, nullptr, "c.beyt", 1, options, out, errors);
    return as_json(errors);
  };
  ReplayCheckpoints kept(16);
  ReplayOptions lenient, strict;
  strict.strict = true;
  const auto lenient_errors = errors_of(lenient), strict_errors = errors_of(strict);
  ASSERT_TRUE(lenient_errors.empty());
  ASSERT_EQ(strict_errors.size(), 1u);
  lenient.checkpoints = strict.checkpoints = &kept;
  EXPECT_EQ(errors_of(lenient), lenient_errors);
  EXPECT_GT(kept.size(), 20u);
  EXPECT_EQ(errors_of(strict), strict_errors) << "strict does not start where lenient got";
  EXPECT_EQ(kept.resumed_at(), 0u);
  EXPECT_EQ(errors_of(strict), strict_errors);
  EXPECT_GT(kept.resumed_at(), 0u) << "strict starts where strict got (before the capture)";
  EXPECT_LE(kept.resumed_at(), capture);
  // An illegal variation at turn 20: the board (no variations) keeps positions past it; the check reports it.
  move[move.rfind('-')] = 'x';
  Line variation{record.moves[20]};
  variation[0].move = "6A-B";
  record.moves[20].variations.push_back(variation);
  lenient.checkpoints = nullptr;
  const auto variation_errors = errors_of(lenient);
  ASSERT_EQ(variation_errors.size(), 1u);
  ReplayCheckpoints shown(16);
  NodePosition pos;
  ASSERT_FALSE(replay_to(record, "c.beyt", 1, NodePath{{390}}, pos, &shown));
  EXPECT_GT(shown.size(), 20u);
  lenient.checkpoints = &shown;
  EXPECT_EQ(errors_of(lenient), variation_errors) << "the check does not start where the board got";
  EXPECT_EQ(shown.resumed_at(), 0u);
}

// replay_errors and replay_to with checkpoints against without, record by
// record, as a game is edited move by move (earlier turns too).
TEST(ReplayCheckpoints, ReplaysGiveWhatAReplayFromTheStartGives) {
  const std::string text = long_game(500);
  GameRecord record = read_text_record(text);
  ReplayCheckpoints kept(16), shown(16);
  std::minstd_rand next(11);
  const beyt::Game& tab = *beyt::find_game("tab");
  for (int round = 0; round < 60; ++round) {
    GameRecord edited = record;
    const std::size_t turn = next() % edited.moves.size();
    switch (round % 4) {
      case 0: edited.moves[turn].move = edited.moves[next() % edited.moves.size()].move; break;  // another turn's (often illegal)
      case 1: edited.moves.resize(turn); break;                                                  // cut
      case 2: {                                                                                  // a variation
        Line v{edited.moves[turn]};
        v[0].move = "1,2:1A-B";
        edited.moves[turn].variations.push_back(v);
        break;
      }
      default: edited.tags.push_back({"SetUp", std::string(tab.name()), {}, {}});  // a SetUp (a bad one)
    }
    for (const GameRecord* r : {&edited, &record}) {
      ReplayOptions options;
      Replay a, b;
      std::vector<Diagnostic> ea, eb;
      replay_errors(*r, nullptr, "c.beyt", 1, options, a, ea);
      options.checkpoints = &kept;
      replay_errors(*r, nullptr, "c.beyt", 1, options, b, eb);
      ASSERT_EQ(as_json(ea), as_json(eb)) << "round " << round;
      ASSERT_EQ(a.turns, b.turns);
      ASSERT_EQ(!a.state, !b.state);
      if (a.state) ASSERT_TRUE(a.state->equals(*b.state)) << "round " << round;
      const auto at = static_cast<std::uint32_t>(next() % (r->moves.size() + 1));
      NodePosition pa, pb;
      const Diagnostic da = replay_to(*r, "c.beyt", 1, NodePath{{at}}, pa);
      const Diagnostic db = replay_to(*r, "c.beyt", 1, NodePath{{at}}, pb, &shown);
      ASSERT_EQ(format_json(da), format_json(db)) << "round " << round;
      ASSERT_EQ(!pa.state, !pb.state);
      if (pa.state) ASSERT_TRUE(pa.state->equals(*pb.state)) << "round " << round << " turn " << at;
    }
  }
  EXPECT_GT(kept.size(), 0u);
  EXPECT_GT(kept.resumed_at(), 0u) << "the last replay, of the record as it was, started from a kept position";
}

}  // namespace
