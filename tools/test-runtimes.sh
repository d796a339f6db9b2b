#!/usr/bin/env bash
# Legacy runtimes (issue 9): the opcode census of the wasm modules (WebAssembly
# 1.0 only), the realm / partial-native / backend-choice tests
# (tests/runtimes/*.test.mjs), then the runtime matrix (tools/runtime-matrix.mjs,
# ~15 s), which fails if any runtime fails a conformance check or runs the wrong backend.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/ensure-package.sh > /dev/null
node tools/wasm-feature-census.mjs
# A module that uses sign-extension must fail the census (a check that cannot fail proves nothing).
printf '(module (func (export "f") (param i32) (result i32) (i32.extend8_s (local.get 0))))' > .cache/census-negative.wat
node_modules/.bin/wasm-as --enable-sign-ext .cache/census-negative.wat -o .cache/census-negative.wasm
if node tools/wasm-feature-census.mjs .cache/census-negative.wasm > /dev/null 2>&1; then
  echo "test-runtimes: the census accepted a module with sign-ext ops" >&2
  exit 1
fi
echo "test-runtimes: census rejects a sign-ext module, as it must"
node --test tests/runtimes/
node tools/runtime-matrix.mjs
