#!/usr/bin/env bash
# Regenerates docs/xbetza.md into a temporary file and compares it with the checked-in page.
# Usage: doc_test.sh SOURCE_DIR FAIRY
set -euo pipefail
out=$(mktemp)
trap 'rm -f "$out"' EXIT
OUT=$out "$1/scripts/xbetza-doc.sh" "$2"
if ! diff -u "$1/docs/xbetza.md" "$out"; then
  echo "FAIL: docs/xbetza.md is stale: run scripts/xbetza-doc.sh"
  exit 1
fi
echo "PASS: docs/xbetza.md matches fairy explain"
