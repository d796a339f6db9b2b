// UTF-16LE decoded as the input's own units (js/utf16-codec.js,
// wellFormedPrefix: fromCharCode over chunks of 8,192 units (interpreters:
// Uint16Array subarrays) or 1,024 (JIT engines: copies in a plain array),
// each checked for lone surrogates by isWellFormed, or, where the engine has
// none, up to the first one a loop finds), with the spec's
// steps (or the module, in the wasm build) from the first chunk that has a
// lone surrogate. Long inputs with a lead at a chunk's end, pairs across
// chunks, lone surrogates in each chunk and at the very end, odd lengths and
// odd byte offsets, whole and streamed, both modes, in the three builds;
// then the same with isWellFormed deleted before loading (Hermes 0.12 has
// none). Oracle: encoding_rs (replacement mode); fatal mode must throw
// exactly when that output has a U+FFFD the input's units do not.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import test from 'node:test';
import { encodingRsOracle, loadPackage, prng, runNode } from './helpers.mjs';

const ORACLE = encodingRsOracle();
const CHUNK = 8192;
/** The chunk of the plain-array form (JIT engines); CHUNK is a multiple of it. */
const PLAIN_CHUNK = 1024;

function oracleDecode(bytes) {
  const header = Buffer.alloc(4);
  header.writeUInt32LE(bytes.length);
  const r = spawnSync(ORACLE, ['utf-16le', 'decode-batch'], { input: Buffer.concat([header, Buffer.from(bytes)]), maxBuffer: 1 << 30 });
  if (r.status !== 0) throw new Error(`oracle: ${r.stderr}`);
  return r.stdout.subarray(4).toString('utf16le');
}

/** Inputs: { name, bytes } (units little-endian; some with an odd byte at the end). */
function cases() {
  const random = prng(0x5eed16);
  const out = [];
  const unitsOf = (count, edit) => {
    const units = new Uint16Array(count);
    for (let i = 0; i < count; i++) {
      const r = random();
      units[i] = r < 0.5 ? 0x20 + Math.floor(random() * 95) : r < 0.8 ? 0x4e00 + Math.floor(random() * 0x5000) : 0xe000 + Math.floor(random() * 0x1ffe);
    }
    // Valid pairs here and there.
    for (let i = 0; i + 1 < count; i += 97) {
      units[i] = 0xd800 + Math.floor(random() * 0x400);
      units[i + 1] = 0xdc00 + Math.floor(random() * 0x400);
    }
    edit(units);
    return units;
  };
  const count = 2 * CHUNK + 300;
  const put = (at, ...values) => (units) => values.forEach((v, k) => { if (at + k < units.length) units[at + k] = v; });
  const variants = {
    'well-formed': () => {},
    'pair across the first chunk end': put(CHUNK - 1, 0xd83d, 0xde00),
    'lead as the last unit': put(count - 1, 0xd83d),
    'lone lead in chunk 1': put(100, 0xd800, 0x41),
    'lone trail at a chunk end': put(CHUNK - 1, 0x41, 0xdc00),
    'lone trail in chunk 2': put(CHUNK + 5, 0x41, 0xdfff, 0x42),
    'lone lead in chunk 3': put(2 * CHUNK + 10, 0xdbff, 0xdbff, 0x41),
    'lead then lead across a chunk end': put(CHUNK - 1, 0xd800, 0xd801, 0xdc01),
    'lead before a unit above the surrogates': put(CHUNK + 50, 0xdbff, 0xe000),
    'pair across a plain chunk end': put(PLAIN_CHUNK - 1, 0xd83d, 0xde00),
    'lone trail at a plain chunk end': put(3 * PLAIN_CHUNK - 1, 0x41, 0xdc00),
    'lone lead as a plain chunk\'s first unit': put(5 * PLAIN_CHUNK, 0xd800, 0x41),
    'lead at a plain chunk end, lone trail after it': put(2 * PLAIN_CHUNK - 1, 0xd800, 0xd800, 0xdc00, 0xdc00),
  };
  for (const [name, edit] of Object.entries(variants)) {
    const units = unitsOf(count, edit);
    const bytes = new Uint8Array(units.buffer);
    out.push({ name, bytes });
    out.push({ name: `${name}, odd byte at the end`, bytes: Uint8Array.from([...bytes, 0x41]) });
  }
  return out;
}

