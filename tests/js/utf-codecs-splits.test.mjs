// The JavaScript UTF-8 decoder (js/utf8-codec.js) at every split point of
// every short sequence, against encoding_rs (examples/encoding_rs_oracle.rs).
// Sequences: each interesting lead byte alone and followed by 1-3 bytes drawn
// from the boundaries of §8.1.1 (80, 8F, 90, 9F, A0, BF and bytes that are no
// continuation), between ASCII bytes, so the byte after an error is read
// again as a lead. Each is decoded whole, split in two at every point and fed
// a byte at a time with { stream: true }, in replacement mode (the oracle's
// output) and fatal mode (a TypeError exactly when the oracle's output does
// not encode back to the input), by the wasm build (plain-array strings) and
// the build without WebAssembly (typed-array strings, decodeURIComponent).
// The same for the JavaScript UTF-16BE/LE decoder (js/utf16-codec.js): every
// 1-6 byte input over bytes that make lead and trail surrogates, odd lengths
// and units that end a pair, at every split point.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import test from 'node:test';
import { encodingRsOracle, loadPackage, runNode, standardEncodings } from './helpers.mjs';

const ORACLE = encodingRsOracle();

const wasmBuild = await loadPackage('text-encoding-wasm');
const jsBuild = await loadPackage('text-encoding-wasm/js');
const utfOnly = await loadPackage('text-encoding-wasm/utf8');

const LEADS = [0x00, 0x7f, 0x80, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xe1, 0xec, 0xed, 0xee, 0xef, 0xf0, 0xf1, 0xf3, 0xf4, 0xf5, 0xff];
const NEXT = [0x41, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xc2, 0xe0, 0xf0, 0xff];

function sequences() {
  const out = [];
  for (const lead of LEADS) {
    out.push([lead]);
    for (const a of NEXT) {
      out.push([lead, a]);
      for (const b of NEXT) {
        out.push([lead, a, b]);
        for (const c of NEXT) out.push([lead, a, b, c]);
      }
    }
  }
  // Between ASCII: 'x' before, 'y' after (the byte after an error starts again).
  return out.map((s) => Uint8Array.from([0x78, ...s, 0x79]));
}

function oracleDecodeBatch(inputs, label = 'utf-8') {
  const parts = [];
  for (const bytes of inputs) {
    const header = Buffer.alloc(4);
    header.writeUInt32LE(bytes.length);
    parts.push(header, Buffer.from(bytes));
  }
  const r = spawnSync(ORACLE, [label, 'decode-batch'], { input: Buffer.concat(parts), maxBuffer: 1 << 30 });
  if (r.status !== 0) throw new Error(`oracle: ${r.stderr}`);
  const out = [];
  for (let at = 0; at < r.stdout.length; ) {
    const units = r.stdout.readUInt32LE(at);
    out.push(r.stdout.subarray(at + 4, at + 4 + 2 * units).toString('utf16le'));
    at += 4 + 2 * units;
  }
  return out;
}

/** Decodes `chunks` with one decoder (stream: true, then a flush); the text, or 'TypeError'. */
function decodeChunks(api, fatal, chunks, label = 'utf-8') {
  const decoder = new api.TextDecoder(label, { fatal, ignoreBOM: true });
  let text = '';
  try {
    for (const chunk of chunks) text += decoder.decode(chunk, { stream: true });
    return text + decoder.decode();
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    return 'TypeError';
  }
}

/** The ways a sequence is fed: whole, split in two at every point, a byte at a time. */
function feeds(bytes) {
  const out = [[bytes]];
  for (let k = 0; k <= bytes.length; k++) out.push([bytes.subarray(0, k), bytes.subarray(k)]);
  out.push(Array.from(bytes, (_, i) => bytes.subarray(i, i + 1)));
  return out;
}

const inputs = sequences();
const expected = oracleDecodeBatch(inputs);

for (const [name, api] of [['wasm build', wasmBuild], ['no-wasm build', jsBuild]]) {
  test(`${name}: ${inputs.length} sequences of 1-4 bytes at every split point, both modes, match encoding_rs`, () => {
    let checked = 0;
    for (let n = 0; n < inputs.length; n++) {
      const bytes = inputs[n];
      const replaced = expected[n];
      const valid = Buffer.from(replaced, 'utf8').equals(Buffer.from(bytes));
      for (const chunks of feeds(bytes)) {
        const got = decodeChunks(api, false, chunks);
        if (got !== replaced) assert.fail(`[${[...bytes].map((b) => b.toString(16))}] split ${chunks.map((c) => c.length)}: ${JSON.stringify(got)} !== ${JSON.stringify(replaced)}`);
        const fatal = decodeChunks(api, true, chunks);
        if (fatal !== (valid ? replaced : 'TypeError')) assert.fail(`fatal [${[...bytes].map((b) => b.toString(16))}] split ${chunks.map((c) => c.length)}: ${JSON.stringify(fatal)}`);
        checked += 2;
      }
    }
    assert.ok(checked > 500000, `${checked} decodes`);
  });
}

