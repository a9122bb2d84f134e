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
#include <sys/stat.h>

#include <algorithm>
#include <fstream>
#include <iostream>
#include <optional>
#include <streambuf>

#include "beyt/notation/replay.hpp"
#include "collection.hpp"
#include "command_line.hpp"
#include "names.hpp"

namespace beyt::cli {
namespace {

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

// Formats each game it is given and writes it: to one output for all the
// inputs (-o, standard output), or to a stream of one input's own, in that
// input's format (-i, --check).
class Formatter : public PrintingSink {
 public:
  Formatter(RecordOutput& output, const FormatOptions& options, FormatTally& tally)
      : output_(&output), options_(options), tally_(tally) {}
  Formatter(std::ostream& out, const FormatOptions& options, FormatTally& tally)
      : out_(&out), options_(options), tally_(tally) {}

  void begin_input(Input& input, notation::Format format) override {
    (void)input;
    if (output_) output_->input_format(format);
    format_ = format;
  }
  /// Ends the document of a stream of one input's own.
  void finish() { writer().finish(); }

  bool game(notation::GameRecord&& record, Input& input, std::uint32_t index) override {
    ++tally_.games;
    notation::GameRecord canonical;
    notation::Diagnostic d = format_game(record, input.name(), index, canonical);
    if (d) {
      ++tally_.invalid;
      print_diagnostic(err(), d, &input, false);
      writer().game(record);
    } else {
      writer().game(canonical);
    }
    return true;
  }

 private:
  notation::RecordWriter& writer() {
    if (output_) return output_->writer();
    if (!own_) own_.emplace(*out_, format_);
    return *own_;
  }

  // The canonical form of `record`, or the validator's diagnostic.
  // The validator's replay decides; then every move is resolved again from
  // the start for its canonical text (State::check).
  notation::Diagnostic format_game(const notation::GameRecord& record, const std::string& file,
                                   std::uint32_t index, notation::GameRecord& out) const {
    return notation::canonical_form(record, file, index, options_.game, out);
  }

  RecordOutput* output_ = nullptr;
  std::ostream* out_ = nullptr;
  notation::Format format_ = notation::Format::text;
  std::optional<notation::RecordWriter> own_;
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

// Writes to two stream buffers at once (-i: the new file and the comparison
// with the old one).
class TeeBuf : public std::streambuf {
 public:
  TeeBuf(std::streambuf& a, std::streambuf& b) : a_(a), b_(b) {}

 protected:
  int_type overflow(int_type c) override {
    if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
    const char ch = traits_type::to_char_type(c);
    return xsputn(&ch, 1) == 1 ? c : traits_type::eof();
  }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    const std::streamsize wa = a_.sputn(s, n);
    const std::streamsize wb = b_.sputn(s, n);
    return std::min(wa, wb);
  }
  int sync() override { return a_.pubsync() == 0 && b_.pubsync() == 0 ? 0 : -1; }

 private:
  std::streambuf& a_;
  std::streambuf& b_;
};

// --check: would formatting change `path`? Prints its name if so (`list`).
bool check_file(const std::string& path, const FormatOptions& o, FormatTally& tally, bool& unreadable,
                bool list = true) {
  ComparingBuf buf(path);
  std::ostream out(&buf);
  Formatter formatter(out, o, tally);
  ReadSummary r = notation::read_inputs({path}, read_options(o.common), formatter);
  unreadable = r.failed || r.unreadable > 0;
  if (unreadable) return true;
  formatter.finish();
  if (buf.same()) return true;
  ++tally.files_changed;
  if (list) std::cout << path << "\n";
  return false;
}

// -i: formats `path` through Output, the path every subcommand writes by (a
// temporary file beside it, renamed over it by close() only), and compares
// what it writes with the file: the file is replaced only when everything
// was read and something changed. False on any failure (the file is then
// as it was).
bool format_in_place(const std::string& path, const FormatOptions& o, FormatTally& tally) {
  Output output;
  std::string error;
  if (!output.open(path, error, output_options(o.common.force))) {
    // A file that cannot be replaced (write-protected) is fine when it
    // would not change: compare only, as --check does.
    bool unreadable = false;
    FormatTally compared;
    const bool same = check_file(path, o, compared, unreadable, false);
    tally.games += compared.games;
    tally.invalid += compared.invalid;
    if (same) return !unreadable;
    print_file_error(err(), Code::write_error, path, error, false);
    return false;
  }
  ComparingBuf old_file(path);
  TeeBuf tee(*output.stream().rdbuf(), old_file);
  std::ostream out(&tee);
  Formatter formatter(out, o, tally);
  ReadSummary r = notation::read_inputs({path}, read_options(o.common), formatter);
  if (r.failed || r.unreadable > 0) {
    err() << "beyt format: " << path << " is left as it was (a game could not be read)\n";
    return false;  // output's destructor discards the new file
  }
  formatter.finish();
  out.flush();
  if (old_file.same()) return true;  // nothing to change: the new file is discarded
  if (!output.close(error)) {
    print_file_error(err(), Code::write_error, path, error, false);
    return false;
  }
  ++tally.files_changed;
  return true;
}

}  // namespace

int run_format(int argc, char** argv) {
  FormatOptions o;
  CommandLine line("format",
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
  line.option("i,in-place", "rewrite each FILE in place", o.in_place)
      .option("check", "write nothing; list the files that formatting would change (exit 1 if any)", o.check)
      .option("game", "game of records without a Game tag (see beyt games)", o.game);
  o.common.output.clear();
  add_common_options(line, o.common, "output file for all the games (default: standard output)");
  int exit_code = kExitOk;
  if (!parse_common(line, argc, argv, o.common, exit_code)) return exit_code;
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
    for (const auto& path : o.common.files) {
      if (path == "-") return usage_error("format", "-i and --check need files, not standard input");
      // A pipe, a FIFO, /dev/stdin: read once, it cannot be compared with
      // what formatting writes (nor rewritten).
      struct stat st {};
      if (::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode))
        return usage_error("format", "-i and --check need regular files: '" + path + "' is not one (a pipe or a device)");
    }
    if (!inputs_exist(o.common.files)) return kExitInvalid;
    bool would_change = false;
    for (const auto& path : o.common.files) {
      if (o.in_place) {
        ok = format_in_place(path, o, tally) && ok;
      } else {
        bool unreadable = false;
        would_change = !check_file(path, o, tally, unreadable) || would_change;
        ok = ok && !unreadable;
      }
    }
    if (o.check && would_change) ok = false;
  } else {
    if (o.common.output.empty()) o.common.output.assign(1, '-');  // (= "-" trips a false g++ 12 -Wrestrict)
    RecordOutput output;
    if (int rc = output.open("format", o.common)) return rc;
    Formatter formatter(output, o, tally);
    ReadSummary r = notation::read_inputs(o.common.files, read_options(o.common), formatter);
    if (!output.finish("format", r)) return kExitInvalid;  // unreadable: the output is not committed
  }
  if (!o.common.quiet) {
    std::ostream& e = err();
    e << "beyt format: " << tally.games << (tally.games == 1 ? " game, " : " games, ")
              << tally.games - tally.invalid << " in canonical form, " << tally.invalid
              << " invalid (kept as they were)";
    const std::size_t files = o.common.files.size();
    if (o.in_place) e << "; " << tally.files_changed << " of " << files << " files rewritten";
    if (o.check) e << "; " << tally.files_changed << " of " << files << " files would change";
    e << "\n";
  }
  return ok && tally.invalid == 0 ? kExitOk : kExitInvalid;
}

}  // namespace beyt::cli
