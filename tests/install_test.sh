#!/usr/bin/env bash
# fairygen as a build step for another project (docs/cmake.md): install this build into a
# temporary prefix, build examples/custom_variant from a copy outside the source tree against
# it, and check its perft against the installed interpreter (fairy perft --spec) and its spec's
# perft entries (PERFT_TESTS); an edited spec is regenerated on the next build; bad use fails the
# user's configure or build with a clear message; the package version is checked. Then the same
# example builds fairygen inside itself, by add_subdirectory and by FetchContent.
# Usage: install_test.sh BUILD_DIR SOURCE_DIR CMAKE_GENERATOR CXX_COMPILER
set -u
build=$1 src=$2 generator=$3 cxx=$4
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
prefix="$tmp/prefix"

cmake --install "$build" --prefix "$prefix" >"$tmp/install.log" 2>&1 || { cat "$tmp/install.log"; echo "FAIL: cmake --install"; exit 1; }
# Only the public headers: the runtime's, not the generator's or the CLI's.
[ -f "$prefix/include/fairygen/runtime/registry.hpp" ] || fail "runtime/registry.hpp not installed"
[ -f "$prefix/include/fairygen/runtime/bitboard/perft.hpp" ] || fail "runtime/bitboard/perft.hpp not installed"
leaked=$(cd "$prefix/include/fairygen" && find . -name '*.hpp' | grep -v '^\./runtime/' ; find "$prefix/include/fairygen/runtime/cli" 2>/dev/null)
[ -z "$leaked" ] || fail "headers beyond the public API installed: $leaked"

# The catalogue is installed for specs to include.
printf 'include: [%s]\nvariants:\n  mini: {board: {files: 5, ranks: 5}, pieces: [king, rook], start: 4k/5/5/5/R3K w - - 0 1}\n' \
  "$prefix/share/fairygen/variants.yaml" >"$tmp/uses-catalogue.yaml"
"$prefix/bin/fairy" perft mini 1 --spec "$tmp/uses-catalogue.yaml" 2>/dev/null | grep -q "Nodes searched: 10" ||
  fail "a spec including the installed catalogue: $("$prefix/bin/fairy" perft mini 1 --spec "$tmp/uses-catalogue.yaml" 2>&1)"

launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
# Paths under $tmp as ccache hashes them relative to the build directory: the example's files,
# generated alike in each of its builds below, are compiled once.
export CCACHE_BASEDIR="$tmp"
configure() {  # configure PROJECT_DIR BUILD_DIR [CMAKE OPTIONS]
  cmake -S "$1" -B "$2" -G "$generator" -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER="$cxx" "${launcher[@]}" \
    -DCMAKE_PREFIX_PATH="$prefix" "${@:3}" >"$2.log" 2>&1
}
perft_equal() {  # perft_equal KEY DEPTH [BUILD_DIR]: the built program and the installed interpreter agree
  local ours theirs
  ours=$("${3:-$tmp/project/build}/custom_perft" "$1" "$2") || { fail "custom_perft $1 $2: exit $?"; return; }
  theirs=$("$prefix/bin/fairy" perft "$1" "$2" --spec "$tmp/project/my_variants.yaml" --threads 1 2>/dev/null)
  [[ "$ours" == "Nodes searched: "* && "$ours" == "$theirs" ]] ||
    fail "$1 perft $2: generated '$ours', installed interpreter '$theirs'"
}

# The example, from a copy outside the source tree.
cp -r "$src/examples/custom_variant" "$tmp/project"
rm -rf "$tmp/project/build"
configure "$tmp/project" "$tmp/project/build" || { cat "$tmp/project/build.log"; echo "FAIL: configuring the example"; exit 1; }
cmake --build "$tmp/project/build" >"$tmp/build1.log" 2>&1 || { cat "$tmp/build1.log"; echo "FAIL: building the example"; exit 1; }
perft_equal losalamos 4
ctest --test-dir "$tmp/project/build" -V >"$tmp/ctest1.log" 2>&1 || fail "PERFT_TESTS: $(cat "$tmp/ctest1.log")"
grep -q "5 of 5 perft counts match the spec" "$tmp/ctest1.log" || fail "PERFT_TESTS did not run the spec's 5 counts: $(cat "$tmp/ctest1.log")"

