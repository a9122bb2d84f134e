#!/usr/bin/env bash
# `beyt render --format tikz` compiles with pdflatex for every game (issue 23;
# docs/DIAGRAMS.md "TikZ"): a plate in colour with its legend, a figure sheet
# in black and white, an empty board, and a record whose title holds every
# character TeX treats specially and letters outside Latin-1, and every letter
# of Latin-1 and Latin Extended-A under OT1 and T1 encodings. Each picture is
# \input into a small article and must compile without error. .ci/setup
# installs pdflatex (texlive-latex-base) and TikZ (texlive-pictures); without
# them the test fails and says so: it is never skipped.
# Usage: compile.sh BEYT SOURCE_DIR OUT_DIR
set -euo pipefail
beyt=$1 source=$2 out=$3
if ! command -v pdflatex >/dev/null; then
  echo "Tikz.CompilesForEveryGame: pdflatex is not installed (.ci/setup installs texlive-latex-base and texlive-pictures)" >&2
  exit 1
fi
rm -rf "$out" && mkdir -p "$out" && cd "$out"
pictures=()
picture() {  # NAME ARGS...
  local name=$1; shift
  "$beyt" render --format tikz "$@" -o "$name.tex"
  pictures+=("$name")
}
picture seega "$source/samples/seega/walker-5x5.beyt" --ply 13 --legend --to-move
picture seega-sheet "$source/samples/seega/walker-7x7.beyt" --every 25 --mono
picture tab "$source/samples/tab/lane-9.beyt" --ply 13 --legend
picture tab-sheet "$source/samples/tab/lane-7-pieces4.beyt" --plies 1,2,3 --mono --flip
picture tab-empty-13 --empty --game tab --rules "lane; width=13"
picture dleb "$source/samples/dleb/marin-2x2.beyt" --ply 27 --legend --width 450
picture dleb-sheet "$source/samples/dleb/marin-2x2.beyt" --plies 0,3,27 --mono
picture mankalah "$source/samples/mankalah/ghasheem-match.beyt" --ply 45 --arrow B-a --mark C
picture mankalah-empty --empty --game mankalah
picture umelbanat "$source/samples/umelbanat/four-stages.beyt" --ply 30 --legend --mono
picture umelbanat-sheet "$source/samples/umelbanat/four-stages.beyt" --plies 30,31,32
# Every character TeX treats specially, a ligature, Lane's and Marin's
# accented letters, and letters pdflatex cannot set (written as ?).
cat > odd.beyt <<'REC'
[Event "\\ { } $ & # ^ _ ~ % < > | -- ,, `` '' Tâb á – ص 中"]
[Game "seega"]
[South "A_1 & B"]

1. c1,c5 *
REC
picture odd odd.beyt --legend
# Every letter of Latin-1 and Latin Extended-A in the title, and dashes,
# quotes, Arabic, CJK, an emoji, a combining accent and a no-break space in
# the legend's names (tests/tikz/every-letter.beyt).
picture letters "$source/tests/tikz/every-letter.beyt" --legend
compile() {  # NAME DOC PREAMBLE-LINE...: \input NAME.tex into DOC.tex and compile it
  local p=$1 doc=$2; shift 2
  # As a paper would: the picture scaled to the text width.
  printf '%s\n' '\documentclass{article}' '\usepackage{tikz}' "$@" '\pagestyle{empty}' '\begin{document}' \
    "\\noindent\\resizebox{\\linewidth}{!}{\\input{$p.tex}}" '\end{document}' > "$doc.tex"
  if ! pdflatex -interaction=nonstopmode -halt-on-error "$doc.tex" > "$doc.out" 2>&1; then
    echo "Tikz.CompilesForEveryGame: $p.tex does not compile in $doc.tex:" >&2
    grep -A5 '^!' "$doc.out" >&2 || tail -20 "$doc.out" >&2
    exit 1
  fi
  test -s "$doc.pdf"
}
for p in "${pictures[@]}"; do compile "$p" "doc-$p"; done
# The letters pdflatex's default encoding (OT1) lacks are set from T1 where
# the document loads it; otherwise (and for the nine no standard font has)
# their fallback, with a warning that names each (docs/DIAGRAMS.md).
compile letters doc-letters-t1 '\usepackage[T1]{fontenc}'
warned() { grep -o 'Package beyt Warning: letter U+[0-9A-F]*' "$1" | sed 's/.*U+//' | sort -u | tr '\n' ' '; }
never='0126 0127 0138 013F 0140 0149 0166 0167 017F '
t1_only='00AB 00BB 00D0 00DE 00F0 00FE 0104 0105 0110 0111 0118 0119 012E 012F 014A 014B 0172 0173 '
expect_ot1=$(printf '%s' "$never$t1_only" | tr ' ' '\n' | grep . | sort | tr '\n' ' ')
if [ "$(warned doc-letters.log)" != "$expect_ot1" ]; then
  echo "Tikz.CompilesForEveryGame: OT1 warned of $(warned doc-letters.log), expected $expect_ot1" >&2
  exit 1
fi
if [ "$(warned doc-letters-t1.log)" != "$never" ]; then
  echo "Tikz.CompilesForEveryGame: T1 warned of $(warned doc-letters-t1.log), expected $never" >&2
  exit 1
fi
echo "Tikz.CompilesForEveryGame: ${#pictures[@]} pictures compiled, and the letters' picture under T1 ($out)"
