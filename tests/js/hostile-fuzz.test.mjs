// JS-layer fuzz (issue 17): a seeded random sequence of constructor calls
// (labels in any case, padded with ASCII whitespace), decodes in random
// stream pieces (as Uint8Array views at an offset, DataViews, ArrayBuffers),
// fatal and ignoreBOM options, decoder reuse after a stream ends, encode and
// encodeInto, compared with independent oracles: the spec-model UTF-8
// decoder and encoder of tests/js/utf8-reference.mjs, and encoding_rs
// (examples/encoding_rs_oracle.rs, decode-batch mode) for every other encoding.
// TEW_FUZZ_CASES (default 3000) and TEW_FUZZ_SEED (default 17) for more or other.
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { codePoints, encodingRsOracle, loadPackage, prng, standardEncodings } from './helpers.mjs';
import { randomUnits, randomUtf8ishBytes, referenceEncode, referenceEncodeInto, referenceUtf8Decode } from './utf8-reference.mjs';

const { TextDecoder, TextEncoder } = await loadPackage();
const CASES = Number(process.env.TEW_FUZZ_CASES || 3000);
const SEED = Number(process.env.TEW_FUZZ_SEED || 17);
const ORACLE = encodingRsOracle();

/** Every encoding with a decoder, lower-cased (the spec's names; 'replacement' has no stream of its own worth fuzzing). */
const ENCODINGS = standardEncodings().map((e) => e.name.toLowerCase()).filter((name) => name !== 'replacement');
const WHITESPACE = ['\t', '\n', '\f', '\r', ' '];

function randomLabel(random, name) {
  let label = [...name].map((c) => (random() < 0.5 ? c.toUpperCase() : c)).join('');
  const pad = () => Array.from({ length: Math.floor(random() * 3) }, () => WHITESPACE[Math.floor(random() * 5)]).join('');
  if (random() < 0.3) label = pad() + label + pad();
  return label;
}

function randomBytes(random, name, length) {
  if (name === 'utf-8') return randomUtf8ishBytes(random, length);
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i++) {
    const r = random();
    if (name === 'iso-2022-jp' && r < 0.08 && i + 2 < length) {
      const escape = [[0x1b, 0x24, 0x42], [0x1b, 0x28, 0x42], [0x1b, 0x28, 0x4a], [0x1b, 0x28, 0x49], [0x1b, 0x24, 0x40]][Math.floor(random() * 5)];
      out.set(escape, i);
      i += 2;
      continue;
    }
    out[i] = r < 0.4 ? Math.floor(random() * 0x80) : 0x80 + Math.floor(random() * 0x80);
  }
  return out;
}

/** `bytes` as a random kind of BufferSource over the same bytes. */
function asBufferSource(random, bytes) {
  const r = random();
  const offset = Math.floor(random() * 8);
  const backing = new Uint8Array(bytes.length + offset + Math.floor(random() * 8)).fill(0xa5);
  backing.set(bytes, offset);
  if (r < 0.4) return backing.subarray(offset, offset + bytes.length);
  if (r < 0.7) return new DataView(backing.buffer, offset, bytes.length);
  if (r < 0.85) return bytes.slice().buffer;
  return new Uint8Array(bytes);
}

/** Random cut points of `length`. */
function pieces(random, length) {
  const cuts = [0];
  const count = random() < 0.3 ? 0 : Math.floor(random() * 6);
  for (let i = 0; i < count; i++) cuts.push(Math.floor(random() * (length + 1)));
  cuts.push(length);
  return cuts.sort((a, b) => a - b);
}

function oracleDecodeBatch(name, inputs) {
  const parts = [];
  for (const bytes of inputs) {
    const header = Buffer.alloc(4);
    header.writeUInt32LE(bytes.length);
    parts.push(header, Buffer.from(bytes));
  }
  const r = spawnSync(ORACLE, [name, 'decode-batch'], { input: Buffer.concat(parts), maxBuffer: 1 << 30 });
  if (r.status !== 0) throw new Error(`oracle ${name}: ${r.stderr}`);
  const out = [];
  for (let at = 0; at < r.stdout.length;) {
    const units = r.stdout.readUInt32LE(at);
    out.push(r.stdout.subarray(at + 4, at + 4 + 2 * units).toString('utf16le'));
    at += 4 + 2 * units;
  }
  return out;
}