# A spec edit regenerates: a second variant (the configure step re-runs to list it) and a
# changed start position of the first.
cat >>"$tmp/project/my_variants.yaml" <<'EOF'
  losalamos_queenless:
    board: {files: 6, ranks: 6}
    pieces: [king, rook, knight, pawn]
    start: rn1knr/pppppp/6/6/PPPPPP/RN1KNR w - - 0 1
    promotion: {pieces: [pawn], zone: 1, to: [rook, knight]}
EOF
sed -i 's|start: rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1|start: rnqknr/pppppp/6/6/P1PPPP/RNQKNR w - - 0 1|' "$tmp/project/my_variants.yaml"
cmake --build "$tmp/project/build" >"$tmp/build2.log" 2>&1 || { cat "$tmp/build2.log"; fail "rebuilding after a spec edit"; }
grep -q "fairygen: generating custom_variants" "$tmp/build2.log" || fail "the edited spec was not regenerated: $(cat "$tmp/build2.log")"
perft_equal losalamos 4
perft_equal losalamos_queenless 4
[ "$("$tmp/project/build/custom_perft" losalamos 4)" != "Nodes searched: 14332" ] || fail "the old start position is still compiled in"

# A wrong count in the spec fails the PERFT_TESTS test.
sed -i 's|counts: \[10, 100, 1212, 14332, 191846\]|counts: [10, 100, 1212, 14332, 191847]|' "$tmp/project/my_variants.yaml"
cmake --build "$tmp/project/build" >"$tmp/build-count.log" 2>&1 || fail "rebuilding after a count edit"
ctest --test-dir "$tmp/project/build" >/dev/null 2>&1 && fail "PERFT_TESTS passed a wrong count"
sed -i 's|191847\]|191846]|' "$tmp/project/my_variants.yaml"

# VARIANTS: only these of the spec's variants are built; one the spec lacks is an error.
lists() { sed -i "s|^fairygen_add_variants(TARGET custom_variants SPEC my_variants.yaml.*|fairygen_add_variants(TARGET custom_variants SPEC my_variants.yaml $1)|" "$tmp/project/CMakeLists.txt"; }
lists "VARIANTS losalamos chess"
cmake --build "$tmp/project/build" >"$tmp/build-keys.log" 2>&1 && fail "VARIANTS naming a key the spec lacks built"
grep -Fq "my_variants.yaml: error: --variants names 'chess', which the spec does not declare (it has: losalamos, losalamos_queenless)" "$tmp/build-keys.log" ||
  fail "VARIANTS other than the spec's: $(cat "$tmp/build-keys.log")"
lists "VARIANTS losalamos_queenless"
cmake --build "$tmp/project/build" >"$tmp/build-keys.log" 2>&1 || fail "VARIANTS with one of the spec's keys: $(cat "$tmp/build-keys.log")"
perft_equal losalamos_queenless 3
"$tmp/project/build/custom_perft" losalamos 1 >/dev/null 2>&1 && fail "a variant VARIANTS left out was built"
lists "PERFT_TESTS"

# A spec with an error fails the build with fairygen's file:line:column message.
sed -i 's|pawn:   {letter: P, betza: fmWfcF}|pawn:   {letter: P, betza: fmWfcX}|' "$tmp/project/my_variants.yaml"
cmake --build "$tmp/project/build" >"$tmp/build3.log" 2>&1 && fail "a spec with a bad XBetza built"
grep -Eq "my_variants.yaml:[0-9]+:[0-9]+: error: .*'X'" "$tmp/build3.log" || fail "no file:line:column message: $(cat "$tmp/build3.log")"