/** UTF-16 inputs: every string of 1-6 bytes over a few values, as the high and low byte of units. */
function utf16Inputs() {
  const values = [0x00, 0x41, 0xd8, 0xdb, 0xdc, 0xdf];
  const out = [];
  const grow = (prefix) => {
    if (prefix.length > 0) out.push(Uint8Array.from(prefix));
    if (prefix.length < 6) for (const v of values) grow([...prefix, v]);
  };
  grow([]);
  return out;
}

for (const label of ['utf-16le', 'utf-16be']) {
  const sixteen = utf16Inputs();
  const expected16 = oracleDecodeBatch(sixteen, label);
  for (const [name, api] of [['wasm build', wasmBuild], ['no-wasm build', jsBuild]]) {
    test(`${name}: ${label}, ${sixteen.length} inputs of 1-6 bytes at every split point, both modes, match encoding_rs`, () => {
      for (let n = 0; n < sixteen.length; n++) {
        const bytes = sixteen[n];
        const replaced = expected16[n];
        // Valid exactly when no U+FFFD came out (no input here encodes U+FFFD itself).
        const valid = !replaced.includes('\ufffd');
        for (const chunks of feeds(bytes)) {
          const got = decodeChunks(api, false, chunks, label);
          if (got !== replaced) assert.fail(`${label} [${[...bytes].map((b) => b.toString(16))}] split ${chunks.map((c) => c.length)}: ${JSON.stringify(got)} !== ${JSON.stringify(replaced)}`);
          const fatal = decodeChunks(api, true, chunks, label);
          if (fatal !== (valid ? replaced : 'TypeError')) assert.fail(`fatal ${label} [${[...bytes].map((b) => b.toString(16))}] split ${chunks.map((c) => c.length)}: ${JSON.stringify(fatal)}`);
        }
      }
    });
  }
}

// Hermes 0.12 has no String.prototype.isWellFormed: there the no-wasm build
// looks for the first lone surrogate of a whole UTF-16LE input itself
// (js/utf16-codec.js), a branch no other Node test reaches. The same inputs,
// decoded whole in a process where isWellFormed was deleted before the
// package loaded. (A regular expression in place of that loop was tried and
// measured slower in Hermes bytecode: 4.48 against 2.66 ms per 256 KiB.)
test('no-wasm build without String.prototype.isWellFormed (as in Hermes 0.12): utf-16le inputs decoded whole, both modes, match encoding_rs', () => {
  const sixteen = utf16Inputs();
  const expected16 = oracleDecodeBatch(sixteen, 'utf-16le');
  const code = `
    delete String.prototype.isWellFormed;
    for (const k of ['TextDecoder', 'TextEncoder', 'TextDecoderStream', 'TextEncoderStream', 'Buffer']) delete globalThis[k];
    const { TextDecoder } = await import('text-encoding-wasm/js');
    ${utf16Inputs.toString()}
    const out = [];
    for (const u8 of utf16Inputs()) {
      const replaced = new TextDecoder('utf-16le').decode(u8);
      let fatal;
      try { fatal = new TextDecoder('utf-16le', { fatal: true }).decode(u8); } catch (e) { fatal = e.name; }
      out.push([replaced, fatal]);
    }
    console.log(JSON.stringify({ noIsWellFormed: typeof ''.isWellFormed === 'undefined', out }));`;
  const run = runNode(code);
  assert.equal(run.status, 0, run.stderr);
  const result = run.result;
  assert.equal(result.noIsWellFormed, true);
  assert.equal(result.out.length, sixteen.length);
  for (let n = 0; n < sixteen.length; n++) {
    const replaced = expected16[n];
    const valid = !replaced.includes('\ufffd');
    assert.equal(result.out[n][0], replaced, `[${[...sixteen[n]].map((b) => b.toString(16))}]`);
    assert.equal(result.out[n][1], valid ? replaced : 'TypeError', `fatal [${[...sixteen[n]].map((b) => b.toString(16))}]`);
  }
});

