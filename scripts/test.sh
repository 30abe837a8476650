#!/usr/bin/env bash
# The README's test command: install what is missing, configure, build, run every test.
# Usage: scripts/test.sh [preset]   (default: "default"; "asan" for the sanitizer build)
set -euo pipefail
cd "$(dirname "$0")/.."
preset="${1:-default}"
scripts/install-deps.sh
. scripts/compiler-cache.sh
cmake --preset "$preset" >/dev/null
cmake --build --preset "$preset" -j"$(nproc)"
ctest --preset "$preset"
# The default run also builds the runtime's graph and shim tests with the firmware images'
# limits (firmware/core/config.h defaults: 1 context, 8 graph IO, 2 memory handles, ...), so
# every limit error is exercised at the values the images ship with.
if [ "$preset" = default ]; then
  cmake --preset image-limits >/dev/null
  cmake --build --preset image-limits -j"$(nproc)"
  ctest --preset image-limits
fi
