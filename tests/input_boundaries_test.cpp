// Where inputs cross into the library, for every front end: a pipe read by
// path or as a stream that cannot seek is read whole (the format told from
// bytes that are kept, never read twice); a path holding a NUL byte is
// refused wherever a path is opened; a NUL byte in JSON or JSON Lines is an
// error, never the end of the input; a document whose root is not <beyt>
// (an SVG plate) is one error; the sizes of a drawing are checked in the
// library (draw_options_problem, svg_page).
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <cmath>
#include <limits>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "beyt/diagram.hpp"
#include "beyt/game.hpp"
#include "beyt/io.hpp"
#include "beyt/notation/formats.hpp"
#include "beyt/notation/input.hpp"
#include "beyt/notation/read_inputs.hpp"
#include "beyt/notation/reader.hpp"
#include "beyt/notation/validate_inputs.hpp"
#include "cli_run.hpp"

namespace beyt::test {
namespace {

using notation::Diagnostic;
using notation::Format;
using notation::GameReader;
using notation::GameRecord;

const std::string kSeega = (kRoot / "samples/seega/walker-5x5.beyt").string();

// The games of `reader` as canonical text, and the codes of its errors.
std::vector<std::string> pulled(GameReader& reader, std::vector<std::string>* errors = nullptr) {
  std::vector<std::string> out;
  while (auto item = reader.next()) {
    if (*item) out.push_back(notation::write_record(**item, Format::text));
    else if (errors) errors->push_back(std::string(code_id(item->error().code)) + " " + item->error().reason);
  }
  return out;
}

// Five generated Seega games in `format`, as the file's bytes.
std::string five_games(Format format, const TempDir& dir) {
  const fs::path path = dir / ("five." + std::string(notation::format_name(format)));
  const CliRun r = run("generate --game seega --count 5 --to " + std::string(notation::format_name(format)) +
                       " -o " + quote(path.string()));
  EXPECT_EQ(r.status, 0) << r.out;
  return slurp(path);
}

std::vector<std::string> games_of(const std::string& bytes, Format format) {
  std::istringstream in(bytes);
  GameReader reader(in, "x", format);
  return pulled(reader);
}

// --- pipes ---------------------------------------------------------------------------

TEST(InputBoundaries, AFifoOpenedByPathIsReadWholeInEveryFormat) {
  TempDir dir("fifo-path");
  for (Format f : {Format::text, Format::json, Format::xml, Format::jsonl}) {
    SCOPED_TRACE(std::string(notation::format_name(f)));
    const std::string bytes = five_games(f, dir);
    const std::vector<std::string> want = games_of(bytes, f);
    ASSERT_EQ(want.size(), 5u);
    const fs::path fifo = dir / ("games-" + std::string(notation::format_name(f)));  // no extension
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    std::thread writer([&] { spit(fifo, bytes); });
    auto reader = GameReader::open(fifo.string());
    std::vector<std::string> got;
    if (reader) got = pulled(*reader);
    writer.join();
    ASSERT_TRUE(reader) << format_text(reader.error());
    EXPECT_EQ(reader->format(), f);
    EXPECT_FALSE(reader->status()) << format_text(reader->status());
    EXPECT_EQ(got, want);
  }
}

/// A stream that cannot seek back (standard input, a pipe), handing out
/// its bytes a few at a time.
class OneWay : public std::streambuf {
 public:
  explicit OneWay(std::string s) : s_(std::move(s)) {}

 protected:
  int_type underflow() override {
    if (at_ >= s_.size()) return traits_type::eof();
    const std::size_t n = std::min<std::size_t>(7, s_.size() - at_);
    setg(s_.data() + at_, s_.data() + at_, s_.data() + at_ + n);
    at_ += n;
    return traits_type::to_int_type(*gptr());
  }

