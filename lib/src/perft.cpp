// Perft (beyt/perft.hpp): a depth-first walk of the event tree through the
// State interface, on one State: each child is made by apply() of an Event
// value (no text is written or read) and left by undo()
// (State::keep_history). Each ply keeps one list of values, reused from
// position to position. A State that cannot undo (a game written on State
// without it) is walked by clone(): each child a clone of its parent but
// the last, which the parent becomes itself.
#include "beyt/perft.hpp"

#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace beyt {
namespace {

// Applies `event`, listed at `s`, to `s`: the error of apply() with the
// event and the position named, which only a fault of the engine gives.
Error apply_listed(State& s, Event event) {
  Error e = s.apply(event);
  if (e)
    e.reason = "perft: '" + s.event_text(event).value_or("?") + "' is listed at " + std::string(s.game().name()) +
               " position '" + s.position_text() +
               (s.mid_turn() ? "' after '" + s.turn_in_progress() : std::string()) + "' but does not apply: " + e.reason;
  return e;
}

// Takes back the event just walked below (State::undo); false (the error
// set) when it cannot, which only a fault of the engine gives.
bool undo_walked(State& s, Error& error) {
  error = s.undo();
  if (error)
    error.reason = "perft: the event that led to " + std::string(s.game().name()) + " position '" +
                   s.position_text() + "' cannot be taken back: " + error.reason;
  return !error;
}

class Walk {
 public:
  // `undo`: children by apply() and undo() (the State keeps its history).
  Walk(int depth, const PerftOptions& options, PerftCounts& out, bool undo)
      : depth_(depth), undo_(undo), options_(options), out_(out), lists_(static_cast<std::size_t>(depth)) {
    out_.leaves.assign(static_cast<std::size_t>(depth), 0);
    out_.applied = 0;
    out_.stopped = false;
  }

  // Counts below `s`, at `ply` events from the root (ply < depth). `s` is
  // the walk's own: it is left as it was (undo_), or it may become its last
  // child. False when the walk ends early (stopped, or error_ set).
  bool visit(State& s, int ply) {
    if (stop_requested(options_.stop)) {
      out_.stopped = true;
      return false;
    }
    std::vector<Event>& events = lists_[static_cast<std::size_t>(ply)];
    events.clear();
    s.legal_events(events);
    out_.leaves[static_cast<std::size_t>(ply)] += events.size();
    const bool last_ply = ply + 1 == depth_;
    if (last_ply && options_.bulk) return true;
    for (std::size_t i = 0; i < events.size(); ++i) {
      if (undo_) {
        if (!apply(s, events[i])) return false;
        if (!last_ply && !visit(s, ply + 1)) return false;
        if (!undo_walked(s, error_)) return false;
        continue;
      }
      std::unique_ptr<State> copy;
      State* child = &s;
      if (i + 1 < events.size()) {
        copy = s.clone();
        child = copy.get();
      }
      if (!apply(*child, events[i])) return false;
      if (!last_ply && !visit(*child, ply + 1)) return false;
    }
    return true;
  }

  // Applies `event` to `s`; false (error_ set) when it does not apply.
  bool apply(State& s, Event event) {
    ++out_.applied;
    error_ = apply_listed(s, event);
    return !error_;
  }

  Error take_error() { return std::move(error_); }

 private:
  int depth_;
  bool undo_;
  const PerftOptions& options_;
  PerftCounts& out_;
  std::vector<std::vector<Event>> lists_;  // one a ply
  Error error_;
};

Error check_depth(int depth) {
  if (depth >= 1 && depth <= kPerftMaxDepth) return Error::none();
  return Error{Code::usage,
               "perft: the depth must be from 1 to " + std::to_string(kPerftMaxDepth) + ", not " + std::to_string(depth),
               0};
}

}  // namespace

Error perft(const State& from, int depth, PerftCounts& out, const PerftOptions& options) {
  if (Error e = check_depth(depth)) return e;
  std::unique_ptr<State> root = from.clone();
  Walk walk(depth, options, out, root->keep_history(true));
  walk.visit(*root, 0);
  return walk.take_error();
}

Expected<PerftCounts> perft(const State& from, int depth, const PerftOptions& options) {
  return to_expected<PerftCounts>([&](PerftCounts& out) { return perft(from, depth, out, options); });
}

Error perft_divide(const State& from, int depth, PerftDivide& out, const PerftOptions& options) {
  if (Error e = check_depth(depth)) return e;
  out = PerftDivide{};
  std::vector<Event> values;
  std::vector<std::string> texts;
  from.list_events(&values, &texts, nullptr);
  PerftCounts below;
  std::unique_ptr<State> root = from.clone();
  const bool undo = root->keep_history(true);
  for (std::size_t i = 0; i < values.size() && i < texts.size(); ++i) {
    const Event event = values[i];
    if (stop_requested(options.stop)) {
      out.stopped = true;
      return Error::none();
    }
    std::unique_ptr<State> copy = undo ? nullptr : from.clone();
    State& child = undo ? *root : *copy;
    if (Error e = apply_listed(child, event)) return e;
    std::uint64_t count = 1;
    if (depth > 1) {  // perft of depth - 1 below the event
      Walk walk(depth - 1, options, below, undo);
      if (!walk.visit(child, 0)) {
        if (Error e = walk.take_error()) return e;
        out.stopped = true;
        return Error::none();
      }
      count = below.leaves.back();
    }
    if (Error e; undo && !undo_walked(child, e)) return e;
    out.total += count;
    out.branches.push_back(PerftBranch{std::move(texts[i]), count});
  }
  return Error::none();
}

Expected<PerftDivide> perft_divide(const State& from, int depth, const PerftOptions& options) {
  return to_expected<PerftDivide>([&](PerftDivide& out) { return perft_divide(from, depth, out, options); });
}

}  // namespace beyt
