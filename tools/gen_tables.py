#!/usr/bin/env python3
"""Generates src/generated/*.rs from the WHATWG index files.

Input: a directory holding encodings.json and index-*.txt as published with the
Encoding Standard (default: data/whatwg-index in the repository).
Output: Rust sources under src/generated/, committed so that a fresh clone builds
without the input. `--check` regenerates into memory and exits 1 if any committed
file differs, which is what the test command runs.

Packed index format (decoded by src/tables/packed.rs, which says why it is so).
An index is the list of code points for pointers 0..len, 0 standing for "no code
point" (U+0000 never occurs in an index). Each index is an independent byte
string: an adaptive binary range coder (LZMA's: 11-bit probabilities, shift 5,
carry-less decoder, trailing zero bytes dropped) over one decision tree per
pointer, relative to `prev` (the last code point, initially 0) and counting
only the code points no earlier pointer used ("unused"; 0 counts as used):
  null?  (context: the previous step's kind)   a run of pointers with no code
         point: length L >= 1 as bit length (5-bit tree) + the bits below it, raw
  next?  (context: previous kind)   the first unused code point above prev
  down?  (context: previous kind)   else, with m >= 1 and per direction:
         up:   skip m unused code points above prev, take the next one
         down: the m-th unused code point below prev
         m as its bit length (5-bit tree, context: direction and previous
         kind), the next two bits (tree, context: direction and bit length),
         the rest raw.
The decoder keeps a bitmap of used code points to walk these gaps.
"""
import bisect, hashlib, json, os, re, sys

from probe_fingerprints import gen_js_probe_fingerprints

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
OUT = os.path.join(ROOT, "src", "generated")

MULTI_BYTE = ["jis0208", "jis0212", "euc-kr", "gb18030", "big5"]


def variant_name(name):
    special = {"UTF-8": "Utf8", "UTF-16BE": "Utf16Be", "UTF-16LE": "Utf16Le",
               "ISO-8859-8-I": "Iso8859_8I", "Shift_JIS": "ShiftJis",
               "x-mac-cyrillic": "XMacCyrillic", "x-user-defined": "XUserDefined",
               "ISO-2022-JP": "Iso2022Jp", "EUC-JP": "EucJp", "EUC-KR": "EucKr"}
    if name in special:
        return special[name]
    if name.startswith("ISO-8859-"):
        return "Iso8859_" + name[len("ISO-8859-"):]
    if name.startswith("windows-"):
        return "Windows" + name[len("windows-"):]
    if name.startswith("KOI8-"):
        return "Koi8" + name[len("KOI8-"):]
    return name[0].upper() + name[1:].lower()


def read_index(src, name):
    path = os.path.join(src, "index-%s.txt" % name)
    entries = []
    with open(path, encoding="utf-8") as f:
        for line in f.read().split("\n"):
            if not line or line.startswith("#"):
                continue
            fields = line.split("\t")
            entries.append((int(fields[0]), int(fields[1], 16)))
    return entries


class Fenwick:
    """Counts of unused code points below any point (the encoder's ranks)."""

    def __init__(self, n):
        self.n, self.tree = n, [0] * (n + 1)
        for i in range(1, n + 1):
            self.tree[i] += 1
            j = i + (i & -i)
            if j <= n:
                self.tree[j] += self.tree[i]

    def use(self, i):
        i += 1
        while i <= self.n:
            self.tree[i] -= 1
            i += i & -i

    def below(self, i):
        total = 0
        while i > 0:
            total += self.tree[i]
            i -= i & -i
        return total


PROB_BITS, PROB_SHIFT, TOP = 11, 5, 1 << 24
# Probability slots; the same layout as src/tables/packed.rs.
IS_NULL, IS_NEXT, IS_DUP, IS_DOWN, SAME_DISTANCE, NULL_LEN, DUP_LEN, LEN, MANT = 0, 4, 8, 12, 16, 17, 49, 81, 337
PROBS = 593
# Code points the used-bitmap covers (Big5 reaches U+2F9D4).
CODE_SPACE = 0x30000


