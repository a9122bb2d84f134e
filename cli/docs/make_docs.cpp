// beyt_docs OUT_COMPLETION OUT_MAN : writes the bash completion
// script and the man page beyt(1) from the program itself, so that neither
// can drift from it: the subcommands from the command table (cli/common.cpp),
// each one's options and their help from its own `--help` (run in this
// process), the game names from the game table. Built and run at build time
// (cli/CMakeLists.txt); both files are installed by `cmake --install`.
//
// Values offered after an option: game names after --game; after an option
// whose help lists its values ("text, json, xml or jsonl", "lane or grid"),
// those; file names after -o/--output and the other options whose help
// speaks of a file; nothing after the other options that take a value.
#include <fstream>
#include <iostream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "../cli.hpp"
#include "beyt/game.hpp"
#include "beyt/notation/formats.hpp"
#include "beyt/version.hpp"

namespace {

struct Option {
  std::string short_name;  // "o" or empty
  std::string name;        // "output"
  bool takes_value = false;
  std::string help;
  std::vector<std::string> values;  // the values the help lists
  bool file = false;                // the value is a file name
};

struct Subcommand {
  std::string name, summary;
  std::string usage;                 // "beyt convert [OPTION...] IN..."
  std::vector<std::string> about;    // the description's lines
  std::vector<Option> options;
};

// The --help text of subcommand `c`, as it prints it.
std::string help_of(const beyt::cli::Command& c) {
  std::ostringstream captured;
  std::streambuf* saved = std::cout.rdbuf(captured.rdbuf());
  std::string name(c.name), flag = "--help";
  char* argv[] = {name.data(), flag.data(), nullptr};
  c.run(2, argv);
  std::cout.rdbuf(saved);
  return captured.str();
}

std::string trim(const std::string& s) {
  const auto a = s.find_first_not_of(' ');
  if (a == std::string::npos) return {};
  return s.substr(a, s.find_last_not_of(' ') - a + 1);
}

// The values an option's help lists: "text, json, xml or jsonl (default:
// ...)" gives text json xml jsonl; parenthesised remarks are left out first.
std::vector<std::string> listed_values(const std::string& help) {
  const std::string plain = std::regex_replace(help, std::regex("\\s*\\([^)]*\\)"), "");
  static const std::regex list("([a-z0-9][a-z0-9/.-]*)((?:, [a-z0-9][a-z0-9/.-]*)*) or ([a-z0-9][a-z0-9/.-]*|\\*)");
  std::smatch m;
  if (!std::regex_search(plain, m, list)) return {};
  std::vector<std::string> out{m[1].str()};
  std::istringstream middle(m[2].str());
  for (std::string v; std::getline(middle, v, ',');)
    if (!trim(v).empty()) out.push_back(trim(v));
  if (m[3] != "*") out.push_back(m[3].str());  // a '*' would be a glob in the script's word lists
  return out;
}

Subcommand parse(const beyt::cli::Command& c) {
  Subcommand s;
  s.name = std::string(c.name);
  s.summary = std::string(c.summary);
  std::istringstream in(help_of(c));
  bool in_options = false, at_usage = false;
  static const std::regex option_line("^ +(?:-(\\w), )?--([\\w-]+)( arg)? *(.*)$");
  for (std::string line; std::getline(in, line);) {
    if (line == "Usage:") {
      at_usage = true;
      continue;
    }
    if (at_usage) {
      s.usage = trim(line);
      at_usage = false;
      in_options = true;
      continue;
    }
    if (!in_options) {
      s.about.push_back(line);
      continue;
    }
    if (trim(line).empty()) continue;
    std::smatch m;
    if (trim(line)[0] == '-' && std::regex_match(line, m, option_line)) {
      Option o;
      o.short_name = m[1];
      o.name = m[2];
      o.takes_value = m[3].matched;
      o.help = trim(m[4]);
      s.options.push_back(o);
    } else if (!s.options.empty()) {
      s.options.back().help += " " + trim(line);
    }
  }
  for (auto& o : s.options) {
    if (!o.takes_value) continue;
    o.values = listed_values(o.help);
    o.file = o.name == "output" || o.help.find("file") != std::string::npos;
  }
  return s;
}

std::string join(const std::vector<std::string>& words) {
  std::string out;
  for (const auto& w : words) out += (out.empty() ? "" : " ") + w;
  return out;
}

std::string completion(const std::vector<Subcommand>& commands) {
  std::vector<std::string> games;
  for (const beyt::Game* g : beyt::game_table()) games.emplace_back(g->name());
  std::vector<std::string> names;
  for (const auto& c : commands) names.push_back(c.name);
  std::ostringstream out;
  out << "# bash completion for beyt(1): its subcommands, their options, and after an\n"
         "# option the values beyt knows (game names, formats, ...) or file names.\n"
         "# Generated from beyt's command table and --help texts by beyt_docs\n"
         "# (cli/docs/make_docs.cpp) at build time: do not edit.\n"
         "_beyt() {\n"
         "    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}\n"
         "    local IFS=$' \\t\\n'\n"
         "    if (( COMP_CWORD == 1 )); then\n"
         "        COMPREPLY=( $(compgen -W \""
      << join(names)
      << " help --help --version\" -- \"$cur\") )\n"
         "        return\n"
         "    fi\n"
         "    local options\n"
         "    case \"${COMP_WORDS[1]} $prev\" in\n";
  for (const auto& c : commands)
    for (const auto& o : c.options) {
      if (!o.takes_value) continue;
      std::string patterns = "\"" + c.name + " --" + o.name + "\"";
      if (!o.short_name.empty()) patterns += "|\"" + c.name + " -" + o.short_name + "\"";
      out << "        " << patterns << ")\n            ";
      if (o.name == "game")
        out << "COMPREPLY=( $(compgen -W \"" << join(games) << "\" -- \"$cur\") )";
      else if (!o.values.empty())
        out << "COMPREPLY=( $(compgen -W \"" << join(o.values) << "\" -- \"$cur\") )";
      else if (o.file)
        out << "COMPREPLY=( $(compgen -f -- \"$cur\") )";
      else
        out << "COMPREPLY=()";
      out << "\n            return ;;\n";
    }
  out << "    esac\n"
         "    case ${COMP_WORDS[1]} in\n";
  for (const auto& c : commands) {
    std::vector<std::string> flags;
    for (const auto& o : c.options) {
      flags.push_back("--" + o.name);
      if (!o.short_name.empty()) flags.push_back("-" + o.short_name);
    }
    out << "        " << c.name << ") options=\"" << join(flags) << "\" ;;\n";
  }
  out << "        *) options= ;;\n"
         "    esac\n"
         "    if [[ $cur == -* ]]; then\n"
         "        COMPREPLY=( $(compgen -W \"$options\" -- \"$cur\") )\n"
         "    else\n"
         "        COMPREPLY=( $(compgen -f -- \"$cur\") )\n"
         "    fi\n"
         "}\n"
         "complete -o filenames -F _beyt beyt\n";
  return out.str();
}

// Text for roff: backslashes escaped, non-ASCII as \[uXXXX], a line that
// would start with '.' or '\'' guarded.
std::string roff(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c == '\\') {
      out += "\\e";
    } else if (c == '-') {
      out += "\\-";
    } else if (c < 0x80) {
      out += static_cast<char>(c);
    } else {
      std::uint32_t cp = 0;
      std::size_t len = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
      cp = c & (0x3F >> (len - 1));
      for (std::size_t k = 1; k < len && i + 1 < text.size(); ++k) cp = (cp << 6) | (text[++i] & 0x3F);
      char buf[16];
      std::snprintf(buf, sizeof buf, "\\[u%04X]", cp);
      out += buf;
    }
  }
  if (!out.empty() && (out[0] == '.' || out[0] == '\'')) out.insert(0, "\\&");
  return out;
}

