#!/bin/sh
# No generated module of the catalogue falls back to the interpreter's forward walk: the modules
# of the spec's variants and their groups' headers (their move generators, <name>.mailbox.hpp,
# or where the kernel covers them their pieces, <name>.pieces.hpp), concatenated,
# checked by FileCheck against attack_emit/catalogue.check.
# Usage: attack_catalogue_test.sh FAIRYGEN SPEC GENERATED_DIR FILECHECK CHECK_FILE
set -eu
fairygen=$1 spec=$2 dir=$3 filecheck=$4 check=$5
keys=$("$fairygen" --spec "$spec" --list-variants)
[ -n "$keys" ] || { echo "FAIL: no variants listed"; exit 1; }
# Each module, then the groups' headers the modules include.
groups=$(for k in $keys; do sed -n 's/^#include "\(.*\.\(mailbox\|pieces\)\.hpp\)".*/\1/p' "$dir/$k.cpp"; done | sort -u)
echo "$groups" | grep -q '\.mailbox\.hpp$' || { echo "FAIL: no module includes a move generator"; exit 1; }
echo "$groups" | grep -q '\.pieces\.hpp$' || { echo "FAIL: no module includes a kernel group's header"; exit 1; }
{
  for k in $keys; do cat "$dir/$k.cpp"; done
  for m in $groups; do cat "$dir/$m"; done
} | "$filecheck" "$check"
