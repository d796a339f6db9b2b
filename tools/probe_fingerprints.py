"""The expected outcome of install()'s probe of a native TextDecoder, per
encoding, worked out at build time from the Encoding Standard's decoders and
index files (tools/gen_tables.py writes js/native-probe-fingerprints.js with it).

The probe (js/partial-native.js) decodes the bytes 00 01 .. FF, once, with
the native decoder of each encoding; it is right when it gives what the
standard's decoder gives. Working that out at start-up means running our own
decoder, which for the CJK encodings unpacks whole indexes (~10 ms in a
browser) only to compare 256 characters. So the polyfill entries carry, per
encoding, a 32-bit FNV-1a hash of the UTF-16 code units the standard's decoder
gives, and install() hashes the native's output instead.

The decoders below are the standard's algorithms (section numbers of
https://encoding.spec.whatwg.org/), written out independently of src/ so that
tests/js/native-probe-fingerprints.test.mjs, which hashes what our decoders
give, compares two implementations. Errors are replacement errors (U+FFFD), as
TextDecoder without `fatal`; `decode()` with no BOM at the start (byte 00).
"""
import json, os

PROBE = bytes(range(256))
FFFD = 0xFFFD


def run(handler, data, finish):
    """The spec's "run" over an I/O queue with prepend: handler(byte, prepend) returns a list of code points."""
    queue = list(data)
    out = []
    while queue:
        byte = queue.pop(0)
        back = []
        out += handler(byte, back)
        queue[0:0] = back
    return out + finish()


def ascii(b):
    return b < 0x80


def utf8(data, _):
    # §8.1.1
    s = {"cp": 0, "seen": 0, "needed": 0, "lower": 0x80, "upper": 0xBF}

    def handler(b, back):
        if s["needed"] == 0:
            if b <= 0x7F:
                return [b]
            if 0xC2 <= b <= 0xDF:
                s["needed"], s["cp"] = 1, b & 0x1F
            elif 0xE0 <= b <= 0xEF:
                if b == 0xE0:
                    s["lower"] = 0xA0
                if b == 0xED:
                    s["upper"] = 0x9F
                s["needed"], s["cp"] = 2, b & 0xF
            elif 0xF0 <= b <= 0xF4:
                if b == 0xF0:
                    s["lower"] = 0x90
                if b == 0xF4:
                    s["upper"] = 0x8F
                s["needed"], s["cp"] = 3, b & 0x7
            else:
                return [FFFD]
            return []
        if not s["lower"] <= b <= s["upper"]:
            s.update(cp=0, needed=0, seen=0, lower=0x80, upper=0xBF)
            back.append(b)
            return [FFFD]
        s["lower"], s["upper"] = 0x80, 0xBF
        s["cp"] = (s["cp"] << 6) | (b & 0x3F)
        s["seen"] += 1
        if s["seen"] != s["needed"]:
            return []
        cp = s["cp"]
        s.update(cp=0, needed=0, seen=0)
        return [cp]

    return run(handler, data, lambda: [FFFD] if s["needed"] else [])


def single_byte(index):
    # §9.1.1
    return lambda data, _: [b if ascii(b) else index.get(b - 0x80, FFFD) for b in data]


