#!/usr/bin/env bash
# Runs the fuzz targets of a FAIRY_FUZZ build, SECONDS each (default 60), FAIRY_FUZZ_JOBS of them
# at a time (default: one a core), and fails if any of them finds something: a crash, a sanitizer
# report, a broken property, an uncaught exception, an input running longer than 5 s or memory
# beyond 2 GB.
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
jobs=${FAIRY_FUZZ_JOBS:-$(nproc)}
[[ "$jobs" =~ ^[1-9][0-9]*$ ]] || { echo "fuzz: FAIRY_FUZZ_JOBS must be a positive number, not '$jobs'"; exit 2; }

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}
for t in "${targets[@]}"; do
  [ -x "$build/tests/fuzz/fuzz_$t" ] || { echo "fuzz: no $build/tests/fuzz/fuzz_$t (configure with -DFAIRY_FUZZ=ON)"; exit 2; }
done

# One target: its exit status goes to BUILD_DIR/fuzz-<target>.status, its output to .log.
fuzz_one() {
  local t=$1 corpus=$build/fuzz-corpus/$1 findings=$build/fuzz-findings/$1
  mkdir -p "$corpus" "$findings"
  local dirs=("$corpus" "$build/fuzz-seeds/$t") dict=() status=0
  [ -d "$src/regressions/$t" ] && dirs+=("$src/regressions/$t")
  [ -f "$src/$t.dict" ] && dict=(-dict="$src/$t.dict")
  "$build/tests/fuzz/fuzz_$t" -max_total_time="$seconds" -timeout=5 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$findings/" "${dict[@]}" "${dirs[@]}" >"$build/fuzz-$t.log" 2>&1 || status=$?
  echo "$status" >"$build/fuzz-$t.status"
}

echo "fuzz: ${#targets[@]} targets, $seconds s each, $jobs at a time"
running=0
for t in "${targets[@]}"; do
  if ((running >= jobs)); then wait -n || true; running=$((running - 1)); fi
  fuzz_one "$t" &
  running=$((running + 1))
done
wait

failed=()
for t in "${targets[@]}"; do
  log=$build/fuzz-$t.log findings=$build/fuzz-findings/$t
  status=$(cat "$build/fuzz-$t.status" 2>/dev/null || echo "?")
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
  if [ "$status" != 0 ]; then
    tail -n 60 "$log"
    echo "fuzz: $t FAILED (exit $status) after ${runs:-?} runs; the input is in $findings/."
    echo "fuzz: replay it with $build/tests/fuzz/fuzz_$t FILE; once fixed, keep it in tests/fuzz/regressions/$t/."
    failed+=("$t")
    continue
  fi
  echo "fuzz: $t ok: $runs runs in ${seconds} s, $speed runs/s, corpus $(ls "$build/fuzz-corpus/$t" | wc -l) inputs"
done
if ((${#failed[@]})); then
  echo "fuzz: findings in: ${failed[*]}"
  exit 1
fi
