#!/usr/bin/env bash
# Builds whatever is stale and prints the tarball's path on stdout: the shell
# face of tools/build-graph.mjs, which holds the one staleness rule (sources ->
# modules -> package -> tarball) every test and bench script goes through.
set -euo pipefail
cd "$(dirname "$0")/.."
node tools/build-graph.mjs
