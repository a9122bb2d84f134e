// Seega (beyt/seega.hpp): the step-turns of the movement phase listed as
// values (State::list_events, beyt::perft) straight from the bitboards, no
// SeegaMove written. Sources: Lane 1836 ("SEEGA"), Walker 2011;
// docs/RULES.md §Seega.

#include "beyt/seega.hpp"
#include "seega_internal.hpp"

#include <bit>
#include <cstdint>
#include <cstring>
#include <new>
#include <type_traits>
#include <vector>

namespace beyt::seega_impl {
namespace {

using seega_bits::Board;

// The cells of each file (a..i) as a Word.
template <class Word>
inline constexpr std::array<Word, kSeegaStride> kFiles = [] {
  std::array<Word, kSeegaStride> out{};
  for (int file = 0; file < kSeegaStride; ++file)
    for (int rank = 0; rank < kSeegaStride; ++rank)
      if (std::is_same_v<Word, SeegaBits> || seega_cell(file, rank) < 64)
        out[file] |= seega_bits::word_of<Word>(SeegaBits::cell(seega_cell(file, rank)));
  return out;
}();

template <class Word>
Word cell_word(SeegaCell c) {
  if constexpr (std::is_same_v<Word, SeegaBits>) return bit(c);
  else return std::uint64_t{1} << c;
}
// The lowest cell of a non-empty word.
inline SeegaCell lowest(std::uint64_t w) { return static_cast<SeegaCell>(std::countr_zero(w)); }
inline SeegaCell lowest(SeegaBits b) {
  return static_cast<SeegaCell>(b.low ? std::countr_zero(b.low) : 64 + std::countr_zero(b.high));
}
inline std::uint64_t without_lowest(std::uint64_t w) { return w & (w - 1); }
inline SeegaBits without_lowest(SeegaBits b) { return b.without_lowest(); }

// Events gathered on the stack and appended to the list in blocks: a
// piece's quiet steps are written without a branch on each (all four
// candidates written, the pointer moved past the open ones).
class EventSink {
 public:
  explicit EventSink(std::vector<Event>& out) : out_(out) {}
  EventSink(const EventSink&) = delete;
  EventSink& operator=(const EventSink&) = delete;
  ~EventSink() { flush(); }
  // Room for k more events at the returned slot (k <= kSize).
  Event* room(int k) {
    if (end() - at_ < k) flush();
    return at_;
  }
  void moved_to(Event* at) { at_ = at; }
  static void put(Event* slot, Event e) { ::new (static_cast<void*>(slot)) Event(e); }
  void push(Event e) { put(room(1), e), ++at_; }
  void flush() {  // resize and copy (callgrind: 90 instructions a list where insert took 155)
    const std::size_t n = static_cast<std::size_t>(at_ - begin()), old = out_.size();
    if (n == 0) return;  // (memcpy takes no null pointer, even for no bytes)
    out_.resize(old + n);
    std::memcpy(static_cast<void*>(out_.data() + old), raw_, n * sizeof(Event));
    at_ = begin();
  }

 private:
  static constexpr int kSize = 128;
  Event* begin() { return std::launder(reinterpret_cast<Event*>(raw_)); }
  Event* end() { return begin() + kSize; }
  std::vector<Event>& out_;
  alignas(Event) unsigned char raw_[kSize * sizeof(Event)];  // not zeroed: only written slots are read
  Event* at_ = begin();
};

// A step-turn's value (event_of's code): bits 0-1 the kind, 2-8 the piece,
// 16-21 the number of steps, two bits a step's direction from bit 22 on (the
// 22nd step on in the high word). chain() starts from quiet_step_event's
// code without its count of 1, and writes the chain's count.
constexpr int kFirstDir = 22;
constexpr std::uint64_t kOneStep = std::uint64_t{1} << 16;

// The turns of the movement phase, listed in step_turns' order (moves.cpp)
// by piece (file then rank), direction (up, right, down, left), then chain
// as chain_dfs lists them: with chain=optional a capturing chain is a turn at
// each step it may stop (Walker 2011, rule 9: "may continue"), listed before
// its longer ones; with chain=mandatory only where the piece cannot capture
// again (Lane 1836: "as long as he can").
template <class Word>
class ValueLister {
 public:
  ValueLister(const SeegaOptions& o, const SeegaPosition& pos, EventSink& sink)
      : b_(board_in<Word>(pos.size)), g_(geometry(pos.size)),
        capturable_(~seega_bits::word_of<Word>(o.centre_immune ? g_.centre : SeegaBits{})),
        optional_(o.chain == SeegaChain::optional), sink_(sink) {}

