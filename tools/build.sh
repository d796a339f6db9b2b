#!/usr/bin/env bash
# The main job: builds the core natively, the WebAssembly module (both
# variants), the npm package (pkg/ and build/text-encoding-wasm-*.tgz), and
# prints the size reports (what every user of the package downloads).
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh
cargo build --release
# The modules, the package and the tarball, each rebuilt only when stale
# (tools/build-graph.mjs: the one staleness rule).
node tools/build-graph.mjs > /dev/null
bash tools/size-report.sh
