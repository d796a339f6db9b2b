#!/usr/bin/env bash
# The differential suite against the browsers' own TextDecoder and
# TextEncoder (tests/browser/): headless Chromium (Debian's, through
# playwright-core) and Firefox ESR (WebDriver); never a downloaded browser. Arguments are passed on
# (--seed N|random, --quick, --verbose, --report FILE).
set -euo pipefail
cd "$(dirname "$0")/.."

chromium="${CHROMIUM:-/usr/bin/chromium}"
if [ ! -x "$chromium" ]; then
  echo "$chromium is missing (tools/setup.sh installs it): the browser differential suite cannot run" >&2
  exit 1
fi

# The package as the build graph says it must be (rebuilt if any source is newer).
bash tools/ensure-package.sh > /dev/null

node tests/browser/differential.mjs "$@"
# The stream classes against Chromium's (same seed and --quick; other options are ignored).
streams_args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --quick) streams_args+=(--quick) ;;
    --seed) streams_args+=(--seed "$2"); shift ;;
  esac
  shift
done
node tests/browser/streams-differential.mjs "${streams_args[@]}"
# Streams of a removed iframe, ours against each browser's own (why WPT's
# streams/invalid-realm fails for both: the file's header).
node tests/browser/detached-realm.mjs
# Same-origin iframes share the compiled module, cross-origin and CSP-refusing ones do not.
node tests/browser/shared-module.mjs
# The same comparison against Firefox ESR's own classes (DIVERGENCES.md, "Firefox").
node tests/browser/differential.mjs --browser firefox "$@"
