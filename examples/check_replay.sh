#!/bin/bash
# check_replay.sh REPLAY BEYT FILE: runs examples/replay on FILE and checks
# what it prints against the command line on the same file: the positions
# of each game against `beyt render FILE --record K --format position
# --every 1` (every ply; for a game with an illegal move, which render
# refuses, each position against `--ply N`), an error line against the one
# `beyt validate FILE` prints, and the exit status (0 when no error was
# printed, else 1).
set -u
replay=$1 beyt=$2 file=$3
fail() { echo "FAIL: $file: $*"; exit 1; }
out=$("$replay" "$file")
status=$?
games=0 positions=0 errors=0
# check_game K PLIES: the "N<TAB>TEXT" lines example printed for game K.
check_game() {
  local record=$1 plies=$2 want ply text
  [ "$record" -gt 0 ] || return 0
  if want=$("$beyt" render "$file" --record "$record" --format position --every 1 2>/dev/null); then
    [ "$plies" = "$want" ] || fail "game $record: the positions differ from beyt render's:
$(diff <(echo "$want") <(echo "$plies") | head -5)"
  else
    while IFS=$'\t' read -r ply text; do
      want=$("$beyt" render "$file" --record "$record" --format position --ply "$ply") ||
        fail "beyt render --record $record --ply $ply failed"
      [ "$text" = "$want" ] || fail "game $record, ply $ply: '$text', beyt render says '$want'"
    done <<< "$plies"
  fi
}
record=0 plies=""
while IFS= read -r line; do
  case $line in
    "game "*)
      check_game "$record" "$plies"
      record=${line#game } record=${record%%:*} plies="" games=$((games + 1)) ;;
    [0-9]*" "*)
      plies+="${plies:+$'\n'}${line%% *}"$'\t'"${line#* }"
      positions=$((positions + 1)) ;;
    *)
      "$beyt" validate "$file" 2>&1 | grep -qxF -- "$line" || fail "beyt validate does not print: $line"
      errors=$((errors + 1)) ;;
  esac
done <<< "$out"
check_game "$record" "$plies"
[ "$positions" -gt 1 ] || fail "only $positions positions"
[ "$status" -eq $((errors > 0 ? 1 : 0)) ] || fail "exit status $status with $errors errors"
echo "$file: $games games, $positions positions and $errors errors as beyt render and beyt validate give them"
