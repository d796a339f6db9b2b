#!/usr/bin/env bash
# The demo page (www/) driven in headless Chromium (playwright-core, apt's
# /usr/bin/chromium) as a person would: tests/www/*.test.mjs. Screenshots go
# to build/www-screenshots/, the page's measured weight and time to first
# decode to build/www-metrics.md. Needs the built package (pkg/dist/).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -f pkg/dist/detect.js ] || [ -n "$(find js pkg-template build/wasm -type f -newer pkg/dist/index.js -print -quit 2>/dev/null)" ]; then
  echo "test-www: building the package"
  bash tools/build-wasm.sh
  bash tools/build-detect.sh
  node tools/build-package.mjs
fi
mkdir -p build/www-screenshots
node --test --test-concurrency=1 tests/www/*.test.mjs
