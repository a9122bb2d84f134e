// The validator's replay (beyt/notation/replay.hpp).
#include "beyt/notation/replay.hpp"

#include <algorithm>
#include <array>
#include <iterator>
#include <utility>
#include <vector>

#include "beyt/chars.hpp"
#include "beyt/names.hpp"
#include "beyt/notation/select.hpp"

#include "error_limit.hpp"

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
  bool variations;  // replay the variations (options.variations, unless the reader spoilt them)
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
    return make(ctx, Code::unknown_game, names::unknown_game(name),
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

// Tags whose values beyt reads (NOTATION.md section 3), besides Game/Rules/SetUp:
// their errors appended to `found`, but for the tags in doubt (ReadTag bits).
// False if the Result tag is one of them or in doubt (no result is checked).
bool check_tags(const Context& ctx, std::uint8_t doubtful, std::vector<Diagnostic>& found) {
  Result ignored;
  const bool result_doubtful = doubtful & static_cast<std::uint8_t>(ReadTag::result);
  const TagPair* r = result_doubtful ? nullptr : ctx.record.find_tag("Result");
  const bool result_ok = !result_doubtful && (!r || parse_result_token(r->value, ignored));
  if (!result_ok && r) {
    const std::string_view meant = meant_result(r->value);
    found.push_back(make(ctx, Code::bad_tag_value,
                         "Result \"" + chars::excerpt(r->value) + "\" is not a result: " +
                             (meant.empty() ? "write 1-0, 0-1, 1/2-1/2 or *"
                                            : "did you mean " + std::string(meant) + "?"),
                         value_place(*r, 0)));
  }
  // The one date grammar of the library (parse_date, select's too): its
  // reason names what to write ("write 1835.03.12").
  if (const TagPair* d = doubtful & static_cast<std::uint8_t>(ReadTag::date) ? nullptr : ctx.record.find_tag("Date")) {
    Date date;
    std::string why;
    std::uint32_t offset = 0;
    if (!parse_date(d->value, date, why, offset))
      found.push_back(make(ctx, Code::bad_tag_value, "Date \"" + chars::excerpt(d->value) + "\": " + why,
                           value_place(*d, offset)));
  }
  return result_ok;
}

// W201 for each tag named as a known one but for its case ([date "..."]):
// beyt does not read it. Appended to `warnings`, or under strict to
// `errors`; not for a [game] when the Game tag is missing (`game_missing`:
// E201 names it already).
void check_tag_names(const Context& ctx, bool game_missing, std::vector<Diagnostic>& warnings,
                     std::vector<Diagnostic>& errors) {
  for (const auto& tag : ctx.record.tags) {
    const std::string_view twin = known_tag_twin(tag.name);
    if (twin.empty() || (game_missing && twin == "Game")) continue;
    Diagnostic d = make(ctx, Code::tag_name_case,
                        "tag names are case-sensitive, so [" + chars::excerpt(tag.name) +
                            " ...] is not read: did you mean [" + std::string(twin) + " ...]?",
                        tag.loc);
    if (ctx.options.strict) {
      errors.push_back(std::move(d));
    } else {
      d.severity = Severity::warning;
      warnings.push_back(std::move(d));
    }
  }
}

// Strict: the Game and Rules values in their canonical spelling (E124),
// appended to `found`.
void check_spelling(const Context& ctx, const Replay& out, std::vector<Diagnostic>& found) {
  if (const TagPair* g = ctx.record.find_tag("Game"); g && g->value != out.game->name())
    found.push_back(make(ctx, Code::strict_spelling,
                         "strict: write [Game \"" + std::string(out.game->name()) + "\"] (the canonical spelling)",
                         value_place(*g, 0)));
  if (const TagPair* r = ctx.record.find_tag("Rules")) {
    const std::string spelled = spell_rules(*out.game, r->value);
    if (spelled != r->value) {
      std::uint32_t at = 0;
      while (at < spelled.size() && spelled[at] == r->value[at]) ++at;
      found.push_back(make(ctx, Code::strict_spelling,
                           "strict: write [Rules \"" + chars::excerpt(spelled) + "\"] (the canonical spelling)",
                           value_place(*r, at)));
    }
  }
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

}  // namespace

// What replay_moves does with ReplayCheckpoints (beyt/notation/replay.hpp).
struct CheckpointsAccess {
  using Point = ReplayCheckpoints::Point;
  static constexpr std::uint8_t kStrict = 1, kVariations = 2;

  static void put(std::string& key, std::size_t count) {
    const auto n = static_cast<std::uint32_t>(count);
    key.append(reinterpret_cast<const char*>(&n), sizeof n);
  }
  static void put(std::string& key, std::string_view s) {
    put(key, s.size());
    key.append(s);
  }
  static void put_line(std::string& key, const Line& line) {
    put(key, line.size());
    for (const Node& node : line) {
      put(key, std::string_view(node.move));
      put(key, node.variations.size());
      for (const Line& v : node.variations) put_line(key, v);
    }
  }
  // What a replay of `record`'s main line depends on, length-prefixed (no
  // two records give the same unless they replay the same): the Game,
  // Rules and SetUp values (resolve_game) and each main-line turn with its
  // variations; ends[k]: the length that covers the turns before k.
  static void encode(const GameRecord& record, const ReplayOptions& options, std::string& key,
                     std::vector<std::size_t>& ends) {
    key.clear();
    ends.clear();
    for (const char* name : {"Game", "Rules", "SetUp"}) {
      const TagPair* t = record.find_tag(name);
      put(key, std::string_view(t ? "+" : "-"));
      put(key, t ? std::string_view(t->value) : std::string_view());
    }
    put(key, std::string_view(options.default_game));
    ends.reserve(record.moves.size() + 1);
    ends.push_back(key.size());
    for (const Node& node : record.moves) {
      put(key, std::string_view(node.move));
      put(key, node.variations.size());
      for (const Line& v : node.variations) put_line(key, v);
      ends.push_back(key.size());
    }
  }

  static std::uint32_t every(const ReplayCheckpoints& c) { return c.every_; }

  static std::uint8_t checks(const Context& ctx) {
    return static_cast<std::uint8_t>((ctx.options.strict ? kStrict : 0) | (ctx.variations ? kVariations : 0));
  }

  // Whether `ctx.record` has a position to keep: a game shorter than that
  // (a short game read between long ones) leaves the positions kept alone.
  static bool worth(const ReplayCheckpoints& c, const Context& ctx) { return ctx.record.moves.size() > c.every_; }

  // The positions kept for `ctx.record` (the others dropped), and the turn
  // to start from, no later than `limit`: `state` is then the position there.
  static std::uint32_t resume(ReplayCheckpoints& c, const Context& ctx, std::uint32_t limit, std::unique_ptr<State>& state) {
    // (Into the buffers of the key before last: a keystroke's replay allocates nothing here.)
    std::string key = std::move(c.spare_key_);
    std::vector<std::size_t> ends = std::move(c.spare_ends_);
    encode(ctx.record, ctx.options, key, ends);
    const std::size_t shorter = std::min(key.size(), c.key_.size());
    const auto same = static_cast<std::size_t>(
        std::mismatch(key.begin(), key.begin() + static_cast<std::ptrdiff_t>(shorter), c.key_.begin()).first - key.begin());
    // A position stays while the turns before it (and the tags) are the same.
    std::erase_if(c.points_, [&](const Point& p) {
      return p.turn >= ends.size() || p.turn >= c.ends_.size() || ends[p.turn] != c.ends_[p.turn] || ends[p.turn] > same;
    });
    c.spare_key_ = std::exchange(c.key_, std::move(key));
    c.spare_ends_ = std::exchange(c.ends_, std::move(ends));
    c.resumed_ = 0;
    const std::uint8_t need = checks(ctx);
    for (auto p = c.points_.rbegin(); p != c.points_.rend(); ++p)
      if (p->turn <= limit && (p->checked & need) == need) {
        state = p->state->clone();
        c.resumed_ = p->turn;
        break;
      }
    return c.resumed_;
  }

  // The position after `turn` main-line turns, replayed with `ctx`'s checks.
  static void keep(ReplayCheckpoints& c, const Context& ctx, std::uint32_t turn, const State& state) {
    const std::uint8_t checked = checks(ctx);
    auto at = std::lower_bound(c.points_.begin(), c.points_.end(), turn,
                               [](const Point& p, std::uint32_t t) { return p.turn < t; });
    if (at != c.points_.end() && at->turn == turn) {
      if ((at->checked & checked) != checked) {  // more checked now
        at->checked = checked;
        at->state = state.clone();
      }
      return;
    }
    c.points_.insert(at, Point{turn, checked, state.clone()});
  }
};

ReplayCheckpoints::~ReplayCheckpoints() = default;

void ReplayCheckpoints::clear() noexcept {
  key_.clear();
  ends_.clear();
  points_.clear();
  resumed_ = 0;
}

namespace {

// Replays `line` from `state`, turn numbers from `first_turn`, from its
// turn `from` on (the position `state` is after the turns before it).
// Variations are replayed from a copy of the state before the move they
// replace. `last` (main line only) points to the last Node played; replay()
// copies its move text once, not at every turn. `keep` (main line only):
// the position after every `every`-th turn kept there.
Diagnostic replay_line(const Context& ctx, const Line& line, State& state, std::uint32_t first_turn,
                       std::uint32_t limit, std::uint32_t* played, const Node** last, std::size_t from = 0,
                       ReplayCheckpoints* keep = nullptr, std::uint32_t every = 0) {
  // `played` and `last` are written once, when the line stops (i turns played).
  auto stop = [&](std::size_t i) {
    if (i == 0) return;
    if (played) *played = static_cast<std::uint32_t>(i);
    if (last) *last = &line[i - 1];
  };
  const std::size_t count = std::min<std::size_t>(line.size(), limit);
  const bool plain = !ctx.options.strict;  // a turn without variations is then one play_turn()
  std::string canonical;
  // The next turn whose position is kept (none: past the end).
  std::size_t mark = keep ? (from / every + 1) * every : SIZE_MAX;
  for (std::size_t i = from; i < count; ++i) {
    if (i == mark) [[unlikely]] {
      CheckpointsAccess::keep(*keep, ctx, static_cast<std::uint32_t>(i), state);
      mark += every;
    }
    const Node& node = line[i];
    if (plain && node.variations.empty()) [[likely]] {
      if (Error e = state.play_turn(node.move)) [[unlikely]] {
        stop(i);
        return move_error(ctx, node, e, first_turn + static_cast<std::uint32_t>(i), state);
      }
      continue;
    }
    const auto turn = first_turn + static_cast<std::uint32_t>(i);
    std::unique_ptr<State> before;
    if (ctx.variations && !node.variations.empty()) before = state.clone();
    if (ctx.options.strict) {  // the canonical form needs a second resolution: only when asked
      Error e = state.check_turn(node.move, canonical);
      if (!e && canonical != node.move)
        e = Error{Code::strict_move_form, "strict: write '" + canonical + "' (the canonical form)", 0};
      if (e) {
        stop(i);
        return move_error(ctx, node, e, turn, state);
      }
    }
    if (Error e = state.play_turn(node.move)) {
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

// The result after the moves: the token (`result` at `result_loc`), or,
// for a text record whose moves end without one, "*" at the end of its
// movetext (`missing`).
struct ResultToken {
  std::string_view result;
  SourceLoc loc;
  bool missing = false;
};

ResultToken result_token_of(const GameRecord& record) {
  ResultToken t{record.result, record.result_loc, false};
  if (record.result_loc.line == 0 && record.moves_end.line > 0) {
    t.loc = record.moves_end;
    t.missing = true;
  }
  return t;
}

// The main line's first `limit` turns (and their variations); out.turns and
// out.last_move say how far it went. `checkpoints` (out.state the initial
// position): the replay starts at the last one it may, and keeps positions.
Diagnostic replay_moves(const Context& ctx, std::uint32_t limit, Replay& out, ReplayCheckpoints* checkpoints = nullptr) {
  const Node* last = nullptr;
  std::uint32_t from = 0, every = 0;
  if (checkpoints && !CheckpointsAccess::worth(*checkpoints, ctx)) checkpoints = nullptr;
  if (checkpoints) {
    from = CheckpointsAccess::resume(*checkpoints, ctx, limit, out.state);
    every = CheckpointsAccess::every(*checkpoints);
  }
  Diagnostic d = replay_line(ctx, ctx.record.moves, *out.state, 1, limit, &out.turns, &last, from, checkpoints, every);
  if (last) out.last_move = last->move;
  return d;
}

// Whether the error `d` that stopped a replay (`out`) is at the move of the
// main line `moves` it stopped at (else it is in a variation of the move before).
bool in_main_line(const Line& moves, const Replay& out, const Diagnostic& d) {
  if (out.turns >= moves.size()) return false;
  const Node& node = moves[out.turns];
  return d.loc.offset >= node.loc.offset && d.loc.offset <= node.loc.offset + node.move.size();
}

// How many moves of `moves` from index i > 0 on are the rest of the move
// before them, split off by blanks: "b3-c3 xc4" (1), "b3-c3 x c4" (2); 0 if
// none. No turn of any game starts with 'x', nor with '-' but the blocked
// turn "--" (NOTATION.md sections 5-9); a part goes on to the next when it
// ends in 'x' or '-'. The parts stand on the move's line with no more than
// blanks between them (fewer than the four columns of " 1. " or " {} ").
// Move k follows move k - 1 with only blanks between (see split_parts).
bool glued_to_previous(const Line& moves, std::size_t k) {
  const Node& a = moves[k - 1];
  const Node& b = moves[k];
  return a.loc.line == b.loc.line && b.loc.column < column_at(a.move, a.loc.column, UINT32_MAX) + 4 &&
         b.variations.empty() && b.before.empty() && a.after.empty() && a.nags.empty() && a.variations.empty();
}

std::size_t split_parts(const Line& moves, std::size_t i) {
  auto glued = [&](std::size_t k) { return glued_to_previous(moves, k); };
  if (i == 0 || i >= moves.size()) return 0;
  const std::string& part = moves[i].move;
  if (part.empty() || !(part[0] == 'x' || (part[0] == '-' && part != "--")) || !glued(i)) return 0;
  std::size_t n = 1;
  while (i + n < moves.size() && (moves[i + n - 1].move.back() == 'x' || moves[i + n - 1].move.back() == '-') &&
         glued(i + n))
    ++n;
  return n;
}

// The first illegal move `d` of the main line, when it is the move right
// after a turn number that disagrees with its turn (GameRecord::numbering):
// most likely a turn left out or written twice, so the number is reported
// (E111), with the move's reason in it, instead of the move (which only
// follows from it). A move that fails later, after moves that replay well,
// is reported as it is: the number was a slip of the pen, which the lenient
// reader accepts. Strict, E111 takes the place of the reader's E120 at the
// number (in `found`).
// E111's reason for the move `d` that fails right after the number `slip`.
std::string misnumbered_reason(const TurnNumberSlip& slip, const Diagnostic& d) {
  const std::uint32_t written = slip.written, expected = slip.expected;
  const std::string w = std::to_string(written), e = std::to_string(expected);
  std::string reason;
  if (written > expected) {
    reason = (expected == 1 ? "the first turn is numbered " + w : "turn " + w + " follows turn " + std::to_string(expected - 1)) +
             ": " + (written == expected + 1 ? "is turn " + e + " missing?"
                                             : "are turns " + e + " to " + std::to_string(written - 1) + " missing?");
  } else {
    reason = "turn number " + w + " stands where turn " + e +
             " is: is a turn written twice? (every turn has a number of its own, NOTATION.md section 2)";
  }
  return reason + " (read as turn " + e + ", the move fails: " + d.reason + ")";
}

void misnumbered(const Context& ctx, const TurnNumberSlip& slip, const Replay& out, Diagnostic d,
                 std::vector<Diagnostic>& found, std::vector<Diagnostic>& errors) {
  if (slip.written == 0 || d.turn != slip.expected || !in_main_line(ctx.record.moves, out, d)) {
    // A move of the main line that fails after such a number, moves that
    // replay well between them: the number is recalled, as a turn left out
    // or written twice there shifts every turn after it (a placement played
    // by the other side, and so on) until one fails.
    if (slip.written != 0 && d.turn > slip.expected && in_main_line(ctx.record.moves, out, d))
      d.reason += " (earlier, at line " + std::to_string(slip.loc.line) + ", column " + std::to_string(slip.loc.column) +
                  ", turn number " + std::to_string(slip.written) + " stood where turn " +
                  std::to_string(slip.expected) + " was: " +
                  (slip.written > slip.expected ? "a turn left out there?" : "a turn written twice there?") + ")";
    errors.push_back(std::move(d));
    return;
  }
  std::erase_if(found, [&](const Diagnostic& x) {
    return x.code == Code::strict_turn_number && x.loc.line == slip.loc.line && x.loc.column == slip.loc.column;
  });
  errors.push_back(make(ctx, Code::misnumbered_turn, misnumbered_reason(slip, d), slip.loc));
}

}  // namespace

Diagnostic misnumbered_turn(const GameRecord& record, const Diagnostic& d) {
  const TurnNumberSlip& slip = record.numbering;
  if (!d || slip.written == 0 || d.turn != slip.expected) return d;
  Diagnostic out = d;
  out.code = Code::misnumbered_turn;
  out.reason = misnumbered_reason(slip, d);
  out.loc = slip.loc;
  return out;
}

namespace {

Diagnostic check_result(const Context& ctx, Replay& out, const ResultToken& token) {
  const GameRecord& record = ctx.record;
  const std::string result(token.result);
  const TagPair* result_tag = record.find_tag("Result");
  if (result_tag && result_tag->value != result) {
    if (token.missing)
      return make(ctx, Code::result_token_mismatch,
                  "the moves end without a result, but the Result tag says " + result_tag->value + ": write " +
                      result_tag->value + " after the last move",
                  token.loc);
    return make(ctx, Code::result_token_mismatch,
                "the result after the moves is " + result + " but the Result tag says " + result_tag->value,
                token.loc);
  }
  Result claimed;
  if (!parse_result_token(result, claimed))
    return make(ctx, Code::bad_tag_value, "'" + result + "' is not a result (1-0, 0-1, 1/2-1/2, *)", token.loc);
  SourceLoc where = result_tag ? value_place(*result_tag, 0) : token.loc;
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
            ? "the replayed game ends " + std::string(result_token(actual)) + " but the result is " + result
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
                    ", not " + result,
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

Expected<Replay, Diagnostic> replay(const GameRecord& record, const std::string& file, std::uint32_t game_index,
                                    const ReplayOptions& options) {
  return to_expected<Replay>([&](Replay& out) { return replay(record, file, game_index, options, out); });
}

Diagnostic replay(const GameRecord& record, const std::string& file, std::uint32_t game_index,
                  const ReplayOptions& options, Replay& out) {
  Context ctx{record, file, game_index, options, options.variations};
  out = Replay{};
  if (Diagnostic d = resolve_game(ctx, out)) return d;
  std::vector<Diagnostic> found;
  check_tag_names(ctx, false, out.warnings, found);
  if (options.strict) check_spelling(ctx, out, found);
  check_tags(ctx, 0, found);
  if (!found.empty()) return std::move(found.front());
  bool whole = options.stop_after >= record.moves.size();
  if (Diagnostic d = replay_moves(ctx, options.stop_after, out, options.checkpoints)) return d;
  if (!whole) return {};
  return check_result(ctx, out, result_token_of(record));
}

std::string_view meant_result(std::string_view token) noexcept {
  // The token with each way of writing a half as "1/2" and each separator
  // (':', a dash of any length) as '-'; at most 16 bytes of it are looked at.
  if (token.empty() || token.size() > 16) return {};
  char buf[48];
  std::size_t n = 0;
  for (std::size_t i = 0; i < token.size();) {
    const std::string_view rest = token.substr(i);
    auto put = [&](std::string_view what, std::size_t used) {
      for (char c : what) buf[n++] = c;
      i += used;
    };
    if (rest.substr(0, 2) == "\xC2\xBD") put("1/2", 2);                        // ½
    else if (rest.substr(0, 3) == "0.5" || rest.substr(0, 3) == "0,5") put("1/2", 3);
    else if (rest[0] == ':' || rest[0] == '-') put("-", 1);
    else if (rest.substr(0, 3) == "\xE2\x80\x93" || rest.substr(0, 3) == "\xE2\x80\x94" ||
             rest.substr(0, 3) == "\xE2\x88\x92")                              // – — −
      put("-", 3);
    else put(rest.substr(0, 1), 1);
  }
  const std::string_view t(buf, n);
  if (token == "1-0" || token == "0-1" || token == "1/2-1/2") return {};  // one of the four already
  if (t == "1-0") return "1-0";
  if (t == "0-1") return "0-1";
  if (t == "1/2-1/2" || t == "1/2") return "1/2-1/2";
  return {};
}

namespace {

// A result written another way as the last of the first `count` moves, or
// split by blanks over the last two or three of them, glued as split_parts
// glues a move ("0 - 1", "1/2 - 1/2", "0 :1"): how many moves it takes (0:
// none), what it means ("0-1") and how it is written (its parts with a blank
// between).
std::size_t result_as_moves(const Line& moves, std::size_t count, std::string_view& meant, std::string& written) {
  for (std::size_t n = std::min<std::size_t>(3, count); n >= 1; --n) {
    const std::size_t from = count - n;
    std::string joined;
    bool glued = true;
    for (std::size_t k = from; k < count; ++k) {
      glued = glued && (k == from || glued_to_previous(moves, k));
      joined += moves[k].move;
    }
    if (!glued) continue;
    meant = meant_result(joined);
    for (std::string_view r : {"1-0", "0-1", "1/2-1/2"})
      if (n > 1 && joined == r) meant = r;  // a result itself once its parts are joined
    if (meant.empty()) continue;
    written.clear();
    for (std::size_t k = from; k < count; ++k) written += (k == from ? "" : " ") + moves[k].move;
    return n;
  }
  return 0;
}

}  // namespace

void replay_errors(const GameRecord& record, const GameErrors* read, const std::string& file,
                std::uint32_t game_index, const ReplayOptions& options, Replay& out,
                std::vector<Diagnostic>& errors) {
  Context ctx{record, file, game_index, options, options.variations && (!read || read->variations)};
  out = Replay{};
  const std::size_t first = errors.size();
  // W201 (lenient): put before out's warnings at the end, since a split
  // move joined replays `out` anew.
  std::vector<Diagnostic> misnamed;
  // The errors found before the replay's own (the reader's, the tags', the
  // slips of the movetext) in the order of the input, then `last` (the
  // first illegal move, or the result), at most options.max_errors.
  auto finish = [&](std::vector<Diagnostic> last = {}) {
    out.warnings.insert(out.warnings.begin(), std::make_move_iterator(misnamed.begin()),
                        std::make_move_iterator(misnamed.end()));
    if (errors.size() > first + 1)
      std::stable_sort(errors.begin() + static_cast<std::ptrdiff_t>(first), errors.end(),
                       [](const Diagnostic& a, const Diagnostic& b) {
                         return std::pair(a.loc.line, a.loc.column) < std::pair(b.loc.line, b.loc.column);
                       });
    for (Diagnostic& d : last) errors.push_back(std::move(d));
    const std::uint32_t max = options.max_errors;
    if (max != 0 && errors.size() - first > max) {
      errors.resize(first + max);
      errors.back().reason += detail::more_errors_note(max);
    }
  };
  // 1. The reader's errors and the tags.
  if (read) errors.insert(errors.end(), read->errors.begin(), read->errors.end());
  if (read && !read->whole) return finish();  // a game given up: only what the reader found
  const std::uint8_t doubtful = read ? read->doubtful : 0;
  constexpr auto kResolving = static_cast<std::uint8_t>(static_cast<unsigned>(ReadTag::game) |
                                                        static_cast<unsigned>(ReadTag::rules) |
                                                        static_cast<unsigned>(ReadTag::setup));
  bool resolved = false, game_missing = false;
  if (!(doubtful & kResolving)) {
    if (Diagnostic d = resolve_game(ctx, out)) {
      game_missing = d.code == Code::missing_game;
      errors.push_back(std::move(d));
    } else {
      resolved = true;
    }
  }
  check_tag_names(ctx, game_missing, misnamed, errors);
  if (resolved && options.strict) check_spelling(ctx, out, errors);
  const bool result_tag_ok = check_tags(ctx, doubtful, errors);
  if (!resolved) return finish();
  // 2. A result written another way as the last move.
  const Line& moves = record.moves;
  std::uint32_t limit = options.stop_after;
  if (read) limit = std::min(limit, read->turns);
  std::size_t count = moves.size();  // the turns, the last one unless it is a result
  ResultToken token = result_token_of(record);
  std::string_view meant;
  std::string written;
  if (std::size_t parts = 0; token.missing && count > 0 && limit >= count &&
                             (parts = result_as_moves(moves, count, meant, written)) > 0) {
    const SourceLoc at = moves[count - parts].loc;
    // Strict, the reader's E120 (no number before each part, a "move") and
    // E109 (no result) only follow from it.
    const auto is_part = [&](const SourceLoc& loc) {
      for (std::size_t k = count - parts; k < count; ++k)
        if (moves[k].loc.line == loc.line && moves[k].loc.column == loc.column) return true;
      return false;
    };
    errors.erase(std::remove_if(errors.begin() + static_cast<std::ptrdiff_t>(first), errors.end(),
                                [&](const Diagnostic& x) {
                                  return (x.code == Code::strict_turn_number && is_part(x.loc)) ||
                                         x.code == Code::missing_result;
                                }),
                 errors.end());
    errors.push_back(make(ctx, Code::unexpected_token,
                          "'" + chars::excerpt(written) + "' is not a result: did you mean " + std::string(meant) + "?",
                          at));
    count -= parts;
    token = ResultToken{meant, at, false};
  }
  // 3. The moves, as far as the reader left them intact. A move split by
  // blanks is joined (E301, naming the move to write) and the replay goes
  // on with the record as meant.
  const bool whole = limit >= count;
  GameRecord joined;  // a copy of the record, once a move is joined
  TurnNumberSlip numbering = record.numbering;
  for (;;) {
    const Context moves_ctx{joined.moves.empty() ? record : joined, file, game_index, options, ctx.variations};
    // (The checkpoints are the record's, not a copy's with a move joined.)
    Diagnostic d = replay_moves(moves_ctx, static_cast<std::uint32_t>(std::min<std::size_t>(limit, count)), out,
                                joined.moves.empty() ? options.checkpoints : nullptr);
    if (!d) break;
    // The move that fails may be the first part (strict: not canonical;
    // or illegal as it stands) or a later one (not a move at all).
    const Line& line = moves_ctx.record.moves;
    std::size_t i = out.turns + 1, parts = 0;
    if (in_main_line(line, out, d) && (parts = split_parts(line, i)) == 0 && d.code == Code::move_syntax)
      parts = split_parts(line, --i);
    if (parts == 0 || (options.max_errors != 0 && errors.size() - first >= options.max_errors)) {
      std::vector<Diagnostic> last;
      misnumbered(moves_ctx, numbering, out, std::move(d), errors, last);
      return finish(std::move(last));
    }
    if (joined.moves.empty()) joined = record;
    Node& move = joined.moves[i - 1];
    for (std::size_t k = 0; k < parts; ++k) move.move += joined.moves[i + k].move;
    Diagnostic split = make(ctx, Code::move_syntax, "blanks split this move: a move is one token, write " + chars::excerpt(move.move),
                            joined.moves[i].loc);
    split.turn = static_cast<std::uint32_t>(i);
    errors.push_back(std::move(split));
    // Strict, the reader's E120s that follow from the split: each part has
    // no number, and the number after them was counted with the parts as
    // turns (so was the lenient reader's first wrong number).
    auto drop_e120 = [&](const SourceLoc& at) {
      errors.erase(std::remove_if(errors.begin() + static_cast<std::ptrdiff_t>(first), errors.end(),
                                  [&](const Diagnostic& x) {
                                    return x.code == Code::strict_turn_number && x.loc.line == at.line &&
                                           x.loc.column == at.column;
                                  }),
                   errors.end());
    };
    for (std::size_t k = 0; k < parts; ++k) drop_e120(joined.moves[i + k].loc);
    if (numbering.written != 0 && numbering.loc.offset > joined.moves[i].loc.offset) {
      numbering.expected -= static_cast<std::uint32_t>(parts);
      if (numbering.written == numbering.expected) {
        drop_e120(numbering.loc);
        numbering = TurnNumberSlip{};
      }
    }
    joined.moves.erase(joined.moves.begin() + static_cast<std::ptrdiff_t>(i),
                       joined.moves.begin() + static_cast<std::ptrdiff_t>(i + parts));
    count -= parts;
    if (limit != UINT32_MAX) limit -= static_cast<std::uint32_t>(std::min<std::size_t>(parts, limit));
    out = Replay{};
    resolve_game(ctx, out);  // the position before the first turn, again
  }
  // 4. The result, unless the moves or the tags it needs are in doubt.
  if (!whole || (read && read->turns != UINT32_MAX) || !result_tag_ok ||
      (doubtful & static_cast<std::uint8_t>(ReadTag::termination)))
    return finish();
  std::vector<Diagnostic> last;
  if (Diagnostic d = check_result(ctx, out, token)) last.push_back(std::move(d));
  finish(std::move(last));
}

}  // namespace beyt::notation
