#!/usr/bin/env bash
# Extracts the web-platform-tests files the encoding API tests need from a git
# directory of WPT (upstream web-platform-tests/wpt or a mirror such as
# bocoup/wpt; a bare repository is fine) into DEST (default: .wpt/ at the root
# of this repository, which is git-ignored).
#
#   bash tools/wpt-fetch.sh GITDIR [DEST]
#   WPT_COMMIT=<sha> bash tools/wpt-fetch.sh GITDIR     # another commit
#
# WPT is third-party code (BSD-3-Clause): never commit what this extracts.
# The file list comes from grepping encoding/** for `META: script=`,
# `<script src>`, absolute `/...` URLs and fetch(): see tools/wpt.mjs.
set -euo pipefail

if [ $# -lt 1 ] || [ $# -gt 2 ]; then
  echo "usage: bash tools/wpt-fetch.sh GITDIR [DEST]" >&2
  exit 2
fi
gitdir=$1
dest=${2:-"$(cd "$(dirname "$0")/.." && pwd)/.wpt"}
# The commit measured for docs/wpt-results.md (2025-10-28; encoding/ last
# changed upstream 2024-11-26).
commit=${WPT_COMMIT:-0a2ab5833002f61c5dfb094dcd21c9cc3a4e85b2}

if ! git --git-dir="$gitdir" cat-file -e "$commit^{commit}" 2>/dev/null; then
  echo "error: $gitdir is not a git directory containing commit $commit" >&2
  exit 1
fi

mkdir -p "$dest"
# A mirror can lack blobs outside these paths; git archive then prints
# "error: invalid object ... for 'dom/...'" yet still writes every file asked
# for and exits 0 (pipefail would stop this script otherwise).
git --git-dir="$gitdir" archive "$commit" \
  LICENSE.md encoding \
  resources/testharness.js resources/testharnessreport.js resources/idlharness.js \
  resources/webidl2/lib \
  common/subset-tests.js common/sab.js common/blank.html \
  interfaces/encoding.idl interfaces/streams.idl \
  | tar -x -C "$dest"
echo "$commit" > "$dest/.wpt-commit"
echo "WPT $commit extracted to $dest ($(find "$dest" -type f | wc -l) files)"