// Where WebAssembly is missing (node --jitless: the typed mode of /js/utf8),
// the UTF-8 decoder hands what it can to the engine's decodeURIComponent,
// but only after probing that it is the strict decoder ECMAScript asks for
// (js/utf8-codec.js uriIsStrict): a lax one must be refused, or its answers
// would replace the spec's. Each lax stand-in below is installed before the
// package loads; the decodes must still match encoding_rs.
const LAX_URI_DECODERS = {
  'never throws (invalid sequences become "X")': '(s) => { try { return real(s); } catch (_) { return "X"; } }',
  'decodes U+FFFF as U+FFFD': '(s) => real(s).replace(/\\uffff/g, "\\ufffd")',
  'decodes U+0800 as U+FFFD': '(s) => real(s).replace(/\\u0800/g, "\\ufffd")',
};
for (const [lax, stand] of Object.entries(LAX_URI_DECODERS)) {
  test(`no WebAssembly, decodeURIComponent that ${lax}: refused, the decodes still match encoding_rs`, () => {
    const inputs = [[0x41, 0xc0, 0x80, 0x42], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xe4, 0xb8], [0x78, 0xef, 0xbf, 0xbf, 0x79], [0xe0, 0xa0, 0x80], [0xc3, 0xa9, 0xf0, 0x9f, 0x98, 0x80]];
    const expected = oracleDecodeBatch(inputs.map((b) => Uint8Array.from(b)));
    const run = runNode(`
      const real = decodeURIComponent;
      globalThis.decodeURIComponent = ${stand};
      for (const k of ['TextDecoder', 'TextEncoder', 'TextDecoderStream', 'TextEncoderStream']) delete globalThis[k];
      const { TextDecoder, backend } = await import('text-encoding-wasm/js/utf8');
      const out = ${JSON.stringify(inputs)}.map((b) => new TextDecoder().decode(new Uint8Array(b)));
      console.log(JSON.stringify({ wasm: typeof WebAssembly, backend: backend(), lax: decodeURIComponent('%EF%BF%BF%E0%A0%80') !== '\\uffff\\u0800' || decodeURIComponent('%C0%80') === 'X', out }));`, { args: ['--jitless'] });
    assert.equal(run.status, 0, run.stderr);
    // The stand-in really is lax, and the run really is the typed mode's (no WebAssembly).
    assert.deepEqual([run.result.wasm, run.result.backend, run.result.lax], ['undefined', 'js', true]);
    assert.deepEqual(run.result.out, expected);
  });
}

test('js/encoding-labels.js (the UTF-only entries\' labels) is what tools/gen-labels.mjs makes from encodings.json', () => {
  const r = spawnSync(process.execPath, [new URL('../../tools/gen-labels.mjs', import.meta.url).pathname, '--check'], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
});

test('text-encoding-wasm/utf8 (no module) resolves every UTF label of encodings.json, in any ASCII case and whitespace; every other is a RangeError naming an import that has its encoding', () => {
  const utf = new Set(['UTF-8', 'UTF-16LE', 'UTF-16BE']);
  // /utf8 cannot add an encoding and knows only the UTF labels: any other
  // label's message says what /utf8 has and which imports have the rest;
  // for a label of the standard, one of those must be the import that adds
  // its encoding (/lite for the single-byte ones, the family's entry for the
  // CJK ones; the full entry for all).
  const family = { 'Legacy single-byte encodings': '/lite', 'Legacy multi-byte Chinese (simplified) encodings': '/chinese', 'Legacy multi-byte Chinese (traditional) encodings': '/big5', 'Legacy multi-byte Japanese encodings': '/japanese', 'Legacy multi-byte Korean encodings': '/korean' };
  const notUtf = /is not a label of UTF-8 or UTF-16, the only encodings text-encoding-wasm\/utf8 has; for the standard's other encodings import 'text-encoding-wasm' \(all of them\)/;
  let checked = 0;
  for (const { name, labels, heading } of standardEncodings()) {
    for (const label of labels) {
      for (const spelled of [label, ` \t${label.toUpperCase()}\n\f\r`]) {
        if (utf.has(name)) {
          assert.equal(new utfOnly.TextDecoder(spelled).encoding, name.toLowerCase(), spelled);
        } else if (name === 'replacement') {
          // The replacement encoding's labels are invalid for TextDecoder in every build: no import to name.
          assert.throws(() => new utfOnly.TextDecoder(spelled), (e) => e instanceof RangeError && /is invalid\.$/.test(e.message), spelled);
        } else {
          const adds = name === 'x-user-defined' ? '/lite' : family[heading];
          assert.ok(adds, `${name}: no import known for ${heading}`);
          assert.throws(() => new utfOnly.TextDecoder(spelled), (e) => e instanceof RangeError && e.message.includes(`('${spelled}')`) && notUtf.test(e.message) && e.message.includes(`'text-encoding-wasm${adds}'`), spelled);
        }
        checked++;
      }
    }
  }
  // Not labels: a non-ASCII case mapping (U+212A KELVIN SIGN lowercases to "k"), inner whitespace, other whitespace.
  for (const bad of ['\u212Aoi8-r', 'utf 8', '\u00a0utf-8', 'utf-8\v', '']) assert.throws(() => new utfOnly.TextDecoder(bad), RangeError, JSON.stringify(bad));
  assert.ok(checked > 400);
});
