// beyt split FILE... --per N -o PATTERN : the games of the inputs into files
// of N games each, named by a printf-like pattern (part-%03d.beyt gives
// part-001.beyt, part-002.beyt, ...). Streams: one game in memory at a time.
#include <charconv>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "collection.hpp"
#include "command_line.hpp"

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

// Writes the games it is given into numbered files of `per` games. Each
// part goes through Output (a temporary file, renamed into place by close());
// the parts are put in place together at the end, when every game was read
// (more than kBatch parts: a batch at a time, as they fill), so a broken input
// leaves the files of an earlier split as they were.
class Splitter : public GameSink {
 public:
  static constexpr std::size_t kBatch = 256;

  Splitter(const SplitOptions& o, const NamePattern& pattern) : o_(o), pattern_(pattern) {}

  void begin_input(Input&, notation::Format format) override {
    if (!format_) format_ = o_.common.out_format.value_or(format);
  }

  bool game(notation::GameRecord&& record, Input&, std::uint32_t) override {
    if (!writer_ || in_file_ == o_.per) {
      if (!next_file()) return false;
    }
    writer_->game(record);
    ++in_file_;
    return true;
  }

  /// Puts the parts in place (`commit`), or discards them. False on a
  /// write failure.
  bool finish(bool commit) {
    if (writer_) {
      if (commit) writer_->finish();
      writer_.reset();
    }
    if (!commit) {
      pending_.clear();  // Output's destructor discards
      return !failed_;
    }
    return close_pending() && !failed_;
  }

  std::uint64_t files = 0;
  std::string first_name, last_name;
  int exit_code = kExitInvalid;  // when failed(): kExitUsage for a part that is an input
  bool failed() const { return failed_; }

 private:
  bool close_pending() {
    for (auto& [name, output] : pending_) {
      std::string error;
      if (!output->close(error)) {
        print_file_error(err(), Code::write_error, name, error, false);
        pending_.clear();
        return false;
      }
    }
    pending_.clear();
    return true;
  }

  bool next_file() {
    if (writer_) {
      writer_->finish();
      writer_.reset();
      if (pending_.size() >= kBatch && !close_pending()) return fail(kExitInvalid);
    }
    const std::string name = pattern_.name(files + 1);
    // Checked before reading for the names that exist (run_split); again
    // here, for a file made since.
    if (int rc = refuse_same_file("split", o_.common.files, name)) return fail(rc);
    std::string error;
    auto output = std::make_unique<Output>();
    if (!output->open(name, error)) {
      print_file_error(err(), Code::write_error, name, error, false);
      return fail(kExitInvalid);
    }
    writer_.emplace(output->stream(), format_.value_or(notation::Format::text));
    pending_.emplace_back(name, std::move(output));
    in_file_ = 0;
    if (++files == 1) first_name = name;
    last_name = name;
    return true;
  }

  bool fail(int code) {
    failed_ = true;
    exit_code = code;
    return false;
  }

 private:
  const SplitOptions& o_;
  const NamePattern& pattern_;
  std::optional<notation::Format> format_;
  std::vector<std::pair<std::string, std::unique_ptr<Output>>> pending_;
  std::optional<notation::RecordWriter> writer_;
  std::uint32_t in_file_ = 0;
  bool failed_ = false;
};

}  // namespace

int run_split(int argc, char** argv) {
  SplitOptions o;
  CommandLine line("split",
                   "Writes the games of the inputs (FILE..., - for standard input), in order,\n"
                   "into files of N games each (the last may hold fewer), named by PATTERN:\n"
                   "%d is the file's number from 1, %03d pads it with zeros to 3 digits, %%\n"
                   "is a percent sign: -o part-%03d.beyt writes part-001.beyt, part-002.beyt,\n"
                   "... The format is that of PATTERN's extension unless --to says; the games\n"
                   "are written unchanged. A part that is an input (any path or link) is\n"
                   "refused (E504); the parts are put in place only when every game was read,\n"
                   "so a broken input leaves the files of an earlier split as they were.\n"
                   "Exit status: 0 done, 1 a game could not be read or a file written, 2 usage\n"
                   "error.");
  line.option("per", "games per file", o.per_text);
  o.common.output.clear();
  add_common_options(line, o.common, "PATTERN of the output names, with %d, e.g. part-%03d.beyt");
  int exit_code = kExitOk;
  if (!parse_common(line, argc, argv, o.common, exit_code)) return exit_code;
  const char* end = o.per_text.data() + o.per_text.size();
  if (auto [at, ec] = std::from_chars(o.per_text.data(), end, o.per); ec != std::errc() || at != end || o.per < 1)
    return usage_error("split", "--per N (a whole number, N >= 1) is required");
  if (o.common.output.empty()) return usage_error("split", "-o PATTERN is required, e.g. -o part-%03d.beyt");
  NamePattern pattern;
  std::string error;
  if (!pattern.parse(o.common.output, error)) return usage_error("split", error);
  // A part that would be an input is refused before anything is read: the
  // names that exist now, in order (a part made later is checked when it is
  // opened).
  for (std::uint64_t n = 1; n <= 1000000; ++n) {
    const std::string name = pattern.name(n);
    if (!std::filesystem::exists(name)) break;
    if (int rc = refuse_same_file("split", o.common.files, name)) return rc;
  }
  if (!inputs_exist(o.common.files)) return kExitInvalid;
  Splitter splitter(o, pattern);
  ReadSummary r = read_inputs(o.common.files, o.common.from_format, splitter);
  const bool all_read = !r.failed && r.unreadable == 0 && !splitter.failed();
  const bool written = splitter.finish(all_read);
  if (!all_read && !splitter.failed())
    err() << "beyt split: stopped by the errors above: "
          << (splitter.files > Splitter::kBatch ? "the parts after the last full batch were not written"
                                                : "no part was written")
          << "\n";
  if (!o.common.quiet && all_read) {
    std::ostream& e = err();
    e << "beyt split: " << r.games << (r.games == 1 ? " game" : " games") << " into " << splitter.files
      << (splitter.files == 1 ? " file" : " files");
    if (splitter.files > 0)
      e << " (" << splitter.first_name << (splitter.files > 1 ? " .. " + splitter.last_name : "") << ")";
    e << "\n";
  }
  if (splitter.failed()) return splitter.exit_code;
  return written && all_read ? kExitOk : kExitInvalid;
}

}  // namespace beyt::cli
