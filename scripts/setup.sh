#!/usr/bin/env bash
# Installs what is missing (Debian packages, npm peer engines), then configures and builds.
# Usage: scripts/setup.sh [build-dir [cmake options...]]   (default: build, a Release build)
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${1:-build}
shift $(($# ? 1 : 0))

packages=(cmake ninja-build g++ libyaml-cpp-dev libgtest-dev libgmock-dev libbenchmark-dev
          libcli11-dev libfmt-dev ccache
          lld                          # the linker (CMakeLists.txt: FAIRY_LLD)
          llvm-14-tools                # FileCheck, for the generator's output tests
          clang libclang-rt-dev llvm   # the sanitizer and fuzz builds (libFuzzer, llvm-symbolizer)
          libcpp-httplib-dev nlohmann-json3-dev pkg-config  # fairy serve (server/)
          chromium)                    # the play-test page's browser tests (tests/browser/)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# Node.js may come from elsewhere than Debian (its npm then conflicts with Debian's): ask for the
# commands, not the packages.
command -v node >/dev/null 2>&1 || missing+=(nodejs)
command -v npm >/dev/null 2>&1 || missing+=(npm)
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# Fairy-Stockfish (GPL) for the peer tests: installed from npm, never vendored.
if [ -f tools/peer/package.json ] && ! npm ls --prefix tools/peer >/dev/null 2>&1; then
  echo "setup: installing the Fairy-Stockfish peer engines (npm)"
  npm ci --prefix tools/peer --no-audit --no-fund --loglevel=error
fi

# puppeteer-core drives Debian's chromium in the browser tests; it downloads no browser.
if [ -f tests/browser/package.json ] && ! npm ls --prefix tests/browser >/dev/null 2>&1; then
  echo "setup: installing the browser tests' puppeteer-core (npm)"
  PUPPETEER_SKIP_DOWNLOAD=1 npm ci --prefix tests/browser --no-audit --no-fund --loglevel=error
fi

# ccache, when installed, keeps rebuilds short; and the install test's builds of fairygen inside
# another project (tests/install_test.sh) find this build's objects in it.
launcher=()
if command -v ccache >/dev/null 2>&1 && [[ " $* " != *" -DCMAKE_CXX_COMPILER_LAUNCHER="* ]]; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi
cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=Release "${launcher[@]}" "$@" >/dev/null
cmake --build "$BUILD_DIR" -j "$(nproc)"
