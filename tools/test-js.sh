#!/usr/bin/env bash
# The JS suite: the packed npm package, installed into a temporary project as a
# user would install it, tested with Node's own TextDecoder/TextEncoder deleted.
#   1. builds whatever is stale (tools/ensure-package.sh -> tools/build-graph.mjs:
#      src/, Cargo.*, data/, detect/, js/, pkg-template/, tools/build*);
#   2. installs the tarball into .cache/js-test/project (reinstalled only when
#      the tarball changes);
#   3. builds the encoding_rs oracle program, then runs node:test on
#      tests/js/*.test.{mjs,cjs} (TEW_TEST_PROJECT points at the project;
#      --expose-gc for the memory tests);
#   4. type-checks tests/js/types/*.ts against the package's types and lib.dom
#      with the repository's TypeScript (devDependency, pinned 5.9.3).
# Environment: TEW_JS_TEST_FILTER=<substring> runs only matching test files;
# TEW_SKIP_HUGE=1 skips the tests that need several GiB (tests/js/*huge*).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

# --- 1. the package -----------------------------------------------------------
tarball=$(bash tools/ensure-package.sh)
echo "test-js: package $tarball"

# --- 2. the user's project --------------------------------------------------
project=$root/.cache/js-test/project
mkdir -p "$project"
sum=$(sha256sum "$tarball" | cut -d' ' -f1)
# Packages the tests use beside ours, at the versions pinned in the
# repository's devDependencies: web-streams-polyfill (a TransformStream for the
# streams tests), and the independent oracles of the extra entry's tests:
# iconv-lite (legacy encoders), wtf-8 and mutf-8 (the UTF-8 variants).
oracles=()
for dep in web-streams-polyfill iconv-lite wtf-8 mutf-8; do
  oracles+=("$dep@$(node -p "require('./package.json').devDependencies['$dep']")")
done
missing=
for dep in text-encoding-wasm web-streams-polyfill iconv-lite wtf-8 mutf-8; do
  [ -f "$project/node_modules/$dep/package.json" ] || missing=$dep
done
if [ "$(cat "$project/.tarball-sha256" 2>/dev/null || true)" != "$sum" ] || [ -n "$missing" ]; then
  rm -rf "$project"
  mkdir -p "$project"
  cat > "$project/package.json" <<'EOF'
{ "name": "tew-js-test-project", "version": "0.0.0", "private": true }
EOF
  cp "$tarball" "$project/text-encoding-wasm.tgz"
  (cd "$project" && npm install --no-audit --no-fund --loglevel=error ./text-encoding-wasm.tgz "${oracles[@]}")
  echo "$sum" > "$project/.tarball-sha256"
fi
# ESM resolution from inside the project (used by tests/js/helpers.mjs for
# in-process imports): the exports map is resolved exactly as for a user.
cat > "$project/resolve.mjs" <<'EOF'
export const resolve = (specifier) => import.meta.resolve(specifier);
EOF

# --- 3. node:test -------------------------------------------------------------
# encoding_rs as an oracle program (examples/encoding_rs_oracle.rs) for
# tests/js/extra-legacy-encoding-rs.test.mjs: JS cannot link the crate.
cargo build -q --release --example encoding_rs_oracle

shopt -s nullglob
files=()
for f in tests/js/*.test.mjs tests/js/*.test.cjs; do
  if [ -n "${TEW_JS_TEST_FILTER:-}" ] && [[ "$f" != *"$TEW_JS_TEST_FILTER"* ]]; then continue; fi
  files+=("$f")
done
if [ ${#files[@]} -eq 0 ]; then
  echo "test-js: no test files selected" >&2
  exit 1
fi
echo "test-js: node --test ${#files[@]} files"
# Two files at a time: the machine has two cores, and the memory tests are big.
TEW_TEST_PROJECT=$project node --test --expose-gc --test-concurrency=2 "${files[@]}"
# The UTF-8 variants again, on the build without WebAssembly (text-encoding-wasm/js/extra),
# where there is none: node --jitless has no WebAssembly.
if [ -z "${TEW_JS_TEST_FILTER:-}" ] || [[ extra-utf8-variants == *"$TEW_JS_TEST_FILTER"* ]]; then
  echo "test-js: extra-utf8-variants on text-encoding-wasm/js/extra under node --jitless"
  TEW_TEST_PROJECT=$project TEW_EXTRA_ENTRY=text-encoding-wasm/js/extra node --jitless --test tests/js/extra-utf8-variants.test.mjs
fi

# --- 4. TypeScript ------------------------------------------------------------
tsc=$root/node_modules/typescript/bin/tsc
if [ ! -f "$tsc" ]; then
  (cd "$project" && npm install --no-audit --no-fund --loglevel=error --no-save typescript@5.9.3)
  tsc=$project/node_modules/typescript/bin/tsc
fi
rm -rf "$project/types" && mkdir -p "$project/types"
cp tests/js/types/*.ts "$project/types/"
cat > "$project/types/tsconfig.json" <<'EOF'
{
  "compilerOptions": {
    "target": "es2022",
    "lib": ["es2022", "dom"],
    "module": "nodenext",
    "moduleResolution": "nodenext",
    "strict": true,
    "noEmit": true,
    "skipLibCheck": false,
    "types": []
  },
  "include": ["*.ts"]
}
EOF
echo "test-js: tsc $(node "$tsc" --version) --noEmit on tests/js/types/*.ts"
node "$tsc" -p "$project/types/tsconfig.json"
node tools/type-consumers.mjs "$project" "$tsc"
echo "test-js: types OK"
