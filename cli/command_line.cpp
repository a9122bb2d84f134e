// The command line of a subcommand (cli/command_line.hpp), parsed by
// cxxopts: the only file that includes <cxxopts.hpp> (see there why).
#include "command_line.hpp"

#include <cxxopts.hpp>
#include <iostream>
#include <memory>

#include "cli.hpp"

namespace beyt::cli {

namespace {

// The long name of "o,output" or "strict".
std::string_view long_name(std::string_view names) {
  const auto comma = names.find(',');
  return comma == std::string_view::npos ? names : names.substr(comma + 1);
}

}  // namespace

CommandLine::CommandLine(std::string_view command, std::string description)
    : command_(command), description_(std::move(description)) {}

CommandLine& CommandLine::option(std::string names, std::string help, std::string& target,
                                 std::string default_value) {
  options_.push_back({std::move(names), std::move(help), Target(&target), std::move(default_value), false, 0});
  return *this;
}

bool CommandLine::parse(int argc, char** argv, int& exit_code) {
  // The options as cxxopts::Options: the subcommand's, then -h/--help, then
  // the positional (which --help does not list).
  cxxopts::Options spec("beyt " + command_, description_);
  if (!usage_.empty()) spec.positional_help(usage_);
  auto add = spec.add_options();
  std::vector<std::string> positional;
  auto add_option = [&add](const Option& o) {
    std::shared_ptr<cxxopts::Value> value = std::visit(
        [](auto* target) -> std::shared_ptr<cxxopts::Value> { return cxxopts::value(*target); }, o.target);
    if (o.default_value) value->default_value(*o.default_value);
    add(o.names, o.help, value);
  };
  for (const Option& o : options_)
    if (!o.positional) add_option(o);
  add("h,help", "this help");
  for (const Option& o : options_)
    if (o.positional) {
      add_option(o);
      positional.push_back(o.names);
    }
  if (!positional.empty()) spec.parse_positional(positional);

  try {
    auto result = spec.parse(argc, argv);
    if (result.count("help")) {
      std::cout << spec.help();
      exit_code = kExitOk;
      return false;
    }
    if (!result.unmatched().empty()) {
      exit_code = usage_error(command_, "unexpected argument '" + result.unmatched().front() + "'");
      return false;
    }
    for (Option& o : options_) o.count = result.count(std::string(long_name(o.names)));
  } catch (const cxxopts::exceptions::exception& e) {
    exit_code = usage_error(command_, e.what());
    return false;
  }
  return true;
}

std::size_t CommandLine::count(std::string_view name) const {
  for (const Option& o : options_)
    if (long_name(o.names) == name) return o.count;
  return 0;
}

}  // namespace beyt::cli
