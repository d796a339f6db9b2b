#!/usr/bin/env bash
# Builds the package (tools/build-wasm.sh, tools/build-detect.sh, then
# tools/build-package.mjs) unless what is built is newer than its sources: the one staleness rule of the test scripts
# (test-js, test-runtimes, test-www). Prints the tarball's path on stdout.
set -euo pipefail
cd "$(dirname "$0")/.."
tarball=$(ls -t build/text-encoding-wasm-*.tgz 2>/dev/null | head -n1 || true)
stale=
if [ -z "$tarball" ]; then
  stale="no tarball in build/"
elif [ ! -d build/wasm ] || [ ! -f pkg/dist/index.js ] || [ ! -f pkg/dist/js.js ] || [ ! -f pkg/dist/detect.js ]; then
  stale="build/wasm or pkg/dist is incomplete"
else
  newer=$(find js pkg-template build/wasm detect/src -type f -newer "$tarball" -print -quit)
  [ -n "$newer" ] && stale="$newer is newer than $tarball"
fi
if [ -n "$stale" ]; then
  echo "ensure-package: building the package ($stale)" >&2
  bash tools/build-wasm.sh >&2
  bash tools/build-detect.sh >&2
  node tools/build-package.mjs >&2
  tarball=$(ls -t build/text-encoding-wasm-*.tgz | head -n1)
fi
echo "$tarball"
