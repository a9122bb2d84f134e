// beyt render FILE [--ply N] [--game K] [--format unicode|ascii|svg] : the
// position after any turn as a text diagram or an SVG plate; with --every N
// or --plies A,B,C a figure sheet of several positions on one SVG page.
#include <algorithm>
#include <cxxopts.hpp>
#include <iostream>
#include <limits>

#include "beyt/diagram.hpp"
#include "beyt/notation/replay.hpp"
#include "cli.hpp"

namespace beyt::cli {
namespace {

struct RenderCliOptions {
  std::string input;
  std::string output = "-";
  std::string game = "1";  // index in the file, or (with --empty) a game name
  std::string rules;       // with --empty
  std::string from;        // forced input format
  std::string format;      // output: unicode, ascii or svg
  std::string style;       // the older name of --format for unicode/ascii
  std::int64_t ply = -1;   // -1: the end of the main line
  std::string plies;       // "0,12,30": a figure sheet
  std::int64_t every = 0;  // a figure sheet of every N-th turn
  bool empty = false;
  bool no_coordinates = false;
  bool bare = false;
  // SVG only
  double size = 40;
  double margin = 20;
  double width = 0;
  std::string font = "serif";
  double font_size = 0;
  bool mono = false;
  bool colour = false;
  bool flip = false;
  bool no_highlight = false;
  int columns = 0;
  std::string title, caption;
  std::vector<std::string> arrows, marks;
};

// Keeps the K-th game of a file and stops reading there.
class PickVisitor : public notation::GameVisitor {
 public:
  explicit PickVisitor(std::uint32_t wanted) : wanted_(wanted) {}
  bool game(notation::GameRecord&& record, std::uint32_t index) override {
    if (index != wanted_) return true;
    record_ = std::move(record);
    found_ = true;
    return false;
  }
  bool found() const { return found_; }
  const notation::GameRecord& record() const { return record_; }

