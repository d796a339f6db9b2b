"""Oracle for tests/js/extra-utf8-variants.test.mjs: Python's UTF-8 codec with
the "surrogatepass" error handler, which encodes each surrogate code point as
its own 3-byte sequence (CESU-8's rule for pairs, modified UTF-8's and WTF-8's
for lone surrogates) and decodes such sequences back to surrogate code points.

stdin: JSON {"encode": [[units...], ...], "decode": [[bytes...], ...]}
stdout: JSON {"encode": [[bytes...], ...],
              "decode": [[units...] or null (UnicodeDecodeError), ...]}
Every UTF-16 code unit is passed as its own code point, so a pair stays two
surrogates (CESU-8), never one supplementary code point.
"""
import json
import sys

request = json.load(sys.stdin)
encoded = [list(''.join(map(chr, units)).encode('utf-8', 'surrogatepass')) for units in request['encode']]
decoded = []
for data in request['decode']:
    try:
        text = bytes(data).decode('utf-8', 'surrogatepass')
    except UnicodeDecodeError:
        decoded.append(None)
        continue
    units = []
    for ch in text:
        cp = ord(ch)
        if cp > 0xFFFF:
            cp -= 0x10000
            units += [0xD800 + (cp >> 10), 0xDC00 + (cp & 0x3FF)]
        else:
            units.append(cp)
    decoded.append(units)
json.dump({'encode': encoded, 'decode': decoded}, sys.stdout)