test(`decoders: ${CASES} seeded cases (seed ${SEED}) against the UTF-8 spec model and encoding_rs`, () => {
  const random = prng(SEED);
  const cases = [];
  for (let i = 0; i < CASES; i++) {
    const name = ENCODINGS[Math.floor(random() * ENCODINGS.length)];
    const length = random() < 0.9 ? Math.floor(random() * 64) : Math.floor(random() * 3000);
    cases.push({
      i, name, label: randomLabel(random, name), bytes: randomBytes(random, name, length),
      fatal: name === 'utf-8' && random() < 0.3, ignoreBOM: random() < 0.5, cuts: null, reuse: random() < 0.3,
    });
    cases[i].cuts = pieces(random, length);
  }
  const expected = new Map();
  for (const name of ENCODINGS) {
    if (name === 'utf-8') continue;
    const mine = cases.filter((c) => c.name === name);
    oracleDecodeBatch(name, mine.map((c) => c.bytes)).forEach((text, k) => expected.set(mine[k], text));
  }
  const sourceRandom = prng(SEED + 1);
  let failures = 0;
  for (const c of cases) {
    let want;
    if (c.name === 'utf-8') {
      want = referenceUtf8Decode(c.bytes, c.fatal);
      if (want === null) want = false; // a fatal error: a TypeError
    } else {
      want = expected.get(c);
    }
    // BOM: the oracle keeps it; TextDecoder strips one at the start unless ignoreBOM (UTF-8, UTF-16).
    if (want !== false && !c.ignoreBOM && /^utf-/.test(c.name) && want.startsWith('\ufeff')) want = want.slice(1);
    const decoder = new TextDecoder(c.label, { fatal: c.fatal, ignoreBOM: c.ignoreBOM });
    assert.equal(decoder.encoding, c.name, `case ${c.i}: label ${JSON.stringify(c.label)}`);
    for (let round = 0; round < (c.reuse ? 2 : 1); round++) {
      let got = '';
      try {
        for (let k = 0; k + 1 < c.cuts.length; k++) {
          const last = k + 2 === c.cuts.length;
          const piece = asBufferSource(sourceRandom, c.bytes.subarray(c.cuts[k], c.cuts[k + 1]));
          got += last ? decoder.decode(piece) : decoder.decode(piece, { stream: true });
        }
        if (c.cuts.length === 1) got += decoder.decode();
      } catch (error) {
        if (!(error instanceof TypeError) || want !== false) throw error;
        got = false;
      }
      if (got !== want) {
        failures++;
        assert.fail(`case ${c.i} (seed ${SEED}), ${c.name} ${JSON.stringify({ fatal: c.fatal, ignoreBOM: c.ignoreBOM, cuts: c.cuts, round })}: bytes ${Buffer.from(c.bytes).toString('hex')}\n got  ${got === false ? 'TypeError' : codePoints(got)}\n want ${want === false ? 'TypeError' : codePoints(want)}`);
      }
    }
  }
  assert.equal(failures, 0);
});

test(`TextEncoder: ${CASES} seeded encode and encodeInto cases (seed ${SEED}) against the spec model`, () => {
  const random = prng(SEED + 2);
  const encoder = new TextEncoder();
  for (let i = 0; i < CASES; i++) {
    const length = random() < 0.9 ? Math.floor(random() * 40) : Math.floor(random() * 2000);
    const string = randomUnits(random, length);
    assert.deepEqual([...encoder.encode(string)], referenceEncode(string), `case ${i}: ${codePoints(string)}`);
    const room = Math.floor(random() * (3 * string.length + 4));
    const offset = Math.floor(random() * 4);
    const backing = new Uint8Array(room + offset + 4).fill(0xa5);
    const destination = backing.subarray(offset, offset + room);
    const want = referenceEncodeInto(string, room);
    const got = encoder.encodeInto(string, destination);
    assert.deepEqual(got, { read: want.read, written: want.written }, `case ${i}: room ${room}, ${codePoints(string)}`);
    assert.deepEqual([...destination.subarray(0, got.written)], want.bytes);
    // Nothing written outside the destination's bytes.
    assert.ok(backing.subarray(0, offset).every((b) => b === 0xa5) && backing.subarray(offset + room).every((b) => b === 0xa5));
  }
});
