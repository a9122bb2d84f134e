// Seega (beyt/seega.hpp): the legal turns, a random turn, and Seega as a
// Game (its traits for lib/src/engine_state.hpp). Sources: Lane 1836
// ("SEEGA"), Walker 2011; docs/RULES.md §Seega.

#include "beyt/seega.hpp"
#include "../../engine_helpers.hpp"
#include "../../engine_state.hpp"
#include "../../game_table.hpp"
#include "../../position_fields.hpp"
#include "../../text_board.hpp"
#include "seega_internal.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <optional>
#include <type_traits>
#include <utility>

namespace beyt {
using namespace seega_impl;
namespace {

// ---------------------------------------------------------------------------
// Legal moves
// ---------------------------------------------------------------------------

template <class Emit>
void chain_dfs(const SeegaOptions& o, const SeegaPosition& w, SeegaMove& m, int depth, SeegaCell at, Emit& emit) {
  bool more = m.steps[depth - 1].ncaptures > 0 && depth < kSeegaMaxSteps && can_capture_from(o, w, at);
  if (o.chain == SeegaChain::optional || !more) {
    m.nsteps = static_cast<std::uint8_t>(depth);
    emit(m);
  }
  if (!more) return;
  for (int d = 0; d < 4; ++d) {
    SeegaCell to = neighbour(at, d, w.size);
    if (to < 0 || w.piece(to) != SeegaPiece::empty) continue;
    SeegaPosition next = w;
    SeegaStep& s = m.steps[depth];
    s = SeegaStep{};
    s.to = to;
    s.listed = true;
    s.ncaptures = static_cast<std::uint8_t>(step_and_capture(o, next, at, to, s.captures));
    if (s.ncaptures > 0) chain_dfs(o, next, m, depth + 1, to, emit);
  }
}

// The first step c -> to of a step-turn into `m`; `w` becomes the position
// after it.
void first_step(const SeegaOptions& o, const SeegaPosition& pos, SeegaCell c, SeegaCell to, SeegaMove& m,
                SeegaPosition& w) {
  w = pos;
  m.from = c;
  m.steps[0] = SeegaStep{};
  m.steps[0].to = to;
  m.steps[0].listed = true;
  m.steps[0].ncaptures = static_cast<std::uint8_t>(step_and_capture(o, w, c, to, m.steps[0].captures));
}

// Every step-turn of the side to move of `pos` (after a removal, if any).
template <class Emit>
void step_turns(const SeegaOptions& o, const SeegaPosition& pos, SeegaMove& m, Emit& emit) {
  bool must_open = pos.extra && any_opening_step(o, pos);
  const SeegaBits mine = pos.pieces[static_cast<int>(pos.to_move)], empty = empty_cells(pos);
  SeegaPosition w;
  for_each_cell(pos.size, [&](SeegaCell c) {
    if (!(mine & bit(c))) return;
    for (int d = 0; d < 4; ++d) {
      SeegaCell to = neighbour(c, d, pos.size);
      if (to < 0 || !(empty & bit(to))) continue;
      first_step(o, pos, c, to, m, w);
      if (must_open && !way_open(w, opponent(pos.to_move))) continue;
      chain_dfs(o, w, m, 1, to, emit);
    }
  });
}

template <class Emit>
void placements(const SeegaOptions& o, const SeegaPosition& pos, Emit& emit) {
  SeegaMove m;
  m.kind = SeegaMoveKind::place;
  if (o.lane_opening && pos.count(pos.to_move) == 0) {
    auto pair = o.opening[static_cast<int>(pos.to_move)];
    if (file_rank_key(pair[1]) < file_rank_key(pair[0])) std::swap(pair[0], pair[1]);
    m.place = pair;
    if (pos.piece(pair[0]) == SeegaPiece::empty && pos.piece(pair[1]) == SeegaPiece::empty) emit(m);
    return;
  }
  const SeegaBits free = empty_cells(pos) & ~bit(centre_of(pos.size));
  for_each_cell(pos.size, [&](SeegaCell a) {
    if (!(free & bit(a))) return;
    for_each_cell(pos.size, [&](SeegaCell b) {
      if (file_rank_key(b) <= file_rank_key(a) || !(free & bit(b))) return;
      m.place = {a, b};
      emit(m);
    });
  });
}

template <class Emit>
void for_each_legal(const SeegaOptions& o, const SeegaPosition& pos, Emit& emit) {
  if (outcome(pos) != Result::unfinished) return;
  if (pos.phase == SeegaPhase::place) return placements(o, pos, emit);
  // The turn being listed, written step by step (SeegaMove is 900 bytes:
  // one per thread, reused, not zeroed at every call; the fields a step-turn
  // does not write are reset).
  thread_local SeegaMove m;
  m.kind = SeegaMoveKind::steps;
  m.place = {-1, -1};
  m.removed = -1;
  m.from_offset = 0;
  if (seega_can_step(pos, pos.to_move)) return step_turns(o, pos, m, emit);
  if (o.blocked == SeegaBlocked::extra_turn) {
    m.kind = SeegaMoveKind::blocked;
    return emit(m);
  }
  m.kind = SeegaMoveKind::removal;
  const SeegaBits mine = pos.pieces[static_cast<int>(pos.to_move)];
  const SeegaBits theirs = pos.pieces[static_cast<int>(opponent(pos.to_move))];
  const SeegaBits next_to_mine = spread(mine, geometry(pos.size));
  for_each_cell(pos.size, [&](SeegaCell r) {
    if (!(theirs & next_to_mine & bit(r))) return;
    SeegaPosition w = pos;
    w.set(r, SeegaPiece::empty);
    m.removed = r;
    step_turns(o, w, m, emit);
  });
}

// The placements that placements() lists (a pair of free cells but the
// centre, the first before the second in file-then-rank order), as
// seega_format writes them ("a1,b2"), appended in that order: written
// directly, each cell's name once (a placement turn lists up to 3 081
// pairs on 9x9, C(79, 2); perft counts them at every node of the phase).
void placement_texts(const SeegaPosition& pos, std::vector<std::string>& out) {
  const SeegaBits free = empty_cells(pos) & ~bit(centre_of(pos.size));
  std::array<std::array<char, 2>, kSeegaCells> names;
  int n = 0;
  for_each_cell(pos.size, [&](SeegaCell c) {
    if (free & bit(c)) names[n++] = cell_chars(c);
  });
  out.reserve(out.size() + static_cast<std::size_t>(n) * static_cast<std::size_t>(n > 0 ? n - 1 : 0) / 2);
  for (int a = 0; a < n; ++a)
    for (int b = a + 1; b < n; ++b) {
      const char text[5] = {names[a][0], names[a][1], ',', names[b][0], names[b][1]};
      out.emplace_back(text, 5);
    }
}

// ---------------------------------------------------------------------------
// A random turn, drawn as from the list of legal turns (the same draw, the
// same turn) without listing them: count the turns, draw one, walk to it.
// ---------------------------------------------------------------------------

// The cells one step from those of `b` in direction d (up, right, down, left).
inline SeegaBits shifted(SeegaBits b, int d, const Geometry& g) {
  switch (d) {
    case 0: return (b << kSeegaStride) & g.board;
    case 1: return (b & g.has_right) << 1;
    case 2: return b >> kSeegaStride;
    default: return (b & g.has_left) >> 1;
  }
}

// Precondition: b holds some cell.
int lowest_cell(SeegaBits b) { return b.low ? std::countr_zero(b.low) : 64 + std::countr_zero(b.high); }

// The empty cells where a piece of the side to move captures on arrival: an
// enemy next to the cell (not an immune centre) with an own piece beyond
// (seega_bits::capture_targets, in one word on the boards of 5 and 7).
// The piece that steps there never stands beyond (it comes from the other
// side), so the answer holds before the step as after it.
SeegaBits capture_targets(const SeegaOptions& o, const SeegaPosition& p) {
  const Geometry& g = geometry(p.size);
  const SeegaBits own = p.pieces[static_cast<int>(p.to_move)], empty = empty_cells(p);
  const SeegaBits enemy = p.pieces[static_cast<int>(opponent(p.to_move))] & ~(o.centre_immune ? g.centre : SeegaBits{});
  if (p.size < 9) return {seega_bits::capture_targets(board_in<std::uint64_t>(p.size), own.low, enemy.low, empty.low), 0};
  return seega_bits::capture_targets(board_in<SeegaBits>(p.size), own, enemy, empty);
}

// The turns of a capturing first step, by its direction d and the cell it
// reaches: [d][to], written by StepTurns::count for the walk to the drawn
// turn to skip (only the entries of capturing steps are written).
using ChainCounts = std::array<std::array<std::uint64_t, kSeegaCells>, 4>;

// The cells of file f (a..i), rank 1 first.
SeegaBits file_cells(int f) {
  static const std::array<SeegaBits, kSeegaStride> files = [] {
    std::array<SeegaBits, kSeegaStride> out{};
    for (int file = 0; file < kSeegaStride; ++file)
      for (int rank = 0; rank < kSeegaStride; ++rank) out[file] |= bit(seega_cell(file, rank));
    return out;
  }();
  return files[f];
}

// The turns of the movement phase that step_turns lists when the mover can
// step and owes no opening (no extra turn), in its order: by piece (file
// then rank), direction (up, right, down, left), then chain: a step that
// captures nothing is one turn; a capturing step, the chains from it
// (chain_dfs). Used where the list's SeegaMoves are not needed: the random
// turn's count and pick, the listed texts.
class StepTurns {
 public:
  StepTurns(const SeegaOptions& o, const SeegaPosition& pos)
      : o_(o), pos_(pos), g_(geometry(pos.size)), own_(pos.pieces[static_cast<int>(pos.to_move)]),
        empty_(empty_cells(pos)), takes_(capture_targets(o, pos)) {}

