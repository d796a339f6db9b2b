// §7.1 "serialize I/O queue": for UTF-8 and UTF-16BE/LE, unless ignoreBOM, the
// first scalar value of a stream is dropped if it is U+FEFF; BOM seen is reset
// by every decode() that starts a new stream. Other encodings never drop it.
import assert from 'node:assert/strict';
import test from 'node:test';
import { bytes, codePoints, loadPackage } from './helpers.mjs';

const { TextDecoder } = await loadPackage();

// U+FEFF: UTF-8 EF BB BF, UTF-16LE FF FE, UTF-16BE FE FF. 'A' = 41 / 41 00 / 00 41.
const CASES = {
  'utf-8': { bom: [0xef, 0xbb, 0xbf], a: [0x41] },
  'utf-16le': { bom: [0xff, 0xfe], a: [0x41, 0x00] },
  'utf-16be': { bom: [0xfe, 0xff], a: [0x00, 0x41] },
};

const eq = (actual, expected, message) => assert.equal(codePoints(actual), codePoints(expected), message);

for (const [label, { bom, a }] of Object.entries(CASES)) {
  test(`${label}: a leading BOM is removed, only the first; ignoreBOM keeps it`, () => {
    eq(new TextDecoder(label).decode(bytes(bom, a)), 'A');
    eq(new TextDecoder(label).decode(bytes(bom, bom, a)), '\ufeffA');
    eq(new TextDecoder(label).decode(bytes(a, bom)), 'A\ufeff');
    eq(new TextDecoder(label).decode(bytes(bom)), '');
    eq(new TextDecoder(label, { ignoreBOM: true }).decode(bytes(bom, a)), '\ufeffA');
  });

  test(`${label}: a BOM split across streaming calls, byte by byte, is still removed`, () => {
    const d = new TextDecoder(label);
    let out = '';
    for (const b of [...bom, ...a]) out += d.decode(bytes(b), { stream: true });
    out += d.decode();
    eq(out, 'A');
    const keep = new TextDecoder(label, { ignoreBOM: true });
    let kept = '';
    for (const b of [...bom, ...a]) kept += keep.decode(bytes(b), { stream: true });
    eq(kept + keep.decode(), '\ufeffA');
  });

  test(`${label}: BOM seen is per stream: a flush starts a new stream, a BOM after the first code point is content`, () => {
    const d = new TextDecoder(label);
    eq(d.decode(bytes(bom, a)), 'A');
    eq(d.decode(bytes(bom, a)), 'A', 'second stream: BOM removed again');
    eq(d.decode(bytes(a), { stream: true }), 'A');
    eq(d.decode(bytes(bom), { stream: true }), '\ufeff', 'mid-stream U+FEFF is content');
    eq(d.decode(), '');
  });

  test(`${label}: empty streaming calls before the BOM do not count as the first code point`, () => {
    const d = new TextDecoder(label);
    eq(d.decode(new Uint8Array(0), { stream: true }), '');
    eq(d.decode(undefined, { stream: true }), '');
    eq(d.decode(bytes(bom, a)), 'A');
  });
}

test('utf-16le does not treat the UTF-16BE BOM as a BOM (FE FF is U+FFFE), and vice versa', () => {
  eq(new TextDecoder('utf-16le').decode(bytes(0xfe, 0xff, 0x41, 0x00)), '\ufffeA');
  eq(new TextDecoder('utf-16be').decode(bytes(0xff, 0xfe, 0x00, 0x41)), '\ufffeA');
});

test('TextDecoder does not sniff: a UTF-8 BOM given to utf-16le is not switched to UTF-8', () => {
  // EF BB -> U+BBEF, BF 41 -> U+41BF
  eq(new TextDecoder('utf-16le').decode(bytes(0xef, 0xbb, 0xbf, 0x41)), '\ubbef\u41bf');
});

test('other encodings never remove a BOM: windows-1252 EF BB BF is "ï»¿"', () => {
  // index-windows-1252 pointers 0x6F, 0x3B, 0x3F are U+00EF, U+00BB, U+00BF.
  eq(new TextDecoder('windows-1252').decode(bytes(0xef, 0xbb, 0xbf, 0x41)), '\u00ef\u00bb\u00bfA');
});

test('fatal mode: the BOM is removed as in replacement mode', () => {
  eq(new TextDecoder('utf-8', { fatal: true }).decode(bytes(0xef, 0xbb, 0xbf, 0x41)), 'A');
  eq(new TextDecoder('utf-16le', { fatal: true }).decode(bytes(0xff, 0xfe, 0x41, 0x00)), 'A');
});

test('a fatal error in a streaming call leaves BOM seen false: the next call\'s U+FEFF is still the first code point', () => {
  // The output of a call that throws is never serialized, so BOM seen is not set
  // (§7.2 step 5.3.3 throws before "serialize I/O queue" runs). The bytes after
  // the error stay in the I/O queue: EF BB BF then decode as U+FEFF, dropped as a BOM.
  const d = new TextDecoder('utf-8', { fatal: true });
  assert.throws(() => d.decode(bytes(0x41, 0xff, 0xef, 0xbb, 0xbf, 0x42), { stream: true }), TypeError);
  eq(d.decode(), 'B');
});
