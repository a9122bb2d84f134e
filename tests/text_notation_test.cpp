// Tests of the text notation reader and canonical writer
// (beyt/notation/text.hpp, notation/NOTATION.md sections 1-4).
//
// Moves are opaque to the reader, so the move texts here are Seega-like
// ("c1,c5", "b3-c3xc4", "--", "~c4/b5-c4") and Tâb-like
// ("1,4,2:1I-K,4K-O,2O-Q", "1m-n'") and are never checked for legality.
#include <gtest/gtest.h>

#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "beyt/notation/text.hpp"

namespace beyt::notation::detail {
extern std::size_t text_reader_chunk_size;  // test hook in notation/src/text/reader.cpp
}

namespace beyt::notation {
namespace {

// Sets the reader's chunk size for the lifetime of the guard.
class ChunkSize {
 public:
  explicit ChunkSize(std::size_t n) : old_(detail::text_reader_chunk_size) {
    detail::text_reader_chunk_size = n;
  }
  ~ChunkSize() { detail::text_reader_chunk_size = old_; }

 private:
  std::size_t old_;
};

struct ReadResult {
  std::vector<GameRecord> games;
  Diagnostic error;
};

ReadResult read_all(const std::string& text, bool strict = false) {
  std::istringstream in(text);
  TextReader reader(in, "t.beyt", ReadOptions{strict});
  ReadResult r;
  GameRecord g;
  while (reader.next(g)) r.games.push_back(std::move(g));
  r.error = reader.error();
  return r;
}

GameRecord read_one(const std::string& text, bool strict = false) {
  ReadResult r = read_all(text, strict);
  EXPECT_FALSE(r.error) << format_text(r.error);
  EXPECT_EQ(r.games.size(), 1u);
  return r.games.empty() ? GameRecord{} : r.games[0];
}

std::vector<std::string> moves_of(const Line& line) {
  std::vector<std::string> out;
  for (const auto& n : line) out.push_back(n.move);
  return out;
}

using Strings = std::vector<std::string>;

// The canonical roster with its defaults, as the writer emits it.
const std::string kRosterText =
    "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n"
    "[South \"?\"]\n[North \"?\"]\n[Result \"*\"]\n\n";  // 8 lines

// Every location in a record, in a fixed order (records compare equal
// regardless of locations, so location tests compare these).
void collect_locs(const Line& line, std::vector<std::tuple<int, int, int>>& out) {
  for (const auto& n : line) {
    out.emplace_back(n.loc.line, n.loc.column, static_cast<int>(n.loc.offset));
    for (const auto& v : n.variations) collect_locs(v, out);
  }
}
std::vector<std::tuple<int, int, int>> locs_of(const GameRecord& g) {
  std::vector<std::tuple<int, int, int>> out;
  auto add = [&](const SourceLoc& l) {
    out.emplace_back(l.line, l.column, static_cast<int>(l.offset));
  };
  add(g.loc);
  add(g.result_loc);
  for (const auto& t : g.tags) {
    add(t.loc);
    add(t.value_loc);
  }
  collect_locs(g.moves, out);
  return out;
}

// ===========================================================================
// Errors: one case per line, pinning code, line and column.
// ===========================================================================

struct ErrorCase {
  const char* name;
  std::string input;
  bool strict;
  Code code;
  std::uint32_t line;
  std::uint32_t column;
  std::uint32_t game = 1;
};

// gtest names a case by its name rather than dumping its bytes.
void PrintTo(const ErrorCase& c, std::ostream* os) { *os << c.name; }

std::string deep_nesting(int depth) {
  std::string s = "1. a";
  for (int i = 0; i < depth; ++i) s += " (1. b";
  return s;
}

const std::vector<ErrorCase>& error_cases() {
  static const std::vector<ErrorCase> cases = {
      // --- E101 bad_utf8: at the first byte of the bad sequence
      {"utf8_in_comment", "1. c1,c5 {ab\xFF} *", false, Code::bad_utf8, 1, 13},
      {"utf8_in_move_after_letter", "\n  1. \xC3\xA9\xC3( *", false, Code::bad_utf8, 2, 7},
      {"utf8_overlong", "\xC0\xAF *", false, Code::bad_utf8, 1, 1},
      {"utf8_surrogate_in_tag", "[Event \"a\xED\xA0\x80\"]\n*", false, Code::bad_utf8, 1, 10},
      {"utf8_truncated_at_eof", "1. c1,c5 \xE2\x82", false, Code::bad_utf8, 1, 10},
      {"utf8_above_max", "1. \xF4\x90\x80\x80 *", false, Code::bad_utf8, 1, 4},
      {"utf8_lone_continuation", "1. c1,c5 {\x80} *", false, Code::bad_utf8, 1, 11},
      {"utf8_second_game", "1. a *\n\n1. b {\xFE} *", false, Code::bad_utf8, 3, 7, 2},
      // --- E102 unterminated_comment: at the '{'
      {"comment_open", "1. c1,c5 {never closed\n2. a3,e3 *\n", false, Code::unterminated_comment, 1,
       10},
      // --- E103 unterminated_string: at the opening '"'
      {"string_line_end", "[Event \"Cairo]\n*", false, Code::unterminated_string, 1, 8},
      {"string_eof", "[Site \"Cairo", false, Code::unterminated_string, 1, 7},
      {"string_cr", "[Site \"Cairo\r\"]", false, Code::unterminated_string, 1, 7},
      // --- E104 bad_tag: at the character where the tag goes wrong
      {"tag_no_quote", "[Event Cairo]\n*", false, Code::bad_tag, 1, 8},
      {"tag_no_name", "[ \"Cairo\"]\n*", false, Code::bad_tag, 1, 3},
      {"tag_no_bracket", "[Event \"x\"\n1. a *", false, Code::bad_tag, 2, 1},
      {"tag_bad_name_char", "[Ev-ent \"x\"]\n*", false, Code::bad_tag, 1, 4},
      {"tag_bad_escape", "[Event \"a\\n\"]\n*", false, Code::bad_tag, 1, 10},
      {"tag_eof_after_bracket", "[", false, Code::bad_tag, 1, 2},
      // --- E105 duplicate_tag: at the second '['
      {"tag_twice", "[Site \"a\"]\n[Site \"b\"]\n*", false, Code::duplicate_tag, 2, 1},
      // --- E106 bad_nag: at the '$'
      {"nag_too_big", "1. c1,c5 $256 *", false, Code::bad_nag, 1, 10},
      {"nag_no_digits", "1. c1,c5 $x *", false, Code::bad_nag, 1, 10},
      {"nag_huge", "1. c1,c5 $99999999999999999999 *", false, Code::bad_nag, 1, 10},
      // --- E107 unbalanced_variation: at the ')' or the unclosed '('
      {"close_without_open", "1. c1,c5 ) *", false, Code::unbalanced_variation, 1, 10},
      {"open_at_eof", "1. c1,c5 (1. d1,d5\n2. e1", false, Code::unbalanced_variation, 1, 10},
      {"open_before_next_game", "1. a (1. b\n[Event \"x\"]\n*", false, Code::unbalanced_variation,
       1, 6},
      {"inner_open_at_eof", "1. a (1. b (1. c) (1. d", false, Code::unbalanced_variation, 1, 19},
      // --- E108 unexpected_token
      {"open_before_move", "( 1. a) *", false, Code::unexpected_token, 1, 1},
      {"open_after_comment_only", "{c} (1. a) *", false, Code::unexpected_token, 1, 5},
      {"result_in_variation", "1. a (1. b 1-0) *", false, Code::unexpected_token, 1, 12},
      {"close_bracket", "1. a ] *", false, Code::unexpected_token, 1, 6},
      {"quote", "1. a \"x\" *", false, Code::unexpected_token, 1, 6},
      {"percent_not_col1", "1. a %x\n*", false, Code::unexpected_token, 1, 6},
      {"bracket_mid_line", "1. a [Event \"x\"] *", false, Code::unexpected_token, 1, 6},
      {"nag_before_move", "$1 1. a *", false, Code::unexpected_token, 1, 1},
      {"suffix_before_move", "! 1. a *", false, Code::unexpected_token, 1, 1},
      // --- E110 bad_character (NOTATION.md section 11)
      {"control_char", "1. a\x01 *", false, Code::bad_character, 1, 5},
      {"nul_byte", std::string("1. a \0 *", 8), false, Code::bad_character, 1, 6},
      {"del_in_movetext", "1. a \x7F *", false, Code::bad_character, 1, 6},
      {"c1_in_move", "1. a\xC2\x85 *", false, Code::bad_character, 1, 5},
      {"noncharacter_in_move", "1. a\xEF\xBF\xBE *", false, Code::bad_character, 1, 5},
      {"tab_in_tag_value", "[Event \"a\tb\"]\n*", false, Code::bad_character, 1, 10},
      {"nul_in_tag_value", std::string("[Event \"a\0b\"]\n*", 16), false, Code::bad_character, 1, 10},
      {"fffe_in_tag_value", "[Event \"a\xEF\xBF\xBE\"]\n*", false, Code::bad_character, 1, 10},
      {"ffff_in_comment", "1. a {x\xEF\xBF\xBF} *", false, Code::bad_character, 1, 8},
      {"nul_in_comment", std::string("1. a {x\0} *", 12), false, Code::bad_character, 1, 8},
      {"escape_in_line_comment", "1. a ;x\x1B\n*", false, Code::bad_character, 1, 8},
      {"noncharacter_plane_16", "1. a {\xF4\x8F\xBF\xBF} *", false, Code::bad_character, 1, 7},
      {"comment_in_empty_variation", "1. a ({c}) *", false, Code::unexpected_token, 1, 10},
      {"too_deep", deep_nesting(300), false, Code::unexpected_token, 1, 6 + 6 * kMaxVariationDepth},
      // --- E109 missing_result (strict; lenient gives "*")
      {"no_result_eof", kRosterText + "1. a", true, Code::missing_result, 9, 5},
      {"no_result_next_game", kRosterText + "1. a\n" + kRosterText + "1. a *\n", true,
       Code::missing_result, 10, 1},
      {"no_result_tags_only", kRosterText, true, Code::missing_result, 9, 1},
      // --- E120 strict_turn_number: at the move (missing) or the number (wrong)
      {"strict_number_missing", kRosterText + "1. a b *", true, Code::strict_turn_number, 9, 6},
      {"strict_number_first_missing", kRosterText + "a *", true, Code::strict_turn_number, 9, 1},
      {"strict_number_wrong", kRosterText + "1. a 3. b *", true, Code::strict_turn_number, 9, 6},
      {"strict_number_dots", kRosterText + "1. a 2... b *", true, Code::strict_turn_number, 9, 6},
      {"strict_number_twice", kRosterText + "1. 1. a *", true, Code::strict_turn_number, 9, 4},
      {"strict_number_dangling", kRosterText + "1. a 2. *", true, Code::strict_turn_number, 9, 6},
      {"strict_number_variation", kRosterText + "1. a 2. b (3. c) *", true,
       Code::strict_turn_number, 9, 12},
      {"strict_number_variation_next", kRosterText + "1. a 2. b (2. c 2. d) *", true,
       Code::strict_turn_number, 9, 17},
      {"strict_number_before_paren", kRosterText + "1. a 2. (1. c) *", true,
       Code::strict_turn_number, 9, 6},
      // --- E121 strict_roster: at the tag out of place, or where the tags end
      {"strict_no_tags", "1. a *", true, Code::strict_roster, 1, 1},
      {"strict_roster_order", "[Site \"?\"]\n[Event \"?\"]\n1. a *", true, Code::strict_roster, 1,
       1},
      {"strict_roster_short",
       "[Event \"?\"]\n[Site \"?\"]\n[Date \"?\"]\n[Round \"?\"]\n[South \"?\"]\n[North \"?\"]\n\n1. a *",
       true, Code::strict_roster, 8, 1},
      {"strict_game_after_other",
       kRosterText.substr(0, kRosterText.size() - 1) + "[Annotator \"x\"]\n[Game \"seega\"]\n\n1. a *",
       true, Code::strict_roster, 9, 1},
      {"strict_rules_before_game",
       kRosterText.substr(0, kRosterText.size() - 1) + "[Rules \"walker\"]\n[Game \"seega\"]\n\n1. a *",
       true, Code::strict_roster, 9, 1},
      // --- E123 strict_layout
      {"strict_bom", "\xEF\xBB\xBF" + kRosterText + "1. a *\n", true, Code::byte_order_mark, 1, 1, 0},
      {"strict_cr", "[Event \"?\"]\r\n", true, Code::strict_layout, 1, 12},
      {"strict_tab", kRosterText + "1.\ta *\n", true, Code::strict_layout, 9, 3},
      {"strict_trailing_blank", kRosterText + "1. a  \n*\n", true, Code::strict_layout, 9, 5},
      {"strict_trailing_blank_eof", kRosterText + "1. a * ", true, Code::strict_layout, 9, 7},
      {"strict_trailing_blank_tag", "[Event \"?\"] \n", true, Code::strict_layout, 1, 12},
      {"strict_percent", "%escape\n" + kRosterText + "1. a *\n", true, Code::strict_layout, 1, 1, 0},
      {"strict_suffix", kRosterText + "1. a! *\n", true, Code::strict_layout, 9, 5},
      {"strict_suffix_token", kRosterText + "1. a ?? *\n", true, Code::strict_layout, 9, 6},
      {"strict_semicolon", kRosterText + "1. a ;note\n*\n", true, Code::strict_layout, 9, 6},
      {"strict_nag_after_comment", kRosterText + "1. a {c} $1 *\n", true, Code::strict_layout, 9,
       10},
      {"strict_nag_after_variation", kRosterText + "1. a (1. b) $1 *\n", true, Code::strict_layout,
       9, 13},
      // --- lenient errors that strict reports the same way
      {"strict_duplicate", kRosterText.substr(0, 12) + "[Event \"x\"]\n", true, Code::duplicate_tag,
       2, 1},
  };
  return cases;
}

class TextErrorTest : public ::testing::TestWithParam<ErrorCase> {};

TEST_P(TextErrorTest, CodeLineColumn) {
  const ErrorCase& c = GetParam();
  for (std::size_t chunk : {std::size_t{64} * 1024, std::size_t{1}, std::size_t{3}}) {
    ChunkSize guard(chunk);
    ReadResult r = read_all(c.input, c.strict);
    SCOPED_TRACE("chunk " + std::to_string(chunk));
    EXPECT_EQ(code_id(r.error.code), code_id(c.code)) << format_text(r.error);
    EXPECT_EQ(r.error.loc.line, c.line) << format_text(r.error);
    EXPECT_EQ(r.error.loc.column, c.column) << format_text(r.error);
    EXPECT_EQ(r.error.game, c.game);
    EXPECT_EQ(r.error.file, "t.beyt");
    EXPECT_FALSE(r.error.reason.empty());
  }
}

std::string case_name(const ::testing::TestParamInfo<ErrorCase>& param) {
  return param.param.name;
}

INSTANTIATE_TEST_SUITE_P(Table, TextErrorTest, ::testing::ValuesIn(error_cases()), case_name);

TEST(TextErrors, EveryReaderCodeHasACase) {
  for (Code code : {Code::bad_utf8, Code::unterminated_comment, Code::unterminated_string,
                    Code::bad_tag, Code::duplicate_tag, Code::bad_nag, Code::unbalanced_variation,
                    Code::unexpected_token, Code::missing_result, Code::strict_turn_number,
                    Code::strict_roster, Code::strict_layout}) {
    bool found = false;
    for (const auto& c : error_cases()) found = found || c.code == code;
    EXPECT_TRUE(found) << code_id(code);
  }
}

TEST(TextErrors, ReasonsSayWhatWasExpected) {
  ReadResult r = read_all("[Event Cairo]\n*");
  EXPECT_NE(r.error.reason.find("write [Event \"Cairo\"]"), std::string::npos) << r.error.reason;
  r = read_all("1. a (1. b");
  EXPECT_NE(r.error.reason.find("expected ')'"), std::string::npos) << r.error.reason;
  r = read_all(kRosterText + "1. a 3. b *", true);
  EXPECT_NE(r.error.reason.find("expected 2."), std::string::npos) << r.error.reason;
  EXPECT_EQ(r.error.turn, 2u);
  EXPECT_EQ(format_text(r.error).rfind("t.beyt:9:6: error[E120]: game 1, turn 2: ", 0), 0u)
      << format_text(r.error);
}

TEST(TextErrors, ErrorOffsetIsTheByteOffset) {
  ReadResult r = read_all("1. \xC3\xA9 {\xC3\xA9\xFF}");
  EXPECT_EQ(r.error.code, Code::bad_utf8);
  EXPECT_EQ(r.error.loc.column, 8u);
  EXPECT_EQ(r.error.loc.offset, 9u);
}

TEST(TextErrors, NextAfterErrorKeepsFailingUntilRecover) {
  std::istringstream in("1. a $300 *\n[Event \"2\"]\n1. b *\n");
  TextReader reader(in, "t.beyt");
  GameRecord g;
  EXPECT_FALSE(reader.next(g));
  EXPECT_EQ(reader.error().code, Code::bad_nag);
  EXPECT_FALSE(reader.next(g));
  EXPECT_EQ(reader.error().code, Code::bad_nag);
  EXPECT_TRUE(reader.recover());
  ASSERT_TRUE(reader.next(g)) << format_text(reader.error());
  EXPECT_EQ(g.find_tag("Event")->value, "2");
  EXPECT_EQ(reader.game_index(), 2u);
  EXPECT_FALSE(reader.next(g));
  EXPECT_EQ(reader.error().code, Code::ok);
}

TEST(TextErrors, RecoverSkipsTheRestOfABadTagSection) {
  std::istringstream in(
      "[Event \"1\"]\n1. a *\n\n"
      "[Event 2]\n[Site \"x\"]\n\n1. b (1. c\n2. d *\n\n"
      "[Event \"3\"]\n1. e 1-0\n\n"
      "[Event \"4\"]\n1. f (\n[Event \"5\"]\n1. g 0-1\n");
  TextReader reader(in, "t.beyt");
  GameRecord g;
  std::vector<std::string> events;
  std::vector<Code> codes;
  for (int guard = 0; guard < 20; ++guard) {
    if (reader.next(g)) {
      events.push_back(g.find_tag("Event")->value + ":" + std::to_string(reader.game_index()));
      continue;
    }
    if (!reader.error()) break;
    codes.push_back(reader.error().code);
    if (!reader.recover()) break;
  }
  EXPECT_EQ(events, (Strings{"1:1", "3:3", "5:5"}));
  EXPECT_EQ(codes, (std::vector<Code>{Code::bad_tag, Code::unbalanced_variation}));
}

TEST(TextErrors, StrictMissingResultResumesAtTheNextGame) {
  std::string text = kRosterText + "1. a\n" + kRosterText + "1. b 1-0\n";
  std::istringstream in(text);
  TextReader reader(in, "t.beyt", ReadOptions{true});
  GameRecord g;
  EXPECT_FALSE(reader.next(g));
  EXPECT_EQ(reader.error().code, Code::missing_result);
  ASSERT_TRUE(reader.recover());
  ASSERT_TRUE(reader.next(g)) << format_text(reader.error());
  EXPECT_EQ(moves_of(g.moves), Strings{"b"});
  EXPECT_EQ(reader.game_index(), 2u);
}

TEST(TextErrors, RecoverAtEndOfInputIsFalse) {
  std::istringstream in("1. a {never closed");
  TextReader reader(in, "t.beyt");
  GameRecord g;
  EXPECT_FALSE(reader.next(g));
  EXPECT_EQ(reader.error().code, Code::unterminated_comment);
  EXPECT_FALSE(reader.recover());
  EXPECT_FALSE(reader.next(g));
  EXPECT_FALSE(reader.error());
}

// ===========================================================================
// Errors read past: every error of a game, and what they leave intact.
// ===========================================================================

// The first game of `text`, expected to have errors: its GameErrors, the
// record as recovered, and its errors as "E104@1:16".
struct Broken {
  GameErrors errors;
  GameRecord record;
  Strings codes;
};
Broken broken_game(const std::string& text, ReadOptions options = {}) {
  std::istringstream in(text);
  TextReader reader(in, "t.beyt", options);
  Broken b;
  EXPECT_FALSE(reader.next(b.record)) << "no error in " << text;
  b.errors = reader.errors();
  for (const auto& d : b.errors.errors)
    b.codes.push_back(code_id(d.code) + "@" + std::to_string(d.loc.line) + ":" + std::to_string(d.loc.column));
  EXPECT_EQ(reader.error().code, b.errors.errors.empty() ? Code::ok : b.errors.errors.front().code);
  return b;
}
const char* value_of(const GameRecord& g, const char* name) {
  const TagPair* t = g.find_tag(name);
  return t ? t->value.c_str() : "(none)";
}

// A value quoted on one side only, or a ':' or '=' between the name and the
// value: the fix (and the value read) leaves out the stray quote and colon.
TEST(TextRecovery, StrayQuotesAndColonsAreNotTheValue) {
  for (const auto& [pair, column] : std::vector<std::pair<std::string, std::string>>{
           {"[Site Cairo\"]", "7"},
           {"[Site: \"Cairo\"]", "6"},
           {"[Site :\"Cairo\"]", "7"},
           {"[Site=\"Cairo\"]", "6"},
           {"[Site: Cairo]", "6"},
           {"[Site \"Cairo]", "7"}}) {
    Broken b = broken_game(pair + "\n[Game \"seega\"]\n\n1. b2,c4 *\n");
    ASSERT_EQ(b.errors.errors.size(), 1u) << pair;
    EXPECT_EQ(b.codes[0].substr(b.codes[0].find('@')), "@1:" + column) << pair;
    EXPECT_NE(b.errors.errors[0].reason.find(": write [Site \"Cairo\"]"), std::string::npos)
        << pair << ": " << b.errors.errors[0].reason;
    EXPECT_EQ(std::string(value_of(b.record, "Site")), "Cairo") << pair;
  }
  // A quote inside the value stays, escaped.
  Broken b = broken_game("[Site Cai\"ro]\n[Game \"seega\"]\n\n1. b2,c4 *\n");
  EXPECT_EQ(b.errors.errors[0].reason, "the value of tag Site is not in quotes: write [Site \"Cai\\\"ro\"]");
}

TEST(TextRecovery, TagPairsAreReadAsMeantWithTheirFix) {
  Broken b = broken_game(
      "[Event \"Lane's \"Cairo\" games\"]\n"  // a '"' not escaped
      "[Source Lane]\n"                       // no quotes
      "[Site \"Cairo]\n"                      // no closing '"'
      "[Round \"1\" x]\n"                     // junk before ']'
      "[Annotator \"a\\qb\"]\n"               // an unknown escape, kept as written
      "[Game \"seega\"]\n\n1. b2,c4 *\n");
  EXPECT_EQ(b.codes, (Strings{"E104@1:16", "E104@2:9", "E103@3:7", "E104@4:12", "E104@5:14"}));
  EXPECT_EQ(b.errors.errors[0].reason,
            "a '\"' inside the value of tag Event is written \\\": write [Event \"Lane's \\\"Cairo\\\" games\"]");
  EXPECT_EQ(b.errors.errors[1].reason, "the value of tag Source is not in quotes: write [Source \"Lane\"]");
  EXPECT_EQ(b.errors.errors[2].reason, "the value of tag Site is not closed: write [Site \"Cairo\"]");
  EXPECT_EQ(b.errors.errors[3].reason, "expected ']' to close tag Round: write [Round \"1\"]");
  EXPECT_EQ(std::string(value_of(b.record, "Event")), "Lane's \"Cairo\" games");
  EXPECT_EQ(std::string(value_of(b.record, "Source")), "Lane");
  EXPECT_EQ(std::string(value_of(b.record, "Site")), "Cairo");
  EXPECT_EQ(std::string(value_of(b.record, "Round")), "1");
  EXPECT_EQ(std::string(value_of(b.record, "Annotator")), "a\\qb");
  EXPECT_EQ(moves_of(b.record.moves), Strings{"b2,c4"});
  EXPECT_TRUE(b.errors.whole);
  EXPECT_EQ(b.errors.turns, UINT32_MAX);  // nothing lost
  EXPECT_EQ(b.errors.doubtful, 0);
  // Two tag pairs on a line, one with a quote inside: each closes where meant.
  b = broken_game("[Event \"say \"hi\"] [Site \"b\"]\n*");
  EXPECT_EQ(b.codes, Strings{"E104@1:13"});
  EXPECT_EQ(std::string(value_of(b.record, "Event")), "say \"hi");
  EXPECT_EQ(std::string(value_of(b.record, "Site")), "b");
}

TEST(TextRecovery, TagsInDoubtAreNamed) {
  // A tag written twice: the first value counts; in doubt when they differ.
  Broken b = broken_game("[Rules \"walker\"]\n[Rules \"lane\"]\n[Result \"*\"]\n[Result \"*\"]\n*");
  EXPECT_EQ(b.codes, (Strings{"E105@2:1", "E105@4:1"}));
  EXPECT_EQ(b.errors.doubtful, static_cast<std::uint8_t>(ReadTag::rules));
  EXPECT_EQ(std::string(value_of(b.record, "Rules")), "walker");
  // A value with a bad character; a pair without a name (any tag); a tag
  // pair in the movetext (the tag section is not what was meant).
  EXPECT_EQ(broken_game("[SetUp \"a\x01\"]\n*").errors.doubtful, static_cast<std::uint8_t>(ReadTag::setup));
  EXPECT_EQ(broken_game("[Date \"1835\xFF\"]\n*").errors.doubtful, static_cast<std::uint8_t>(ReadTag::date));
  b = broken_game("[\"x\"]\n[Game \"seega\"]\n*");
  EXPECT_EQ(b.codes, Strings{"E104@1:2"});
  EXPECT_EQ(b.errors.doubtful, kAllReadTags);
  EXPECT_EQ(std::string(value_of(b.record, "Game")), "seega");
  EXPECT_EQ(broken_game("1. a [Game \"seega\"] 2. b *").errors.doubtful, kAllReadTags);
  EXPECT_EQ(read_tag_bit("Termination"), static_cast<std::uint8_t>(ReadTag::termination));
  EXPECT_EQ(read_tag_bit("Event"), 0);
}

TEST(TextRecovery, TheMovetextGoesOnAtTheNextToken) {
  // A stray ']' and a bad NAG lose no move; a ')' without '(' may have (the
  // main line is trusted up to it).
  Broken b = broken_game("1. a ] 2. b $x 3. c $300 4. d ) 5. e *");
  EXPECT_EQ(b.codes, (Strings{"E108@1:6", "E106@1:13", "E106@1:21", "E107@1:31"}));
  EXPECT_EQ(moves_of(b.record.moves), (Strings{"a", "b", "c", "d", "e"}));
  EXPECT_EQ(b.record.result, "*");
  EXPECT_EQ(b.errors.turns, 4u);
  EXPECT_TRUE(b.errors.variations);
  // A stray character glued to a move, or a control character inside one:
  // that move is lost (not read as a turn of its own), the turns stop there.
  b = broken_game("1. a 2. ]b 3. c *");
  EXPECT_EQ(b.codes, Strings{"E108@1:9"});
  EXPECT_EQ(moves_of(b.record.moves), (Strings{"a", "c"}));
  EXPECT_EQ(b.errors.turns, 1u);
  b = broken_game("1. a 2. b\x01x 3. c *");
  EXPECT_EQ(b.codes, Strings{"E110@1:10"});
  EXPECT_EQ(moves_of(b.record.moves), (Strings{"a", "b", "c"}));
  EXPECT_EQ(b.errors.turns, 1u);
  // A character no record may hold inside a move: the move keeps it and is
  // not trusted; in a comment it spoils nothing.
  b = broken_game("1. a 2. b\xC2\x85 3. c {x\xEF\xBF\xBE} *");
  EXPECT_EQ(b.codes, (Strings{"E110@1:10", "E110@1:19"}));
  EXPECT_EQ(b.errors.turns, 1u);
  // A NAG before any move, '(' before any move (read and dropped), a
  // comment in a variation without moves: nothing lost.
  b = broken_game("$1 (1. x) 1. a ({c}) *");
  EXPECT_EQ(b.codes, (Strings{"E108@1:1", "E108@1:4", "E108@1:20"}));
  EXPECT_EQ(moves_of(b.record.moves), Strings{"a"});
  EXPECT_EQ(b.errors.turns, UINT32_MAX);
  // An error inside a variation spoils the variations only.
  b = broken_game("1. a (1. ]x) 2. b *");
  EXPECT_EQ(b.codes, Strings{"E108@1:10"});
  EXPECT_EQ(b.errors.turns, UINT32_MAX);
  EXPECT_FALSE(b.errors.variations);
  EXPECT_TRUE(b.errors.whole);
}

TEST(TextRecovery, AVariationNeverClosedEndsTheGame) {
  // What follows an unclosed '(' may be the main line's: the main line is
  // trusted up to the move the variation follows.
  Broken b = broken_game("1. a 2. b (2. c 3. d\n\n[Event \"2\"]\n1. x *");
  EXPECT_EQ(b.codes, Strings{"E107@1:11"});
  EXPECT_EQ(b.errors.turns, 2u);
  EXPECT_EQ(b.record.result, "*");
  EXPECT_FALSE(b.errors.variations) << "an error of the variations: none is checked";
  // A result after an unclosed '(': the same E107 at the '(', the game ends
  // at the result.
  b = broken_game("1. a (1. b 2. c 1-0\n[Event \"2\"]\n1. x *");
  EXPECT_EQ(b.codes, Strings{"E107@1:6"});
  EXPECT_EQ(b.errors.errors.front().reason, "variation '(' is never closed: expected ')' before the result 1-0");
  EXPECT_EQ(b.record.result, "1-0");
  EXPECT_EQ(b.errors.turns, 1u);
  EXPECT_FALSE(b.errors.variations);
  // A result inside a variation that is closed after it: the result is the slip.
  b = broken_game("1. a (1. b 1-0) *");
  EXPECT_EQ(b.codes, Strings{"E108@1:12"});
  // A comment never closed takes the rest of the input: one error.
  b = broken_game("1. a (1. b {open\n2. c *");
  EXPECT_EQ(b.codes, Strings{"E102@1:12"});
  EXPECT_EQ(b.errors.turns, 1u);
}

TEST(TextRecovery, TheNextGameIsReadAfterABrokenOne) {
  std::istringstream in("1. a ] *\n1. b $999 *\n[Event \"3\"]\n1. c *\n");
  TextReader reader(in, "t.beyt");
  GameRecord g;
  EXPECT_FALSE(reader.next(g));
  EXPECT_EQ(moves_of(g.moves), Strings{"a"});  // read to its end: the next game starts after its result
  ASSERT_TRUE(reader.recover());
  EXPECT_FALSE(reader.next(g));
  EXPECT_EQ(moves_of(g.moves), Strings{"b"});
  EXPECT_EQ(reader.game_index(), 2u);
  ASSERT_TRUE(reader.recover());
  ASSERT_TRUE(reader.next(g)) << format_text(reader.error());
  EXPECT_EQ(moves_of(g.moves), Strings{"c"});
  EXPECT_TRUE(reader.errors().errors.empty());
}

// A ']' too many after a tag pair, a tag line without its '[' and a comment
// after the result stay in their game: one error each, at its place, and
// the next game is read whole (no game of their own, no false E201).
TEST(TextRecovery, StrayBracketsAndCommentsAfterTheResultStayInTheirGame) {
  const std::string next = "\n[Event \"2\"]\n[Game \"seega\"]\n\n1. b *\n";
  struct Case {
    std::string text, code, reason;
    Strings moves;
  };
  for (const Case& c : std::vector<Case>{
           {"[Event \"1\"]\n[Site \"Cairo\"]]\n[Game \"seega\"]\n\n1. a *\n", "E108@2:15",
            "a ']' too many after tag pair Site: write [Site \"Cairo\"]", {"a"}},
           {"[Event \"1\"]\nSite \"Cairo\"]\n[Game \"seega\"]\n\n1. a *\n", "E104@2:1",
            "tag pair Site has no '[': write [Site \"Cairo\"]", {"a"}},
           {"[Event \"1\"]\n[Game \"seega\"]\n\n1. a 2. c * {after result}\n", "E108@4:13",
            "a comment after the result *: the moves end at the result; write it before", {"a", "c"}}}) {
    std::istringstream in(c.text + next);
    TextReader reader(in, "t.beyt");
    GameRecord g;
    EXPECT_FALSE(reader.next(g)) << c.text;
    ASSERT_EQ(reader.errors().errors.size(), 1u) << c.text;
    const Diagnostic& d = reader.errors().errors.front();
    EXPECT_EQ(code_id(d.code) + "@" + std::to_string(d.loc.line) + ":" + std::to_string(d.loc.column), c.code);
    EXPECT_EQ(d.reason, c.reason);
    EXPECT_EQ(moves_of(g.moves), c.moves) << c.text;
    EXPECT_EQ(std::string(value_of(g, "Game")), "seega") << c.text;
    if (c.code == "E104@2:1") EXPECT_EQ(std::string(value_of(g, "Site")), "Cairo");
    if (c.moves.size() == 2) EXPECT_EQ(g.moves.back().after, Strings{"after result"});
    ASSERT_TRUE(reader.recover());
    ASSERT_TRUE(reader.next(g)) << format_text(reader.error());
    EXPECT_EQ(std::string(value_of(g, "Event")), "2") << c.text;
    EXPECT_EQ(moves_of(g.moves), Strings{"b"});
    EXPECT_FALSE(reader.next(g));
    EXPECT_FALSE(reader.error()) << "the end of the input, after two games";
  }
}

// A comment never closed ends before the next game's tags (a blank line,
// then '[' Name '"' at a line start, as pgn-extract reads it): E102 at its
// '{', and the games after it are read and checked. A comment closed later
// keeps such lines, and a '[' that starts no tag section after a blank line
// stays in a comment never closed.
TEST(TextRecovery, ACommentNeverClosedEndsBeforeTheNextGamesTags) {
  std::istringstream in("[Event \"1\"]\n\n1. a {never closed\n2. b *\n\n[Event \"2\"]\n\n1. c *\n"
                        "\n[Event \"3\"]\n\n1. d *\n");
  TextReader reader(in, "t.beyt");
  GameRecord g;
  EXPECT_FALSE(reader.next(g));
  ASSERT_EQ(reader.errors().errors.size(), 1u);
  const Diagnostic& d = reader.errors().errors.front();
  EXPECT_EQ(code_id(d.code) + "@" + std::to_string(d.loc.line) + ":" + std::to_string(d.loc.column), "E102@3:6");
  EXPECT_EQ(d.reason, "comment '{' is never closed: expected '}' before the next game's tags");
  EXPECT_EQ(reader.errors().turns, 1u);  // the moves after the '{' are lost
  EXPECT_TRUE(reader.take_warnings().empty()) << "no W109: the game's end follows from E102";
  for (const char* event : {"2", "3"}) {
    ASSERT_TRUE(reader.recover());
    ASSERT_TRUE(reader.next(g)) << format_text(reader.error());
    EXPECT_EQ(std::string(value_of(g, "Event")), event);
  }
  EXPECT_FALSE(reader.next(g));
  EXPECT_FALSE(reader.error());
  // With CR LF line ends, the same places.
  std::istringstream crlf("[Event \"1\"]\r\n\r\n1. a {never closed\r\n\r\n[Event \"2\"]\r\n\r\n1. c *\r\n");
  TextReader crlf_reader(crlf, "t.beyt");
  EXPECT_FALSE(crlf_reader.next(g));
  ASSERT_TRUE(crlf_reader.recover());
  ASSERT_TRUE(crlf_reader.next(g)) << format_text(crlf_reader.error());
  EXPECT_EQ(std::string(value_of(g, "Event")), "2");
  EXPECT_EQ(g.loc.line, 5u);
  EXPECT_EQ(moves_of(g.moves), Strings{"c"});
  EXPECT_EQ(g.moves.front().loc.line, 7u);
  // A character no record may hold after the next game's tags is that
  // game's error (E110 in game 2), not the comment's.
  std::istringstream control("[Event \"1\"]\n\n1. a {never closed\n\n[Event \"2\"]\n\n1. c {x\x01y} *\n");
  TextReader control_reader(control, "t.beyt");
  EXPECT_FALSE(control_reader.next(g));
  ASSERT_EQ(control_reader.errors().errors.size(), 1u);
  EXPECT_EQ(control_reader.errors().errors.front().code, Code::unterminated_comment);
  ASSERT_TRUE(control_reader.recover());
  EXPECT_FALSE(control_reader.next(g));
  EXPECT_EQ(control_reader.game_index(), 2u);
  ASSERT_FALSE(control_reader.errors().errors.empty());
  EXPECT_EQ(control_reader.errors().errors.front().code, Code::bad_character);
  EXPECT_EQ(control_reader.errors().errors.front().loc.line, 7u);
  // So are invalid UTF-8 (E101) and a noncharacter (E110) there.
  for (const auto& [bad, code] : std::vector<std::pair<std::string, Code>>{{"\xFF", Code::bad_utf8},
                                                                          {"\xEF\xBF\xBE", Code::bad_character}}) {
    std::istringstream in("[Event \"1\"]\n\n1. a {never closed\n\n[Event \"2" + bad + "\"]\n\n1. c *\n");
    TextReader reader(in, "t.beyt");
    EXPECT_FALSE(reader.next(g));
    ASSERT_EQ(reader.errors().errors.size(), 1u) << reader.errors().errors.back().reason;
    EXPECT_EQ(reader.errors().errors.front().code, Code::unterminated_comment);
    ASSERT_TRUE(reader.recover());
    EXPECT_FALSE(reader.next(g));
    EXPECT_EQ(reader.game_index(), 2u);
    ASSERT_EQ(reader.errors().errors.size(), 1u);
    EXPECT_EQ(reader.errors().errors.front().code, code);
    EXPECT_EQ(reader.errors().errors.front().loc.line, 5u);
  }
  // Not a tag section: no blank line before the '[', or no '"' after the name.
  for (const auto& [comment, at] : std::vector<std::pair<std::string, std::string>>{
           {"{see\n[Event \"x\"] in Lane}", "E106@2:27"},
           {"{see\n\n[Event \"x\"] in Lane}", "E106@3:27"},
           {"{see\n\n[note] in Lane}", "E106@3:22"}}) {
    Broken b = broken_game("1. a " + comment + " 2. b $999 *\n");
    EXPECT_EQ(b.codes, Strings{at}) << comment;
    EXPECT_EQ(moves_of(b.record.moves), (Strings{"a", "b"})) << comment;
  }
}

TEST(TextRecovery, AtMaxErrorsTheGameIsGivenUp) {
  std::string text = "1. a";
  for (int i = 0; i < 5; ++i) text += " $x";
  text += " *\n[Event \"2\"]\n1. b *\n";
  std::istringstream in(text);
  ReadOptions options;
  options.max_errors = 3;
  TextReader reader(in, "t.beyt", options);
  GameRecord g;
  EXPECT_FALSE(reader.next(g));
  ASSERT_EQ(reader.errors().errors.size(), 3u);
  EXPECT_FALSE(reader.errors().whole);
  EXPECT_EQ(reader.errors().errors.back().reason,
            "expected a number from 0 to 255 after '$'; 3 errors in this game: the rest of it is not checked");
  ASSERT_TRUE(reader.recover());  // to the next game's '['
  ASSERT_TRUE(reader.next(g)) << format_text(reader.error());
  EXPECT_EQ(g.find_tag("Event")->value, "2");
  // 0: no limit.
  options.max_errors = 0;
  EXPECT_EQ(broken_game("1. a $x $x $x $x $x $x *", options).codes.size(), 6u);
  EXPECT_EQ(kDefaultMaxErrors, 20u);
}

TEST(TextRecovery, StrictReportsEachSlipOnce) {
  // A wrong number: the count goes on from it (a turn left out) or from the
  // turns (a slip of the pen); CR line ends and tabs: once a game; the
  // roster: its first error.
  EXPECT_EQ(broken_game(kRosterText + "1. a 3. b 4. c *\n", ReadOptions{true}).codes, Strings{"E120@9:6"});
  EXPECT_EQ(broken_game(kRosterText + "1. a 3. b 3. c *\n", ReadOptions{true}).codes, Strings{"E120@9:6"});
  std::string crlf = kRosterText + "1. a\t2. b\t*\n";
  for (std::size_t at = crlf.find('\n'); at != std::string::npos; at = crlf.find('\n', at + 2)) crlf.insert(at, "\r");
  EXPECT_EQ(broken_game(crlf, ReadOptions{true}).codes, (Strings{"E123@1:12", "E123@9:5"}));
  EXPECT_EQ(broken_game("[Game \"seega\"]\n\n1. a *\n", ReadOptions{true}).codes, Strings{"E121@1:1"});
}

TEST(TextRecovery, TheFirstMisnumberedTurnIsKept) {
  // The lenient reader takes any number; it keeps the first main-line one
  // that disagrees with its turn for the validator (E111).
  GameRecord g = read_one("1. a 2. b 4. c 5. d (4. x 9. y) *");
  EXPECT_EQ(g.numbering.written, 4u);
  EXPECT_EQ(g.numbering.expected, 3u);
  EXPECT_EQ(g.numbering.loc.line, 1u);
  EXPECT_EQ(g.numbering.loc.column, 11u);
  EXPECT_EQ(read_one("1. a 2. b (2. x 7. y) 3. c *").numbering.written, 0u);  // variations: not kept
  EXPECT_EQ(read_one("a b c *").numbering.written, 0u);                         // no numbers
  // And where the moves end when no result token ends them (E402's place).
  g = read_one("1. a 2. b3-c3\n");
  EXPECT_EQ(g.moves_end.line, 1u);
  EXPECT_EQ(g.moves_end.column, 14u);
  EXPECT_EQ(g.result_loc.line, 0u);
  EXPECT_EQ(read_one("1. a *").moves_end.line, 0u);
}

TEST(TextErrors, ReadTextStopsAtTheFirstError) {
  struct Count : GameVisitor {
    int n = 0;
    bool game(GameRecord&&, std::uint32_t) override { return ++n, true; }
  } visitor;
  std::istringstream in("1. a *\n1. b *\n1. c ) *\n1. d *\n");
  Diagnostic d = read_text(in, "x.beyt", visitor);
  EXPECT_EQ(visitor.n, 2);
  EXPECT_EQ(d.code, Code::unbalanced_variation);
  EXPECT_EQ(d.game, 3u);
  EXPECT_EQ(d.loc.line, 3u);
  EXPECT_EQ(d.file, "x.beyt");
}

// ===========================================================================
// Lenient reading
// ===========================================================================

TEST(TextLenient, BomCrlfAndLocations) {
  std::string text =
      "\xEF\xBB\xBF[Event \"Caf\xC3\xA9\"] [Site \"Cairo\"]\r\n"
      "\r\n"
      "1. c1,c5\t2. a3,e3\r\n"
      "3. b1,b2 *\r\n";
  GameRecord g = read_one(text);
  ASSERT_EQ(g.tags.size(), 2u);
  EXPECT_EQ(g.tags[0].value, "Caf\xC3\xA9");
  EXPECT_EQ(g.loc.line, 1u);
  EXPECT_EQ(g.loc.column, 1u);
  EXPECT_EQ(g.loc.offset, 3u);  // after the BOM, which takes no column
  EXPECT_EQ(g.tags[0].loc.column, 1u);
  EXPECT_EQ(g.tags[0].value_loc.column, 9u);
  EXPECT_EQ(g.tags[1].loc.column, 16u);  // "é" is one column but two bytes
  EXPECT_EQ(g.tags[1].loc.offset, 19u);
  EXPECT_EQ(g.tags[1].value_loc.column, 23u);
  ASSERT_EQ(g.moves.size(), 3u);
  EXPECT_EQ(g.moves[0].loc.line, 3u);
  EXPECT_EQ(g.moves[0].loc.column, 4u);
  EXPECT_EQ(g.moves[1].loc.line, 3u);
  EXPECT_EQ(g.moves[1].loc.column, 13u);
  EXPECT_EQ(g.moves[2].loc.line, 4u);
  EXPECT_EQ(g.moves[2].loc.column, 4u);
  EXPECT_EQ(g.result, "*");
  EXPECT_EQ(g.result_loc.line, 4u);
  EXPECT_EQ(g.result_loc.column, 10u);
  EXPECT_EQ(text.substr(g.result_loc.offset, 1), "*");
  EXPECT_EQ(text.substr(g.moves[2].loc.offset, 5), "b1,b2");
}

TEST(TextLenient, CrOnlyLineEndsCountLines) {
  GameRecord g = read_one("[Event \"x\"]\r\r1. a\r2. b\r\n3. c\n\r4. d 1-0");
  ASSERT_EQ(g.moves.size(), 4u);
  EXPECT_EQ(g.moves[0].loc.line, 3u);
  EXPECT_EQ(g.moves[1].loc.line, 4u);
  EXPECT_EQ(g.moves[2].loc.line, 5u);
  EXPECT_EQ(g.moves[3].loc.line, 7u);
  EXPECT_EQ(g.result, "1-0");
}

TEST(TextLenient, TurnNumbersAreOptionalAndIgnored) {
  GameRecord g = read_one("c1,c5 7. a3,e3 12...b1,b2 12.b3-c3xc4 99. -- 3.... ~c4/b5-c4 0-1");
  EXPECT_EQ(moves_of(g.moves), (Strings{"c1,c5", "a3,e3", "b1,b2", "b3-c3xc4", "--", "~c4/b5-c4"}));
  EXPECT_EQ(g.moves[2].loc.column, 21u);
  EXPECT_EQ(g.result, "0-1");
}

TEST(TextLenient, TabMovesAreOpaque) {
  GameRecord g = read_one(
      "[Game \"tab\"]\n1. 3 2. 2 3. 1,4,2:1I-K,4K-O,2O-Q 4. 1WBBB,4WWWW,2WWBB:1I-K 5. 1m-n' "
      "6. 6-- 7. 1,4,2:2mxo,4oxs,1sxa 1/2-1/2");
  EXPECT_EQ(moves_of(g.moves),
            (Strings{"3", "2", "1,4,2:1I-K,4K-O,2O-Q", "1WBBB,4WWWW,2WWBB:1I-K", "1m-n'", "6--",
                     "1,4,2:2mxo,4oxs,1sxa"}));
  EXPECT_EQ(g.result, "1/2-1/2");
}

TEST(TextLenient, ResultsAreWholeTokensOnly) {
  GameRecord g = read_one("1. 1-0x 2. *a 3. 0-1-0 4. 1/2 1-0");
  EXPECT_EQ(moves_of(g.moves), (Strings{"1-0x", "*a", "0-1-0", "1/2"}));
  EXPECT_EQ(g.result, "1-0");
}

TEST(TextLenient, SuffixesBecomeNags) {
  GameRecord g = read_one("1. a! 2. b? 3. c!! 4. d?? 5. e!? 6. f?! 7. g ! ?? $7 $0 $255 *");
  ASSERT_EQ(g.moves.size(), 7u);
  std::vector<std::vector<std::uint8_t>> nags;
  for (const auto& n : g.moves) nags.push_back(n.nags);
  EXPECT_EQ(nags, (std::vector<std::vector<std::uint8_t>>{
                      {1}, {2}, {3}, {4}, {5}, {6}, {1, 4, 7, 0, 255}}));
  EXPECT_EQ(g.moves[0].move, "a");
}

TEST(TextLenient, CommentsAttachAsNotationSays) {
  GameRecord g = read_one(
      "{g1} ; g2\n"
      "1. a {a1} $1 {a2} (1. x {x1}) {b1} 2. b {b2} (2. y) (2. z {z1}) {c1} 3. c {end}\n"
      "(3. w (3. v) {w1}) ;last\n"
      "1-0");
  ASSERT_EQ(g.moves.size(), 3u);
  EXPECT_EQ(g.comments, (Strings{"g1", " g2"})) << "comments before the first move are the game's";
  EXPECT_TRUE(g.moves[0].before.empty());
  EXPECT_EQ(g.moves[0].after, (Strings{"a1", "a2"}));
  EXPECT_EQ(g.moves[0].nags, (std::vector<std::uint8_t>{1}));
  EXPECT_EQ(g.moves[0].variations[0][0].after, Strings{"x1"});
  EXPECT_EQ(g.moves[1].before, Strings{"b1"});
  EXPECT_EQ(g.moves[1].after, Strings{"b2"});
  EXPECT_EQ(g.moves[1].variations.size(), 2u);
  EXPECT_EQ(g.moves[2].before, Strings{"c1"});
  // At the end of a line after variations: the last move's `after`.
  EXPECT_EQ(g.moves[2].after, (Strings{"end", "last"}));
  EXPECT_EQ(g.moves[2].variations[0][0].after, Strings{"w1"});
}

TEST(TextLenient, CommentTextIsKeptByteForByte) {
  GameRecord g = read_one(
      "1. a {  two\r\n lines\t\xD8\xB3 } ;  semi } colon  \r\n{}{x}*");
  EXPECT_EQ(g.moves[0].after,
            (Strings{"  two\r\n lines\t\xD8\xB3 ", "  semi } colon  ", "", "x"}));
  EXPECT_EQ(g.result_loc.line, 3u);
  EXPECT_EQ(g.result_loc.column, 6u);
}

TEST(TextLenient, GameWithoutMovesKeepsItsComments) {
  GameRecord g = read_one("[Event \"x\"]\n{nothing was played} ;really\n*");
  EXPECT_TRUE(g.moves.empty());
  EXPECT_EQ(g.comments, (Strings{"nothing was played", "really"}));
}

TEST(TextLenient, NestedVariations) {
  GameRecord g = read_one("1. a 2. b (2. c 3. d (3. e (3. f)) 4. g) (2. h) 3. i *");
  EXPECT_EQ(moves_of(g.moves), (Strings{"a", "b", "i"}));
  ASSERT_EQ(g.moves[1].variations.size(), 2u);
  const Line& v = g.moves[1].variations[0];
  EXPECT_EQ(moves_of(v), (Strings{"c", "d", "g"}));
  EXPECT_EQ(moves_of(v[1].variations[0]), Strings{"e"});
  EXPECT_EQ(moves_of(v[1].variations[0][0].variations[0]), Strings{"f"});
  EXPECT_EQ(moves_of(g.moves[1].variations[1]), Strings{"h"});
}

TEST(TextLenient, NestingAtTheLimitIsAccepted) {
  const int limit = static_cast<int>(kMaxVariationDepth);
  std::string text = deep_nesting(limit) + std::string(kMaxVariationDepth, ')') + " *";
  GameRecord g = read_one(text);
  int depth = 0;
  const Line* line = &g.moves;
  while (!line->back().variations.empty()) {
    line = &line->back().variations[0];
    ++depth;
  }
  EXPECT_EQ(depth, limit);
}

TEST(TextLenient, EmptyVariationIsKept) {
  GameRecord g = read_one("1. a () *");
  ASSERT_EQ(g.moves[0].variations.size(), 1u);
  EXPECT_TRUE(g.moves[0].variations[0].empty());
}

TEST(TextLenient, TagsWithSpacingAndEscapes) {
  GameRecord g = read_one(
      "[ Event   \"say \\\"hi\\\" \\\\ back\" ]\n[Site\"\"][Round\n\"3\"\n]\n[A_1 \"\xE2\x80\x94\"]\n*");
  ASSERT_EQ(g.tags.size(), 4u);
  EXPECT_EQ(g.tags[0].value, "say \"hi\" \\ back");
  EXPECT_EQ(g.tags[0].value_loc.column, 12u);
  EXPECT_EQ(g.tags[1].name, "Site");
  EXPECT_EQ(g.tags[1].value, "");
  EXPECT_EQ(g.tags[2].value, "3");
  EXPECT_EQ(g.tags[2].value_loc.line, 3u);
  EXPECT_EQ(g.tags[3].name, "A_1");
}

TEST(TextLenient, MultipleGamesAndMissingResults) {
  ReadResult r = read_all(
      "[Event \"1\"]\n1. a 1-0\n"
      "[Event \"2\"]\n1. b\n"              // no result before the next '['
      "  [Event \"3\"]\n1. c 0-1 1. d *\n"  // a '[' after blanks still starts a line
      "[Event \"5\"]\n1. e\n");            // no result at the end
  ASSERT_FALSE(r.error) << format_text(r.error);
  ASSERT_EQ(r.games.size(), 5u);
  EXPECT_EQ(r.games[0].result, "1-0");
  EXPECT_EQ(r.games[1].result, "*");
  EXPECT_EQ(r.games[1].result_loc.line, 0u);  // no token: unknown place
  EXPECT_EQ(r.games[2].result, "0-1");
  EXPECT_EQ(moves_of(r.games[3].moves), Strings{"d"});  // a game without tags
  EXPECT_TRUE(r.games[3].tags.empty());
  EXPECT_EQ(r.games[3].loc.column, 10u);
  EXPECT_EQ(r.games[4].result, "*");
  EXPECT_EQ(r.games[4].find_tag("Event")->value, "5");
}

TEST(TextLenient, EscapeLinesAreIgnored) {
  ReadResult r = read_all(
      "% header by some program [not a tag]\n"
      "[Event \"x\"]\n%{ not a comment\n1. a\n% ( nor a variation\n2. b *\n%last");
  ASSERT_FALSE(r.error) << format_text(r.error);
  ASSERT_EQ(r.games.size(), 1u);
  EXPECT_EQ(moves_of(r.games[0].moves), (Strings{"a", "b"}));
  EXPECT_EQ(r.games[0].moves[1].loc.line, 6u);
}

TEST(TextLenient, EmptyAndBlankInputs) {
  for (const char* text : {"", "\n\n", "\xEF\xBB\xBF", " \t\r\n", "%only\n"}) {
    ReadResult r = read_all(text);
    EXPECT_FALSE(r.error) << format_text(r.error);
    EXPECT_TRUE(r.games.empty());
  }
}

// A byte-order mark is read past with warning W101 (once, at 1:1); strict
// reading makes it the error (the table above: strict_bom).
TEST(TextLenient, ByteOrderMarkIsAWarning) {
  std::istringstream in("\xEF\xBB\xBF[Event \"x\"]\n1. a *\n[Event \"y\"]\n1. b *\n");
  TextReader reader(in, "t.beyt");
  GameRecord g;
  ASSERT_TRUE(reader.next(g));
  std::vector<Diagnostic> w = reader.take_warnings();
  ASSERT_EQ(w.size(), 1u);
  EXPECT_EQ(w[0].code, Code::byte_order_mark);
  EXPECT_EQ(w[0].severity, Severity::warning);
  EXPECT_EQ(w[0].loc.line, 1u);
  EXPECT_EQ(w[0].loc.column, 1u);
  EXPECT_EQ(format_text(w[0]).rfind("t.beyt:1:1: warning[W101]: ", 0), 0u) << format_text(w[0]);
  EXPECT_NE(format_json(w[0]).find("\"severity\":\"warning\",\"code\":\"W101\""), std::string::npos)
      << format_json(w[0]);
  ASSERT_TRUE(reader.next(g));
  EXPECT_TRUE(reader.take_warnings().empty()) << "taken once";
  std::istringstream plain("[Event \"x\"]\n1. a *\n");
  TextReader without(plain, "t.beyt");
  ASSERT_TRUE(without.next(g));
  EXPECT_TRUE(without.take_warnings().empty());
  // Strict: the error, and the game after the mark is still read.
  std::istringstream strict_in("\xEF\xBB\xBF[Event \"x\"]\n1. a *\n");
  TextReader strict(strict_in, "t.beyt", ReadOptions{true});
  EXPECT_FALSE(strict.next(g));
  EXPECT_EQ(strict.error().code, Code::byte_order_mark);
  EXPECT_EQ(strict.error().severity, Severity::error);
  EXPECT_TRUE(strict.recover());
}

TEST(TextLenient, VisitorCanStopEarly) {
  struct Two : GameVisitor {
    std::vector<std::uint32_t> seen;
    bool game(GameRecord&&, std::uint32_t index) override {
      seen.push_back(index);
      return seen.size() < 2;
    }
  } visitor;
  std::istringstream in("1. a *\n1. b *\n1. c *\n");
  Diagnostic d = read_text(in, "-", visitor);
  EXPECT_FALSE(d);
  EXPECT_EQ(visitor.seen, (std::vector<std::uint32_t>{1, 2}));
}

// ===========================================================================
// Strict reading
// ===========================================================================

TEST(TextStrict, AcceptsTheCanonicalForm) {
  std::string text = kRosterText.substr(0, kRosterText.size() - 1) +
                     "[Game \"seega\"]\n[Rules \"walker\"]\n[SetUp \"5/5/5/5/2S1S N place\"]\n"
                     "[Source \"Lane\"]\n[Annotator \"x\"]\n\n"
                     "{start} 1. {first} c1,c5 $1 {good} (1. a1,a5 2. b1,b5 (2. e1,e5)) 2. a3,e3\n"
                     "3. b3-c3xc4 ;has } brace\n4. -- *\n\n";
  GameRecord g = read_one(text, true);
  EXPECT_EQ(g.moves.size(), 4u);
  EXPECT_EQ(g.comments, Strings{"start"});
  EXPECT_EQ(g.moves[0].before, Strings{"first"});
  EXPECT_EQ(g.moves[2].after, Strings{"has } brace"});
}

TEST(TextStrict, LayoutOfBlanksBetweenTokensIsFree) {
  std::string text = kRosterText + "\n\n1.c1,c5    2.\n a3,e3\n\n\n(2. x) 3.b1,b2 0-1\n\n\n";
  GameRecord g = read_one(text, true);
  EXPECT_EQ(moves_of(g.moves), (Strings{"c1,c5", "a3,e3", "b1,b2"}));
}

TEST(TextStrict, VariationNumbering) {
  GameRecord g = read_one(kRosterText + "1. a 2. b 3. c (3. d 4. e (4. f) 5. g) (3. h) 4. i *", true);
  EXPECT_EQ(moves_of(g.moves), (Strings{"a", "b", "c", "i"}));
}

// ===========================================================================
// Canonical writer
// ===========================================================================

Node node(std::string move, std::vector<std::uint8_t> nags = {}, Strings after = {},
          std::vector<Line> variations = {}, Strings before = {}) {
  Node n;
  n.move = std::move(move);
  n.nags = std::move(nags);
  n.after = std::move(after);
  n.variations = std::move(variations);
  n.before = std::move(before);
  return n;
}

TEST(TextWriter, EmptyRecord) {
  EXPECT_EQ(to_text(GameRecord{}), kRosterText + "*\n\n");
}

TEST(TextWriter, TagOrderDefaultsAndEscapes) {
  GameRecord g;
  g.set_tag("Annotator", "me");
  g.set_tag("Source", "Lane (1836), \"Seega\"");
  g.set_tag("Result", "0-1");
  g.set_tag("Game", "seega");
  g.set_tag("Cells", "lane");
  g.set_tag("South", "Hasan");
  g.set_tag("Rules", "walker; size=7");
  g.set_tag("Event", "C:\\games");
  g.result = "0-1";
  EXPECT_EQ(to_text(g),
            "[Event \"C:\\\\games\"]\n"
            "[Site \"?\"]\n"
            "[Date \"????.??.??\"]\n"
            "[Round \"?\"]\n"
            "[South \"Hasan\"]\n"
            "[North \"?\"]\n"
            "[Result \"0-1\"]\n"
            "[Game \"seega\"]\n"
            "[Rules \"walker; size=7\"]\n"
            "[Source \"Lane (1836), \\\"Seega\\\"\"]\n"
            "[Annotator \"me\"]\n"
            "[Cells \"lane\"]\n"
            "\n"
            "0-1\n\n");
}

TEST(TextWriter, MovetextGolden) {
  GameRecord g;
  g.moves = {node("c1,c5", {1, 14}, {"South places first"}, {}, {"opening"}),
             node("a3,e3", {}, {}, {{node("a1,a5", {}, {"why?"}), node("b1,b5", {}, {}, {{node("--")}})},
                                   {node("~c4/b5-c4")}}),
             node("b3-c3xc4", {}, {"has } brace", "after"}), node("1m-n'", {255})};
  g.result = "1/2-1/2";
  // No Result tag: the one the token gives.
  std::string roster = kRosterText;
  roster.replace(roster.find("[Result \"*\"]"), 12, "[Result \"1/2-1/2\"]");
  EXPECT_EQ(to_text(g), roster +
                            "1. {opening} c1,c5 $1 $14 {South places first} 2. a3,e3 (2. a1,a5 {why?}\n"
                            "3. b1,b5 (3. --)) (2. ~c4/b5-c4) 3. b3-c3xc4 ;has } brace\n"
                            "{after} 4. 1m-n' $255 1/2-1/2\n\n");
}

TEST(TextWriter, GameCommentsAndEmptyVariation) {
  GameRecord g;
  g.comments = {"not played"};
  EXPECT_EQ(to_text(g), kRosterText + "{not played} *\n\n");
  g.comments.clear();
  g.moves = {node("a", {}, {}, {Line{}})};
  g.result = "bogus";
  EXPECT_EQ(to_text(g), kRosterText + "1. a () *\n\n");
}

TEST(TextWriter, WrapsBefore80Columns) {
  GameRecord g;
  for (int i = 0; i < 200; ++i) g.moves.push_back(node(i % 2 ? "b3-c3xc4xd3" : "1,4,2:1I-K,4K-O,2O-Q"));
  std::string text = to_text(g);
  std::istringstream lines(text);
  std::string l;
  int n = 0;
  while (std::getline(lines, l)) {
    EXPECT_LE(l.size(), 79u) << l;
    EXPECT_TRUE(l.empty() || (l.front() != ' ' && l.back() != ' ')) << l;
    // Never split "N. move".
    EXPECT_TRUE(l.empty() || l.back() != '.') << l;
    ++n;
  }
  EXPECT_GT(n, 60);
  // The first movetext line is filled as far as it goes.
  EXPECT_EQ(text.substr(kRosterText.size(), 80),
            "1. 1,4,2:1I-K,4K-O,2O-Q 2. b3-c3xc4xd3 3. 1,4,2:1I-K,4K-O,2O-Q 4. b3-c3xc4xd3\n5.");
}

TEST(TextWriter, WidthCountsCodePointsAndLongCommentsStandAlone) {
  GameRecord g;
  std::string arabic;
  for (int i = 0; i < 30; ++i) arabic += "\xD8\xB3";  // 30 code points, 60 bytes
  std::string long_comment(100, 'x');
  g.moves = {node("a", {}, {arabic + std::string(40, 'y')}), node("b", {}, {long_comment}),
             node("c")};
  EXPECT_EQ(to_text(g), kRosterText + "1. a {" + arabic + std::string(40, 'y') + "}\n2. b\n{" +
                            long_comment + "}\n3. c *\n\n");
}

TEST(TextWriter, MultilineCommentsContinueTheColumn) {
  GameRecord g;
  g.moves = {node("a", {}, {"first\n" + std::string(70, 'z')}), node("b"), node("c")};
  EXPECT_EQ(to_text(g), kRosterText + "1. a {first\n" + std::string(70, 'z') + "} 2. b\n3. c *\n\n");
}

TEST(TextWriter, SemicolonCommentBeforeCloseAndAtStart) {
  GameRecord g;
  g.moves = {node("a", {}, {}, {{node("b", {}, {"x}"})}}), node("c", {}, {}, {}, {"y}"})};
  EXPECT_EQ(to_text(g), kRosterText + "1. a (1. b ;x}\n) 2. ;y}\nc *\n\n");
}

TEST(TextWriter, WriteTextMatchesToText) {
  GameRecord g;
  g.moves = {node("c1,c5")};
  std::ostringstream out;
  write_text(out, g);
  write_text(out, g);
  EXPECT_EQ(out.str(), to_text(g) + to_text(g));
}

// ===========================================================================
// Byte stability: write(read(write(x))) == write(x)
// ===========================================================================

std::string rewrite(const std::string& text, bool strict) {
  ReadResult r = read_all(text, strict);
  EXPECT_FALSE(r.error) << format_text(r.error) << text;
  std::string out;
  for (const auto& g : r.games) out += to_text(g);
  return out;
}

TEST(TextStability, LenientInputsBecomeStableCanonicalText) {
  const std::vector<std::string> inputs = {
      "",
      "*",
      "\xEF\xBB\xBF[Event \"x\"]\r\n1. c1,c5! {a} 2. a3,e3 $4 12...c3 ;x}y\n 1/2-1/2\n",
      "{g1} ; g2\n1. a {a1} $1 {a2} (1. x {x1}) {b1} 2. b {b2} (2. y) (2. z {z1}) {c1} 3. c {e}\n"
      "(3. w (3. v) {w1}) ;last\n1-0",
      "[Event \"x\"]\n{nothing was played} ;really\n*",
      "1. a 2. b (2. c 3. d (3. e (3. f)) 4. g) (2. h) 3. i *",
      "[Site \"a \\\"b\\\"\"][Zeta \"z\"][Event \"e\"][Game \"tab\"]\n1. 3 2. 1,4,2:1I-K,4K-O,2O-Q 0-1\n"
      "[Event \"2\"] 1. a 1. b\n",
      "1. a {multi\nline\r\ncomment that is rather long and goes on and on and on and on and on} "
      "2. b {" + std::string(200, 'q') + "} 3. c ;}\n(3. d ;}}\n) *",
      "1. a () (1. b) *",
  };
  for (const auto& input : inputs) {
    std::string once = rewrite(input, false);
    std::string twice = rewrite(once, true);  // canonical text passes strict reading
    EXPECT_EQ(twice, once) << input;
    EXPECT_EQ(rewrite(twice, false), once);
  }
}

// Random records: every move, comment, NAG and variation in places the text
// can hold, so that read(write(r)) == r exactly.
class RecordGen {
 public:
  explicit RecordGen(unsigned seed) : rng_(seed) {}

