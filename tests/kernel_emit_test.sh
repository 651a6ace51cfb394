#!/usr/bin/env bash
# FileCheck test of a generated module (kernel_emit/, attack_emit/): the spec file holds its own
# CHECK lines; fairygen generates its one variant and FileCheck reads the module: its pieces'
# path tables (the <stem>.paths.hpp its header includes, in that order), its header, the shared
# piece move generators and walk tables its move generator includes (<stem>.moves.hpp, then
# <stem>.attacks.hpp), its move generator (<key>.mailbox.hpp) or, where the kernel covers it,
# its pieces (<key>.pieces.hpp, with the board where a piece names squares), then its .cpp.
# Usage: kernel_emit_test.sh FAIRYGEN FILECHECK TEMPLATE_DIR SPEC
set -euo pipefail
fairygen=$1 filecheck=$2 templates=$3 spec=$4
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$fairygen" --spec "$spec" --templates "$templates" --out "$tmp" >/dev/null
headers=()
for f in "$tmp"/*.hpp; do
  case $f in *.mailbox.hpp | *.pieces.hpp | *.paths.hpp | *.moves.hpp | *.attacks.hpp | */perft_cases.hpp) ;; *) headers+=("$f") ;; esac
done
[ ${#headers[@]} -eq 1 ] || { echo "FAIL: expected one variant in $spec"; exit 1; }
module=${headers[0]%.hpp}
group=$module.mailbox.hpp
[ -f "$group" ] || group=$module.pieces.hpp
tables=()
while IFS= read -r name; do tables+=("$tmp/$name"); done < <(sed -n 's/^#include "\(.*\.paths\.hpp\)".*/\1/p' "$module.hpp")
moves=()
while IFS= read -r name; do moves+=("$tmp/$name"); done < <(sed -n 's/^#include "\(.*\.moves\.hpp\)".*/\1/p' "$group")
attacks=()
while IFS= read -r name; do attacks+=("$tmp/$name"); done < <(sed -n 's/^#include "\(.*\.attacks\.hpp\)".*/\1/p' "$group")
cat "${tables[@]}" "$module.hpp" "${moves[@]}" "${attacks[@]}" "$group" "$module.cpp" | "$filecheck" "$spec"
