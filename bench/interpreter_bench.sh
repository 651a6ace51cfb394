#!/usr/bin/env bash
# Perft speed of each compiled variant's generated module against the interpreter running the
# same model (fairy perft --interpret), at the start position: #15's "generated code at least 5x
# the interpreter on every variant".
#
#   bench/interpreter_bench.sh [--fairy BIN] [--nodes N] [--rounds R] [--only REGEX]
#
# For each variant (fairy list; --only: those whose key matches REGEX), the depth is the first
# whose tree has at least N leaves (default 2,000,000; the generated module counts them), then
# the module and the interpreter run in alternation, R rounds (default 3), one thread each; the
# clock is the perft's own CPU time (fairy's `cpu` figure: no process start-up). Prints a
# Markdown table, medians, and exits 1 if the two counted different nodes.
set -euo pipefail
fairy=${FAIRY:-$(dirname "$0")/../build/fairy}
nodes=2000000 rounds=3 only=.
while [ $# -gt 0 ]; do
  case $1 in
    --fairy) fairy=$2; shift 2 ;;
    --nodes) nodes=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --only) only=$2; shift 2 ;;
    -h | --help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "interpreter_bench.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
[ -x "$fairy" ] || { echo "interpreter_bench.sh: no fairy binary at $fairy (--fairy BIN)" >&2; exit 2; }
[[ $nodes =~ ^[1-9][0-9]*$ && $rounds =~ ^[1-9][0-9]*$ ]] || { echo "interpreter_bench.sh: --nodes and --rounds take positive integers" >&2; exit 2; }

# "NODES CPU" of one perft: fairy perft's line on stderr "... N nodes in T s (...) on 1 thread,
# cpu C s" (stdout has Fairy-Stockfish's "Nodes searched: N").
run() {
  local line
  line=$("$fairy" perft "$@" --threads 1 2>&1 >/dev/null |
    sed -n 's/^.* perft [0-9]*: \([0-9]*\) nodes in .* cpu \([0-9.]*\) s$/\1 \2/p')
  [ -n "$line" ] || { echo "interpreter_bench.sh: fairy perft $* printed no count" >&2; exit 1; }
  echo "$line"
}
median() { tr ' ' '\n' | LC_ALL=C sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| variant | depth | nodes | generated (M/s) | interpreted (M/s) | ratio |"
echo "|---|---:|---:|---:|---:|---:|"
status=0
for key in $("$fairy" list | awk '{ print $1 }' | grep -E -- "$only"); do
  depth=1
  while :; do
    read -r n _ <<<"$(run "$key" "$depth")"
    [ "$n" -ge "$nodes" ] || [ "$depth" -ge 12 ] && break
    depth=$((depth + 1))
  done
  gen_times="" int_times=""
  for _ in $(seq "$rounds"); do
    read -r g gt <<<"$(run "$key" "$depth")"
    read -r i it <<<"$(run "$key" "$depth" --interpret)"
    if [ "$g" != "$i" ]; then
      echo "interpreter_bench.sh: $key depth $depth: generated $g nodes, interpreted $i" >&2
      status=1
    fi
    gen_times+=" $gt" int_times+=" $it"
  done
  gt=$(echo $gen_times | median) it=$(echo $int_times | median)
  awk -v k="$key" -v d="$depth" -v n="$g" -v gt="$gt" -v it="$it" 'BEGIN {
    gt = gt > 0 ? gt : 0.001; it = it > 0 ? it : 0.001
    printf "| %s | %d | %d | %.1f | %.2f | %.1f |\n", k, d, n, n / gt / 1e6, n / it / 1e6, it / gt }'
done
exit $status
