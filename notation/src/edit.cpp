// A record written move by move (beyt/notation/edit.hpp).
#include "beyt/notation/edit.hpp"

#include "beyt/chars.hpp"
#include "beyt/notation/json.hpp"
#include "beyt/notation/replay.hpp"

namespace beyt::notation {
namespace {

// The line that holds the position `path` names (locate() has accepted it),
// and in `next` the index in it of the move after that position.
Line& line_of(GameRecord& record, const NodePath& path, std::size_t& next) {
  Line* line = &record.moves;
  std::uint32_t base = 1;  // turn number of (*line)[0]
  for (std::size_t i = 0; i + 1 < path.steps.size(); i += 2) {
    const std::uint32_t turn = path.steps[i];
    line = &(*line)[turn - base].variations[path.steps[i + 1] - 1];
    base = turn;
  }
  next = path.steps.back() + 1 - base;
  return *line;
}

Diagnostic failure(const GameRecord& record, const std::string& file, std::uint32_t index, Code code,
                   std::string reason) {
  Diagnostic d;
  d.code = code;
  d.reason = std::move(reason);
  d.file = file;
  d.game = index;
  d.loc = record.loc;
  return d;
}

// Sets the result token, and the Result tag where the record has one.
void set_result(GameRecord& record, std::string_view token) {
  record.result = std::string(token);
  if (record.find_tag("Result")) record.set_tag("Result", record.result);
}

// Puts `canonical` (a turn that State::check accepted at `before`, the
// position at `at`) into the record after `at`, as enter_move says, and
// `reached` the path of the turn. False, with nothing changed, where it
// would open a variation nested deeper than kMaxVariationDepth.
bool insert_turn(GameRecord& record, const NodePath& at, const State& before, const std::string& canonical,
                 NodePath& reached) {
  std::size_t next = 0;
  Line& line = line_of(record, at, next);
  NodePath after = at;
  const std::uint32_t turn = ++after.steps.back();  // the turn the move is
  if (next == line.size()) {
    Node added;
    added.move = canonical;
    line.push_back(std::move(added));
    reached = after;
    return true;
  }
  Node& following = line[next];
  // The same move: the same canonical text, or, where no throw comes
  // first (a throw makes the turn another event), the same position
  // reached (Seega's two placements in either order).
  auto played = before.clone();
  played->play_turn(canonical);
  const bool by_text = !before.chance_outcomes().empty();
  std::string other;
  const auto same = [&](const std::string& text) {
    if (before.check_turn(text, other)) return false;
    if (other == canonical) return true;
    if (by_text) return false;
    auto there = before.clone();
    return !there->play_turn(other) && there->equals(*played);
  };
  reached = after;
  if (same(following.move)) return true;
  std::size_t k = 0;
  while (k < following.variations.size() && !(!following.variations[k].empty() && same(following.variations[k][0].move)))
    ++k;
  if (k == following.variations.size()) {
    if ((at.steps.size() - 1) / 2 + 1 > kMaxVariationDepth) return false;
    Node added;
    added.move = canonical;
    following.variations.push_back(Line{std::move(added)});
  }
  reached.steps.push_back(static_cast<std::uint32_t>(k + 1));
  reached.steps.push_back(turn);
  return true;
}

// The refusal of a turn that would open a variation nested too deep.
Diagnostic too_deep(const GameRecord& record, const std::string& file, std::uint32_t index, std::uint32_t turn) {
  Diagnostic d = failure(record, file, index, Code::move_syntax,
                         "variations nested deeper than " + std::to_string(kMaxVariationDepth) +
                             " levels: no reader accepts them (NOTATION.md section 2)");
  d.turn = turn;
  return d;
}

// The position `at` for an edit: locate() and replay_to(); a result that
// does not fit the moves yet (E401..E404) is what entering the rest of the
// game puts right.
Diagnostic position_at(const GameRecord& record, const std::string& file, std::uint32_t index, const NodePath& at,
                       NodePosition& pos) {
  const Node* node = nullptr;
  std::string why;
  if (!locate(record, at, node, why)) return failure(record, file, index, Code::move_syntax, why);
  if (Diagnostic d = replay_to(record, file, index, at, pos))
    if (!pos.state || d.code < Code::result_mismatch || d.code > Code::barrier_count) return d;
  return {};
}

// The move's own error at the position `state` (turn `turn`).
Diagnostic move_failure(const GameRecord& record, const std::string& file, std::uint32_t index, const Error& e,
                        std::uint32_t turn, const State& state) {
  Diagnostic d = failure(record, file, index, e.code, e.reason);
  d.turn = turn;
  d.player = state.player_label();
  return d;
}

// The end of a line that `reached` names is the end of the main line, and
// the game is over there: the result becomes the engine's.
void result_at_end(GameRecord& record, const NodePath& reached, const State& state) {
  if (reached.main_line() && reached.steps[0] == record.moves.size() && state.is_terminal())
    set_result(record, result_token(state.outcome()));
}

// The position at the end of the main line, or null when it does not replay.
std::unique_ptr<State> main_line_end(const GameRecord& record, const std::string& file, std::uint32_t index) {
  NodePosition pos;
  if (replay_to(record, file, index, NodePath{{static_cast<std::uint32_t>(record.moves.size())}}, pos)) return nullptr;
  return std::move(pos.state);
}

// The main line of `record` changed; `old_end` is where it ended before
// (null: it did not replay). reorder_alternatives says what follows.
void settle_result(GameRecord& record, const State* old_end, const std::string& file, std::uint32_t index) {
  const auto end = main_line_end(record, file, index);
  if (end && end->is_terminal())
    set_result(record, result_token(end->outcome()));
  else if (old_end && old_end->is_terminal())
    set_result(record, "*");
}

// The point of the alternative that starts with the move `path` names: the
// path of the line's own move there (`point`), and which alternative `path`
// is (0: the line's own move; v: its variation v).
bool alternative_of(const GameRecord& record, const NodePath& path, NodePath& point, std::size_t& alternative,
                    std::string& why) {
  const Node* node = nullptr;
  if (!locate(record, path, node, why)) return false;
  if (!node) {
    why = "turn 0 is the start: it has no move";
    return false;
  }
  const auto& s = path.steps;
  if (s.size() >= 3 && s[s.size() - 1] == s[s.size() - 3]) {  // "12.1.12": a variation's first move
    point.steps.assign(s.begin(), s.end() - 2);
    alternative = s[s.size() - 2];
  } else {
    point = path;
    alternative = 0;
  }
  return true;
}

// Takes the alternatives at the move `point` names out of their line: the
// line's own move and what follows it first, then each variation of that
// move. The line keeps what comes before the point.
std::vector<Line> take_alternatives(GameRecord& record, const NodePath& point, Line*& line) {
  std::size_t next = 0;
  line = &line_of(record, point, next);
  const auto at = line->begin() + static_cast<std::ptrdiff_t>(next - 1);
  std::vector<Line> alternatives(1);
  alternatives[0].assign(std::make_move_iterator(at), std::make_move_iterator(line->end()));
  line->erase(at, line->end());
  std::vector<Line> variations = std::move(alternatives[0][0].variations);
  alternatives[0][0].variations.clear();
  for (auto& v : variations) alternatives.push_back(std::move(v));
  return alternatives;
}

// Puts `alternatives` back at the end of `line`: the first goes on as the
// line, the others become the variations of its first move (before the
// variations that move had of its own).
void put_alternatives(Line& line, std::vector<Line>& alternatives) {
  Node& first = alternatives[0][0];
  std::vector<Line> own = std::move(first.variations);
  first.variations.assign(std::make_move_iterator(alternatives.begin() + 1),
                          std::make_move_iterator(alternatives.end()));
  for (auto& v : own) first.variations.push_back(std::move(v));
  line.insert(line.end(), std::make_move_iterator(alternatives[0].begin()),
              std::make_move_iterator(alternatives[0].end()));
}

// An edit of the alternatives at the point of a move: the record's copy
// with them taken out (take_alternatives), and where the main line ended
// before (when the point is on it).
struct PointEdit {
  NodePath point;
  std::size_t which = 0;  // the alternative the move starts
  std::unique_ptr<State> old_end;
  GameRecord edited;
  Line* line = nullptr;   // in `edited`
  std::vector<Line> alternatives;
};

Diagnostic take_point(const GameRecord& record, const std::string& file, std::uint32_t index, const NodePath& path,
                      PointEdit& at) {
  std::string why;
  if (!alternative_of(record, path, at.point, at.which, why)) return failure(record, file, index, Code::move_syntax, why);
  if (at.point.main_line()) at.old_end = main_line_end(record, file, index);
  at.edited = record;
  at.alternatives = take_alternatives(at.edited, at.point, at.line);
  return {};
}

}  // namespace

Diagnostic enter_move(GameRecord& record, const std::string& file, std::uint32_t index, const NodePath& at,
                      std::string_view move, NodePath& reached) {
  NodePosition pos;
  if (Diagnostic d = position_at(record, file, index, at, pos)) return d;
  std::string canonical;
  if (Error e = pos.state->check_turn(move, canonical))
    return move_failure(record, file, index, e, at.steps.back() + 1, *pos.state);
  if (!insert_turn(record, at, *pos.state, canonical, reached)) return too_deep(record, file, index, at.steps.back() + 1);
  pos.state->play_turn(canonical);
  result_at_end(record, reached, *pos.state);
  return {};
}

Expected<GameRecord, Diagnostic> new_record(std::string_view game, std::string_view rules, std::string_view setup) {
  GameRecord record;
  for (auto name : kRoster) record.set_tag(name, std::string(roster_default(name)));  // as the canonical form has it
  const Game* found = find_game(game);
  record.set_tag("Game", found ? std::string(found->name()) : std::string(game));
  if (!rules.empty()) record.set_tag("Rules", found ? spell_rules(*found, rules) : std::string(rules));
  if (!setup.empty()) record.set_tag("SetUp", std::string(setup));
  Replay replayed;
  ReplayOptions options;
  options.variations = false;
  if (Diagnostic d = replay(record, "", 1, options, replayed)) return unexpected(std::move(d));
  return record;
}

Diagnostic enter_moves(GameRecord& record, const std::string& file, std::uint32_t index, const NodePath& at,
                       const std::vector<std::string>& moves, NodePath& reached, MoveFault* fault) {
  NodePosition pos;
  if (Diagnostic d = position_at(record, file, index, at, pos)) return d;
  GameRecord edited = record;  // the record changes only when every move goes in
  std::unique_ptr<State> state = std::move(pos.state);
  std::unique_ptr<State> turn_start = state->clone();
  NodePath here = at;
  std::string turn;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const std::string& move = moves[i];
    const std::uint32_t number = here.steps.back() + 1;
    Error e;
    if (!state->mid_turn()) {
      const Error whole = state->check_turn(move, turn);
      if (!whole) state->play_turn(turn);
      else if (state->apply(move, &turn)) e = whole;
    } else {
      e = state->apply(move, &turn);
    }
    if (e) {
      if (fault) *fault = MoveFault{i, e.offset};
      return move_failure(record, file, index, e, number, *state);
    }
    if (turn.empty()) continue;  // the turn goes on
    if (!insert_turn(edited, here, *turn_start, turn, here)) {
      if (fault) *fault = MoveFault{i, 0};
      return too_deep(record, file, index, number);
    }
    turn_start = state->clone();
  }
  if (state->mid_turn()) {
    Diagnostic d = failure(record, file, index, Code::wrong_phase,
                           "the moves end in the middle of turn " + std::to_string(here.steps.back() + 1) + " (" +
                               state->turn_in_progress() + " so far): give the rest of its events");
    d.turn = here.steps.back() + 1;
    d.player = state->player_label();
    return d;
  }
  result_at_end(edited, here, *state);
  record = std::move(edited);
  reached = here;
  return {};
}