 private:
  std::uint32_t wanted_;
  bool found_ = false;
  notation::GameRecord record_;
};

// What the SVG path needs besides the parsed options.
struct SvgJob {
  DrawOptions draw;
  PageOptions page;
  std::vector<Arrow> arrows;  // from the command line: on every board
  bool title_given = false, caption_given = false;
};

bool write_out(const std::string& path, const std::string& text) {
  Output out;
  std::string error;
  if (!out.open(path, error)) {
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

std::string tag(const notation::GameRecord& record, std::string_view name) {
  const auto* t = record.find_tag(name);
  if (!t || t->value == "?" || t->value == "-") return {};
  return t->value;
}

// "1835.??.??" -> "1835"; "????.??.??" -> "".
std::string date_text(std::string date) {
  while (date.size() >= 3 && date.compare(date.size() - 3, 3, ".??") == 0) date.resize(date.size() - 3);
  return date.find('?') == std::string::npos ? date : std::string();
}

std::string side_names(const notation::GameRecord& record) {
  const auto* south = record.find_tag("South");
  const auto* north = record.find_tag("North");
  return (south ? south->value : "?") + " - " + (north ? north->value : "?");
}

// Title from the tags: "Event, round R".
std::string title_from_tags(const notation::GameRecord& record, const Game& game) {
  std::string event = tag(record, "Event"), round = tag(record, "Round");
  if (event.empty()) return std::string(game.title());
  return round.empty() ? event : event + ", round " + round;
}

// Page caption from the tags: "South – North, Date".
std::string caption_from_tags(const notation::GameRecord& record) {
  std::string south = tag(record, "South"), north = tag(record, "North"), date = date_text(tag(record, "Date"));
  std::string s;
  if (!south.empty() || !north.empty())
    s = (south.empty() ? "?" : south) + " \u2013 " + (north.empty() ? "?" : north);
  if (!date.empty()) s += (s.empty() ? "" : ", ") + date;
  return s;
}

std::string figure_caption(std::uint32_t turns, const std::string& move) {
  return turns == 0 ? std::string("Initial position") : "After turn " + std::to_string(turns) + ": " + move;
}

int render_svg_page(const std::vector<Figure>& figures, const SvgJob& job, const std::string& output) {
  std::string svg, why;
  if (!svg_page(figures, job.draw, job.page, svg, why)) return usage_error("render", why);
  return write_out(output, svg) ? kExitOk : kExitInvalid;
}

int render_empty(const RenderCliOptions& o, RenderOptions render, const SvgJob* job) {
  const Game* game = find_game(o.game);
  if (!game) return usage_error("render", "--empty needs --game NAME (see beyt games), not '" + o.game + "'");
  RuleSet rules;
  if (Error e = game->parse_rules(o.rules, rules))
    return usage_error("render", "--rules: " + e.reason + " (at character " + std::to_string(e.offset + 1) + ")");
  std::unique_ptr<State> state;
  if (Error e = game->new_state(rules, "", state)) return usage_error("render", "--rules: " + e.reason);
  if (job) {
    SvgJob j = *job;
    j.draw.empty_board = true;
    if (!j.title_given && !o.bare) j.page.title = std::string(game->title());
    if (!j.caption_given && !o.bare) j.page.caption = "Rules: " + rules.canonical();
    Figure f;
    f.state = state.get();
    f.arrows = j.arrows;
    f.marks = o.marks;
    return render_svg_page({f}, j, o.output);
  }
  render.empty_board = true;
  render.show_to_move = false;
  std::string text;
  if (!o.bare) text = std::string(game->title()) + " (" + rules.canonical() + "), empty board\n\n";
  text += state->render(render);
  return write_out(o.output, text) ? kExitOk : kExitInvalid;
}

// The plies of a figure sheet, or the one ply to draw; empty on a usage error.
bool wanted_plies(const RenderCliOptions& o, std::uint32_t turns, std::vector<std::uint32_t>& out, std::string& why) {
  if (!o.plies.empty()) {
    std::size_t start = 0;
    while (start <= o.plies.size()) {
      auto comma = o.plies.find(',', start);
      std::string item = o.plies.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
      if (item.empty() || item.size() > 9 || item.find_first_not_of("0123456789") != std::string::npos) {
        why = "--plies takes turn numbers separated by commas, e.g. 0,12,30";
        return false;
      }
      std::uint32_t p = static_cast<std::uint32_t>(std::stoul(item));
      if (p > turns) {
        why = "game has only " + std::to_string(turns) + " turns (--plies " + item + ")";
        return false;
      }
      out.push_back(p);
      if (comma == std::string::npos) break;
      start = comma + 1;
    }
    return true;
  }
  if (o.every > 0) {
    for (std::uint64_t p = 0; p <= turns; p += static_cast<std::uint64_t>(o.every))
      out.push_back(static_cast<std::uint32_t>(p));
    if (out.back() != turns) out.push_back(turns);
    return true;
  }
  out.push_back(o.ply < 0 ? turns : static_cast<std::uint32_t>(o.ply));
  return true;
}

// The diagram commands in the comments of the move that led to `ply` (or the
// game's own comments at ply 0). Cells not on the board are reported and left out.
void comment_commands(const notation::GameRecord& record, std::uint32_t ply, const State& state,
                      const DrawOptions& draw, Figure& f) {
  std::vector<const std::string*> comments;
  if (ply == 0)
    for (const auto& c : record.comments) comments.push_back(&c);
  else {
    const auto& node = record.moves[ply - 1];
    for (const auto& c : node.before) comments.push_back(&c);
    for (const auto& c : node.after) comments.push_back(&c);
  }
  for (const auto* c : comments) {
    std::vector<Arrow> arrows;
    std::vector<std::string> marks;
    std::string why;
    if (!parse_diagram_commands(*c, arrows, marks, why)) {
      std::cerr << "beyt render: warning: turn " << ply << ": " << why << " (comment ignored)\n";
      continue;
    }
    svg::Point p;
    for (auto& a : arrows) {
      if (state.cell_centre(a.from, draw, p) && state.cell_centre(a.to, draw, p)) f.arrows.push_back(std::move(a));
      else std::cerr << "beyt render: warning: turn " << ply << ": [%arrow " << a.from << "-" << a.to
                     << "] is not on the board (ignored)\n";
    }
    for (auto& m : marks) {
      if (state.cell_centre(m, draw, p)) f.marks.push_back(std::move(m));
      else std::cerr << "beyt render: warning: turn " << ply << ": [%mark " << m << "] is not on the board (ignored)\n";
    }
  }
}

int render_svg_record(const RenderCliOptions& o, const notation::GameRecord& record, const std::string& file,
                      std::uint32_t index, const notation::Replay& whole, SvgJob job) {
  if (!whole.state->can_draw())
    return usage_error("render", "SVG diagrams of " + std::string(whole.game->title()) + " are not available yet");
  std::vector<std::uint32_t> plies;
  std::string why;
  if (!wanted_plies(o, whole.turns, plies, why)) return usage_error("render", why);
  if (!job.title_given) job.page.title = o.bare ? "" : title_from_tags(record, *whole.game);
  if (!job.caption_given) job.page.caption = o.bare ? "" : caption_from_tags(record);
  std::vector<notation::Replay> states(plies.size()), befores(plies.size());
  std::vector<Figure> figures(plies.size());
  notation::ReplayOptions ro;
  ro.variations = false;
  for (std::size_t i = 0; i < plies.size(); ++i) {
    ro.stop_after = plies[i];
    notation::replay(record, file, index, ro, states[i]);
    Figure& f = figures[i];
    f.state = states[i].state.get();
    if (!o.bare) f.caption = figure_caption(states[i].turns, states[i].last_move);
    if (!o.bare && states[i].turns == record.moves.size() && record.result != "*")
      f.caption += " (" + record.result + ")";  // the end of the game: its result
    if (plies[i] > 0 && !o.no_highlight) {
      ro.stop_after = plies[i] - 1;
      notation::replay(record, file, index, ro, befores[i]);
      if (befores[i].state) f.last_move = befores[i].state->move_cells(states[i].last_move);
    }
    comment_commands(record, plies[i], *f.state, job.draw, f);
    f.arrows.insert(f.arrows.end(), job.arrows.begin(), job.arrows.end());
    f.marks.insert(f.marks.end(), o.marks.begin(), o.marks.end());
  }
  return render_svg_page(figures, job, o.output);
}

}  // namespace

int run_render(int argc, char** argv) {
  RenderCliOptions o;
  cxxopts::Options spec("beyt render",
                        "Draws the position of game K of FILE after turn N (default: after the last\n"
                        "turn of the main line) as a diagram like Lane's lettered boards, with\n"
                        "coordinates on the margins and the side to move; --format svg draws a\n"
                        "plate for print (docs/DIAGRAMS.md), --every N or --plies A,B,C a sheet of\n"
                        "several positions.\n"
                        "  beyt render --empty --game seega --rules \"walker; size=7\"\n"
                        "draws the labelled empty board of a game.\n"
                        "  beyt render game.beyt --format svg --plies 0,12,30 -o figure.svg");
  spec.positional_help("FILE");
  spec.add_options()
      ("ply", "draw the position after this many turns (0: the start)", cxxopts::value(o.ply))
      ("game", "game number K in FILE (default 1); with --empty, the game's name", cxxopts::value(o.game))
      ("format", "output: unicode (box drawing, default), ascii or svg", cxxopts::value(o.format))
      ("style", "unicode or ascii (the older name of --format)", cxxopts::value(o.style))
      ("empty", "draw the empty board of --game under --rules", cxxopts::value(o.empty))
      ("rules", "rules for --empty, e.g. \"walker; size=7\"", cxxopts::value(o.rules))
      ("from", "input format: text, json or xml (default: from the extension, else the content)",
       cxxopts::value(o.from))
      ("no-coordinates", "no letters and numbers on the margins", cxxopts::value(o.no_coordinates))
      ("bare", "the diagram only, without title and captions", cxxopts::value(o.bare))
      ("o,output", "output file (default: - standard output)", cxxopts::value(o.output))
      ("every", "svg: a sheet of the positions after every N-th turn (and the last)", cxxopts::value(o.every))
      ("plies", "svg: a sheet of the positions after these turns, e.g. 0,12,30", cxxopts::value(o.plies))
      ("columns", "svg: boards per row of a sheet (default: up to 3)", cxxopts::value(o.columns))
      ("size", "svg: cell size in px (default 40)", cxxopts::value(o.size))
      ("margin", "svg: page margin in px (default 20)", cxxopts::value(o.margin))
      ("width", "svg: scale the whole page to this width in px", cxxopts::value(o.width))
      ("font", "svg: font family (default serif)", cxxopts::value(o.font))
      ("font-size", "svg: size of the letters in px (default 0.4 x cell)", cxxopts::value(o.font_size))
      ("mono", "svg: black and white only", cxxopts::value(o.mono))
      ("colour", "svg: with tints (the default)", cxxopts::value(o.colour))
      ("flip", "svg: seen from North (North's side at the bottom)", cxxopts::value(o.flip))
      ("no-highlight", "svg: do not outline the last move", cxxopts::value(o.no_highlight))
      ("title", "svg: title (default: Event and Round of the record)", cxxopts::value(o.title))
      ("caption", "svg: caption under the page (default: South - North, Date)", cxxopts::value(o.caption))
      ("arrow", "svg: arrows FROM-TO on every board, e.g. c2-c3,d4-d5", cxxopts::value(o.arrows))
      ("mark", "svg: marked cells on every board, e.g. c3,e5", cxxopts::value(o.marks))
      ("h,help", "this help")
      ("input", "record file", cxxopts::value(o.input));
  spec.parse_positional({"input"});
  int exit_code = kExitOk;
  auto parsed = parse_command_line(spec, argc, argv, "render", exit_code);
  if (!parsed) return exit_code;
  if (!o.style.empty() && o.style != "unicode" && o.style != "ascii")
    return usage_error("render", "--style must be unicode or ascii");
  if (!o.style.empty() && !o.format.empty() && o.style != o.format)
    return usage_error("render", "--style and --format disagree (--style is the older name of --format)");
  std::string format = !o.format.empty() ? o.format : !o.style.empty() ? o.style : "unicode";
  if (format != "unicode" && format != "ascii" && format != "svg")
    return usage_error("render", "--format must be unicode, ascii or svg (the input format is --from)");
  const bool svg = format == "svg";
  if (!svg) {
    for (const char* only : {"every", "plies", "columns", "size", "margin", "width", "font", "font-size", "mono", "colour",
                             "flip", "no-highlight", "title", "caption", "arrow", "mark"})
      if (parsed->count(only)) return usage_error("render", std::string("--") + only + " needs --format svg");
  }
  RenderOptions render;
  render.style = format == "ascii" ? DiagramStyle::ascii : DiagramStyle::unicode;
  render.coordinates = !o.no_coordinates;

  SvgJob job;
  if (svg) {
    if (o.mono && o.colour) return usage_error("render", "--mono or --colour, not both");
    if (!(o.size >= 8 && o.size <= 400)) return usage_error("render", "--size must be a cell size from 8 to 400 px");
    if (!(o.margin >= 0 && o.margin <= 1000)) return usage_error("render", "--margin must be 0 to 1000 px");
    if (!(o.width == 0 || (o.width >= 50 && o.width <= 20000)))
      return usage_error("render", "--width must be 50 to 20000 px");
    if (!(o.font_size >= 0 && o.font_size <= 200)) return usage_error("render", "--font-size must be 0 to 200 px");
    if (o.columns < 0 || o.columns > 100) return usage_error("render", "--columns must be 1 to 100");
    if (o.font.empty() || o.font.find_first_of("\"<>&") != std::string::npos)
      return usage_error("render", "--font needs a family name such as serif");
    if (o.every < 0) return usage_error("render", "--every must be 1 or more");
    if ((o.every > 0) + !o.plies.empty() + (o.ply >= 0) > 1)
      return usage_error("render", "--ply, --every and --plies exclude each other");
    job.draw.cell = o.size;
    job.draw.font = o.font;
    job.draw.font_size = o.font_size;
    job.draw.monochrome = o.mono;
    job.draw.flipped = o.flip;
    job.draw.coordinates = !o.no_coordinates;
    job.page.margin = o.margin;
    job.page.width = o.width;
    job.page.columns = o.columns;
    job.title_given = parsed->count("title") > 0;
    job.caption_given = parsed->count("caption") > 0;
    job.page.title = o.title;
    job.page.caption = o.caption;
    for (const auto& a : o.arrows) {
      Arrow arrow;
      if (!parse_arrow(a, arrow)) return usage_error("render", "--arrow needs FROM-TO, e.g. c2-c3, not '" + a + "'");
      job.arrows.push_back(arrow);
    }
  }
  if (o.empty) {
    if (!o.input.empty()) return usage_error("render", "--empty takes no FILE");
    return render_empty(o, render, svg ? &job : nullptr);
  }
  if (o.input.empty()) return usage_error("render", "no FILE given (or use --empty --game NAME)");
  if (!o.rules.empty()) return usage_error("render", "--rules goes with --empty; a record names its own rules");
  std::uint32_t wanted = 0;
  for (char c : o.game) {
    if (c < '0' || c > '9' || wanted > 100000000) return usage_error("render", "--game K must be a game number");
    wanted = wanted * 10 + static_cast<std::uint32_t>(c - '0');
  }
  if (wanted == 0) return usage_error("render", "--game K counts from 1");
  if (o.ply < -1) return usage_error("render", "--ply must be 0 or more");

  std::optional<notation::Format> from;
  if (!parse_format_option(o.from, from)) return usage_error("render", "--from must be text, json or xml");
  if (int rc = refuse_same_file("render", {o.input}, o.output)) return rc;
  Input input;
  std::string error;
  if (!input.open(o.input, error)) {
    print_file_error(err(), Code::io_error, o.input, error, false);
    return kExitInvalid;
  }
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
  if (o.ply > static_cast<std::int64_t>(record.moves.size()))
    return usage_error("render", "game " + std::to_string(wanted) + " has only " +
                                     std::to_string(record.moves.size()) + " turns");
  notation::ReplayOptions replay_options;
  replay_options.variations = false;
  replay_options.stop_after =
      o.ply < 0 || o.every > 0 || !o.plies.empty() ? std::numeric_limits<std::uint32_t>::max()
                                                   : static_cast<std::uint32_t>(o.ply);
  notation::Replay replay;
  d = notation::replay(record, input.name(), wanted, replay_options, replay);
  if (d) {
    // A wrong result does not stop the drawing (it is reported); an illegal
    // move, a bad tag or a bad set-up does.
    bool result_only = d.code >= Code::result_mismatch && d.code <= Code::barrier_count;
    print_diagnostic(std::cerr, d, &input, false);
    if (!result_only || !replay.state) return kExitInvalid;
  }
  if (svg) return render_svg_record(o, record, input.name(), wanted, replay, job);
  std::string text;
  if (!o.bare) {
    text = std::string(replay.game->title()) + ", game " + std::to_string(wanted) + " (" + side_names(record) + ")";
    if (replay.turns == 0) text += ", initial position";
    else text += ", after turn " + std::to_string(replay.turns) + ": " + replay.last_move;
    text += "\n\n";
  }
  text += replay.state->render(render);
  return write_out(o.output, text) ? kExitOk : kExitInvalid;
}

}  // namespace beyt::cli