  // Every turn of the capturing first step c -> to, each passed to emit (a
  // SeegaMove valid during the call).
  template <class Emit>
  void chains(SeegaCell c, SeegaCell to, Emit&& emit) {
    if (!m_) {  // SeegaMove is 900 bytes: one per thread, reused, not zeroed at every call
      thread_local SeegaMove scratch;
      m_ = &scratch;
      m_->kind = SeegaMoveKind::steps;
      m_->removed = -1;
      m_->from_offset = 0;
    }
    first_step(o_, pos_, c, to, *m_, w_);
    chain_dfs(o_, w_, *m_, 1, to, emit);
  }
  // The number of turns; counts[d][to] the turns of each capturing first
  // step in direction d to `to` (the other entries are not written).
  std::uint64_t count(ChainCounts& counts) {
    std::uint64_t n = 0;
    for (int d = 0; d < 4; ++d) {  // the quiet steps by direction, the capturing ones one by one
      const SeegaBits dest = shifted(own_, d, g_) & empty_;
      n += static_cast<std::uint64_t>(popcount(dest & ~takes_));
      for (SeegaBits b = dest & takes_; b; b = b.without_lowest()) {
        const auto to = static_cast<SeegaCell>(lowest_cell(b));
        std::uint64_t k = 0;
        chains(g_.next[to][(d + 2) % 4], to, [&k](const SeegaMove&) { ++k; });
        counts[d][to] = k;
        n += k;
      }
    }
    return n;
  }
  // Walks the first steps in the list's order: quiet(c, to, d) for a step that
  // captures nothing, capture(c, to, d) for a capturing one; either returns
  // false to stop the walk.
  template <class Quiet, class Capture>
  void walk(Quiet&& quiet, Capture&& capture) const {
    // The pieces that can step, file by file (a..i), each file's from rank 1
    // up: for_each_cell's order.
    const SeegaBits movable = own_ & spread(empty_, g_);
    for (int f = 0; f < pos_.size; ++f)
      for (SeegaBits b = movable & file_cells(f); b; b = b.without_lowest()) {
        const auto c = static_cast<SeegaCell>(lowest_cell(b));
        for (int d = 0; d < 4; ++d) {
          const SeegaCell to = g_.next[c][d];
          if (to < 0 || !(empty_ & bit(to))) continue;
          if (!((takes_ & bit(to)) ? capture(c, to, d) : quiet(c, to, d))) return;
        }
      }
  }

