// The build without WebAssembly decodes the common case with JavaScript loops
// (js/no-wasm/fast-decode.js) and hands everything else to the Rust core; its
// output must be exactly the core's alone. Differential: the same inputs go
// through text-encoding-wasm/js in `node --jitless` (no WebAssembly: the
// loops run as they do in Hermes and QuickJS) and through the wasm build here
// (the Rust core with no JS loop; tested against encoding_rs in the Rust
// suite). Inputs: every 1- and 2-byte input of the encodings with pair loops,
// random inputs biased towards each encoding's lead/trail and error bytes,
// long inputs crossing the loops' 16 KiB windows, odd byte offsets (the
// UTF-16LE loop reads the input's own units when aligned), each decoded whole
// and split at random points with { stream: true }, in replacement and fatal mode.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import test from 'node:test';
import { loadPackage, prng, runNode } from './helpers.mjs';

const api = await loadPackage();
const SEED = Number(process.env.TEW_SEED || 20261125);
/** The encodings with a pair or byte loop, then the rest (their decode goes straight to the core, which must still hold). */
const LOOPED = ['utf-8', 'utf-16le', 'shift_jis', 'euc-jp', 'gbk', 'gb18030', 'big5', 'euc-kr', 'windows-1252', 'iso-8859-8', 'koi8-u', 'windows-874', 'x-user-defined'];
const OTHERS = ['iso-2022-jp', 'utf-16be', 'ibm866', 'iso-8859-2', 'iso-8859-6', 'macintosh', 'x-mac-cyrillic', 'windows-1255'];
const INTERESTING = [0x00, 0x1b, 0x24, 0x28, 0x30, 0x39, 0x40, 0x41, 0x5c, 0x7e, 0x7f, 0x80, 0x81, 0x8e, 0x8f, 0x9f, 0xa0, 0xa1, 0xc2, 0xd8, 0xdb, 0xdc, 0xdf, 0xe0, 0xed, 0xef, 0xf0, 0xf4, 0xf5, 0xfc, 0xfd, 0xfe, 0xff];

/** Bytes shaped for `label`: mostly valid-looking lead/trail pairs, with ASCII and error bytes mixed in. */
function shapedBytes(random, label, length) {
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i++) {
    const r = random();
    if (r < 0.25) out[i] = 0x20 + Math.floor(random() * 0x5f);
    else if (r < 0.35) out[i] = INTERESTING[Math.floor(random() * INTERESTING.length)];
    else if (label === 'utf-8' && i + 3 < length && r < 0.9) {
      // A scalar value's bytes, sometimes broken by the random bytes around it.
      const cp = random() < 0.5 ? 0x80 + Math.floor(random() * 0x780) : random() < 0.8 ? 0x800 + Math.floor(random() * 0xf800) : 0x10000 + Math.floor(random() * 0x100000);
      const s = Buffer.from(String.fromCodePoint(cp), 'utf8');
      for (const b of s) if (i < length) out[i++] = b;
      i--;
    } else if (label === 'utf-16le' && i + 1 < length && r < 0.9) {
      const unit = random() < 0.1 ? 0xd800 + Math.floor(random() * 0x800) : Math.floor(random() * 0x10000);
      out[i++] = unit & 0xff;
      out[i] = unit >> 8;
    } else {
      out[i] = 0x81 + Math.floor(random() * 0x7e);
    }
  }
  return out;
}

