// cli/command_line.hpp - a subcommand's command line: its options, each bound
// to the variable it sets, and their parsing.
//
// The parsing is cxxopts', in command_line.cpp, the one file that includes
// <cxxopts.hpp>: that header defines six std::regex objects at namespace
// scope, which every translation unit that includes it builds when the
// program starts. Included by the 14 files of the subcommands, they were 34
// of the 36.5 million instructions of `beyt validate` on a one-game file
// (and, built once, 2.4 of 5.3 million: command_line.cpp now asks for
// cxxopts' parser without them, CXXOPTS_NO_REGEX). No header includes it,
// so that no other file does by way of one.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace beyt::cli {

/// The options of `beyt COMMAND`, listed by --help in the order they were
/// added, then -h/--help (which every subcommand has); and the positional
/// arguments, the words that are not options.
///
///   CommandLine line("stats", "Counts what the inputs hold ...");
///   line.option("json", "one JSON object on standard output", o.json)
///       .option("top", "how many first turns to list (default 5)", o.top)
///       .positional("files", "record files", o.files, "FILE...");
///   int exit_code = kExitOk;
///   if (!line.parse(argc, argv, exit_code)) return exit_code;
class CommandLine {
 public:
  /// The variable an option sets. Its type decides how the value is read: a
  /// bool is a flag (--strict, also --strict=true or --strict=false); a
  /// number takes the whole value, a whole number for the integer types,
  /// within range() or else the type's range ("--count: '-3' is not a
  /// number from 1 to 4294967295", one message for every numeric option); a
  /// vector gets one element each time the option is given (the positional:
  /// one each word); a string or a number the last one given.
  using Target = std::variant<bool*, int*, std::int64_t*, std::uint32_t*, std::uint64_t*, double*, std::string*,
                              std::vector<std::string>*>;

  /// The command line of `beyt COMMAND`; --help prints `description` first.
  CommandLine(std::string_view command, std::string description);

  /// Adds an option: `names` is "o,output" (-o and --output) or "strict"
  /// (--strict only); `help` its line in --help; `target` the variable it
  /// sets when given (left as it is when not).
  template <class T>
  CommandLine& option(std::string names, std::string help, T& target) {
    options_.push_back({std::move(names), std::move(help), Target(&target), std::nullopt, false, 0});
    return *this;
  }
  /// The numeric option added last takes values from `least` to `most`
  /// (a usage error names the option, the value and the range).
  CommandLine& range(long double least, long double most);
  /// --help shows the option added last with "(default: VALUE)", VALUE its
  /// variable's value now (before parse()).
  CommandLine& with_default();
  /// A string option that sets `target` to `default_value` when it is not
  /// given; --help adds "(default: VALUE)" to `help`.
  CommandLine& option(std::string names, std::string help, std::string& target, std::string default_value);
  /// The positional arguments, into `target` (a vector: all of them; a
  /// string: one, a second is "unexpected argument"); also given as --NAME
  /// VALUE. `usage` names them after [OPTION...] on the usage line of
  /// --help ("FILE..."); `help` is not shown.
  template <class T>
  CommandLine& positional(std::string name, std::string help, T& target, std::string usage) {
    options_.push_back({std::move(name), std::move(help), Target(&target), std::nullopt, true, 0});
    usage_ = std::move(usage);
    return *this;
  }

  /// Parses argv[1] .. argv[argc - 1] (argv[0] is the subcommand's name) and
  /// sets the targets. True when the subcommand goes on; false when it is
  /// done: -h/--help printed the help on standard output (exit_code 0), or
  /// a usage error was printed on standard error (exit_code 2, usage_error:
  /// "Option ‘x’ does not exist", "Option ‘o’ is missing an argument",
  /// "Argument ‘maybe’ failed to parse" for a flag, "--count: '-3' is not a
  /// whole number from 1 to 4294967295", "unexpected argument 'x'", ...).
  bool parse(int argc, char** argv, int& exit_code);

  /// After parse(): how many times the option whose long name is `name`
  /// was given (0: never, its target as it was or its default).
  std::size_t count(std::string_view name) const;

  /// The subcommand's name ("validate"), as usage errors give it.
  const std::string& command() const { return command_; }

 private:
  struct Option {
    std::string names, help;
    Target target;
    std::optional<std::string> default_value;
    bool positional;
    std::size_t count;  // times given, set by parse()
    std::optional<std::pair<long double, long double>> range = std::nullopt;  // numbers: least, most
    std::string text = {};  // a number's value as given, converted after parsing
  };

  std::string command_, description_;
  std::string usage_;  // the positional arguments on the usage line
  std::vector<Option> options_;

  std::vector<std::string> detached(int argc, char** argv) const;
};

}  // namespace beyt::cli
