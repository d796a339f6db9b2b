#!/usr/bin/env python3
"""Markdown table of the throughput bench: ours vs encoding_rs per workload.

    cargo bench --bench throughput && python3 tools/bench-table.py [criterion dir]

Reads target/criterion/<group>/<function>/new/{benchmark,estimates}.json as
written by benches/throughput.rs (groups "decode <input>" / "encode <encoding>",
functions "ours" and "encoding_rs"). The time per iteration is criterion's
typical estimate: the slope of the linear regression when it exists, else the
mean. MB/s is 10^6 bytes per second of *input*: encoded bytes for decode,
UTF-16 bytes (code units * 2) for encode, as the bench's Throughput::Bytes says.
Markers: ratio ours/encoding_rs below 0.8 misses the goal, below 0.5 is a defect.
"""

import json
import os
import sys

GOAL = 0.8
DEFECT = 0.5

# The bench's order; anything else found is appended alphabetically.
ORDER = [
    "decode ascii (utf-8)", "decode mixed utf-8", "decode windows-1252", "decode shift_jis",
    "decode euc-jp", "decode gbk", "decode gb18030 (4-byte)", "decode big5", "decode euc-kr",
    "decode utf-16le", "encode utf-8 (mixed)", "encode shift_jis", "encode gbk", "encode big5",
    "encode euc-kr",
]


def load(root):
    results = {}  # group -> function -> MB/s
    for dirpath, _dirs, files in os.walk(root):
        if os.path.basename(dirpath) != "new" or "benchmark.json" not in files or "estimates.json" not in files:
            continue
        with open(os.path.join(dirpath, "benchmark.json")) as f:
            bench = json.load(f)
        with open(os.path.join(dirpath, "estimates.json")) as f:
            est = json.load(f)
        throughput = bench.get("throughput") or {}
        nbytes = throughput.get("Bytes") or throughput.get("BytesDecimal")
        if not nbytes:
            continue
        typical = est.get("slope") or est["mean"]
        ns = typical["point_estimate"]
        results.setdefault(bench["group_id"], {})[bench["function_id"]] = nbytes / ns * 1e3  # bytes/ns -> MB/s
    return results


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "target", "criterion")
    results = load(root)
    if not results:
        sys.exit(f"no criterion results with throughput under {root}; run `cargo bench --bench throughput` first")
    groups = [g for g in ORDER if g in results] + sorted(g for g in results if g not in ORDER)
    print("| workload | ours MB/s | encoding_rs MB/s | ours/encoding_rs | |")
    print("|---|---:|---:|---:|---|")
    below = []
    for g in groups:
        ours, theirs = results[g].get("ours"), results[g].get("encoding_rs")
        cell = lambda v: f"{v:,.0f}" if v is not None else "—"
        if ours is None or theirs is None:
            print(f"| {g} | {cell(ours)} | {cell(theirs)} | — | missing |")
            continue
        ratio = ours / theirs
        mark = ""
        if ratio < DEFECT:
            mark = f"**DEFECT** (< {DEFECT})"
        elif ratio < GOAL:
            mark = f"below goal (< {GOAL})"
        if mark:
            below.append(g)
        print(f"| {g} | {cell(ours)} | {cell(theirs)} | {ratio:.2f} | {mark} |")
    print()
    print(f"MB/s = 10^6 input bytes/s (decode: encoded bytes; encode: UTF-16 bytes). "
          f"Goal ratio >= {GOAL}; < {DEFECT} is a defect. {len(below)} of {len(groups)} workloads below goal.")


if __name__ == "__main__":
    main()
