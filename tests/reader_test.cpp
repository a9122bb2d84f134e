// The pull reader (beyt/notation/reader.hpp) against the visitor readers
// (read_games): the same games, places, diagnostics and warnings in the same
// order, for every sample in every format and for broken inputs; skipping,
// stopping early, opening and sniffing, read failures, flat memory over a
// generated stream. And beyt::Expected (beyt/expected.hpp).
#include <gtest/gtest.h>

#include <malloc.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "beyt/notation/formats.hpp"
#include "beyt/notation/json.hpp"
#include "beyt/notation/reader.hpp"
#include "beyt/expected.hpp"
#include "game_stream.hpp"

namespace {

namespace fs = std::filesystem;
using namespace beyt;
using namespace beyt::notation;

const fs::path kRoot = BEYT_SOURCE_DIR;

// --- traces -------------------------------------------------------------------

std::string place(const SourceLoc& l) {
  return std::to_string(l.line) + ":" + std::to_string(l.column) + "@" + std::to_string(l.offset) + l.full_pointer();
}

void line_places(std::string& out, const Line& line) {
  for (const Node& n : line) {
    out += " " + place(n.loc);
    for (const Line& v : n.variations) {
      out += " (";
      line_places(out, v);
      out += " )";
    }
  }
}

/// A game with every place in it (records compare equal whatever their places).
std::string game_event(std::uint32_t index, const GameRecord& g) {
  std::string out = "G" + std::to_string(index) + " " + to_json_line(g) + " at " + place(g.loc) + " result " +
                    place(g.result_loc) + " tags";
  for (const TagPair& t : g.tags) out += " " + place(t.loc) + "/" + place(t.value_loc);
  out += " moves";
  line_places(out, g.moves);
  return out;
}

std::string diag(const Diagnostic& d) {
  if (!d) return "ok";  // the end: its file name is not part of it
  return format_json(d) + " @" + std::to_string(d.loc.offset);
}

/// What read_games passes on, to a visitor that always goes on.
std::vector<std::string> visitor_trace(const std::string& input, Format f, ReadOptions options = {}) {
  struct Trace : GameVisitor {
    std::vector<std::string> events;
    bool game(GameRecord&& r, std::uint32_t index) override {
      events.push_back(game_event(index, r));
      return true;
    }
    bool error(const Diagnostic& d) override {
      events.push_back("E " + diag(d));
      return true;
    }
    void warning(const Diagnostic& w) override { events.push_back("W " + diag(w)); }
  } trace;
  std::istringstream in(input);
  const Diagnostic end = read_games(in, "in", f, trace, options);
  trace.events.push_back("END " + diag(end));
  return trace.events;
}

/// A record with something in every field, every node annotated and with
/// a variation: what a recycled record may hold (GameReader::recycle).
GameRecord messy_record() {
  GameRecord r;
  r.set_tag("Event", "left over");
  r.set_tag("Odd", "x");
  r.tags[0].loc.line = 99;
  r.comments = {"old comment"};
  for (int i = 0; i < 300; ++i) {
    Node n;
    n.move = "an old move text longer than fifteen bytes " + std::to_string(i);
    n.loc.line = 7;
    n.loc.pointer = "/old/pointer";
    n.loc.base = SourceLoc::Base::json_move;
    n.before = {"before"};
    n.after = {"after", "again"};
    n.nags = {1, 2};
    n.variations.push_back({Node{"v", {}, {"c"}, {3}, {}, {}}});
    r.moves.push_back(std::move(n));
  }
  r.result = "1-0";
  r.result_loc.line = 3;
  r.moves_end.line = 4;
  r.numbering = {9, 8, {}};
  return r;
}

/// The same from a GameReader: an error after which it is done() is the
/// one read_games returns. `recycle`: each game read into a record given
/// back (GameReader::recycle), the last game's or a messy one in turn.
std::vector<std::string> pull_trace(GameReader& r, bool recycle = false) {
  std::vector<std::string> events;
  const auto warnings = [&] {
    for (const Diagnostic& w : r.take_warnings()) events.push_back("W " + diag(w));
  };
  GameRecord spare = messy_record();
  for (;;) {
    if (recycle) r.recycle(std::move(spare));
    auto item = r.next();
    if (!item) break;
    warnings();
    if (*item) {
      events.push_back(game_event(r.game_index(), **item));
      spare = r.game_index() % 2 ? std::move(**item) : messy_record();
    } else if (!r.done()) {
      events.push_back("E " + diag(item->error()));
    } else {
      EXPECT_EQ(diag(item->error()), diag(r.status()));
    }
  }
  warnings();
  EXPECT_TRUE(r.done());
  EXPECT_FALSE(r.next());  // and stays over
  events.push_back("END " + diag(r.status()));
  return events;
}

std::vector<std::string> pull_trace(const std::string& input, Format f, ReadOptions options = {},
                                    bool recycle = false) {
  std::istringstream in(input);
  GameReader r(in, "in", f, options);
  EXPECT_EQ(r.format(), f);
  return pull_trace(r, recycle);
}

/// Only the games and errors (and the end), for skipping.
std::vector<std::string> items(const std::vector<std::string>& events) {
  std::vector<std::string> out;
  for (const auto& e : events)
    if (e[0] != 'W') out.push_back(e);
  return out;
}

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

struct Input {
  std::string name;
  std::string text;
  Format format;
};

/// Every sample record in its own format, and every readable one written
/// in the three others too.
std::vector<Input> sample_inputs() {
  std::vector<Input> out;
  for (const auto& e : fs::recursive_directory_iterator(kRoot / "samples")) {
    Format f;
    if (!e.is_regular_file() || !format_of_extension(e.path().string(), f)) continue;
    const std::string ext = e.path().extension().string();
    if (ext == ".txt") continue;
    const std::string text = slurp(e.path());
    out.push_back({fs::relative(e.path(), kRoot).string(), text, f});
    struct All : GameVisitor {
      std::vector<GameRecord> games;
      bool game(GameRecord&& r, std::uint32_t) override {
        games.push_back(std::move(r));
        return true;
      }
    } all;
    std::istringstream in(text);
    if (read_games(in, "in", f, all) || all.games.empty()) continue;
    for (Format to : {Format::text, Format::json, Format::xml, Format::jsonl}) {
      if (to == f) continue;
      std::ostringstream o;
      RecordWriter w(o, to);
      for (const auto& g : all.games) w.game(g);
      w.finish();
      out.push_back({out.back().name + " as " + std::string(format_name(to)), o.str(), to});
    }
  }
  return out;
}

const std::string kSeega = "[Game \"seega\"]\n\n1. c1,c5 *\n\n";

/// Broken inputs: errors that spoil a game and errors that stop the reading.
std::vector<Input> broken_inputs() {
  const std::string good = "{\"tags\":{\"Game\":\"seega\"},\"moves\":[{\"move\":\"c1,c5\"}],\"result\":\"*\"}";
  const std::string json_head = "{\"format\":\"beyt\",\"version\":1,\"games\":[";
  const std::string xml_game = "<game><tag name=\"Game\">seega</tag><moves><move text=\"c1,c5\"/></moves><result>*</result></game>";
  return {
      {"text: a syntax error in the middle", kSeega + "[Game \"seega\"]\n\n1. c1,c5 {open *\n\n" + kSeega, Format::text},
      {"text: a broken tag section", kSeega + "[Game seega]\n[Site \"x\"]\n\n1. a1 *\n\n" + kSeega, Format::text},
      {"text: a byte-order mark and a bad character", "\xEF\xBB\xBF" + kSeega + "[Game \"se\x01ga\"]\n\n*\n\n" + kSeega,
       Format::text},
      {"text: bad UTF-8", kSeega + "[Game \"s\xFF\"]\n\n*\n" + kSeega, Format::text},
      {"text: missing result at the end", kSeega + "[Game \"seega\"]\n\n1. c1,c5", Format::text},
      {"text: an empty input", "", Format::text},
      {"text: unbalanced variation", kSeega + "[Game \"seega\"]\n\n1. c1,c5 (1. a1 *\n\n" + kSeega, Format::text},
      {"JSON: structure errors in games 2 and 3",
       json_head + good + ",{\"tags\":{},\"moves\":[{\"move\":1}],\"result\":\"*\"}," +
           "{\"tags\":{\"a\":\"b\"},\"bogus\":[[[1]]],\"moves\":[],\"result\":\"*\"}," + good + "]}",
       Format::json},
      {"JSON: a syntax error after a game", json_head + good + "," + good + ",{\"tags\":{}" + "]}", Format::json},
      {"JSON: a structure error outside the games", "{\"format\":\"beyt\",\"version\":2,\"games\":[" + good + "]}",
       Format::json},
      {"JSON: the last game broken at its last value", json_head + good + ",{\"tags\":{},\"moves\":[],\"result\":\"x\"}]}",
       Format::json},
      {"JSON: empty", "", Format::json},
      {"JSON Lines: a bad line, a blank line, a structure error",
       good + "\n{\"tags\":{} x\n\n" + good + "\n{\"tags\":{},\"moves\":[],\"result\":2}\n" + good + "\n",
       Format::jsonl},
      {"JSON Lines: no line end at the end", good + "\n" + good, Format::jsonl},
      {"XML: an error inside a game, a broken game",
       "<beyt version=\"1\">" + xml_game + "<game><tag name=\"Game\">seega</tag><bogus/></game>" +
           "<game><moves><move text=\"a\"></moves></game>" + xml_game + "</beyt>",
       Format::xml},
      {"XML: an error outside the games", "<beyt version=\"1\">" + xml_game + "<other/>" + xml_game + "</beyt>",
       Format::xml},
      {"XML: not closed", "<beyt version=\"1\">" + xml_game, Format::xml},
      {"XML: content after the root", "<beyt version=\"1\">" + xml_game + "</beyt>x", Format::xml},
      {"XML: no root", "", Format::xml},
      {"XML: an empty root", "<beyt version=\"1\"/>", Format::xml},
      {"JSON Lines: byte-order marks at line starts (files joined)",
       "\xEF\xBB\xBF" + good + "\n\xEF\xBB\xBF" + good + "\n" + good + "\n", Format::jsonl},
      {"JSON: two records joined", json_head + good + "]}\n\xEF\xBB\xBF" + json_head + good + "]}", Format::json},
      {"XML: two documents joined, a comment in a game",
       "<beyt version=\"1\">" + xml_game + "</beyt>\n<beyt version=\"1\"><game><!-- c --><tag name=\"Game\">seega</tag>"
       "<moves/><result>*</result></game>" + xml_game + "</beyt>",
       Format::xml},
  };
}

// --- the same as the visitor's --------------------------------------------------

TEST(GameReader, EverySampleInEveryFormatAsTheVisitorSees) {
  const auto inputs = sample_inputs();
  ASSERT_GT(inputs.size(), 300u);  // about a hundred samples, each in four formats
  for (const Input& in : inputs) {
    SCOPED_TRACE(in.name);
    EXPECT_EQ(pull_trace(in.text, in.format), visitor_trace(in.text, in.format));
    EXPECT_EQ(pull_trace(in.text, in.format, {true}), visitor_trace(in.text, in.format, {true}));
    EXPECT_EQ(pull_trace(in.text, in.format, {}, true), visitor_trace(in.text, in.format)) << "recycled records";
  }
}

TEST(GameReader, BrokenInputsAsTheVisitorSees) {
  for (const Input& in : broken_inputs()) {
    SCOPED_TRACE(in.name);
    const auto expected = visitor_trace(in.text, in.format);
    EXPECT_EQ(pull_trace(in.text, in.format), expected);
    EXPECT_EQ(pull_trace(in.text, in.format, {true}), visitor_trace(in.text, in.format, {true}));
    EXPECT_EQ(pull_trace(in.text, in.format, {}, true), expected) << "recycled records";
  }
  // The inputs reach what they are meant to: spoilt games and stops.
  const auto traces = broken_inputs();
  const auto has = [&](std::size_t i, std::string_view what) {
    for (const auto& e : visitor_trace(traces[i].text, traces[i].format))
      if (e.find(what) != std::string::npos) return true;
    return false;
  };
  EXPECT_TRUE(has(0, "\"code\":\"E102\""));
  EXPECT_TRUE(has(2, "\"code\":\"W101\""));
  EXPECT_TRUE(has(7, "\"code\":\"E151\""));
  EXPECT_TRUE(has(8, "END {\"file\":\"in\",\"line\":1"));
  EXPECT_TRUE(has(8, "\"code\":\"E150\""));
  EXPECT_TRUE(has(12, "\"code\":\"E150\""));
  EXPECT_TRUE(has(14, "\"code\":\"E161\""));
  EXPECT_TRUE(has(15, "\"code\":\"E161\""));
}

TEST(GameReader, SkipPassesOverGamesAndLandsWhereNextWould) {
  auto inputs = sample_inputs();
  for (auto& b : broken_inputs()) inputs.push_back(std::move(b));
  for (const Input& in : inputs) {
    SCOPED_TRACE(in.name);
    const auto all = items(visitor_trace(in.text, in.format));
    for (std::size_t k = 1; k <= 3 && k < all.size(); ++k) {
      std::istringstream s(in.text);
      GameReader r(s, "in", in.format);
      std::size_t skipped = 0;
      while (skipped < k && r.skip()) ++skipped;
      EXPECT_EQ(skipped, k);  // all has k games or errors before its end
      auto rest = items(pull_trace(r));
      const std::vector<std::string> expected(all.begin() + static_cast<std::ptrdiff_t>(k), all.end());
      EXPECT_EQ(rest, expected) << "after skipping " << k;
    }
    // Skipping everything ends where reading ends.
    std::istringstream s(in.text);
    GameReader r(s, "in", in.format);
    std::size_t n = 0;
    while (r.skip()) ++n;
    EXPECT_EQ(n + 1, all.size());
    EXPECT_TRUE(r.done());
    EXPECT_EQ("END " + diag(r.status()), all.back());
    EXPECT_FALSE(r.skip());
  }
}

TEST(GameReader, SkipInJsonLinesDoesNotParseTheLine) {
  // A broken line skipped is passed over without its error.
  const std::string good = "{\"tags\":{},\"moves\":[],\"result\":\"*\"}\n";
  std::istringstream in(good + "{not json at all\n" + good);
  GameReader r(in, "in.jsonl", Format::jsonl);
  ASSERT_TRUE(r.next());
  EXPECT_TRUE(r.skip());
  EXPECT_EQ(r.game_index(), 2u);
  auto third = r.next();
  ASSERT_TRUE(third && *third);
  EXPECT_EQ(r.game_index(), 3u);
  EXPECT_EQ((*third)->loc.line, 3u);
  EXPECT_FALSE(r.next());
  EXPECT_FALSE(r.status());
}

TEST(GameReader, StopsEarlyInEveryFormat) {
  // Destroyed after one game, in the middle of its input: nothing hangs,
  // nothing leaks (the sanitizer build checks), the stream is left as is.
  std::vector<GameRecord> games(50);
  for (auto& g : games) g.set_tag("Game", "seega");
  for (Format f : {Format::text, Format::json, Format::xml, Format::jsonl}) {
    SCOPED_TRACE(format_name(f));
    std::ostringstream o;
    RecordWriter w(o, f);
    for (const auto& g : games) w.game(g);
    w.finish();
    for (int asked = 0; asked < 3; ++asked) {
      std::istringstream in(o.str());
      {
        GameReader r(in, "in", f);
        for (int i = 0; i < asked; ++i) {
          auto item = r.next();
          ASSERT_TRUE(item && *item);
          EXPECT_EQ(r.game_index(), static_cast<std::uint32_t>(i + 1));
        }
        EXPECT_FALSE(r.done());
      }
      EXPECT_FALSE(in.bad());
    }
  }
}

TEST(GameReader, MovesWithItsThread) {
  std::istringstream in("{\"format\":\"beyt\",\"version\":1,\"games\":[{\"tags\":{},\"moves\":[],\"result\":\"*\"},"
                        "{\"tags\":{},\"moves\":[],\"result\":\"1-0\"}]}");
  GameReader r(in, "in", Format::json);
  ASSERT_TRUE(r.next());
  GameReader moved = std::move(r);
  auto second = moved.next();
  ASSERT_TRUE(second && *second);
  EXPECT_EQ((*second)->result, "1-0");
  EXPECT_FALSE(moved.next());
  EXPECT_TRUE(moved.done());
  EXPECT_FALSE(moved.status());
}

// --- opening and sniffing ---------------------------------------------------------

TEST(GameReader, OpensAPathAndTellsItsFormat) {
  const fs::path dir = fs::temp_directory_path() / ("beyt_reader_test_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string text = slurp(kRoot / "samples/seega/walker-5x5.beyt");
  const std::string json = slurp(kRoot / "samples/seega/walker-5x5.json");
  {
    std::ofstream(dir / "a.json", std::ios::binary) << json;
    std::ofstream(dir / "no-extension", std::ios::binary) << "\n\n   " << json;
    std::ofstream(dir / "text-extension.beyt", std::ios::binary) << text;
  }
  for (const auto& [name, format, content] :
       {std::tuple{"a.json", Format::json, json}, std::tuple{"no-extension", Format::json, json},
        std::tuple{"text-extension.beyt", Format::text, text}}) {
    SCOPED_TRACE(name);
    auto r = GameReader::open((dir / name).string());
    ASSERT_TRUE(r) << format_text(r.error());
    EXPECT_EQ(r->format(), format);
    // The sniffing read nothing away: the same as the visitor from the start.
    auto events = pull_trace(*r);
    auto expected = visitor_trace(content, format);
    ASSERT_EQ(events.size(), expected.size());
    for (std::size_t i = 0; i + 1 < events.size(); ++i)
      if (events[i][0] == 'G') EXPECT_EQ(events[i].substr(0, 60), expected[i].substr(0, 60));
  }
  // Told by the caller, whatever the name says.
  auto forced = GameReader::open((dir / "no-extension").string(), Format::json);
  ASSERT_TRUE(forced);
  EXPECT_EQ(forced->format(), Format::json);

  auto missing = GameReader::open((dir / "missing.beyt").string());
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().code, Code::io_error);
  EXPECT_EQ(missing.error().file, (dir / "missing.beyt").string());
  EXPECT_NE(missing.error().reason.find("No such file"), std::string::npos) << missing.error().reason;
  fs::remove_all(dir);
}

/// A stream that cannot seek back (standard input, a pipe).
class OneWay : public std::streambuf {
 public:
  explicit OneWay(std::string s) : s_(std::move(s)) { setg(s_.data(), s_.data(), s_.data() + s_.size()); }

