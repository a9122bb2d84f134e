// The positions of a record as diagrams (beyt/notation/figures.hpp).
#include "beyt/notation/figures.hpp"

#include <algorithm>
#include <charconv>

#include "beyt/notation/replay.hpp"

namespace beyt::notation {
namespace {

std::string tag(const GameRecord& record, std::string_view name) {
  const auto* t = record.find_tag(name);
  if (!t || t->value == "?" || t->value == "-") return {};
  return t->value;
}

// "1835.??.??" -> "1835"; "????.??.??" -> "".
std::string date_text(std::string date) {
  while (date.size() >= 3 && date.compare(date.size() - 3, 3, ".??") == 0) date.resize(date.size() - 3);
  return date.find('?') == std::string::npos ? date : std::string();
}

// The error of a variation's move, placed as the validator places it.
Diagnostic move_error(const std::string& file, std::uint32_t index, const Node& node, const Error& e,
                      std::uint32_t turn, const State& state) {
  Diagnostic d;
  d.code = e.code;
  d.reason = e.reason;
  d.file = file;
  d.loc = node.loc;
  d.loc.column = column_at(node.move, d.loc.column, e.offset);
  d.game = index;
  d.turn = turn;
  if (state.to_move() != Actor::none) d.player = state.player_label();
  return d;
}

// The diagram commands of `comments`, checked against the board.
void add_commands(const std::vector<std::string>& comments, std::uint32_t turn, const State& state,
                  const DrawOptions& draw, Figure& f, std::vector<std::string>& warnings) {
  const std::string where = "turn " + std::to_string(turn) + ": ";
  for (const auto& c : comments) {
    std::vector<Arrow> arrows;
    std::vector<std::string> marks;
    std::string why;
    if (!parse_diagram_commands(c, arrows, marks, why)) {
      warnings.push_back(where + why + " (comment ignored)");
      continue;
    }
    svg::Point p;
    const BoardDrawing* board = state.drawing();  // none: no cell is on a board
    auto on_board = [&](const std::string& cell) { return board && board->cell_centre(cell, draw, p); };
    for (auto& a : arrows) {
      if (on_board(a.from) && on_board(a.to)) f.arrows.push_back(std::move(a));
      else warnings.push_back(where + "[%arrow " + a.from + "-" + a.to + "] is not on the board (ignored)");
    }
    for (auto& m : marks) {
      if (on_board(m)) f.marks.push_back(std::move(m));
      else warnings.push_back(where + "[%mark " + m + "] is not on the board (ignored)");
    }
  }
}

}  // namespace

std::string NodePath::text() const {
  std::string out;
  for (std::size_t i = 0; i < steps.size(); ++i) {
    if (i) out += '.';
    out += std::to_string(steps[i]);
  }
  return out;
}

bool NodePath::parse(std::string_view text, NodePath& out) {
  out.steps.clear();
  std::size_t start = 0;
  while (true) {
    auto dot = text.find('.', start);
    std::string_view item = text.substr(start, dot == std::string_view::npos ? text.npos : dot - start);
    std::uint32_t v = 0;
    if (item.empty() || item.size() > 9 || item.find_first_not_of("0123456789") != std::string_view::npos) return false;
    std::from_chars(item.data(), item.data() + item.size(), v);
    out.steps.push_back(v);
    if (dot == std::string_view::npos) break;
    start = dot + 1;
  }
  if (out.steps.size() % 2 == 0) return false;
  for (std::size_t i = 1; i < out.steps.size(); ++i)
    if (out.steps[i] == 0) return false;  // variations count from 1; a variation's turns from its first
  return true;
}

bool locate(const GameRecord& record, const NodePath& path, const Node*& node, std::string& why) {
  node = nullptr;
  if (path.steps.empty() || path.steps.size() % 2 == 0) {
    why = "not a position: write a turn (12) or a turn of a variation (12.1.14)";
    return false;
  }
  const Line* line = &record.moves;
  std::uint32_t base = 1;  // turn number of line[0]
  std::string name = "game";
  for (std::size_t i = 0; i < path.steps.size(); i += 2) {
    const std::uint32_t turn = path.steps[i];
    const std::uint32_t last = base + static_cast<std::uint32_t>(line->size()) - 1;
    if (i == 0 && turn > last) {
      why = "game has only " + std::to_string(line->size()) + " turns";
      return false;
    }
    if (i > 0 && (turn < base || turn > last)) {
      why = name + " has turns " + std::to_string(base) + " to " + std::to_string(last) + ", not " +
            std::to_string(turn);
      return false;
    }
    if (i + 1 == path.steps.size()) {
      node = turn == 0 ? nullptr : &(*line)[turn - base];
      return true;
    }
    if (turn == 0) {
      why = "turn 0 has no variations";
      return false;
    }
    const Node& n = (*line)[turn - base];
    const std::uint32_t v = path.steps[i + 1];
    if (v == 0 || v > n.variations.size()) {
      why = "turn " + std::to_string(turn) + " has " +
            (n.variations.empty() ? std::string("no variation") : std::to_string(n.variations.size()) +
                                                                        (n.variations.size() == 1 ? " variation" : " variations")) +
            (v == 0 ? std::string() : ", not " + std::to_string(v));
      return false;
    }
    if (n.variations[v - 1].empty()) {
      why = "variation " + std::to_string(v) + " of turn " + std::to_string(turn) + " is empty";
      return false;
    }
    line = &n.variations[v - 1];
    name = "variation " + std::to_string(v) + " of turn " + std::to_string(turn);
    base = turn;
  }
  return false;  // not reached: the path has odd length
}

namespace {

// move_before's walk over `moves` (turn numbers from `base`), the steps to
// it in `steps`; the last move found so far and its steps in `found`, `best`.
void walk_before(const Line& moves, std::uint32_t base, std::uint32_t line, std::uint32_t column,
                 std::vector<std::uint32_t>& steps, const Node*& found, std::vector<std::uint32_t>& best) {
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const Node& n = moves[i];
    if (n.loc.line > 0 && (n.loc.line > line || (n.loc.line == line && n.loc.column > column))) return;  // the text goes on after the place
    steps.push_back(base + static_cast<std::uint32_t>(i));
    if (n.loc.line > 0) {
      found = &n;
      best = steps;
    }
    for (std::size_t v = 0; v < n.variations.size(); ++v) {
      steps.push_back(static_cast<std::uint32_t>(v + 1));
      walk_before(n.variations[v], steps[steps.size() - 2], line, column, steps, found, best);
      steps.pop_back();
    }
    steps.pop_back();
  }
}

}  // namespace

