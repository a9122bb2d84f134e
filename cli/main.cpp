// The `beyt` program: dispatches argv[1] to a subcommand (cli/cli.hpp).
#include <iostream>
#include <new>

#include "beyt/game.hpp"
#include "beyt/version.hpp"
#include "cli.hpp"

namespace {

void print_help(std::ostream& out) {
  out << "beyt - records, rules and diagrams for " << beyt::game_titles()
      << "\n\n"
         "usage: beyt COMMAND [OPTIONS]   (beyt COMMAND --help for its options)\n\ncommands:\n";
  for (const auto& c : beyt::cli::commands()) {
    std::string name(c.name);
    name.resize(10, ' ');
    out << "  " << name << c.summary << "\n";
  }
}

}  // namespace

// Runs subcommand `c`: std::bad_alloc anywhere in it is E505 and exit 1
// (its outputs discarded as they unwind), never an abort.
int run_command(const beyt::cli::Command& c, int argc, char** argv) {
  try {
    return c.run(argc, argv);
  } catch (const std::bad_alloc&) {
    return beyt::cli::out_of_memory(c.name);
  }
}

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  if (argc < 2) {
    print_help(std::cerr);
    return beyt::cli::kExitUsage;
  }
  beyt::cli::StandardOutput standard_output;  // a failed write to it is E503, exit 1
  std::string_view command = argv[1];
  if (command == "--help" || command == "-h" || command == "help") {
    print_help(std::cout);
    return standard_output.finish("--help", beyt::cli::kExitOk);
  }
  if (command == "--version") {
    std::cout << "beyt " << beyt::version() << "\n";
    return standard_output.finish("--version", beyt::cli::kExitOk);
  }
  for (const auto& c : beyt::cli::commands())
    if (c.name == command) return standard_output.finish(c.name, run_command(c, argc - 1, argv + 1));
  for (const auto& c : beyt::cli::old_commands())
    if (c.name == command) return standard_output.finish(c.name, run_command(c, argc - 1, argv + 1));
  std::cerr << "beyt: unknown command '" << command << "'\n\n";
  print_help(std::cerr);
  return beyt::cli::kExitUsage;
}
