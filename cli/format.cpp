// beyt format FILE... [-i | -o OUT | --check] : records rewritten in canonical
// form, as clang-format or gofmt rewrite code. Every valid game gets the
// engine's canonical text for each move (captures, counts and forfeits filled
// in, variations too), its tags in roster order with the missing roster tags
// added, and the canonical layout of its format; its output passes
// `beyt validate --strict`, and formatting it again changes nothing. A game
// that does not replay is written as it was read (tags, moves, comments
// unchanged; only the layout of its format is canonical) and reported with
// its diagnostic. A file with a game that cannot be read at all (a syntax
// error) is not formatted: it is reported, and with -i left as it is.
#include <cxxopts.hpp>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <streambuf>
#include <unistd.h>

#include "beyt/notation/replay.hpp"
#include "collection.hpp"
#include "names.hpp"

namespace beyt::cli {
namespace {

namespace fs = std::filesystem;

struct FormatOptions {
  CommonOptions common;  // -o empty: standard output (unless -i or --check)
  bool in_place = false;
  bool check = false;
  std::string game;  // for records without a Game tag
};

struct FormatTally {
  std::uint64_t games = 0, invalid = 0;
  std::uint64_t files_changed = 0;
};

// Formats each game it is given and writes it to `writer`.
class Formatter : public GameSink {
 public:
  Formatter(notation::RecordWriter& writer, const FormatOptions& options, FormatTally& tally)
      : writer_(writer), options_(options), tally_(tally) {}

  bool game(notation::GameRecord&& record, Input& input, std::uint32_t index) override {
    ++tally_.games;
    notation::GameRecord canonical;
    notation::Diagnostic d = format_game(record, input.name(), index, canonical);
    if (d) {
      ++tally_.invalid;
      print_diagnostic(std::cerr, d, &input, false);
      writer_.game(record);
    } else {
      writer_.game(canonical);
    }
    return true;
  }

 private:
  // The canonical form of `record`, or the validator's diagnostic.
  // The validator's replay decides; then every move is resolved again from
  // the start for its canonical text (State::check).
  notation::Diagnostic format_game(const notation::GameRecord& record, const std::string& file,
                                   std::uint32_t index, notation::GameRecord& out) const {
    notation::ReplayOptions replay_options;
    replay_options.default_game = options_.game;
    notation::Replay replay;
    if (notation::Diagnostic d = notation::replay(record, file, index, replay_options, replay)) return d;
    Start start;
    if (notation::Diagnostic d = resolve(record, file, index, options_.game, start)) return d;
    out = record;
    if (Error e = canonicalise_line(out.moves, *start.state)) {  // an engine that contradicts itself
      notation::Diagnostic d;
      d.code = e.code;
      d.reason = "the engine rejects the move it replayed: " + e.reason;
      d.file = file;
      d.game = index;
      d.loc = record.loc;
      return d;
    }
    if (!out.find_tag("Game")) out.set_tag("Game", std::string(start.game->name()));  // it came from --game
    canonical_tag_order(out);
    return {};
  }

  notation::RecordWriter& writer_;
  const FormatOptions& options_;
  FormatTally& tally_;
};

// An output stream buffer that compares what is written with a file instead
// of writing it (--check).
class ComparingBuf : public std::streambuf {
 public:
  explicit ComparingBuf(const std::string& path) : file_(path, std::ios::binary) {}
  bool same() {
    return !differs_ && file_.peek() == std::char_traits<char>::eof();
  }

 protected:
  int_type overflow(int_type c) override {
    if (c != traits_type::eof()) {
      const char ch = traits_type::to_char_type(c);
      xsputn(&ch, 1);
    }
    return traits_type::not_eof(c);
  }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    if (differs_) return n;
    for (std::streamsize i = 0; i < n; ++i) {
      const int c = file_.get();
      if (c != static_cast<unsigned char>(s[i])) {
        differs_ = true;
        break;
      }
    }
    return n;
  }