const Node* move_before(const GameRecord& record, std::uint32_t line, std::uint32_t column, NodePath& path) {
  const Node* found = nullptr;
  std::vector<std::uint32_t> steps, best{0};
  walk_before(record.moves, 1, line, column, steps, found, best);
  path.steps = std::move(best);
  return found;
}

Diagnostic replay_to(const GameRecord& record, const std::string& file, std::uint32_t index, const NodePath& path,
                     NodePosition& out, ReplayCheckpoints* checkpoints) {
  out = NodePosition{};
  out.path = path;
  const std::uint32_t first = path.steps.at(0);
  // The main line up to the turn the path leaves it at (or its last turn).
  ReplayOptions options;
  options.variations = false;
  options.stop_after = first == 0 ? 0 : first - 1;
  options.checkpoints = checkpoints;
  Replay main;
  Diagnostic d = replay(record, file, index, options, main);
  out.state = std::move(main.state);
  if (d) return misnumbered_turn(record, d);  // (an illegal move of the main line, as validate reports it)
  const Line* line = &record.moves;
  std::uint32_t base = 1;
  std::uint32_t turn = first;
  for (std::size_t i = 0;; i += 2) {
    turn = path.steps[i];
    const bool final = i + 1 == path.steps.size();
    // Play this line's turns from the current one up to `turn` (the last
    // segment) or up to the turn its variation replaces.
    std::uint32_t from = i == 0 ? (first == 0 ? 1 : first) : base;
    std::uint32_t to = final ? turn : turn - 1;
    for (std::uint32_t t = from; t <= to; ++t) {
      const Node& node = (*line)[t - base];
      if (final && t == to) out.before = out.state->clone();
      if (Error e = out.state->play_turn(node.move)) {
        out.before.reset();
        const Diagnostic bad = move_error(file, index, node, e, t, *out.state);
        return i == 0 ? misnumbered_turn(record, bad) : bad;  // the main line's, as validate reports it
      }
      out.node = &node;
    }
    if (final) break;
    line = &(*line)[turn - base].variations[path.steps[i + 1] - 1];
    base = turn;
  }
  out.turn = turn;
  if (turn == 0) out.node = nullptr;
  out.end_of_game = path.main_line() && turn == record.moves.size();
  return {};
}

