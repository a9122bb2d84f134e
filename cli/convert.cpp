// beyt convert IN [-o OUT] [--cells lane|grid] : text, JSON and XML records
// into each other; --cells rewrites Tâb cells (NOTATION.md section 6).
#include <cxxopts.hpp>
#include <iostream>
#include <optional>

#include "beyt/game.hpp"
#include "beyt/tab.hpp"
#include "cli.hpp"

namespace beyt::cli {
namespace {

struct ConvertOptions {
  std::string input;
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

// Hands each game to the writer, which is made at the first game: a
// conversion that fails before any game writes nothing at all, not even an
// empty document (with -o the output is discarded anyway; this is for
// standard output).
class WritingVisitor : public notation::GameVisitor {
 public:
  WritingVisitor(std::ostream& out, notation::Format format, std::string cells)
      : out_(out), format_(format), cells_(std::move(cells)) {}
  bool game(notation::GameRecord&& record, std::uint32_t index) override {
    if (!cells_.empty() && !rewrite_cells(record, cells_, error)) {
      error = "game " + std::to_string(index) + ": " + error;
      return false;
    }
    writer().game(record);
    return true;
  }
  /// Ends the document (an empty one when there were no games).
  void finish() { writer().finish(); }
  std::string error;

 private:
  notation::RecordWriter& writer() {
    if (!writer_) writer_.emplace(out_, format_);
    return *writer_;
  }
  std::ostream& out_;
  notation::Format format_;
  std::string cells_;
  std::optional<notation::RecordWriter> writer_;
};

}  // namespace

int run_convert(int argc, char** argv) {
  ConvertOptions o;
  cxxopts::Options spec("beyt convert",
                        "Converts the records of IN (- for standard input) to OUT, between the text\n"
                        "notation, JSON and XML, without loss: tags, comments, NAGs, variations and\n"
                        "results are kept; the output is in canonical form. The input format is\n"
                        "--from, else the extension (.beyt, .txt, .json, .xml), else the content:\n"
                        "the first non-blank character { is JSON, < XML, [ JSON unless a tag pair\n"
                        "[Name \"...\"] starts there, anything else text. The output format is --to,\n"
                        "else the extension of OUT, else text.\n"
                        "OUT is written only when all of IN was read: it is written to a temporary\n"
                        "file and renamed over OUT at the end, so an invalid input, an error or an\n"
                        "interrupt leaves OUT as it was. OUT may not be IN (any path or link).\n"
                        "Moves are not replayed: use beyt validate for that. --cells rewrites the\n"
                        "cells of Tâb records into Lane's letters (widths 7, 9, 11) or grid names\n"
                        "(a1..o4) and sets the Cells tag; records of other games are unchanged.");
  spec.positional_help("IN");
  spec.add_options()
      ("o,output", "output file (default: - standard output)", cxxopts::value(o.output))
      ("to", "output format: text, json or xml (default: from -o, else text)", cxxopts::value(o.to))
      ("from", "input format: text, json or xml (default: from the extension, else the content)",
       cxxopts::value(o.from))
      ("strict", "reject text input that lacks what the canonical form has", cxxopts::value(o.strict))
      ("cells", "Tâb cells in the output: lane or grid", cxxopts::value(o.cells))
      ("h,help", "this help")
      ("input", "input file", cxxopts::value(o.input));
  spec.parse_positional({"input"});
  int exit_code = kExitOk;
  auto parsed = parse_command_line(spec, argc, argv, "convert", exit_code);
  if (!parsed) return exit_code;
  if (o.input.empty()) return usage_error("convert", "no IN given");
  if (!o.cells.empty() && o.cells != "lane" && o.cells != "grid")
    return usage_error("convert", "--cells must be lane or grid");
  std::optional<notation::Format> from;
  notation::Format out_format;
  if (!parse_format_option(o.from, from)) return usage_error("convert", "--from must be text, json or xml");
  if (!choose_format(o.output == "-" ? std::string() : o.output, o.to, out_format))
    return usage_error("convert", "--to must be text, json or xml");
  if (int rc = refuse_same_file("convert", {o.input}, o.output)) return rc;

  Input input;
  if (!open_input(input, o.input)) return kExitInvalid;
  const notation::Format in_format = input.format(from);
  Output output;
  std::string error;
  if (!output.open(o.output, error)) {
    print_file_error(err(), Code::write_error, o.output, error, false);
    return kExitInvalid;
  }
  WritingVisitor visitor(output.stream(), out_format, o.cells);
  notation::ReadOptions read_options;
  read_options.strict = o.strict;
  notation::Diagnostic d = notation::read_games(input.stream(), input.name(), in_format, visitor, read_options);
  if (d || !visitor.error.empty()) {
    // OUT stays as it was (the output is discarded). On standard output the
    // games before the error are out; the document is left unclosed (the
    // writer's end goes nowhere), so that no reader takes it for whole.
    output.stream().setstate(std::ios::badbit);
    if (d) print_diagnostic(err(), d, &input, false);
    else err() << "beyt convert: --cells: " << visitor.error << "\n";
    return kExitInvalid;
  }
  visitor.finish();
  if (!output.close(error)) {
    print_file_error(err(), Code::write_error, o.output, error, false);
    return kExitInvalid;
  }
  return kExitOk;
}

}  // namespace beyt::cli
