#!/usr/bin/env python3
"""Where the bytes go: the CJK indexes as shipped now (tools/gen_tables.py's
range-coded gaps) beside the format before it (LEB128 tokens of deltas and runs,
re-packed here from the same index files so both are measured alike), and the
WebAssembly modules split into code and data. Markdown on stdout; run by
tools/size-report.sh (`npm run size`).

    python3 tools/size_where.py [module.wasm ...]
"""
import gzip, os, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_tables  # noqa: E402

SRC = os.path.join(gen_tables.ROOT, "data", "whatwg-index")


def gz(data):
    return len(gzip.compress(bytes(data), 9, mtime=0))


def leb128(n):
    out = bytearray()
    while True:
        byte, n = n & 0x7F, n >> 7
        out.append(byte | (0x80 if n else 0))
        if not n:
            return bytes(out)


def pack_before(values):
    """The format before (up to commit edd7ae8): LEB128 tokens relative to the
    last code point: runs of +1, runs of nulls, one-entry up and down jumps."""
    out, prev, i = bytearray(), 0, 0
    while i < len(values):
        v = values[i]
        if v == 0:
            j = i
            while j < len(values) and values[j] == 0:
                j += 1
            out += leb128(((j - i) << 2) | 1)
            i = j
        elif v == prev + 1:
            j = i
            while j < len(values) and values[j] == prev + 1 + (j - i):
                j += 1
            out += leb128((j - i) << 2)
            prev, i = values[j - 1], j
        else:
            out += leb128(((v - prev - 2) << 2) | 2 if v > prev else ((prev - v) << 2) | 3)
            prev, i = v, i + 1
    return bytes(out)


def fmt(n):
    return f"{n:,}"


def sections(path):
    """(code bytes, data bytes) of a .wasm file: the code and data sections."""
    data = open(path, "rb").read()
    pos, found = 8, {}
    while pos < len(data):
        kind = data[pos]
        pos += 1
        size = shift = 0
        while True:
            b = data[pos]
            pos += 1
            size |= (b & 0x7F) << shift
            shift += 7
            if not b & 0x80:
                break
        found[kind] = data[pos:pos + size]
        pos += size
    return found.get(10, b""), found.get(11, b"")


def main():
    print("### CJK indexes: bytes shipped, before and after")
    print()
    print("| index | pointers | before: LEB128 deltas and runs, raw | gzip -9 | now: range-coded gaps, raw | gzip -9 | change (gzip) |")
    print("|---|--:|--:|--:|--:|--:|--:|")
    totals = [0, 0, 0, 0]
    all_before, all_now = b"", b""
    for name in gen_tables.MULTI_BYTE:
        entries = gen_tables.read_index(SRC, name)
        values = [0] * (max(p for p, _ in entries) + 1)
        for pointer, cp in entries:
            values[pointer] = cp
        before, now = pack_before(values), gen_tables.pack(values)
        row = [len(before), gz(before), len(now), gz(now)]
        totals = [a + b for a, b in zip(totals, row)]
        all_before += before
        all_now += now
        print(f"| {name} | {fmt(len(values))} | " + " | ".join(fmt(x) for x in row) + f" | {row[3] - row[1]:+,} |")
    print(f"| **five indexes** | | **{fmt(totals[0])}** | **{fmt(totals[1])}** | **{fmt(totals[2])}** | **{fmt(totals[3])}** | **{totals[3] - totals[1]:+,}** |")
    print(f"| (the five as one stream) | | | {fmt(gz(all_before))} | | {fmt(gz(all_now))} | {gz(all_now) - gz(all_before):+,} |")
    print()
    print("The range coder's output is already entropy-coded, so gzip adds its header and")
    print("nothing else; the bundles deflate the module and gzip the base64 again, which")
    print("keeps that. Tried and measured (docs/architecture/tables.md): the same gaps as")
    print("LEB128 tokens left to deflate, 63.8 KB gzip; kinds and bit lengths as one byte")
    print("per entry with the remaining bits in a second stream, 62.6 KB; more context for")
    print("the range coder (previous gap length, three bits below the leading one), no gain")
    print("over 0.5%.")
    if len(sys.argv) > 1:
        print()
        print("### WebAssembly modules: code and data")
        print()
        print("| module | raw | gzip -9 | code section raw | gzip -9 | data section raw | gzip -9 |")
        print("|---|--:|--:|--:|--:|--:|--:|")
        for path in sys.argv[1:]:
            if not os.path.exists(path):
                continue
            whole = open(path, "rb").read()
            code, data = sections(path)
            print(f"| {os.path.relpath(path, gen_tables.ROOT)} | {fmt(len(whole))} | {fmt(gz(whole))} | "
                  f"{fmt(len(code))} | {fmt(gz(code))} | {fmt(len(data))} | {fmt(gz(data))} |")


if __name__ == "__main__":
    main()
