// The `beyt` program: dispatches argv[1] to a subcommand (cli/cli.hpp).
#include <iostream>

#include "beyt/version.hpp"
#include "cli.hpp"

namespace {

void print_help(std::ostream& out) {
  out << "beyt - records, rules and diagrams for Tab, Dleb, Seega, Mankalah and Um el-Banat\n\n"
         "usage: beyt COMMAND [OPTIONS]   (beyt COMMAND --help for its options)\n\ncommands:\n";
  for (const auto& c : beyt::cli::commands()) {
    std::string name(c.name);
    name.resize(10, ' ');
    out << "  " << name << c.summary << "\n";
  }
}

}  // namespace

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  if (argc < 2) {
    print_help(std::cerr);
    return beyt::cli::kExitUsage;
  }
  std::string_view command = argv[1];
  if (command == "--help" || command == "-h" || command == "help") {
    print_help(std::cout);
    return beyt::cli::kExitOk;
  }
  if (command == "--version") {
    std::cout << "beyt " << beyt::version() << "\n";
    return beyt::cli::kExitOk;
  }
  for (const auto& c : beyt::cli::commands())
    if (c.name == command) return c.run(argc - 1, argv + 1);
  std::cerr << "beyt: unknown command '" << command << "'\n\n";
  print_help(std::cerr);
  return beyt::cli::kExitUsage;
}
