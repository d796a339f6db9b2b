// With the runtime's own TextDecoder present when the package loads, js/runtime.js
// turns decoded units (≥ 64 of them) into strings with it ('utf-16le',
// ignoreBOM) once a self-test (run at the first such string, never at load) passes; without one, or with one that fails the
// self-test, with String.fromCharCode. Every way must give the same strings.
// Each scenario loads a fresh copy of the module (a distinct URL query).
import assert from 'node:assert/strict';
import test from 'node:test';
import { NATIVE, prng, resolveInProject } from './helpers.mjs';
import { randomUtf8ishBytes, referenceUtf8Decode } from './utf8-reference.mjs';

const url = await resolveInProject('text-encoding-wasm');
let copies = 0;

/** Imports a new copy of the package with globalThis.TextDecoder set to `Decoder` (undefined: deleted) meanwhile. */
async function loadWith(Decoder) {
  const saved = globalThis.TextDecoder;
  if (Decoder === undefined) delete globalThis.TextDecoder;
  else globalThis.TextDecoder = Decoder;
  try {
    return await import(`${url}?copy=${++copies}`);
  } finally {
    globalThis.TextDecoder = saved;
  }
}

/** Node's class, counting the utf-16le decode calls. */
function counting() {
  const calls = { utf16: 0 };
  class Counting extends NATIVE.TextDecoder {
    decode(input, options) {
      if (this.encoding === 'utf-16le') calls.utf16++;
      return super.decode(input, options);
    }
  }
  return { Counting, calls };
}

/** Inputs whose decoded text starts with U+FEFF, is long, short, has every kind of unit. */
function inputs() {
  const E = (s) => new NATIVE.TextEncoder().encode(s);
  const random = prng(0x5eed05);
  const list = [
    ['utf-8', E('\ufeff' + 'aé€😀'.repeat(40))],
    ['utf-8', E('\ufeff\ufeff' + 'x'.repeat(100))],
    ['utf-8', E('é'.repeat(31))], // 62 bytes
    ['utf-8', E('é'.repeat(40) + '\ud7ff\ue000\uffff\u{10ffff}')],
    ['utf-16le', new Uint8Array([0xff, 0xfe, 0x3d, 0xd8, 0x00, 0xde, 0x00, 0xd8, 0x41, 0x00, ...new Array(200).fill(0x20)])],
    ['utf-16be', new Uint8Array([0xfe, 0xff, 0xd8, 0x3d, 0xde, 0x00, ...new Array(200).fill(0x20)])],
    ['shift_jis', new Uint8Array(Array.from({ length: 300 }, (_, i) => [0x82, 0xa0, 0x41, 0xff][i % 4]))],
    ['windows-1252', new Uint8Array(Array.from({ length: 256 }, (_, i) => i))],
  ];
  for (let n = 0; n < 300; n++) list.push(['utf-8', randomUtf8ishBytes(random, 60 + Math.floor(random() * 300))]);
  // UTF-8 is decoded in JavaScript (js/utf8-codec.js), not by the module, so
  // its strings are not the runtime decoder's business: the module's encodings
  // (random bytes, errors included) are what exercise it.
  for (const label of ['windows-1252', 'shift_jis', 'gbk', 'utf-16le', 'euc-kr']) {
    for (let n = 0; n < 40; n++) list.push([label, Uint8Array.from({ length: 64 + Math.floor(random() * 300) }, () => Math.floor(random() * 256))]);
  }
  list.push(['utf-8', randomUtf8ishBytes(random, 1 << 20)]); // several windows
  return list;
}

