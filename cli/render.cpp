// beyt render FILE [--ply P] [--record K] [--format unicode|ascii|svg|tikz|html|position]:
// the position after any turn (of the main line or of a variation) as a text
// diagram, an SVG plate (or the same plate as a TikZ picture) or its position
// text; with --every N or --plies
// A,B,C several positions (an SVG figure sheet, text diagrams one after
// another, position lines); --format html the game viewer of the whole file.
#include <algorithm>
#include <iostream>
#include <limits>
#include <sstream>

#include "beyt/chars.hpp"
#include "beyt/diagram.hpp"
#include "beyt/notation/figures.hpp"
#include "beyt/notation/replay.hpp"
#include "beyt/notation/viewer.hpp"
#include "cli.hpp"
#include "command_line.hpp"
#include "names.hpp"

namespace beyt::cli {
namespace {

struct RenderCliOptions {
  std::string input;
  std::string output = "-";
  std::string game;        // with --empty, a game name (a number: the older spelling of --record)
  std::string record;      // K: the K-th record of FILE
  std::string rules;       // with --empty
  std::string from;        // forced input format
  std::string format;      // output: unicode, ascii, svg, tikz, html or position
  std::string to;          // the same as --format (its name in the other subcommands)
  std::string style;       // the older name of --format for unicode/ascii
  std::string ply;         // a position: "12", "12.1.14"; empty: the end of the main line
  std::string plies;       // "0,12,30": several positions
  std::int64_t every = 0;  // every N-th turn of the main line
  bool empty = false;
  bool no_coordinates = false;
  bool bare = false;
  // SVG and HTML only
  double size = 40;
  double margin = 20;
  double width = 0;
  std::string font = "serif";
  double font_size = 0;
  bool mono = false;
  bool colour = false;
  bool flip = false;
  bool no_highlight = false;
  bool force = false;
  bool to_move = false;
  bool legend = false;
  int columns = 0;
  std::int64_t max_positions = 20000;  // html
  std::string title, caption;
  std::vector<std::string> arrows, marks;
};

// What the SVG and HTML outputs need besides the parsed options.
struct SvgJob {
  DrawOptions draw;
  PageOptions page;
  notation::FigureOptions figures;
  bool title_given = false, caption_given = false;
};

bool write_out(const RenderCliOptions& o, const std::string& text) {
  const std::string& path = o.output;
  Output out;
  std::string error;
  if (!out.open(path, error, output_options(o.force))) {
    print_file_error(err(), Code::write_error, path, error, false);
    return false;
  }
  out.stream() << text;
  if (!out.close(error)) {
    print_file_error(err(), Code::write_error, path, error, false);
    return false;
  }
  return true;
}

void print_warnings(const std::vector<std::string>& warnings) {
  for (const auto& w : warnings) std::cerr << "beyt render: warning: " << w << "\n";
}

std::string side_names(const notation::GameRecord& record) {
  const auto* south = record.find_tag("South");
  const auto* north = record.find_tag("North");
  return (south ? south->value : "?") + " - " + (north ? north->value : "?");
}

int render_empty(const RenderCliOptions& o, RenderOptions render, const std::string& format, const SvgJob& job) {
  if (o.game.empty()) return usage_error("render", "--empty needs --game NAME (see beyt games)");
  std::string error;
  const Game* game = match_game(o.game, error);
  if (!game) return usage_error("render", error);
  RuleSet rules;
  if (Error e = game->parse_rules(o.rules, rules))
    return usage_error("render", "--rules: " + e.reason + " (at character " + std::to_string(e.offset + 1) + ")");
  std::unique_ptr<State> state;
  if (Error e = game->new_state(rules, "", state)) return usage_error("render", "--rules: " + e.reason);
  if (format == "position") return write_out(o, state->position_text() + "\n") ? kExitOk : kExitInvalid;
  if (format == "svg" || format == "tikz") {
    SvgJob j = job;
    j.draw.empty_board = true;
    if (!j.title_given && !o.bare) j.page.title = std::string(game->title());
    if (!j.caption_given && !o.bare) j.page.caption = "Rules: " + rules.canonical();
    Figure f;
    f.state = state.get();
    f.arrows = j.figures.arrows;
    f.marks = j.figures.marks;
    std::string svg, why;
    if (!svg_page({f}, j.draw, j.page, svg, why)) return usage_error("render", why);
    return write_out(o, svg) ? kExitOk : kExitInvalid;
  }
  render.empty_board = true;
  render.show_to_move = false;
  if (!state->drawing())
    return usage_error("render", "diagrams of " + std::string(game->title()) + " are not available yet");
  std::string text;
  if (!o.bare) text = std::string(game->title()) + " (" + rules.canonical() + "), empty board\n\n";
  text += state->drawing()->render(render);
  return write_out(o, text) ? kExitOk : kExitInvalid;
}

// The positions to draw: --plies (paths), --every N (the main line), --ply
// (one path) or the end of the main line. False with `why` on a usage error.
bool wanted_paths(const RenderCliOptions& o, const notation::GameRecord& record, std::uint32_t index,
                  std::vector<notation::NodePath>& out, std::string& why) {
  const auto turns = static_cast<std::uint32_t>(record.moves.size());
  auto add = [&](const std::string& text, const std::string& option) {
    notation::NodePath p;
    if (!notation::NodePath::parse(text, p)) {
      why = option + " takes a turn (12) or a turn of a variation (12.1.14), not '" + chars::excerpt(text) + "'";
      return false;
    }
    const notation::Node* node = nullptr;
    if (!notation::locate(record, p, node, why)) {
      const std::string game = "game " + std::to_string(index);
      why = (why.rfind("game ", 0) == 0 ? game + why.substr(4) : game + ": " + why) + " (" + option + " " + text + ")";
      return false;
    }
    out.push_back(std::move(p));
    return true;
  };
  if (!o.plies.empty()) {
    std::size_t start = 0;
    while (true) {
      auto comma = o.plies.find(',', start);
      if (!add(o.plies.substr(start, comma == std::string::npos ? std::string::npos : comma - start), "--plies"))
        return false;
      if (comma == std::string::npos) return true;
      start = comma + 1;
    }
  }
  if (o.every > 0) {
    for (std::uint64_t p = 0; p <= turns; p += static_cast<std::uint64_t>(o.every))
      out.push_back({{static_cast<std::uint32_t>(p)}});
    if (out.back().steps[0] != turns) out.push_back({{turns}});
    return true;
  }
  if (o.ply.empty()) {
    out.push_back({{turns}});
    return true;
  }
  return add(o.ply, "--ply");
}

// The viewer of record `only` of the input (0: of every record). The
// records are read (and checked) first: an input that cannot be read, or
// whose page would hold more than --max-positions boards, writes nothing;
// then the page is written board by board.
int render_html(const RenderCliOptions& o, std::uint32_t only, std::optional<notation::Format> from,
                const SvgJob& job) {
  Input input;
  if (!open_input(input, o.input)) return kExitInvalid;
  const notation::Format in_format = input.format(from);
  notation::ViewerOptions vo;
  vo.draw = job.draw;
  vo.figures = job.figures;
  vo.page = job.page;
  vo.title_from_tags = !job.title_given;
  vo.caption_from_tags = !job.caption_given;
  vo.file = input.name();
  struct Game {
    notation::GameRecord record;
    std::uint32_t index;
    notation::Diagnostic problem;
  };
  struct Visitor : notation::GameVisitor {
    Input& input;
    std::uint32_t only;  // 0: every game
    std::uint64_t max, positions = 0;
    std::vector<Game> games;
    bool invalid = false;
    std::string refused;
    Visitor(Input& in, std::uint32_t k, std::uint64_t m) : input(in), only(k), max(m) {}
    bool game(notation::GameRecord&& record, std::uint32_t index) override {
      if (only && index != only) return true;
      const std::uint64_t n = notation::viewer_positions(record);
      positions += n;
      if (positions > max) {
        refused = input.name() + ": the viewer page would hold more than " + std::to_string(max) +
                  " positions (game " + std::to_string(index) + " alone has " + std::to_string(n) +
                  "; a page weighs a few KB a position): view one game with --record K, raise --max-positions, or "
                  "draw the positions you need with --format svg --ply or --every";
        return false;
      }
      // The validator's first error, variations and result included.
      notation::Replay whole;
      notation::Diagnostic problem = notation::replay(record, input.name(), index, notation::ReplayOptions{}, whole);
      if (problem) {
        print_diagnostic(std::cerr, problem, &input, false);
        // A wrong result is shown, as render draws it; an illegal move or a
        // bad tag makes the file invalid.
        if (!(problem.code >= Code::result_mismatch && problem.code <= Code::barrier_count)) invalid = true;
      }
      games.push_back({std::move(record), index, std::move(problem)});
      return only == 0 || index < only;
    }
  } visitor(input, only, static_cast<std::uint64_t>(o.max_positions));
  notation::Diagnostic d = notation::read_games(input.stream(), input.name(), in_format, visitor);
  if (!visitor.refused.empty()) return usage_error("render", visitor.refused);
  if (d && !(visitor.only && !visitor.games.empty())) {
    print_diagnostic(std::cerr, d, &input, false);
    return kExitInvalid;
  }
  if (visitor.only && visitor.games.empty())
    return usage_error("render", o.input + " has no game " + std::to_string(only));
  Output out;
  std::string error;
  if (!out.open(o.output, error, output_options(o.force))) {
    print_file_error(err(), Code::write_error, o.output, error, false);
    return kExitInvalid;
  }
  notation::ViewerWriter page(out.stream(), vo);
  for (auto& g : visitor.games) {
    std::vector<std::string> warnings;
    std::string why;
    if (!page.add(g.record, g.index, g.problem, warnings, why)) {
      out.discard();
      return usage_error("render", why);
    }
    print_warnings(warnings);
    g.record = {};  // drawn: its memory goes back
  }
  page.finish();
  if (!out.close(error)) {
    print_file_error(err(), Code::write_error, o.output, error, false);
    return kExitInvalid;
  }
  return visitor.invalid ? kExitInvalid : kExitOk;
}

// beyt render's command line: its help and options, into `o`.
void declare_options(CommandLine& line, RenderCliOptions& o) {
  line.option("ply", "the position after this turn (0: the start; 12.1.14: in a variation)", o.ply)
      .option("record", "record K of FILE (default 1; html: every game)", o.record)
      .option("game", "with --empty: the game's name (--game K, a number, is the older spelling of --record K)", o.game)
      .option("format", "output: unicode (box drawing, default), ascii, svg, tikz, html or position", o.format)
      .option("to", "the same as --format (the output format's name in the other subcommands)", o.to)
      .option("style", "unicode or ascii (the older name of --format)", o.style)
      .option("empty", "draw the empty board of --game under --rules", o.empty)
      .option("rules", "rules for --empty, e.g. \"walker; size=7\"", o.rules)
      .option("from", "input format: " + notation::format_list() + " (default: from the extension, else the content)", o.from)
      .option("no-coordinates", "no letters and numbers on the margins", o.no_coordinates)
      .option("bare", "the diagram only, without title and captions", o.bare)
      .option("o,output", "output file (default: - standard output)", o.output)
      .option("force", "replace the output file even if it is write-protected (as cp -f)", o.force)
      .option("every", "the positions after every N-th turn (and the last)", o.every)
      .range(1, 4294967295.0L)
      .option("plies", "the positions after these turns, e.g. 0,12,30 or 12.1.14", o.plies)
      .option("columns", "svg, tikz: boards per row of a sheet (default: as many as fit 160 mm legibly)", o.columns)
      .range(1, 100)
      .option("size", "svg, html: cell size in px (default 40)", o.size)
      .range(kMinCell, kMaxCell)
      .option("margin", "svg, html: page margin in px (default 20)", o.margin)
      .range(0, 1000)
      .option("width", "svg, html: scale the whole page to this width in px (50 to 20000)", o.width)
      .range(50, 20000)
      .option("font", "svg, html: font family (default serif)", o.font)
      .option("font-size", "svg, html: size of the letters in px (default 0.4 x cell)", o.font_size)
      .range(0, kMaxFontSize)
      .option("mono", "svg, html: black and white only", o.mono)
      .option("colour", "svg, html: with tints (the default)", o.colour)
      .option("flip", "svg, html: seen from North (North's side at the bottom)", o.flip)
      .option("no-highlight", "svg, html: do not outline the last move", o.no_highlight)
      .option("to-move", "svg, html: a line under each board: who moves next", o.to_move)
      .option("legend", "svg, html: a legend of the marks under the boards", o.legend)
      .option("max-positions", "html: refuse a page of more than N positions (default 20000)", o.max_positions)
      .range(1, static_cast<long double>(std::numeric_limits<std::int64_t>::max()))
      .option("title", "svg, html: title (default: Event and Round of the record)", o.title)
      .option("caption", "svg, html: caption under the page (default: South - North, Date)", o.caption)
      .option("arrow", "svg, html: arrows FROM-TO on every board, e.g. c2-c3,d4-d5", o.arrows)
      .option("mark", "svg, html: marked cells on every board, e.g. c3,e5", o.marks)
      .positional("input", "record file", o.input, "FILE");
}

// The options taken together: the older spellings folded in, the output
// format into `format`, the options that go with another format refused.
// False with `why` on a usage error.
bool check_options(RenderCliOptions& o, const CommandLine& line, std::string& format, std::string& why) {
  if (!fold_alias("to", o.to, "format", o.format, why)) return false;
  const bool number = !o.game.empty() && o.game.find_first_not_of("0123456789") == std::string::npos;
  if (number) {  // the older spelling of --record K
    if (!fold_alias("game", o.game, "record", o.record, why)) return false;
    o.game.clear();
  }
  if (!o.game.empty() && !o.empty) {
    why = "--game NAME goes with --empty (a record names its own game); --record K picks the K-th record of FILE";
    return false;
  }
  if (o.record.empty()) o.record = "1";
  // Names in any case, an unknown one with the nearest (names::match, as for --to of convert).
  static constexpr std::string_view kStyles[] = {"unicode", "ascii"};
  static constexpr std::string_view kFormats[] = {"unicode", "ascii", "svg", "tikz", "html", "position"};
  std::string style;
  if (!o.style.empty() && !match_option("style", "style", o.style, kStyles, style, why)) return false;
  const char* given = line.count("to") ? "to" : "format";  // the name the user typed, in the message
  if (!o.format.empty() && !match_option(given, "format", o.format, kFormats, format, why)) {
    why += "; the input format is --from";
    return false;
  }
  if (!style.empty() && !format.empty() && style != format) {
    why = "--style and --format disagree (--style is the older name of --format)";
    return false;
  }
  if (format.empty()) format = !style.empty() ? style : "unicode";
  const bool svg = format == "svg" || format == "tikz", html = format == "html";
  if (!svg && !html) {
    for (const char* only : {"columns", "size", "margin", "width", "font", "font-size", "mono", "colour", "flip",
                             "no-highlight", "title", "caption", "arrow", "mark", "to-move", "legend"})
      if (line.count(only)) {
        why = std::string("--") + only + " needs --format svg, tikz or html";
        return false;
      }
  }
  if (!html && line.count("max-positions")) {
    why = "--max-positions goes with --format html";
    return false;
  }
  if (html) {
    for (const char* sheet : {"ply", "every", "plies", "columns"})
      if (line.count(sheet)) {
        why = std::string("--") + sheet +
              " does not go with --format html: the page holds every position (its fragment #ply=N opens one)";
        return false;
      }
  }
  if ((o.every > 0) + !o.plies.empty() + !o.ply.empty() > 1) {
    why = "--ply, --every and --plies exclude each other";
    return false;
  }
  return true;
}

// The SVG, TikZ and HTML options into `job`. False with `why` on a usage error.
bool make_svg_job(const RenderCliOptions& o, const CommandLine& line, bool tikz, SvgJob& job, std::string& why) {
  if (o.mono && o.colour) {
    why = "--mono or --colour, not both";
    return false;
  }
  // the numbers' ranges are the command line's (range() in declare_options)
  if (o.font.empty() || o.font.find_first_of("\"<>&") != std::string::npos) {
    why = "--font needs a family name such as serif";
    return false;
  }
  job.draw.cell = o.size;
  job.draw.font = o.font;
  job.draw.font_size = o.font_size;
  job.draw.monochrome = o.mono;
  job.draw.flipped = o.flip;
  job.draw.coordinates = !o.no_coordinates;
  job.page.margin = o.margin;
  job.page.width = o.width;
  job.page.columns = o.columns;
  job.page.to_move = o.to_move;
  job.page.legend = o.legend;
  if (tikz) job.page.backend = svg::Backend::tikz;
  job.title_given = line.count("title") > 0;
  job.caption_given = line.count("caption") > 0;
  job.page.title = o.title;
  job.page.caption = o.caption;
  job.figures.captions = !o.bare;
  job.figures.highlight = !o.no_highlight;
  job.figures.marks = o.marks;
  for (const auto& a : o.arrows) {
    Arrow arrow;
    if (!parse_arrow(a, arrow)) {
      why = "--arrow needs FROM-TO, e.g. c2-c3, not '" + chars::excerpt(a) + "'";
      return false;
    }
    job.figures.arrows.push_back(arrow);
  }
  return true;
}

// --record K as a number from 1. False with `why` on a usage error.
bool record_number(const std::string& record, std::uint32_t& wanted, std::string& why) {
  wanted = 0;
  for (char c : record) {
    if (c < '0' || c > '9' || wanted > 100000000) {
      why = "--record K must be a record number";
      return false;
    }
    wanted = wanted * 10 + static_cast<std::uint32_t>(c - '0');
  }
  if (wanted == 0) {
    why = "--record K counts from 1";
    return false;
  }
  return true;
}

// --format svg or tikz: one plate, or a sheet of several positions.
int write_svg(const RenderCliOptions& o, const notation::GameRecord& record, const Game& game,
              const std::vector<notation::NodePosition>& positions, SvgJob& job) {
  if (!job.title_given) job.page.title = o.bare ? "" : notation::record_title(record, game);
  if (!job.caption_given) job.page.caption = o.bare ? "" : notation::record_caption(record);
  std::vector<std::string> warnings;
  std::string page, why;
  const bool ok = notation::positions_svg(record, positions, job.draw, job.figures, job.page, page, why, warnings);
  print_warnings(warnings);
  if (!ok) return usage_error("render", why);
  return write_out(o, page) ? kExitOk : kExitInvalid;
}

// Text diagrams, one after another, each under its caption.
int write_text(const RenderCliOptions& o, const notation::GameRecord& record, const Game& game, std::uint32_t wanted,
               const std::vector<notation::NodePosition>& positions, const RenderOptions& render) {
  std::string text;
  const std::string header =
      std::string(game.title()) + ", game " + std::to_string(wanted) + " (" + side_names(record) + ")";
  if (positions.size() == 1 && !o.bare) {
    std::string caption = notation::node_caption(record, positions[0]);
    caption[0] = static_cast<char>(caption[0] - 'A' + 'a');  // "After ..." / "Initial ..." after a comma
    text = header + ", " + caption + "\n\n";
  } else if (!o.bare) {
    text = header + "\n\n";
  }
  for (std::size_t i = 0; i < positions.size(); ++i) {
    if (positions.size() > 1) {
      if (i) text += "\n";
      if (!o.bare) text += notation::node_caption(record, positions[i]) + "\n";
    }
    text += positions[i].state->drawing()->render(render);
  }
  return write_out(o, text) ? kExitOk : kExitInvalid;
}

// Record `wanted` of the input: read, replayed to the positions asked for
// (wanted_paths), and drawn in `format` (unicode, ascii, svg, tikz or position).
int render_record(const RenderCliOptions& o, const RenderOptions& render, const std::string& format, SvgJob& job,
                  std::uint32_t wanted, std::optional<notation::Format> from) {
  const bool svg = format == "svg" || format == "tikz";
  Input input;
  if (!open_input(input, o.input)) return kExitInvalid;
  const notation::Format in_format = input.format(from);
  PickVisitor picker(wanted);
  notation::Diagnostic d = notation::read_games(input.stream(), input.name(), in_format, picker);
  if (!picker.found()) {
    if (d) {
      print_diagnostic(std::cerr, d, &input, false);
      return kExitInvalid;
    }
    return usage_error("render", o.input + " has no game " + std::to_string(wanted));
  }
  const auto& record = picker.record();
  std::vector<notation::NodePath> paths;
  std::string why;
  if (!wanted_paths(o, record, wanted, paths, why)) return usage_error("render", why);

  // The main line as far as it is drawn: an illegal move or a bad tag stops
  // the drawing; a wrong result is reported and the positions drawn.
  notation::ReplayOptions replay_options;
  replay_options.variations = false;
  replay_options.stop_after = 0;
  for (const auto& p : paths) replay_options.stop_after = std::max(replay_options.stop_after, p.steps[0]);
  if (o.ply.empty() && o.plies.empty()) replay_options.stop_after = std::numeric_limits<std::uint32_t>::max();
  notation::Replay replay;
  d = notation::replay(record, input.name(), wanted, replay_options, replay);
  if (d) {
    bool result_only = d.code >= Code::result_mismatch && d.code <= Code::barrier_count;
    print_diagnostic(std::cerr, d, &input, false);
    if (!result_only || !replay.state) return kExitInvalid;
  }
  if (format != "position" && !replay.state->drawing())
    return usage_error("render", std::string(svg ? "SVG diagrams" : "diagrams") + " of " +
                                     std::string(replay.game->title()) + " are not available yet");

  std::vector<notation::NodePosition> positions;
  d = notation::replay_to_all(record, input.name(), wanted, paths, positions);
  if (d) {  // a variation's illegal move (the main line was checked above)
    print_diagnostic(std::cerr, d, &input, false);
    return kExitInvalid;
  }

  if (format == "position") {
    std::string text;
    for (const auto& pos : positions)
      text += (paths.size() > 1 || o.every > 0 || !o.plies.empty() ? pos.path.text() + "\t" : std::string()) +
              pos.state->position_text() + "\n";
    return write_out(o, text) ? kExitOk : kExitInvalid;
  }
  if (svg) return write_svg(o, record, *replay.game, positions, job);
  return write_text(o, record, *replay.game, wanted, positions, render);
}

}  // namespace

int run_render(int argc, char** argv) {
  RenderCliOptions o;
  CommandLine line("render",
                   "Draws the position of record K of FILE after turn N (default: after the last\n"
                   "turn of the main line; 12.1.14: turn 14 of the first variation of turn 12)\n"
                   "as a diagram like Lane's lettered boards, with the side to move;\n"
                   "--format svg draws a plate for print (docs/DIAGRAMS.md), --format tikz\n"
                   "the same plate as a TikZ picture for LaTeX, --every N or --plies A,B,C\n"
                   "several positions (a figure sheet, or text diagrams one after another); --format position prints the position text a SetUp tag\n"
                   "takes (with --every/--plies one line per position: TURN, a tab, the text);\n"
                   "--format html writes the game viewer: one self-contained page that plays\n"
                   "every game of FILE through in a browser.\n"
                   "  beyt render --empty --game seega --rules \"walker; size=7\"\n"
                   "draws the labelled empty board of a game.\n"
                   "  beyt render game.beyt --format svg --plies 0,12,30 -o figure.svg\n"
                   "  beyt render game.beyt --format html -o game.html");
  declare_options(line, o);
  int exit_code = kExitOk;
  if (!line.parse(argc, argv, exit_code)) return exit_code;
  std::string format, why;
  if (!check_options(o, line, format, why)) return usage_error("render", why);
  const bool tikz = format == "tikz", svg = format == "svg" || tikz, html = format == "html";
  RenderOptions render;
  render.style = format == "ascii" ? DiagramStyle::ascii : DiagramStyle::unicode;
  render.coordinates = !o.no_coordinates;
  SvgJob job;
  if ((svg || html) && !make_svg_job(o, line, tikz, job, why)) return usage_error("render", why);
  if (o.empty) {
    if (!o.input.empty()) return usage_error("render", "--empty takes no FILE");
    if (html) return usage_error("render", "--empty draws one board: use --format svg, unicode, ascii or position");
    return render_empty(o, render, format, job);
  }
  if (o.input.empty()) return usage_error("render", "no FILE given (or use --empty --game NAME)");
  if (!o.rules.empty()) return usage_error("render", "--rules goes with --empty; a record names its own rules");
  std::uint32_t wanted = 0;
  if (!record_number(o.record, wanted, why)) return usage_error("render", why);
  std::optional<notation::Format> from;
  if (!parse_format_option(o.from, from)) return usage_error("render", format_error("from", o.from));
  if (int rc = refuse_same_file("render", {o.input}, o.output)) return rc;
  if (html) return render_html(o, line.count("record") || line.count("game") ? wanted : 0, from, job);
  return render_record(o, render, format, job, wanted, from);
}

}  // namespace beyt::cli
