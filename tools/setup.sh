#!/usr/bin/env bash
# Installs what the build and the tests need, skipping what is already there.
# Idempotent and pinned; only package registries are used (crates.io, npm, apt).
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf 'setup: %s\n' "$*"; }

# Rust targets: the wasm builds (wasm32-unknown-unknown) and the MVP build
# (wasm32v1-none). Neither is preinstalled on a fresh machine.
installed_targets=$(rustup target list --installed)
for target in wasm32-unknown-unknown wasm32v1-none; do
  if grep -qx "$target" <<<"$installed_targets"; then
    say "rust target $target present"
  else
    say "adding rust target $target"
    rustup target add "$target"
  fi
done

# Headless Chromium and its driver (Debian's), for the browser tests; never a
# downloaded browser build (the machines reach only package registries).
if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ]; then
  say "chromium present: $(/usr/bin/chromium --version 2>/dev/null | head -1)"
else
  say "installing chromium and chromium-driver from apt"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium chromium-driver >/dev/null
fi

# The independent oracles some JS tests run: glibc iconv (the CLI), Python 3
# (surrogatepass), Perl (1996 UTF-8) and a JDK (Java's own writeUTF/readUTF).
# Debian's, only where missing; a missing oracle is a failure, never a skip.
missing_debs=()
command -v java >/dev/null && command -v javac >/dev/null || missing_debs+=(default-jdk-headless)
command -v perl >/dev/null || missing_debs+=(perl)
command -v iconv >/dev/null || missing_debs+=(libc-bin)
if [ ${#missing_debs[@]} -gt 0 ]; then
  say "installing ${missing_debs[*]} from apt"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${missing_debs[@]}" >/dev/null
else
  say "java, perl and iconv present"
fi

# wasm-bindgen CLI, which must match the wasm-bindgen crate exactly (Cargo.toml
# pins =0.2.130). About 5 minutes to build, so only when missing or different.
WASM_BINDGEN_VERSION=0.2.130
if command -v wasm-bindgen >/dev/null && [ "$(wasm-bindgen --version)" = "wasm-bindgen $WASM_BINDGEN_VERSION" ]; then
  say "wasm-bindgen $WASM_BINDGEN_VERSION present"
else
  say "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION (about 5 minutes)"
  # No --locked: its lock file names a webpki-roots release the registry lacks.
  cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION"
fi

# npm dev dependencies (binaryen's wasm-opt for the size report), from the lock file.
if [ -f package-lock.json ]; then
  if [ -d node_modules ] && [ node_modules/.package-lock.json -nt package-lock.json ]; then
    say "node_modules up to date"
  else
    say "npm ci"
    npm ci --no-audit --no-fund --loglevel=error
  fi
fi
say "done"
