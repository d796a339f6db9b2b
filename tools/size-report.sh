#!/usr/bin/env bash
# Size report: builds the probes in size/ for wasm32-unknown-unknown and prints
# markdown tables (module sizes against the goals, then table sizes).
#
#   bash tools/size-report.sh        (or: npm run size)
#
# Probes (size/, its own workspace and [profile.release], target dir size/target):
#   utf8-only        Utf8Decoder + Utf8Encoder only        goal: < 8 KB raw
#   all              Decoder/Encoder for any encoding       goal: <= 80,000 B gzip
#                    + Encoding::for_label
#   encoding-rs-all  the same with encoding_rs =0.8.44      reference
# plus diagnostic rows, utf8-only and all built with `--features lean` (no_std,
# a bare `unreachable` panic handler, a bump allocator; size/lean.rs): what the
# library code itself costs without std's dlmalloc and panic formatting.
# The wasm-opt -Oz columns appear when node_modules/.bin/wasm-opt exists
# (`npm install`: binaryen is a devDependency of package.json).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

target=wasm32-unknown-unknown
out="size/target/$target/release"
lean_dir="size/target/lean"
wasm_opt="$root/node_modules/.bin/wasm-opt"

if ! rustup target list --installed 2>/dev/null | grep -qx "$target"; then
    echo "error: rust target $target is not installed (rustup target add $target)" >&2
    exit 1
fi

echo "building size probes ($target, release: opt-level=z, lto, codegen-units=1, panic=abort, strip)..." >&2
cargo build --quiet --release --target "$target" --manifest-path size/Cargo.toml
CARGO_TARGET_DIR="$lean_dir" cargo build --quiet --release --target "$target" \
    --manifest-path size/Cargo.toml -p size-utf8-only -p size-all --features size-utf8-only/lean,size-all/lean

have_opt=0
if [[ -x "$wasm_opt" ]]; then
    have_opt=1
    opt_dir="$(mktemp -d)"
    trap 'rm -rf "$opt_dir"' EXIT
fi

gz() { gzip -9 -c "$1" | wc -c | tr -d ' '; }
raw() { wc -c < "$1" | tr -d ' '; }
# 12345 -> 12,345 (no locale needed)
fmt() { echo "$1" | sed -e ':a' -e 's/\([0-9]\)\([0-9]\{3\}\)\($\|,\)/\1,\2\3/' -e 'ta'; }
# strip=true drops the target_features section, so tell wasm-opt what rustc's
# wasm32-unknown-unknown default (cpu "generic") enables; see
# `rustc --print cfg --target wasm32-unknown-unknown`. Without them validation fails on memory.copy.
opt_features=(--enable-bulk-memory --enable-bulk-memory-opt --enable-multivalue --enable-mutable-globals
    --enable-nontrapping-float-to-int --enable-reference-types --enable-sign-ext)

# name|wasm path|goal text|goal check (raw or gz)|limit
rows=(
    "utf8-only|$out/size_utf8_only.wasm|< 8 KB (8,192 B) raw|raw|8191"
    "all|$out/size_all.wasm|<= 80,000 B gzip|gz|80000"
    "encoding-rs-all|$out/size_encoding_rs_all.wasm|reference (earlier: 182,687 raw / 136,851 gz, no wasm-opt)|-|0"
    "utf8-only --features lean (diagnostic)|$lean_dir/$target/release/size_utf8_only.wasm|diagnostic: bump allocator, no panic fmt|-|0"
    "all --features lean (diagnostic)|$lean_dir/$target/release/size_all.wasm|diagnostic: bump allocator, no panic fmt|-|0"
)

echo
echo "## Module sizes ($target)"
echo
if (( have_opt )); then
    echo "| crate | raw bytes | gzip -9 bytes | wasm-opt -Oz raw | wasm-opt -Oz gzip -9 | goal | met? |"
    echo "|---|---:|---:|---:|---:|---|---|"
else
    echo "| crate | raw bytes | gzip -9 bytes | goal | met? |"
    echo "|---|---:|---:|---|---|"
fi
for row in "${rows[@]}"; do
    IFS='|' read -r name wasm goal check limit <<<"$row"
    r=$(raw "$wasm"); g=$(gz "$wasm")
    met="-"
    case "$check" in
        raw) if (( r <= limit )); then met="yes"; else met="**no** (+$(fmt $((r - limit))) B)"; fi ;;
        gz) if (( g <= limit )); then met="yes"; else met="**no** (+$(fmt $((g - limit))) B)"; fi ;;
    esac
    if (( have_opt )); then
        o="$opt_dir/$(basename "$wasm" .wasm)-$RANDOM.wasm"
        "$wasm_opt" -Oz "${opt_features[@]}" "$wasm" -o "$o"
        ro=$(raw "$o"); go=$(gz "$o")
        case "$check" in
            raw) (( ro <= limit )) && [[ "$met" != yes ]] && met="$met; yes after -Oz" ;;
            gz) (( go <= limit )) && [[ "$met" != yes ]] && met="$met; yes after -Oz" ;;
        esac
        echo "| $name | $(fmt "$r") | $(fmt "$g") | $(fmt "$ro") | $(fmt "$go") | $goal | $met |"
    else
        echo "| $name | $(fmt "$r") | $(fmt "$g") | $goal | $met |"
    fi
