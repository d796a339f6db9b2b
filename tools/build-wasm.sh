#!/usr/bin/env bash
# Builds the WebAssembly modules tools/entries.mjs declares (MODULES: each a
# set of Cargo features, every one of which adds) and turns each into a JS
# module the package embeds (so one file loads, with no fetch and no fs paths):
#   build/wasm/full/      every encoding
#   build/wasm/<family>/  japanese, chinese, big5, korean: what a family entry adds to
#                         the module-free lite entry (its single-byte encodings are JavaScript)
#   build/wasm/variants/  WTF-8, CESU-8, modified UTF-8, 1996 UTF-8 (the extra entry)
# Each holds bindgen/ (wasm-bindgen's --target web output; its JS glue is not
# shipped), module.wasm (after wasm-opt) and bytes.js (the module, deflated by zopfli, as a base64 string
# (tools/embed-module.mjs): gzip gets
# little from base64 text, so compressing first saves ~11 KB gzip on the full
# build even counting the inflater, js/loader.js).
# Target wasm32v1-none: WebAssembly 1.0 + mutable globals only, which every
# engine with WebAssembly runs and binaryen's wasm2js can translate.
set -euo pipefail
cd "$(dirname "$0")/.."
WASM_OPT=node_modules/.bin/wasm-opt
node tools/entries.mjs --modules | while read -r variant cargo_args; do
  # shellcheck disable=SC2086 # the declared arguments are words
  cargo rustc -q --lib --crate-type cdylib --target wasm32v1-none --profile wasm $cargo_args
  out=build/wasm/$variant
  rm -rf "$out" && mkdir -p "$out"
  wasm-bindgen --target web --out-dir "$out/bindgen" target/wasm32v1-none/wasm/text_encoding_wasm.wasm
  # --mvp-features: plain -O3 would introduce sign-extension ops (binaryen enables
  # sign-ext by default), which engines with only WebAssembly 1.0 reject.
  "$WASM_OPT" -O3 --mvp-features --enable-mutable-globals --strip-debug --strip-producers \
    "$out/bindgen/text_encoding_wasm_bg.wasm" -o "$out/module.wasm"
  # js/loader.js instantiates the module without wasm-bindgen's JS glue, which
  # only works while the module imports nothing.
  node -e '
    const imports = WebAssembly.Module.imports(new WebAssembly.Module(require("fs").readFileSync(process.argv[1])));
    if (imports.length) { console.error("build-wasm: the module now imports", imports, "- js/loader.js must provide them"); process.exit(1); }
  ' "$out/module.wasm"
  node tools/embed-module.mjs "$out/module.wasm" "$out/bytes.js" tools/build-wasm.sh
  printf 'build-wasm: %-8s %7d bytes wasm, %6d gzip\n' "$variant" "$(stat -c%s "$out/module.wasm")" "$(gzip -9c "$out/module.wasm" | wc -c)"
done

# Legacy runtimes (js/no-wasm.md): prove the modules need only WebAssembly 1.0
# (opcode census), then translate each into plain JS for runtimes without it.
node tools/wasm-feature-census.mjs
node tools/build-no-wasm.mjs