  GameRecord game() {
    GameRecord g;
    int tags = pick(0, 12);
    const char* names[] = {"Event", "Site", "Date", "Round", "South", "North", "Result", "Game",
                           "Rules", "SetUp", "Source", "Annotator", "Cells", "X_1", "TimeOfDay"};
    for (int i = 0; i < tags; ++i) g.set_tag(names[pick(0, 14)], text(pick(0, 30), false, false));
    // The writer always emits the roster: a record read back has it in order.
    GameRecord canonical;
    for (auto name : kRoster) {
      const TagPair* t = g.find_tag(name);
      canonical.set_tag(name, t ? t->value : std::string(roster_default(name)));
    }
    for (auto name : {"Game", "Rules", "SetUp", "Source"})
      if (const TagPair* t = g.find_tag(name)) canonical.set_tag(name, t->value);
    for (const auto& t : g.tags)
      if (!canonical.find_tag(t.name)) canonical.set_tag(t.name, t.value);
    canonical.moves = line(0, pick(0, 40));
    if (canonical.moves.empty())
      for (int i = pick(0, 2); i > 0; --i) canonical.comments.push_back(comment());
    const char* results[] = {"1-0", "0-1", "1/2-1/2", "*"};
    canonical.result = results[pick(0, 3)];
    return canonical;
  }

