// The validator's replay (beyt/notation/replay.hpp).
#include "beyt/notation/replay.hpp"

#include <algorithm>
#include <array>
#include <vector>

#include "beyt/chars.hpp"
#include "beyt/notation/select.hpp"

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

// A tag of the record whose name is `name` but for its case ([game "seega"]
// for Game), or null.
const TagPair* case_twin(const GameRecord& record, std::string_view name) {
  for (const auto& tag : record.tags)
    if (tag.name != name && chars::equal_ignoring_ascii_case(tag.name, name)) return &tag;
  return nullptr;
}

Diagnostic resolve_game(const Context& ctx, Replay& out) {
  const TagPair* tag = ctx.record.find_tag("Game");
  std::string_view name = tag ? std::string_view(tag->value) : std::string_view(ctx.options.default_game);
  if (name.empty()) {
    if (const TagPair* twin = case_twin(ctx.record, "Game"))
      return make(ctx, Code::missing_game,
                  "no Game tag: tag names are case-sensitive, so [" + chars::excerpt(twin->name) +
                      " ...] is not read: did you mean [Game \"" + chars::excerpt(twin->value) + "\"]?",
                  twin->loc);
    return make(ctx, Code::missing_game,
                "no Game tag: say which game this is ([Game \"seega\"]) or pass --game", ctx.record.loc);
  }
  out.game = find_game(name);  // in any case of its letters (NOTATION.md section 3)
  if (!out.game) {
    std::string names;
    for (const Game* g : game_table()) names += (names.empty() ? "" : ", ") + std::string(g->name());
    return make(ctx, Code::unknown_game, "unknown game '" + chars::excerpt(name) + "' (games: " + names + ")",
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

// Tags whose values beyt reads (NOTATION.md section 3), besides Game/Rules/SetUp.
Diagnostic check_tags(const Context& ctx) {
  Result ignored;
  if (const TagPair* r = ctx.record.find_tag("Result"); r && !parse_result_token(r->value, ignored))
    return make(ctx, Code::bad_tag_value,
                "Result \"" + chars::excerpt(r->value) + "\" is not a result: write 1-0, 0-1, 1/2-1/2 or *",
                value_place(*r, 0));
  if (const TagPair* d = ctx.record.find_tag("Date")) {
    Date date;
    std::string why;
    std::uint32_t offset = 0;
    if (!parse_date(d->value, date, why, offset))
      return make(ctx, Code::bad_tag_value, "Date \"" + chars::excerpt(d->value) + "\": " + why,
                  value_place(*d, offset));
  }
  return {};
}

// W201 for each tag named as a known one but for its case ([date "..."]):
// beyt does not read it. Under strict the first is the error.
Diagnostic check_tag_names(const Context& ctx, Replay& out) {
  for (const auto& tag : ctx.record.tags) {
    const std::string_view twin = known_tag_twin(tag.name);
    if (twin.empty()) continue;
    Diagnostic d = make(ctx, Code::tag_name_case,
                        "tag names are case-sensitive, so [" + chars::excerpt(tag.name) +
                            " ...] is not read: did you mean [" + std::string(twin) + " ...]?",
                        tag.loc);
    if (ctx.options.strict) return d;
    d.severity = Severity::warning;
    out.warnings.push_back(std::move(d));
  }
  return {};
}

// Strict: the Game and Rules values in their canonical spelling (E124).
Diagnostic check_spelling(const Context& ctx, const Replay& out) {
  if (const TagPair* g = ctx.record.find_tag("Game"); g && g->value != out.game->name())
    return make(ctx, Code::strict_spelling,
                "strict: write [Game \"" + std::string(out.game->name()) + "\"] (the canonical spelling)",
                value_place(*g, 0));
  if (const TagPair* r = ctx.record.find_tag("Rules")) {
    const std::string spelled = spell_rules(*out.game, r->value);
    if (spelled != r->value) {
      std::uint32_t at = 0;
      while (at < spelled.size() && spelled[at] == r->value[at]) ++at;
      return make(ctx, Code::strict_spelling,
                  "strict: write [Rules \"" + chars::excerpt(spelled) + "\"] (the canonical spelling)",
                  value_place(*r, at));
    }
  }
  return {};
}

// Rewrites text[from, to) to the spelling of `known` it equals but for case.
void respell(std::string& text, std::size_t from, std::size_t to, const std::vector<std::string_view>& known) {
  const std::string_view word(text.data() + from, to - from);
  for (auto name : known)
    if (chars::equal_ignoring_ascii_case(name, word)) {
      text.replace(from, to - from, name);
      return;
    }
}

bool is_blank(char c) noexcept { return c == ' ' || c == '\t'; }

// The span [from, to) of `text` without its blanks at both ends.
void trim(std::string_view text, std::size_t& from, std::size_t& to) {
  while (from < to && is_blank(text[from])) ++from;
  while (to > from && is_blank(text[to - 1])) --to;
}

constexpr std::string_view kOtherKnownTags[] = {"Termination", "Annotator", "Cells"};

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
                  std::string(actor_name(state.to_move())) + " to move), so the result must be * " +
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

bool is_known_tag(std::string_view name) noexcept {
  // kRoster, kAfterRoster and kOtherKnownTags by length (every tag of every
  // game goes through here; a test checks that the lists agree).
  switch (name.size()) {
    case 4: return name == "Site" || name == "Date" || name == "Game";
    case 5:
      return name == "Event" || name == "Round" || name == "South" || name == "North" || name == "Rules" ||
             name == "SetUp" || name == "Cells";
    case 6: return name == "Result" || name == "Source";
    case 9: return name == "Annotator";
    case 11: return name == "Termination";
    default: return false;
  }
}

std::string_view known_tag_twin(std::string_view name) noexcept {
  if (is_known_tag(name)) return {};
  for (auto known : kRoster)
    if (chars::equal_ignoring_ascii_case(known, name)) return known;
  for (auto known : kAfterRoster)
    if (chars::equal_ignoring_ascii_case(known, name)) return known;
  for (auto known : kOtherKnownTags)
    if (chars::equal_ignoring_ascii_case(known, name)) return known;
  return {};
}

std::string spell_rules(const Game& game, std::string_view text) {
  std::string spelled(text);
  std::vector<std::string_view> presets, options;
  for (const auto& p : game.presets()) presets.push_back(p.name);
  for (const auto& o : game.options()) options.push_back(o.name);
  bool first = true;
  for (std::size_t start = 0; start <= spelled.size();) {
    std::size_t end = spelled.find(';', start);
    if (end == std::string::npos) end = spelled.size();
    std::size_t from = start, to = end;
    trim(spelled, from, to);
    const std::size_t eq = spelled.find('=', from);
    if (from == to) {
      // an empty item
    } else if (eq == std::string::npos || eq >= to) {
      if (first) respell(spelled, from, to, presets);
    } else {
      std::size_t name_to = eq, value_from = eq + 1;
      trim(spelled, from, name_to);
      trim(spelled, value_from, to);
      respell(spelled, from, name_to, options);
      for (const auto& o : game.options())
        if (o.name == std::string_view(spelled).substr(from, name_to - from) && !o.values.empty())
          respell(spelled, value_from, to, o.values);
    }
    first = false;
    start = end + 1;
  }
  return spelled;
}

bool spell_game_and_rules(GameRecord& record) {
  bool changed = false;
  const TagPair* tag = record.find_tag("Game");
  const Game* game = tag ? find_game(tag->value) : nullptr;
  if (!game) return false;
  for (auto& t : record.tags) {
    std::string spelled = t.name == "Game" ? std::string(game->name()) : t.name == "Rules" ? spell_rules(*game, t.value) : t.value;
    if (spelled == t.value) continue;
    t.value = std::move(spelled);
    changed = true;
  }
  return changed;
}

Diagnostic replay(const GameRecord& record, const std::string& file, std::uint32_t game_index,
                  const ReplayOptions& options, Replay& out) {
  Context ctx{record, file, game_index, options};
  out = Replay{};
  if (Diagnostic d = resolve_game(ctx, out)) return d;
  if (Diagnostic d = check_tag_names(ctx, out)) return d;
  if (options.strict)
    if (Diagnostic d = check_spelling(ctx, out)) return d;
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
