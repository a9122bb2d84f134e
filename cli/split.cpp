// beyt split FILE... --per N -o PATTERN : the games of the inputs into files
// of N games each, named by a printf-like pattern (part-%03d.beyt gives
// part-001.beyt, part-002.beyt, ...). Streams: one game in memory at a time.
#include <charconv>
#include <cxxopts.hpp>
#include <filesystem>
#include <iostream>
#include <optional>

#include "collection.hpp"

namespace beyt::cli {
namespace {

struct SplitOptions {
  CommonOptions common;  // -o: the pattern
  std::uint32_t per = 0;
  std::string per_text;  // parsed by hand: cxxopts' integer parser trips a false g++ 12 -Wrestrict
};

/// An output file name pattern: text with one %d (or %Nd, %0Nd) for the
/// file's number, %% for a percent sign.
class NamePattern {
 public:
  /// False with `error` set when `pattern` does not hold exactly one number.
  bool parse(const std::string& pattern, std::string& error) {
    std::size_t numbers = 0;
    for (std::size_t i = 0; i < pattern.size(); ++i) {
      if (pattern[i] != '%') {
        (numbers ? suffix_ : prefix_) += pattern[i];
        continue;
      }
      if (i + 1 < pattern.size() && pattern[i + 1] == '%') {
        (numbers ? suffix_ : prefix_) += '%';
        ++i;
        continue;
      }
      std::size_t j = i + 1;
      zero_ = j < pattern.size() && pattern[j] == '0';
      width_ = 0;
      while (j < pattern.size() && pattern[j] >= '0' && pattern[j] <= '9' && width_ < 100)
        width_ = width_ * 10 + static_cast<std::size_t>(pattern[j++] - '0');
      if (j >= pattern.size() || pattern[j] != 'd') {
        error = "-o '" + pattern + "': a '%' must start %d, %0Nd or %% (e.g. part-%03d.beyt)";
        return false;
      }
      ++numbers;
      i = j;
    }
    if (numbers != 1) {
      error = "-o '" + pattern + "' must hold one %d (or %03d) for the file's number, e.g. part-%03d.beyt";
      return false;
    }
    return true;
  }

  std::string name(std::uint64_t n) const {
    std::string digits = std::to_string(n);
    if (digits.size() < width_) digits.insert(0, width_ - digits.size(), zero_ ? '0' : ' ');
    return prefix_ + digits + suffix_;
  }

 private:
  std::string prefix_, suffix_;
  std::size_t width_ = 0;
  bool zero_ = false;
};

// Writes the games it is given into numbered files of `per` games.
class Splitter : public GameSink {
 public:
  Splitter(const SplitOptions& o, const NamePattern& pattern, notation::Format format)
      : o_(o), pattern_(pattern), format_(format) {}

  bool game(notation::GameRecord&& record, Input& input, std::uint32_t) override {
    if (!writer_ || in_file_ == o_.per) {
      if (!next_file(input)) return false;
    }
    writer_->game(record);
    ++in_file_;
    return true;
  }

  /// Closes the last file. False on a write failure.
  bool finish() {
    if (!writer_) return !failed_;
    return close_file() && !failed_;
  }

  std::uint64_t files = 0;
  std::string first_name, last_name;
  bool failed() const { return failed_; }

 private:
  bool close_file() {
    writer_->finish();
    writer_.reset();
    std::string error;
    if (!output_->close(error)) {
      std::cerr << "beyt split: " << error << "\n";
      return false;
    }
    return true;
  }

  bool next_file(const Input& input) {
    if (writer_ && !close_file()) return fail();
    const std::string name = pattern_.name(files + 1);
    std::error_code ec;
    for (const auto& path : o_.common.files)
      if (path != "-" && std::filesystem::equivalent(path, name, ec)) {
        std::cerr << "beyt split: '" << name << "' is an input (" << input.name() << "): not overwritten\n";
        return fail();
      }
    std::string error;
    output_.emplace();
    if (!output_->open(name, error)) {
      std::cerr << "beyt split: " << error << "\n";
      return fail();
    }
    writer_.emplace(output_->stream(), format_);
    in_file_ = 0;
    if (++files == 1) first_name = name;
    last_name = name;
    return true;
  }

  bool fail() {
    failed_ = true;
    return false;
  }

  const SplitOptions& o_;
  const NamePattern& pattern_;
  notation::Format format_;
  std::optional<Output> output_;
  std::optional<notation::RecordWriter> writer_;
  std::uint32_t in_file_ = 0;
  bool failed_ = false;
};

}  // namespace

int run_split(int argc, char** argv) {
  SplitOptions o;
  cxxopts::Options spec("beyt split",
                        "Writes the games of the inputs (FILE..., - for standard input), in order,\n"
                        "into files of N games each (the last may hold fewer), named by PATTERN:\n"
                        "%d is the file's number from 1, %03d pads it with zeros to 3 digits, %%\n"
                        "is a percent sign: -o part-%03d.beyt writes part-001.beyt, part-002.beyt,\n"
                        "... The format is that of PATTERN's extension unless --to says; the games\n"
                        "are written unchanged. An input is never overwritten.\n"
                        "Exit status: 0 done, 1 a game could not be read or a file written, 2 usage\n"
                        "error.");
  spec.positional_help("FILE...");
  spec.add_options()
      ("per", "games per file", cxxopts::value(o.per_text));
  o.common.output.clear();
  add_common_options(spec, o.common, "PATTERN of the output names, with %d, e.g. part-%03d.beyt");
  int exit_code = kExitOk;
  if (!parse_common(spec, argc, argv, "split", o.common, exit_code)) return exit_code;
  const char* end = o.per_text.data() + o.per_text.size();
  if (auto [at, ec] = std::from_chars(o.per_text.data(), end, o.per); ec != std::errc() || at != end || o.per < 1)
    return usage_error("split", "--per N (a whole number, N >= 1) is required");
  if (o.common.output.empty()) return usage_error("split", "-o PATTERN is required, e.g. -o part-%03d.beyt");
  NamePattern pattern;
  std::string error;
  if (!pattern.parse(o.common.output, error)) return usage_error("split", error);
  if (!inputs_exist("split", o.common.files)) return kExitInvalid;
  Splitter splitter(o, pattern, o.common.out_format);
  ReadSummary r = read_inputs("split", o.common.files, o.common.from, splitter);
  const bool written = splitter.finish();
  if (!o.common.quiet) {
    std::cerr << "beyt split: " << r.games << (r.games == 1 ? " game" : " games") << " into " << splitter.files
              << (splitter.files == 1 ? " file" : " files");
    if (splitter.files > 0)
      std::cerr << " (" << splitter.first_name << (splitter.files > 1 ? " .. " + splitter.last_name : "") << ")";
    std::cerr << "\n";
  }
  return written && !r.failed && r.unreadable == 0 ? kExitOk : kExitInvalid;
}

}  // namespace beyt::cli