 private:
  std::ifstream file_;
  bool differs_ = false;
};

bool same_bytes(const std::string& a, const std::string& b) {
  std::ifstream fa(a, std::ios::binary), fb(b, std::ios::binary);
  std::istreambuf_iterator<char> ia(fa), ib(fb), end;
  for (; ia != end && ib != end; ++ia, ++ib)
    if (*ia != *ib) return false;
  return ia == end && ib == end;
}

// --check: would formatting change `path`? Prints its name if so.
bool check_file(const std::string& path, notation::Format format, const FormatOptions& o, FormatTally& tally,
                bool& unreadable) {
  ComparingBuf buf(path);
  std::ostream out(&buf);
  notation::RecordWriter writer(out, format);
  Formatter formatter(writer, o, tally);
  ReadSummary r = read_inputs("format", {path}, o.common.from, formatter);
  writer.finish();
  unreadable = r.failed || r.unreadable > 0;
  if (unreadable) return true;
  if (buf.same()) return true;
  ++tally.files_changed;
  std::cout << path << "\n";
  return false;
}

// -i: formats `path` into a new file beside it and puts that in its place
// when everything was read and something changed. False on any failure (the
// file is then as it was).
bool format_in_place(const std::string& path, notation::Format format, const FormatOptions& o, FormatTally& tally) {
  const fs::path target(path);
  const fs::path temp = target.parent_path() / ("." + target.filename().string() + ".beyt-format-" +
                                                std::to_string(::getpid()));
  Output output;
  std::string error;
  if (!output.open(temp.string(), error)) {
    std::cerr << "beyt format: " << error << "\n";
    return false;
  }
  bool ok;
  {
    notation::RecordWriter writer(output.stream(), format);
    Formatter formatter(writer, o, tally);
    ReadSummary r = read_inputs("format", {path}, o.common.from, formatter);
    writer.finish();
    ok = !r.failed && r.unreadable == 0;
    if (!ok) std::cerr << "beyt format: " << path << " is left as it was (a game could not be read)\n";
  }
  if (!output.close(error)) {
    std::cerr << "beyt format: " << error << "\n";
    ok = false;
  }
  std::error_code ec;
  if (ok && !same_bytes(temp.string(), path)) {
    fs::permissions(temp, fs::status(target).permissions(), ec);
    fs::rename(temp, target, ec);
    if (ec) {
      std::cerr << "beyt format: cannot replace '" << path << "': " << ec.message() << "\n";
      ok = false;
    } else {
      ++tally.files_changed;
    }
  }
  fs::remove(temp, ec);
  return ok;
}

}  // namespace

int run_format(int argc, char** argv) {
  FormatOptions o;
  cxxopts::Options spec("beyt format",
                        "Rewrites the records of each FILE (- for standard input) in canonical form:\n"
                        "every move in the engine's canonical text (captures, counts and forfeits\n"
                        "filled in; variations too), the tags in roster order with the missing roster\n"
                        "tags added, and the canonical layout. The output passes `beyt validate\n"
                        "--strict`, and formatting it again changes nothing. A game that does not\n"
                        "replay is kept as it was and reported with its diagnostic; a file with a\n"
                        "game that cannot be read (a syntax error) is reported and not formatted.\n"
                        "Output: standard output (in the first input's format), -o OUT, or -i (each\n"
                        "file in place, in its own format, replaced only when it changes).\n"
                        "Exit status: 0 all valid, 1 a game invalid or unreadable (--check: a file\n"
                        "would change), 2 usage error.");
  spec.positional_help("FILE...");
  spec.add_options()
      ("i,in-place", "rewrite each FILE in place", cxxopts::value(o.in_place))
      ("check", "write nothing; list the files that formatting would change (exit 1 if any)",
       cxxopts::value(o.check))
      ("game", "game of records without a Game tag (see beyt games)", cxxopts::value(o.game));
  o.common.output.clear();
  add_common_options(spec, o.common, "output file for all the games (default: standard output)");
  int exit_code = kExitOk;
  if (!parse_common(spec, argc, argv, "format", o.common, exit_code)) return exit_code;
  if ((o.in_place ? 1 : 0) + (o.check ? 1 : 0) + (o.common.output.empty() ? 0 : 1) > 1)
    return usage_error("format", "-i, -o and --check exclude each other");
  if ((o.in_place || o.check) && !o.common.to.empty())
    return usage_error("format", "-i and --check keep each file's format: --to goes with -o or standard output");
  if (!o.game.empty()) {
    std::string error;
    const Game* game = match_game(o.game, error);
    if (!game) return usage_error("format", error);
    o.game = std::string(game->name());
  }
  FormatTally tally;
  bool ok = true;
  if (o.in_place || o.check) {
    for (const auto& path : o.common.files)
      if (path == "-") return usage_error("format", "-i and --check need files, not standard input");
    if (!inputs_exist("format", o.common.files)) return kExitInvalid;
    bool would_change = false;
    for (const auto& path : o.common.files) {
      notation::Format format;
      choose_format(path, o.common.from, format);
      if (o.in_place) {
        ok = format_in_place(path, format, o, tally) && ok;
      } else {
        bool unreadable = false;
        would_change = !check_file(path, format, o, tally, unreadable) || would_change;
        ok = ok && !unreadable;
      }
    }
    if (o.check && would_change) ok = false;
  } else {
    if (o.common.output.empty()) o.common.output = "-";
    RecordOutput output;
    if (!output.open("format", o.common)) return kExitInvalid;
    Formatter formatter(output.writer(), o, tally);
    ReadSummary r = read_inputs("format", o.common.files, o.common.from, formatter);
    if (!output.finish("format", r)) return kExitInvalid;  // unreadable: the output is not committed
  }
  if (!o.common.quiet) {
    std::cerr << "beyt format: " << tally.games << (tally.games == 1 ? " game, " : " games, ")
              << tally.games - tally.invalid << " in canonical form, " << tally.invalid
              << " invalid (kept as they were)";
    const std::size_t files = o.common.files.size();
    if (o.in_place) std::cerr << "; " << tally.files_changed << " of " << files << " files rewritten";
    if (o.check) std::cerr << "; " << tally.files_changed << " of " << files << " files would change";
    std::cerr << "\n";
  }
  return ok && tally.invalid == 0 ? kExitOk : kExitInvalid;
}

}  // namespace beyt::cli
