#!/usr/bin/env bash
# Every test of the project: installs what is missing, checks the generated
# tables against the WHATWG index files, runs the Rust tests (unit, spec,
# whole-index, differential against encoding_rs, doc tests) and builds the
# wasm size-report crates so they cannot rot.
set -euo pipefail
cd "$(dirname "$0")/.."

bash tools/setup.sh

echo "== generated tables"
if [ -f ../shared/whatwg-index/encodings.json ]; then
  python3 tools/gen_tables.py --check
elif [ -n "${CI:-}" ]; then
  echo "CI=true but ../shared/whatwg-index is missing" >&2
  exit 1
else
  echo "SKIPPED: ../shared/whatwg-index not found; generated tables not re-checked"
fi

echo "== cargo test"
cargo test --all-targets
cargo test --doc

echo "== no_std build for the MVP target"
cargo build --lib --target wasm32v1-none --profile wasm

echo "== wasm-bindgen-test: the bindings in Node and headless Chromium"
bash tools/test-wasm.sh

for suite in tools/test-js.sh tools/test-browser.sh tools/test-www.sh; do
  if [ -f "$suite" ]; then
    echo "== $suite"
    bash "$suite"
  fi
done

echo "== tools/test-runtimes.sh (no-wasm build, partial natives, realms, runtime matrix)"
bash tools/test-runtimes.sh

if [ -x tools/size-report.sh ] || [ -f tools/size-report.sh ]; then
  echo "== size report"
  bash tools/size-report.sh
fi
