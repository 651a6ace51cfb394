#!/usr/bin/env bash
# fairy play's terminal session: help, coordinate moves (as `fairy moves --uci` prints them), the
# board drawn again after every move and undo with the last move, the reserves, the legend.
# Usage: play_session_test.sh FAIRY
set -u
fairy=$1
fails=0
check() {  # check 'description' 'wanted text' actual
  [[ "$3" == *"$2"* ]] || { echo "FAIL: $1: wanted '$2' in:"; echo "$3"; fails=$((fails + 1)); }
}
refute() {
  [[ "$3" != *"$2"* ]] || { echo "FAIL: $1: did not want '$2' in:"; echo "$3"; fails=$((fails + 1)); }
}

out=$(printf 'help\nquit\n' | "$fairy" play chess 2>&1)
for cmd in "moves [square]" "undo" "board" "legend" "fen" "help" "quit" "e2e4"; do check "help lists $cmd" "$cmd" "$out"; done
check "the legend at the start" "N Knight (N)" "$out"
check "the legend names the royal piece" "K King, royal (K)" "$out"

# Every move the CLI lists in coordinates (the first 40 of Sandbox's: swaps, induced moves, a
# castling partner's) is accepted as typed.
uci=$("$fairy" moves sandbox --uci | head -40)
n=0
for m in $uci; do
  fen_uci=$(printf '%s\nfen\nquit\n' "$m" | "$fairy" play sandbox 2>&1 | grep -cE '^> [^ ]+ b ')
  [ "$fen_uci" = 1 ] || { echo "FAIL: coordinate move $m not played"; fails=$((fails + 1)); }
  n=$((n + 1))
done
[ "$n" -ge 20 ] || { echo "FAIL: only $n coordinate moves listed"; fails=$((fails + 1)); }
check "e2e4 and P e2-e4 give one position" "$(printf 'P e2-e4\nfen\n' | "$fairy" play chess 2>&1 | tail -2)" \
      "$(printf 'e2e4\nfen\n' | "$fairy" play chess 2>&1 | tail -2)"
check "a promotion in coordinates" "P e7-e8; Q-e8" "$(printf 'e7e8q\nquit\n' | "$fairy" play chess --fen '7k/4P3/8/8/8/8/8/K7 w - - 0 1' 2>&1)"
check "an illegal coordinate move" "turn 1: 'e2e5': 'e2e5' is not a legal move here" "$(printf 'e2e5\nquit\n' | "$fairy" play chess 2>&1)"
[ -z "$(printf 'P e2-e4\n' | "$fairy" play chess 2>&1 >/dev/null)" ] || { echo "FAIL: stderr on a good move"; fails=$((fails + 1)); }

# The board after every move and after undo, with the last move.
out=$(printf 'e2e4\ne7e5\nundo\nquit\n' | "$fairy" play chess 2>&1)
boards=$(grep -c '^    a b c d e f g h$' <<<"$out")
[ "$boards" = 4 ] || { echo "FAIL: $boards boards drawn for the start, two moves and an undo (wanted 4)"; echo "$out"; fails=$((fails + 1)); }
check "the last move" "Last move: 1... p e7-e5" "$out"
check "the last move after undo" "taken back"$'\n'" 8  r n b q k b n r"$'\n'" 7  p p p p p p p p" "$out"
after_undo=${out##*taken back}
check "after undo the last move is the one before" "Last move: 1. P e2-e4" "$after_undo"

# The reserves of a variant with drops, as a move and a drop change them.
out=$(printf 'K a1-b1\nH@d1\nquit\n' | "$fairy" play universal --fen 'k7/8/8/8/3p4/8/4P3/K7 w - - 0 1 {H:1}{}' 2>&1)
check "the reserve at the start" "White reserve: H (1 credit)" "$out"
check "the drop in coordinates" "1. H-d1" "$out"
check "the reserve after the drop" "White reserve: (empty) (0 credits)" "$out"
refute "no reserves in chess" "reserve" "$(printf 'quit\n' | "$fairy" play chess 2>&1)"

# Hands under the board, and promoted pieces drawn as the FEN writes them (+P).
out=$(printf 'e2e4\nd7d5\ne4d5\nquit\n' | "$fairy" play crazyhouse 2>&1)
check "an empty hand" "Black hand: (empty)" "$out"
check "the captured pawn in White's hand" "White hand: P 1"$'\n'"Black hand: (empty)"$'\n'"Last move: 2. P e4-d5" "$out"
out=$(printf 'quit\n' | "$fairy" play shogi --fen '4k4/2+P6/9/9/9/9/9/9/4K4[GGp] w - - 0 1' 2>&1)
check "a promoted pawn on the board" " 8   .  . +P  .  .  .  .  .  ." "$out"
check "the files under a shogi board" "     a  b  c  d  e  f  g  h  i" "$out"
check "both hands" "White hand: G 2"$'\n'"Black hand: p 1" "$out"
refute "no hands in chess" "hand" "$(printf 'quit\n' | "$fairy" play chess 2>&1)"

if [ "$fails" -eq 0 ]; then echo "play session: all checks passed"; else echo "play session: $fails failed"; exit 1; fi