 private:
  const SeegaOptions& o_;
  const SeegaPosition& pos_;
  const Geometry& g_;
  const SeegaBits own_, empty_, takes_;
  SeegaMove* m_ = nullptr;  // the thread's scratch from the first capturing step on
  SeegaPosition w_;         // the position after the first step
};

// The texts of StepTurns' turns, appended in order, as seega_format writes
// them (the quiet steps written directly).
void step_texts(const SeegaOptions& o, const SeegaPosition& pos, std::vector<std::string>& out) {
  StepTurns turns(o, pos);
  turns.walk([&](SeegaCell c, SeegaCell to, int) { return append_step(c, to, out.emplace_back()), true; },
             [&](SeegaCell c, SeegaCell to, int) {
               turns.chains(c, to, [&out](const SeegaMove& m) { seega_format(m, out.emplace_back()); });
               return true;
             });
}

// The placements as values (event_of), appended in placements()' order,
// coded directly (the step-turns: step_values, values.cpp).
void placement_values(const SeegaPosition& pos, std::vector<Event>& out) {
  const SeegaBits free = empty_cells(pos) & ~bit(centre_of(pos.size));
  std::array<std::uint64_t, kSeegaCells> cells;
  int n = 0;
  for_each_cell(pos.size, [&](SeegaCell c) {
    if (free & bit(c)) cells[n++] = static_cast<std::uint64_t>(c);
  });
  out.reserve(out.size() + static_cast<std::size_t>(n) * static_cast<std::size_t>(n > 0 ? n - 1 : 0) / 2);
  for (int a = 0; a < n; ++a)
    for (int b = a + 1; b < n; ++b)
      out.push_back(Event::code(static_cast<std::uint64_t>(SeegaMoveKind::place) | cells[a] << 2 | cells[b] << 9, 0));
}

}  // namespace

namespace seega_impl {

// A random legal turn, uniform over seega_legal's list, into `out`.
void random_turn(const SeegaOptions& o, const SeegaPosition& pos, Rng& rng, std::string& out) {
  if (outcome(pos) != Result::unfinished) return;
  const bool fast = pos.phase == SeegaPhase::move && !pos.extra && seega_can_step(pos, pos.to_move);
  if (fast) {
    StepTurns turns(o, pos);
    ChainCounts counts;  // written by the count for the capturing steps only
    std::uint64_t pick = turns.count(counts);
    if (pick == 0) return;
    pick = rng.below(pick);
    // Walk to the drawn turn, the chains before it skipped by their count.
    turns.walk([&](SeegaCell c, SeegaCell to, int) { return pick-- != 0 || (append_step(c, to, out), false); },
               [&](SeegaCell c, SeegaCell to, int d) {
                 if (pick >= counts[d][to]) return pick -= counts[d][to], true;
                 turns.chains(c, to, [&](const SeegaMove& m) {
                   if (pick-- == 0) seega_format(m, out);
                 });
                 return false;
               });
    return;
  }
  if (pos.phase == SeegaPhase::place && !(o.lane_opening && pos.count(pos.to_move) == 0)) {
    // Placements: the pairs (a, b), a before b, of the free cells in
    // file-then-rank order.
    std::array<SeegaCell, kSeegaCells> free{};
    std::uint64_t nfree = 0;
    const SeegaBits open = empty_cells(pos) & ~bit(centre_of(pos.size));
    for_each_cell(pos.size, [&](SeegaCell c) {
      if (open & bit(c)) free[nfree++] = c;
    });
    if (nfree < 2) return;
    std::uint64_t k = rng.below(nfree * (nfree - 1) / 2), a = 0;
    for (; k >= nfree - 1 - a; ++a) k -= nfree - 1 - a;
    out += seega_cell_name(free[a]);
    out += ',';
    out += seega_cell_name(free[a + 1 + k]);
    return;
  }
  std::uint64_t n = 0;  // any other turn: count them, draw one, write only that one
  auto count = [&n](const SeegaMove&) { ++n; };
  for_each_legal(o, pos, count);
  if (n == 0) return;
  const std::uint64_t pick = rng.below(n);
  std::uint64_t i = 0;
  auto write = [&](const SeegaMove& m) {
    if (i++ == pick) seega_format(m, out);
  };
  for_each_legal(o, pos, write);
}

}  // namespace seega_impl

namespace {

// ---------------------------------------------------------------------------
// Game and State
// ---------------------------------------------------------------------------

// Seega as a Game and its States (lib/src/engine_state.hpp).
struct SeegaTraits {
  using Options = SeegaOptions;
  using Position = SeegaPosition;
  static constexpr std::string_view kName = "seega";
  static constexpr std::string_view kTitle = "Seega";
  static constexpr std::string_view kSources =
      "Lane 1836, seega; Walker 2011, rules 1-13 and Variations; docs/RULES.md §Seega, docs/SOURCES.md";
  static constexpr EngineHooks kHooks{.event_values = true, .adjudicate = true, .drawing = true, .cell_names = true};
  static constexpr auto options = &seega_options;
  static constexpr auto presets = &seega_presets;
  static constexpr SeegaPosition (*initial)(const SeegaOptions&) = &SeegaPosition::initial;
  static constexpr auto validate = &seega_validate;
  static constexpr auto game = &seega_game;
  static constexpr auto outcome = &seega_outcome;

