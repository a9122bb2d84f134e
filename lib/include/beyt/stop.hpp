// beyt/stop.hpp - a request to stop a long call early (a cancellation
// token), for front ends that must answer an interrupt (Ctrl-C in Python,
// docs/python/README.md "Interrupting a long call") while the library reads,
// validates or generates.
//
//   beyt::Stop stop;
//   beyt::notation::ValidateInputsOptions options;
//   options.stop = &stop;
//   std::thread t([&] { tally = validate_inputs(paths, options, listener); });
//   ...  stop.request();  // from any thread, or a signal handler
//   t.join();              // returns within about one game of the request
//
// The long calls that take one look at it between games (read_games and
// every reader, TextReader::next, GameReader::next, read_inputs,
// validate, validate_inputs), between turns (random_game) and before each
// position they list (perft, perft_divide: beyt/perft.hpp), and end there
// as at the end of their input. What a stopped call returns is incomplete
// (what came after the request was not read, checked or played) and is
// meant to be discarded; it is never an error and writes nothing.
#pragma once

#include <atomic>

namespace beyt {

/// A stop request shared between the caller of long calls and the calls:
/// request() once, from any thread (lock-free: a signal handler may call
/// it); the calls poll requested(). Not copyable: the calls hold a pointer
/// to it (ReadOptions::stop, ValidateOptions::stop), which must outlive them.
class Stop {
 public:
  Stop() = default;
  Stop(const Stop&) = delete;
  Stop& operator=(const Stop&) = delete;

  /// Asks every call holding this Stop to end at its next look.
  void request() noexcept { requested_.store(true, std::memory_order_relaxed); }
  /// Whether request() was called.
  bool requested() const noexcept { return requested_.load(std::memory_order_relaxed); }

 private:
  std::atomic<bool> requested_{false};
  static_assert(std::atomic<bool>::is_always_lock_free, "request() must be async-signal-safe");
};

/// Whether `stop` (null: no stop was given) was requested.
inline bool stop_requested(const Stop* stop) noexcept { return stop != nullptr && stop->requested(); }

}  // namespace beyt
