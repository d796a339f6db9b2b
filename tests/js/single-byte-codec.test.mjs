// The single-byte encodings in JavaScript (js/single-byte-codec.js, over the
// tables tools/gen_tables.py packs into js/single-byte-tables.js): what the
// module-free lite entry decodes with. Oracles: the WHATWG index files, read
// here on their own, and encoding_rs (examples/encoding_rs_oracle.rs). Every
// byte in both modes, both string builders, and every BMP scalar value
// through the encoder. (The entry itself, every label through TextDecoder,
// is tests/js/composed-builds.test.mjs.)
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import test from 'node:test';
import { encodingRsOracle, standardEncodings } from './helpers.mjs';
import { decodeSingleByte, singleByteEncoder, singleByteIndex } from '../../js/single-byte-codec.js';

const ROOT = new URL('../../', import.meta.url).pathname;
const ORACLE = encodingRsOracle();
const ENCODINGS = standardEncodings().map((e, index) => ({ ...e, index }));
const SINGLE = ENCODINGS.filter((e) => e.heading === 'Legacy single-byte encodings');
const X_USER_DEFINED = ENCODINGS.find((e) => e.name === 'x-user-defined');

test('the encodings this covers: 28 single-byte ones, indexes 1-28, and x-user-defined', () => {
  assert.deepEqual(SINGLE.map((e) => e.index), Array.from({ length: 28 }, (_, i) => i + 1));
  assert.equal(X_USER_DEFINED.index, 39);
});

/** The code points of bytes 0x80-0xFF from the encoding's index file (0: none). */
function indexFile(encoding) {
  const file = encoding.name === 'ISO-8859-8-I' ? 'iso-8859-8' : encoding.name.toLowerCase();
  const table = new Array(128).fill(0);
  for (const line of readFileSync(`${ROOT}data/whatwg-index/index-${file}.txt`, 'utf8').split('\n')) {
    const m = /^\s*(\d+)\t0x([0-9A-F]+)/.exec(line);
    if (m) table[Number(m[1])] = parseInt(m[2], 16);
  }
  return table;
}

/** What the spec's decoder gives for byte `b` (x-user-defined: §14.5), or null for error. */
function expectedCodePoint(encoding, table, b) {
  if (b < 0x80) return b;
  if (table === null) return 0xf780 + b - 0x80;
  return table[b - 0x80] === 0 ? null : table[b - 0x80];
}

const ALL_BYTES = Uint8Array.from({ length: 256 }, (_, b) => b);

function oracle(label, mode, input) {
  const r = spawnSync(ORACLE, [label, mode], { input, maxBuffer: 1 << 26 });
  assert.equal(r.status, 0, r.stderr?.toString());
  return r.stdout;
}

for (const encoding of [...SINGLE, X_USER_DEFINED]) {
  const table = encoding === X_USER_DEFINED ? null : indexFile(encoding);

  // (x-user-defined has no index: its mapping is §14.5's arithmetic.)
  if (table !== null) {
    test(`${encoding.name}: the packed table is the index file`, () => {
      assert.deepEqual(Array.from(singleByteIndex(encoding.index)), table);
    });
  }

  test(`${encoding.name}: every byte, replacement and fatal mode, both string builders`, () => {
    const expected = Array.from(ALL_BYTES, (b) => expectedCodePoint(encoding, table, b));
    const replaced = String.fromCharCode(...expected.map((cp) => (cp === null ? 0xfffd : cp)));
    // encoding_rs agrees with the index file on the whole byte range.
    assert.equal(oracle(encoding.name, 'decode', Buffer.from(ALL_BYTES)).toString('utf16le'), replaced);
    for (const typed of [false, true]) {
      const r = decodeSingleByte(encoding.index, false, ALL_BYTES, typed);
      assert.deepEqual({ text: r.text, error: r.error, offset: r.offset, state: r.state }, { text: replaced, error: false, offset: 256, state: null });
      // Fatal: each byte alone, then the first error in the whole range (the text before it, the input after it left).
      for (let b = 0; b < 256; b++) {
        const one = decodeSingleByte(encoding.index, true, Uint8Array.of(0x41, b, 0x42), typed);
        if (expected[b] === null) assert.deepEqual([one.error, one.offset, one.text], [true, 2, 'A'], `byte ${b}`);
        else assert.deepEqual([one.error, one.text], [false, `A${String.fromCharCode(expected[b])}B`], `byte ${b}`);
      }
      const firstError = expected.indexOf(null);
      const whole = decodeSingleByte(encoding.index, true, ALL_BYTES, typed);
      if (firstError < 0) assert.deepEqual([whole.error, whole.text], [false, replaced]);
      else assert.deepEqual([whole.error, whole.offset, whole.text], [true, firstError + 1, replaced.slice(0, firstError)]);
    }
    // Longer than one string chunk (1,024 units).
    const long = new Uint8Array(5000).map((_, i) => (i * 7) & 0xff);
    const text = oracle(encoding.name, 'decode', Buffer.from(long)).toString('utf16le');
    assert.equal(decodeSingleByte(encoding.index, false, long, false).text, text);
    assert.equal(decodeSingleByte(encoding.index, false, long, true).text, text);
  });

  test(`${encoding.name}: the encoder on every BMP scalar value and some beyond, against the index file and encoding_rs`, () => {
    const encode = singleByteEncoder(encoding.index);
    const byCodePoint = new Map();
    if (table !== null) table.forEach((cp, pointer) => cp !== 0 && !byCodePoint.has(cp) && byCodePoint.set(cp, pointer + 0x80));
    const scalars = [];
    for (let cp = 0; cp < 0x10000; cp++) if (cp < 0xd800 || cp > 0xdfff) scalars.push(cp);
    scalars.push(0x10000, 0x1f600, 0x10ffff);
    const units = [];
    const html = [];
    for (const cp of scalars) {
      const spec = cp < 0x80 ? cp : table === null ? (cp >= 0xf780 && cp <= 0xf7ff ? cp - 0xf780 + 0x80 : -1) : byCodePoint.has(cp) ? byCodePoint.get(cp) : -1;
      const ours = encode(cp);
      assert.equal(ours, spec, `U+${cp.toString(16)}`);
      const s = String.fromCodePoint(cp);
      for (let i = 0; i < s.length; i++) units.push(s.charCodeAt(i) & 0xff, s.charCodeAt(i) >> 8);
      if (ours < 0) html.push(...Buffer.from(`&#${cp};`, 'latin1'));
      else html.push(ours);
    }
    // encoding_rs's encoder in the spec's "html" mode: an unmappable code point as a character reference.
    assert.deepEqual(oracle(encoding.name, 'html', Buffer.from(units)), Buffer.from(html));
  });
}
