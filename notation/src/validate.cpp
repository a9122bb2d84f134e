// `beyt validate` of one input (beyt/notation/validate.hpp).
#include "beyt/notation/validate.hpp"

#include <algorithm>
#include <sstream>

#include "beyt/notation/replay.hpp"

namespace beyt::notation {

CheckedGame check_game(const GameRecord& record, const std::string& file, std::uint32_t index,
                       const ValidateOptions& options, const GameErrors* read, ReplayCheckpoints* checkpoints) {
  ReplayOptions replay_options;
  replay_options.checkpoints = checkpoints;
  replay_options.default_game = options.default_game;
  replay_options.strict = options.strict;
  replay_options.max_errors = options.max_errors;
  Replay replayed;
  CheckedGame c;
  replay_errors(record, read, file, index, replay_options, replayed, c.errors);
  c.warnings = std::move(replayed.warnings);
  return c;
}

Diagnostic stopped_diagnostic(Diagnostic d, std::uint32_t last_game, std::string& where) {
  if (d.game > 0) where = "at game " + std::to_string(d.game);
  else if (last_game > 0) where = "after game " + std::to_string(last_game);
  else where = "before the first game";
  d.reason += "; checking stopped here, " + where + ": the rest of the file was not checked";
  return d;
}

Diagnostic no_games_diagnostic(const std::string& file, Format format, bool strict) {
  Diagnostic d;
  d.code = Code::no_games;
  d.reason = format == Format::text ? "no game in this input: it is empty or holds only blanks"
                                    : "no game in this input: its list of games is empty";
  d.file = file;
  d.severity = strict ? Severity::error : Severity::warning;
  return d;
}

namespace {

// Checks each game as the reader hands it over, with the errors the reader
// found in it; goes on after every error the reader can go on from.
class Validating : public GameVisitor {
 public:
  Validating(const std::string& file, const ValidateOptions& options, ValidationListener& listener)
      : file_(file), options_(options), listener_(listener) {}

  bool game(GameRecord&& record, std::uint32_t index) override {
    seen_ = std::max(seen_, index);
    something_ = true;
    listener_.game(index, record.loc.offset, check_game(record, file_, index, options_));
    return true;
  }
  bool broken(GameRecord&& record, std::uint32_t index, const GameErrors& errors) override {
    seen_ = std::max(seen_, index);
    something_ = true;
    listener_.game(index, record.loc.offset, check_game(record, file_, index, options_, &errors));
    return true;
  }
  bool error(const Diagnostic& d) override {
    seen_ = std::max(seen_, d.game);
    something_ = true;
    listener_.error(d);
    return true;
  }
  void warning(const Diagnostic& w) override { listener_.warning(w); }

  void stopped(const Diagnostic& d) {
    something_ = true;
    if (d.code == Code::io_error) {
      listener_.stopped(d, "");
      return;
    }
    std::string where;
    Diagnostic s = stopped_diagnostic(d, seen_, where);
    listener_.stopped(s, where);
  }
  bool something() const { return something_; }

 private:
  const std::string& file_;
  const ValidateOptions& options_;
  ValidationListener& listener_;
  std::uint32_t seen_ = 0;   // the last game index met
  bool something_ = false;   // a game, an error or a stop: not W102
};

// Collects the diagnostics in the order validate prints them.
class Collecting : public ValidationListener {
 public:
  explicit Collecting(std::vector<Diagnostic>& out) : out_(out) {}
  void game(std::uint32_t, std::uint64_t, const CheckedGame& c) override {
    out_.insert(out_.end(), c.errors.begin(), c.errors.end());
    out_.insert(out_.end(), c.warnings.begin(), c.warnings.end());
  }
  void error(const Diagnostic& d) override { out_.push_back(d); }
  void warning(const Diagnostic& w) override { out_.push_back(w); }
  void stopped(const Diagnostic& d, const std::string&) override { out_.push_back(d); }
  void no_games(const Diagnostic& d) override { out_.push_back(d); }