/** Every way the test decodes one input with `TextDecoder`: [description, text or 'TypeError'] pairs. */
function decodeAll(TextDecoder, bytes) {
  const results = [];
  for (const offset of [0, 1]) {
    const backing = new Uint8Array(bytes.length + offset);
    backing.set(bytes, offset);
    const view = backing.subarray(offset);
    for (const fatal of [false, true]) {
      const attempt = (f) => {
        try {
          return f();
        } catch (e) {
          if (!(e instanceof TypeError)) throw e;
          return 'TypeError';
        }
      };
      results.push([`offset ${offset}, fatal ${fatal}, whole`, attempt(() => new TextDecoder('utf-16le', { fatal, ignoreBOM: true }).decode(view))]);
      for (const cut of [1, CHUNK * 2 - 1, CHUNK * 2 + 1, bytes.length - 3]) {
        results.push([`offset ${offset}, fatal ${fatal}, streamed at ${cut}`, attempt(() => {
          const d = new TextDecoder('utf-16le', { fatal, ignoreBOM: true });
          return d.decode(view.subarray(0, cut), { stream: true }) + d.decode(view.subarray(cut));
        })]);
      }
    }
  }
  return results;
}

function check(name, bytes, results) {
  const replaced = oracleDecode(bytes);
  // Where the input's own units (read as UTF-16LE by Node, which keeps lone surrogates) differ from the oracle's output, there was an error.
  const raw = Buffer.from(bytes.subarray(0, bytes.length & ~1)).toString('utf16le');
  const hasError = (bytes.length & 1) === 1 || raw !== replaced;
  for (const [how, got] of results) {
    const want = how.includes('fatal true') && hasError ? 'TypeError' : replaced;
    assert.ok(got === want, `${name}, ${how}: ${got === 'TypeError' ? got : `${got.length} units`} vs ${want === 'TypeError' ? want : `${want.length} units`}`);
  }
}

const inputs = cases();

for (const entry of ['text-encoding-wasm', 'text-encoding-wasm/js', 'text-encoding-wasm/utf8']) {
  test(`${entry}: long UTF-16LE, chunk ends, lone surrogates in each chunk, odd offsets and lengths, streamed: as encoding_rs`, async () => {
    const { TextDecoder } = await loadPackage(entry);
    for (const { name, bytes } of inputs) check(name, bytes, decodeAll(TextDecoder, bytes));
  });
}

for (const entry of ['text-encoding-wasm', 'text-encoding-wasm/js']) {
  test(`${entry} without String.prototype.isWellFormed (a loop finds the first lone surrogate): as encoding_rs`, () => {
    const dir = mkdtempSync(`${tmpdir()}/tew-utf16-`);
    const file = `${dir}/inputs.json`;
    writeFileSync(file, JSON.stringify(inputs.map(({ name, bytes }) => [name, Buffer.from(bytes).toString('base64')])));
    const code = `
      delete String.prototype.isWellFormed;
      delete globalThis.TextDecoder;
      delete globalThis.TextEncoder;
      const { TextDecoder } = await import('${entry}');
      const inputs = JSON.parse((await import('node:fs')).readFileSync(${JSON.stringify(file)}, 'utf8'));
      ${decodeAll.toString()}
      const CHUNK = ${CHUNK};
      console.log(JSON.stringify(inputs.map(([name, b64]) => decodeAll(TextDecoder, new Uint8Array(Buffer.from(b64, 'base64'))))));
    `;
    const r = runNode(code, { timeout: 120_000 });
    rmSync(dir, { recursive: true, force: true });
    assert.equal(r.status, 0, r.stderr.slice(0, 2000));
    inputs.forEach(({ name, bytes }, i) => check(name, bytes, r.result[i]));
  });
}