Node* node_at(GameRecord& record, const NodePath& path, std::string& why) {
  const Node* node = nullptr;
  if (!locate(record, path, node, why)) return nullptr;
  if (!node) why = "turn 0 is the start: it has no move";
  return const_cast<Node*>(node);  // locate() found it in `record`, which is ours to change
}

Diagnostic reorder_alternatives(GameRecord& record, const std::string& file, std::uint32_t index,
                                const NodePath& path, Reorder how, NodePath& moved) {
  PointEdit at;
  if (Diagnostic d = take_point(record, file, index, path, at)) return d;
  auto& alternatives = at.alternatives;
  const std::size_t from = at.which;
  const std::size_t last = alternatives.size() - 1;
  const std::string where = "turn " + path.text();
  std::size_t to = from;
  switch (how) {
    case Reorder::promote:
      if (from == 0) return failure(record, file, index, Code::move_syntax, where + " is the first alternative already");
      to = from - 1;
      break;
    case Reorder::demote:
      if (from == last) return failure(record, file, index, Code::move_syntax, where + " is the last alternative already");
      to = from + 1;
      break;
    case Reorder::promote_to_main:
      to = 0;
      break;
  }
  Line taken = std::move(alternatives[from]);
  alternatives.erase(alternatives.begin() + static_cast<std::ptrdiff_t>(from));
  alternatives.insert(alternatives.begin() + static_cast<std::ptrdiff_t>(to), std::move(taken));
  put_alternatives(*at.line, alternatives);
  moved = at.point;
  if (to > 0) {
    moved.steps.push_back(static_cast<std::uint32_t>(to));
    moved.steps.push_back(at.point.steps.back());
  }
  if (at.point.main_line() && (from == 0 || to == 0)) settle_result(at.edited, at.old_end.get(), file, index);
  record = std::move(at.edited);
  return {};
}

