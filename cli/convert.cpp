// beyt convert IN... [-o OUT] [--cells lane|grid] : text, JSON, XML and JSON
// Lines records into each other, several inputs into one output; --cells
// rewrites Tâb cells (NOTATION.md section 6).
#include <cxxopts.hpp>
#include <iostream>

#include "beyt/game.hpp"
#include "beyt/tab.hpp"
#include "cli.hpp"
#include "collection.hpp"

namespace beyt::cli {
namespace {

struct ConvertOptions {
  std::vector<std::string> inputs;
  std::string output = "-";
  std::string from;  // forced input format
  std::string to;    // forced output format
  bool strict = false;
  std::string cells;  // "", "lane" or "grid"
};

// Rewrites every move of a line (variations included) into the cell style
// `grid` through the Tâb engine's parser and writer: nothing else changes.
bool rewrite_line(notation::Line& line, int width, bool grid, std::string& error) {
  std::string out;
  for (auto& node : line) {
    if (Error e = tab_rewrite_cells(node.move, width, grid, out)) {
      error = "move '" + node.move + "' (line " + std::to_string(node.loc.line) + "): " + e.reason;
      return false;
    }
    node.move = out;
    for (auto& variation : node.variations)
      if (!rewrite_line(variation, width, grid, error)) return false;
  }
  return true;
}

// --cells for one record: only Tâb records change (their width comes from the
// Rules tag); the Cells tag records the style written.
bool rewrite_cells(notation::GameRecord& record, const std::string& cells, std::string& error) {
  const auto* game = record.find_tag("Game");
  if (!game || game->value != "tab") return true;
  const auto* rules_tag = record.find_tag("Rules");
  RuleSet rules;
  TabOptions options;
  Error e = tab_game().parse_rules(rules_tag ? rules_tag->value : "", rules);
  if (!e) e = TabOptions::from_rules(rules, options);
  if (e) {
    error = "Rules: " + e.reason;
    return false;
  }
  bool grid = cells == "grid";
  if (!rewrite_line(record.moves, options.width, grid, error)) return false;
  record.set_tag("Cells", cells);
  return true;
}

class WritingVisitor : public GameSink {
 public:
  WritingVisitor(notation::RecordWriter& writer, std::string cells) : writer_(writer), cells_(std::move(cells)) {}
  bool game(notation::GameRecord&& record, Input& input, std::uint32_t index) override {
    if (!cells_.empty() && !rewrite_cells(record, cells_, error)) {
      error = input.name() + ", game " + std::to_string(index) + ": " + error;
      return false;
    }
    writer_.game(record);
    return true;
  }
  std::string error;

 private:
  notation::RecordWriter& writer_;
  std::string cells_;
};

}  // namespace

int run_convert(int argc, char** argv) {
  ConvertOptions o;
  cxxopts::Options spec("beyt convert",
                        "Converts the records of IN (- for standard input; several IN are written\n"
                        "one after the other into OUT) to OUT, between the text notation, JSON, XML\n"
                        "and JSON Lines (one game per line), without loss: tags, comments, NAGs,\n"
                        "variations and results are kept; the output is in canonical form. Formats\n"
                        "follow the file extensions (.json, .xml, .jsonl, anything else is text)\n"
                        "unless --from/--to say.\n"
                        "Moves are not replayed: use beyt validate for that. --cells rewrites the\n"
                        "cells of Tâb records into Lane's letters (widths 7, 9, 11) or grid names\n"
                        "(a1..o4) and sets the Cells tag; records of other games are unchanged.");
  spec.positional_help("IN...");
  spec.add_options()
      ("o,output", "output file (default: - standard output)", cxxopts::value(o.output))
      ("to", "output format: text, json, xml or jsonl (default: from -o, else text)", cxxopts::value(o.to))
      ("from", "input format: text, json, xml or jsonl (default: from the extension)", cxxopts::value(o.from))
      ("strict", "reject text input that lacks what the canonical form has", cxxopts::value(o.strict))
      ("cells", "Tâb cells in the output: lane or grid", cxxopts::value(o.cells))
      ("h,help", "this help")
      ("inputs", "input files", cxxopts::value(o.inputs));
  spec.parse_positional({"inputs"});
  int exit_code = kExitOk;
  auto parsed = parse_command_line(spec, argc, argv, "convert", exit_code);
  if (!parsed) return exit_code;
  if (o.inputs.empty()) return usage_error("convert", "no IN given");
  if (!o.cells.empty() && o.cells != "lane" && o.cells != "grid")
    return usage_error("convert", "--cells must be lane or grid");
  notation::Format in_format, out_format;
  if (!choose_format(o.inputs.front(), o.from, in_format))
    return usage_error("convert", "--from must be text, json, xml or jsonl");
  if (!choose_format(o.output == "-" ? std::string() : o.output, o.to, out_format))
    return usage_error("convert", "--to must be text, json, xml or jsonl");

  if (!inputs_exist("convert", o.inputs)) return kExitInvalid;
  Output output;
  std::string error;
  if (!output.open(o.output, error)) {
    std::cerr << "beyt convert: " << error << "\n";
    return kExitInvalid;
  }
  notation::RecordWriter writer(output.stream(), out_format);
  WritingVisitor visitor(writer, o.cells);
  notation::ReadOptions read_options;
  read_options.strict = o.strict;
  ReadSummary read = read_inputs("convert", o.inputs, o.from, visitor, read_options);
  writer.finish();
  if (!output.close(error)) {
    std::cerr << "beyt convert: " << error << "\n";
    return kExitInvalid;
  }
  if (read.failed || read.unreadable > 0) return kExitInvalid;
  if (!visitor.error.empty()) {
    std::cerr << "beyt convert: --cells: " << visitor.error << "\n";
    return kExitInvalid;
  }
  return kExitOk;
}

}  // namespace beyt::cli