 private:
  std::string s_;
};

TEST(GameReader, SniffsAStreamWhetherItCanSeekOrNot) {
  std::istringstream seekable("  <beyt version=\"1\"/>");
  auto r = GameReader::open(seekable, "-");
  ASSERT_TRUE(r) << format_text(r.error());
  EXPECT_EQ(r->format(), Format::xml);
  EXPECT_FALSE(r->next());
  EXPECT_FALSE(r->status()) << format_text(r->status());

  // A stream that cannot seek back: the bytes read to tell the format are
  // kept and read again from memory (input_boundaries_test.cpp reads pipes).
  const std::string line = "{\"tags\":{},\"moves\":[],\"result\":\"*\"}\n";
  OneWay buf(line + line);
  std::istream one_way(&buf);
  auto sniffed = GameReader::open(one_way, "-");
  ASSERT_TRUE(sniffed) << format_text(sniffed.error());
  EXPECT_EQ(sniffed->format(), Format::jsonl);
  for (int i = 0; i < 2; ++i) {
    auto item = sniffed->next();
    ASSERT_TRUE(item && *item);
  }
  EXPECT_FALSE(sniffed->next());
  EXPECT_FALSE(sniffed->status()) << format_text(sniffed->status());
  // Its extension, or the caller, tells it: nothing is read ahead.
  OneWay buf2(line);
  std::istream one_way2(&buf2);
  auto by_name = GameReader::open(one_way2, "x.jsonl");
  ASSERT_TRUE(by_name);
  EXPECT_EQ(by_name->format(), Format::jsonl);
  auto item = by_name->next();
  ASSERT_TRUE(item && *item);
}

/// A stream that fails after `good` bytes (a disk error).
class Failing : public std::streambuf {
 public:
  explicit Failing(std::string good) : s_(std::move(good)) { setg(s_.data(), s_.data(), s_.data() + s_.size()); }

