// The command line of a subcommand (cli/command_line.hpp), parsed by
// cxxopts: the only file that includes <cxxopts.hpp> (see there why).
#include "command_line.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>
// cxxopts' own parser of option names and arguments rather than its six
// std::regex objects, which the program built when it started: 2.4 of the
// 5.3 million instructions of `beyt validate` on a one-game file.
#define CXXOPTS_NO_REGEX
#include <cxxopts.hpp>
#include <iostream>
#include <limits>
#include <memory>
#include <type_traits>

#include "beyt/chars.hpp"
#include "cli.hpp"

namespace beyt::cli {

namespace {

// The long name of "o,output" or "strict".
std::string_view long_name(std::string_view names) {
  const auto comma = names.find(',');
  return comma == std::string_view::npos ? names : names.substr(comma + 1);
}

template <class T>
constexpr bool kNumber = std::is_arithmetic_v<T> && !std::is_same_v<T, bool>;

// "4294967295", "0.5": a bound or a default as --help and the messages write it.
std::string number_text(long double v) {
  char buf[64];
  if (v == std::floor(v) && std::fabs(v) < 1e20L) std::snprintf(buf, sizeof buf, "%.0Lf", v);
  else std::snprintf(buf, sizeof buf, "%Lg", v);
  return buf;
}

// The value of a numeric option: the whole of `text`, a whole number for an
// integer type, within [least, most]. False if not.
template <class T>
bool read_number(const std::string& text, T& out, long double least, long double most) {
  const char* end = text.data() + text.size();
  T v{};
  const auto [at, ec] = std::from_chars(text.data(), end, v);
  if (ec != std::errc() || at != end) return false;
  if constexpr (std::is_floating_point_v<T>) {
    if (!std::isfinite(v)) return false;
  }
  if (static_cast<long double>(v) < least || static_cast<long double>(v) > most) return false;
  out = v;
  return true;
}

// The short name of "o,output" ('o'), or 0 for a name with none.
char short_name(std::string_view names) {
  const auto comma = names.find(',');
  return comma == 1 ? names[0] : '\0';
}

}  // namespace

// The arguments with a short option's value written onto it ("-o-",
// "-qo/tmp/x.json") given apart ("-o" "-", "-qo" "/tmp/x.json"), as
// cxxopts' parser without regular expressions reads them (it takes an
// attached value of letters and digits alone: "-j2"). Up to "--".
std::vector<std::string> CommandLine::detached(int argc, char** argv) const {
  auto takes_value = [this](char c) -> int {  // 1 a value, 0 a flag, -1 no such option
    if (c == 'h') return 0;
    for (const Option& o : options_)
      if (!o.positional && short_name(o.names) == c) return std::holds_alternative<bool*>(o.target) ? 0 : 1;
    return -1;
  };
  std::vector<std::string> args(argv, argv + argc);
  for (std::size_t i = 1; i < args.size(); ++i) {
    const std::string a = args[i];
    if (a == "--") break;
    if (a.size() < 3 || a[0] != '-' || a[1] == '-') continue;
    for (std::size_t k = 1; k + 1 < a.size(); ++k) {
      const int kind = takes_value(a[k]);
      if (kind < 0) break;  // cxxopts says what is wrong
      if (kind == 1) {
        args[i] = a.substr(0, k + 1);
        args.insert(args.begin() + static_cast<std::ptrdiff_t>(i) + 1, a.substr(k + 1));
        ++i;
        break;
      }
    }
  }
  return args;
}

CommandLine& CommandLine::range(long double least, long double most) {
  options_.back().range = std::make_pair(least, most);
  return *this;
}

CommandLine& CommandLine::with_default() {
  Option& o = options_.back();
  std::visit(
      [&](auto* target) {
        using T = std::remove_pointer_t<decltype(target)>;
        if constexpr (kNumber<T>) o.help += " (default: " + number_text(static_cast<long double>(*target)) + ")";
        else if constexpr (std::is_same_v<T, std::string>) o.help += " (default: " + *target + ")";
      },
      o.target);
  return *this;
}

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
  // A number is read as text and converted after parsing (convert below),
  // so that its errors name the option and the range.
  auto add_option = [&add](Option& o) {
    std::shared_ptr<cxxopts::Value> value = std::visit(
        [&o](auto* target) -> std::shared_ptr<cxxopts::Value> {
          using T = std::remove_pointer_t<decltype(target)>;
          if constexpr (kNumber<T>) return cxxopts::value(o.text);
          else return cxxopts::value(*target);
        },
        o.target);
    if (o.default_value) value->default_value(*o.default_value);
    add(o.names, o.help, value);
  };
  for (Option& o : options_)
    if (!o.positional) add_option(o);
  add("h,help", "this help");
  for (Option& o : options_)
    if (o.positional) {
      add_option(o);
      positional.push_back(o.names);
    }
  if (!positional.empty()) spec.parse_positional(positional);

  const std::vector<std::string> args = detached(argc, argv);
  std::vector<const char*> arg_pointers;
  for (const std::string& a : args) arg_pointers.push_back(a.c_str());
  try {
    auto result = spec.parse(static_cast<int>(arg_pointers.size()), arg_pointers.data());
    if (result.count("help")) {
      std::cout << spec.help();
      exit_code = kExitOk;
      return false;
    }
    if (!result.unmatched().empty()) {
      exit_code = usage_error(command_, "unexpected argument '" + chars::excerpt(result.unmatched().front()) + "'");
      return false;
    }
    for (Option& o : options_) o.count = result.count(std::string(long_name(o.names)));
  } catch (const cxxopts::exceptions::exception& e) {
    exit_code = usage_error(command_, e.what());
    return false;
  }
  for (Option& o : options_) {
    if (o.count == 0) continue;
    std::string why;
    std::visit(
        [&](auto* target) {
          using T = std::remove_pointer_t<decltype(target)>;
          if constexpr (kNumber<T>) {
            const long double least = o.range ? o.range->first : static_cast<long double>(std::numeric_limits<T>::lowest());
            const long double most = o.range ? o.range->second : static_cast<long double>(std::numeric_limits<T>::max());
            if (read_number(o.text, *target, least, most)) return;
            why = "--" + std::string(long_name(o.names)) + ": '" + chars::excerpt(o.text) + "' is not a " +
                  (std::is_integral_v<T> ? "whole number" : "number");
            if (o.range || std::is_integral_v<T>) why += " from " + number_text(least) + " to " + number_text(most);
          }
        },
        o.target);
    if (!why.empty()) {
      exit_code = usage_error(command_, why);
      return false;
    }
  }
  return true;
}

std::size_t CommandLine::count(std::string_view name) const {
  for (const Option& o : options_)
    if (long_name(o.names) == name) return o.count;
  return 0;
}

}  // namespace beyt::cli
