#!/usr/bin/env bash
# Builds the encoding detector's WebAssembly module (detect/: chardetng behind
# a C ABI of numbers; its one import, main.decode, is the main module's
# decoders: js/detect/main-decoder.js) for text-encoding-wasm/detect:
#   build/wasm/detect/module.wasm   after wasm-opt
#   build/wasm/detect/bytes.js      deflated (raw), base64, as the other modules
#   build/wasm/detect/linked.wasm   the linker's module before wasm-opt (not
#                                   shipped: tests/js/detect-data-segments.test.mjs
#                                   checks that module.wasm starts with the same memory)
# Its own crate and target dir, so the main module's build is untouched and the
# standard entries do not grow. wasm32v1-none + --mvp-features: WebAssembly 1.0
# plus mutable globals, like the main module.
set -euo pipefail
cd "$(dirname "$0")/.."
WASM_OPT=$PWD/node_modules/.bin/wasm-opt
out=build/wasm/detect
# Panic locations (chardetng's asserts and bounds checks; the handler discards
# them, but their file names stay in the data) name files relative to the
# crate roots, not this checkout's and the registry's absolute paths: the same
# bytes from any checkout, and ~90 B gzip less. (cargo's trim-paths is unstable.)
remaps=("--remap-path-prefix=$PWD=tew")
for crates in "${CARGO_HOME:-$HOME/.cargo}"/registry/src/*/; do
  remaps+=("--remap-path-prefix=${crates%/}=crates")
done
flags=$(IFS=$'\x1f'; echo "${remaps[*]}")
(cd detect && CARGO_ENCODED_RUSTFLAGS="$flags" cargo build -q --lib --target wasm32v1-none --release)
rm -rf "$out" && mkdir -p "$out"
linked=detect/target/wasm32v1-none/release/text_encoding_wasm_detect.wasm
cp "$linked" "$out/linked.wasm"
# --skip-pass=memory-packing: the data (chardetng's score tables, mostly) stays
# the one segment the linker wrote. The pass cuts every run of zeros out of it,
# which makes the module 1.4 KB smaller raw but ~1.1 KB larger gzip: the ~215
# segments' offsets and lengths cost more than the zeros (docs/size-log.md,
# "detect: the data section").
"$WASM_OPT" -O3 --converge --skip-pass=memory-packing --mvp-features --enable-mutable-globals --strip-debug --strip-producers \
  "$linked" -o "$out/module.wasm"
node -e '
  const imports = WebAssembly.Module.imports(new WebAssembly.Module(require("fs").readFileSync(process.argv[1])));
  const expected = JSON.stringify([{ module: "main", name: "decode", kind: "function" }]);
  if (JSON.stringify(imports) !== expected) { console.error("build-detect: the module imports", imports, "- js/detect/main-decoder.js provides main.decode only"); process.exit(1); }
' "$out/module.wasm"
node tools/embed-module.mjs "$out/module.wasm" "$out/bytes.js" tools/build-detect.sh --lzma
printf 'build-detect: %7d bytes wasm, %6d gzip\n' "$(stat -c%s "$out/module.wasm")" "$(gzip -9c "$out/module.wasm" | wc -c)"
