#!/usr/bin/env bash
# The main job: builds the core natively and for WebAssembly and prints the
# size report (what every user of the npm package downloads).
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh
cargo build --release
cargo build --lib --target wasm32-unknown-unknown --profile wasm
cargo build --lib --target wasm32v1-none --profile wasm
bash tools/size-report.sh