done
echo "| @exodus/bytes (pure JS, all encodings) | | 91,689 (min+gzip) | | | reference | |"
if (( ! have_opt )); then
    echo
    echo "Note: node_modules/.bin/wasm-opt not found, wasm-opt -Oz columns skipped (run \`npm install\`: binaryen is a devDependency)."
fi

echo
echo "## Table sizes (from src/generated/)"
echo
python3 - "$root/src/generated/multi_byte.rs" "$root/src/generated/single_byte.rs" <<'PY'
import re, sys

multi = open(sys.argv[1]).read()
single = open(sys.argv[2]).read()
fmt = lambda n: f"{n:,}"

# The unpacked form is what src/tables/mod.rs builds at first use: Vec<u16> per
# pointer, except Big5 (Vec<u32>: it has code points above U+FFFF).
wide = {"BIG5": 4}
print("| table | pointers | entries | packed bytes (shipped) | unpacked bytes (heap, at first use) |")
print("|---|---:|---:|---:|---:|")
tot_packed = tot_unpacked = 0
for m in re.finditer(r"/// index (\S+): (\d+) pointers, (\d+) entries, (\d+) packed bytes\.\s*\n"
                     r"pub const (\w+)_LEN: usize = (\d+);\s*\npub static \w+_PACKED: \[u8; (\d+)\]", multi):
    name, pointers, entries, packed_doc, ident, length, packed = m.groups()
    assert packed == packed_doc, f"{name}: comment says {packed_doc}, array is {packed}"
    unpacked = int(length) * wide.get(ident, 2)
    tot_packed += int(packed)
    tot_unpacked += unpacked
    print(f"| index {name} | {fmt(int(pointers))} | {fmt(int(entries))} | {fmt(int(packed))} | {fmt(unpacked)} |")
print(f"| **CJK indexes total** | | | **{fmt(tot_packed)}** | **{fmt(tot_unpacked)}** |")

other = 0
for m in re.finditer(r"pub static (\w+): \[\(u32, u32\); (\d+)\]", multi):
    other += 8 * int(m.group(2))
    print(f"| {m.group(1)} (unpacked as stored) | {fmt(int(m.group(2)))} ranges | | {fmt(8 * int(m.group(2)))} | (same) |")
for m in re.finditer(r"pub static (\w+): \[u16; (\d+)\]", multi):
    other += 2 * int(m.group(2))
    print(f"| {m.group(1)} (as stored) | {m.group(2)} | | {fmt(2 * int(m.group(2)))} | (same) |")

sb = re.findall(r"pub static (\w+): \[u16; (\d+)\]", single)
sb_bytes = sum(2 * int(n) for _, n in sb)
print(f"| single-byte indexes ({len(sb)} x [u16; 128], as stored) | {fmt(sum(int(n) for _, n in sb))} | | {fmt(sb_bytes)} | (same) |")
print(f"| **all tables** | | | **{fmt(tot_packed + other + sb_bytes)}** | **{fmt(tot_unpacked + other + sb_bytes)}** |")
print()
print("Packed bytes are what the .wasm data section carries; unpacked bytes are the heap the")
print("decoders allocate the first time an encoding of that index runs. The encoders' reverse")
print("maps (src/tables/reverse.rs, 512 B per used 256-code-point page) are derived at first")
print("use as well and are not counted here.")
PY

# --- Where the bytes go (tables and modules; owner: the size-tables work) -----
# The CJK indexes before and after the range-coded format, the modules split
# into code and data, and the first-use unpack time of each index in Node.
where_the_bytes_go() {
    echo
    echo "## Where the bytes go"
    echo
    python3 tools/size_where.py build/wasm/full/module.wasm build/wasm/detect/module.wasm
    if [[ -f pkg/dist/index.js ]]; then
        echo
        echo "### Unpacking each CJK index at first use (Node, fresh process per run)"
        echo
        node tools/unpack-time.mjs
    fi
}
where_the_bytes_go

# The npm package's entry points beside the JS peers (needs `npm run build` first).
if [[ -f pkg/dist/index.js ]]; then
    node tools/package-sizes.mjs
else
    echo
    echo "(package entry sizes: run npm run build first)"
fi
