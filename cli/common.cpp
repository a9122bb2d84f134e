// Shared CLI helpers (cli/cli.hpp).
#include <fstream>
#include <iostream>
#include <sstream>

#include "cli.hpp"

namespace beyt::cli {

const std::vector<Command>& commands() {
  static const std::vector<Command> table{
      {"validate", "replay records and report the first illegal move of each game", run_validate},
      {"convert", "convert records between text, JSON and XML", run_convert},
      {"render", "draw the position after any turn as a diagram", run_render},
      {"games", "list the games, their rule presets and options", run_games},
      {"generate", "write random legal games (tests, fuzz corpora, benchmarks)", run_generate},
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

std::string Input::line(std::uint32_t n) const {
  if (n == 0) return {};
  std::unique_ptr<std::istream> in;
  if (name_ == "-")
    in = std::make_unique<std::istringstream>(buffered_);
  else
    in = std::make_unique<std::ifstream>(name_, std::ios::binary);
  // Lines end at LF, CRLF or CR, as the readers count them.
  std::string current;
  std::uint32_t number = 1;
  char c;
  while (in->get(c)) {
    if (c == '\n' || c == '\r') {
      if (number == n) return current;
      if (c == '\r' && in->peek() == '\n') in->get(c);
      ++number;
      current.clear();
    } else {
      current += c;
    }
  }
  return number == n ? current : std::string();
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

int usage_error(std::string_view command, std::string_view message) {
  std::cerr << "beyt " << command << ": " << message << "\n(see: beyt " << command << " --help)\n";
  return kExitUsage;
}

bool choose_format(const std::string& path, const std::string& forced, notation::Format& out) {
  if (!forced.empty()) return notation::parse_format(forced, out);
  out = notation::format_of_path(path);
  return true;
}

void print_diagnostic(std::ostream& out, const notation::Diagnostic& d, const Input* input, bool json) {
  if (json) {
    out << notation::format_json(d) << '\n';
    return;
  }
  std::string source = input ? input->line(d.loc.line) : std::string();
  out << notation::format_text(d, source);
}

}  // namespace beyt::cli
