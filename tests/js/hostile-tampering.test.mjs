// Intrinsics taken at load (issue 17, item 5): page script that replaces
// built-ins after the package is imported changes none of its results, as it
// changes none of the native classes'. Each tampering runs in a process of its
// own (it breaks the realm for everything after it), on the WebAssembly build
// and the build without it; the same calls run before and after it and must
// give the same results. (Array.prototype[Symbol.iterator] is out of scope:
// replacing it breaks Node itself.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runNode } from './helpers.mjs';

const TAMPERINGS = {
  'TypedArray.prototype.set': 'Object.getPrototypeOf(Uint8Array).prototype.set = () => {};',
  'TypedArray.prototype.subarray': 'Object.getPrototypeOf(Uint8Array).prototype.subarray = function () { return new Uint8Array(0); };',
  'TypedArray.prototype.slice': 'Object.getPrototypeOf(Uint8Array).prototype.slice = function () { return new Uint8Array(0); };',
  'String.fromCharCode': "String.fromCharCode = () => 'X';",
  'Math.min': 'Math.min = () => 0;',
  'Math.max': 'Math.max = () => 0;',
  'String.prototype.charCodeAt': 'String.prototype.charCodeAt = () => 0;',
  'Uint8Array': 'globalThis.Uint8Array = function () { throw new Error("tampered"); };',
  'Function.prototype.apply': 'Function.prototype.apply = function () { throw new Error("tampered"); };',
  'Function.prototype.call': 'Function.prototype.call = function () { throw new Error("tampered"); };',
  'WeakMap.prototype.get': 'WeakMap.prototype.get = () => undefined;',
  'WeakMap.prototype.set': 'WeakMap.prototype.set = function () { return this; };',
  // What the translated core (the build without WebAssembly) calls when it is made, at its first use (js/no-wasm/lazy-core.js).
  'Math.imul': 'Math.imul = () => 0;',
  'Math.clz32': 'Math.clz32 = () => 0;',
  'Int32Array': 'globalThis.Int32Array = function () { throw new Error("tampered"); };',
  'ArrayBuffer': 'globalThis.ArrayBuffer = function () { throw new Error("tampered"); };',
  'Object.create': 'Object.create = () => ({});',
  'String.prototype.slice': "String.prototype.slice = () => 'X';",
  'TypedArray.prototype.fill': 'Object.getPrototypeOf(Uint8Array).prototype.fill = function () { return this; };',
  // The build without WebAssembly's native ASCII scan (js/no-wasm/ascii-scan.js).
  'TypedArray.prototype.indexOf': 'Object.getPrototypeOf(Uint8Array).prototype.indexOf = () => -1;',
  Int8Array: 'globalThis.Int8Array = function () { throw new Error("tampered"); };',
  Uint8ClampedArray: 'globalThis.Uint8ClampedArray = function () { throw new Error("tampered"); };',
  // What LegacyEncoder's table, made at its first encode(), the variants' and
  // the long encode's pieces, the translated core's data segments and the
  // detector's tld hint would otherwise call.
  'Array.prototype.push': 'Array.prototype.push = function () { return 0; };',
  'Array.prototype.map': 'Array.prototype.map = function () { return []; };',
  'Map.prototype.get': 'Map.prototype.get = () => undefined;',
  'Map.prototype.has': 'Map.prototype.has = () => true;',
  'String.prototype.toLowerCase': "String.prototype.toLowerCase = () => 'x';",
  'RegExp.prototype.exec': 'RegExp.prototype.exec = () => null;',
  // How /detect and /extra reach the main entry's runtime on `ready`, read at load.
  'Symbol.for': "Symbol.for = () => Symbol('x');",
};

