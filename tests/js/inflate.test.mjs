// js/inflate.js (the raw DEFLATE decoder of the embedded modules, where there
// is no native one) against Node's zlib: zlib deflates and the decoder must
// give back the input, for every block type zlib writes (stored: level 0;
// fixed codes: Z_FIXED; dynamic codes: the default) over text-like, random
// and repetitive data (long matches, overlapping copies); the modules as
// tools/embed-module.mjs embeds them (zopfli); and damaged streams end in a
// RangeError or a result, never a hang or a write out of bounds.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import test from 'node:test';
import { constants, deflateRawSync, inflateRawSync } from 'node:zlib';
import { compressionSamples, prng } from './helpers.mjs';
import { inflateRaw } from '../../js/inflate.js';

const root = new URL('../../', import.meta.url);

const samples = () => compressionSamples(0x1f1a7e, [10, 1000, 70_000, 300_000]);

test('decodes what zlib deflates: stored, fixed and dynamic blocks', () => {
  let checked = 0;
  for (const input of samples()) {
    for (const options of [{ level: 0 }, { strategy: constants.Z_FIXED }, { level: 1 }, { level: 9 }, { level: 9, memLevel: 1, windowBits: 9 }]) {
      const deflated = new Uint8Array(deflateRawSync(input, options));
      const got = inflateRaw(deflated);
      assert.ok(Buffer.from(got).equals(Buffer.from(input)), `${input.length} bytes, ${JSON.stringify(options)}`);
      checked++;
    }
  }
  assert.equal(checked, 16 * 5);
});

test('decodes the embedded modules (zopfli streams) to the built module files', () => {
  const wasm = new URL('build/wasm/', root);
  // The detector's module is LZMA, not deflate: tests/js/detect-lzma.test.mjs decodes it.
  const names = readdirSync(wasm).filter((name) => name !== 'detect' && existsSync(new URL(`${name}/bytes.js`, wasm)));
  assert.ok(names.includes('full'), `modules built: ${names}`);
  for (const name of names) {
    const source = readFileSync(new URL(`${name}/bytes.js`, wasm), 'utf8');
    const base64 = /"([A-Za-z0-9+/=]{100,})"/.exec(source)[1];
    const deflated = new Uint8Array(Buffer.from(base64, 'base64'));
    const expected = readFileSync(new URL(`${name}/module.wasm`, wasm));
    assert.ok(Buffer.from(inflateRaw(deflated)).equals(expected), name);
  }
});

test('damaged streams: refused exactly where zlib refuses them, else the same bytes as zlib', () => {
  const random = prng(0xbad);
  const inputs = samples();
  let threw = 0;
  let decoded = 0;
  for (let n = 0; n < 3000; n++) {
    const input = inputs[3 + (n % (inputs.length - 3))];
    const deflated = new Uint8Array(deflateRawSync(input, n % 3 === 0 ? { strategy: constants.Z_FIXED } : {}));
    const damaged = deflated.slice(0, random() < 0.2 ? Math.floor(random() * deflated.length) : deflated.length);
    for (let k = 0; k < 1 + (n % 3); k++) damaged[Math.floor(random() * damaged.length)] ^= 1 << Math.floor(random() * 8);
    let ours = null;
    try {
      ours = inflateRaw(damaged);
    } catch (e) {
      assert.ok(e instanceof RangeError, String(e));
    }
    let theirs = null;
    try {
      theirs = inflateRawSync(damaged);
    } catch (_) {
      // refused
    }
    if (ours === null) {
      assert.equal(theirs, null, `stream ${n}: ours refused it, zlib decoded ${theirs && theirs.length} bytes`);
      threw++;
    } else {
      assert.ok(theirs !== null && Buffer.from(ours).equals(theirs), `stream ${n}: ours decoded ${ours.length} bytes, zlib ${theirs === null ? 'refused it' : `${theirs.length} bytes`}`);
      decoded++;
    }
  }
  assert.ok(threw > 500 && decoded > 100, `${threw} refused, ${decoded} decoded`);
});
