// beyt/dleb_track.hpp - Dleb's track as a table (private: the engine's and
// its tests'). docs/RULES.md §Dleb Track; Marin 1931 "Move of the Men": "A1
// successively to B1, B2, B3 ... B20, C20 ... C1, D1 ... D20, ... and comes
// back through C20 ... C1, B1 ... B20, A20 ... etc."
//
// On a field of N cross-lines the track is a cycle of 6N places in six
// segments of N: line A from cross-line N down to 1 (segment 0), B up (1),
// C down (2), D up (3), C down (4), B up (5), then A again. A man's place is
// its point and the segment it is in (lines B and C are run twice). The
// table gives each place's point and segment, so that a walk of a throw is
// read off it: its end is the place `value` further, the points it passes
// over those in between.
#pragma once

#include <array>
#include <cstdint>

#include "beyt/dleb.hpp"

namespace beyt {

class DlebTrack {
 public:
  /// Places 0 to 6N + 5: those from 6N on are the cycle's first again, so
  /// that a walk of up to 6 steps from any place reads on without a modulo.
  static constexpr int kMaxCrossLines = 100, kMinCrossLines = 4;
  static constexpr int kPlaces = 6 * kMaxCrossLines + 6;

  /// The place of a man on cross-line x0 + 1 (x0 from 0) in `segment` (0..5):
  /// the odd segments run upward (B, D, B), the even ones downward.
  static constexpr int place_of(int x0, int segment, int n) noexcept {
    return segment * n + ((segment & 1) ? x0 : n - 1 - x0);
  }
  /// Place c's point and segment (c from 0 to 6N + 5).
  DlebPoint point(int c) const noexcept { return static_cast<DlebPoint>(places_[static_cast<std::size_t>(c)] & kPointMask); }
  int segment(int c) const noexcept { return places_[static_cast<std::size_t>(c)] >> kSegmentAt; }
  /// The table from place c on: entry k is place c + k, its point in the low
  /// kSegmentAt bits, its segment above them.
  const std::uint16_t* from(int c) const noexcept { return places_.data() + c; }
  static constexpr int kSegmentAt = 9;
  static constexpr std::uint16_t kPointMask = (1u << kSegmentAt) - 1;
  static_assert(kDlebPoints <= kPointMask + 1);

  /// The track of `cross_lines` (4 to 100; the rules' range, docs/RULES.md
  /// §Dleb): every table worked out once, at the first call, in static
  /// storage (no allocation).
  [[gnu::always_inline]] static const DlebTrack& of(int cross_lines) noexcept {
    static const auto* tables = [] {
      static std::array<DlebTrack, kMaxCrossLines + 1> all{};
      for (int n = kMinCrossLines; n <= kMaxCrossLines; ++n) all[static_cast<std::size_t>(n)].fill(n);
      return &all;
    }();
    return (*tables)[static_cast<std::size_t>(cross_lines)];
  }

 private:
  // Segment s runs along line kLine[s].
  void fill(int n) noexcept {
    constexpr int kLine[6] = {0, 1, 2, 3, 2, 1};
    for (int c = 0; c < 6 * n + 6; ++c) {
      const int at = c % (6 * n), seg = at / n, k = at % n;
      const int x = (seg & 1) ? k + 1 : n - k;
      places_[static_cast<std::size_t>(c)] =
          static_cast<std::uint16_t>(dleb_point(kLine[seg], x) | seg << kSegmentAt);
    }
  }
  std::array<std::uint16_t, kPlaces> places_{};
};

}  // namespace beyt