/** Basic calls, each answered as JSON-able data (or the error's class and message). */
const CALLS = `
const results = (m, x, d, U8) => {
  const out = [];
  // Indexed stores, not push: one tampering replaces Array.prototype.push.
  const tryIt = (f) => { let r; try { r = f(); } catch (e) { r = ['threw', e && e.constructor && e.constructor.name, String(e && e.message)]; } out[out.length] = r; };
  const bytes = (...v) => U8.of(...v);
  tryIt(() => new m.TextDecoder('windows-1252').decode(bytes(0x70, 0x61, 0x73, 0x73, 0x80, 0xe9)));
  tryIt(() => new m.TextDecoder('windows-1252').decode(bytes(0x41, 0x42)));
  tryIt(() => new m.TextDecoder().decode(bytes(...Array.from({ length: 200 }, (_, i) => 0x41 + (i % 26)), 0xc3, 0xa9, 0xf0, 0x9f, 0x98, 0x80)));
  // Long ASCII with a 0x00 byte, then a non-ASCII one past the native ASCII scan's first 16 KiB (the build without WebAssembly).
  tryIt(() => {
    const b = new U8(20000);
    for (let i = 0; i < b.length; i++) b[i] = 0x61 + (i % 26);
    b[100] = 0;
    b[17000] = 0xc3;
    b[17001] = 0xa9;
    const s = new m.TextDecoder().decode(b);
    return [s.length, s[100], s[16999], s[17000], s[17001]];
  });
  tryIt(() => new m.TextDecoder('shift_jis').decode(bytes(0x82, 0xa0, 0x41, 0x93, 0xfa)));
  // Inputs the no-WebAssembly build's loops hand to its translated core: an error, ISO-2022-JP's states.
  tryIt(() => new m.TextDecoder('shift_jis').decode(bytes(0x82, 0x41, 0x81)));
  tryIt(() => new m.TextDecoder('iso-2022-jp').decode(bytes(0x1b, 0x24, 0x42, 0x30, 0x21, 0x1b, 0x28, 0x42, 0x41)));
  // A BOM, which the decoder strips (§7.1).
  tryIt(() => new m.TextDecoder().decode(bytes(0xef, 0xbb, 0xbf, 0x41, 0x42)));
  tryIt(() => { try { new m.TextDecoder('utf-8', { fatal: true }).decode(bytes(0x41, 0xff)); return 'no error'; } catch (e) { return e.constructor === TypeError ? 'TypeError' : 'other'; } });
  tryIt(() => Array.from(new m.TextEncoder().encode('hé€😀' + 'z'.repeat(100) + 'ü')));
  tryIt(() => { const d = new U8(8); const r = new m.TextEncoder().encodeInto('añb€', d); return [r.read, r.written, Array.from(d)]; });
  tryIt(() => { const d = new m.TextDecoder('euc-kr'); return d.decode(bytes(0xb0), { stream: true }) + d.decode(bytes(0xa1)); });
  tryIt(() => Array.from(new x.LegacyEncoder('big5', { mode: 'html' }).encode('中a😀')));
  // A single-byte table (its narrow map), and an encoder that has none (stateful).
  tryIt(() => Array.from(new x.LegacyEncoder('windows-1252').encode('café €')));
  tryIt(() => { const e = new x.LegacyEncoder('ISO-2022-JP'); return [e.encoding, Array.from(e.encode('aカ中b'))]; });
  // 1996 UTF-8 (ISO/IEC 10646): a malformed sequence reported with its offset.
  tryIt(() => { const r = new x.Iso10646Utf8Decoder().decodeDetailed(bytes(0x41, 0xff, 0x42)); return [Array.from(r.values), r.malformations]; });
  // Past the encoder's one-shot size (16 MiB of worst case: 5.6 M units), the output in pieces (js/utf8-encode.js).
  tryIt(() => { const e = new m.TextEncoder().encode('é'.repeat(6e6) + '😀'); return [e.length, e[0], e[1], e[11999999], e[12000000], e[12000003]]; });
  // The detector's tld hint (lower-cased, a leading dot removed, checked).
  tryIt(() => d.detect(bytes(0x82, 0xa0, 0x82, 0xa2, 0x82, 0xa4, 0x93, 0xfa, 0x96, 0x7b), { tld: '.JP' }));
  tryIt(() => { const s = new x.Wtf8Decoder().decode(bytes(0xed, 0xa0, 0x80, 0x41)); return [s.length, s.codePointAt(0), s.codePointAt(1)]; });
  // Past 64 units: the encoder's ASCII prefix four units at a time (js/utf8-encode.js asciiQuads).
  tryIt(() => Array.from(new m.TextEncoder().encode('plain ASCII text, '.repeat(10) + 'é')));
  tryIt(() => { const d = new U8(250); const r = new m.TextEncoder().encodeInto('abcd'.repeat(60) + '€', d); return [r.read, r.written, Array.from(d)]; });
  // UTF-16LE past 1,024 units (js/utf16-codec.js: chunks copied into a plain array in JIT engines), pairs and a lone trail.
  tryIt(() => {
    const b = new U8(6000);
    for (let i = 0; i < 3000; i++) {
      const u = i % 97 === 5 ? 0xd83d : i % 97 === 6 ? 0xde00 : i === 2990 ? 0xdc00 : 0x4e00 + (i % 500);
      b[2 * i] = u & 0xff;
      b[2 * i + 1] = u >> 8;
    }
    return new m.TextDecoder('utf-16le').decode(b);
  });
  return out;
};
`;

