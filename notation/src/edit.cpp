// A record written move by move (beyt/notation/edit.hpp).
#include "beyt/notation/edit.hpp"

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

}  // namespace

Diagnostic enter_move(GameRecord& record, const std::string& file, std::uint32_t index, const NodePath& at,
                      std::string_view move, NodePath& reached) {
  const Node* node = nullptr;
  std::string why;
  if (!locate(record, at, node, why)) return failure(record, file, index, Code::move_syntax, why);
  NodePosition pos;
  if (Diagnostic d = replay_to(record, file, index, at, pos)) {
    // A result that does not fit the moves yet (E401..E404) is what entering
    // the rest of the game puts right.
    if (!pos.state || d.code < Code::result_mismatch || d.code > Code::barrier_count) return d;
  }
  std::string canonical;
  if (Error e = pos.state->check(move, canonical)) {
    Diagnostic d = failure(record, file, index, e.code, e.reason);
    d.turn = at.steps.back() + 1;
    d.player = pos.state->player_label();
    return d;
  }
  std::size_t next = 0;
  Line& line = line_of(record, at, next);
  NodePath after = at;
  const std::uint32_t turn = ++after.steps.back();  // the turn the move is
  reached = after;
  if (next == line.size()) {
    Node added;
    added.move = canonical;
    line.push_back(std::move(added));
  } else {
    Node& following = line[next];
    // The same move: the same canonical text, or, where no throw comes
    // first (a throw makes the turn another event), the same position
    // reached (Seega's two placements in either order).
    auto played = pos.state->clone();
    played->play(canonical);
    const bool by_text = !pos.state->chance_outcomes().empty();
    std::string other;
    const auto same = [&](const std::string& text) {
      if (pos.state->check(text, other)) return false;
      if (other == canonical) return true;
      if (by_text) return false;
      auto there = pos.state->clone();
      return !there->play(other) && there->equals(*played);
    };
    if (!same(following.move)) {
      std::size_t k = 0;
      while (k < following.variations.size() && !(!following.variations[k].empty() && same(following.variations[k][0].move)))
        ++k;
      if (k == following.variations.size()) {
        Node added;
        added.move = canonical;
        following.variations.push_back(Line{std::move(added)});
      }
      reached.steps.push_back(static_cast<std::uint32_t>(k + 1));
      reached.steps.push_back(turn);
    }
  }
  // The end of the main line: a game over there gets its outcome as result.
  if (reached.main_line() && reached.steps[0] == record.moves.size()) {
    auto state = pos.state->clone();
    if (!state->play(canonical) && state->is_terminal()) {
      record.result = std::string(result_token(state->outcome()));
      if (record.find_tag("Result")) record.set_tag("Result", record.result);
    }
  }
  return {};
}

}  // namespace beyt::notation
