#!/usr/bin/env bash
# fairygen as a build step for another project (docs/cmake.md): install this build into a
# temporary prefix, build examples/custom_variant from a copy outside the source tree against
# it, and check its perft against the installed interpreter (fairy perft --spec); an edited spec
# is regenerated on the next build; bad use fails the user's configure or build with a clear
# message; the package version is checked.
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

launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
configure() {  # configure PROJECT_DIR BUILD_DIR
  cmake -S "$1" -B "$2" -G "$generator" -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER="$cxx" "${launcher[@]}" \
    -DCMAKE_PREFIX_PATH="$prefix" >"$2.log" 2>&1
}
perft_equal() {  # perft_equal KEY DEPTH: the built program and the installed interpreter agree
  local ours theirs
  ours=$("$tmp/project/build/custom_perft" "$1" "$2") || { fail "custom_perft $1 $2: exit $?"; return; }
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
grep -q "fairygen: generating losalamos,losalamos_queenless" "$tmp/build2.log" || fail "the edited spec was not regenerated: $(cat "$tmp/build2.log")"
perft_equal losalamos 4
perft_equal losalamos_queenless 4
[ "$("$tmp/project/build/custom_perft" losalamos 4)" != "Nodes searched: 14332" ] || fail "the old start position is still compiled in"

# VARIANTS: checked against the spec's keys.
lists() { sed -i "s|^fairygen_add_variant(custom_perft SPEC my_variants.yaml.*|fairygen_add_variant(custom_perft SPEC my_variants.yaml $1)|" "$tmp/project/CMakeLists.txt"; }
lists "VARIANTS losalamos chess"
cmake --build "$tmp/project/build" >"$tmp/build-keys.log" 2>&1 && fail "VARIANTS naming a key the spec lacks built"
grep -Fq "my_variants.yaml: error: the spec declares variants{ losalamos losalamos_queenless } but the build lists{ chess losalamos }" "$tmp/build-keys.log" ||
  fail "VARIANTS other than the spec's: $(cat "$tmp/build-keys.log")"
lists "VARIANTS losalamos_queenless losalamos"
cmake --build "$tmp/project/build" >"$tmp/build-keys.log" 2>&1 || fail "VARIANTS with the spec's keys: $(cat "$tmp/build-keys.log")"
perft_equal losalamos_queenless 3
lists ""

# A spec with an error fails the build with fairygen's file:line:column message.
sed -i 's|pawn:   {letter: P, betza: fmWfcF}|pawn:   {letter: P, betza: fmWfcX}|' "$tmp/project/my_variants.yaml"
cmake --build "$tmp/project/build" >"$tmp/build3.log" 2>&1 && fail "a spec with a bad XBetza built"
grep -Eq "my_variants.yaml:[0-9]+:[0-9]+: error: .*'X'" "$tmp/build3.log" || fail "no file:line:column message: $(cat "$tmp/build3.log")"

# Bad use at configure time: a missing SPEC, a spec that is no YAML, a version not installed.
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
expect_configure_error nospec "fairygen_add_variant(main): SPEC <file.yaml> is missing" \
  $'find_package(fairygen CONFIG REQUIRED)\nadd_executable(main main.cpp)\nfairygen_add_variant(main)'
printf 'pieces:\n  king: {letter: K, betza: K\n' >"$tmp/bad.yaml"
expect_configure_error badyaml "bad.yaml:3:1: error:" \
  $'find_package(fairygen CONFIG REQUIRED)\nadd_executable(main main.cpp)\nfairygen_add_variant(main SPEC '"$tmp/bad.yaml"')'
expect_configure_error version "compatible with requested version \"99\"" $'find_package(fairygen 99 CONFIG REQUIRED)'
# The version that is installed is found.
project "$tmp/found" $'find_package(fairygen 0.1 CONFIG REQUIRED)\nif(NOT TARGET fairygen::runtime OR NOT COMMAND fairygen_add_variant)\n  message(FATAL_ERROR "incomplete package")\nendif()'
configure "$tmp/found" "$tmp/found/build" || fail "find_package(fairygen 0.1): $(cat "$tmp/found/build.log")"

[ "$fails" = 0 ] && echo "PASS: installed fairygen builds a project's own variant; spec edits regenerate; bad use fails clearly" || exit 1
