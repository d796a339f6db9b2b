// Any split of the input into streaming calls (random chunk sizes, including
// empty and 1-byte chunks; seeded, reproducible) gives the same text as one
// call. For valid UTF-8 and UTF-16 the text is also checked against an
// independent oracle: the scalar values the input was built from (and, for
// UTF-8, Node's Buffer decoder, which is exact on valid input only).
import assert from 'node:assert/strict';
import test from 'node:test';
import { codePoints, loadPackage, prng } from './helpers.mjs';

const { TextDecoder } = await loadPackage();
const SEED = Number(process.env.TEW_SEED || 20240611);

/** Decodes `input` in random chunks; 1 in 5 chunks is empty, 1 in 5 is one byte. */
function decodeInChunks(label, options, input, random) {
  const d = new TextDecoder(label, options);
  let out = '';
  let at = 0;
  while (at < input.length) {
    const r = random();
    const size = r < 0.2 ? 0 : r < 0.4 ? 1 : 1 + Math.floor(random() * 9);
    out += d.decode(input.subarray(at, at + size), { stream: true });
    at += size;
  }
  return out + d.decode();
}

/** Random bytes biased towards each encoding's lead/trail ranges and escape bytes. */
function randomBytes(random, length) {
  const interesting = [0x1b, 0x24, 0x28, 0x42, 0x4a, 0x49, 0x40, 0x5c, 0x7e, 0x80, 0x81, 0x82, 0x88, 0x8e, 0x8f, 0xa1, 0xa4, 0xc3, 0xd8, 0xdc, 0xe2, 0xed, 0xef, 0xf0, 0xf4, 0xfe, 0xff, 0x30, 0x39, 0x00];
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i++) {
    const r = random();
    out[i] = r < 0.5 ? interesting[Math.floor(random() * interesting.length)] : Math.floor(random() * 256);
  }
  return out;
}

function randomScalars(random, count) {
  const out = [];
  for (let i = 0; i < count; i++) {
    const r = random();
    let cp;
    if (r < 0.3) cp = Math.floor(random() * 0x80);
    else if (r < 0.5) cp = 0x80 + Math.floor(random() * 0x780);
    else if (r < 0.8) cp = 0x800 + Math.floor(random() * 0xf800);
    else cp = 0x10000 + Math.floor(random() * 0x100000);
    if (cp >= 0xd800 && cp <= 0xdfff) cp = 0xfffd; // not a scalar value
    out.push(cp);
  }
  if (out[0] === 0xfeff) out[0] = 0x41; // a leading U+FEFF would be a BOM
  return out;
}

/** UTF-8 by the spec's encoder steps (§8.1.2), written out here as the oracle's input. */
function utf8(scalars) {
  const out = [];
  for (const cp of scalars) {
    if (cp < 0x80) out.push(cp);
    else if (cp < 0x800) out.push(0xc0 | (cp >> 6), 0x80 | (cp & 0x3f));
    else if (cp < 0x10000) out.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f));
    else out.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 0x3f), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f));
  }
  return new Uint8Array(out);
}

function utf16(scalars, bigEndian) {
  const units = [];
  for (const cp of scalars) {
    if (cp < 0x10000) units.push(cp);
    else units.push(0xd800 + ((cp - 0x10000) >> 10), 0xdc00 + ((cp - 0x10000) & 0x3ff));
  }
  const out = new Uint8Array(units.length * 2);
  units.forEach((u, i) => {
    out[2 * i + (bigEndian ? 0 : 1)] = u >> 8;
    out[2 * i + (bigEndian ? 1 : 0)] = u & 0xff;
  });
  return out;
}

test(`valid UTF-8 in random chunks equals the scalar values it was built from, and Buffer's decoding (seed ${SEED})`, () => {
  const random = prng(SEED);
  for (let round = 0; round < 300; round++) {
    const scalars = randomScalars(random, Math.floor(random() * 200));
    const expected = String.fromCodePoint(...scalars);
    const input = utf8(scalars);
    assert.equal(Buffer.from(input).toString('utf8'), expected, 'the oracles agree');
    assert.equal(new TextDecoder().decode(input), expected, `round ${round}: one call`);
    assert.equal(decodeInChunks('utf-8', { fatal: true }, input, random), expected, `round ${round}: chunks`);
  }
});

test(`valid UTF-16LE/BE in random chunks equals the scalar values it was built from (seed ${SEED})`, () => {
  const random = prng(SEED + 1);
  for (let round = 0; round < 200; round++) {
    const scalars = randomScalars(random, Math.floor(random() * 100));
    const expected = String.fromCodePoint(...scalars);
    for (const [label, be] of [['utf-16le', false], ['utf-16be', true]]) {
      const input = utf16(scalars, be);
      assert.equal(decodeInChunks(label, { fatal: true }, input, random), expected, `${label} round ${round}`);
    }
  }
});

const LABELS = ['utf-8', 'utf-16le', 'utf-16be', 'shift_jis', 'euc-jp', 'iso-2022-jp', 'gb18030', 'gbk', 'big5', 'euc-kr', 'windows-1252', 'x-user-defined'];

for (const label of LABELS) {
  test(`${label}: random bytes in random chunks equal one call, in replacement mode; fatal throws for one iff for the other (seed ${SEED})`, () => {
    const random = prng(SEED ^ label.length * 7919 ^ label.charCodeAt(label.length - 1));
    for (let round = 0; round < 150; round++) {
      const input = randomBytes(random, Math.floor(random() * 64));
      const whole = new TextDecoder(label).decode(input);
      const chunked = decodeInChunks(label, undefined, input, random);
      if (chunked !== whole) {
        assert.fail(`${label} round ${round}: input ${Array.from(input, (b) => b.toString(16).padStart(2, '0')).join(' ')}\n  one call: ${codePoints(whole)}\n  chunked:  ${codePoints(chunked)}`);
      }
      let wholeThrows = false;
      let chunkedThrows = false;
      let fatalText;
      try { fatalText = new TextDecoder(label, { fatal: true }).decode(input); } catch (e) { assert.ok(e instanceof TypeError); wholeThrows = true; }
      try { decodeInChunks(label, { fatal: true }, input, random); } catch (e) { assert.ok(e instanceof TypeError); chunkedThrows = true; }
      assert.equal(chunkedThrows, wholeThrows, `${label} round ${round}: fatal`);
      if (wholeThrows) assert.ok(whole.includes('\ufffd'), 'an error in fatal mode is a U+FFFD in replacement mode');
      if (!wholeThrows) assert.equal(fatalText, whole, 'without errors, fatal and replacement modes agree');
    }
  });
}
