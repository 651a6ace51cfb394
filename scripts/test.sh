#!/usr/bin/env bash
# Set up, build, and run every test, in two builds:
#   build       Release (g++): the ctest suite but the tests of labels unit and server, which the
#               sanitizer suite runs (FAIRY_SANITIZER_SUITE_FOLLOWS, tests/CMakeLists.txt; but
#               kernel_tests, in full here), nor the fuzz targets' replay of their seeds and
#               regressions, which the fuzzing runs first (FAIRY_FUZZING_FOLLOWS,
#               tests/fuzz/CMakeLists.txt); with FAIRY_SKIP_SANITIZE=1 and FAIRY_SKIP_FUZZ=1
#               (locally) the whole suite
#   build-asan  clang, AddressSanitizer + UndefinedBehaviorSanitizer, instrumented for libFuzzer:
#               the suite without the `slow` and `peer` labels (every variant's perft still runs,
#               at the spec's smaller depths; the peer comparisons run in the Release suite) nor
#               `build`, `docs` and `browser` (regeneration, the docs and the page in a browser,
#               whose code under test the sanitizers do not see or the other tests run: see below),
#               then each fuzz target for FAIRY_FUZZ_SECONDS (default 20) seconds, one a core at a time
# Locally, FAIRY_SKIP_SLOW=1 skips tests labelled slow, FAIRY_SKIP_SANITIZE=1 the sanitizer suite
# and FAIRY_SKIP_FUZZ=1 the fuzzing; CI (CI=true) always runs everything, fuzzing >= 20 s a target.
set -euo pipefail
cd "$(dirname "$0")/.."
skip() { [ "${CI:-}" != true ] && [ "${!1:-0}" = 1 ]; }
jobs=(-j "$(nproc)")
# Each phase's wall time, for keeping the whole run short (CI's limit is 20 minutes).
phase_start=$SECONDS
phase() { echo "test.sh: $1 took $((SECONDS - phase_start)) s (total $SECONDS s)"; phase_start=$SECONDS; }

sanitizer_suite=ON fuzzing=ON
if skip FAIRY_SKIP_SANITIZE; then sanitizer_suite=OFF; fi
if skip FAIRY_SKIP_FUZZ; then fuzzing=OFF; fi
scripts/setup.sh build -DFAIRY_SANITIZER_SUITE_FOLLOWS=$sanitizer_suite -DFAIRY_FUZZING_FOLLOWS=$fuzzing
phase "set-up and the Release build"

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}
sanitizer_build=1
if skip FAIRY_SKIP_SANITIZE && skip FAIRY_SKIP_FUZZ; then sanitizer_build=0; fi
# One clang build serves both: the fuzz instrumentation (coverage counters) costs the suite little,
# and a second cold build of the catalogue cost CI minutes. It starts beside the Release suite at
# the lowest priority (nice 19), in a process group of its own (killed if the suite fails): it
# takes the CPU time the suite's tests leave idle (waiting on node, Chromium, servers, the serial
# regen test) and little else. Not in a session of its own: Linux schedules each session as one
# group (autogroup), whose share nice does not lower. Its output is shown after the suite.
if ((sanitizer_build)); then
  asan_log=$(mktemp)
  set -m  # job control: the background job gets its own process group, in this session
  nice -n 19 scripts/setup.sh build-asan -DCMAKE_CXX_COMPILER=clang++ -DFAIRY_FUZZ=ON -DFAIRY_BENCH=OFF \
    >"$asan_log" 2>&1 &
  asan_build=$!
  set +m
  trap 'if [ -n "$asan_build" ]; then kill -- -"$asan_build" 2>/dev/null; fi; rm -f "$asan_log"' EXIT
fi

args=(--test-dir build --output-on-failure "${jobs[@]}")
if skip FAIRY_SKIP_SLOW; then args+=(-LE slow); fi
ctest "${args[@]}"
phase "the Release suite"

if ((!sanitizer_build)); then exit 0; fi
status=0
wait "$asan_build" || status=$?
asan_build=
cat "$asan_log"
if ((status)); then echo "test.sh: the sanitizer build failed (exit $status)"; exit "$status"; fi
phase "the rest of the sanitizer build"

if ! skip FAIRY_SKIP_SANITIZE; then
  # Each gtest binary runs here as a few shards, not a process a test (tests/CMakeLists.txt,
  # fairy_gtest), and leaves out the kernel's random games on the two largest boards.
  # Left to the Release suite: `build` (regen: how the build regenerates, which runs alone, a core
  # idle), `docs` (a file compared) and `browser` (the page's script in Chromium; the server's
  # code it calls is the server tests', which run here).
  ctest --test-dir build-asan --output-on-failure "${jobs[@]}" -LE 'slow|peer|build|docs|browser'
  phase "the sanitizer suite"
fi

if ! skip FAIRY_SKIP_FUZZ; then
  seconds=${FAIRY_FUZZ_SECONDS:-20}
  if [ "${CI:-}" = true ] && [ "$seconds" -lt 20 ]; then seconds=20; fi
  tests/fuzz/run.sh build-asan "$seconds"
  phase "fuzzing"
fi