def gb18030(data, index_of):
    # §10.2.1 (GBK's decoder is gb18030's)
    index = index_of("gb18030")
    ranges = sorted(index_of("gb18030-ranges").items())
    s = {"first": 0, "second": 0, "third": 0}

    def ranges_code_point(pointer):
        if 39419 < pointer < 189000 or pointer > 1237575:
            return None
        if pointer == 7457:
            return 0xE7C7
        offset, cp = [r for r in ranges if r[0] <= pointer][-1]
        return cp + pointer - offset

    def handler(b, back):
        if s["third"]:
            if not 0x30 <= b <= 0x39:
                back += [s["second"], s["third"], b]
                s.update(first=0, second=0, third=0)
                return [FFFD]
            cp = ranges_code_point(((s["first"] - 0x81) * 10 * 126 * 10) + ((s["second"] - 0x30) * 10 * 126) + ((s["third"] - 0x81) * 10) + b - 0x30)
            s.update(first=0, second=0, third=0)
            return [FFFD] if cp is None else [cp]
        if s["second"]:
            if 0x81 <= b <= 0xFE:
                s["third"] = b
                return []
            back += [s["second"], b]
            s.update(first=0, second=0)
            return [FFFD]
        if s["first"]:
            if 0x30 <= b <= 0x39:
                s["second"] = b
                return []
            lead, s["first"] = s["first"], 0
            pointer = None
            offset = 0x40 if b < 0x7F else 0x41
            if 0x40 <= b <= 0x7E or 0x80 <= b <= 0xFE:
                pointer = (lead - 0x81) * 190 + (b - offset)
            cp = None if pointer is None else index.get(pointer)
            if cp is not None:
                return [cp]
            if ascii(b):
                back.append(b)
            return [FFFD]
        if ascii(b):
            return [b]
        if b == 0x80:
            return [0x20AC]
        if 0x81 <= b <= 0xFE:
            s["first"] = b
            return []
        return [FFFD]

    return run(handler, data, lambda: [FFFD] if s["first"] or s["second"] or s["third"] else [])


def big5(data, index_of):
    # §11.1.1
    index = index_of("big5")
    s = {"lead": 0}
    pairs = {1133: [0x00CA, 0x0304], 1135: [0x00CA, 0x030C], 1164: [0x00EA, 0x0304], 1166: [0x00EA, 0x030C]}

    def handler(b, back):
        if s["lead"]:
            lead, s["lead"] = s["lead"], 0
            pointer = None
            offset = 0x40 if b < 0x7F else 0x62
            if 0x40 <= b <= 0x7E or 0xA1 <= b <= 0xFE:
                pointer = (lead - 0x81) * 157 + (b - offset)
            if pointer in pairs:
                return pairs[pointer]
            cp = None if pointer is None else index.get(pointer)
            if cp is not None:
                return [cp]
            if ascii(b):
                back.append(b)
            return [FFFD]
        if ascii(b):
            return [b]
        if 0x81 <= b <= 0xFE:
            s["lead"] = b
            return []
        return [FFFD]

    return run(handler, data, lambda: [FFFD] if s["lead"] else [])


def euc_jp(data, index_of):
    # §12.1.1
    jis0208, jis0212 = index_of("jis0208"), index_of("jis0212")
    s = {"lead": 0, "jis0212": False}

    def handler(b, back):
        lead = s["lead"]
        if lead == 0x8E and 0xA1 <= b <= 0xDF:
            s["lead"] = 0
            return [0xFF61 - 0xA1 + b]
        if lead == 0x8F and 0xA1 <= b <= 0xFE:
            s["jis0212"], s["lead"] = True, b
            return []
        if lead:
            s["lead"] = 0
            cp = None
            if 0xA1 <= lead <= 0xFE and 0xA1 <= b <= 0xFE:
                cp = (jis0212 if s["jis0212"] else jis0208).get((lead - 0xA1) * 94 + b - 0xA1)
            s["jis0212"] = False
            if cp is not None:
                return [cp]
            if ascii(b):
                back.append(b)
            return [FFFD]
        if ascii(b):
            return [b]
        if b in (0x8E, 0x8F) or 0xA1 <= b <= 0xFE:
            s["lead"] = b
            return []
        return [FFFD]

    return run(handler, data, lambda: [FFFD] if s["lead"] else [])


