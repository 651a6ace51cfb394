#!/usr/bin/env bash
# The fairy CLI on bad input: a clear message, a non-zero exit, nothing else.
# Usage: cli_test.sh FAIRY SOURCE_DIR
set -u
fairy=$1 src=$2
fails=0
expect() {  # expect CODE 'text in stderr' -- command...
  local code=$1 text=$2; shift 3
  local err out rc
  err=$("$@" 2>&1 >/dev/null); rc=$?
  if [ "$rc" != "$code" ] || [[ "$err" != *"$text"* ]]; then
    echo "FAIL: $* -> exit $rc, stderr: $err (wanted exit $code and '$text')"; fails=$((fails + 1))
  fi
}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
printf 'pieces:\n  king: {letter: K, betza: K, royal: true}\n  rook: {letter: R, betza: RkW}\nvariants:\n  x: {board: {files: 8, ranks: 8}, pieces: [king, rook], start: 4k3/8/8/8/8/8/8/R3K3 w - - 0 1}\n' > "$tmp/bad.yaml"

expect 1 "turn 3: 'P e4-e6': a Pawn cannot go from e4 to e6" -- "$fairy" play chess --game "$src/tests/games/illegal.txt"
expect 2 "unknown variant 'chesss' (known: chess, capablanca" -- "$fairy" perft chesss 3
expect 2 "bad FEN at column 14: unknown piece letter 'X'" -- "$fairy" perft chess 2 --fen "rnbqkbnr/ppppXppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
expect 105 "depth: Value 0 not in range 1 to 20" -- "$fairy" perft chess 0
expect 2 "bad.yaml:3:29: error: unknown XBetza modifier 'k'" -- "$fairy" perft x 1 --spec "$tmp/bad.yaml"
expect 2 "bad XBetza at column 2: unknown XBetza atom 'X'" -- "$fairy" explain NX
expect 2 "bad --board '20x20'" -- "$fairy" explain N --board 20x20
expect 2 "cannot open" -- "$fairy" play chess --game "$tmp/none.txt"
expect 1 "chess has no reserves to deal a random setup into" -- "$fairy" new chess
# fairygen: a bad spec writes nothing.
mkdir -p "$tmp/out"
expect 1 "bad.yaml:3:29: error: unknown XBetza modifier 'k'" -- "$(dirname "$fairy")/fairygen" --spec "$tmp/bad.yaml" --templates "$src/templates" --out "$tmp/out"
[ -z "$(ls -A "$tmp/out")" ] || { echo "FAIL: fairygen wrote files for a bad spec"; fails=$((fails + 1)); }
# fairygen --list-variants: the spec's keys in file order; without it, --out and --templates are needed.
out=$("$(dirname "$fairy")/fairygen" --spec "$src/variants.yaml" --list-variants)
want=$(awk '/^variants:/ { f = 1; next } f && /^  [A-Za-z0-9_-]+:$/ { sub(/:$/, ""); print $1 }' "$src/variants.yaml")
[ -n "$out" ] && [ "$out" = "$want" ] || { echo "FAIL: --list-variants: '$out', the spec's keys: '$want'"; fails=$((fails + 1)); }
expect 2 "fairygen: error: --out and --templates are required (unless --list-variants)" -- "$(dirname "$fairy")/fairygen" --spec "$src/variants.yaml"

# The interactive session: moves for a square, a move, undo, fen, quit (and EOF ends it too).
out=$(printf 'moves e2\nP e2-e4\nundo\nfen\nxyz\nquit\n' | "$fairy" play chess 2>&1)
for want in "P e2-e3" "P e2-e4" "taken back" "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" "turn 1: 'xyz': cannot read"; do
  [[ "$out" == *"$want"* ]] || { echo "FAIL: interactive session lacks '$want':"; echo "$out"; fails=$((fails + 1)); }
done
printf 'P e2-e4\n' | "$fairy" play chess >/dev/null 2>&1 || { echo "FAIL: EOF in the interactive session"; fails=$((fails + 1)); }

[ "$fails" = 0 ] && echo "PASS: every bad input refused clearly" || exit 1
