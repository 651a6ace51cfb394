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
# fairy match, uci, xboard (engine/): bad players and limits refused; the protocols through a pipe.
expect 2 "unknown player 'smart' (random, greedy, search:" -- "$fairy" match chess smart random
expect 2 "unknown setting 'speed' in player 'search:speed=3' (depth, movetime, nodes, hash)" -- "$fairy" match chess search:speed=3 random
expect 2 "bad number '0' in player 'search:depth=1,hash=0'" -- "$fairy" match chess search:depth=1,hash=0 random
expect 2 "hash=4097 in player 'search:hash=4097': at most 4096 MB" -- "$fairy" match chess search:hash=4097 random
expect 2 "bad number 'x' in player 'search:depth=x'" -- "$fairy" match chess search:depth=x random
expect 2 "bad FEN at column 1" -- "$fairy" match chess random random --fen "X w - - 0 1"
out=$("$fairy" match kingofthehill search:depth=2,hash=1 random --games 1 --seed 5)
[[ "$out" == "kingofthehill search:depth=2,hash=1 vs random: 1 games, "* ]] || { echo "FAIL: match with hash=1: $out"; fails=$((fails + 1)); }
out=$("$fairy" match kingofthehill search:depth=2 random --games 2 --seed 5)
[[ "$out" == "kingofthehill search:depth=2 vs random: 2 games, +2 -0 =0, score 100.0%" ]] || { echo "FAIL: match: $out"; fails=$((fails + 1)); }
out=$(printf 'uci
position startpos moves e2e4
go depth 2
' | "$fairy" uci)
[[ "$out" == *"uciok"* && "$out" == *"bestmove "* ]] || { echo "FAIL: uci through a pipe: $out"; fails=$((fails + 1)); }
out=$(printf 'xboard
protover 2
variant extramove
sd 2
usermove e2e4
quit
' | "$fairy" xboard)
[[ "$out" == *"done=1"* && "$out" == *"move "*","* ]] || { echo "FAIL: xboard through a pipe: $out"; fails=$((fails + 1)); }
# fairygen: a bad spec writes nothing.
mkdir -p "$tmp/out"
expect 1 "bad.yaml:3:29: error: unknown XBetza modifier 'k'" -- "$(dirname "$fairy")/fairygen" --spec "$tmp/bad.yaml" --templates "$src/templates" --out "$tmp/out"
[ -z "$(ls -A "$tmp/out")" ] || { echo "FAIL: fairygen wrote files for a bad spec"; fails=$((fails + 1)); }
# fairygen --list-variants: the spec's keys in file order; without it, --out and --templates are needed.
out=$("$(dirname "$fairy")/fairygen" --spec "$src/variants.yaml" --list-variants)
want=$(awk '/^variants:/ { f = 1; next } f && /^  [A-Za-z0-9_-]+:( *#.*)?$/ { sub(/:.*$/, ""); print $1 }' "$src/variants.yaml")
[ -n "$out" ] && [ "$out" = "$want" ] || { echo "FAIL: --list-variants: '$out', the spec's keys: '$want'"; fails=$((fails + 1)); }
expect 2 "fairygen: error: --out and --templates are required (unless --list-variants)" -- "$(dirname "$fairy")/fairygen" --spec "$src/variants.yaml"

# fairy moves where the game is over: it says so and how (as fairy play's result), and lists nothing.
out=$("$fairy" moves chess --fen "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
[ "$out" = "game over: 0-1 (checkmate)" ] || { echo "FAIL: moves after checkmate: '$out'"; fails=$((fails + 1)); }
out=$("$fairy" moves 3check --fen "rnbqkbnr/ppp2ppp/8/1B1pp3/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 0+3 1 3" --uci)
[[ "$out" == "game over: 1-0 ("*"check"*")" ]] || { echo "FAIL: moves after the third check: '$out'"; fails=$((fails + 1)); }
out=$("$fairy" moves chess)
[[ "$out" != *"game over"* && $(printf '%s\n' "$out" | wc -l) == 20 ]] || { echo "FAIL: moves at the start: '$out'"; fails=$((fails + 1)); }
# Over by the 50-move rule with moves left: the moves, then the line that says the game is over.
out=$("$fairy" moves chess --fen "4k3/8/8/8/8/8/8/R3K3 w - - 100 80")
[[ $(printf '%s\n' "$out" | tail -1) == "game over: 1/2-1/2 (50-move rule) (the moves above are those the board allows)" &&
   $(printf '%s\n' "$out" | grep -c -- "-") -ge 15 ]] || { echo "FAIL: moves after the 50-move rule: '$out'"; fails=$((fails + 1)); }
out=$("$fairy" moves chess --fen "4k3/8/8/8/8/8/8/R3K3 w - - 99 80")
[[ "$out" != *"game over"* ]] || { echo "FAIL: moves a ply before the 50-move rule: '$out'"; fails=$((fails + 1)); }

# The interactive session: moves for a square, a move, undo, fen, quit (and EOF ends it too).
out=$(printf 'moves e2\nP e2-e4\nundo\nfen\nxyz\nquit\n' | "$fairy" play chess 2>&1)
for want in "P e2-e3" "P e2-e4" "taken back" "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" "turn 1: 'xyz': cannot read"; do
  [[ "$out" == *"$want"* ]] || { echo "FAIL: interactive session lacks '$want':"; echo "$out"; fails=$((fails + 1)); }
done
printf 'P e2-e4\n' | "$fairy" play chess >/dev/null 2>&1 || { echo "FAIL: EOF in the interactive session"; fails=$((fails + 1)); }

# --spec FILE on every command that takes a variant: a designer's file that includes the
# catalogue (relative path) and adds a variant. Hand count for mini's start: Rook a1 a2-a5 (4) and
# b1-d1 (3), King e1 d1 d2 e2 (3) = 10.
mkdir -p "$tmp/designs" && cp "$src/variants.yaml" "$tmp/catalogue.yaml"
printf 'include: [../catalogue.yaml]\nvariants:\n  mini: {board: {files: 5, ranks: 5}, pieces: [king, rook], start: 4k/5/5/5/R3K w - - 0 1}\n' > "$tmp/designs/user.yaml"
user=$tmp/designs/user.yaml
check() {  # check 'description' 'wanted text' actual
  [[ "$3" == *"$2"* ]] || { echo "FAIL: $1: wanted '$2' in: $3"; fails=$((fails + 1)); }
}
check "list --spec" "mini         5x5  2 piece types  4k/5/5/5/R3K w - - 0 1" "$("$fairy" list --spec "$user")"
check "list --spec includes the catalogue" "chess        8x8" "$("$fairy" list --spec "$user")"
check "perft --spec" "Nodes searched: 10" "$("$fairy" perft mini 1 --spec "$user" 2>/dev/null)"
check "moves --spec" "10" "$("$fairy" moves mini --spec "$user" | wc -l)"
check "bench --spec" "mini             1             10" "$("$fairy" bench mini --depth 1 --spec "$user")"
check "explain a piece named in --spec" "$("$fairy" explain R)" "$("$fairy" explain rook --spec "$user")"
check "play --spec" "3k1/5/5/5/R3K b - - 3 2" "$(printf 'K e1-e2\nk e5-d5\nK e2-e1\nfen\nquit\n' | "$fairy" play mini --spec "$user" 2>&1 | grep -v '^ *$' )"
check "new --spec deals as the compiled module" "$("$fairy" new universal --seed 3)" "$("$fairy" new universal --seed 3 --spec "$user")"
expect 2 "unknown variant 'maxi' (known in $user: " -- "$fairy" perft maxi 1 --spec "$user"
expect 2 "unknown variant 'maxi' (known in $user: " -- "$fairy" bench maxi --spec "$user"
printf 'include: [user.yaml]\n' > "$tmp/designs/loop.yaml"; sed -i 's|include: \[|include: [loop.yaml, |' "$user"
expect 2 "user.yaml:1:11: error: include cycle: 'loop.yaml'" -- "$fairy" list --spec "$tmp/designs/loop.yaml"
printf 'include: [../catalogue.yaml]\ninclude: [user.yaml]\n' > "$tmp/designs/twice.yaml"
expect 2 "twice.yaml:2:1: error: 'include' is given twice in the top level (first at " -- "$fairy" list --spec "$tmp/designs/twice.yaml"

[ "$fails" = 0 ] && echo "PASS: every bad input refused clearly" || exit 1