Diagnostic remove_moves(GameRecord& record, const std::string& file, std::uint32_t index, const NodePath& path) {
  PointEdit at;
  if (Diagnostic d = take_point(record, file, index, path, at)) return d;
  auto& alternatives = at.alternatives;
  const std::size_t which = at.which;
  // A variation's first move may hold variations of its own: they stay.
  std::vector<Line> own;
  if (which > 0) own = std::move(alternatives[which][0].variations);
  alternatives.erase(alternatives.begin() + static_cast<std::ptrdiff_t>(which));
  alternatives.insert(alternatives.begin() + static_cast<std::ptrdiff_t>(which), std::make_move_iterator(own.begin()),
                      std::make_move_iterator(own.end()));
  if (!alternatives.empty()) put_alternatives(*at.line, alternatives);
  if (at.point.main_line() && which == 0) settle_result(at.edited, at.old_end.get(), file, index);
  record = std::move(at.edited);
  return {};
}

namespace {

// Why `text` cannot stand in `field` (chars::check), for a message naming it
// `what`; empty when it can.
std::string character_fault(std::string_view text, chars::Field field, const std::string& what) {
  const chars::Problem p = chars::check(text, field);
  if (!p) return {};
  if (p.bad_utf8) return what + " is not valid UTF-8 (byte " + std::to_string(p.offset) + ")";
  return what + " holds " + chars::why_not(p.cp, field) + ": no record may hold it (NOTATION.md section 11)";
}

}  // namespace

std::string tag_fault(std::string_view name, std::string_view value) {
  if (std::string_view p = tag_name_problem(name); !p.empty())
    return "the tag name '" + chars::excerpt(name) + "' " + std::string(p) + " (NOTATION.md section 3)";
  const std::string what = "the value of tag " + std::string(name);
  if (std::string why = character_fault(value, chars::Field::tag_value, what); !why.empty()) return why;
  Result result;
  if (name == "Result" && !parse_result_token(value, result))
    return "the Result tag is 1-0, 0-1, 1/2-1/2 or *, not '" + chars::excerpt(value) + "'";
  return {};
}

std::string comment_fault(std::string_view comment) {
  if (std::string why = character_fault(comment, chars::Field::comment, "the comment"); !why.empty()) return why;
  if (std::string_view p = comment_problem(comment); !p.empty())
    return "the comment " + std::string(p) + ": the text notation cannot write it (NOTATION.md section 10)";
  return {};
}

}  // namespace beyt::notation