  static void legal_events(const SeegaOptions& o, const SeegaPosition& p, std::vector<std::string>& out) {
    if (p.phase == SeegaPhase::place && !(o.lane_opening && p.count(p.to_move) == 0) &&
        outcome(p) == Result::unfinished)
      return placement_texts(p, out);
    if (p.phase == SeegaPhase::move && !p.extra && outcome(p) == Result::unfinished && seega_can_step(p, p.to_move))
      return step_texts(o, p, out);
    auto emit = [&out](const SeegaMove& m) { seega_format(m, out.emplace_back()); };
    for_each_legal(o, p, emit);
  }
  // The same turns as values (event_of), in the same order.
  static void event_values(const SeegaOptions& o, const SeegaPosition& p, std::vector<Event>& out) {
    if (p.phase == SeegaPhase::place && !(o.lane_opening && p.count(p.to_move) == 0) &&
        outcome(p) == Result::unfinished)
      return placement_values(p, out);
    // step_values lists nothing when the mover cannot step: for_each_legal
    // then lists the blocked turn.
    if (p.phase == SeegaPhase::move && !p.extra && outcome(p) == Result::unfinished && step_values(o, p, out))
      return;
    auto emit = [&out, n = p.size](const SeegaMove& m) { out.push_back(event_of(m, n)); };
    for_each_legal(o, p, emit);
  }
  static constexpr auto play_value = &seega_impl::play_value;
  static constexpr auto random_turn = &seega_impl::random_turn;
  // The storage of the move being played.
  using Memory = SeegaMove;
  static constexpr auto play_turn = &play_into;  // into the Memory
  static constexpr auto check_turn = &seega_play;  // on a copy of the position
  static constexpr std::string_view kTermination = "barrier";
  static Error adjudicate(const SeegaOptions& o, const SeegaPosition& p, Result& out);
  static constexpr auto render = &seega_render;

