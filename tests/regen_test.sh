#!/usr/bin/env bash
# Proves the build regenerates from variants.yaml, and only what changed:
#  1. the generated files are up to date (fairygen --check);
#  2. touching variants.yaml makes the build re-run fairygen, which rewrites nothing, so
#     nothing is recompiled;
#  3. on a copy of the spec, changing one variant's piece rewrites that variant's module only
#     (and the files that include it: its shard and the registry), and writes the piece's new
#     tables beside the old ones, which the other variants keep.
# Usage: regen_test.sh SOURCE_DIR BUILD_DIR GENERATED_DIR
set -euo pipefail
src=$1 build=$2 generated=$3
gen() { "$build/fairygen" --spec "$1" --templates "$src/templates" --out "$2" --shards 8 "${@:3}"; }

gen "$src/variants.yaml" "$generated" --check

touch "$src/variants.yaml"
log=$(cmake --build "$build" --target fairy 2>&1)
echo "$log" | grep -q "fairygen: generating" || { echo "FAIL: touching variants.yaml did not re-run fairygen"; echo "$log"; exit 1; }
echo "$log" | grep -q "0 of .* files rewritten" || { echo "FAIL: unchanged spec rewrote files"; echo "$log"; exit 1; }
if echo "$log" | grep -q "Building CXX"; then echo "FAIL: unchanged spec recompiled code"; echo "$log"; exit 1; fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -r "$generated" "$tmp/out"
# Give grand's knight an extra move: only grand's module (and nothing else) may change.
cp "$src/variants.yaml" "$tmp/spec.yaml"
python3 - "$tmp/spec.yaml" <<'PY'
import sys
p = sys.argv[1]
s = open(p).read()
s = s.replace("  grand:\n    board: {files: 10, ranks: 10}\n    pieces: [king, queen, rook, bishop, knight,",
              "  grand:\n    board: {files: 10, ranks: 10}\n    pieces: [king, queen, rook, bishop, {piece: knight, betza: NW},", 1)
open(p, "w").write(s)
PY
grep -q "betza: NW" "$tmp/spec.yaml" || { echo "FAIL: could not edit the spec copy"; exit 1; }
out=$(gen "$tmp/spec.yaml" "$tmp/out")
echo "$out"
changed=$(cd "$tmp/out" && for f in *; do cmp -s "$f" "$generated/$f" || echo "$f"; done | tr '\n' ' ')
# grand's module and its move generator (grand.mailbox.hpp, which no other variant shares), a new
# header for the tables of its knight, which no longer has the other variants' knight's paths
# (knight_.paths.hpp, unchanged), and what includes them (one shard; the registry, which includes
# the header).
shard=$(grep -l '#include "grand.cpp"' "$tmp/out"/modules_*.cpp | xargs -n1 basename)
tables=$(sed -n 's/^#include "\(knight_.*\.paths\.hpp\)".*/\1/p' "$tmp/out/grand.hpp")
case $tables in knight_?*.paths.hpp) ;; *) echo "FAIL: grand's knight has no tables of its own: $tables"; exit 1 ;; esac
[ ! -e "$generated/$tables" ] || { echo "FAIL: $tables was there before"; exit 1; }
expected=$(printf '%s\n' grand.cpp grand.hpp grand.mailbox.hpp "$tables" "$shard" registry.cpp | LC_ALL=C sort | tr '\n' ' ')
changed=$(echo "$changed" | tr ' ' '\n' | sed '/^$/d' | LC_ALL=C sort | tr '\n' ' ')
[ "$changed" = "$expected" ] || { echo "FAIL: expected only $expected to change, got: $changed"; exit 1; }
echo "PASS: regeneration is incremental"