std::string man_page(const std::vector<Subcommand>& commands, std::string_view version) {
  std::ostringstream out;
  out << ".\\\" beyt(1), generated from beyt's command table and --help texts by beyt_docs\n"
         ".\\\" (cli/docs/make_docs.cpp) at build time: do not edit.\n"
         ".TH BEYT 1 \"\" \"beyt "
      << version
      << "\" \"User Commands\"\n"
         ".SH NAME\n"
         "beyt \\- records, rules and diagrams for "
      << roff(beyt::game_titles())
      << "\n"
         ".SH SYNOPSIS\n"
         ".B beyt\n"
         ".I COMMAND\n"
         "[\\fIOPTIONS\\fR] [\\fIFILE\\fR...]\n"
         ".br\n"
         ".B beyt\n"
         ".I COMMAND\n"
         ".B \\-\\-help\n"
         ".SH DESCRIPTION\n"
         "beyt reads and writes records of five traditional board games of Egypt and its\n"
         "neighbours in "
      << roff(beyt::notation::format_titles(" and "))
      << " (the text notation is PGN\\-shaped); replays them\n"
         "through rules engines that follow the published sources, reporting the first\n"
         "illegal move of each game with its place (file:line:column); converts, formats,\n"
         "selects, splits and counts collections of records; and draws positions as text\n"
         "diagrams or SVG plates.\n"
         ".SH COMMANDS\n";
  for (const auto& c : commands) {
    out << ".SS \"" << roff("beyt " + c.name) << "\"\n" << roff(c.summary) << ".\n.PP\n.B " << roff(c.usage) << "\n.PP\n";
    bool example = false;
    for (const auto& line : c.about) {
      const bool indented = line.rfind("  ", 0) == 0;
      if (indented && !example) out << ".RS\n.nf\n";
      if (!indented && example) out << ".fi\n.RE\n";
      example = indented;
      out << roff(indented ? line.substr(2) : line) << "\n";
    }
    if (example) out << ".fi\n.RE\n";
    for (const auto& o : c.options) {
      out << ".TP\n";
      if (!o.short_name.empty()) out << "\\fB\\-" << o.short_name << "\\fR, ";
      out << "\\fB\\-\\-" << roff(o.name) << "\\fR";
      if (o.takes_value) out << " \\fIVALUE\\fR";
      out << "\n" << roff(o.help) << "\n";
    }
  }
  out << ".SH GAMES\n";
  for (const beyt::Game* g : beyt::game_table())
    out << ".TP\n.B " << roff(std::string(g->name())) << "\n" << roff(std::string(g->title())) << ": "
        << roff(std::string(g->sources())) << "\n";
  out << ".PP\n"
         "\\fBbeyt games\\fR lists each game's rule presets and options with their sources.\n"
         ".SH FILES\n"
         "Record formats follow the file extension unless \\fB\\-\\-from\\fR or \\fB\\-\\-to\\fR say:\n";
  // The extensions and descriptions of the table of formats; any other name
  // is the format of format_of_path's fallback.
  for (const beyt::notation::FormatInfo& f : beyt::notation::formats()) {
    out << ".TP\n";
    for (std::size_t i = 0; i < f.extensions.size(); ++i)
      out << (i == 0 ? "" : ", ") << "\\fB" << roff(std::string(f.extensions[i])) << "\\fR";
    out << "\n" << roff(std::string(f.description)) << "\n";
  }
  const auto& other = beyt::notation::format_info(beyt::notation::format_of_path(""));
  out << ".TP\nanything else\n"
      << roff(std::string(other.description))
      << "\n"
         ".SH EXIT STATUS\n"
         ".TP\n.B 0\nsuccess\n"
         ".TP\n.B 1\ninvalid records, or work that failed (an input that cannot be read, an output that cannot be written)\n"
         ".TP\n.B 2\nusage error\n"
         ".SH SEE ALSO\n"
         "The notation's grammar (NOTATION.md), the table of diagnostic codes (ERRORS.md),\n"
         "the rules beyt implements (RULES.md), diagrams (DIAGRAMS.md) and collections\n"
         "(COLLECTIONS.md), in beyt's source and documentation.\n";
  return out.str();
}

bool write_file(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  out.close();
  if (!out) std::cerr << "beyt_docs: cannot write '" << path << "'\n";
  return static_cast<bool>(out);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: beyt_docs OUT_COMPLETION OUT_MAN\n";
    return 2;
  }
  std::vector<Subcommand> commands;
  for (const auto& c : beyt::cli::commands()) commands.push_back(parse(c));
  return write_file(argv[1], completion(commands)) && write_file(argv[2], man_page(commands, beyt::version())) ? 0 : 1;
}