 private:
  std::vector<Diagnostic>& out_;
};

}  // namespace

void validate(std::istream& in, const std::string& file, Format format, const ValidateOptions& options,
              ValidationListener& listener) {
  Validating visitor(file, options, listener);
  ReadOptions read_options;
  read_options.strict = options.strict;
  read_options.max_errors = options.max_errors;
  read_options.stop = options.stop;
  if (Diagnostic d = read_games(in, file, format, visitor, read_options)) visitor.stopped(d);
  if (!visitor.something()) listener.no_games(no_games_diagnostic(file, format, options.strict));
}

std::vector<Diagnostic> validate_text(std::string_view input, const std::string& file, Format format,
                                      const ValidateOptions& options) {
  std::vector<Diagnostic> out;
  Collecting collecting(out);
  std::istringstream in{std::string(input)};
  validate(in, file, format, options, collecting);
  return out;
}

namespace {

std::string count(std::uint64_t n, std::string_view one, std::string_view many) {
  return std::to_string(n) + " " + std::string(n == 1 ? one : many);
}

}  // namespace

void ValidationTally::add(const ValidationTally& other) {
  inputs += other.inputs;
  unreadable += other.unreadable;
  valid += other.valid;
  invalid += other.invalid;
  outside += other.outside;
  stopped += other.stopped;
  errors += other.errors;
  warnings += other.warnings;
  if (!other.stop.empty()) stop = other.stop;
}

std::string validation_summary(const ValidationTally& t) {
  std::string s = "beyt validate: " + count(t.inputs, "input", "inputs");
  if (t.unreadable > 0) s += " (" + std::to_string(t.unreadable) + " could not be read)";
  s += ", " + count(t.valid + t.invalid, "game", "games") + ": " + std::to_string(t.valid) + " valid, " +
       std::to_string(t.invalid) + " invalid";
  if (t.errors > 0) s += "; " + count(t.errors, "error", "errors");
  if (t.outside > 0) s += t.outside == t.errors ? " outside the games" : " (" + std::to_string(t.outside) + " outside the games)";
  if (t.stopped == 1) s += "; checking " + t.stop + ": the rest was not checked";
  else if (t.stopped > 1) s += "; checking stopped early in " + std::to_string(t.stopped) + " inputs: the rest of each was not checked";
  if (t.warnings > 0) s += "; " + count(t.warnings, "warning", "warnings");
  return s;
}

void ValidationReport::report(const Diagnostic& d, bool count_outside) {
  if (d.game > 0) {
    if (d.game != last_invalid_) ++tally_.invalid;
    last_invalid_ = d.game;
  } else if (count_outside) {
    ++tally_.outside;
  }
  ++tally_.errors;
  diagnostics_.push_back(d);
}

void ValidationReport::game(std::uint32_t, std::uint64_t, const CheckedGame& checked) {
  for (const auto& d : checked.errors) report(d, true);
  if (checked.errors.empty()) ++tally_.valid;
  for (const auto& w : checked.warnings) warning(w);
}

void ValidationReport::error(const Diagnostic& d) { report(d, true); }

void ValidationReport::warning(const Diagnostic& w) {
  diagnostics_.push_back(w);
  ++tally_.warnings;
}

void ValidationReport::stopped(const Diagnostic& d, const std::string& where) {
  if (d.code == Code::io_error) {
    ++tally_.unreadable;
    diagnostics_.push_back(d);
    return;
  }
  ++tally_.stopped;
  tally_.stop = "of " + d.file + " stopped " + where;
  report(d, false);
}

void ValidationReport::no_games(const Diagnostic& d) {
  diagnostics_.push_back(d);
  if (strict_) {
    ++tally_.outside;
    ++tally_.errors;
  } else {
    ++tally_.warnings;
  }
}

void ValidationReport::unreadable(const std::string& file, const std::string& reason) {
  diagnostics_.push_back(io_error(file, reason));
  ++tally_.unreadable;
}

}  // namespace beyt::notation