/** Decodes every input with every option set; returns the results. */
function decodeAll(pkg) {
  const out = [];
  for (const [label, bytes] of inputs()) {
    for (const ignoreBOM of [false, true]) {
      for (const fatal of [false, true]) {
        try {
          out.push(new pkg.TextDecoder(label, { fatal, ignoreBOM }).decode(bytes));
        } catch (e) {
          out.push(`${e.name}`);
        }
      }
      // Streaming in two parts: the BOM rule and the state across calls.
      const d = new pkg.TextDecoder(label, { ignoreBOM });
      const cut = bytes.length >> 1;
      out.push(d.decode(bytes.subarray(0, cut), { stream: true }) + d.decode(bytes.subarray(cut)));
    }
  }
  return out;
}

test('a runtime TextDecoder that passes the self-test builds the strings; results equal the fromCharCode path and the spec', async () => {
  const { Counting, calls } = counting();
  const withNative = await loadWith(Counting);
  assert.equal(calls.utf16, 0, 'not used while loading');
  new withNative.TextDecoder('windows-1252').decode(new Uint8Array(20));
  assert.equal(calls.utf16, 0, 'nor for short strings');
  new withNative.TextDecoder('windows-1252').decode(new Uint8Array(100));
  assert.equal(calls.utf16, 2, 'the self-test, then the string');
  const selfTest = calls.utf16;
  const without = await loadWith(undefined);
  const a = decodeAll(withNative);
  assert.ok(calls.utf16 > selfTest + 100, `the runtime's decoder was used ${calls.utf16 - selfTest} times`);
  const b = decodeAll(without);
  assert.equal(a.length, b.length);
  for (let i = 0; i < a.length; i++) assert.equal(a[i], b[i], `result ${i}`);
  // And against the spec's UTF-8 decoder (replacement mode, BOM stripped).
  const input = inputs().at(-1)[1];
  assert.equal(new withNative.TextDecoder().decode(input), referenceUtf8Decode(input, false).replace(/^\ufeff/, ''));
});

test('a runtime TextDecoder that fails the self-test is not used (here: one that drops a leading U+FEFF, or that throws)', async () => {
  const calls = { utf16: 0 };
  class StripsBom extends NATIVE.TextDecoder {
    constructor(label, options) {
      super(label, { ...options, ignoreBOM: false });
    }
    decode(input, options) {
      if (this.encoding === 'utf-16le') calls.utf16++;
      return super.decode(input, options);
    }
  }
  class Throws {
    constructor() {
      throw new RangeError('no utf-16le here');
    }
  }
  const stripsBom = await loadWith(StripsBom);
  new stripsBom.TextDecoder('windows-1252').decode(new Uint8Array(100));
  assert.equal(calls.utf16, 1, 'the self-test ran');
  const throws = await loadWith(Throws);
  const without = await loadWith(undefined);
  const a = decodeAll(stripsBom);
  assert.equal(calls.utf16, 1, 'never used after failing the self-test');
  const b = decodeAll(throws);
  const c = decodeAll(without);
  for (let i = 0; i < a.length; i++) {
    assert.equal(a[i], c[i], `result ${i}`);
    assert.equal(b[i], c[i], `result ${i}`);
  }
});

test('the polyfill installed over a present native still decodes through its captured native strings correctly', async () => {
  // Our class replaces the global after the runtime captured Node's: the
  // captured one must be Node's (the self-test would pass with ours too, but
  // it would be pointless); here only the results are observable.
  const pkg = await loadWith(NATIVE.TextDecoder);
  const saved = globalThis.TextDecoder;
  const savedEncoder = globalThis.TextEncoder;
  try {
    pkg.install(globalThis, { force: true });
    assert.equal(globalThis.TextDecoder, pkg.TextDecoder);
    const bytes = new NATIVE.TextEncoder().encode('\ufeff' + 'é€😀'.repeat(100));
    assert.equal(new globalThis.TextDecoder().decode(bytes), 'é€😀'.repeat(100));
    assert.equal(new globalThis.TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes), '\ufeff' + 'é€😀'.repeat(100));
  } finally {
    globalThis.TextDecoder = saved;
    globalThis.TextEncoder = savedEncoder;
  }
});