def iso_2022_jp(data, index_of):
    # §12.2.1
    jis0208 = index_of("jis0208")
    s = {"state": "ascii", "output": "ascii", "lead": 0, "flag": False}

    def handler(b, back):
        st = s["state"]
        if st in ("ascii", "roman"):
            if b == 0x1B:
                s["state"] = "escape start"
                return []
            if b <= 0x7F and b not in (0x0E, 0x0F, 0x1B):
                s["flag"] = False
                if st == "roman" and b == 0x5C:
                    return [0xA5]
                if st == "roman" and b == 0x7E:
                    return [0x203E]
                return [b]
            s["flag"] = False
            return [FFFD]
        if st == "katakana":
            if b == 0x1B:
                s["state"] = "escape start"
                return []
            if 0x21 <= b <= 0x5F:
                s["flag"] = False
                return [0xFF61 - 0x21 + b]
            s["flag"] = False
            return [FFFD]
        if st == "lead byte":
            if b == 0x1B:
                s["state"] = "escape start"
                return []
            if 0x21 <= b <= 0x7E:
                s["flag"], s["lead"], s["state"] = False, b, "trail byte"
                return []
            s["flag"] = False
            return [FFFD]
        if st == "trail byte":
            if b == 0x1B:
                s["state"] = "escape start"
                return [FFFD]
            if 0x21 <= b <= 0x7E:
                s["state"] = "lead byte"
                cp = jis0208.get((s["lead"] - 0x21) * 94 + b - 0x21)
                return [FFFD] if cp is None else [cp]
            s["state"] = "lead byte"
            return [FFFD]
        if st == "escape start":
            if b in (0x24, 0x28):
                s["lead"], s["state"] = b, "escape"
                return []
            back.append(b)
            s["flag"], s["state"] = False, s["output"]
            return [FFFD]
        # escape
        lead, s["lead"] = s["lead"], 0
        state = None
        if lead == 0x28 and b == 0x42:
            state = "ascii"
        elif lead == 0x28 and b == 0x4A:
            state = "roman"
        elif lead == 0x28 and b == 0x49:
            state = "katakana"
        elif lead == 0x24 and b in (0x40, 0x42):
            state = "lead byte"
        if state is not None:
            s["state"] = s["output"] = state
            flag, s["flag"] = s["flag"], True
            return [FFFD] if flag else []
        back += [lead, b]
        s["flag"], s["state"] = False, s["output"]
        return [FFFD]

    def finish():
        if s["state"] == "trail byte":
            return [FFFD]
        if s["state"] == "escape start":
            return [FFFD]
        if s["state"] == "escape":
            # The lead goes back into the queue: decoded in the output state.
            lead, s["lead"], s["state"] = s["lead"], 0, s["output"]
            return [FFFD] + run(handler, [lead], lambda: [])
        return []

    return run(handler, data, finish)


def shift_jis(data, index_of):
    # §12.3.1
    jis0208 = index_of("jis0208")
    s = {"lead": 0}

    def handler(b, back):
        if s["lead"]:
            lead, s["lead"] = s["lead"], 0
            pointer = None
            offset = 0x40 if b < 0x7F else 0x41
            lead_offset = 0x81 if lead < 0xA0 else 0xC1
            if 0x40 <= b <= 0x7E or 0x80 <= b <= 0xFC:
                pointer = (lead - lead_offset) * 188 + b - offset
            if pointer is not None and 8836 <= pointer <= 10715:
                return [0xE000 - 8836 + pointer]
            cp = None if pointer is None else jis0208.get(pointer)
            if cp is not None:
                return [cp]
            if ascii(b):
                back.append(b)
            return [FFFD]
        if ascii(b) or b == 0x80:
            return [b]
        if 0xA1 <= b <= 0xDF:
            return [0xFF61 - 0xA1 + b]
        if 0x81 <= b <= 0x9F or 0xE0 <= b <= 0xFC:
            s["lead"] = b
            return []
        return [FFFD]

    return run(handler, data, lambda: [FFFD] if s["lead"] else [])


def euc_kr(data, index_of):
    # §13.1.1
    index = index_of("euc-kr")
    s = {"lead": 0}

    def handler(b, back):
        if s["lead"]:
            lead, s["lead"] = s["lead"], 0
            pointer = (lead - 0x81) * 190 + (b - 0x41) if 0x41 <= b <= 0xFE else None
            cp = None if pointer is None else index.get(pointer)
            if cp is not None:
                return [cp]
            if ascii(b):
                back.append(b)
            return [FFFD]
        if ascii(b):
            return [b]
        if 0x81 <= b <= 0xFE:
            s["lead"] = b
            return []
        return [FFFD]

    return run(handler, data, lambda: [FFFD] if s["lead"] else [])


