// beyt split FILE... --per N -o PATTERN : the games of the inputs into files
// of N games each, named by a printf-like pattern (part-%03d.beyt gives
// part-001.beyt, part-002.beyt, ...). Streams: one game in memory at a time.
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "beyt/chars.hpp"
#include "collection.hpp"
#include "command_line.hpp"

namespace beyt::cli {
namespace {

struct SplitOptions {
  CommonOptions common;  // -o: the pattern
  std::uint32_t per = 0;
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
        error = "-o '" + chars::excerpt(pattern) + "': a '%' must start %d, %0Nd or %% (e.g. part-%03d.beyt)";
        return false;
      }
      ++numbers;
      i = j;
    }
    if (numbers != 1) {
      error = "-o '" + chars::excerpt(pattern) + "' must hold one %d (or %03d) for the file's number, e.g. part-%03d.beyt";
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
// part goes through Output (a temporary file beside it); a full part is
// finish()ed (written, synced, its descriptor closed) and stays pending, so
// that any number of parts may wait without a descriptor each. The parts are
// put in place together at the end (commit), when every game was read and
// no part of an earlier split would be left after the last one: a broken
// input, a write failure or a signal leaves the files of an earlier split
// as they were.
class Splitter : public PrintingSink {
 public:
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

  /// Ends the last part and puts every part in place (`commit`), or
  /// discards them all. False on a write failure (reported).
  bool finish(bool commit) {
    if (commit && !end_part()) return false;
    writer_.reset();
    if (!commit) {
      parts_.clear();  // Output's destructor discards
      return !failed_;
    }
    for (auto& part : parts_) {
      std::string error;
      if (!part->close(error)) {
        print_file_error(err(), Code::write_error, part->path(), error, false);
        parts_.clear();
        return false;
      }
    }
    parts_.clear();
    return !failed_;
  }

  std::uint64_t files = 0;
  std::string first_name, last_name;
  int exit_code = kExitInvalid;  // when failed(): kExitUsage for a part that is an input
  bool failed() const { return failed_; }

 private:
  // Ends the part being written: its writer finished, the file synced and
  // closed, pending. False (reported) on a write failure.
  bool end_part() {
    if (!writer_) return true;
    writer_->finish();
    writer_.reset();
    std::string error;
    if (parts_.back()->finish(error)) return true;
    print_file_error(err(), Code::write_error, parts_.back()->path(), error, false);
    return fail(kExitInvalid);
  }

  bool next_file() {
    if (!end_part()) return false;
    const std::string name = pattern_.name(files + 1);
    // Checked before reading for the names that exist (run_split); again
    // here, for a file made since.
    if (int rc = refuse_same_file("split", o_.common.files, name)) return fail(rc);
    std::string error;
    auto output = std::make_unique<Output>();
    if (!output->open(name, error, output_options(o_.common.force))) {
      print_file_error(err(), Code::write_error, name, error, false);
      return fail(kExitInvalid);
    }
    writer_.emplace(output->stream(), format_.value_or(notation::Format::text));
    parts_.push_back(std::move(output));
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

  const SplitOptions& o_;
  const NamePattern& pattern_;
  std::optional<notation::Format> format_;
  std::vector<std::unique_ptr<Output>> parts_;  // written and pending, the last one being written
  std::optional<notation::RecordWriter> writer_;
  std::uint32_t in_file_ = 0;
  bool failed_ = false;
};

// The parts of an earlier split that this one would leave behind: the
// names after part `written` that exist, from the first on, as "NAME" or
// "FIRST .. LAST (N files)"; empty when there are none.
std::string stale_parts(const NamePattern& pattern, std::uint64_t written) {
  std::uint64_t last = written;
  while (last < written + 1000000 && std::filesystem::exists(pattern.name(last + 1))) ++last;
  if (last == written) return {};
  const std::string first = "'" + pattern.name(written + 1) + "'";
  if (last == written + 1) return first;
  return first + " .. '" + pattern.name(last) + "' (" + std::to_string(last - written) + " files)";
}

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
                   "refused (E504); the parts are put in place together, only when every game\n"
                   "was read, so a broken input leaves the files of an earlier split as they\n"
                   "were. Parts of an earlier split numbered after the last part of this one\n"
                   "are refused (E506: the set would mix two runs) unless --force, which writes\n"
                   "the parts and leaves those as they were.\n"
                   "Exit status: 0 done, 1 a game could not be read, a file written, or parts\n"
                   "of an earlier split would be left (E506), 2 usage error.");
  line.option("per", "games per file (required)", o.per).range(1, 4294967295.0L);
  o.common.output.clear();
  add_common_options(line, o.common, "PATTERN of the output names, with %d, e.g. part-%03d.beyt");
  int exit_code = kExitOk;
  if (!parse_common(line, argc, argv, o.common, exit_code)) return exit_code;
  if (line.count("per") == 0) return usage_error("split", "--per N (a whole number, N >= 1) is required");
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
  ReadSummary r = notation::read_inputs(o.common.files, read_options(o.common), splitter);
  bool all_read = !r.failed && r.unreadable == 0 && !splitter.failed();
  // Parts of an earlier split after the last part of this one would mix
  // the two runs (docs/COLLECTIONS.md): refused unless --force.
  const std::string stale = all_read ? stale_parts(pattern, splitter.files) : std::string();
  bool refused = false;
  if (!stale.empty() && !o.common.force) {
    err() << "beyt split: error[" << code_id(Code::stale_parts) << "]: " << stale
          << " of an earlier split would be left after the last part of this one ('" << splitter.last_name
          << "'), mixing two runs: remove them, or give --force to write the parts and keep them; nothing was "
             "written\n";
    refused = true;
    all_read = false;
  }
  const bool written = splitter.finish(all_read);
  if (!all_read && !splitter.failed() && !refused) err() << "beyt split: stopped by the errors above: no part was written\n";
  if (!stale.empty() && o.common.force && written)
    err() << "beyt split: note: " << stale << " of an earlier split are left as they were (--force)\n";
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
