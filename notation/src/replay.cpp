// The validator's replay (beyt/notation/replay.hpp).
#include "beyt/notation/replay.hpp"

#include <algorithm>
#include <array>

namespace beyt::notation {
namespace {

// Termination values (NOTATION.md section 3). "normal" and absent mean the
// result must be the replayed outcome; the game-decided ones go to the engine.
constexpr std::array<std::string_view, 4> kFreeTerminations{"agreement", "resignation", "abandoned",
                                                           "adjudication"};

struct Context {
  const GameRecord& record;
  const std::string& file;
  std::uint32_t game_index;
  const ReplayOptions& options;
};

Diagnostic make(const Context& ctx, Code code, std::string reason, SourceLoc loc) {
  Diagnostic d;
  d.code = code;
  d.reason = std::move(reason);
  d.file = ctx.file;
  d.loc = std::move(loc);
  d.game = ctx.game_index;
  return d;
}

// Place of byte `offset` inside a tag's value.
SourceLoc value_place(const TagPair& tag, std::uint32_t offset) {
  SourceLoc loc = tag.value_loc.line > 0 ? tag.value_loc : tag.loc;
  loc.column = column_at(tag.value, loc.column, offset);
  loc.offset += std::min<std::size_t>(offset, tag.value.size());  // the character of the column
  return loc;
}

Diagnostic resolve_game(const Context& ctx, Replay& out) {
  const TagPair* tag = ctx.record.find_tag("Game");
  std::string_view name = tag ? std::string_view(tag->value) : std::string_view(ctx.options.default_game);
  if (name.empty())
    return make(ctx, Code::missing_game,
                "no Game tag: say which game this is ([Game \"seega\"]) or pass --game", ctx.record.loc);
  out.game = find_game(name);
  if (!out.game) {
    std::string names;
    for (const Game* g : game_table()) names += (names.empty() ? "" : ", ") + std::string(g->name());
    return make(ctx, Code::unknown_game, "unknown game '" + std::string(name) + "' (games: " + names + ")",
                tag ? value_place(*tag, 0) : ctx.record.loc);
  }
  const TagPair* rules = ctx.record.find_tag("Rules");
  if (Error e = out.game->parse_rules(rules ? std::string_view(rules->value) : "", out.rules))
    return make(ctx, e.code, "Rules: " + e.reason, rules ? value_place(*rules, e.offset) : ctx.record.loc);
  const TagPair* setup = ctx.record.find_tag("SetUp");
  if (Error e = out.game->new_state(out.rules, setup ? std::string_view(setup->value) : "", out.state)) {
    out.state.reset();
    if (e.code == Code::bad_rules) {
      return make(ctx, e.code, "Rules: " + e.reason, rules ? value_place(*rules, 0) : ctx.record.loc);
    }
    return make(ctx, e.code, "SetUp: " + e.reason, setup ? value_place(*setup, e.offset) : ctx.record.loc);
  }
  return {};
}

// "YYYY.MM.DD", each part digits or all '?' (PGN's Date form).
bool date_ok(std::string_view v) {
  if (v.size() != 10 || v[4] != '.' || v[7] != '.') return false;
  auto part = [&](std::size_t from, std::size_t n) {
    bool digits = true, unknown = true;
    for (std::size_t i = from; i < from + n; ++i) {
      digits = digits && v[i] >= '0' && v[i] <= '9';
      unknown = unknown && v[i] == '?';
    }
    return digits || unknown;
  };
  return part(0, 4) && part(5, 2) && part(8, 2);
}

// Tags whose values beyt reads (NOTATION.md section 3), besides Game/Rules/SetUp.
Diagnostic check_tags(const Context& ctx) {
  Result ignored;
  if (const TagPair* r = ctx.record.find_tag("Result"); r && !parse_result_token(r->value, ignored))
    return make(ctx, Code::bad_tag_value,
                "Result \"" + r->value + "\" is not a result: write 1-0, 0-1, 1/2-1/2 or *", value_place(*r, 0));
  if (const TagPair* d = ctx.record.find_tag("Date"); d && !date_ok(d->value))
    return make(ctx, Code::bad_tag_value,
                "Date \"" + d->value + "\" is not YYYY.MM.DD (write ?? for unknown parts: 1835.??.?" "?)",
                value_place(*d, 0));
  return {};
}

Diagnostic move_error(const Context& ctx, const Node& node, const Error& e, std::uint32_t turn,
                      const State& state) {
  SourceLoc loc = node.loc;
  loc.column = column_at(node.move, loc.column, e.offset);
  loc.offset += std::min<std::size_t>(e.offset, node.move.size());
  Diagnostic d = make(ctx, e.code, e.reason, std::move(loc));
  d.turn = turn;
  if (state.to_move() != Actor::none) d.player = state.player_label();
  return d;
}

// Replays `line` from `state`, turn numbers from `first_turn`. Variations are
// replayed from a copy of the state before the move they replace. `last`
// (main line only) points to the last Node played; replay() copies its move
// text once, not at every turn.
Diagnostic replay_line(const Context& ctx, const Line& line, State& state, std::uint32_t first_turn,
                       std::uint32_t limit, std::uint32_t* played, const Node** last) {
  // `played` and `last` are written once, when the line stops (i turns played).
  auto stop = [&](std::size_t i) {
    if (i == 0) return;
    if (played) *played = static_cast<std::uint32_t>(i);
    if (last) *last = &line[i - 1];
  };
  const std::size_t count = std::min<std::size_t>(line.size(), limit);
  const bool plain = !ctx.options.strict;  // a turn without variations is then one play()
  std::string canonical;
  for (std::size_t i = 0; i < count; ++i) {
    const Node& node = line[i];
    const auto turn = first_turn + static_cast<std::uint32_t>(i);
    if (plain && node.variations.empty()) [[likely]] {
      if (Error e = state.play(node.move)) {
        stop(i);
        return move_error(ctx, node, e, turn, state);
      }
      continue;
    }
    std::unique_ptr<State> before;
    if (ctx.options.variations && !node.variations.empty()) before = state.clone();
    if (ctx.options.strict) {  // the canonical form needs a second resolution: only when asked
      Error e = state.check(node.move, canonical);
      if (!e && canonical != node.move)
        e = Error{Code::strict_move_form, "strict: write '" + canonical + "' (the canonical form)", 0};
      if (e) {
        stop(i);
        return move_error(ctx, node, e, turn, state);
      }
    }
    if (Error e = state.play(node.move)) {
      stop(i);
      return move_error(ctx, node, e, turn, state);
    }
    for (const Line& variation : node.variations) {
      if (!before) break;
      auto copy = before->clone();
      if (Diagnostic d = replay_line(ctx, variation, *copy, turn, UINT32_MAX, nullptr, nullptr)) {
        stop(i + 1);
        return d;
      }
    }
  }
  stop(count);
  return {};
}

Diagnostic check_result(const Context& ctx, Replay& out) {
  const GameRecord& record = ctx.record;
  const TagPair* result_tag = record.find_tag("Result");
  if (result_tag && result_tag->value != record.result)
    return make(ctx, Code::result_token_mismatch,
                "the result after the moves is " + record.result + " but the Result tag says " +
                    result_tag->value,
                record.result_loc);
  Result claimed;
  if (!parse_result_token(record.result, claimed))
    return make(ctx, Code::bad_tag_value, "'" + record.result + "' is not a result (1-0, 0-1, 1/2-1/2, *)",
                record.result_loc);
  SourceLoc where = result_tag ? value_place(*result_tag, 0) : record.result_loc;
  const TagPair* termination = record.find_tag("Termination");
  std::string_view how = termination ? std::string_view(termination->value) : "normal";
  const State& state = *out.state;
  if (how == "normal") {
    Result actual = state.outcome();
    if (actual == claimed) return {};
    if (claimed == Result::unfinished && state.is_terminal()) {
      // "*" means the result is unknown, not that the game went on: odd, not
      // illegal (docs/ERRORS.md W401); an error only under strict.
      Diagnostic d = make(ctx, Code::finished_unknown_result,
                          "the replayed game is over after turn " + std::to_string(out.turns) + " and ends " +
                              std::string(result_token(actual)) + ", but the result is * (unknown): write " +
                              std::string(result_token(actual)),
                          std::move(where));
      if (ctx.options.strict) return d;
      d.severity = Severity::warning;
      out.warnings.push_back(std::move(d));
      return {};
    }
    std::string reason =
        state.is_terminal()
            ? "the replayed game ends " + std::string(result_token(actual)) + " but the result is " +
                  record.result
            : "the game is not over after turn " + std::to_string(out.turns) + " (" +
                  std::string(actor_name(state.whose_turn())) + " to move), so the result must be * " +
                  "or a Termination tag must say how it ended";
    return make(ctx, Code::result_mismatch, std::move(reason), std::move(where));
  }
  for (auto free : kFreeTerminations)
    if (how == free) return {};
  Result decided;
  if (Error e = state.adjudicate(how, decided))
    return make(ctx, e.code, e.reason, value_place(*termination, 0));
  if (decided != claimed)
    return make(ctx, Code::barrier_count,
                "a " + std::string(how) + " ending here gives " + std::string(result_token(decided)) +
                    ", not " + record.result,
                std::move(where));
  return {};
}

}  // namespace

std::uint32_t column_at(std::string_view text, std::uint32_t start, std::uint32_t offset) noexcept {
  std::uint32_t column = start;
  for (std::size_t i = 0; i < text.size() && i < offset; ++i)
    if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) ++column;
  return column;
}

Diagnostic replay(const GameRecord& record, const std::string& file, std::uint32_t game_index,
                  const ReplayOptions& options, Replay& out) {
  Context ctx{record, file, game_index, options};
  out = Replay{};
  if (Diagnostic d = resolve_game(ctx, out)) return d;
  if (Diagnostic d = check_tags(ctx)) return d;
  bool whole = options.stop_after >= record.moves.size();
  const Node* last = nullptr;
  Diagnostic d = replay_line(ctx, record.moves, *out.state, 1, options.stop_after, &out.turns, &last);
  if (last) out.last_move = last->move;
  if (d) return d;
  if (!whole) return {};
  return check_result(ctx, out);
}

}  // namespace beyt::notation
