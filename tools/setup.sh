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
