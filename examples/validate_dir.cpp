// examples/validate_dir.cpp - validate every record file under a folder in
// parallel, as `beyt validate` does, through one library call
// (beyt/notation/validate_inputs.hpp).
//
//   validate_dir DIR [JOBS]
//
// Finds the files under DIR (and its subfolders) whose extension names a
// record format (.beyt, .txt, .json, .jsonl, .xml), in the order of their
// paths, and validates them with JOBS threads (default: as `beyt validate`
// without -j). Prints every diagnostic on standard output as
// `file:line:column: error[E304]: game 1, turn 12, South: ...` with the
// quoted line and a caret, then validate's summary line on standard error:
// the same bytes as `beyt validate -j JOBS FILE...` on those files.
// Exit status: 0 every game valid, 1 some invalid or unreadable, 2 usage.
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <string>
#include <system_error>
#include <vector>

#include <beyt/beyt.hpp>

namespace fs = std::filesystem;
using namespace beyt::notation;

namespace {

// Prints each diagnostic as it comes: in input order, from the calling thread.
class Printer : public InputsListener {
 public:
  void diagnostic(const Diagnostic& d, InputFile* input) override { std::cout << format_diagnostic(d, input, false); }
};

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2 || argc > 3) {
    std::cerr << "usage: validate_dir DIR [JOBS]\n";
    return 2;
  }
  ValidateInputsOptions options;
  if (argc == 3) {
    char* end = nullptr;
    const long jobs = std::strtol(argv[2], &end, 10);
    if (*end != '\0' || jobs < 1 || jobs > 256) {
      std::cerr << "validate_dir: JOBS must be a whole number from 1 to 256\n";
      return 2;
    }
    options.jobs = static_cast<unsigned>(jobs);
  }
  std::vector<std::string> paths;
  std::error_code error;
  for (fs::recursive_directory_iterator it(argv[1], error), end; !error && it != end; it.increment(error)) {
    Format format;
    if (it->is_regular_file(error) && format_of_extension(it->path().string(), format))
      paths.push_back(it->path().string());
  }
  if (error) {
    std::cerr << "validate_dir: cannot read '" << argv[1] << "': " << error.message() << "\n";
    return 2;
  }
  std::sort(paths.begin(), paths.end());
  Printer printer;
  const ValidationTally tally = validate_inputs(paths, options, printer);
  std::cout.flush();  // every diagnostic before the summary
  std::cerr << validation_summary(tally) << "\n";
  return tally.failed() ? 1 : 0;
}