Diagnostic replay_to_all(const GameRecord& record, const std::string& file, std::uint32_t index,
                         const std::vector<NodePath>& paths, std::vector<NodePosition>& out) {
  out.clear();
  out.resize(paths.size());
  // The main line's positions in turn order, from one replay.
  std::vector<std::size_t> order;
  for (std::size_t i = 0; i < paths.size(); ++i)
    if (paths[i].main_line()) order.push_back(i);
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return paths[a].steps[0] < paths[b].steps[0]; });
  if (!order.empty()) {
    NodePosition start;
    if (Diagnostic d = replay_to(record, file, index, NodePath{{0}}, start)) {
      out[order.front()] = std::move(start);
      return d;
    }
    std::unique_ptr<State> state = std::move(start.state), before;
    std::uint32_t turn = 0;
    for (std::size_t i : order) {
      const std::uint32_t want = paths[i].steps[0];
      for (; turn < want; ++turn) {
        const Node& node = record.moves[turn];
        before = state->clone();
        if (Error e = state->play_turn(node.move)) {
          out[i].state = std::move(before);
          return misnumbered_turn(record, move_error(file, index, node, e, turn + 1, *out[i].state));
        }
      }
      NodePosition& pos = out[i];
      pos.path = paths[i];
      pos.turn = want;
      pos.state = state->clone();
      pos.before = want > 0 ? before->clone() : nullptr;
      pos.node = want > 0 ? &record.moves[want - 1] : nullptr;
      pos.end_of_game = want == record.moves.size();
    }
  }
  for (std::size_t i = 0; i < paths.size(); ++i)
    if (!paths[i].main_line())
      if (Diagnostic d = replay_to(record, file, index, paths[i], out[i])) return d;
  return {};
}

std::string node_caption(const GameRecord& record, const NodePosition& pos) {
  if (!pos.node || pos.turn == 0) return figure_caption(0, {});
  std::string description = pos.before ? pos.before->describe_played_turn(pos.node->move) : std::string();
  std::string result = pos.end_of_game && record.result != "*" ? record.result : std::string();
  return figure_caption(pos.turn, pos.node->move, description, result);
}

Figure node_figure(const GameRecord& record, const NodePosition& pos, const DrawOptions& draw,
                   const FigureOptions& options, std::vector<std::string>& warnings) {
  Figure f;
  f.state = pos.state.get();
  if (options.captions) f.caption = node_caption(record, pos);
  if (options.highlight && pos.before && pos.node)
    if (const BoardDrawing* board = pos.before->drawing()) f.last_move = board->move_cells(pos.node->move);
  if (pos.node) {
    add_commands(pos.node->before, pos.turn, *pos.state, draw, f, warnings);
    add_commands(pos.node->after, pos.turn, *pos.state, draw, f, warnings);
  } else {
    add_commands(record.comments, 0, *pos.state, draw, f, warnings);
  }
  f.arrows.insert(f.arrows.end(), options.arrows.begin(), options.arrows.end());
  f.marks.insert(f.marks.end(), options.marks.begin(), options.marks.end());
  return f;
}

std::string record_title(const GameRecord& record, const Game& game) {
  std::string event = tag(record, "Event"), round = tag(record, "Round");
  if (event.empty()) return std::string(game.title());
  return round.empty() ? event : event + ", round " + round;
}

std::string record_caption(const GameRecord& record) {
  std::string south = tag(record, "South"), north = tag(record, "North"), date = date_text(tag(record, "Date"));
  std::string s;
  if (!south.empty() || !north.empty()) s = (south.empty() ? "?" : south) + " \u2013 " + (north.empty() ? "?" : north);
  if (!date.empty()) s += (s.empty() ? "" : ", ") + date;
  return s;
}

bool position_svg(const GameRecord& record, const NodePosition& pos, const DrawOptions& draw,
                  const FigureOptions& options, const PageOptions& page, std::string& out, std::string& why,
                  std::vector<std::string>& warnings) {
  return svg_page({node_figure(record, pos, draw, options, warnings)}, draw, page, out, why);
}

bool positions_svg(const GameRecord& record, const std::vector<NodePosition>& positions, const DrawOptions& draw,
                   const FigureOptions& options, const PageOptions& page, std::string& out, std::string& why,
                   std::vector<std::string>& warnings) {
  std::vector<Figure> figures;
  figures.reserve(positions.size());
  for (const auto& pos : positions) figures.push_back(node_figure(record, pos, draw, options, warnings));
  return svg_page(figures, draw, page, out, why);
}

}  // namespace beyt::notation
