#!/usr/bin/env bash
# The demo page (www/) driven in headless Chromium (playwright-core, apt's
# /usr/bin/chromium) as a person would: tests/www/*.test.mjs. Screenshots go
# to build/www-screenshots/, the page's measured weight and time to first
# decode to build/www-metrics.md. Needs the built package (pkg/dist/).
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/ensure-package.sh > /dev/null
mkdir -p build/www-screenshots
node --test --test-concurrency=1 tests/www/*.test.mjs