  // False when no piece of `own` can step (nothing listed).
  bool list(Word own, Word enemy, int n) {
    const Word empty = b_.cells & ~(own | enemy);
    const Word takes = seega_bits::capture_targets(b_, own, enemy & capturable_, empty), quiet = empty & ~takes;
    // The pieces that step in direction d without a capture / with one
    // (a piece stands one step back, direction d + 2, from the cell it reaches).
    Word steps[4], captures[4];
    for (int d = 0; d < 4; ++d) {
      steps[d] = own & b_.step(quiet, (d + 2) & 3);
      captures[d] = own & b_.step(takes, (d + 2) & 3);
    }
    const Word can_capture = captures[0] | captures[1] | captures[2] | captures[3];
    const Word movable = steps[0] | steps[1] | steps[2] | steps[3] | can_capture;
    if (!movable) return false;
    for (int f = 0; f < n; ++f)
      for (Word left = movable & kFiles<Word>[f]; left; left = without_lowest(left)) {
        const SeegaCell c = lowest(left);
        const Word piece = cell_word<Word>(c);
        if (!(can_capture & piece)) {  // quiet steps only (most pieces): four candidates written, the open ones kept
          Event* at = sink_.room(4);
          auto keep_if_open = [&](int d) {
            EventSink::put(at, quiet_step_event(c, d));
            at += static_cast<bool>(steps[d] & piece);
          };
          keep_if_open(0), keep_if_open(1), keep_if_open(2), keep_if_open(3);  // unrolled: a loop cost 20 a piece
          sink_.moved_to(at);
          continue;
        }
        for (int d = 0; d < 4; ++d) {
          if (steps[d] & piece) {
            sink_.push(quiet_step_event(c, d));
          } else if (captures[d] & piece) {
            const SeegaCell to = g_.next[c][d];
            const Word there = cell_word<Word>(to);
            const Word taken = seega_bits::captured(b_, there, own, enemy & capturable_);
            chain((own & ~piece) | there, enemy & ~taken, to, 1, quiet_step_event(c, d).low() & ~kOneStep, 0);
          }
        }
      }
    return true;
  }

 private:
  // The turns that go on from a capturing step to `at` (its `depth` steps
  // coded in low and high, the count not yet): chain_dfs on words. The chain
  // goes on while the piece can capture again (Walker 2011, rule 9; Lane
  // 1836: "as long as he can"), up to kSeegaMaxSteps steps.
  void chain(Word own, Word enemy, SeegaCell at, int depth, std::uint64_t low, std::uint64_t high) {
    const Word empty = b_.cells & ~(own | enemy), capturable = enemy & capturable_;
    const Word piece = cell_word<Word>(at);
    const Word around = b_.up(piece) | b_.down(piece) | b_.right(piece) | b_.left(piece);
    const Word next = depth < kSeegaMaxSteps ? seega_bits::capture_targets(b_, own, capturable, empty) & around : Word{};
    if (optional_ || !next) sink_.push(Event::code(low | static_cast<std::uint64_t>(depth) << 16, high));
    if (!next) return;
    const int shift = kFirstDir + 2 * depth;
    for (int d = 0; d < 4; ++d) {
      const SeegaCell to = g_.next[at][d];
      if (to < 0) continue;
      const Word there = cell_word<Word>(to);
      if (!(next & there)) continue;
      const Word taken = seega_bits::captured(b_, there, own, capturable);
      const auto dir = static_cast<std::uint64_t>(d);
      chain((own & ~piece) | there, enemy & ~taken, to, depth + 1, shift < 64 ? low | dir << shift : low,
            shift < 64 ? high : high | dir << (shift - 64));
    }
  }

  const Board<Word>& b_;
  const Geometry& g_;
  const Word capturable_;  // the enemies that can be taken: all but an immune centre piece (Walker 2011, rule 12)
  const bool optional_;
  EventSink& sink_;
};

}  // namespace

// The movement phase's step-turns of the side to move as values, appended
// in the order of seega_legal (precondition: the game is not over, no extra
// turn is owed). False, with nothing listed, when the mover cannot step.
bool step_values(const SeegaOptions& o, const SeegaPosition& pos, std::vector<Event>& out) {
  EventSink sink(out);
  const int mover = static_cast<int>(pos.to_move);
  if (pos.size < 9)
    return ValueLister<std::uint64_t>(o, pos, sink).list(pos.pieces[mover].low, pos.pieces[1 - mover].low, pos.size);
  return ValueLister<SeegaBits>(o, pos, sink).list(pos.pieces[mover], pos.pieces[1 - mover], pos.size);
}

}  // namespace beyt::seega_impl