  static constexpr auto board_size = &seega_board_size;
  static constexpr auto draw_board = &seega_draw_board;
  static constexpr auto draw_pieces = &seega_draw_pieces;
  /// a1..a5, b1..: file by file.
  static void cell_names(const SeegaPosition& p, std::vector<std::string>& out) {
    for (int file = 0; file < p.size; ++file)
      for (int rank = 0; rank < p.size; ++rank) out.push_back(seega_cell_name(seega_cell(file, rank)));
  }
  static bool cell_centre(const SeegaPosition& p, std::string_view cell, const DrawOptions& d, svg::Point& out) {
    SeegaCell c = seega_parse_cell(cell, p.size);
    if (c < 0) return false;
    out = SeegaGeometry::of(p.size, d).centre(c);
    return true;
  }
  static constexpr auto move_cells = &seega_move_cells;
};
static_assert(EngineTraitsFor<SeegaTraits>);

// Walker, Variations: a barrier ending goes to the side with more pieces
// (equal counts: a draw, our reading). Needs barrier=yes.
Error SeegaTraits::adjudicate(const SeegaOptions& o, const SeegaPosition& p, Result& out) {
  if (!o.barrier)
    return fail(Code::bad_termination, 0, "a barrier ending needs the option barrier=yes (Walker, Variations)");
  int s = p.count(Side::south), n = p.count(Side::north);
  out = s > n ? Result::south_wins : n > s ? Result::north_wins : Result::draw;
  return Error::none();
}

}  // namespace
const Game& seega_game() {
  static const EngineGame<SeegaTraits> game;
  return game;
}

void seega_legal(const SeegaOptions& o, const SeegaPosition& pos, std::vector<SeegaMove>& out) {
  auto emit = [&out](const SeegaMove& m) { out.push_back(m); };
  for_each_legal(o, pos, emit);
}

}  // namespace beyt
