#!/usr/bin/env bash
# One command for a newcomer: install what is missing, build, and serve the play-test page.
# Usage: scripts/serve.sh [fairy serve options, e.g. --port 8080 --spec my-variants.yaml]
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh build >&2
exec build/fairy serve "$@"