/** Cases: { label, fatal, bytes (array), offset (0/1: where the view starts in its buffer), splits (ascending cut points, empty: one call) }. */
function makeCases() {
  const random = prng(SEED);
  const cases = [];
  const split = (length) => {
    if (random() < 0.4) return [];
    const cuts = [];
    for (let at = 0; at < length; ) {
      at += random() < 0.3 ? Math.floor(random() * 3) : 1 + Math.floor(random() * Math.max(1, length / 3));
      if (at < length) cuts.push(at);
    }
    return cuts;
  };
  for (const label of [...LOOPED, ...OTHERS]) {
    for (const fatal of [false, true]) {
      const lengths = [];
      for (let i = 0; i < 120; i++) lengths.push(Math.floor(random() * 400));
      for (let i = 0; i < (LOOPED.includes(label) ? 3 : 1); i++) lengths.push(16384 + Math.floor(random() * 40000));
      for (const length of lengths) {
        const bytes = random() < 0.2 ? Array.from({ length }, () => Math.floor(random() * 256)) : Array.from(shapedBytes(random, label, length));
        cases.push({ label, fatal, bytes, offset: random() < 0.5 ? 1 : 0, splits: length > 5000 && random() < 0.5 ? [] : split(length) });
      }
    }
  }
  // UTF-8's ASCII scan (js/no-wasm/ascii-scan.js under --jitless): long ASCII
  // with one non-ASCII byte (or a 0x00 byte, which the scan's clamped copy
  // cannot tell from one) at the edges of its 16-byte head and 16 KiB chunks.
  const edges = [0, 15, 16, 17, 63, 64, 65, 16383, 16384, 16385, 16399, 16400, 16401, 32783, 32784, 32785];
  for (const length of [16, 64, 65, 66, 80, 16400, 16401, 33000]) {
    for (const at of edges.filter((k) => k < length)) {
      for (const odd of [0xc3, 0x80, 0x00]) {
        const bytes = Array.from({ length }, (_, k) => 0x20 + ((k * 7) % 0x5f));
        bytes[at] = odd;
        // And a 0x00 byte before it, sometimes: the scan goes on past it.
        if (random() < 0.5 && at > 0) bytes[Math.floor(random() * at)] = 0;
        cases.push({ label: 'utf-8', fatal: random() < 0.3, bytes, offset: Math.floor(random() * 4), splits: [] });
      }
    }
  }
  return cases;
}

/** Runs the cases with `TextDecoder`; the same function runs in the child (as source text). */
function runCases(TextDecoder, cases) {
  const results = [];
  for (const c of cases) {
    const buffer = new Uint8Array(c.bytes.length + c.offset);
    buffer.set(c.bytes, c.offset);
    const input = buffer.subarray(c.offset);
    const decoder = new TextDecoder(c.label, { fatal: c.fatal });
    let text = '';
    try {
      if (c.splits.length === 0) {
        text = decoder.decode(input);
      } else {
        let at = 0;
        for (const cut of c.splits) {
          text += decoder.decode(input.subarray(at, cut), { stream: true });
          at = cut;
        }
        text += decoder.decode(input.subarray(at));
      }
    } catch (error) {
      text += `<${error.name}>`;
    }
    results.push(text);
  }
  return results;
}

/** Every 1- and 2-byte input of `label`, decoded one by one in both modes: one string per input. */
function allShortInputs(TextDecoder, label) {
  const out = [];
  const lenient = new TextDecoder(label);
  const fatal = new TextDecoder(label, { fatal: true });
  const one = (bytes) => {
    let f;
    try {
      f = fatal.decode(bytes);
    } catch (error) {
      f = `<${error.name}>`;
    }
    out.push(`${lenient.decode(bytes)}|${f}`);
  };
  for (let a = 0; a < 256; a++) one(new Uint8Array([a]));
  for (let a = 0; a < 256; a++) for (let b = 0; b < 256; b++) one(new Uint8Array([a, b]));
  return out;
}

const SHORT = ['utf-8', 'utf-16le', 'shift_jis', 'euc-jp', 'gbk', 'gb18030', 'big5', 'euc-kr', 'windows-1252', 'x-user-defined'];