# Bad use: a missing SPEC or a version not installed (configure), a spec that is no YAML (build).
project() {  # project DIR CMAKE-LINES: a one-file project that uses the package
  mkdir -p "$1"
  printf 'cmake_minimum_required(VERSION 3.25)\nproject(p LANGUAGES CXX)\n%s\n' "$2" >"$1/CMakeLists.txt"
  echo 'int main() {}' >"$1/main.cpp"
}
expect_configure_error() {  # expect_configure_error NAME TEXT CMAKE-LINES
  project "$tmp/$1" "$3"
  if configure "$tmp/$1" "$tmp/$1/build"; then fail "$1: configured"; fi
  grep -Fq "$2" "$tmp/$1/build.log" || fail "$1: no '$2' in: $(cat "$tmp/$1/build.log")"
}
expect_configure_error nospec "fairygen_add_variants: SPEC is missing" \
  $'find_package(fairygen CONFIG REQUIRED)\nfairygen_add_variants(TARGET v)'
printf 'pieces:\n  king: {letter: K, betza: K\n' >"$tmp/bad.yaml"
project "$tmp/badyaml" $'find_package(fairygen CONFIG REQUIRED)\nfairygen_add_variants(TARGET v SPEC '"$tmp/bad.yaml"$')\nadd_executable(main main.cpp)\ntarget_link_libraries(main PRIVATE v)'
configure "$tmp/badyaml" "$tmp/badyaml/build" || fail "badyaml: $(cat "$tmp/badyaml/build.log")"
cmake --build "$tmp/badyaml/build" >"$tmp/badyaml.log" 2>&1 && fail "a spec that is no YAML built"
grep -Fq "bad.yaml:3:1: error:" "$tmp/badyaml.log" || fail "badyaml: no location in: $(cat "$tmp/badyaml.log")"
expect_configure_error version "compatible with requested version \"99\"" $'find_package(fairygen 99 CONFIG REQUIRED)'
# The version that is installed is found.
project "$tmp/found" $'find_package(fairygen 0.1 CONFIG REQUIRED)\nif(NOT TARGET fairygen::runtime OR NOT COMMAND fairygen_add_variants)\n  message(FATAL_ERROR "incomplete package")\nendif()'
configure "$tmp/found" "$tmp/found/build" || fail "find_package(fairygen 0.1): $(cat "$tmp/found/build.log")"

# fairygen built inside the project: add_subdirectory and FetchContent from this source tree.
for way in subdirectory fetch; do
  cp -r "$src/examples/custom_variant" "$tmp/$way"
  rm -rf "$tmp/$way/build"
  configure "$tmp/$way" "$tmp/$way/build" -DFAIRYGEN_FROM=$way -DFAIRYGEN_SOURCE_DIR="$src" ||
    { fail "configuring with FAIRYGEN_FROM=$way: $(cat "$tmp/$way/build.log")"; continue; }
  cmake --build "$tmp/$way/build" >"$tmp/$way.log" 2>&1 || { fail "building with FAIRYGEN_FROM=$way: $(tail -30 "$tmp/$way.log")"; continue; }
  [ ! -e "$tmp/$way/build/fairygen/fairy" ] && [ ! -e "$tmp/$way/build/_deps/fairygen-build/fairy" ] ||
    fail "$way: fairygen's catalogue and CLI were built inside the project"
  cp "$src/examples/custom_variant/my_variants.yaml" "$tmp/project/my_variants.yaml"
  perft_equal losalamos 4 "$tmp/$way/build"
  ctest --test-dir "$tmp/$way/build" >"$tmp/$way-ctest.log" 2>&1 || fail "$way: PERFT_TESTS: $(cat "$tmp/$way-ctest.log")"
done

[ "$fails" = 0 ] && echo "PASS: fairygen builds a project's own variant (installed, add_subdirectory, FetchContent); spec edits regenerate; bad use fails clearly" || exit 1
