// The shared stick-game core (beyt/sticks_core.hpp). Lane 1836: the four
// sticks and their counts; docs/RULES.md §Tâb "Throws".
#include "beyt/sticks_core.hpp"

namespace beyt {

bool sticks_read_throw(std::string_view t, std::size_t& i, StickThrow& out, Error& error) {
  out = StickThrow{};
  out.offset = static_cast<std::uint16_t>(i);
  if (i >= t.size() || sticks_whites(t[i] - '0') < 0) {
    error = Error{Code::move_syntax, "expected a throw: 1 (táb), 2, 3, 4 or 6", static_cast<std::uint32_t>(i)};
    return false;
  }
  out.value = static_cast<std::uint8_t>(t[i] - '0');
  ++i;
  if (i >= t.size() || (t[i] != 'W' && t[i] != 'B')) return true;
  int whites = 0;
  for (int k = 0; k < 4; ++k, ++i) {
    if (i >= t.size() || (t[i] != 'W' && t[i] != 'B')) {
      error = Error{Code::move_syntax, "a throw's faces are four letters W or B, e.g. 1WBBB",
                    static_cast<std::uint32_t>(i)};
      return false;
    }
    out.faces[static_cast<std::size_t>(k)] = t[i];
    whites += t[i] == 'W';
  }
  out.has_faces = true;
  if (sticks_value(whites) != out.value) {
    error = Error{Code::throw_faces,
                  "the faces show " + std::to_string(whites) + " white, which counts " +
                      std::to_string(sticks_value(whites)) + ", not " + std::to_string(out.value) +
                      " (Lane: one white táb, two, three, four white four, all black six; docs/RULES.md §Tâb)",
                  out.offset};
    return false;
  }
  return true;
}

Error sticks_parse_throw(std::string_view t, std::size_t& i, StickThrow& out) {
  Error error;
  sticks_read_throw(t, i, out, error);
  return error;
}

void sticks_format_throw(const StickThrow& t, std::string& out) {
  out += static_cast<char>('0' + t.value);
  if (t.has_faces) out.append(t.faces.data(), 4);
}

StickThrow sticks_draw(Rng& rng) {
  std::uint64_t bits = rng.below(16);
  int whites = static_cast<int>((bits & 1) + ((bits >> 1) & 1) + ((bits >> 2) & 1) + ((bits >> 3) & 1));
  StickThrow t;
  t.value = static_cast<std::uint8_t>(sticks_value(whites));
  return t;
}

std::vector<ChanceOutcome> sticks_outcomes() {
  std::vector<ChanceOutcome> out;
  out.reserve(5);
  for (int whites : {1, 2, 3, 4, 0})
    out.push_back({std::to_string(sticks_value(whites)), sticks_probability(whites)});
  return out;
}

namespace {
template <class Value>
int sequence_fault(Value value, int n) noexcept {
  for (int k = 0; k + 1 < n; ++k)
    if (!sticks_throw_again(value(k))) return k + 1;  // a throw after 2 or 3
  return sticks_throw_again(value(n - 1)) ? n - 1 : -1;  // ended on 1, 4 or 6
}
}  // namespace

int sticks_sequence_fault(const StickThrow* throws, int n) noexcept {
  return sequence_fault([throws](int k) { return throws[k].value; }, n);
}

int sticks_sequence_fault(const std::uint8_t* values, int n) noexcept {
  return sequence_fault([values](int k) { return values[k]; }, n);
}

namespace {
void walk_from(const StickTrack& track, int at, int steps, bool take_fork, TrackWalk& w, int branch) {
  for (int s = 0; s < steps; ++s) {
    int fork = track.fork[static_cast<std::size_t>(at)];
    if (take_fork && fork >= 0 && branch == 0 && w.end[1] < 0) {
      // Follow the fork branch into slot 1 with a copy of the path so far.
      w.path[1] = w.path[0];
      w.npath[1] = w.npath[0];
      int at1 = fork;
      for (int r = s + 1; r < steps && at1 >= 0; ++r) {
        w.path[1][static_cast<std::size_t>(w.npath[1]++)] = static_cast<std::int8_t>(at1);
        at1 = track.next[static_cast<std::size_t>(at1)];
      }
      w.end[1] = static_cast<std::int8_t>(at1);
    }
    at = track.next[static_cast<std::size_t>(at)];
    if (at < 0) break;
    if (s + 1 < steps) w.path[static_cast<std::size_t>(branch)][static_cast<std::size_t>(w.npath[branch]++)] =
        static_cast<std::int8_t>(at);
  }
  w.end[0] = static_cast<std::int8_t>(at);
}
}  // namespace

TrackWalk sticks_walk(const StickTrack& track, int from, int steps, bool take_fork) noexcept {
  TrackWalk w;
  walk_from(track, from, steps, take_fork, w, 0);
  w.nends = 1;
  if (w.end[1] >= 0) w.nends = 2;
  if (w.end[0] < 0) {  // the main route ran out: keep the fork branch only
    w.end[0] = w.end[1];
    w.path[0] = w.path[1];
    w.npath[0] = w.npath[1];
    w.end[1] = -1;
    w.nends = w.end[0] >= 0 ? 1 : 0;
  }
  return w;
}

}  // namespace beyt
