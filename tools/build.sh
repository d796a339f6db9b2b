#!/usr/bin/env bash
# The main job: builds the core natively, the WebAssembly module (both
# variants), the npm package (pkg/ and build/text-encoding-wasm-*.tgz), and
# prints the size reports (what every user of the package downloads).
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh
cargo build --release
bash tools/build-wasm.sh
bash tools/build-detect.sh
node tools/build-package.mjs
bash tools/size-report.sh
