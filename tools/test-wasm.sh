#!/usr/bin/env bash
# The wasm-bindgen-test suites of the bindings (src/wasm.rs), in real
# WebAssembly: in Node, and in headless Chromium through chromedriver.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner
export CHROMEDRIVER=/usr/bin/chromedriver
# The runner rejects -q; name the tests (the lib has no wasm unit tests).
cargo test --target wasm32-unknown-unknown --features wasm --test wasm_node --test wasm_browser
