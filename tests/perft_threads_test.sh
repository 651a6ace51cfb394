#!/usr/bin/env bash
# fairy perft --threads: the same counts (and --divide lines) on 1, 2 and 3 threads, through the
# bitboard kernel, the generated mailbox modules and the interpreter, with turn phases, drops
# and boards with holes; bad thread counts refused; a progress line only on a terminal; Ctrl-C
# still ends a threaded perft with a partial count.
# Usage: perft_threads_test.sh FAIRY SOURCE_DIR [quick]
# quick (the sanitizer build): every case of depth 3 or more one ply shallower.
set -u
fairy=$1 src=$2 quick=${3:-}
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

# Same stdout for every thread count. Each case: variant depth [options...].
same_counts() {
  local want got t
  if [ "$quick" = quick ] && [ "$2" -ge 3 ]; then set -- "$1" $(($2 - 1)) "${@:3}"; fi
  want=$("$fairy" perft "$@" --threads 1 2>/dev/null) || { fail "perft $* --threads 1: exit $?"; return; }
  [[ "$want" == *"Nodes searched: "* ]] || { fail "perft $* --threads 1 printed no count: $want"; return; }
  for t in 2 3; do
    got=$("$fairy" perft "$@" --threads "$t" 2>/dev/null) || { fail "perft $* --threads $t: exit $?"; continue; }
    [ "$got" = "$want" ] || fail "perft $* --threads $t: '$(tail -1 <<<"$got")', 1 thread: '$(tail -1 <<<"$want")'"
  done
}
same_counts chess 4                       # the bitboard kernel
same_counts chess 3 --divide
same_counts chess 4 --interpret
same_counts chess 3 --spec "$src/variants.yaml"
same_counts capablanca 3
same_counts sandbox 3                     # a board with holes: the generated mailbox module
same_counts sandbox 2 --interpret
same_counts universal 3                   # drops, credits, turn phases
same_counts universal 3 --turns
same_counts universal 3 --interpret --divide
same_counts universal 3 --fen "k7/8/8/8/8/8/8/K5R1 w - - 0 10 2:g1 {HS:1}{}"  # mid-turn, a drop due
same_counts extramove 4                   # two moves a turn
same_counts extramove 2 --turns
same_counts extramove 4 --interpret
same_counts obento 3
same_counts chess 1                       # fewer work items than threads
same_counts chess 3 --fen "7k/8/8/8/8/8/8/K6r w - - 0 1"  # two root moves
same_counts chess 2 --fen "7k/8/8/8/8/8/6PP/5r1K w - - 0 1"  # checkmated: no root moves

# Bad thread counts: refused with the value, before any counting.
for bad in 0 -1 abc 1.5 99999999999 1025 ""; do
  err=$("$fairy" perft chess 3 --threads "$bad" 2>&1 >/dev/null); rc=$?
  [ "$rc" != 0 ] && [[ "$err" == *"--threads: '$bad' is not a whole number of threads from 1 to 1024"* ]] ||
    fail "--threads '$bad': exit $rc, stderr: $err"
done

# A long perft, interrupted after its progress line appeared (on a terminal) or after 4 s (not
# on one): exit 130 with a partial count, and a progress line only on the terminal.
interrupted_ok() {  # interrupted_ok RC STDERR-TEXT WHERE
  [ "$1" = 130 ] || fail "$3: exit $1 (wanted 130)"
  grep -Eq "fairy: interrupted: partial count [0-9]+ nodes after .* \(extramove perft 12 not finished\)" <<<"$2" ||
    fail "$3: no partial count in: $2"
}
# Not a terminal: stderr is a file.
"$fairy" perft extramove 12 --threads 2 >"$tmp/plain.out" 2>"$tmp/plain.err" &
plain=$!
# A terminal: script(1) gives the run a pseudo-terminal; stdout goes to a file.
script -qfec "'$fairy' perft extramove 12 --threads 2 >'$tmp/tty.out' & echo \$! >'$tmp/tty.pid'; wait \$!" \
  "$tmp/tty.log" </dev/null >/dev/null 2>&1 &
tty=$!
for _ in $(seq 150); do grep -q "root moves done" "$tmp/tty.log" 2>/dev/null && break; sleep 0.1; done
grep -Eq "extramove perft 12: [0-9]+/[0-9]+ root moves done, [0-9]+ nodes so far, [0-9]+ s" "$tmp/tty.log" ||
  fail "no progress line on a terminal within 15 s: $(cat "$tmp/tty.log")"
sleep 0.5
kill -INT "$(cat "$tmp/tty.pid")" "$plain"
wait "$plain"; rc=$?
interrupted_ok "$rc" "$(cat "$tmp/plain.err")" "not on a terminal"
[ "$(wc -l <"$tmp/plain.err")" = 1 ] || fail "not on a terminal, stderr has more than the partial count: $(cat "$tmp/plain.err")"
wait "$tty"; rc=$?
interrupted_ok "$rc" "$(cat "$tmp/tty.log")" "on a terminal"
! grep -q "Nodes searched" "$tmp/plain.out" "$tmp/tty.out" || fail "an interrupted perft printed a total"

[ "$fails" = 0 ] && echo "PASS: the same counts on 1, 2 and 3 threads; bad thread counts refused; progress only on a terminal" || exit 1