/**
 * A process that imports the build, tampers and calls. Warm: two rounds of
 * the calls before the tampering (the first makes what is made on first use:
 * tables, scratch, the translated core), `before` the second. Cold: no call
 * before it, so that what is made on first use is made after the tampering;
 * `before` is then a process's untouched results (coldReference).
 */
function probe(build, tampering, cold = false) {
  const [main, extra] = build === 'wasm' ? ['text-encoding-wasm', 'text-encoding-wasm/extra'] : ['text-encoding-wasm/js', 'text-encoding-wasm/js/extra'];
  return `
delete globalThis.TextDecoder;
delete globalThis.TextEncoder;
const m = await import('${main}');
const x = await import('${extra}');
const d = await import('text-encoding-wasm/detect');
${CALLS}
const U8 = Uint8Array;
${cold ? 'const before = null;' : 'results(m, x, d, U8);\nconst before = results(m, x, d, U8);'}
const secret = ${cold ? 'null' : "new m.TextDecoder('windows-1252').decode(U8.from('password=hunter2, user=alice', (c) => c.charCodeAt(0)))"};
const { call, apply } = Function.prototype;
${tampering}
const after = results(m, x, d, U8);
// Node's own stdout needs these two.
Object.assign(Function.prototype, { call, apply });
process.stdout.write(JSON.stringify({ before, after, secret }) + '\\n');
`;
}

function coldReference(build) {
  const r = runNode(probe(build, '', true), { timeout: 30_000 });
  assert.equal(r.status, 0, r.stderr.slice(0, 2000));
  assert.equal(r.result.after.filter((b) => Array.isArray(b) && b[0] === 'threw').length, 0, JSON.stringify(r.result.after));
  return r.result.after;
}

for (const build of ['wasm', 'js']) {
  let reference = null;
  for (const [name, tampering] of Object.entries(TAMPERINGS)) {
    test(`${build} build: replacing ${name} right after import, before any call, changes no result`, () => {
      reference ??= coldReference(build);
      const r = runNode(probe(build, tampering, true), { timeout: 30_000 });
      assert.equal(r.signal, null, `hung (killed by ${r.signal}) after replacing ${name}`);
      assert.equal(r.status, 0, r.stderr.slice(0, 2000));
      for (let i = 0; i < reference.length; i++) assert.deepEqual(r.result.after[i], reference[i], `call ${i + 1} after replacing ${name}`);
    });
    test(`${build} build: replacing ${name} after import changes no result`, () => {
      const r = runNode(probe(build, tampering), { timeout: 30_000 });
      assert.equal(r.signal, null, `hung (killed by ${r.signal}) after replacing ${name}`);
      assert.equal(r.status, 0, r.stderr.slice(0, 2000));
      const { before, after } = r.result;
      assert.equal(before.filter((b) => Array.isArray(b) && b[0] === 'threw').length, 0, JSON.stringify(before));
      for (let i = 0; i < before.length; i++) assert.deepEqual(after[i], before[i], `call ${i + 1} after replacing ${name}`);
    });
  }
}
