// Valid legacy-encoded text for the decode workloads, made from the WHATWG
// index files (not from any decoder): the repertoire is what each encoder can
// encode, and the bytes of a character are computed from its pointer with the
// spec's encoder steps (Encoding Standard §9-13). Decoding the bytes must give
// back exactly the characters picked, which is the reference for every contender.
import { readFileSync } from 'node:fs';

const INDEX_DIR = new URL('../../data/whatwg-index/', import.meta.url);

/** The index file as [pointer, code point] pairs, in file order. */
function readIndex(name) {
  const pairs = [];
  for (const line of readFileSync(new URL(`index-${name}.txt`, INDEX_DIR), 'utf8').split('\n')) {
    const m = /^\s*(\d+)\s+0x([0-9A-F]+)/i.exec(line);
    if (m) pairs.push([Number(m[1]), parseInt(m[2], 16)]);
  }
  return pairs;
}

/**
 * The encoder's pointer for each code point of the index: the first pointer
 * (the spec's "index pointer"), unless `last` says the last one, skipping
 * pointers that `skip` excludes. Returns [code point, pointer] pairs.
 */
function encoderPointers(pairs, { skip = () => false, last = () => false } = {}) {
  const chosen = new Map();
  for (const [pointer, cp] of pairs) {
    if (skip(pointer, cp)) continue;
    if (!chosen.has(cp) || last(cp)) chosen.set(cp, pointer);
  }
  return [...chosen];
}

/** Per encoding: the encodable characters ([code point, pointer]) and pointer -> bytes. */
const FAMILIES = {
  'windows-1252': () => ({
    // Single-byte (§9): byte = pointer + 0x80.
    chars: readIndex('windows-1252').map(([pointer, cp]) => [cp, pointer]),
    bytes: (pointer) => [pointer + 0x80],
  }),
  shift_jis: () => ({
    // §12.3.4: "index Shift_JIS pointer" excludes pointers 8272 to 8835.
    chars: encoderPointers(readIndex('jis0208'), { skip: (p) => p >= 8272 && p <= 8835 }),
    bytes: (pointer) => {
      const lead = Math.floor(pointer / 188);
      const trail = pointer % 188;
      return [lead + (lead < 0x1f ? 0x81 : 0xc1), trail + (trail < 0x3f ? 0x40 : 0x41)];
    },
  }),
  gbk: () => ({
    // §10.2.2 with "is GBK": U+E5E5 is an error and U+20AC becomes 0x80, so
    // both are left out of the two-byte repertoire.
    chars: encoderPointers(readIndex('gb18030'), { skip: (p, cp) => cp === 0xe5e5 || cp === 0x20ac }),
    bytes: (pointer) => {
      const trail = pointer % 190;
      return [Math.floor(pointer / 190) + 0x81, trail + (trail < 0x3f ? 0x40 : 0x41)];
    },
  }),
  big5: () => ({
    // §11.2.2: "index Big5 pointer" skips pointers below (0xA1 - 0x81) * 157
    // (HKSCS) and takes the last pointer for these six code points.
    chars: encoderPointers(readIndex('big5'), {
      skip: (p) => p < (0xa1 - 0x81) * 157,
      last: (cp) => [0x2550, 0x255e, 0x2561, 0x256a, 0x5341, 0x5345].includes(cp),
    }),
    bytes: (pointer) => {
      const trail = pointer % 157;
      return [Math.floor(pointer / 157) + 0x81, trail + (trail < 0x3f ? 0x40 : 0x62)];
    },
  }),
  'euc-kr': () => ({
    // §13.2.2.
    chars: encoderPointers(readIndex('euc-kr')),
    bytes: (pointer) => [Math.floor(pointer / 190) + 0x81, (pointer % 190) + 0x41],
  }),
};

export const LEGACY_ENCODINGS = Object.keys(FAMILIES);

/**
 * About `size` bytes of valid `encoding` text (never more; filled up to
 * `size` with ASCII): with probability `asciiShare` a printable ASCII
 * character, else a random non-ASCII character of the encoder's repertoire.
 * Returns { bytes, text } where decoding `bytes` must give `text`.
 */
export function legacyText(encoding, size, random, asciiShare) {
  const { chars, bytes: toBytes } = FAMILIES[encoding]();
  const out = new Uint8Array(size);
  const units = [];
  let at = 0;
  while (at < size) {
    let cp;
    let seq;
    if (random() < asciiShare || size - at < 2) {
      cp = random.int(0x20, 0x7e);
      seq = [cp];
    } else {
      const [c, pointer] = random.pick(chars);
      cp = c;
      seq = toBytes(pointer);
    }
    for (const b of seq) out[at++] = b;
    if (cp > 0xffff) units.push(0xd800 + ((cp - 0x10000) >> 10), 0xdc00 + ((cp - 0x10000) & 0x3ff));
    else units.push(cp);
  }
  return { bytes: out, text: unitsToString(units) };
}

function unitsToString(units) {
  let s = '';
  for (let i = 0; i < units.length; i += 8192) s += String.fromCharCode.apply(null, units.slice(i, i + 8192));
  return s;
}
