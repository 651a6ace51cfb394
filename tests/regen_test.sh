#!/usr/bin/env bash
# Proves the build regenerates from variants.yaml, and only what changed:
#  1. the generated files are up to date (fairygen --check);
#  2. touching variants.yaml makes the build re-run fairygen, which rewrites nothing, so
#     nothing is recompiled;
#  3. on a copy of the spec, changing one variant's piece rewrites that variant's module only
#     (and the files that include it: its shard and the registry): moves no piece had get new
#     headers beside the old ones, which the other variants keep (and which, the spec put back,
#     --check names and generating removes); moves another piece has (the Marquis's) share its
#     headers, which stay as they were.
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
# Give grand's knight other moves (XBetza $1) in a copy of the spec and regenerate into a copy
# of the generated files; sets changed (the files that differ, sorted), shard (the one that
# includes grand.cpp) and tables (the header of the knight's paths that grand.hpp includes).
regrand() {
  rm -rf "$tmp/out" && cp -r "$generated" "$tmp/out"
  cp "$src/variants.yaml" "$tmp/spec.yaml"
  python3 - "$tmp/spec.yaml" "$1" <<'PY'
import sys
p, betza = sys.argv[1], sys.argv[2]
s = open(p).read()
s = s.replace("  grand:\n    board: {files: 10, ranks: 10}\n    pieces: [king, queen, rook, bishop, knight,",
              "  grand:\n    board: {files: 10, ranks: 10}\n    pieces: [king, queen, rook, bishop, {piece: knight, betza: " + betza + "},", 1)
open(p, "w").write(s)
PY
  grep -q "betza: $1}" "$tmp/spec.yaml" || { echo "FAIL: could not edit the spec copy"; exit 1; }
  gen "$tmp/spec.yaml" "$tmp/out"
  changed=$(cd "$tmp/out" && for f in *; do cmp -s "$f" "$generated/$f" || echo "$f"; done | LC_ALL=C sort | tr '\n' ' ')
  shard=$(grep -l '#include "grand.cpp"' "$tmp/out"/modules_*.cpp | xargs -n1 basename)
  tables=$(sed -n 's/^#include "\(.*\.paths\.hpp\)".*/\1/p' "$tmp/out/grand.hpp" | grep -v -e '^king_' -e '^queen_' -e '^rook_' -e '^bishop_' -e '^pawn_' -e '^archbishop_' -e '^chancellor_')
}
expect_changed() {
  local expected
  expected=$(printf '%s\n' "$@" | LC_ALL=C sort | tr '\n' ' ')
  [ "$changed" = "$expected" ] || { echo "FAIL: expected only $expected to change, got: $changed"; exit 1; }
}

# Moves no piece had: grand's module, a header of its pieces (grand.pieces.hpp: they are no
# longer Capablanca's, whose header names no variant and stays as it was; the kernel covers
# grand, so it has no move generator), a new header for the tables of its knight beside the
# other variants' knight's (knight_.paths.hpp, unchanged), and what includes them (its shard,
# the same one; the registry, which includes the header).
regrand NWD
case $tables in knight_?*.paths.hpp) ;; *) echo "FAIL: grand's knight has no tables of its own: $tables"; exit 1 ;; esac
[ ! -e "$generated/$tables" ] || { echo "FAIL: $tables was there before"; exit 1; }
[ ! -e "$generated/grand.pieces.hpp" ] || { echo "FAIL: grand.pieces.hpp was there before"; exit 1; }
expect_changed grand.cpp grand.hpp grand.pieces.hpp "$tables" "$shard" registry.cpp
# Back to the spec as it is: --check names the new headers as no longer generated (and fails),
# and generating removes them.
if check=$(gen "$src/variants.yaml" "$tmp/out" --check 2>&1); then echo "FAIL: --check passed with $tables left over"; exit 1; fi
echo "$check" | grep -q "$tables: no longer generated" || { echo "FAIL: --check did not name $tables: $check"; exit 1; }
gen "$src/variants.yaml" "$tmp/out" | grep -q "2 no longer generated removed" || { echo "FAIL: the extra headers were not removed"; exit 1; }
[ ! -e "$tmp/out/$tables" ] || { echo "FAIL: $tables is still there"; exit 1; }
gen "$src/variants.yaml" "$tmp/out" --check >/dev/null

# The Marquis's moves (NW), which other variants' pieces have: grand's knight shares the header
# named after the Marquis, which stays as it was, and so does every other variant's module.
regrand NW
[ "$tables" = marquis_.paths.hpp ] || { echo "FAIL: grand's NW knight does not share the Marquis's tables: $tables"; exit 1; }
expect_changed grand.cpp grand.hpp grand.pieces.hpp "$shard" registry.cpp
echo "PASS: regeneration is incremental"
