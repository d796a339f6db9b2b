// TextEncoder, ours against Chromium's: encode() and encodeInto() on seeded
// random strings made of the code unit classes that matter for UTF-8 (1-, 2-,
// 3- and 4-byte characters, and lone surrogates, which the USVString
// conversion turns into U+FFFD), into random destination sizes and offsets.
import { native, ourClasses } from './setup.js';
import { run, same } from './outcome.js';
import { prng, subSeed } from './prng.js';

const MAX_EXAMPLES = 20;

function randomString(rng) {
  const units = [];
  const length = rng.int(41);
  while (units.length < length) {
    switch (rng.int(8)) {
      case 0: case 1: units.push(rng.int(0x80)); break;
      case 2: units.push(0x80 + rng.int(0x780)); break; // 2 bytes
      case 3: { const u = 0x800 + rng.int(0xf800 - 0x800); units.push(u >= 0xd800 && u < 0xe000 ? u + 0x800 : u); break; } // 3 bytes
      case 4: units.push(0xd800 + rng.int(0x400), 0xdc00 + rng.int(0x400)); break; // a pair
      case 5: units.push(0xd800 + rng.int(0x400)); break; // lone high
      case 6: units.push(0xdc00 + rng.int(0x400)); break; // lone low
      default: units.push(rng.pick([0, 0x7f, 0x80, 0x7ff, 0x800, 0xfffd, 0xfeff, 0xffff, 0xd7ff, 0xe000, 0xdbff, 0xdfff])); break;
    }
  }
  return String.fromCharCode(...units);
}

function encodeIntoOutcome(encoder, string, size, offset, pad, fill) {
  const buffer = new Uint8Array(offset + size + pad);
  for (let i = 0; i < buffer.length; i++) buffer[i] = fill(i);
  const result = run(() => encoder.encodeInto(string, buffer.subarray(offset, offset + size)));
  // The whole buffer: bytes outside the written region must be untouched.
  return { result: typeof result === 'object' && !('threw' in result) ? { read: result.read, written: result.written, keys: Object.keys(result) } : result, buffer: Array.from(buffer) };
}

export function random(seed, count) {
  const r = { label: 'TextEncoder', cases: 0, differences: 0, examples: [] };
  const rng = prng(subSeed(seed, 'TextEncoder'));
  const n = new native.TextEncoder();
  const o = new ourClasses.TextEncoder();
  const note = (example) => {
    r.differences++;
    if (r.examples.length < MAX_EXAMPLES) r.examples.push(example);
  };
  for (let i = 0; i < count; i++) {
    const string = randomString(rng);
    r.cases++;
    const e = run(() => Array.from(n.encode(string)));
    const a = run(() => Array.from(o.encode(string)));
    if (!same(JSON.stringify(e), JSON.stringify(a))) note({ op: 'encode', string, native: e, ours: a });
    // Destination sizes 0 .. 3 * length + 4, at a random offset into a larger buffer.
    const size = rng.int(3 * string.length + 5);
    const offset = rng.int(8);
    const pad = rng.int(8);
    const salt = rng.next();
    const fill = (k) => (salt + k * 31) & 0xff;
    r.cases++;
    const ei = encodeIntoOutcome(n, string, size, offset, pad, fill);
    const ai = encodeIntoOutcome(o, string, size, offset, pad, fill);
    if (JSON.stringify(ei) !== JSON.stringify(ai)) note({ op: 'encodeInto', string, size, offset, pad, native: ei, ours: ai });
  }
  return r;
}
