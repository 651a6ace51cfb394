#!/usr/bin/env bash
# Builds the speed peers of bench/peer_bench.sh from their sources, outside this repository:
# Fairy-Stockfish's 64-bit build and its largeboards build, and Stockfish with the perft patch
# (no network file is needed to count moves). Sources are checkouts or bare git directories (a
# fetched mirror); the build copies them first, so they are not changed.
#
#   bench/build_peers.sh --fsf-src DIR --stockfish-src DIR [--out DIR] [--jobs N] [--arch ARCH]
#
# Writes OUT/fairy-stockfish (make build ARCH=x86-64-bmi2), OUT/fairy-stockfish-largeboards
# (the same with largeboards=yes all=yes) and OUT/stockfish (make all ARCH=x86-64-bmi2
# EXTRACXXFLAGS=-DNNUE_EMBEDDING_OFF, the verify_network() call removed from Engine::perft: its
# `make build` would download the network first), and OUT/peers.txt: the commits and commands.
# Either source may be left out. Takes about 15 minutes of two cores. --arch: another ARCH than
# x86-64-bmi2 for all three (x86-64-avx2 on AMD before Zen 3, where PEXT is microcode and the
# bmi2 builds are slow; a reference beside the bmi2 peers #15 names, not instead of them).
set -euo pipefail

usage() { sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; }
die() { echo "build_peers: $*" >&2; exit 2; }

fsf_src="" sf_src="" out="${TMPDIR:-/tmp}/fairygen-peers" jobs=$(nproc 2>/dev/null || echo 2) arch=x86-64-bmi2
while (($#)); do
  case $1 in
    --fsf-src) fsf_src=${2:?--fsf-src needs a directory}; shift 2 ;;
    --stockfish-src) sf_src=${2:?--stockfish-src needs a directory}; shift 2 ;;
    --out) out=${2:?--out needs a directory}; shift 2 ;;
    --jobs) jobs=${2:?--jobs needs a number}; shift 2 ;;
    --arch) arch=${2:?--arch needs a name}; shift 2 ;;
    -h | --help) usage; exit 0 ;;
    *) die "unknown argument '$1' (see --help)" ;;
  esac
done
[ -n "$fsf_src$sf_src" ] || die "give --fsf-src and/or --stockfish-src (see --help)"
[[ $jobs =~ ^[1-9][0-9]*$ ]] || die "--jobs wants a positive number, not '$jobs'"
[[ $arch =~ ^[a-z0-9-]+$ ]] || die "--arch wants a Stockfish ARCH name (x86-64-avx2), not '$arch'"
here=$(cd "$(dirname "$0")/.." && pwd)
out=$(realpath -m "$out")
case "$out/" in "$here"/*) die "--out $out is inside the repository; build the peers outside it" ;; esac
mkdir -p "$out"
work=$(mktemp -d "$out/.src.XXXXXX")
trap 'rm -rf "$work"' EXIT

# Copies the sources in $1 (a work tree or a git directory) to $2; prints the commit.
copy_source() {
  local src=$1 dst=$2
  [ -d "$src" ] || die "no such directory: $src"
  mkdir -p "$dst"
  if [ -f "$src/src/Makefile" ]; then
    cp -R "$src/." "$dst"
    git -C "$src" rev-parse --short HEAD 2>/dev/null || echo "(not a git checkout)"
  elif git --git-dir="$src" rev-parse --verify -q HEAD >/dev/null 2>&1; then
    git --git-dir="$src" archive HEAD | tar -x -C "$dst"
    git --git-dir="$src" rev-parse --short HEAD
  else
    die "$src holds neither src/Makefile nor a git repository"
  fi
}

log="$out/peers.txt"
: >"$log"
build() {  # name, directory, make arguments...
  local name=$1 dir=$2
  shift 2
  echo "build_peers: $name: make $* (in $dir/src)" >&2
  make -C "$dir/src" -j"$jobs" "$@" >"$out/$name.log" 2>&1 || die "$name failed to build; see $out/$name.log"
  echo "$name: make $*" >>"$log"
}

if [ -n "$fsf_src" ]; then
  commit=$(copy_source "$fsf_src" "$work/fsf")
  echo "Fairy-Stockfish $commit" >>"$log"
  build fairy-stockfish "$work/fsf" build ARCH=$arch
  cp "$work/fsf/src/stockfish" "$out/fairy-stockfish"
  make -C "$work/fsf/src" clean >/dev/null 2>&1
  build fairy-stockfish-largeboards "$work/fsf" build ARCH=$arch largeboards=yes all=yes
  cp "$work/fsf/src/stockfish" "$out/fairy-stockfish-largeboards"
fi

if [ -n "$sf_src" ]; then
  commit=$(copy_source "$sf_src" "$work/sf")
  echo "Stockfish $commit" >>"$log"
  engine="$work/sf/src/engine.cpp"
  [ -f "$engine" ] || die "$engine not found: not Stockfish's sources?"
  # Engine::perft's first statement checks the network, which perft does not use.
  awk '/^Engine::perft\(/ { in_perft = 1 }
       in_perft && /verify_network\(\);/ { in_perft = 0; removed = 1; next }
       { print }
       END { if (!removed) exit 1 }' "$engine" >"$engine.new" || die "no verify_network() call in Engine::perft of $engine"
  mv "$engine.new" "$engine"
  echo "Stockfish: verify_network() removed from Engine::perft" >>"$log"
  build stockfish "$work/sf" all ARCH=$arch EXTRACXXFLAGS=-DNNUE_EMBEDDING_OFF
  cp "$work/sf/src/stockfish" "$out/stockfish"
fi

echo "build_peers: done; run:" >&2
args=()
[ -n "$fsf_src" ] && args+=(--fsf "$out/fairy-stockfish" --fsf-large "$out/fairy-stockfish-largeboards")
[ -n "$sf_src" ] && args+=(--stockfish "$out/stockfish")
echo "  bench/peer_bench.sh ${args[*]}" >&2