class RangeEncoder:
    def __init__(self):
        self.low, self.range, self.cache, self.pending, self.out = 0, 0xFFFFFFFF, 0, 1, bytearray()

    def _shift_low(self):
        if self.low < 0xFF000000 or self.low > 0xFFFFFFFF:
            carry, byte = self.low >> 32, self.cache
            while self.pending:
                self.out.append((byte + carry) & 0xFF)
                byte = 0xFF
                self.pending -= 1
            self.cache = (self.low >> 24) & 0xFF
        self.pending += 1
        self.low = (self.low & 0x00FFFFFF) << 8

    def _normalize(self):
        while self.range < TOP:
            self.range = (self.range << 8) & 0xFFFFFFFF
            self._shift_low()

    def bit(self, probs, i, b):
        p = probs[i]
        bound = (self.range >> PROB_BITS) * p
        if b:
            self.low += bound
            self.range -= bound
            probs[i] = p - (p >> PROB_SHIFT)
        else:
            self.range = bound
            probs[i] = p + (((1 << PROB_BITS) - p) >> PROB_SHIFT)
        self._normalize()

    def tree(self, probs, base, value, nbits):
        m = 1
        for i in reversed(range(nbits)):
            b = (value >> i) & 1
            self.bit(probs, base + m, b)
            m = (m << 1) | b

    def raw(self, value, nbits):
        value &= (1 << nbits) - 1
        # nbits <= 16 equiprobable bits as one symbol (one division to decode).
        assert nbits <= 16 and value >> nbits == 0
        self.range >>= nbits
        self.low += value * self.range
        self._normalize()

    def finish(self):
        for _ in range(5):
            self._shift_low()
        # The first byte is always 0 and the decoder reads zeros past the end.
        return bytes(self.out[1:]).rstrip(b"\0")


def pack(values):
    free = Fenwick(CODE_SPACE)
    free.use(0)
    enc, probs = RangeEncoder(), [1 << (PROB_BITS - 1)] * PROBS
    prev, kind, i, last_distance, first = 0, 0, 0, 0, {}
    while i < len(values):
        v = values[i]
        enc.bit(probs, IS_NULL + kind, v == 0)
        if v == 0:
            j = i
            while j < len(values) and values[j] == 0:
                j += 1
            run = j - i
            enc.tree(probs, NULL_LEN, run.bit_length(), 5)
            enc.raw(run, run.bit_length() - 1)
            kind, i = 0, j
            continue
        assert 0 < v < CODE_SPACE
        if v in first:  # a code point an earlier pointer has: copy it
            enc.bit(probs, IS_NEXT + kind, 0)
            enc.bit(probs, IS_DUP + kind, 1)
            distance = i - first[v]
            enc.bit(probs, SAME_DISTANCE, distance == last_distance)
            if distance != last_distance:
                enc.tree(probs, DUP_LEN, distance.bit_length(), 5)
                enc.raw(distance, distance.bit_length() - 1)
            last_distance, prev, kind = distance, v, 1
            i += 1
            continue
        first[v] = i
        if v > prev:
            gap = free.below(v) - free.below(prev + 1)  # unused code points skipped
        else:
            gap = free.below(prev) - free.below(v)      # v is the gap-th unused below
        enc.bit(probs, IS_NEXT + kind, v > prev and gap == 0)
        if not (v > prev and gap == 0):
            enc.bit(probs, IS_DUP + kind, 0)
            down = int(v < prev)
            enc.bit(probs, IS_DOWN + kind, down)
            nbits = gap.bit_length()
            enc.tree(probs, LEN + (down * 4 + kind) * 32, nbits, 5)
            rest = nbits - 1
            top = min(rest, 2)
            enc.tree(probs, MANT + (down * 32 + nbits) * 4, (gap >> (rest - top)) & ((1 << top) - 1), top)
            enc.raw(gap, rest - top)
            kind = 2 + down
        else:
            kind = 1
        free.use(v)
        prev = v
        i += 1
    return enc.finish()


