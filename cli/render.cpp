// beyt render FILE [--ply N] [--game K] : the position after any turn as a diagram.
#include <cxxopts.hpp>
#include <iostream>
#include <limits>

#include "beyt/notation/replay.hpp"
#include "cli.hpp"

namespace beyt::cli {
namespace {

struct RenderCliOptions {
  std::string input;
  std::string game = "1";  // index in the file, or (with --empty) a game name
  std::string rules;       // with --empty
  std::string format;      // forced input format
  std::string style = "unicode";
  std::int64_t ply = -1;   // -1: the end of the main line
  bool empty = false;
  bool no_coordinates = false;
  bool bare = false;
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

int render_empty(const RenderCliOptions& o, RenderOptions render) {
  const Game* game = find_game(o.game);
  if (!game) return usage_error("render", "--empty needs --game NAME (see beyt games), not '" + o.game + "'");
  RuleSet rules;
  if (Error e = game->parse_rules(o.rules, rules))
    return usage_error("render", "--rules: " + e.reason + " (at character " + std::to_string(e.offset + 1) + ")");
  std::unique_ptr<State> state;
  if (Error e = game->new_state(rules, "", state)) return usage_error("render", "--rules: " + e.reason);
  render.empty_board = true;
  render.show_to_move = false;
  if (!o.bare) std::cout << game->title() << " (" << rules.canonical() << "), empty board\n\n";
  std::cout << state->render(render);
  return kExitOk;
}

std::string side_names(const notation::GameRecord& record) {
  const auto* south = record.find_tag("South");
  const auto* north = record.find_tag("North");
  return (south ? south->value : "?") + " - " + (north ? north->value : "?");
}

}  // namespace

int run_render(int argc, char** argv) {
  RenderCliOptions o;
  cxxopts::Options spec("beyt render",
                        "Draws the position of game K of FILE after turn N (default: after the last\n"
                        "turn of the main line) as a diagram like Lane's lettered boards, with\n"
                        "coordinates on the margins and the side to move.\n"
                        "  beyt render --empty --game seega --rules \"walker; size=7\"\n"
                        "draws the labelled empty board of a game.");
  spec.positional_help("FILE");
  spec.add_options()
      ("ply", "draw the position after this many turns (0: the start)", cxxopts::value(o.ply))
      ("game", "game number K in FILE (default 1); with --empty, the game's name", cxxopts::value(o.game))
      ("style", "unicode (box drawing, default) or ascii", cxxopts::value(o.style))
      ("empty", "draw the empty board of --game under --rules", cxxopts::value(o.empty))
      ("rules", "rules for --empty, e.g. \"walker; size=7\"", cxxopts::value(o.rules))
      ("format", "input format: text, json or xml (default: from the extension)", cxxopts::value(o.format))
      ("no-coordinates", "no letters and numbers on the margins", cxxopts::value(o.no_coordinates))
      ("bare", "the diagram only, without the title line", cxxopts::value(o.bare))
      ("h,help", "this help")
      ("input", "record file", cxxopts::value(o.input));
  spec.parse_positional({"input"});
  int exit_code = kExitOk;
  auto parsed = parse_command_line(spec, argc, argv, "render", exit_code);
  if (!parsed) return exit_code;
  RenderOptions render;
  if (o.style == "ascii") render.style = DiagramStyle::ascii;
  else if (o.style != "unicode") return usage_error("render", "--style must be unicode or ascii");
  render.coordinates = !o.no_coordinates;
  if (o.empty) {
    if (!o.input.empty()) return usage_error("render", "--empty takes no FILE");
    return render_empty(o, render);
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

  notation::Format format;
  if (!choose_format(o.input, o.format, format)) return usage_error("render", "--format must be text, json or xml");
  Input input;
  std::string error;
  if (!input.open(o.input, error)) {
    std::cerr << "beyt render: " << error << "\n";
    return kExitInvalid;
  }
  PickVisitor picker(wanted);
  notation::Diagnostic d = notation::read_games(input.stream(), input.name(), format, picker);
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
      o.ply < 0 ? std::numeric_limits<std::uint32_t>::max() : static_cast<std::uint32_t>(o.ply);
  notation::Replay replay;
  d = notation::replay(record, input.name(), wanted, replay_options, replay);
  if (d) {
    // A wrong result does not stop the drawing (it is reported); an illegal
    // move, a bad tag or a bad set-up does.
    bool result_only = d.code >= Code::result_mismatch && d.code <= Code::barrier_count;
    print_diagnostic(std::cerr, d, &input, false);
    if (!result_only || !replay.state) return kExitInvalid;
  }
  if (!o.bare) {
    std::cout << replay.game->title() << ", game " << wanted << " (" << side_names(record) << ")";
    if (replay.turns == 0) std::cout << ", initial position";
    else std::cout << ", after turn " << replay.turns << ": " << replay.last_move;
    std::cout << "\n\n";
  }
  std::cout << replay.state->render(render);
  return kExitOk;
}

}  // namespace beyt::cli