 private:
  std::string s_;
  std::size_t at_ = 0;
};

TEST(InputBoundaries, AStreamThatCannotSeekIsToldAndReadWhole) {
  TempDir dir("one-way");
  for (Format f : {Format::text, Format::json, Format::xml, Format::jsonl}) {
    SCOPED_TRACE(std::string(notation::format_name(f)));
    // Blanks first (XML allows none before its declaration).
    const std::string bytes = (f == Format::xml ? "" : "\n\n   ") + five_games(f, dir);
    OneWay buf(bytes);
    std::istream in(&buf);
    auto reader = GameReader::open(in, "-");
    ASSERT_TRUE(reader) << format_text(reader.error());
    EXPECT_EQ(reader->format(), f);
    EXPECT_EQ(pulled(*reader), games_of(bytes, f));
    EXPECT_FALSE(reader->status()) << format_text(reader->status());
  }
}

TEST(InputBoundaries, FormatCheckAndInPlaceRefuseAPipeTheyWouldReadTwice) {
  // --check compared the formatted games with a second reading of the
  // input: a pipe, read once, "would change"; -i would write into it.
  for (const std::string option : {"--check", "-i"}) {
    const CliRun r = capture("bash -c " + quote(kBeyt + " format " + option + " <(cat " + quote(kSeega) + ")"));
    EXPECT_EQ(r.status, 2) << r.out;
    EXPECT_NE(r.out.find("-i and --check need regular files: '/dev/fd/"), std::string::npos) << r.out;
  }
  EXPECT_EQ(run("format --check " + quote(kSeega) + " >/dev/null").status, 0);
}

// --- paths holding a NUL byte -----------------------------------------------------------

TEST(InputBoundaries, APathHoldingANulIsRefusedWhereverItIsOpened) {
  TempDir dir("nul-path");
  spit(dir / "secret.txt", slurp(kSeega));
  const std::string path = (dir / "secret.txt").string() + std::string(1, '\0') + ".beyt";
  const std::string shown = (dir / "secret.txt").string() + "\\0.beyt";
  EXPECT_EQ(io::path_problem(path), "the path holds a NUL byte (at byte " +
                                        std::to_string((dir / "secret.txt").string().size() + 1) +
                                        "), which no file name can");
  EXPECT_EQ(io::path_problem((dir / "secret.txt").string()), "");
  EXPECT_EQ(io::shown_path(path), shown);

  notation::InputFile input;
  std::string error;
  EXPECT_FALSE(input.open(path, error));
  EXPECT_EQ(error, "cannot read '" + shown + "': " + io::path_problem(path));

  auto reader = GameReader::open(path);
  ASSERT_FALSE(reader);
  EXPECT_EQ(reader.error().code, Code::io_error);
  EXPECT_EQ(reader.error().reason, error);

  // read_inputs (the CLI's convert, stats, ...) and validate_inputs (validate).
  struct Sink : notation::GameSink {
    int games = 0;
    std::vector<std::string> reasons;
    bool game(GameRecord&&, notation::InputFile&, std::uint32_t) override { return ++games, true; }
    void diagnostic(const Diagnostic& d, notation::InputFile*) override { reasons.push_back(d.reason); }
  } sink;
  const notation::ReadSummary summary = notation::read_inputs({path}, {}, sink);
  EXPECT_TRUE(summary.failed);
  EXPECT_EQ(sink.games, 0);
  EXPECT_EQ(sink.reasons, std::vector<std::string>{error});
  EXPECT_EQ(notation::unreadable_input({path}).reason, error);

  struct Keeper : notation::InputsListener {
    std::vector<std::string> reasons;
    void diagnostic(const Diagnostic& d, notation::InputFile*) override { reasons.push_back(d.reason); }
  };
  for (unsigned jobs : {1u, 2u}) {
    Keeper keeper;
    notation::ValidateInputsOptions options;
    options.jobs = jobs;
    options.chunk_bytes = 16;  // the pieces of a big text file, were it read
    const notation::ValidationTally tally = notation::validate_inputs({path}, options, keeper);
    EXPECT_EQ(tally.unreadable, 1u);
    EXPECT_EQ(tally.valid + tally.invalid, 0u);
    EXPECT_EQ(keeper.reasons, std::vector<std::string>{error});
  }

  // An output: nothing is created, neither the file cut at the NUL nor a temporary one.
  io::OutputFile out;
  const std::string target = (dir / "out.beyt").string() + std::string(1, '\0') + ".json";
  EXPECT_FALSE(out.open(target, error));
  EXPECT_EQ(error, "cannot write '" + io::shown_path(target) + "': " + io::path_problem(target));
  EXPECT_EQ(dir.listing(), "secret.txt\n");
}

// --- a NUL byte in the input -----------------------------------------------------------------

std::string jsonl_line() {
  const CliRun r = run("convert " + quote(kSeega) + " --to jsonl");
  EXPECT_EQ(r.status, 0) << r.out;
  return r.out.substr(0, r.out.find('\n'));
}

TEST(InputBoundaries, ANulByteInJsonLinesIsAnErrorNotTheLineEnd) {
  const std::string line = jsonl_line();
  const std::string nul(1, '\0');
  for (const std::string& bad : {line + nul + " not JSON {{{", line + " not JSON {{{", line + nul,
                                 line.substr(0, 20) + nul + line.substr(20)}) {
    SCOPED_TRACE(bad);
    std::istringstream in(bad + "\n" + line + "\n");
    GameReader reader(in, "t.jsonl", Format::jsonl);
    std::vector<std::string> errors;
    const std::vector<std::string> games = pulled(reader, &errors);
    EXPECT_EQ(games.size(), 1u);  // the good line after it
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_EQ(errors[0].substr(0, 4), "E150");
    if (bad.find(nul) != std::string::npos) EXPECT_NE(errors[0].find("NUL"), std::string::npos) << errors[0];
  }
}

TEST(InputBoundaries, ANulByteInAJsonRecordIsAnError) {
  const CliRun r = run("convert " + quote(kSeega) + " --to json");
  ASSERT_EQ(r.status, 0) << r.out;
  const std::string nul(1, '\0');
  const std::size_t last = r.out.rfind('}');
  for (const std::string& bad : {r.out.substr(0, last + 1) + nul + " {{{", r.out.substr(0, 30) + nul + r.out.substr(30)}) {
    std::istringstream in(bad);
    GameReader reader(in, "t.json", Format::json);
    std::vector<std::string> errors;
    pulled(reader, &errors);
    const Diagnostic& status = reader.status();
    EXPECT_EQ(status.code, Code::json_syntax) << format_text(status);
    EXPECT_NE(status.reason.find("NUL"), std::string::npos) << status.reason;
  }
}

TEST(InputBoundaries, ANulByteInTextOrXmlIsAnErrorNotTheEnd) {
  const std::string nul(1, '\0');
  const std::string text = slurp(kSeega);
  {
    std::istringstream in(text + nul + "\n[Game \"seega\"]\n\n1. b2,c4 *\n");
    GameReader reader(in, "t.beyt", Format::text);
    std::vector<std::string> errors;
    const auto games = pulled(reader, &errors);
    EXPECT_FALSE(errors.empty());
  }
  const CliRun r = run("convert " + quote(kSeega) + " --to xml");
  ASSERT_EQ(r.status, 0) << r.out;
  for (const std::size_t at : {r.out.rfind("</beyt>"), r.out.find("<game>") + 6, r.out.size()}) {
    SCOPED_TRACE(at);
    std::istringstream in(r.out.substr(0, at) + nul + r.out.substr(at) + (at == r.out.size() ? "<junk" : ""));
    GameReader reader(in, "t.xml", Format::xml);
    std::vector<std::string> errors;
    pulled(reader, &errors);
    EXPECT_TRUE(!errors.empty() || reader.status()) << "a NUL byte went unreported";
  }
}

// --- a document that is no record -------------------------------------------------------------

TEST(InputBoundaries, AnSvgPlateReadAsARecordIsOneError) {
  TempDir dir("svg-record");
  const fs::path svg = dir / "plate.svg";
  const CliRun drawn = run("render " + quote(kSeega) + " --format svg --ply 0 -o " + quote(svg.string()));
  ASSERT_EQ(drawn.status, 0) << drawn.out;
  auto reader = GameReader::open(svg.string());
  ASSERT_TRUE(reader);
  EXPECT_EQ(reader->format(), Format::xml);
  std::vector<std::string> errors;
  EXPECT_TRUE(pulled(*reader, &errors).empty());
  EXPECT_TRUE(errors.size() == 1u || (errors.empty() && reader->status())) << errors.size() << " errors";
  const std::string reason = errors.empty() ? reader->status().reason : errors[0];
  EXPECT_NE(reason.find("the root element is <svg>, not <beyt>"), std::string::npos) << reason;
  // The command line agrees: one diagnostic.
  const CliRun r = run("validate --diagnostics json " + quote(svg.string()));
  EXPECT_NE(r.status, 0);
  std::size_t diagnostics = 0;
  for (std::size_t at = r.out.find("\"code\":"); at != std::string::npos; at = r.out.find("\"code\":", at + 1))
    ++diagnostics;
  EXPECT_EQ(diagnostics, 1u) << r.out;
  EXPECT_NE(r.out.find("E161"), std::string::npos) << r.out;
}

// --- the sizes of a drawing ----------------------------------------------------------------------

TEST(InputBoundaries, DrawingSizesAreCheckedInTheLibrary) {
  const Game& seega = *find_game("seega");
  RuleSet rules;
  ASSERT_FALSE(seega.parse_rules("", rules));
  std::unique_ptr<State> state;
  ASSERT_FALSE(seega.new_state(rules, "", state));
  Figure figure;
  figure.state = state.get();
  const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
  for (double cell : {nan, inf, -inf, -40.0, 0.0, 7.99, 400.5, 1e300}) {
    SCOPED_TRACE(cell);
    DrawOptions draw;
    draw.cell = cell;
    const std::string problem = draw_options_problem(draw);
    EXPECT_EQ(problem.rfind("the cell size must be from 8 to 400 px, not ", 0), 0u) << problem;
    std::string out, why;
    EXPECT_FALSE(svg_page({figure}, draw, {}, out, why));
    EXPECT_EQ(why, problem);
    EXPECT_EQ(out, "");
  }
  for (double size : {nan, -1.0, 200.5}) {
    DrawOptions draw;
    draw.font_size = size;
    EXPECT_EQ(draw_options_problem(draw).rfind("the font size must be from 0 to 200 px", 0), 0u);
  }
  for (double cell : {kMinCell, 40.0, kMaxCell}) {
    DrawOptions draw;
    draw.cell = cell;
    EXPECT_EQ(draw_options_problem(draw), "");
    std::string out, why;
    EXPECT_TRUE(svg_page({figure}, draw, {}, out, why)) << why;
  }
  // The command line takes the same range.
  EXPECT_NE(run("render " + quote(kSeega) + " --format svg --size 401 >/dev/null").status, 0);
  EXPECT_NE(run("render " + quote(kSeega) + " --format svg --size 7 >/dev/null").status, 0);
  EXPECT_EQ(run("render " + quote(kSeega) + " --format svg --size 400 >/dev/null").status, 0);
}

}  // namespace
}  // namespace beyt::test