 private:
  int pick(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }

  // Tag values (allow_tab false) hold no control character: NOTATION.md section 11.
  std::string text(int n, bool allow_line_end, bool allow_tab = true) {
    static const std::vector<std::string> pieces = {
        "a", "b", "Z", "0", "9", " ", "  ", ",", "-", "x", "~", "/", ".", "'", ":", "\"", "\\",
        "(", ")", "[", "]", "$", "!", "?", ";", "%", "*", "\t", "\xC3\xA9", "\xD8\xB3",
        "\xE2\x80\x94", "\xF0\x9F\x8E\xB2", "{"};
    std::string s;
    for (int i = 0; i < n; ++i) {
      if (allow_line_end && pick(0, 20) == 0) s += pick(0, 1) ? "\n" : "\r\n";
      const std::string& piece = pieces[pick(0, static_cast<int>(pieces.size()) - 1)];
      if (allow_tab || piece != "\t") s += piece;
    }
    return s;
  }
  std::string comment() {
    if (pick(0, 6) == 0) return text(pick(0, 10), false) + "}" + text(pick(0, 10), false);
    return text(pick(0, pick(0, 3) ? 12 : 120), true);
  }
  std::string move() {
    static const std::vector<std::string> moves = {
        "c1,c5", "b3-c3xc4", "b3-c3xc4-c5xd5", "--", "~c4/b5-c4", "1,4,2:1I-K,4K-O,2O-Q",
        "1m-n'", "6--", "BBBW,WWB,BW:1A1-B1,4D3-D7", "=4,4,4,4,4,4,4,4,4,4,4,4", "#40-32",
        "C,D,a", "3", "\xC3\xA9\xC3\xA9", "a.b", "1-0x", "..."};
    return moves[pick(0, static_cast<int>(moves.size()) - 1)];
  }
  Line line(int depth, int length) {
    Line l(length);
    for (int i = 0; i < length; ++i) {
      Node& n = l[i];
      n.move = move();
      bool before_ok = i == 0 || !l[i - 1].variations.empty();
      if (before_ok)
        for (int k = pick(0, 4) == 0 ? pick(1, 2) : 0; k > 0; --k) n.before.push_back(comment());
      for (int k = pick(0, 5) == 0 ? pick(1, 3) : 0; k > 0; --k)
        n.nags.push_back(static_cast<std::uint8_t>(pick(0, 255)));
      for (int k = pick(0, 3) == 0 ? pick(1, 2) : 0; k > 0; --k) n.after.push_back(comment());
      if (depth < 4)
        for (int k = pick(0, 6) == 0 ? pick(1, 2) : 0; k > 0; --k)
          n.variations.push_back(line(depth + 1, pick(0, 5)));
    }
    return l;
  }

