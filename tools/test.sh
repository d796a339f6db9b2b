#!/usr/bin/env bash
# Every test of the project: installs what is missing, checks the generated
# tables against the WHATWG index files (data/whatwg-index), runs the Rust
# tests (unit, spec, whole-index, differential against encoding_rs, doc tests),
# the wasm bindings, the packed package in Node, the browser differential, the
# demo page, the runtime matrix, and builds the size report so it cannot rot.
#
# Every suite runs: nothing here turns a missing file or tool into a skip. The
# whole output is kept in .cache/test.log, and the command fails if any suite
# reported a skipped test (a suite that skips can pass for one that ran). The
# last line counts the suites that ran.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .cache
log=.cache/test.log
: > "$log"

suites=0
suite() {
  local name=$1; shift
  echo "== $name" | tee -a "$log"
  # pipefail: the suite's own exit status decides, tee only copies.
  "$@" 2>&1 | tee -a "$log"
  suites=$((suites + 1))
}

suite "setup" bash tools/setup.sh
suite "build graph: what is stale rebuilds (tests/tools)" node --test tests/tools/
suite "generated tables match data/whatwg-index" python3 tools/gen_tables.py --check
suite "js/wasm-abi.js matches src/wasm.rs" node tools/gen_wasm_abi.mjs --check
suite "cargo test" cargo test --all-targets
suite "cargo test --doc" cargo test --doc
suite "the decoders without fast paths (detect's build) against encoding_rs" cargo test --features no-fast-paths --test differential
suite "detect: the encoding_rs stand-in against encoding_rs, fed as chardetng feeds" bash -c 'cd detect/shim-oracle && CARGO_TARGET_DIR=../target cargo test'
suite "no_std build for the MVP target" cargo build --lib --target wasm32v1-none --profile wasm
suite "wasm-bindgen-test: the bindings in Node and headless Chromium" bash tools/test-wasm.sh
suite "tools/test-js.sh (the packed package in Node, natives deleted)" bash tools/test-js.sh
suite "the package as toolchains see it (attw, publint)" node tools/check-package.mjs
suite "toolchain matrix: webpack, Rollup, esbuild bundles run the conformance harness" node tools/toolchain-matrix.mjs
suite "tools/test-browser.sh (differential against Chromium)" bash tools/test-browser.sh
suite "tools/test-www.sh (the demo page in Chromium)" bash tools/test-www.sh
suite "tools/test-runtimes.sh (no-wasm build, partial natives, realms, runtime matrix)" bash tools/test-runtimes.sh
suite "size report" bash tools/size-report.sh

# Skips, in each runner's words: a SKIPPED line of our scripts, node:test's
# summary ("# skip N" in TAP, "ℹ skipped N" in the spec reporter), cargo's
# "N ignored".
skips=$(grep -E '^SKIPPED|^# skip [1-9]|skipped [1-9][0-9]*$|[1-9][0-9]* ignored' "$log" || true)
if [ -n "$skips" ]; then
  echo "test: some suites skipped tests; every test must run:" >&2
  echo "$skips" >&2
  exit 1
fi
echo "test: $suites suites ran, none skipped a test (log: $log)"
