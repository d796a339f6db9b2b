#!/usr/bin/env bash
# Runs the cargo-fuzz targets in fuzz/ (decode, then encode), each for the given
# number of seconds (default 60). A manual tool, not part of CI: without
# cargo-fuzz or a nightly toolchain it says so and exits 0.
#
#   tools/fuzz.sh [SECONDS] [TARGET...]      e.g. tools/fuzz.sh 300 decode
#
# Corpora go to fuzz/corpus/<target>, crashes to fuzz/artifacts/<target> (both
# git-ignored). Reproduce a crash with
#   cd fuzz && cargo +nightly fuzz run -s none <target> artifacts/<target>/crash-...
# and minimise it with `cargo +nightly fuzz tmin -s none <target> <file>`.
# FUZZ_JOBS=N runs N libFuzzer workers per target (default 1).
set -euo pipefail

seconds="${1:-60}"
shift || true
targets=("$@")
if [ "${#targets[@]}" -eq 0 ]; then
    targets=(decode encode)
fi
case "$seconds" in
    ''|*[!0-9]*) echo "usage: $0 [SECONDS] [TARGET...]" >&2; exit 2 ;;
esac

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

if ! cargo fuzz --version >/dev/null 2>&1; then
    echo "fuzz.sh: cargo-fuzz is not installed (cargo install cargo-fuzz --locked); skipping." >&2
    exit 0
fi
if ! rustup run nightly rustc --version >/dev/null 2>&1; then
    echo "fuzz.sh: no nightly toolchain (rustup toolchain install nightly); skipping." >&2
    exit 0
fi

jobs="${FUZZ_JOBS:-1}"
extra=()
if [ "$jobs" -gt 1 ]; then
    # libFuzzer then logs each worker to fuzz-<n>.log in fuzz/.
    extra=(-jobs="$jobs" -workers="$jobs")
fi

cd "$root/fuzz"
for target in "${targets[@]}"; do
    mkdir -p "corpus/$target" "artifacts/$target"
    echo "== fuzz target $target for ${seconds}s"
    # -s none: the crate forbids unsafe code, so AddressSanitizer would only slow
    # the run; debug assertions and overflow checks stay on (cargo-fuzz default).
    cargo +nightly fuzz run -s none "$target" "corpus/$target" -- \
        -max_total_time="$seconds" \
        -max_len=4096 \
        -print_final_stats=1 \
        ${extra[@]+"${extra[@]}"}
done
