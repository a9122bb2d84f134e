// The games of many inputs read in order (beyt/notation/read_inputs.hpp):
// moved from the command line so that every front end reads as it does.
#include "beyt/notation/read_inputs.hpp"

#include <sys/stat.h>

#include <utility>

#include "beyt/io.hpp"

namespace beyt::notation {
namespace {

// E501 for an input that cannot be opened: `reason` "cannot read 'PATH': ...".
// Passes the games of one input on, and what the reader reports about it.
class InputVisitor : public GameVisitor {
 public:
  InputVisitor(GameSink& sink, InputFile& input, ReadSummary& summary)
      : sink_(sink), input_(input), summary_(summary) {}
  bool game(GameRecord&& record, std::uint32_t index) override {
    ++summary_.games;
    input_.forget_before(record.loc.offset);  // diagnostics quote this game or later ones
    if (sink_.game(std::move(record), input_, index)) return true;
    summary_.stopped = true;
    return false;
  }
  bool error(const Diagnostic& d) override {
    ++summary_.unreadable;
    sink_.diagnostic(d, &input_);
    if (d.loc.line > 0) input_.forget_before(d.loc.offset);
    return true;
  }
  // A reader's warning (W101 a byte-order mark, W103 an XML comment the
  // output will not hold): passed on, so that nothing is dropped silently.
  void warning(const Diagnostic& w) override {
    ++summary_.warnings;
    sink_.diagnostic(w, &input_);
  }

 private:
  GameSink& sink_;
  InputFile& input_;
  ReadSummary& summary_;
};

}  // namespace

ReadSummary read_inputs(const std::vector<std::string>& paths, const ReadInputsOptions& options, GameSink& sink) {
  ReadSummary summary;
  for (const auto& path : paths) {
    if (stop_requested(options.stop)) break;
    InputFile input;
    std::string error;
    if (!input.open(path, error)) {
      summary.failed = true;
      sink.diagnostic(io_error(path, std::move(error)), nullptr);
      continue;
    }
    const Format format = input.format(options.format);
    sink.begin_input(input, format);
    InputVisitor visitor(sink, input, summary);
    const Diagnostic d = read_games(input.stream(), input.name(), format, visitor, options);
    if (d && !summary.stopped) {  // the error the reader stopped at (the readers return ok after a stop)
      ++summary.unreadable;
      summary.failed = true;
      sink.diagnostic(d, &input);
    }
    if (summary.stopped) break;
  }
  return summary;
}

Diagnostic unreadable_input(const std::vector<std::string>& paths) {
  for (const auto& path : paths) {
    if (path == "-") continue;
    // A FIFO or a device is not opened twice (the writer of a FIFO would
    // see its reader go); it is reported when it is read.
    struct stat st {};
    if (io::path_problem(path).empty() && ::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)) continue;
    InputFile input;
    std::string error;
    if (!input.open(path, error)) return io_error(path, std::move(error));
  }
  return {};
}

}  // namespace beyt::notation
