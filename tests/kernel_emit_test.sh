#!/usr/bin/env bash
# FileCheck test of a generated module (kernel_emit/, attack_emit/): the spec file holds its own
# CHECK lines; fairygen generates its one variant and FileCheck reads the module, header first.
# Usage: kernel_emit_test.sh FAIRYGEN FILECHECK TEMPLATE_DIR SPEC
set -euo pipefail
fairygen=$1 filecheck=$2 templates=$3 spec=$4
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$fairygen" --spec "$spec" --templates "$templates" --out "$tmp" >/dev/null
headers=("$tmp"/*.hpp)
[ ${#headers[@]} -eq 1 ] || { echo "FAIL: expected one variant in $spec"; exit 1; }
cat "${headers[0]}" "${headers[0]%.hpp}.cpp" | "$filecheck" "$spec"
