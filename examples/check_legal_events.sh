#!/bin/bash
# check_legal_events.sh LEGAL_EVENTS BEYT: examples/legal_events against the
# command line and against counts known from the rules.
#  * At the start of every game (Mankalah's: the first count of its
#    tebweez, 0 to 72), and at positions of
#    Tâb and Mankalah given as text, the list it prints is the one `beyt
#    events` prints, and its depth-1 count is that list's length.
#  * Seega 5x5 under Walker's rules (Walker 2011; docs/RULES.md §Seega, the
#    default preset: no prescribed first pairs): a placing turn puts two
#    pieces on two of the empty cells, the centre excepted, in either order
#    alike: C(24,2) = 276 first turns, then C(22,2) = 231 answers to each,
#    63 756 in all.
#  * Tâb (Lane 1836): a throw of four sticks has five outcomes (1, 2, 3, 4
#    or 6 white sides).
#  * Its walk to depth 2 from every game's start counts what `beyt perft`
#    (the library's beyt::perft) counts.
set -u
legal_events=$1 beyt=$2
fail() { echo "FAIL: $*"; exit 1; }
compare() {  # compare NAME ARGS...: the list at the position against `beyt events`
  local name=$1
  shift
  local ours cli count
  ours=$("$legal_events" "$@") || fail "$name: legal_events $* failed"
  cli=$("$beyt" events "${events_args[@]}" | tail -n +2 | awk '{print $1}') || fail "$name: beyt events failed"
  [ -n "$cli" ] || fail "$name: beyt events lists nothing"
  [ "$(sed -n '2,$p' <<< "$ours" | grep -v '^depth ' | awk '{print $1}')" = "$cli" ] ||
    fail "$name: the list differs from beyt events'"
  count=$(grep -c . <<< "$cli")
  grep -qx "depth 1: $count" <<< "$ours" || fail "$name: depth 1 is not $count"
  echo "$name: $count events, as beyt events lists them"
}
for game in tab dleb seega mankalah umelbanat; do
  events_args=(--game "$game")
  compare "$game" "$game" 1
done
# Positions given as text: Tâb between turns, and Mankalah after the
# opening distribution.
for at in "tab lane samples/tab/lane-9.beyt 6" "mankalah ghasheem samples/mankalah/ghasheem-match.beyt 1"; do
  read -r game rules file ply <<< "$at"
  position=$("$beyt" render "$file" --format position --ply "$ply") || fail "beyt render $file --ply $ply"
  events_args=(--game "$game" --rules "$rules" --position "$position")
  compare "$game at ply $ply of $file" "$game" 1 "$rules" "$position"
done

out=$("$legal_events" seega 2 walker) || fail "legal_events seega 2 failed"
grep -qx 'depth 1: 276' <<< "$out" || fail "seega: depth 1 is not C(24,2) = 276"
grep -qx 'depth 2: 63756' <<< "$out" || fail "seega: depth 2 is not 276 * C(22,2) = 63756"
out=$("$legal_events" tab 1) || fail "legal_events tab failed"
grep -qx 'depth 1: 5' <<< "$out" || fail "tab: a throw does not have 5 outcomes"
echo "seega: 276 and 63756; tab: 5"
for game in tab dleb seega mankalah umelbanat; do
  ours=$("$legal_events" "$game" 2 | grep '^depth ') || fail "legal_events $game 2 failed"
  cli=$("$beyt" perft --game "$game" --depth 2) || fail "beyt perft --game $game failed"
  [ "$ours" = "$cli" ] || fail "$game: legal_events counts $ours, beyt perft $cli"
done
echo "depth 2 of every game: as beyt perft counts"
