// Shared CLI helpers (cli/cli.hpp).
#include <fstream>
#include <iostream>
#include <sstream>

#include "cli.hpp"

namespace beyt::cli {

const std::vector<Command>& commands() {
  static const std::vector<Command> table{
      {"validate", "replay records and report the first illegal move of each game", run_validate},
      {"convert", "convert records between text, JSON, XML and JSON Lines; join several files", run_convert},
      {"render", "draw the position after any turn as a diagram", run_render},
      {"games", "list the games, their rule presets and options", run_games},
      {"generate", "write random legal games (tests, fuzz corpora, benchmarks)", run_generate},
      {"format", "rewrite records in canonical form (moves, tags, layout)", run_format},
      {"select", "keep the games that match conditions (tags, date, game, result, position)", run_select},
      {"split", "split records into files of N games", run_split},
      {"dedupe", "drop duplicate games (same game, rules, start and main line)", run_dedupe},
      {"stats", "count games, results, turns and first turns per game and rule set", run_stats},
  };
  return table;
}

bool Input::open(const std::string& path, std::string& error) {
  name_ = path;
  if (path == "-") {
    std::ostringstream all;
    all << std::cin.rdbuf();
    buffered_ = all.str();
    stream_ = std::make_unique<std::istringstream>(buffered_);
    return true;
  }
  auto file = std::make_unique<std::ifstream>(path, std::ios::binary);
  if (!*file) {
    error = "cannot open '" + path + "'";
    return false;
  }
  stream_ = std::move(file);
  return true;
}

std::string Input::line(std::uint32_t n) {
  if (n == 0) return {};
  if (!lines_ || n < next_line_) {
    if (name_ == "-")
      lines_ = std::make_unique<std::istringstream>(buffered_);
    else
      lines_ = std::make_unique<std::ifstream>(name_, std::ios::binary);
    next_line_ = 1;
  }
  // Lines end at LF, CRLF or CR, as the readers count them.
  std::streambuf* buf = lines_->rdbuf();
  std::string current;
  for (int c = buf->sbumpc(); c != EOF; c = buf->sbumpc()) {
    if (c == '\n' || c == '\r') {
      if (c == '\r' && buf->sgetc() == '\n') buf->sbumpc();
      if (next_line_++ == n) return current;
      current.clear();
    } else {
      current += static_cast<char>(c);
    }
  }
  if (next_line_ == n) {
    ++next_line_;
    return current;
  }
  return {};
}

bool Output::open(const std::string& path, std::string& error) {
  path_ = path;
  if (path == "-") {
    stream_ = &std::cout;
    return true;
  }
  auto file = std::make_unique<std::ofstream>(path, std::ios::binary | std::ios::trunc);
  if (!*file) {
    error = "cannot write '" + path + "'";
    return false;
  }
  owned_ = std::move(file);
  stream_ = owned_.get();
  return true;
}

bool Output::close(std::string& error) {
  stream_->flush();
  if (!*stream_) {
    error = "write to '" + path_ + "' failed";
    return false;
  }
  if (owned_) static_cast<std::ofstream*>(owned_.get())->close();
  return true;
}

std::optional<cxxopts::ParseResult> parse_command_line(cxxopts::Options& spec, int argc, char** argv,
                                                       std::string_view command, int& exit_code) {
  try {
    auto result = spec.parse(argc, argv);
    if (result.count("help")) {
      std::cout << spec.help();
      exit_code = kExitOk;
      return std::nullopt;
    }
    if (!result.unmatched().empty()) {
      exit_code = usage_error(command, "unexpected argument '" + result.unmatched().front() + "'");
      return std::nullopt;
    }
    return result;
  } catch (const cxxopts::exceptions::exception& e) {
    exit_code = usage_error(command, e.what());
    return std::nullopt;
  }
}

int usage_error(std::string_view command, std::string_view message) {
  std::cerr << "beyt " << command << ": " << message << "\n(see: beyt " << command << " --help)\n";
  return kExitUsage;
}

bool choose_format(const std::string& path, const std::string& forced, notation::Format& out) {
  if (!forced.empty()) return notation::parse_format(forced, out);
  out = notation::format_of_path(path);
  return true;
}

void print_diagnostic(std::ostream& out, const notation::Diagnostic& d, Input* input, bool json) {
  if (json) {
    out << notation::format_json(d) << '\n';
    return;
  }
  std::string source = input ? input->line(d.loc.line) : std::string();
  out << notation::format_text(d, source);
}

}  // namespace beyt::cli
