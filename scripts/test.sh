#!/usr/bin/env bash
# Set up, build, and run every test. Locally, FAIRY_SKIP_SLOW=1 skips tests labelled slow;
# CI (CI=true) always runs them all.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh build
args=(--test-dir build --output-on-failure -j "$(nproc)")
if [ "${FAIRY_SKIP_SLOW:-0}" = 1 ] && [ "${CI:-}" != true ]; then args+=(-LE slow); fi
ctest "${args[@]}"