def walk(used, prev, gap, down):
    """The code point `gap` unused code points below prev (down), or the one
    after skipping `gap` unused code points above it; binary search over the
    count of unused code points in (prev, cp] or [cp, prev)."""
    above = bisect.bisect_right(used, prev)
    if down:
        lo, hi = 0, prev - 1  # largest cp with unused [cp, prev) >= gap
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if (prev - mid) - (above - 1 - bisect.bisect_left(used, mid)) >= gap:
                lo = mid
            else:
                hi = mid - 1
        return lo
    lo, hi = prev + 1, CODE_SPACE - 1  # smallest cp with unused (prev, cp] > gap
    while lo < hi:
        mid = (lo + hi) // 2
        if (mid - prev) - (bisect.bisect_right(used, mid) - above) > gap:
            hi = mid
        else:
            lo = mid + 1
    return lo


def unpack(data, length):
    """Reference decoder, written apart from the encoder (a bitmap walk, not
    ranks), used to prove every packed table round-trips."""
    pos = 0

    def byte():
        nonlocal pos
        pos += 1
        return data[pos - 1] if pos - 1 < len(data) else 0

    code, rng = 0, 0xFFFFFFFF
    for _ in range(4):
        code = (code << 8) | byte()

    def normalize():
        nonlocal code, rng
        while rng < TOP:
            rng = (rng << 8) & 0xFFFFFFFF
            code = ((code << 8) | byte()) & 0xFFFFFFFF

    def bit(i):
        nonlocal code, rng
        p = probs[i]
        bound = (rng >> PROB_BITS) * p
        if code < bound:
            rng, probs[i], b = bound, p + (((1 << PROB_BITS) - p) >> PROB_SHIFT), 0
        else:
            code, rng, probs[i], b = code - bound, rng - bound, p - (p >> PROB_SHIFT), 1
        normalize()
        return b

    def tree(base, nbits):
        m = 1
        for _ in range(nbits):
            m = (m << 1) | bit(base + m)
        return m - (1 << nbits)

    def raw(nbits):
        nonlocal code, rng
        rng >>= nbits
        value = min(code // rng, (1 << nbits) - 1)
        code -= value * rng
        normalize()
        return value

    probs = [1 << (PROB_BITS - 1)] * PROBS
    used = [0]  # sorted code points already used
    values, prev, kind, last_distance = [], 0, 0, 0
    while len(values) < length:
        if bit(IS_NULL + kind):
            nbits = tree(NULL_LEN, 5)
            values += [0] * ((1 << (nbits - 1)) | raw(nbits - 1))
            kind = 0
            continue
        if bit(IS_NEXT + kind):
            down, gap, kind = 0, 0, 1
        elif bit(IS_DUP + kind):
            if not bit(SAME_DISTANCE):
                nbits = tree(DUP_LEN, 5)
                last_distance = (1 << (nbits - 1)) | raw(nbits - 1)
            prev, kind = values[len(values) - last_distance], 1
            values.append(prev)
            continue
        else:
            down = bit(IS_DOWN + kind)
            nbits = tree(LEN + (down * 4 + kind) * 32, 5)
            rest = nbits - 1
            top = min(rest, 2)
            hi = tree(MANT + (down * 32 + nbits) * 4, top)
            gap = (((1 << top) | hi) << (rest - top)) | raw(rest - top)
            kind = 2 + down
        cp = walk(used, prev, gap, down)
        bisect.insort(used, cp)
        values.append(cp)
        prev = cp
    assert len(values) == length
    return values


def rust_bytes(data, indent="    "):
    lines, line = [], ""
    for b in data:
        piece = "%d," % b
        if len(line) + len(piece) > 96:
            lines.append(indent + line)
            line = ""
        line += piece
    if line:
        lines.append(indent + line)
    return "\n".join(lines)


def rust_u16s(values, indent="    ", per_line=12):
    return "\n".join(indent + " ".join("0x%04X," % v for v in values[i:i + per_line])
                     for i in range(0, len(values), per_line))


def header(src, inputs):
    lines = ["// GENERATED by tools/gen_tables.py from the WHATWG Encoding Standard index files.",
             "// DO NOT EDIT. Regenerate with `python3 tools/gen_tables.py`.",
             "// The index data is (c) WHATWG (Apple, Google, Mozilla, Microsoft), BSD-3-Clause;",
             "// see https://encoding.spec.whatwg.org/ . Inputs (sha256):"]
    for name in inputs:
        with open(os.path.join(src, name), "rb") as f:
            lines.append("//   %s %s" % (name, hashlib.sha256(f.read()).hexdigest()))
    return "\n".join(lines) + "\n\n"


def gen_encodings(src):
    with open(os.path.join(src, "encodings.json"), encoding="utf-8") as f:
        groups = json.load(f)
    encodings = [dict(e, _group=g["heading"]) for g in groups for e in g["encodings"]]
    out = header(src, ["encodings.json"])
    out += "/// The 40 encodings of the Encoding Standard, in the order of its table.\n"
    out += "#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]\n#[repr(u8)]\n"
    out += "pub enum Encoding {\n"
    for e in encodings:
        out += "    /// %s\n    %s,\n" % (e["name"], variant_name(e["name"]))
    out += "}\n\n"
    out += "/// Every encoding, in the order of the standard's table.\n"
    out += "pub const ALL: [Encoding; %d] = [\n" % len(encodings)
    for e in encodings:
        out += "    Encoding::%s,\n" % variant_name(e["name"])
    out += "];\n\n"
    out += "/// Canonical names, indexed by `Encoding as usize`.\n"
    out += "pub const NAMES: [&str; %d] = [\n" % len(encodings)
    for e in encodings:
        out += "    %s,\n" % json.dumps(e["name"])
    out += "];\n\n"
    labels = sorted((label, variant_name(e["name"])) for e in encodings for label in e["labels"])
    assert len(set(l for l, _ in labels)) == len(labels)
    out += "/// Every label (already lowercase), sorted bytewise for binary search.\n"
    out += "pub static LABELS: [(&str, Encoding); %d] = [\n" % len(labels)
    for label, v in labels:
        out += "    (%s, Encoding::%s),\n" % (json.dumps(label), v)
    out += "];\n"
    return out, encodings


SINGLE_BYTE_INDEX = {"ISO-8859-8-I": "iso-8859-8"}


def gen_single_byte(src, encodings):
    single = [e["name"] for e in encodings if e["_group"] == "Legacy single-byte encodings"]
    files = sorted(set("index-%s.txt" % SINGLE_BYTE_INDEX.get(n, n.lower()) for n in single))
    out = header(src, files)
    out += "// Each table maps byte - 0x80 to a code point; 0 means the byte has no code point.\n\n"
    emitted = set()
    for name in single:
        index = SINGLE_BYTE_INDEX.get(name, name.lower())
        if index in emitted:
            continue
        emitted.add(index)
        values = [0] * 128
        for pointer, cp in read_index(src, index):
            values[pointer] = cp
        ident = index.upper().replace("-", "_")
        out += "pub static %s: [u16; 128] = [\n%s\n];\n\n" % (ident, rust_u16s(values))
    return out


# js/single-byte-tables.js: the single-byte indexes for the module-free lite
# entry (js/single-byte-codec.js decodes them), one printable-ASCII string per
# encoding. Its first character names the earlier table it copies from
# (' ': none; else 0x21 + that table's position in the list); each next
# character is a token over the code points of bytes 0x80-0xFF in order, as
# value = char code - 0x20:
#   0            no code point for this byte
#   1..RUN_MAX   a run of that many bytes, each one past the previous code point
#   RUN_MAX+1 .. COPY_END   a run of 2.. bytes with the code points of the same
#                bytes in the reference table (none of them 0)
#   COPY_END+1 .. COPY_END+27   a base-27 digit of a literal's zigzag delta, more follow
#   COPY_END+28 .. 94           its last digit
# The previous code point starts at 0x7F and is the last one a token gave.
# Most of each index runs upward in Unicode order (Latin-1 halves, Cyrillic,
# Greek, Arabic), so a run is one character; the reference is the earlier
# table that agrees on most bytes, if at least SB_REFERENCE_MIN do
# (windows-1257 and ISO-8859-13, KOI8-U and KOI8-R, ISO-8859-8-I and
# ISO-8859-8): a copy is one character where the code points jump about.
# Against the same code without references: 1,906 -> 1,802 B gzip for the
# strings (docs/size-log.md, "Size work of issue 16 on the glue, a later stop").
# A token is written as the character 0x20 + (SB_MIRROR - value) mod 95: the
# commonest values (0, the copies, the first digits) then fall on lowercase
# letters, which the code around the strings is mostly made of, so deflate's
# one Huffman code for both costs less (/lite 12,738 -> 12,601 B gzip;
# docs/size-log.md, "the utf8size stop": the best of the 95 x 72 maps
# value -> (a * value + b) mod 95 measured on the bundle; value + 27 was
# 17 B behind). The reference character is not mapped.
SB_RUN_MAX = 16
SB_COPY_END = 40
SB_DIGITS = 27
SB_REFERENCE_MIN = 20
SB_MIRROR = 71


def pack_single_byte(values, ref=None, ref_position=None):
    out, prev, i = [], 0x7F, 0
    while i < len(values):
        cp = values[i]
        if ref is not None and cp != 0 and cp != prev + 1 and cp == ref[i]:
            j = i
            while j < len(values) and j - i < SB_COPY_END - SB_RUN_MAX + 1 and values[j] != 0 and values[j] == ref[j]:
                j += 1
            if j - i >= 2:
                out.append(SB_RUN_MAX + j - i - 1)
                prev, i = values[j - 1], j
                continue
        if cp == 0:
            out.append(0)
            i += 1
        elif cp == prev + 1:
            j = i
            while j < len(values) and j - i < SB_RUN_MAX and values[j] == prev + 1 + (j - i):
                j += 1
            out.append(j - i)
            prev, i = values[j - 1], j
        else:
            d = cp - prev
            z = d << 1 if d >= 0 else ((-d) << 1) - 1
            digits = []
            while True:
                digits.append(z % SB_DIGITS)
                z //= SB_DIGITS
                if not z:
                    break
            digits.reverse()
            out += [SB_COPY_END + 1 + x for x in digits[:-1]] + [SB_COPY_END + 1 + SB_DIGITS + digits[-1]]
            prev, i = cp, i + 1
    assert all(0 <= v <= 94 for v in out)
    return (" " if ref is None else chr(0x21 + ref_position)) + "".join(chr(0x20 + (SB_MIRROR - v) % 95) for v in out)


def unpack_single_byte(text, tables):
    """A second decoder, as js/single-byte-codec.js's: the generator checks each string with it.
    `tables`: the unpacked tables before this one (the reference is one of them)."""
    ref = None if text[0] == " " else tables[ord(text[0]) - 0x21]
    values, prev, z = [], 0x7F, 0
    for ch in text[1:]:
        v = (SB_MIRROR - (ord(ch) - 0x20)) % 95
        if v == 0:
            values.append(0)
        elif v <= SB_RUN_MAX:
            for _ in range(v):
                prev += 1
                values.append(prev)
        elif v <= SB_COPY_END:
            for _ in range(v - SB_RUN_MAX + 1):
                prev = ref[len(values)]
                values.append(prev)
        elif v <= SB_COPY_END + SB_DIGITS:
            z = z * SB_DIGITS + v - SB_COPY_END - 1
        else:
            z = z * SB_DIGITS + v - SB_COPY_END - 1 - SB_DIGITS
            prev += -((z + 1) >> 1) if z & 1 else z >> 1
            values.append(prev)
            z = 0
    return values


def gen_js_single_byte(src, encodings):
    single = [e["name"] for e in encodings if e["_group"] == "Legacy single-byte encodings"]
    files = sorted(set("index-%s.txt" % SINGLE_BYTE_INDEX.get(n, n.lower()) for n in single))
    out = header(src, files)
    out += ("// The single-byte indexes for js/single-byte-codec.js (the module-free lite entry):\n"
            "// per encoding from IBM866 (index 1) on, in the standard's order, the code points\n"
            "// of bytes 0x80-0xFF as tokens, some copied from an earlier table\n"
            "// (tools/gen_tables.py, pack_single_byte).\n\n")
    out += "export const RUN_MAX = %d;\nexport const COPY_END = %d;\nexport const DIGITS = %d;\nexport const MIRROR = %d;\n\n" % (SB_RUN_MAX, SB_COPY_END, SB_DIGITS, SB_MIRROR)
    strings = []
    tables = []
    for name in single:
        values = [0] * 128
        for pointer, cp in read_index(src, SINGLE_BYTE_INDEX.get(name, name.lower())):
            values[pointer] = cp
        agree = [(sum(1 for a, b in zip(values, t) if a == b != 0), -k) for k, t in enumerate(tables)]
        best = max(agree) if agree else (0, 0)
        position = -best[1] if best[0] >= SB_REFERENCE_MIN else None
        packed = pack_single_byte(values, None if position is None else tables[position], position)
        assert unpack_single_byte(packed, tables) == values, name
        tables.append(values)
        strings.append("  %s, // %s" % (json.dumps(packed), name))
    out += "export const SINGLE_BYTE_TABLES = [\n%s\n];\n" % "\n".join(strings)
    return out


def gen_multi_byte(src):
    files = ["index-%s.txt" % n for n in MULTI_BYTE] + ["index-gb18030-ranges.txt",
                                                         "index-iso-2022-jp-katakana.txt"]
    out = header(src, files)
    out += "// Packed indexes: see tools/gen_tables.py and src/tables/packed.rs for the format.\n\n"
    sizes = []
    for name in MULTI_BYTE:
        entries = read_index(src, name)
        length = max(p for p, _ in entries) + 1
        values = [0] * length
        for pointer, cp in entries:
            values[pointer] = cp
        packed = pack(values)
        assert unpack(packed, length) == values
        ident = name.upper().replace("-", "_")
        out += "/// index %s: %d pointers, %d entries, %d packed bytes.\n" % (
            name, length, len(entries), len(packed))
        out += "pub const %s_LEN: usize = %d;\n" % (ident, length)
        out += "pub static %s_PACKED: [u8; %d] = [\n%s\n];\n\n" % (ident, len(packed), rust_bytes(packed))
        sizes.append((name, length, len(entries), len(packed)))
    ranges = read_index(src, "gb18030-ranges")
    out += "/// index gb18030 ranges: (pointer, code point) pairs sorted by both.\n"
    out += "pub static GB18030_RANGES: [(u32, u32); %d] = [\n" % len(ranges)
    out += "\n".join("    (%d, 0x%04X)," % pc for pc in ranges) + "\n];\n\n"
    kana = read_index(src, "iso-2022-jp-katakana")
    assert [p for p, _ in kana] == list(range(len(kana)))
    out += "/// index ISO-2022-JP katakana: U+FF61 + pointer -> code point.\n"
    out += "pub static ISO_2022_JP_KATAKANA: [u16; %d] = [\n%s\n];\n" % (
        len(kana), rust_u16s([cp for _, cp in kana]))
    return out, sizes


def gen_js_encodings(src):
    """js/cli/encodings-table.js: names and labels for `text-encoding-wasm -l`
    (the JS bundles have no export that lists labels)."""
    with open(os.path.join(src, "encodings.json"), encoding="utf-8") as f:
        groups = json.load(f)
    out = ("// GENERATED by tools/gen_tables.py from the Encoding Standard's encodings.json:\n"
           "// the encodings and their labels, for `text-encoding-wasm -l`.\n"
           "// tests/js/cli.test.mjs checks every label resolves to its name.\n"
           "// [name, labels] in the order of the standard's table.\n"
           "export const ENCODINGS = [\n")
    for g in groups:
        for e in g["encodings"]:
            out += "  [%s, [%s]],\n" % (json.dumps(e["name"]), ", ".join(json.dumps(l) for l in e["labels"]))
    return out + "];\n"


# The family of each encodings.json group: the unit a composed build adds
# (tools/entries.mjs names the import of each); x-user-defined goes with the
# single-byte encodings, UTF-16 and replacement with UTF-8 (always in).
FAMILY_OF_HEADING = {
    "The Encoding": "utf",
    "Legacy single-byte encodings": "single-byte",
    "Legacy multi-byte Chinese (simplified) encodings": "chinese",
    "Legacy multi-byte Chinese (traditional) encodings": "big5",
    "Legacy multi-byte Japanese encodings": "japanese",
    "Legacy multi-byte Korean encodings": "korean",
}


def family_of(group, encoding):
    if group["heading"] == "Legacy miscellaneous encodings":
        return "single-byte" if encoding["name"] == "x-user-defined" else "utf"
    return FAMILY_OF_HEADING[group["heading"]]


def gen_js_encoding_table(src):
    """js/encoding-table.js: the list of encodings every JS file takes its
    indexes and families from (none keeps its own copy)."""
    with open(os.path.join(src, "encodings.json"), encoding="utf-8") as f:
        groups = json.load(f)
    out = ("// GENERATED by tools/gen_tables.py from the Encoding Standard's encodings.json; never edit.\n"
           "// Indexes are the order of the standard's table (as src/generated/encodings.rs).\n\n")
    names, families = [], []
    for g in groups:
        for e in g["encodings"]:
            const = re.sub(r"[^A-Z0-9]", "_", e["name"].upper())
            out += "export const %s = %d;\n" % (const, len(names))
            names.append(e["name"])
            families.append(family_of(g, e))
    out += "\n/** How many encodings the standard has. */\n"
    out += "export const ENCODING_COUNT = %d;\n" % len(names)
    out += "\n/** Per index: the family, the unit a composed build adds (tools/entries.mjs). */\n"
    out += "export const FAMILY_OF = [%s];\n" % ", ".join(json.dumps(f) for f in families)
    out += ("\n/** Per index: the name as the standard spells it (text-encoding-wasm/hooks's labelToName returns\n"
            " * it; the runtimes name encodings by their first label, lowercased: js/label-index.js). */\n")
    out += "export const NAMES = [%s];\n" % ", ".join(json.dumps(n) for n in names)
    return out


def gen_www_encoding_names(src):
    """www/encoding-names.js: the demo page's list (served as is, no bundler,
    so it cannot import the package's internal js/encoding-table.js)."""
    with open(os.path.join(src, "encodings.json"), encoding="utf-8") as f:
        groups = json.load(f)
    names = [e["name"].lower() for g in groups for e in g["encodings"]]
    return ("// GENERATED by tools/gen_tables.py from the Encoding Standard's encodings.json; never edit.\n"
            "/** Every encoding's name, lowercased as TextDecoder's `encoding`, in the order of the standard's table. */\n"
            "export const ENCODING_NAMES = [%s];\n" % ", ".join(json.dumps(n) for n in names))


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    check = "--check" in sys.argv
    src = args[0] if args else os.path.join(ROOT, "data", "whatwg-index")
    if not os.path.isfile(os.path.join(src, "encodings.json")):
        sys.exit("gen_tables: no encodings.json in %s" % src)
    encodings_rs, encodings = gen_encodings(src)
    multi_rs, sizes = gen_multi_byte(src)
    files = {"encodings.rs": encodings_rs,
             "single_byte.rs": gen_single_byte(src, encodings),
             "multi_byte.rs": multi_rs}
    files = {os.path.join(OUT, name): text for name, text in files.items()}
    files[os.path.join(ROOT, "js", "cli", "encodings-table.js")] = gen_js_encodings(src)
    files[os.path.join(ROOT, "js", "encoding-table.js")] = gen_js_encoding_table(src)
    files[os.path.join(ROOT, "js", "single-byte-tables.js")] = gen_js_single_byte(src, encodings)
    files[os.path.join(ROOT, "www", "encoding-names.js")] = gen_www_encoding_names(src)
    files[os.path.join(ROOT, "js", "native-probe-fingerprints.js")] = gen_js_probe_fingerprints(src, read_index)
    stale = []
    for path, text in files.items():
        name = os.path.relpath(path, ROOT)
        old = open(path, encoding="utf-8").read() if os.path.exists(path) else None
        if old != text:
            stale.append(name)
            if not check:
                with open(path, "w", encoding="utf-8") as f:
                    f.write(text)
    if check:
        if stale:
            sys.exit("gen_tables --check: stale generated files: %s" % ", ".join(stale))
        print("gen_tables --check: src/generated, js/cli/encodings-table.js, js/encoding-table.js, js/single-byte-tables.js, www/encoding-names.js and js/native-probe-fingerprints.js match %s" % src)
    else:
        for name, length, count, packed in sizes:
            print("%-8s %6d pointers %6d entries %6d packed bytes" % (name, length, count, packed))


if __name__ == "__main__":
    main()
