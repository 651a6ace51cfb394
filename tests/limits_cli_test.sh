#!/usr/bin/env bash
# Issue 14 at the command line: inputs past a limit are refused quickly with the column or the
# location; inputs within them (however crowded) work; Ctrl-C ends a perft with a partial
# count; fairygen changes no output unless it can write them all.
# Usage: limits_cli_test.sh FAIRY FAIRYGEN SOURCE_DIR
set -u
fairy=$1 fairygen=$2 src=$3
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
expect() {  # expect CODE 'text in stderr' -- command...
  local code=$1 text=$2; shift 3
  local err rc
  err=$(timeout 20 "$@" 2>&1 >/dev/null); rc=$?
  if [ "$rc" != "$code" ] || [[ "$err" != *"$text"* ]]; then fail "$* -> exit $rc, stderr: $err (wanted exit $code and '$text')"; fi
}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1  # spec files by short names, as messages show them

# XBetza: refused at once with the column and the count (aaaaaW took 39 s and 1 GB; aaaaaaaW
# never returned); aaB used to overflow the move list and crash.
expect 2 "bad XBetza at column 6: this move expands to 67228 paths: a piece may have at most 1024" -- "$fairy" explain aaaaaW
expect 2 "bad XBetza at column 8: this move expands to 3294172 paths" -- "$fairy" explain aaaaaaaW
out=$(timeout 60 "$fairy" explain aaB 2>&1) || fail "fairy explain aaB: exit $? $out"
[[ "$out" == *"80 squares to move to, 80 to capture on."* ]] || fail "fairy explain aaB: $out"

# Crowded boards: 255 Amazons on one side (the piece list held 128), and 1256 legal moves (the
# move list held 1024; 2 plies deep agrees with the interpreter).
a16=AAAAAAAAAAAAAAAA
full="kAAAAAAAAAAAAAAA"; for _ in $(seq 15); do full="$full/$a16"; done
out=$(timeout 20 "$fairy" perft terachess2 1 --fen "$full w - - 0 1" 2>/dev/null)
[ "$out" = "Nodes searched: 5" ] || fail "full board of Amazons: $out"
sparse="A1A1A1A1A1A1A1A1/16/1A1A1A1A1A1A1A1A/16/A1A1A1A1A1A1A1A1/16/1A1A1A1A1A1A1A1A/16/A1A1A1A1A1A1A1A1/16/1A1A1A1A1A1A1A1A/16/A1A1A1A1A1A1A1A1/16/1A1A1A1A1A1A1A1A/k15 w - - 0 1"
out=$(timeout 20 "$fairy" perft terachess2 1 --fen "$sparse" 2>/dev/null)
[ "$out" = "Nodes searched: 1256" ] || fail "1256 moves: $out"
gen=$(timeout 60 "$fairy" perft terachess2 2 --fen "$sparse" 2>/dev/null)
int=$(timeout 60 "$fairy" perft terachess2 2 --interpret --fen "$sparse" 2>/dev/null)
[ "$gen" = "$int" ] || fail "1256 moves, depth 2: generated '$gen', interpreted '$int'"

# FEN numbers: refused with the column, never wrapped.
expect 2 "bad FEN at column 8: empty run of 99999999999 does not fit rank 5" -- "$fairy" perft chess 1 --fen "k7/8/8/99999999999/8/8/8/K7 w - - 0 1"
expect 2 "bad FEN at column 32: drop credits '300' is more than 255" -- "$fairy" perft universal 1 --fen "k7/8/8/8/8/8/8/K7 w - - 0 1 {Q:300}{}"
expect 2 "bad FEN at column 25: halfmove clock '9999999999' is more than 999999" -- "$fairy" perft chess 1 --fen "k7/8/8/8/8/8/8/K7 w - - 9999999999 1"
expect 2 "bad FEN at column 32: a drop follows, but White has nothing to drop" -- "$fairy" perft universal 1 --fen "k7/8/8/8/8/8/8/K5R1 w - - 0 10 2:g1 {}{}"

# Command-line values: perft depth up to 20; a board size with anything after it; unknown
# bench variants before the bench runs.
expect 105 "depth: Value 21 not in range 1 to 20" -- "$fairy" perft chess 21
expect 2 "bad --board '9x9x'" -- "$fairy" explain N --board 9x9x
expect 2 "unknown variant 'chesss'" -- "$fairy" bench chess chesss

