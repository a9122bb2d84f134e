// The studio page's module (docs/STUDIO.md): a thin binding over the
// library, compiled to WebAssembly by emscripten. Every function takes the
// editor's text (and the name of the file it came from, whose extension
// decides the format as on the command line; else the content does) and
// answers in JSON, which studio.js reads. Validation, drawing, the legal
// moves, canonical formatting, conversion and the entry of moves are the
// library's: nothing of a game's rules is here or in the page's script.
#include <emscripten/bind.h>

#include <algorithm>
#include <cctype>
#include <nlohmann/json.hpp>
#include <span>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "beyt/diagram.hpp"
#include "beyt/game.hpp"
#include "beyt/notation/canonical.hpp"
#include "beyt/notation/edit.hpp"
#include "beyt/notation/figures.hpp"
#include "beyt/notation/formats.hpp"
#include "beyt/notation/game_info.hpp"
#include "beyt/notation/generate.hpp"
#include "beyt/notation/incremental.hpp"
#include "beyt/notation/replay.hpp"
#include "beyt/notation/text.hpp"
#include "beyt/notation/validate.hpp"
#include "beyt/notation/viewer.hpp"

namespace beyt::studio {
namespace {

using nlohmann::ordered_json;
using notation::Diagnostic;
using notation::Format;
using notation::GameRecord;

std::string dump(const ordered_json& j) { return j.dump(-1, ' ', false, ordered_json::error_handler_t::replace); }

// The input's format: the file name's extension when it names one, else
// the content (as `beyt validate` decides it for a file and for stdin).
Format format_of(const std::string& text, const std::string& file) {
  return notation::format_of_input(file, std::string_view(text).substr(0, 4096));
}

ordered_json diagnostic_json(const Diagnostic& d) { return ordered_json::parse(notation::format_json(d)); }

// Every game of the text that its reader could read, with its index; the
// errors that spoilt games, and the one that stopped the reading.
struct Games : notation::GameVisitor {
  std::vector<GameRecord> records;
  std::vector<std::uint32_t> indexes;
  std::vector<Diagnostic> errors;
  std::vector<Diagnostic> warnings;  // the reader's (W101 a byte-order mark, W103 an XML comment dropped, ...)
  bool game(GameRecord&& record, std::uint32_t index) override {
    records.push_back(std::move(record));
    indexes.push_back(index);
    return true;
  }
  bool error(const Diagnostic& d) override {
    errors.push_back(d);
    return true;
  }
  void warning(const Diagnostic& d) override { warnings.push_back(d); }
  // The reader's warnings, for the answers that write the games anew (format,
  // convert): what they drop is said, as `beyt format` and `convert` say it.
  ordered_json warnings_json() const {
    ordered_json out = ordered_json::array();
    for (const auto& w : warnings) out.push_back(diagnostic_json(w));
    return out;
  }
  const GameRecord* find(std::uint32_t index) const {
    for (std::size_t i = 0; i < records.size(); ++i)
      if (indexes[i] == index) return &records[i];
    return nullptr;
  }
};

Diagnostic read_all(const std::string& text, const std::string& file, Games& out) {
  std::istringstream in(text);
  return notation::read_games(in, file, format_of(text, file), out);
}

ordered_json error_json(std::string message) { return {{"error", std::move(message)}}; }

// The moves of a line with their positions' paths (the outline the editor
// maps its cursor through).
void outline_line(const notation::Line& line, std::vector<std::uint32_t> prefix, std::uint32_t base,
                  ordered_json& out) {
  for (std::size_t i = 0; i < line.size(); ++i) {
    const notation::Node& n = line[i];
    const auto turn = static_cast<std::uint32_t>(base + i);
    std::vector<std::uint32_t> steps = prefix;
    steps.push_back(turn);
    notation::NodePath path{steps};
    out.push_back({{"path", path.text()}, {"move", n.move}, {"line", n.loc.line}, {"column", n.loc.column}});
    for (std::size_t v = 0; v < n.variations.size(); ++v) {
      std::vector<std::uint32_t> inner = steps;
      inner.push_back(static_cast<std::uint32_t>(v + 1));
      outline_line(n.variations[v], inner, turn, out);
    }
  }
}

// One game of the outline: its index, place, tags, result and (`moves`)
// every move with its path and place.
ordered_json game_json(const GameRecord& r, std::uint32_t index, bool moves = true) {
  ordered_json g;
  g["index"] = index;
  g["line"] = r.loc.line;
  g["column"] = r.loc.column;
  g["tags"] = ordered_json::array();
  for (const auto& t : r.tags) g["tags"].push_back({t.name, t.value});
  g["result"] = r.result;
  if (!moves) return g;
  g["moves"] = ordered_json::array();
  outline_line(r.moves, {}, 1, g["moves"]);
  return g;
}

// One move of the outline as JSON: {path, move, line, column}.
void move_json_text(const std::vector<std::uint32_t>& steps, const notation::Node& n, std::string& out) {
  out += "{\"path\":\"";
  for (std::size_t k = 0; k < steps.size(); ++k) out.append(k ? "." : "").append(std::to_string(steps[k]));
  out += "\",\"move\":";
  const bool plain = std::all_of(n.move.begin(), n.move.end(), [](char c) {
    return static_cast<unsigned char>(c) >= 0x20 && static_cast<unsigned char>(c) < 0x80 && c != '"' && c != '\\';
  });
  if (plain) out.append("\"").append(n.move).append("\"");
  else out += dump(ordered_json(n.move));
  out.append(",\"line\":").append(std::to_string(n.loc.line)).append(",\"column\":").append(std::to_string(n.loc.column)) += '}';
}

// outline_line's moves written as the JSON array dump() writes (for the
// game stepped through: thousands of moves, without a JSON object made for
// each).
void outline_text(const notation::Line& line, std::vector<std::uint32_t>& steps, std::uint32_t base, std::string& out) {
  for (std::size_t i = 0; i < line.size(); ++i) {
    const notation::Node& n = line[i];
    steps.push_back(static_cast<std::uint32_t>(base + i));
    if (out.back() != '[') out += ',';
    move_json_text(steps, n, out);
    for (std::size_t v = 0; v < n.variations.size(); ++v) {
      steps.push_back(static_cast<std::uint32_t>(v + 1));
      outline_text(n.variations[v], steps, steps[steps.size() - 2], out);
      steps.pop_back();
    }
    steps.pop_back();
  }
}

// The position `path` of a record, replayed as far as it goes: an illegal
// move on the way leaves the position before it, at the path that names it.
// `checkpoints`: positions kept from earlier replays of the game (replay_to).
Diagnostic replay_near(const GameRecord& record, const std::string& file, std::uint32_t index,
                       notation::NodePath& path, notation::NodePosition& pos,
                       notation::ReplayCheckpoints* checkpoints = nullptr) {
  Diagnostic first;
  for (int tries = 0; tries < 64; ++tries) {
    Diagnostic d = notation::replay_to(record, file, index, path, pos, checkpoints);
    // A result that does not fit (E401..E404) leaves the board as it is (the
    // validator lists it); only an illegal move stops the board before it.
    if (d && pos.state && d.code >= Code::result_mismatch && d.code <= Code::barrier_count) d = {};
    if (!d) return first;
    if (!first) first = d;
    if (!pos.state || d.turn == 0) return first;
    // Step back to the turn before the illegal one: inside the variation
    // that holds it, or out of it to the position before it.
    const std::uint32_t bad = d.turn;
    auto& s = path.steps;
    while (s.size() > 1 && bad <= s[s.size() - 3]) s.resize(s.size() - 2);  // before this variation
    const std::uint32_t start = s.size() > 1 ? s[s.size() - 3] : 1;         // its first turn
    if (bad <= start) {
      if (s.size() > 1) s.resize(s.size() - 2);
      s.back() = bad > 0 ? bad - 1 : 0;
    } else {
      s.back() = std::min(s.back(), bad - 1);
    }
  }
  // Never more than a few steps back; should it be, the start or nothing.
  path = notation::NodePath{{0}};
  if (notation::replay_to(record, file, index, path, pos, checkpoints)) pos.state.reset();
  return first;
}

// Whether the page enters the turn at `state` one event at a time: where a
// turn may be more than one event. That is general, not a list of games: a
// throw is due (Tâb, Dleb: the throws, then their uses), a turn is in
// progress, or some event the engine lists does not end the turn (an Um
// el-Banât sowing that pecks, a count of a Mankalah tebweez). Elsewhere
// every listed event is a whole turn (Seega's turns, Mankalah's sowings,
// feeds and board ends, an Um el-Banât position where no sowing pecks) and
// the page enters it as one: the same clicks, with its description.
bool turn_by_event(const State& state, const std::vector<std::string>& events) {
  if (state.is_terminal()) return false;
  if (state.to_move() == Actor::chance || state.mid_turn()) return true;
  std::string turn;
  for (const auto& e : events) {
    auto next = state.clone();
    if (!next->apply(e, &turn) && turn.empty()) return true;
  }
  return false;
}

// The events of the turn in progress as the page keeps them (a JSON array
// of strings, as it applied them): false when it is not one.
bool parse_events(const std::string& json, std::vector<std::string>& out) {
  if (json.empty()) return true;
  ordered_json list = ordered_json::parse(json, nullptr, false);
  if (!list.is_array()) return false;
  for (const auto& e : list) {
    if (!e.is_string()) return false;
    out.push_back(e.get<std::string>());
  }
  return true;
}

// The events of a turn in progress applied to the position where it begins
// (pos.state, at the record's path): pos.before becomes that position and
// `node` (pos.node) the turn so far, so that the board highlights what this
// turn has done. Empty, or what stopped it ("event 3 (4K-O): ...").
std::string apply_events(notation::NodePosition& pos, const std::vector<std::string>& events, notation::Node& node) {
  if (events.empty()) return {};
  auto start = pos.state->clone();
  std::string turn;
  for (std::size_t i = 0; i < events.size(); ++i) {
    if (Error e = pos.state->apply(events[i], &turn))
      return "event " + std::to_string(i + 1) + " (" + events[i] + "): " + code_id(e.code) + " " + e.reason;
    if (!turn.empty()) return "the turn ended with event " + std::to_string(i + 1) + " (" + events[i] + ")";
  }
  node.move = pos.state->turn_in_progress();
  pos.before = std::move(start);
  pos.node = &node;
  pos.turn += 1;
  pos.end_of_game = false;
  return {};
}

// The cells one event touches: those of the turn so far with the event,
// less those of the turn so far, as the drawing of the position where the
// turn began reads them (BoardDrawing::move_cells). Nothing for an event
// with no cell (a throw forfeited, a dleb stored).
MoveCells event_cells(const State& state, const State& start, const MoveCells& so_far, const std::string& event) {
  MoveCells out;
  const BoardDrawing* drawing = start.drawing();
  if (!drawing) return out;
  auto next = state.clone();
  std::string turn;
  if (next->apply(event, &turn)) return out;
  const MoveCells with = drawing->move_cells(turn.empty() ? next->turn_in_progress() : turn);
  for (std::size_t i = 0; i < with.from.size() && i < with.to.size(); ++i) {
    if (i < so_far.from.size() && i < so_far.to.size() && so_far.from[i] == with.from[i] && so_far.to[i] == with.to[i])
      continue;
    out.from.push_back(with.from[i]);
    out.to.push_back(with.to[i]);
    const std::size_t taken = std::count(with.captured.begin(), with.captured.end(), with.to[i]) -
                              std::count(so_far.captured.begin(), so_far.captured.end(), with.to[i]);
    if (taken > 0) out.captured.push_back(with.to[i]);
    break;
  }
  return out;
}

// `move` (a whole turn) written into game `index` (`record`) at `at`, the
// game written back in canonical form in place of its old text: {text,
// path} or {error, diagnostic}.
// The game's text runs from its first token to `end`, the next game's (or
// the end of the text).
ordered_json write_move(const std::string& text, const std::string& file, GameRecord record, std::uint32_t index,
                        std::size_t end, const notation::NodePath& at, const std::string& move) {
  const auto begin = static_cast<std::size_t>(record.loc.offset);
  notation::NodePath reached;
  if (Diagnostic d = notation::enter_move(record, file, index, at, move, reached)) {
    ordered_json out = error_json(d.reason);
    out["diagnostic"] = diagnostic_json(d);
    return out;
  }
  ordered_json out;
  out["text"] = text.substr(0, begin) + notation::to_text(record) + text.substr(end);
  out["path"] = reached.text();
  return out;
}

// The game a move is entered in: its record, index and where its text ends
// (the next game's first byte, or the end of the text).
struct EntryGame {
  GameRecord record;
  std::uint32_t index = 0;
  std::size_t end = 0;
};

// The game `index` of a text record that moves can be entered in, or an
// error (the record read whole).
std::string entry_game(const std::string& text, const std::string& file, std::uint32_t index, EntryGame& out) {
  if (format_of(text, file) != Format::text) return "moves are entered in text records: convert this one to text first";
  Games games;
  Diagnostic stop = read_all(text, file, games);
  if (stop || !games.errors.empty()) return "the record cannot be read: correct its syntax errors first";
  std::size_t k = 0;
  while (k < games.records.size() && games.indexes[k] != index) ++k;
  if (k == games.records.size()) return "no game " + std::to_string(index);
  out.record = std::move(games.records[k]);
  out.index = index;
  out.end = k + 1 < games.records.size() ? static_cast<std::size_t>(games.records[k + 1].loc.offset) : text.size();
  return {};
}

// `move` played at `path_text` of the game: {text, path} or {error, diagnostic}.
std::string enter_into(const std::string& text, const std::string& file, EntryGame& g, const std::string& path_text,
                       const std::string& move) {
  notation::NodePath at;
  if (!notation::NodePath::parse(path_text, at)) return dump(error_json("not a position: " + path_text));
  return dump(write_move(text, file, std::move(g.record), g.index, g.end, at, move));
}

// The position of a turn being entered in the game: the record replayed to
// `path_text`, then the turn's events so far (`events_json`) applied; `at`
// the path, `events` the events. Empty, or why there is none.
std::string turn_position(const std::string& file, EntryGame& g, const std::string& path_text,
                          const std::string& events_json, notation::NodePath& at, std::vector<std::string>& events,
                          notation::NodePosition& pos, notation::Node& so_far) {
  if (!parse_events(events_json, events)) return "the events are not a list of texts";
  if (!notation::NodePath::parse(path_text, at)) return "not a position: " + path_text;
  Diagnostic d = notation::replay_to(g.record, file, g.index, at, pos);
  // A result that does not fit the moves yet (E401..E404) is what entering
  // the rest of the game puts right, as enter_move says.
  if (d && (!pos.state || d.code < Code::result_mismatch || d.code > Code::barrier_count))
    return "no turn can be entered here: " + d.reason;
  return apply_events(pos, events, so_far);
}

// One event of a turn entered event by event in the game (event() below).
std::string event_into(const std::string& text, const std::string& file, EntryGame& g, const std::string& path_text,
                       const std::string& events_json, const std::string& event_text) {
  std::vector<std::string> events;
  notation::NodePath at;
  notation::NodePosition pos;
  notation::Node so_far;
  if (std::string e = turn_position(file, g, path_text, events_json, at, events, pos, so_far); !e.empty())
    return dump(error_json(e));
  std::string turn;
  if (Error e = pos.state->apply(event_text, &turn)) {
    ordered_json out = error_json(e.reason);
    out["code"] = code_id(e.code);
    return dump(out);
  }
  events.push_back(event_text);
  if (turn.empty()) return dump(ordered_json{{"turnSoFar", pos.state->turn_in_progress()}, {"events", events}});
  ordered_json out = write_move(text, file, std::move(g.record), g.index, g.end, at, turn);
  out["turn"] = turn;
  return dump(out);
}

}  // namespace

// `checkpoints`: positions of the game kept from its earlier boards (null: none).
std::string view_of(const GameRecord* record, const notation::GameErrors* slips, const std::string& file,
                    std::uint32_t index, const std::string& path_text, const std::string& events_json, bool flipped,
                    notation::ReplayCheckpoints* checkpoints = nullptr);

/// `beyt validate --diagnostics json` of the text: a JSON array of the
/// diagnostic objects, in the order validate prints them.
std::string validate(const std::string& text, const std::string& file, bool strict) {
  notation::ValidateOptions options;
  options.strict = strict;
  ordered_json out = ordered_json::array();
  for (const Diagnostic& d : notation::validate_text(text, file, format_of(text, file), options))
    out.push_back(diagnostic_json(d));
  return dump(out);
}

/// The games of the text: for each its index, place, Game and Rules tags,
/// tags, result and every move with its path and place; and the format.
std::string outline(const std::string& text, const std::string& file) {
  Games games;
  Diagnostic stop = read_all(text, file, games);
  ordered_json out;
  out["format"] = std::string(notation::format_name(format_of(text, file)));
  out["games"] = ordered_json::array();
  for (std::size_t i = 0; i < games.records.size(); ++i) out["games"].push_back(game_json(games.records[i], games.indexes[i]));
  out["readable"] = !stop && games.errors.empty();
  return dump(out);
}

// The cells a person clicks, in order, for the listed event `move`, as the
// game's row says (EntryWords::keys): its from and to cells, its from cells,
// or the cells its text names (`C,D`: each one a cell of the board).
std::vector<std::string> entry_keys(EntryWords::Keys keys, const std::string& move, const MoveCells& cells,
                                    const std::vector<std::string>& board) {
  std::vector<std::string> out;
  switch (keys) {
    case EntryWords::Keys::none: break;
    case EntryWords::Keys::from_to:
      out = cells.from;
      out.insert(out.end(), cells.to.begin(), cells.to.end());
      break;
    case EntryWords::Keys::from: out = cells.from; break;
    case EntryWords::Keys::named:
      for (std::size_t at = 0; at <= move.size();) {
        const std::size_t comma = std::min(move.find(',', at), move.size());
        out.push_back(move.substr(at, comma - at));
        if (std::find(board.begin(), board.end(), out.back()) == board.end()) return {};
        at = comma + 1;
      }
      break;
  }
  return out;
}

// What the page says when a move is entered by clicking (EntryWords), after
// `events` events of the turn: {clicks (false: typed), piece, clickTurn,
// clickEvent, eventHelp}, the empty words left out.
ordered_json entry_json(const EntryWords& words, std::size_t events) {
  ordered_json out;
  out["clicks"] = words.keys != EntryWords::Keys::none;
  if (!words.piece.empty()) out["piece"] = words.piece;
  if (!words.click_turn.empty()) out["clickTurn"] = words.click_turn;
  if (!words.click_event.empty()) out["clickEvent"] = words.click_event;
  if (words.event_help) out["eventHelp"] = words.event_help(events);
  return out;
}

/// The position `path` ("12", "12.1.14") of game `index`: the SVG that
/// `render --format svg --ply PATH` draws (flipped: seen from North), its
/// position text, who is to move, and every legal move with the cells it
/// touches and their centres in the board's frame. An illegal move on the
/// way: the position before it, and the error. `events_json` (a JSON array
/// of texts, "[]" or "" for none): the events of a turn being entered from
/// that position (Tâb, Dleb, an Um el-Banât turn of several sowings, a
/// Mankalah tebweez), applied first. `byEvent` says whether the turn here
/// is entered event by event (turn_by_event); then the board is the one
/// the events have left (the turn so far highlighted),
/// `turnSoFar` and `throwsLeft` say where the turn stands, `chance` lists
/// the outcomes of a throw due and `moves` the next events (State::apply),
/// each with the one step it moves. {error} when an event does not apply.
std::string view(const std::string& text, const std::string& file, std::uint32_t index, const std::string& path_text,
                 const std::string& events_json, bool flipped) {
  Games games;
  read_all(text, file, games);
  return view_of(games.find(index), nullptr, file, index, path_text, events_json, flipped);
}

namespace {

// A game the reader found slips in (`slips`: its GameErrors), read as
// recovered: the position `path` no further than the last one the slips
// leave intact (the main-line turns before the first that may be lost or
// changed; no variation when one may be).
void within_slips(const GameRecord& record, const notation::GameErrors& slips, notation::NodePath& path) {
  const auto intact = static_cast<std::uint32_t>(std::min<std::size_t>(slips.turns, record.moves.size()));
  auto& s = path.steps;
  if (s.size() > 1 && (!slips.variations || s[0] > intact + 1)) s = {s[0] > 0 ? s[0] - 1 : 0};
  if (s.size() == 1) s[0] = std::min(s[0], intact);
}

}  // namespace

std::string view_of(const GameRecord* record, const notation::GameErrors* slips, const std::string& file,
                    std::uint32_t index, const std::string& path_text, const std::string& events_json, bool flipped,
                    notation::ReplayCheckpoints* checkpoints) {
  std::vector<std::string> events;
  if (!parse_events(events_json, events)) return dump(error_json("the events are not a list of texts"));
  if (!record) return dump(error_json("no game " + std::to_string(index) + " can be read"));
  notation::NodePath path;
  if (!notation::NodePath::parse(path_text, path)) return dump(error_json("not a position: " + path_text));
  ordered_json out;
  if (slips && !slips->errors.empty()) {
    // The text has a slip: the last position that can be read, said so.
    out["slip"] = diagnostic_json(slips->errors.front());
    within_slips(*record, *slips, path);
    if (!events.empty()) return dump(error_json("no turn can be entered here: " + slips->errors.front().reason));
  }
  const notation::Node* node = nullptr;
  std::string why;
  if (!notation::locate(*record, path, node, why)) return dump(error_json(why));
  notation::NodePosition pos;
  Diagnostic problem = replay_near(*record, file, index, path, pos, checkpoints);
  if (problem) out["problem"] = diagnostic_json(problem);
  if (!pos.state) return dump(out);
  notation::Node so_far;
  if (!events.empty()) {
    if (problem) return dump(error_json("no turn can be entered here: " + problem.reason));
    if (std::string e = apply_events(pos, events, so_far); !e.empty()) return dump(error_json(e));
  }
  const State& state = *pos.state;
  DrawOptions draw;
  draw.flipped = flipped;
  notation::FigureOptions figures;
  PageOptions page;
  page.title = notation::record_title(*record, state.game());
  page.caption = notation::record_caption(*record);
  std::string svg;
  std::vector<std::string> warnings;
  const BoardDrawing* drawing = state.drawing();
  if (drawing && notation::position_svg(*record, pos, draw, figures, page, svg, why, warnings)) {
    out["svg"] = svg;
    // The legend of the pieces and marks on this board (render --legend's, alone).
    out["legend"] = legend_svg(state, draw, drawing->board_size(draw).width, page.title + ": legend");
  }
  out["path"] = pos.path.text();
  out["game"] = std::string(state.game().name());
  out["title"] = std::string(state.game().title());
  out["position"] = state.position_text();
  out["toMove"] = state.player_label();
  out["actor"] = std::string(actor_name(state.to_move()));
  out["turn"] = pos.turn;
  out["terminal"] = state.is_terminal();
  out["outcome"] = std::string(result_token(state.outcome()));
  out["caption"] = notation::node_caption(*record, pos);
  // The next events (State::legal_events: complete at every position, the
  // outcomes at a throw); entered one at a time where a turn may be more
  // than one (turn_by_event), else each is a whole turn.
  std::vector<std::string> moves;
  const bool throw_due = state.to_move() == Actor::chance;
  if (!state.is_terminal() && !throw_due) state.legal_events(moves);
  const bool by_event = turn_by_event(state, moves);
  out["byEvent"] = by_event;
  out["events"] = events;
  out["turnSoFar"] = state.turn_in_progress();
  out["throwsLeft"] = state.throws_left();
  out["describeTurn"] = state.describe_turn();  // where the turn stands, in words (a tebweez: the hasa left)
  out["chance"] = ordered_json::array();
  for (const auto& c : state.chance_outcomes()) out["chance"].push_back({{"text", c.text}, {"p", c.probability}});
  // A throw entered face by face (State::throw_faces): the faces a piece shows, how many pieces fall.
  const ThrowFaces faces = state.throw_faces();
  out["faces"] = ordered_json::array();
  for (const auto& f : faces.faces) out["faces"].push_back({{"letter", std::string(1, f.letter)}, {"says", f.says}});
  out["pieces"] = faces.pieces;
  const State& start = pos.before && !events.empty() ? *pos.before : state;
  const MoveCells before_event =
      by_event && start.drawing() ? start.drawing()->move_cells(state.turn_in_progress()) : MoveCells{};
  out["moves"] = ordered_json::array();
  ordered_json centres = ordered_json::object();
  auto centre = [&](const std::string& cell) {
    svg::Point p;
    if (drawing && !centres.contains(cell) && drawing->cell_centre(cell, draw, p)) centres[cell] = {p.x, p.y};
  };
  // Every cell of the board (a click where no move starts is answered, saying why).
  std::vector<std::string> names;
  if (drawing) drawing->cell_names(names);
  const EntryWords& words = game_facts(state.game()).entry;
  out["entry"] = entry_json(words, events.size());
  for (const auto& m : moves) {
    const MoveCells cells =
        by_event ? event_cells(state, start, before_event, m) : drawing ? drawing->move_cells(m) : MoveCells{};
    for (const auto& c : cells.from) centre(c);
    for (const auto& c : cells.to) centre(c);
    // An event that names a cell (an Um el-Banât sowing names its house,
    // which the page clicks, even where the turn so far already sowed it).
    if (by_event) centre(m);
    out["moves"].push_back({{"move", m},
                            {"from", cells.from},
                            {"to", cells.to},
                            {"captured", cells.captured},
                            {"keys", entry_keys(words.keys, m, cells, names)},
                            {"anyOrder", words.placement_any_order && cells.from.empty()},
                            {"says", state.describe_event(m)}});
  }
  for (const auto& c : names) centre(c);
  out["cells"] = std::move(centres);
  out["cell"] = draw.cell;
  return dump(out);
}

/// The events that may come next at a position given by its text
/// (window.beyt.legalEvents; State::legal_events), and at a throw its outcomes.
std::string legal_events(const std::string& game_name, const std::string& rules_text, const std::string& position) {
  const Game* game = find_game(game_name);
  if (!game) return dump(error_json("unknown game '" + game_name + "'"));
  RuleSet rules;
  if (Error e = game->parse_rules(rules_text, rules)) return dump(error_json("Rules: " + e.reason));
  std::unique_ptr<State> state;
  if (Error e = game->new_state(rules, position, state)) return dump(error_json("position: " + e.reason));
  std::vector<std::string> events;
  state->legal_events(events);
  ordered_json out;
  out["events"] = events;
  out["chance"] = ordered_json::array();
  for (const auto& c : state->chance_outcomes()) out["chance"].push_back({{"text", c.text}, {"p", c.probability}});
  return dump(out);
}

/// `move` played at position `path` of game `index` of a text record
/// (notation::enter_move), the game written back in canonical form in place
/// of its old text: {text, path} or {error, diagnostic}.
std::string enter(const std::string& text, const std::string& file, std::uint32_t index, const std::string& path_text,
                  const std::string& move) {
  EntryGame g;
  if (std::string e = entry_game(text, file, index, g); !e.empty()) return dump(error_json(e));
  return enter_into(text, file, g, path_text, move);
}

/// One event of a turn entered event by event (State::apply: a throw as the
/// source records it; a use, a sowing, a tebweez count as the engine lists
/// it) after `events_json` (the turn so far, a JSON array of the events
/// applied) at position `path` of game `index` of a text record. The turn
/// goes on: {turnSoFar, events} (the events with this one). The event ends
/// the turn: the turn's text, as the engine assembles it, is entered as
/// enter() enters a move: {text, path, turn}. An event that is not legal
/// here: {error, code}, nothing changed.
std::string event(const std::string& text, const std::string& file, std::uint32_t index, const std::string& path_text,
                  const std::string& events_json, const std::string& event_text) {
  EntryGame g;
  if (std::string e = entry_game(text, file, index, g); !e.empty()) return dump(error_json(e));
  return event_into(text, file, g, path_text, events_json, event_text);
}

/// `beyt format` of the text, in its own format: {text, diagnostics,
/// warnings} (games that do not replay are kept as they were and reported;
/// the reader's warnings, e.g. W103 for an XML comment that the text no
/// longer holds); {error, diagnostics} when a game cannot be read (nothing
/// is formatted).
std::string format(const std::string& text, const std::string& file) {
  Games games;
  Diagnostic stop = read_all(text, file, games);
  ordered_json out;
  out["diagnostics"] = ordered_json::array();
  if (stop || !games.errors.empty()) {
    for (const auto& d : games.errors) out["diagnostics"].push_back(diagnostic_json(d));
    if (stop) out["diagnostics"].push_back(diagnostic_json(stop));
    out["error"] = "a game cannot be read: nothing was formatted";
    return dump(out);
  }
  std::ostringstream formatted;
  {
    notation::RecordWriter writer(formatted, format_of(text, file));
    for (std::size_t i = 0; i < games.records.size(); ++i) {
      GameRecord canonical;
      Diagnostic d = notation::canonical_form(games.records[i], file, games.indexes[i], "", canonical);
      if (d) out["diagnostics"].push_back(diagnostic_json(d));
      writer.game(d ? games.records[i] : canonical);
    }
    writer.finish();
  }
  out["text"] = formatted.str();
  out["warnings"] = games.warnings_json();
  return dump(out);
}

// The reader's errors of a text that cannot be read whole: {error, diagnostics}.
ordered_json unreadable(const Games& games, const Diagnostic& stop, const std::string& what) {
  ordered_json out = error_json("a game cannot be read: " + what);
  out["diagnostics"] = ordered_json::array();
  for (const auto& d : games.errors) out["diagnostics"].push_back(diagnostic_json(d));
  if (stop) out["diagnostics"].push_back(diagnostic_json(stop));
  return out;
}

/// The text's games written in format `to` (text, json, xml, jsonl), as
/// `beyt convert --to` writes them: {text, warnings} (the reader's warnings,
/// as format()'s) or {error, diagnostics}.
std::string convert(const std::string& text, const std::string& file, const std::string& to) {
  Format target;
  if (!notation::parse_format(to, target)) return dump(error_json("unknown format '" + to + "'"));
  Games games;
  Diagnostic stop = read_all(text, file, games);
  ordered_json out;
  if (stop || !games.errors.empty()) return dump(unreadable(games, stop, "nothing was converted"));
  out["text"] = [&] {
    std::ostringstream s;
    notation::RecordWriter writer(s, target);
    for (const auto& r : games.records) writer.game(r);
    writer.finish();
    return s.str();
  }();
  out["warnings"] = games.warnings_json();
  return dump(out);
}

/// The plate (one position) or figure sheet (several) of game `index`:
/// what `beyt render --format svg --ply P` (or `--plies A,B,C`) writes,
/// `tikz` the same as `--format tikz`, `mono` as `--mono`, `flipped` as
/// `--flip`; `plies` the turns as the command line takes them, comma
/// separated ("12", "0,12,30", "12.1.14"). notation::positions_svg.
/// {text, warnings} or {error} (a ply not in the game, an illegal move
/// before it: the validator's words).
std::string plate(const std::string& text, const std::string& file, std::uint32_t index, const std::string& plies,
                  bool tikz, bool mono, bool flipped) {
  Games games;
  read_all(text, file, games);
  const GameRecord* record = games.find(index);
  if (!record) return dump(error_json("no game " + std::to_string(index) + " can be read"));
  std::vector<notation::NodePath> paths;
  for (std::size_t start = 0;;) {
    const std::size_t comma = plies.find(',', start);
    const std::string one = plies.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    notation::NodePath p;
    const notation::Node* node = nullptr;
    std::string why;
    if (!notation::NodePath::parse(one, p))
      return dump(error_json("a ply is a turn (12) or a turn of a variation (12.1.14), not '" + one + "'"));
    if (!notation::locate(*record, p, node, why)) {  // ("game has only 82 turns": game 1 has only 82 turns (ply 400))
      const std::string game = "game " + std::to_string(index);
      return dump(error_json((why.rfind("game ", 0) == 0 ? game + why.substr(4) : game + ": " + why) + " (ply " + one + ")"));
    }
    paths.push_back(std::move(p));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  std::vector<notation::NodePosition> positions;
  if (Diagnostic d = notation::replay_to_all(*record, file, index, paths, positions)) {
    ordered_json out = error_json(d.reason);
    out["diagnostic"] = diagnostic_json(d);
    return dump(out);
  }
  if (!positions.front().state->drawing())
    return dump(error_json("SVG diagrams of " + std::string(positions.front().state->game().title()) + " are not available yet"));
  DrawOptions draw;
  draw.monochrome = mono;
  draw.flipped = flipped;
  PageOptions page;
  if (tikz) page.backend = svg::Backend::tikz;
  page.title = notation::record_title(*record, positions.front().state->game());
  page.caption = notation::record_caption(*record);
  std::string out, why;
  std::vector<std::string> warnings;
  if (!notation::positions_svg(*record, positions, draw, notation::FigureOptions{}, page, out, why, warnings))
    return dump(error_json(why));
  return dump({{"text", out}, {"warnings", warnings}});
}

/// The game viewer of every game of the text: the page `beyt render
/// --format html` writes (notation::ViewerWriter; `mono` as `--mono`,
/// `flipped` as `--flip`), each game with the validator's first error
/// (notation::replay with variations). {text, warnings} or {error,
/// diagnostics} when a game cannot be read.
std::string viewer(const std::string& text, const std::string& file, bool mono, bool flipped) {
  Games games;
  Diagnostic stop = read_all(text, file, games);
  if (stop || !games.errors.empty()) return dump(unreadable(games, stop, "no viewer page was made"));
  notation::ViewerOptions vo;
  vo.draw.monochrome = mono;
  vo.draw.flipped = flipped;
  vo.file = file;
  std::ostringstream s;
  notation::ViewerWriter page(s, vo);
  std::vector<std::string> warnings;
  for (std::size_t i = 0; i < games.records.size(); ++i) {
    notation::Replay whole;
    const Diagnostic problem =
        notation::replay(games.records[i], file, games.indexes[i], notation::ReplayOptions{}, whole);
    std::string why;
    if (!page.add(games.records[i], games.indexes[i], problem, warnings, why)) return dump(error_json(why));
  }
  page.finish();
  return dump({{"text", s.str()}, {"warnings", warnings}});
}

/// A new record in canonical text from its tag pairs (a JSON array of
/// [name, value] pairs, the form's), no moves yet.
std::string new_record(const std::string& tags_json) {
  ordered_json tags = ordered_json::parse(tags_json, nullptr, false);
  if (!tags.is_array()) return dump(error_json("the tags are not a list"));
  GameRecord record;
  for (const auto& t : tags) {
    if (!t.is_array() || t.size() != 2 || !t[0].is_string() || !t[1].is_string()) continue;
    record.set_tag(t[0].get<std::string>(), t[1].get<std::string>());
  }
  if (const auto* result = record.find_tag("Result")) record.result = result->value;
  notation::canonical_tag_order(record);
  ordered_json out;
  out["text"] = notation::to_text(record);
  return dump(out);
}

/// The game table (`beyt games --json`'s objects): {games: [...]}.
std::string games() {
  std::string out = "{\"games\":[";
  bool first = true;
  for (const Game* g : game_table()) {
    if (!first) out += ',';
    first = false;
    out += notation::game_info_json(*g);
  }
  return out + "]}";
}

/// The rules text of a game in canonical form ("lane; size=7"), or an
/// error: what the form shows under its Rules field.
std::string rules(const std::string& game_name, const std::string& rules_text) {
  const Game* game = find_game(game_name);
  if (!game) return dump(error_json("unknown game '" + game_name + "'"));
  RuleSet rules;
  if (Error e = game->parse_rules(rules_text, rules)) return dump(error_json(e.reason));
  return dump(ordered_json{{"canonical", rules.canonical()}});
}

/// A short example record of the game `game_name` under its first preset:
/// at most `turns` turns of beyt's random player, seed 1, as `beyt generate
/// --game GAME --seed 1 --count 1 --max-turns TURNS` writes it
/// (notation::random_game), in canonical text: {text} or {error}.
std::string example_record(const std::string& game_name, std::uint32_t turns) {
  const Game* game = find_game(game_name);
  if (!game) return dump(error_json("unknown game '" + game_name + "'"));
  RuleSet rules;
  if (Error e = game->parse_rules("", rules)) return dump(error_json(e.reason));
  Rng rng(1);
  GameRecord record;
  if (Error e = notation::random_game(*game, rules, rng, 1, 1, turns, record)) return dump(error_json(e.reason));
  return dump(ordered_json{{"text", notation::to_text(record)}});
}

/// Whether this module reads and writes XML (pugixml built in).
bool has_xml() {
#ifdef BEYT_STUDIO_XML
  return true;
#else
  return false;
#endif
}

/// The table of formats (notation::formats()), in its order: {formats:
/// [{name, aliases, extensions, description, mediaType, available}]}, the
/// extensions lower case with the dot (the first the usual one), mediaType
/// the type a download of the format is given, available whether this
/// module reads and writes the format (XML only with pugixml, has_xml()).
std::string formats() {
  const auto strings = [](std::span<const std::string_view> list) {
    ordered_json out = ordered_json::array();
    for (std::string_view s : list) out.push_back(std::string(s));
    return out;
  };
  ordered_json out;
  out["formats"] = ordered_json::array();
  for (const notation::FormatInfo& f : notation::formats()) {
    ordered_json row;
    row["name"] = std::string(f.name);
    row["aliases"] = strings(f.aliases);
    row["extensions"] = strings(f.extensions);
    row["description"] = std::string(f.description);
    row["mediaType"] = std::string(f.media_type);
    row["available"] = f.format != Format::xml || has_xml();
    out["formats"].push_back(std::move(row));
  }
  return dump(out);
}


// --- the text being edited: checked again only where it changes ------------
//
// The page's editor holds one text; it is given once per change (check),
// and everything the page shows of it while it is edited (the problems, the
// game at the cursor, its board, a move entered) is asked of it here, by
// place or game, without the text: notation::IncrementalValidator reads and
// replays again only the games a change touches, and in slices (a budget in
// milliseconds; checkMore goes on) where one touches much.

namespace {

notation::IncrementalValidator session;
std::string session_file;
bool session_strict = false;
bool session_started = false;
std::uint64_t session_checks = 1;  // one more at each check: what was read before is old

// Where the checking stands: {done, checked, size (bytes), errors, warnings, games}.
std::string session_status(bool done) {
  ++session_checks;
  std::size_t games = 0;
  for (std::size_t i = 0; i < session.entry_count(); ++i)
    games += session.entry(i).kind == notation::CheckedEntry::Kind::game;
  ordered_json out;
  out["done"] = done;
  out["checked"] = session.checked_to();
  out["size"] = session.text().size();
  out["errors"] = session.errors();
  out["warnings"] = session.warnings();
  out["format"] = std::string(notation::format_name(session.format()));
  if (session.format() == Format::text) {
    out["games"] = games;
  } else {
    Games all;
    read_all(session.text(), session_file, all);
    out["games"] = all.records.size();
  }
  return dump(out);
}

// Place l:c is at or before line:column.
bool place_before(std::uint32_t l, std::uint32_t c, std::uint32_t line, std::uint32_t column) {
  return l < line || (l == line && c <= column);
}

// An entry's place: a game's first token, an error's, the end (after all).
bool entry_before(const notation::CheckedEntry& e, std::uint32_t line, std::uint32_t column) {
  std::uint32_t l = e.line, c = e.column;
  if (e.kind != notation::CheckedEntry::Kind::game) {
    if (e.diagnostics.empty() || e.diagnostics.back().loc.line == 0) return e.kind != notation::CheckedEntry::Kind::end;
    l = e.diagnostics.back().loc.line;
    c = e.diagnostics.back().loc.column;
  }
  return place_before(l, c, line, column);
}

// Where game `record` of the text notation ends: where the next game starts, or the end.
std::size_t session_game_end(const GameRecord& record) {
  for (std::size_t i = session.entry_at(record.loc.offset) + 1; i < session.entry_count(); ++i)
    if (session.entry(i).kind == notation::CheckedEntry::Kind::game) return static_cast<std::size_t>(session.entry(i).offset);
  return session.text().size();
}

// Game `index` of the text being edited, as read (with the reader's slips
// in it, if any): false when there is none.
// The last game read, kept until the next check (the outline at the cursor
// and its board ask for the same game after each change).
// (The game the last change is in is the validator's, not copied: a
// keystroke in a game of thousands of turns asks for it.)
struct LastGame {
  std::uint64_t checks = 0;
  std::uint32_t index = 0;
  bool found = false;
  const GameRecord* record = nullptr;  // the validator's, or `read`
  const notation::GameErrors* slips = nullptr;
  GameRecord read;
  notation::GameErrors read_slips;
  std::size_t end = 0;
} last_game;
bool read_session_game(std::uint32_t index, GameRecord& record, notation::GameErrors& slips, std::size_t& end);

// Game `index` as read_session_game reads it, kept until the next check: null when there is none.
const LastGame* session_game(std::uint32_t index) {
  if (last_game.checks != session_checks || last_game.index != index) {
    last_game.checks = session_checks;
    last_game.index = index;
    last_game.record = &last_game.read;
    last_game.slips = &last_game.read_slips;
    if (const GameRecord* changed = session.changed_game(index, &last_game.slips)) {
      last_game.record = changed;
      last_game.found = true;
      last_game.end = session_game_end(*changed);
    } else {
      last_game.found = read_session_game(index, last_game.read, last_game.read_slips, last_game.end);
    }
  }
  return last_game.found ? &last_game : nullptr;
}

// The boards of the game at the cursor: positions of its main line kept
// from one board to the next (a keystroke at turn 3 000 replays from the
// last one before it; notation::ReplayCheckpoints).
notation::ReplayCheckpoints board_checkpoints;

bool read_session_game(std::uint32_t index, GameRecord& record, notation::GameErrors& slips, std::size_t& end) {
  const std::string& text = session.text();
  if (session.format() == Format::text) {
    if (!session.read_game(index, record, slips)) return false;
    end = session_game_end(record);
    return true;
  }
  Games all;
  read_all(text, session_file, all);
  const GameRecord* r = all.find(index);
  if (!r) return false;
  record = *r;
  end = text.size();
  return true;
}

// The game `index` of the text checked that moves can be entered in (free
// of syntax errors), or an error.
std::string session_entry_game(std::uint32_t index, EntryGame& out) {
  if (session.format() != Format::text) return "moves are entered in text records: convert this one to text first";
  const LastGame* g = session_game(index);
  if (!g) return "no game " + std::to_string(index) + " can be read";
  if (!g->slips->errors.empty()) return "this game cannot be read: correct its syntax errors first";
  out.record = *g->record;
  out.end = g->end;
  out.index = index;
  return {};
}

// Game `index` of the text checked as JSON (game_json's, without moves;
// `slip`: the first of the reader's errors in it), its closing '}' left off
// for more to follow; "" when there is none.
std::string session_game_head(std::uint32_t index, const LastGame*& game) {
  game = index == 0 ? nullptr : session_game(index);
  if (!game) return {};
  ordered_json g = game_json(*game->record, index, false);
  if (!game->slips->errors.empty()) g["slip"] = diagnostic_json(game->slips->errors.front());
  std::string out = dump(g);
  out.pop_back();
  return out;
}

}  // namespace

/// The editor's text checked as `beyt validate` checks it (`file` names it;
/// `strict`: validate --strict), read and replayed again only where it
/// changed since the last call (notation::IncrementalValidator), for about
/// `budget_ms` milliseconds at most (0: to the end; checkMore goes on):
/// {done, checked, size (bytes checked, of), errors, warnings, format, games}.
std::string check(const std::string& text, const std::string& file, bool strict, double budget_ms) {
  if (!session_started || file != session_file || strict != session_strict) {
    notation::ValidateOptions options;
    options.strict = strict;
    session.reset(file, options);
    session_file = file;
    session_strict = strict;
    session_started = true;
  }
  return session_status(session.update(text, budget_ms));
}

/// check() of the text's UTF-8 bytes where the page has put them (`size`
/// bytes at `data`, in the module's memory): a long text is given so without
/// a copy through JavaScript strings.
std::string check_bytes(std::uintptr_t data, std::size_t size, const std::string& file, bool strict, double budget_ms) {
  return check(std::string(reinterpret_cast<const char*>(data), size), file, strict, budget_ms);
}

/// check() of the text last checked with bytes [from, to) replaced by the
/// `size` bytes at `data`: the window of a long text the page's editor
/// holds, edited ({error} when [from, to) is not within the text).
std::string check_window(std::size_t from, std::size_t to, std::uintptr_t data, std::size_t size,
                         const std::string& file, bool strict, double budget_ms) {
  const std::string& text = session.text();
  if (from > to || to > text.size()) return dump(error_json("the window is not in the text checked"));
  const std::string_view with(reinterpret_cast<const char*>(data), size);
  if (session_started && file == session_file && strict == session_strict)
    return session_status(session.edit(from, to, with, budget_ms));
  std::string next;
  next.reserve(text.size() - (to - from) + size);
  next.append(text, 0, from).append(with).append(text, to);
  return check(next, file, strict, budget_ms);
}

/// The checking of check() goes on for about `budget_ms` milliseconds.
std::string check_more(double budget_ms) { return session_status(session.resume(budget_ms)); }

/// The diagnostics of the text checked, in validate's order, from the
/// `first` (0-based) on, `count` at most: a JSON array (as validate()'s).
/// Until the checking is done, those beyond it are from before the last
/// change (their places moved with the text).
std::string problems(std::uint32_t first, std::uint32_t count) {
  ordered_json out = ordered_json::array();
  std::size_t n = 0;
  auto take = [&](const Diagnostic& d) {
    if (n++ >= first && out.size() < count) out.push_back(diagnostic_json(d));
  };
  if (session.format() != Format::text || session.entry_count() == 0) {
    for (const auto& d : session.diagnostics()) take(d);
    return dump(out);
  }
  for (std::size_t i = 0; i < session.entry_count() && out.size() < count; ++i)
    for (const auto& d : session.entry(i).diagnostics) take(d);
  return dump(out);
}

/// The game of the text checked that holds line:column (the last that
/// starts before it; else the first), as outline() gives a game but without
/// its moves (gameOutline gives them), with `at`: the last move (as
/// outline() gives a move: path, move, line, column) that starts at or
/// before line:column, absent when none does (the cursor is before the
/// first move: the start); and `slip` (the first of the reader's errors in
/// it) when it has any; {} when the text holds no game that can be read.
/// (A keystroke asks it: a game of thousands of moves is not written out.)
std::string game_at(std::uint32_t line, std::uint32_t column) {
  std::uint32_t index = 0;
  if (session.format() == Format::text) {
    std::size_t lo = 0, hi = session.entry_count();  // entries before the place: [0, lo)
    while (lo < hi) {
      const std::size_t mid = lo + (hi - lo) / 2;
      if (entry_before(session.entry(mid), line, column)) lo = mid + 1;
      else hi = mid;
    }
    for (std::size_t i = lo; i-- > 0 && !index;)
      if (session.entry(i).kind == notation::CheckedEntry::Kind::game) index = session.entry(i).index;
    for (std::size_t i = 0; i < session.entry_count() && !index; ++i)
      if (session.entry(i).kind == notation::CheckedEntry::Kind::game) index = session.entry(i).index;
  } else {
    Games all;
    read_all(session.text(), session_file, all);
    for (std::size_t i = 0; i < all.records.size(); ++i) {
      const auto& loc = all.records[i].loc;
      if (i == 0 || (loc.line > 0 && place_before(loc.line, loc.column, line, column)))
        index = all.indexes[i];
    }
  }
  const LastGame* game = nullptr;
  std::string out = session_game_head(index, game);
  if (!game) return "{}";
  notation::NodePath path;
  if (const notation::Node* n = notation::move_before(*game->record, line, column, path)) {
    out += ",\"at\":";
    move_json_text(path.steps, *n, out);
  }
  return out += '}';
}

/// Game `index` of the text checked as game_at() gives it, with every move
/// (outline()'s moves) and without `at`.
std::string game_outline(std::uint32_t index) {
  const LastGame* game = nullptr;
  std::string out = session_game_head(index, game);
  if (!game) return "{}";
  out += ",\"moves\":[";
  std::vector<std::uint32_t> steps;
  outline_text(game->record->moves, steps, 1, out);
  return out += "]}";
}

/// The moves of game `index` of the checked text as `beyt format` writes them
/// (notation::write_text: its movetext and result, without the tag pairs),
/// for the printed page; "" when the game cannot be read.
std::string game_moves(std::uint32_t index) {
  const LastGame* game = index == 0 ? nullptr : session_game(index);
  if (!game) return "";
  GameRecord record = *game->record;
  record.tags.clear();
  const std::string text = notation::to_text(record);
  const std::size_t blank = text.find("\n\n");
  return blank == std::string::npos ? text : text.substr(blank + 2);
}

/// view() of game `index` of the text checked. A game with slips (syntax
/// errors the reader read past, an open comment) shows the last position
/// the slips leave intact at or before `path`, and `slip`: the first.
std::string view_at(std::uint32_t index, const std::string& path_text, const std::string& events_json, bool flipped) {
  const LastGame* game = session_game(index);
  return view_of(game ? game->record : nullptr, game ? game->slips : nullptr, session_file, index, path_text,
                 events_json, flipped, &board_checkpoints);
}

/// enter() into game `index` of the text checked (the game must be free of
/// syntax errors; the others may have some): {text, path} or {error, diagnostic}.
std::string enter_at(std::uint32_t index, const std::string& path_text, const std::string& move) {
  EntryGame g;
  if (std::string e = session_entry_game(index, g); !e.empty()) return dump(error_json(e));
  return enter_into(session.text(), session_file, g, path_text, move);
}

/// event() in game `index` of the text checked.
std::string event_at(std::uint32_t index, const std::string& path_text, const std::string& events_json,
                     const std::string& event_text) {
  EntryGame g;
  if (std::string e = session_entry_game(index, g); !e.empty()) return dump(error_json(e));
  return event_into(session.text(), session_file, g, path_text, events_json, event_text);
}

namespace {

// The turn being entered in game `index` of the text checked, at position
// `path_text` with its events so far (`events_json`), as eventAt() takes
// them: the game, the path, the events and the position they reach.
struct SessionTurn {
  EntryGame game;
  notation::NodePath at;
  std::vector<std::string> events;
  notation::NodePosition pos;
  notation::Node so_far;
  // Where the turn began (whose drawing names each event's cells, event_cells).
  const State& start() const { return pos.before && !events.empty() ? *pos.before : *pos.state; }
};
std::string session_turn(std::uint32_t index, const std::string& path_text, const std::string& events_json,
                         SessionTurn& t) {
  if (std::string e = session_entry_game(index, t.game); !e.empty()) return e;
  return turn_position(session_file, t.game, path_text, events_json, t.at, t.events, t.pos, t.so_far);
}

}  // namespace

/// The throw due at the turn being entered (as eventAt() takes its
/// events) written as the notation writes it from the faces its pieces fell
/// with (State::throw_from_faces: Tâb `WBBB` gives `1WBBB`): {throw} or
/// {error, code}.
std::string throw_at(std::uint32_t index, const std::string& path_text, const std::string& events_json,
                     const std::string& faces) {
  SessionTurn t;
  if (std::string e = session_turn(index, path_text, events_json, t); !e.empty()) return dump(error_json(e));
  std::string text;
  if (Error e = t.pos.state->throw_from_faces(faces, text)) {
    ordered_json out = error_json(e.reason);
    out["code"] = code_id(e.code);
    return dump(out);
  }
  return dump(ordered_json{{"throw", text}});
}

namespace {

// The sequences of listed events that take one piece from `from` to `to`,
// one after another, in the turn at `state` (`start`: where the turn began,
// whose drawing names each event's cells, event_cells): each event leaves
// the cell the one before reached. At most `room` of them, each as long as
// the turn allows.
void paths_between(const State& state, const State& start, const std::string& from, const std::string& to,
                   std::vector<std::string>& so_far, std::vector<std::vector<std::string>>& out, std::size_t room) {
  if (!start.drawing() || out.size() >= room) return;
  std::vector<std::string> moves;
  state.legal_events(moves);
  const MoveCells before = start.drawing()->move_cells(state.turn_in_progress());
  for (const auto& m : moves) {
    const MoveCells cells = event_cells(state, start, before, m);
    if (cells.from.size() != 1 || cells.to.size() != 1 || cells.from[0] != from) continue;
    auto next = state.clone();
    std::string turn;
    if (next->apply(m, &turn)) continue;
    so_far.push_back(m);
    if (cells.to[0] == to) out.push_back(so_far);
    else if (turn.empty()) paths_between(*next, start, cells.to[0], to, so_far, out, room);
    so_far.pop_back();
    if (out.size() >= room) return;
  }
}

// `text` with its first (`last`: last) cell name `name` replaced by `with`:
// a whole name, not the start of a longer one (A1 of A10, Lane's a of the
// grid's a1: no digit follows it); false when it is not there.
bool replace_cell(std::string& text, const std::string& name, const std::string& with, bool last) {
  const auto whole = [&](std::size_t at) {
    const std::size_t end = at + name.size();
    return end >= text.size() || !std::isdigit(static_cast<unsigned char>(text[end]));
  };
  std::size_t at = last ? text.rfind(name) : text.find(name);
  while (at != std::string::npos && !whole(at)) at = last ? (at ? text.rfind(name, at - 1) : std::string::npos) : text.find(name, at + 1);
  if (at == std::string::npos) return false;
  text.replace(at, name.size(), with);
  return true;
}

}  // namespace

/// Why no listed event at the turn being entered at position `path` of
/// game `index` (its events so far `events_json`) starts at cell `cell`
/// (`from` empty), or, from the cell `from`, goes to `cell`: the engine's
/// reason (State::apply) for an event as the listed ones are written, with
/// `cell` in the place of the cell they leave (or reach): Tâb's "no kelb of
/// South stands on a", Seega's "no piece is placed on the centre (Walker
/// 2011, rule 3; Lane 1836)". {reason, code} (empty when the engine takes
/// such an event, or no listed event names a cell there), or {error}.
std::string why_not_at(std::uint32_t index, const std::string& path_text, const std::string& events_json,
                       const std::string& from, const std::string& cell) {
  SessionTurn t;
  if (std::string e = session_turn(index, path_text, events_json, t); !e.empty()) return dump(error_json(e));
  const State& state = *t.pos.state;
  const State& start = t.start();
  if (state.is_terminal() || state.to_move() == Actor::chance || !start.drawing()) return "{}";
  std::vector<std::string> moves;
  state.legal_events(moves);
  const bool by_event = turn_by_event(state, moves);
  const MoveCells before = by_event ? start.drawing()->move_cells(state.turn_in_progress()) : MoveCells{};
  for (const auto& m : moves) {
    const MoveCells cells = by_event ? event_cells(state, start, before, m) : state.drawing()->move_cells(m);
    // The cell the event starts at: the one a piece leaves, else the first it fills (a Seega placement).
    const std::vector<std::string>& starts = cells.from.empty() ? cells.to : cells.from;
    std::string text = m;
    if (starts.empty() || (from.empty() ? !replace_cell(text, starts.front(), cell, false)
                                        : starts.front() != from || cells.to.empty() ||
                                              !replace_cell(text, cells.to.back(), cell, true)))
      continue;
    auto next = state.clone();
    if (Error e = next->apply(text)) return dump(ordered_json{{"reason", e.reason}, {"code", code_id(e.code)}});
  }
  return "{}";
}

/// The uses that take the piece on cell `from` to cell `to` one after
/// another in the turn being entered at position `path` of game `index`
/// (its events so far `events_json`, as eventAt() takes them), each a
/// listed event (State::legal_events) leaving the cell the one before
/// reached: Lane's "táb and four and two" take the kelb on I to Q by 1I-K,
/// 4K-O, 2O-Q (or 1I-K, 2K-M, 4M-Q), in the order the events are listed
/// (the throws' order). {paths: [[events...], ...] (at most 8; none: []),
/// same: every path leaves the same position}, or {error}.
std::string paths_at(std::uint32_t index, const std::string& path_text, const std::string& events_json,
                     const std::string& from, const std::string& to) {
  SessionTurn t;
  if (std::string e = session_turn(index, path_text, events_json, t); !e.empty()) return dump(error_json(e));
  const notation::NodePosition& pos = t.pos;
  std::vector<std::string> chain;
  std::vector<std::vector<std::string>> paths;
  if (!pos.state->is_terminal() && pos.state->to_move() != Actor::chance)
    paths_between(*pos.state, t.start(), from, to, chain, paths, 8);
  // The same move whichever way (nothing taken on the way): every path
  // leaves a State equal to the first's.
  bool same = !paths.empty();
  std::unique_ptr<State> first;
  for (const auto& p : paths) {
    auto s = pos.state->clone();
    for (const auto& e : p) s->apply(e);
    if (!first) first = std::move(s);
    else same = same && s->equals(*first);
  }
  return dump(ordered_json{{"paths", paths}, {"same", same}});
}

}  // namespace beyt::studio

EMSCRIPTEN_BINDINGS(beyt) {
  using namespace beyt::studio;
  emscripten::function("validate", &validate);
  emscripten::function("outline", &outline);
  emscripten::function("view", &view);
  emscripten::function("legalEvents", &legal_events);
  emscripten::function("enter", &enter);
  emscripten::function("event", &event);
  emscripten::function("format", &format);
  emscripten::function("convert", &convert);
  emscripten::function("plate", &plate);
  emscripten::function("viewer", &viewer);
  emscripten::function("newRecord", &new_record);
  emscripten::function("games", &games);
  emscripten::function("exampleRecord", &example_record);
  emscripten::function("rules", &rules);
  emscripten::function("hasXml", &has_xml);
  emscripten::function("formats", &formats);
  emscripten::function("check", &check);
  emscripten::function("checkBytes", &check_bytes);
  emscripten::function("checkWindow", &check_window);
  emscripten::function("checkMore", &check_more);
  emscripten::function("problems", &problems);
  emscripten::function("gameAt", &game_at);
  emscripten::function("gameOutline", &game_outline);
  emscripten::function("gameMoves", &game_moves);
  emscripten::function("viewAt", &view_at);
  emscripten::function("enterAt", &enter_at);
  emscripten::function("eventAt", &event_at);
  emscripten::function("throwAt", &throw_at);
  emscripten::function("pathsAt", &paths_at);
  emscripten::function("whyNotAt", &why_not_at);
}