  std::mt19937 rng_;
};

TEST(TextStability, RandomRecordsRoundTripExactly) {
  RecordGen gen(20240611);
  std::string all;
  std::vector<GameRecord> records;
  for (int i = 0; i < 400; ++i) {
    GameRecord g = gen.game();
    std::string text = to_text(g);
    ReadResult r = read_all(text, true);
    ASSERT_FALSE(r.error) << format_text(r.error) << text;
    ASSERT_EQ(r.games.size(), 1u) << text;
    EXPECT_EQ(r.games[0], g) << text;
    EXPECT_EQ(to_text(r.games[0]), text);
    all += text;
    records.push_back(std::move(g));
  }
  // The same records as one multi-game file, read in small chunks.
  ChunkSize guard(5);
  ReadResult r = read_all(all, true);
  ASSERT_FALSE(r.error) << format_text(r.error);
  EXPECT_EQ(r.games, records);
}

TEST(TextStability, BeforeCommentsMidLineKeepTheirMove) {
  // A `before` comment stands between the turn number and its move, so it
  // reads back as the same move's `before`: the model survives, not only the bytes.
  GameRecord g;
  g.comments = {"game"};
  g.moves = {node("a", {}, {"x"}), node("b", {}, {}, {}, {"y"})};
  std::string text = to_text(g);
  EXPECT_EQ(text, kRosterText + "{game} 1. a {x} 2. {y} b *\n\n");
  GameRecord back = read_one(text, true);
  EXPECT_EQ(back.comments, g.comments);
  EXPECT_EQ(back.moves, g.moves);
  EXPECT_EQ(to_text(back), text);
}

// ===========================================================================
// Streaming
// ===========================================================================

std::string generated_game(int i) {
  std::string s = "[Event \"Cairo coffee-house games\"]\n[Site \"Cairo\"]\n[Date \"1835.??.??\"]\n"
                  "[Round \"" + std::to_string(i) + "\"]\n[South \"Hasan\"]\n[North \"Ali\"]\n"
                  "[Result \"0-1\"]\n[Game \"seega\"]\n\n";
  s += "1. c1,c5 {South places first} 2. a3,e3 3. b1,b2 (3. d1,d2 $2) 4. b3-c3xc4 $1\n"
       "5. -- 6. ~c4/b5-c4 {Lane} 7. 1m-n' 0-1\n\n";
  return s;
}

TEST(TextStreaming, TwentyThousandGames) {
  constexpr int kGames = 20000;
  std::string text;
  for (int i = 1; i <= kGames; ++i) text += generated_game(i);
  ASSERT_GT(text.size(), std::size_t{64} * 1024 * 10);
  std::istringstream in(text);
  struct Check : GameVisitor {
    std::uint32_t count = 0;
    std::uint32_t last_line = 0;
    bool ok = true;
    bool game(GameRecord&& g, std::uint32_t index) override {
      ++count;
      ok = ok && index == count && g.moves.size() == 7 && g.result == "0-1" &&
           g.find_tag("Round")->value == std::to_string(index);
      last_line = g.moves[0].loc.line;
      return true;
    }
  } check;
  Diagnostic d = read_text(in, "big.beyt", check, ReadOptions{true});
  EXPECT_FALSE(d) << format_text(d);
  EXPECT_EQ(check.count, static_cast<std::uint32_t>(kGames));
  EXPECT_TRUE(check.ok);
  EXPECT_EQ(check.last_line, static_cast<std::uint32_t>((kGames - 1) * 12 + 10));
}

TEST(TextStreaming, ReadsOneChunkAtATimeNotTheWholeInput) {
  std::string text;
  for (int i = 1; i <= 2000; ++i) text += generated_game(i);
  ASSERT_GT(text.size(), std::size_t{4} * 64 * 1024);
  std::istringstream in(text);
  TextReader reader(in, "-");
  GameRecord g;
  ASSERT_TRUE(reader.next(g));
  EXPECT_LE(static_cast<std::size_t>(in.tellg()), std::size_t{64} * 1024);
  for (int i = 2; i <= 1000; ++i) ASSERT_TRUE(reader.next(g));
  EXPECT_LE(static_cast<std::size_t>(in.tellg()), text.size() / 2 + std::size_t{64} * 1024);
}

TEST(TextStreaming, TokensLongerThanTheBufferAndAcrossChunks) {
  // Default 64 KiB chunks: a comment, a move and a tag value longer than one
  // chunk, and many games so that boundaries fall everywhere.
  std::string comment(200000, 'c');
  std::string move(100000, 'm');
  std::string value(70000, 'v');
  std::string text = "[Event \"" + value + "\"]\n1. " + move + " {" + comment + "} 2. x\xC3\xA9 1-0\n";
  for (int i = 1; i <= 3000; ++i) text += generated_game(i);
  ReadResult r = read_all(text);
  ASSERT_FALSE(r.error) << format_text(r.error);
  ASSERT_EQ(r.games.size(), 3001u);
  EXPECT_EQ(r.games[0].tags[0].value, value);
  EXPECT_EQ(r.games[0].moves[0].move, move);
  EXPECT_EQ(r.games[0].moves[0].after[0], comment);
  EXPECT_EQ(r.games[0].moves[1].move, "x\xC3\xA9");
  EXPECT_EQ(r.games[0].moves[1].loc.column, 300011u);
}

TEST(TextStreaming, ChunkBoundariesDoNotChangeAnything) {
  std::string text =
      "\xEF\xBB\xBF% escape\r\n[Event \"Caf\xC3\xA9 \\\"x\\\"\"]\r\n[Site \"\xF0\x9F\x8E\xB2\"]\r\r\n"
      "{before \xD8\xB3\xD8\xB3} 1. c1,c5!? {a\r\nb} 12...a3,e3 $12 (2. \xC3\xA9\xC3\xA9 ;semi\r\n"
      "(2. x)) 3. 1,4,2:1I-K,4K-O,2O-Q?? 4. 1m-n' 1/2-1/2\n"
      "[Event \"2\"]\n1. -- 2. ~c4/b5-c4\n[Event \"3\"]\n1. b3-c3xc4 *";
  ReadResult whole = read_all(text);
  ASSERT_FALSE(whole.error) << format_text(whole.error);
  ASSERT_EQ(whole.games.size(), 3u);
  for (std::size_t chunk = 1; chunk <= 17; ++chunk) {
    ChunkSize guard(chunk);
    ReadResult r = read_all(text);
    ASSERT_FALSE(r.error) << chunk << ": " << format_text(r.error);
    ASSERT_EQ(r.games, whole.games) << chunk;
    for (std::size_t i = 0; i < r.games.size(); ++i)
      EXPECT_EQ(locs_of(r.games[i]), locs_of(whole.games[i])) << chunk;
  }
}

TEST(TextStreaming, ReadsFromAStreamThatDeliversLittleAtATime) {
  // A stream buffer that hands out one byte per underflow.
  class Trickle : public std::streambuf {
   public:
    explicit Trickle(std::string s) : s_(std::move(s)) {}

   protected:
    int_type underflow() override {
      if (i_ >= s_.size()) return traits_type::eof();
      c_ = s_[i_++];
      setg(&c_, &c_, &c_ + 1);
      return traits_type::to_int_type(c_);
    }

   private:
    std::string s_;
    std::size_t i_ = 0;
    char c_ = 0;
  };
  std::string text;
  for (int i = 1; i <= 50; ++i) text += generated_game(i);
  Trickle buf(text);
  std::istream in(&buf);
  TextReader reader(in, "-");
  GameRecord g;
  int n = 0;
  while (reader.next(g)) ++n;
  EXPECT_FALSE(reader.error()) << format_text(reader.error());
  EXPECT_EQ(n, 50);
}

// ===========================================================================
// Garbage: every input ends in success or an error, never a crash or hang
// ===========================================================================

int read_with_recovery(const std::string& text, bool strict, std::size_t& errors) {
  std::istringstream in(text);
  TextReader reader(in, "fuzz", ReadOptions{strict});
  GameRecord g;
  int games = 0;
  for (std::size_t steps = 0; steps <= text.size() + 2; ++steps) {
    if (reader.next(g)) {
      ++games;
      // Whatever was read writes canonically and stably.
      std::string once = to_text(g);
      ReadResult back = read_all(once, true);
      if (back.error || back.games.size() != 1 || to_text(back.games[0]) != once) {
        ADD_FAILURE() << "unstable: " << once << format_text(back.error);
        return games;
      }
      continue;
    }
    if (!reader.error()) return games;
    ++errors;
    EXPECT_GT(reader.error().loc.line, 0u);
    EXPECT_NE(reader.error().code, Code::ok);
    if (!reader.recover()) return games;
  }
  ADD_FAILURE() << "reader did not finish: " << text;
  return games;
}

TEST(TextGarbage, RandomBytesTerminate) {
  std::mt19937 rng(7);
  std::size_t errors = 0;
  for (int i = 0; i < 3000; ++i) {
    std::string text(std::uniform_int_distribution<int>(0, 200)(rng), '\0');
    for (auto& c : text) c = static_cast<char>(std::uniform_int_distribution<int>(0, 255)(rng));
    ChunkSize guard(1 + static_cast<std::size_t>(i % 7));
    read_with_recovery(text, i % 2 == 0, errors);
  }
  EXPECT_GT(errors, 0u);
}

TEST(TextGarbage, SyntaxSoupTerminates) {
  const std::string alphabet = "[]{}()\";$!?%*.\\ \t\r\n0123456789-/,xabcEvent\xC3\xA9\xFF";
  std::mt19937 rng(11);
  std::size_t errors = 0;
  int games = 0;
  for (int i = 0; i < 5000; ++i) {
    std::string text(std::uniform_int_distribution<int>(0, 120)(rng), ' ');
    for (auto& c : text)
      c = alphabet[std::uniform_int_distribution<std::size_t>(0, alphabet.size() - 1)(rng)];
    ChunkSize guard(1 + static_cast<std::size_t>(i % 5));
    games += read_with_recovery(text, i % 3 == 0, errors);
  }
  EXPECT_GT(errors, 0u);
  EXPECT_GT(games, 0);
}

TEST(TextGarbage, MutatedGamesTerminate) {
  std::string base = generated_game(1) + generated_game(2) +
                     "1. a (1. b (1. c {x} ;y\n) $3) 2. d!? 1/2-1/2\n";
  std::mt19937 rng(13);
  std::size_t errors = 0;
  for (int i = 0; i < 2000; ++i) {
    std::string text = base;
    for (int k = std::uniform_int_distribution<int>(1, 6)(rng); k > 0; --k) {
      auto at = std::uniform_int_distribution<std::size_t>(0, text.size() - 1)(rng);
      switch (std::uniform_int_distribution<int>(0, 2)(rng)) {
        case 0: text[at] = static_cast<char>(std::uniform_int_distribution<int>(0, 255)(rng)); break;
        case 1: text.erase(at, 1); break;
        default: text.insert(at, 1, "[]{}()\";$%\n"[std::uniform_int_distribution<int>(0, 10)(rng)]);
      }
    }
    read_with_recovery(text, i % 2 == 1, errors);
  }
  EXPECT_GT(errors, 0u);
}

TEST(TextGarbage, DeepNestingIsRejectedNotOverflowed) {
  std::string text = "1. a " + std::string(100000, '(') + "1. b";
  ReadResult r = read_all(text);
  EXPECT_EQ(r.error.code, Code::unexpected_token);
  std::string nested = deep_nesting(5000);
  r = read_all(nested);
  EXPECT_EQ(r.error.code, Code::unexpected_token);
}

}  // namespace
}  // namespace beyt::notation
