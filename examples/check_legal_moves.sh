#!/bin/bash
# check_legal_moves.sh LEGAL_MOVES BEYT: examples/legal_moves against the
# command line and against counts known from the rules.
#  * At the start of every game (Mankalah's: the first count of its
#    tebweez, 0 to 72), and at positions of
#    Tâb and Mankalah given as text, the list it prints is the one `beyt
#    moves` prints, and its depth-1 count is that list's length.
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
legal_moves=$1 beyt=$2
fail() { echo "FAIL: $*"; exit 1; }
compare() {  # compare NAME ARGS...: the list at the position against `beyt moves`
  local name=$1
  shift
  local ours cli count
  ours=$("$legal_moves" "$@") || fail "$name: legal_moves $* failed"
  cli=$("$beyt" moves "${moves_args[@]}" | tail -n +2 | awk '{print $1}') || fail "$name: beyt moves failed"
  [ -n "$cli" ] || fail "$name: beyt moves lists nothing"
  [ "$(sed -n '2,$p' <<< "$ours" | grep -v '^depth ' | awk '{print $1}')" = "$cli" ] ||
    fail "$name: the list differs from beyt moves'"
  count=$(grep -c . <<< "$cli")
  grep -qx "depth 1: $count" <<< "$ours" || fail "$name: depth 1 is not $count"
  echo "$name: $count events, as beyt moves lists them"
}
for game in tab dleb seega mankalah umelbanat; do
  moves_args=(--game "$game")
  compare "$game" "$game" 1
done
# Positions given as text: Tâb between turns, and Mankalah after the
# opening distribution.
for at in "tab lane samples/tab/lane-9.beyt 6" "mankalah ghasheem samples/mankalah/ghasheem-match.beyt 1"; do
  read -r game rules file ply <<< "$at"
  position=$("$beyt" render "$file" --format position --ply "$ply") || fail "beyt render $file --ply $ply"
  moves_args=(--game "$game" --rules "$rules" --position "$position")
  compare "$game at ply $ply of $file" "$game" 1 "$rules" "$position"
done

out=$("$legal_moves" seega 2 walker) || fail "legal_moves seega 2 failed"
grep -qx 'depth 1: 276' <<< "$out" || fail "seega: depth 1 is not C(24,2) = 276"
grep -qx 'depth 2: 63756' <<< "$out" || fail "seega: depth 2 is not 276 * C(22,2) = 63756"
out=$("$legal_moves" tab 1) || fail "legal_moves tab failed"
grep -qx 'depth 1: 5' <<< "$out" || fail "tab: a throw does not have 5 outcomes"
echo "seega: 276 and 63756; tab: 5"
for game in tab dleb seega mankalah umelbanat; do
  ours=$("$legal_moves" "$game" 2 | grep '^depth ') || fail "legal_moves $game 2 failed"
  cli=$("$beyt" perft --game "$game" --depth 2) || fail "beyt perft --game $game failed"
  [ "$ours" = "$cli" ] || fail "$game: legal_moves counts $ours, beyt perft $cli"
done
echo "depth 2 of every game: as beyt perft counts"