 protected:
  int_type underflow() override { throw std::runtime_error("disk error"); }

 private:
  std::string s_;
};

TEST(GameReader, AReadFailureStopsTheReadingInEveryFormat) {
  GameRecord g;
  g.set_tag("Game", "seega");
  for (Format f : {Format::text, Format::json, Format::xml, Format::jsonl}) {
    SCOPED_TRACE(format_name(f));
    std::ostringstream o;
    RecordWriter w(o, f);
    for (int i = 0; i < 3; ++i) w.game(g);
    w.finish();
    // Cut at a game's end (three games of the same length) and in a game.
    for (std::size_t keep : {o.str().size() * 2 / 3, o.str().size() / 2 + 3}) {
      SCOPED_TRACE(keep);
      const std::string cut = o.str().substr(0, keep);
      Failing buf1(cut), buf2(cut);
      std::istream in1(&buf1), in2(&buf2);
      struct Go : GameVisitor {
        bool game(GameRecord&&, std::uint32_t) override { return true; }
        bool error(const Diagnostic&) override { return true; }
      } go;
      const Diagnostic expected = read_games(in1, "in", f, go);
      EXPECT_EQ(expected.code, Code::io_error);
      GameReader r(in2, "in", f);
      while (r.next()) {
      }
      EXPECT_TRUE(r.done());
      EXPECT_EQ(diag(r.status()), diag(expected));
    }
  }
}

// --- flat memory ------------------------------------------------------------------

TEST(GameReader, HugeInputInFlatMemory) {
  GameRecord g;
  g.set_tag("Game", "seega");
  g.set_tag("Event", "generated");
  for (int i = 0; i < 40; ++i) g.moves.push_back(Node{"c1,c5", {}, {}, {}, {}, {}});
  // Each format: several MB of input. Under the sanitizers a tenth: their
  // allocator leaves nothing to measure (below), and the reading is the same.
  const std::uint32_t kGames = BEYT_SANITIZED ? 3000 : 30000;
  for (Format f : {Format::text, Format::json, Format::xml, Format::jsonl}) {
    SCOPED_TRACE(format_name(f));
    const std::string one = write_record(g, f);
    std::string head, game = one, tail, sep;
    if (f == Format::json) {
      head = one.substr(0, one.find("    {"));
      tail = one.substr(one.rfind("\n  ]"));
      game = one.substr(head.size(), one.size() - head.size() - tail.size());
      sep = ",\n";
    } else if (f == Format::xml) {
      head = one.substr(0, one.find("  <game>"));
      tail = one.substr(one.rfind("</beyt>"));
      game = one.substr(head.size(), one.size() - head.size() - tail.size());
    }
    beyt::test::GameStreamBuf buf(head, game, sep, tail, kGames);
    std::istream in(&buf);
    GameReader r(in, "big", f);
    std::uint32_t n = 0;
    std::size_t in_use_early = 0, in_use_late = 0;
    GameRecord first;
    while (auto item = r.next()) {
      ASSERT_TRUE(*item) << format_text(item->error());
      ++n;
      if (n == 1000) in_use_early = mallinfo2().uordblks;
      if (n == kGames - 1) in_use_late = mallinfo2().uordblks;
      if (n == 1) first = std::move(**item);
      else if (n % 997 == 1) EXPECT_EQ(**item, first);
    }
    EXPECT_EQ(n, kGames);
    EXPECT_EQ(first.moves.size(), 40u);
    EXPECT_EQ(first.find_tag("Event")->value, "generated");
    EXPECT_FALSE(r.status()) << format_text(r.status());
    // The heap in use does not grow with the games read (a sanitizer's
    // allocator leaves mallinfo2 at 0: nothing to compare there).
    EXPECT_LT(in_use_late, in_use_early + (std::size_t{1} << 20)) << in_use_early << " -> " << in_use_late;
  }
}

// --- Expected -------------------------------------------------------------------------

TEST(Expected, HoldsAValueOrAnError) {
  Expected<std::string> ok = std::string("seega");
  ASSERT_TRUE(ok);
  EXPECT_TRUE(ok.has_value());
  EXPECT_EQ(*ok, "seega");
  EXPECT_EQ(ok->size(), 5u);
  EXPECT_EQ(ok.value(), "seega");
  EXPECT_EQ(ok.value_or("x"), "seega");
  *ok = "tab";
  EXPECT_EQ(std::move(ok).value(), "tab");

  Expected<std::string> bad = unexpected(Error{Code::usage, "no such format", 0});
  ASSERT_FALSE(bad);
  EXPECT_FALSE(bad.has_value());
  EXPECT_EQ(bad.error().code, Code::usage);
  EXPECT_EQ(bad.error().reason, "no such format");
  EXPECT_EQ(bad.value_or("dflt"), "dflt");
  EXPECT_THROW((void)bad.value(), BadExpectedAccess);

  // An E converts when no T can be made from it.
  Expected<int, Diagnostic> d = Diagnostic{Code::io_error, "gone", "f", {}, 0, 0, {}, Severity::error};
  ASSERT_FALSE(d);
  EXPECT_EQ(d.error().file, "f");
  Expected<int, Diagnostic> v = 7;
  EXPECT_EQ(*v, 7);

  Expected<void> done;
  EXPECT_TRUE(done);
  EXPECT_NO_THROW(done.value());
  Expected<void> failed = Error{Code::write_error, "full", 0};
  EXPECT_FALSE(failed);
  EXPECT_EQ(failed.error().code, Code::write_error);
  EXPECT_THROW(failed.value(), BadExpectedAccess);
}

}  // namespace
