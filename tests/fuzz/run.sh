#!/usr/bin/env bash
# Runs the fuzz targets of a FAIRY_FUZZ build one after the other, SECONDS each (default 60),
# and fails if any of them finds something: a crash, a sanitizer report, a broken property, an uncaught
# exception, an input running longer than 5 s or memory beyond 2 GB.
# Usage: tests/fuzz/run.sh BUILD_DIR [SECONDS [TARGET...]]   (targets: betza spec fen notation)
# Each target starts from its seed corpus, its regression inputs and what earlier runs in
# BUILD_DIR/fuzz-corpus/<target> found; a finding is saved as BUILD_DIR/fuzz-findings/<target>/*.
set -euo pipefail
src=$(cd "$(dirname "$0")" && pwd)
build=${1:?usage: tests/fuzz/run.sh BUILD_DIR [SECONDS [TARGET...]]}
seconds=${2:-60}
shift $(($# < 2 ? $# : 2))
targets=("$@")
((${#targets[@]})) || targets=(betza spec fen notation)

failed=()
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}
for t in "${targets[@]}"; do
  fuzzer=$build/tests/fuzz/fuzz_$t
  [ -x "$fuzzer" ] || { echo "fuzz: no $fuzzer (configure with -DFAIRY_FUZZ=ON)"; exit 2; }
  corpus=$build/fuzz-corpus/$t findings=$build/fuzz-findings/$t log=$build/fuzz-$t.log
  mkdir -p "$corpus" "$findings"
  dirs=("$corpus" "$build/fuzz-seeds/$t")
  [ -d "$src/regressions/$t" ] && dirs+=("$src/regressions/$t")
  dict=()
  [ -f "$src/$t.dict" ] && dict=(-dict="$src/$t.dict")
  status=0
  "$fuzzer" -max_total_time="$seconds" -timeout=5 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$findings/" "${dict[@]}" "${dirs[@]}" >"$log" 2>&1 || status=$?
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
  if [ "$status" != 0 ]; then
    tail -n 60 "$log"
    echo "fuzz: $t FAILED (exit $status) after ${runs:-?} runs; the input is in $findings/."
    echo "fuzz: replay it with $fuzzer FILE; once fixed, keep it in tests/fuzz/regressions/$t/."
    failed+=("$t")
    continue
  fi
  echo "fuzz: $t ok: $runs runs in ${seconds} s, $speed runs/s, corpus $(ls "$corpus" | wc -l) inputs"
done
if ((${#failed[@]})); then
  echo "fuzz: findings in: ${failed[*]}"
  exit 1
fi
