#!/usr/bin/env bash
# The main job: set up, regenerate every variant, and print each start position's perft.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh build
build/fairy bench
