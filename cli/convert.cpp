// beyt convert IN... [-o OUT] [--cells lane|grid] : text, JSON, XML and JSON
// Lines records into each other, several inputs into one output; --cells
// rewrites Tâb cells (NOTATION.md section 6).
#include <algorithm>
#include <iostream>
#include <optional>

#include "beyt/chars.hpp"
#include "beyt/game.hpp"
#include "beyt/notation/formats.hpp"
#include "beyt/notation/replay.hpp"
#include "cli.hpp"
#include "collection.hpp"
#include "command_line.hpp"
#include "names.hpp"

namespace beyt::cli {
namespace {

struct ConvertOptions {
  std::vector<std::string> inputs;
  std::string output = "-";
  std::string from;  // forced input format
  std::string to;    // forced output format
  std::string format;  // the same as --to
  bool strict = false;
  std::string cells;  // "", "lane" or "grid"
};

// Rewrites every move of a line (variations included) with `rewrite`, the
// game's cell rewriting (GameFacts::rewrite_cells): nothing else changes.
template <class Rewrite>
bool rewrite_line(notation::Line& line, const Rewrite& rewrite, std::string& error) {
  std::string out;
  for (auto& node : line) {
    if (Error e = rewrite(node.move, out)) {
      error = "move '" + chars::excerpt(node.move) + "' (line " + std::to_string(node.loc.line) + "): " + e.reason;
      return false;
    }
    node.move = out;
    for (auto& variation : node.variations)
      if (!rewrite_line(variation, rewrite, error)) return false;
  }
  return true;
}

// --cells for one record: only the records of a game that writes its cells
// in that style change (GameFacts::cell_styles: Tâb's, their width from the
// Rules tag); the Cells tag records the style written.
bool rewrite_cells(notation::GameRecord& record, const std::string& cells, std::string& error) {
  const auto* game_tag = record.find_tag("Game");
  const Game* game = game_tag ? find_game(game_tag->value) : nullptr;
  if (!game) return true;
  const GameFacts& facts = game_facts(*game);
  if (!facts.rewrite_cells || std::find(facts.cell_styles.begin(), facts.cell_styles.end(), cells) == facts.cell_styles.end())
    return true;
  const auto* rules_tag = record.find_tag("Rules");
  RuleSet rules;
  if (Error e = game->parse_rules(rules_tag ? rules_tag->value : "", rules)) {
    error = "Rules: " + e.reason;
    return false;
  }
  if (!rewrite_line(record.moves, [&](std::string_view move, std::string& out) {
        return facts.rewrite_cells(rules, cells, move, out);
      }, error))
    return false;
  record.set_tag("Cells", cells);
  return true;
}

// The cell styles of the games of the table (GameFacts::cell_styles), as
// --cells offers them: `styles`, `choices` ("lane or grid") and `titles`
// (of the games that have them: "Tâb").
struct CellStyles {
  std::vector<std::string_view> styles;
  std::string choices, titles;
};

CellStyles cell_styles() {
  CellStyles out;
  for (const Game* g : game_table()) {
    const GameFacts& facts = game_facts(*g);
    if (facts.cell_styles.empty()) continue;
    out.titles += (out.titles.empty() ? "" : ", ") + std::string(g->title());
    for (auto style : facts.cell_styles)
      if (std::find(out.styles.begin(), out.styles.end(), style) == out.styles.end()) out.styles.push_back(style);
  }
  for (std::size_t i = 0; i < out.styles.size(); ++i)
    out.choices.append(i == 0 ? "" : i + 1 == out.styles.size() ? " or " : ", ").append(out.styles[i]);
  return out;
}

class WritingVisitor : public PrintingSink {
 public:
  WritingVisitor(RecordOutput& output, std::string cells) : output_(output), cells_(std::move(cells)) {}
  bool game(notation::GameRecord&& record, Input& input, std::uint32_t index) override {
    notation::spell_game_and_rules(record);  // [Game "Seega"] is written [Game "seega"] (canonical form)
    if (!cells_.empty() && !rewrite_cells(record, cells_, error)) {
      error = input.name() + ", game " + std::to_string(index) + ": " + error;
      return false;
    }
    output_.writer().game(record);
    return true;
  }
  std::string error;

 private:
  RecordOutput& output_;
  std::string cells_;
};

}  // namespace

int run_convert(int argc, char** argv) {
  ConvertOptions o;
  CommonOptions common;
  const CellStyles styles = cell_styles();
  // The formats' titles and extensions from the table of formats (notation::formats()).
  CommandLine line("convert",
                   "Converts the records of IN (- for standard input; several IN are written\n"
                   "one after the other into OUT) to OUT, between " + notation::format_titles(" and ") + ",\n"
                   "without loss: tags, comments, NAGs, variations and results are kept; the\n"
                   "output is in canonical form. The input format is --from, else the extension\n"
                   "(" + notation::format_extensions() + "), else the content: the first non-blank\n"
                   "character { is JSON (JSON Lines when it opens a game object), < XML, [ JSON\n"
                   "unless a tag pair [Name \"...\"] starts there, anything else text. The output\n"
                   "format is --to, else the extension of OUT, else text.\n"
                   "OUT is written only when all of IN was read: it is written to a temporary\n"
                   "file and renamed over OUT at the end, so an invalid input, an error or an\n"
                   "interrupt leaves OUT as it was. OUT may not be any IN (any path or link).\n"
                   "Moves are not replayed: use beyt validate for that. --cells rewrites the\n"
                   "cells of Tâb records into Lane's letters (widths 7, 9, 11) or grid names\n"
                   "(a1..o4) and sets the Cells tag; records of other games are unchanged.");
  line.option("o,output", "output file (default: - standard output)", o.output)
      .option("to", "output format: " + notation::format_list() + " (default: from -o, else text)", o.to)
      .option("format", "the same as --to", o.format)
      .option("force", "replace OUT even if it is write-protected (as cp -f)", common.force)
      .option("from", "input format: " + notation::format_list() + " (default: from the extension, else the content)",
              o.from)
      .option("strict", "reject text input that lacks what the canonical form has", o.strict)
      .option("cells", styles.titles + " cells in the output: " + styles.choices, o.cells)
      .positional("inputs", "input files", o.inputs, "IN...");
  int exit_code = kExitOk;
  if (!line.parse(argc, argv, exit_code)) return exit_code;
  if (o.inputs.empty()) return usage_error("convert", "no IN given");
  std::string error;
  if (!o.cells.empty() && !match_option("cells", "cell style", o.cells, styles.styles, o.cells, error))
    return usage_error("convert", error);
  common.files = o.inputs;
  common.output = o.output;
  notation::Format out_format;
  if (!fold_alias("format", o.format, "to", o.to, error)) return usage_error("convert", error);
  if (!parse_format_option(o.from, common.from_format)) return usage_error("convert", format_error("from", o.from));
  if (!choose_format(o.output == "-" ? std::string() : o.output, o.to, out_format))
    return usage_error("convert", format_error("to", o.to));
  common.out_format = out_format;

  RecordOutput output;
  if (int rc = output.open("convert", common)) return rc;
  WritingVisitor visitor(output, o.cells);
  notation::ReadInputsOptions read = read_options(common);
  read.strict = o.strict;
  ReadSummary summary = notation::read_inputs(o.inputs, read, visitor);
  if (!visitor.error.empty()) {
    summary.failed = true;
    err() << "beyt convert: --cells: " << visitor.error << "\n";
  }
  return output.finish("convert", summary) ? kExitOk : kExitInvalid;
}

}  // namespace beyt::cli
