// Random byte strings biased toward what each decoder has to think about:
// lead, trail and escape bytes, well-formed sequences (so that valid text and
// the errors around it both occur), and the boundaries between byte classes.
// Uniform random bytes would almost never form a valid multi-byte sequence.

const range = (a, b) => Array.from({ length: b - a + 1 }, (_, i) => a + i);
const HIGH = range(0x80, 0xff);
const ASCII_SPECIAL = [0x00, 0x0a, 0x0d, 0x0e, 0x0f, 0x1b, 0x20, 0x22, 0x24, 0x28, 0x30, 0x39, 0x3f, 0x40, 0x41, 0x42, 0x49, 0x4a, 0x5c, 0x7e, 0x7f];

/** Byte classes per encoding family: [weight, generator(rng) -> byte[]]. */
function tokensFor(name) {
  const any = (rng) => [rng.int(256)];
  const from = (list) => (rng) => [rng.pick(list)];
  const seq = (...parts) => (rng) => parts.map((p) => (typeof p === 'number' ? p : rng.pick(p)));
  const ascii = [[2, any], [2, from(ASCII_SPECIAL)], [2, from(HIGH)]];
  switch (name) {
    case 'utf-8': {
      const cont = range(0x80, 0xbf);
      return [...ascii,
        [3, seq(range(0xc2, 0xdf), cont)],
        [3, seq(range(0xe0, 0xef), cont, cont)],
        [2, seq([0xe0], range(0x80, 0xa0), cont)], // E0 overlong boundary
        [2, seq([0xed], range(0x9f, 0xa0), cont)], // ED surrogate boundary
        [3, seq(range(0xf0, 0xf4), cont, cont, cont)],
        [2, seq([0xf0, 0xf4], range(0x80, 0x90), cont, cont)],
        [2, from([0xc0, 0xc1, 0xf5, 0xf8, 0xfe, 0xff, 0xef, 0xbb, 0xbf])],
        [1, seq([0xef], [0xbb], [0xbf])],
      ];
    }
    case 'utf-16le':
    case 'utf-16be': {
      const unit = (hi, lo) => (name === 'utf-16le' ? [lo, hi] : [hi, lo]);
      return [
        [3, (rng) => unit(0, rng.int(128))],
        [3, (rng) => unit(rng.int(256), rng.int(256))],
        [3, (rng) => unit(0xd8 + rng.int(4), rng.int(256))], // high surrogate
        [3, (rng) => unit(0xdc + rng.int(4), rng.int(256))], // low surrogate
        [1, () => unit(0xfe, 0xff)], // BOM
        [1, () => unit(0xff, 0xfe)],
        [1, any], // an odd byte shifts everything after it
      ];
    }
    case 'gbk':
    case 'gb18030': {
      const lead = range(0x81, 0xfe);
      const digit = range(0x30, 0x39);
      return [...ascii,
        [4, seq(lead, [...range(0x40, 0x7e), ...range(0x80, 0xfe)])],
        [3, seq(lead, digit, lead, digit)], // four-byte sequences
        [1, seq([0x84], [0x31], [0xa4, 0xa5], digit)], // the end of the ranges
        [1, seq([0x81, 0x82, 0x83, 0x84, 0x90, 0xe3, 0xfe], digit, lead, digit)],
        [2, seq(lead, digit)],
        [2, from([0x80, 0xff, 0x7f, 0x3f, 0x30, 0x39])],
      ];
    }
    case 'big5': {
      return [...ascii,
        [4, seq(range(0x81, 0xfe), [...range(0x40, 0x7e), ...range(0xa1, 0xfe)])],
        [2, seq([0x88], [0x62, 0x64, 0xa3, 0xa5])], // pointers that decode to two code points
        [1, seq(range(0x81, 0xa0), range(0x40, 0x7e))],
        [2, from([0x80, 0xff, 0x7f, 0xa0, 0xa1, 0xfe])],
      ];
    }
    case 'euc-jp': {
      const hi = range(0xa1, 0xfe);
      return [...ascii,
        [4, seq(hi, hi)],
        [2, seq([0x8e], range(0xa0, 0xe0))],
        [3, seq([0x8f], hi, hi)],
        [2, from([0x8e, 0x8f, 0x80, 0xa0, 0xff])],
      ];
    }
    case 'iso-2022-jp': {
      const escapes = [[0x1b, 0x28, 0x42], [0x1b, 0x28, 0x4a], [0x1b, 0x28, 0x49], [0x1b, 0x24, 0x40], [0x1b, 0x24, 0x42]];
      return [
        [6, (rng) => rng.pick(escapes).slice()],
        [2, (rng) => rng.pick(escapes).slice(0, 1 + rng.int(2))], // truncated escape
        [1, seq([0x1b], [0x28, 0x24, 0x1b, 0x41, 0x0a])],
        [6, seq(range(0x21, 0x7e), range(0x21, 0x7e))],
        [4, from(range(0x21, 0x7e))],
        [2, from([0x0a, 0x0d, 0x0e, 0x0f, 0x1b, 0x20, 0x7f, 0x80, 0xff, 0x00])],
        [1, any],
      ];
    }
    case 'shift_jis': {
      const lead = [...range(0x81, 0x9f), ...range(0xe0, 0xfc)];
      return [...ascii,
        [4, seq(lead, [...range(0x40, 0x7e), ...range(0x80, 0xfc)])],
        [1, seq(range(0xf0, 0xf9), range(0x40, 0xfc))], // user-defined (EUDC) area
        [2, from(range(0xa1, 0xdf))],
        [2, from([0x80, 0xa0, 0xfd, 0xfe, 0xff, 0x7f, 0x3f])],
      ];
    }
    case 'euc-kr': {
      return [...ascii,
        [4, seq(range(0x81, 0xfe), range(0x41, 0xfe))],
        [2, seq(range(0xa1, 0xfe), range(0xa1, 0xfe))],
        [2, from([0x80, 0xff, 0x41, 0x5a, 0x61, 0x7a])],
      ];
    }
    default: // single-byte encodings and x-user-defined: every byte is a character
      return [[1, any]];
  }
}

const cache = new Map();

/** `length` bytes (a token may be cut at the end: truncated sequences matter). */
export function biasedBytes(rng, label, length) {
  const name = label.toLowerCase();
  let tokens = cache.get(name);
  if (!tokens) {
    tokens = [];
    for (const [weight, gen] of tokensFor(name)) for (let i = 0; i < weight; i++) tokens.push(gen);
    cache.set(name, tokens);
  }
  const out = [];
  while (out.length < length) out.push(...rng.pick(tokens)(rng));
  return Uint8Array.from(out.slice(0, length));
}