def utf16(big_endian):
    # §14.2.1 shared UTF-16 decoder
    def decode(data, _):
        s = {"byte": None, "surrogate": None}

        def handler(b, back):
            if s["byte"] is None:
                s["byte"] = b
                return []
            unit = (s["byte"] << 8) + b if big_endian else (b << 8) + s["byte"]
            s["byte"] = None
            if s["surrogate"] is not None:
                lead, s["surrogate"] = s["surrogate"], None
                if 0xDC00 <= unit <= 0xDFFF:
                    return [0x10000 + ((lead - 0xD800) << 10) + (unit - 0xDC00)]
                hi, lo = unit >> 8, unit & 0xFF
                back += [hi, lo] if big_endian else [lo, hi]
                return [FFFD]
            if 0xD800 <= unit <= 0xDBFF:
                s["surrogate"] = unit
                return []
            if 0xDC00 <= unit <= 0xDFFF:
                return [FFFD]
            return [unit]

        return run(handler, data, lambda: [FFFD] if s["byte"] is not None or s["surrogate"] is not None else [])

    return decode


def x_user_defined(data, _):
    # §14.5.1
    return [b if ascii(b) else 0xF780 + b - 0x80 for b in data]


def decoder_for(index_of, name):
    special = {"UTF-8": utf8, "GBK": gb18030, "gb18030": gb18030, "Big5": big5, "EUC-JP": euc_jp,
               "ISO-2022-JP": iso_2022_jp, "Shift_JIS": shift_jis, "EUC-KR": euc_kr,
               "UTF-16BE": utf16(True), "UTF-16LE": utf16(False), "x-user-defined": x_user_defined}
    if name in special:
        return special[name]
    # Single-byte: ISO-8859-8-I shares ISO-8859-8's index.
    return single_byte(index_of("iso-8859-8" if name == "ISO-8859-8-I" else name.lower()))


def fnv1a(code_points):
    """FNV-1a, 32 bits, over the UTF-16 code units of the code points."""
    h = 0x811C9DC5
    for cp in code_points:
        units = [cp] if cp < 0x10000 else [0xD800 + ((cp - 0x10000) >> 10), 0xDC00 + ((cp - 0x10000) & 0x3FF)]
        for u in units:
            h = ((h ^ u) * 0x01000193) & 0xFFFFFFFF
    return h


def gen_js_probe_fingerprints(src, read_index):
    """js/native-probe-fingerprints.js: one hash per encoding TextDecoder can
    be constructed with, in the standard's order without replacement (the
    order of js/partial-native.js's encodingNames()). `read_index(src, name)`
    is tools/gen_tables.py's reader of an index file ((pointer, code point) pairs)."""
    def index_of(name):
        return dict(read_index(src, name))

    with open(os.path.join(src, "encodings.json"), encoding="utf-8") as f:
        groups = json.load(f)
    names = [e["name"] for g in groups for e in g["encodings"] if e["name"] != "replacement"]
    lines = ["  0x%08x, // %s" % (fnv1a(decoder_for(index_of, n)(PROBE, index_of)), n) for n in names]
    return ("// GENERATED by tools/gen_tables.py (tools/probe_fingerprints.py) from the Encoding Standard's\n"
            "// decoders and index files; never edit. Per encoding TextDecoder can be constructed with (the\n"
            "// standard's order, replacement left out: js/partial-native.js's encodingNames()), the 32-bit\n"
            "// FNV-1a hash of the UTF-16 code units the standard's decoder gives for the bytes 00..FF.\n"
            "export const PROBE_FINGERPRINTS = [\n%s\n];\n" % "\n".join(lines))