# Ctrl-C ends a perft at once and says what it counted was partial. A job started with `&` by a
# non-interactive shell begins with SIGINT ignored until fairy sets its handler, so one SIGINT
# sent while a slow machine (a sanitizer build under load) is still starting fairy up is lost:
# SIGINT goes again each second, and fairy must stop within a second of one, 20 s in all.
for mode in "" --divide --turns; do
  "$fairy" perft extramove 12 $mode >"$tmp/perft.out" 2>"$tmp/perft.err" &
  pid=$!
  sleep 1
  for _ in $(seq 20); do
    kill -INT "$pid" 2>/dev/null || break
    for _ in $(seq 10); do kill -0 "$pid" 2>/dev/null || break 2; sleep 0.1; done
  done
  if kill -0 "$pid" 2>/dev/null; then
    kill -KILL "$pid"; fail "perft $mode did not stop within a second of SIGINT (20 tries)"
  fi
  wait "$pid"; rc=$?
  [ "$rc" = 130 ] || fail "perft $mode interrupted: exit $rc (wanted 130)"
  grep -Eq "^fairy: interrupted: partial count [0-9]+ nodes after .* \(extramove perft 12 not finished\)$" perft.err ||
    fail "perft $mode interrupted: stderr $(cat perft.err)"
  ! grep -q "Nodes searched" perft.out || fail "perft $mode interrupted printed a total: $(cat perft.out)"
done

# fairygen: spec text that could break generated code is refused with its location.
spec() {  # spec PIECES-LINES [PERFT-LINES]
  printf 'pieces:\n  king: {letter: K, betza: K, royal: true}\n%bvariants:\n  x:\n    board: {files: 8, ranks: 8}\n    pieces: [king]\n    start: 4k3/8/8/8/8/8/8/4K3 w - - 0 1\n%b' "$1" "${2:-}"
}
spec '  "rook */ int x; /*": {letter: R, betza: R}\n' > comment.yaml
expect 1 "comment.yaml:3:3: error: piece name 'rook */ int x; /*' may use only letters, digits, '_' and '-'" -- "$fairygen" --spec comment.yaml --templates "$src/templates" --out none
spec '  foo-bar: {letter: R, betza: R}\n  foo_bar: {letter: B, betza: B}\n' > collide.yaml
expect 1 "collide.yaml:4:3: error: pieces 'foo-bar' (collide.yaml:3:3) and 'foo_bar' would both be named foo_bar in generated C++" -- "$fairygen" --spec collide.yaml --templates "$src/templates" --out none
spec '  x: {letter: X, betza: aaaaaW}\n' > paths.yaml
expect 1 "paths.yaml:3:30: error: this move expands to 67228 paths: a piece may have at most 1024 in \"aaaaaW\"" -- "$fairygen" --spec paths.yaml --templates "$src/templates" --out none
[ ! -e none ] || fail "fairygen wrote files for a bad spec"

# fairygen writes all of its outputs or none: a later file that cannot be written leaves the
# earlier ones as they were, and no temporary.
spec '' '    perft:\n      - {fen: start, counts: [5], source: "hand count: king d1 d2 e2 f2 f1"}\n' > good.yaml
"$fairygen" --spec good.yaml --templates "$src/templates" --out out >/dev/null || fail "fairygen on a good spec"
(cd out && sha256sum * > ../before.sum)
# A new start position changes x.cpp, a new count perft_cases.hpp, written in that order; a
# directory where perft_cases.hpp's temporary goes makes the second write fail.
sed -i 's/counts: \[5\]/counts: [5, 15]/; s/4k3\/8\/8/3k4\/8\/8/' good.yaml
mkdir -p "$tmp/out/perft_cases.hpp.tmp/in-the-way"
expect 1 "perft_cases.hpp.tmp: error: cannot write; no generated file was changed" -- "$fairygen" --spec good.yaml --templates "$src/templates" --out out
(cd out && sha256sum --quiet -c ../before.sum) || fail "fairygen changed outputs although it failed"
left=$(cd out && ls | grep -v '^perft_cases.hpp.tmp$' | grep '\.tmp$')
[ -z "$left" ] || fail "fairygen left temporaries: $left"

[ "$fails" = 0 ] && echo "PASS: every limit refused clearly, every crowded input handled" || exit 1