test('the no-wasm build (JS loops + core, node --jitless) decodes exactly as the wasm build (core alone)', () => {
  assert.equal(api.backend(), 'wasm');
  const cases = makeCases();
  const dir = mkdtempSync(`${tmpdir()}/tew-no-wasm-diff-`);
  try {
    writeFileSync(`${dir}/cases.json`, JSON.stringify({ cases, short: SHORT }));
    const child = runNode(
      `import { readFileSync, writeFileSync } from 'node:fs';
       delete globalThis.TextDecoder; delete globalThis.TextEncoder;
       const { TextDecoder, backend } = await import('text-encoding-wasm/js');
       const { cases, short } = JSON.parse(readFileSync(${JSON.stringify(`${dir}/cases.json`)}, 'utf8'));
       ${runCases.toString()}
       ${allShortInputs.toString()}
       const shortResults = {};
       for (const label of short) shortResults[label] = allShortInputs(TextDecoder, label);
       writeFileSync(${JSON.stringify(`${dir}/results.json`)}, JSON.stringify({ backend: backend(), webAssembly: typeof WebAssembly, results: runCases(TextDecoder, cases), shortResults }));
       console.log(JSON.stringify('done'));`,
      { args: ['--jitless'], timeout: 900_000 },
    );
    assert.equal(child.status, 0, child.stderr);
    const got = JSON.parse(readFileSync(`${dir}/results.json`, 'utf8'));
    assert.equal(got.webAssembly, 'undefined', 'node --jitless has no WebAssembly');
    assert.equal(got.backend, 'js');
    const expected = runCases(api.TextDecoder, cases);
    assert.equal(got.results.length, cases.length);
    for (let i = 0; i < cases.length; i++) {
      if (got.results[i] !== expected[i]) {
        const c = cases[i];
        assert.fail(`${c.label} fatal=${c.fatal} offset=${c.offset} splits=${JSON.stringify(c.splits).slice(0, 200)} bytes=${Buffer.from(c.bytes).toString('hex').slice(0, 400)}: no-wasm ${JSON.stringify(got.results[i]).slice(0, 300)} vs wasm ${JSON.stringify(expected[i]).slice(0, 300)}`);
      }
    }
    for (const label of SHORT) {
      const want = allShortInputs(api.TextDecoder, label);
      const have = got.shortResults[label];
      assert.equal(have.length, 256 + 65536);
      for (let i = 0; i < want.length; i++) {
        if (have[i] !== want[i]) {
          const bytes = i < 256 ? [i] : [(i - 256) >> 8, (i - 256) & 0xff];
          assert.fail(`${label} ${Buffer.from(bytes).toString('hex')}: no-wasm ${JSON.stringify(have[i])} vs wasm ${JSON.stringify(want[i])}`);
        }
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

// The runtime's `has` (which encodings the module decodes) is the core's
// answer written into the translation at build time (tools/build-no-wasm.mjs),
// so that a TextDecoder's constructor calls no core function at start-up: it
// must be what the translated core itself answers (js/runtime.js asks it by
// decoding nothing), for the full module and for a family's, which leaves
// most encodings out.
for (const module of ['full', 'japanese']) {
  test(`the ${module} translation's has() is its core's own answer for every encoding`, async () => {
    const { createRuntime } = await import('../../js/runtime.js');
    const { LABELS } = await import('../../js/encoding-labels.js');
    const { default: instantiate } = await import(new URL(`../../build/wasm/${module}/no-wasm.js`, import.meta.url));
    const exports = instantiate();
    const shipped = createRuntime(exports);
    const core = createRuntime({ ...exports, wrapRuntime: undefined });
    const got = LABELS.map((_, index) => shipped.has(index));
    const want = LABELS.map((_, index) => core.has(index));
    assert.deepEqual(got, want);
    // And independently of the core: the encodings of the spec's table (encodings.json, in its
    // order, which is the index order) that the module's set has (tools/entries.mjs), plus UTF-8
    // (decoded in JavaScript in every build) and replacement (no table: every module has it).
    const { FAMILIES } = await import('../../tools/entries.mjs');
    const table = JSON.parse(readFileSync(new URL('../../data/whatwg-index/encodings.json', import.meta.url), 'utf8'));
    const names = table.flatMap((group) => group.encodings.map((e) => e.name));
    const family = module === 'full' ? names : ['UTF-8', 'replacement', ...FAMILIES[module].split(', ')];
    assert.deepEqual(names.filter((_, index) => got[index]), names.filter((name) => family.includes(name)));
  });
}
