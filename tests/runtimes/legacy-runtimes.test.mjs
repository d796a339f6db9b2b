// Issue 9: which backend the loader picks (a silent fallback to the no-wasm
// build where WebAssembly works must fail here), filling in partial natives,
// and realms (vm contexts, jsdom). Runs against the built package in pkg/dist
// (tools/test-runtimes.sh builds it). Expected texts come from the index
// files, cited where used.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import test from 'node:test';
import vm from 'node:vm';

const root = new URL('../../', import.meta.url).pathname;
const dist = `${root}pkg/dist`;
const require = createRequire(import.meta.url);
const NativeTextDecoder = globalThis.TextDecoder;
const NativeTextEncoder = globalThis.TextEncoder;
// shift_jis 82 A0 -> index-jis0208 pointer 283 -> U+3042; iso-8859-16 byte A1 -> index pointer 33 -> U+0104.
const SJIS = [0x82, 0xa0];

/** Runs `code` (ESM) in a new Node with `flags`; its last stdout line is JSON. */
function run(code, flags = [], type = 'module') {
  const p = spawnSync(process.execPath, [...flags, `--input-type=${type}`, '-e', code], { cwd: dist, encoding: 'utf8', timeout: 60_000 });
  assert.equal(p.status, 0, p.stderr.slice(0, 1000));
  return JSON.parse(p.stdout.trim().split('\n').pop());
}

const pkg = await import(`${dist}/index.js`);

test('where WebAssembly works, the wasm build runs, synchronously', () => {
  assert.equal(pkg.backend(), 'wasm');
  const r = run(`const m = await import('./index.js'); console.log(JSON.stringify([m.backend(), new m.TextDecoder('sjis').decode(new Uint8Array(${JSON.stringify(SJIS)}))]))`);
  assert.deepEqual(r, ['wasm', '\u3042']);
  const c = run(`const m = require('./index.cjs'); console.log(JSON.stringify(m.backend()))`, [], 'commonjs');
  assert.equal(c, 'wasm');
});

test('text-encoding-wasm/js runs the no-wasm build even where WebAssembly works', () => {
  const r = run(`const m = await import('./js.js'); console.log(JSON.stringify([m.backend(), new m.TextDecoder('sjis').decode(new Uint8Array(${JSON.stringify(SJIS)}))]))`);
  assert.deepEqual(r, ['js', '\u3042']);
});

test('node --jitless (no WebAssembly): CommonJS falls back at once, ESM after ready()', () => {
  const c = run(`const m = require('./index.cjs'); console.log(JSON.stringify([typeof WebAssembly, m.backend(), new m.TextDecoder('sjis').decode(new Uint8Array(${JSON.stringify(SJIS)}))]))`, ['--jitless'], 'commonjs');
  assert.deepEqual(c, ['undefined', 'js', '\u3042']);
  const e = run(`const m = await import('./index.js'); const before = m.backend(); let early; try { new m.TextDecoder(); } catch (x) { early = x.name; }
    await m.ready(); console.log(JSON.stringify([before, early, m.backend(), new m.TextDecoder('sjis').decode(new Uint8Array(${JSON.stringify(SJIS)}))]))`, ['--jitless']);
  assert.deepEqual(e, [null, 'TypeError', 'js', '\u3042']);
});

test('the utf8 entry falls back to the utf8 no-wasm build (still UTF-8 and UTF-16 only)', () => {
  const r = run(`const m = await import('./utf8.js'); await m.ready(); let e; try { new m.TextDecoder('sjis'); } catch (x) { e = x.name; }
    console.log(JSON.stringify([m.backend(), e, new m.TextDecoder().decode(new Uint8Array([0xe2, 0x82, 0xac]))]))`, ['--jitless']);
  assert.deepEqual(r, ['js', 'RangeError', '\u20ac']);
});

test('WebAssembly present but refusing to compile (as under a CSP without wasm-unsafe-eval): falls back to js', () => {
  const refuse = `WebAssembly.Module = function () { throw new WebAssembly.CompileError('refused by policy'); };
    WebAssembly.compile = () => Promise.reject(new WebAssembly.CompileError('refused by policy'));`;
  const r = run(`${refuse} const m = await import('./index.js'); const before = m.backend(); await m.ready();
    console.log(JSON.stringify([before, m.backend(), new m.TextDecoder('big5').decode(new Uint8Array([0xa4, 0x40]))]))`);
  // big5 A4 40: pointer (0xA4-0x81)*157 + 0 = 5495, index-big5 5495 = U+4E00.
  assert.deepEqual(r, [null, 'js', '\u4e00']);
  const c = run(`${refuse} const m = require('./index.cjs'); m.ready().then(() => console.log(JSON.stringify(m.backend())))`, [], 'commonjs');
  assert.equal(c, 'js');
});

test('classic script where WebAssembly is missing (at once) or refuses to compile (after ready()): its translation of the module', async () => {
  const refuse = `WebAssembly.Module = function () { throw new WebAssembly.CompileError('refused by policy'); };
    WebAssembly.compile = () => Promise.reject(new WebAssembly.CompileError('refused by policy'));`;
  for (const [setup, atOnce] of [['delete globalThis.WebAssembly;', true], [refuse, false]]) {
    const context = vm.createContext({});
    vm.runInContext(setup, context);
    vm.runInContext(readFileSync(`${dist}/text-encoding-wasm.script.js`, 'utf8'), context);
    assert.equal(vm.runInContext('TextEncodingWasm.backend()', context), atOnce ? 'js' : null, setup);
    await vm.runInContext('TextEncodingWasm.ready()', context);
    assert.equal(vm.runInContext(`TextEncodingWasm.backend() + ' ' + new TextDecoder('sjis').decode(new Uint8Array(${JSON.stringify(SJIS)}))`, context), 'js \u3042', setup);
  }
});

// --- partial natives --------------------------------------------------------------

/** Node's TextDecoder limited as a small-icu build is: UTF-8, UTF-16LE and latin1 (windows-1252). */
function smallIcu(counter) {
  const known = new Set(['utf-8', 'utf-16le', 'windows-1252']);
  return class TextDecoder extends NativeTextDecoder {
    constructor(label = 'utf-8', options = undefined) {
      super(label, options);
      if (!known.has(this.encoding)) throw new RangeError(`The "${label}" encoding is not supported`);
    }
    decode(...args) {
      counter.calls++;
      return super.decode(...args);
    }
  };
}

test('small-icu TextDecoder: install() keeps it for UTF-8 and adds the labels it rejects', () => {
  const counter = { calls: 0 };
  const Small = smallIcu(counter);
  const target = { TextDecoder: Small, TextEncoder: NativeTextEncoder };
  const installed = pkg.install(target);
  assert.ok(installed.includes('TextDecoder'));
  const TD = target.TextDecoder;
  assert.notEqual(TD, Small);
  assert.notEqual(TD, pkg.TextDecoder);
  counter.calls = 0;
  assert.equal(new TD().decode(new Uint8Array([0xe2, 0x82, 0xac])), '\u20ac');
  assert.equal(counter.calls, 1, 'UTF-8 must still be decoded by the native class');
  assert.equal(new TD('sjis').decode(new Uint8Array(SJIS)), '\u3042');
  assert.equal(new TD('iso-8859-16').decode(new Uint8Array([0xa1])), '\u0104');
  assert.equal(counter.calls, 1, 'labels the native class rejects go to ours');
  // Streaming and fatal through the native one.
  const d = new TD('utf-8', { fatal: true });
  assert.equal(d.decode(new Uint8Array([0xe2, 0x82]), { stream: true }) + d.decode(new Uint8Array([0xac])), '\u20ac');
  assert.throws(() => new TD('utf-8', { fatal: true }).decode(new Uint8Array([0xff])), TypeError);
  assert.equal(target.TextEncoder, NativeTextEncoder, 'a complete native TextEncoder is kept');
});

test('the gap-filling TextDecoder has the WebIDL shape and brand checks of an interface', () => {
  const target = { TextDecoder: smallIcu({ calls: 0 }) };
  pkg.install(target);
  const TD = target.TextDecoder;
  assert.equal(TD.name, 'TextDecoder');
  assert.equal(TD.length, 0);
  assert.equal(Object.prototype.toString.call(new TD()), '[object TextDecoder]');
  assert.deepEqual(Object.keys(TD.prototype), ['encoding', 'fatal', 'ignoreBOM', 'decode']);
  assert.throws(() => TD(), TypeError);
  assert.throws(() => TD.prototype.decode.call({}), { name: 'TypeError', message: 'Illegal invocation' });
  assert.throws(() => TD.prototype.decode.call(new NativeTextDecoder()), TypeError, 'another class\'s instance is not ours');
  assert.throws(() => Object.getOwnPropertyDescriptor(TD.prototype, 'encoding').get.call(new pkg.TextDecoder()), TypeError);
  assert.throws(() => new TD('utf-9'), RangeError);
  assert.throws(() => new TD('iso-2022-kr'), RangeError, 'replacement labels are invalid whoever decodes');
  // Options are converted once (WebIDL), not once per decoder.
  let reads = 0;
  const d = new TD('utf-8', { get fatal() { reads++; return true; } });
  assert.equal(reads, 1);
  assert.equal(d.fatal, true);
  assert.ok(new TD() instanceof TD);
});

test('a native TextEncoder without encodeInto gets it, with a brand check', () => {
  class OldTextEncoder {
    get encoding() {
      if (!(this instanceof OldTextEncoder)) throw new TypeError('Illegal invocation');
      return 'utf-8';
    }
    encode(s) {
      return new NativeTextEncoder().encode(s);
    }
  }
  const target = { TextDecoder: pkg.TextDecoder, TextEncoder: OldTextEncoder };
  assert.deepEqual(pkg.install(target), ['TextEncoder.prototype.encodeInto', 'TextDecoderStream', 'TextEncoderStream']);
  assert.equal(target.TextEncoder, OldTextEncoder);
  const out = new Uint8Array(4);
  // U+00E9 is C3 A9 in UTF-8; 'h\u00e9l' needs 4 bytes, the 'l' after does not fit.
  assert.deepEqual(new OldTextEncoder().encodeInto('h\u00e9ll', out), { read: 3, written: 4 });
  assert.deepEqual([...out], [0x68, 0xc3, 0xa9, 0x6c]);
  assert.throws(() => OldTextEncoder.prototype.encodeInto.call({}, 'a', new Uint8Array(1)), TypeError);
  const d = Object.getOwnPropertyDescriptor(OldTextEncoder.prototype, 'encodeInto');
  assert.deepEqual([d.writable, d.enumerable, d.configurable, d.value.name, d.value.length], [true, true, true, 'encodeInto', 2]);
});

test('Node\'s own TextDecoder: kept for what it decodes as the standard says, ours for its gaps', () => {
  const target = { TextDecoder: NativeTextDecoder };
  pkg.install(target);
  // Node (full ICU) rejects iso-8859-16 and x-user-defined: those are gaps.
  assert.throws(() => new NativeTextDecoder('x-user-defined'), RangeError);
  assert.equal(new target.TextDecoder('x-user-defined').decode(new Uint8Array([0x80])), '\uf780'); // §14.5: U+F780 + 0x80 - 0x80
  assert.equal(new target.TextDecoder().decode(new Uint8Array([0x68, 0x69])), 'hi');
});

test('install({ force: true }) replaces everything, whatever works', () => {
  const target = { TextDecoder: NativeTextDecoder, TextEncoder: NativeTextEncoder };
  pkg.install(target, { force: true });
  assert.equal(target.TextDecoder, pkg.TextDecoder);
  assert.equal(target.TextEncoder, pkg.TextEncoder);
});

// --- realms ------------------------------------------------------------------------

test('the classic script run inside a vm realm gives that realm its own interface objects', () => {
  const context = vm.createContext({});
  vm.runInContext(readFileSync(`${dist}/text-encoding-wasm.script.js`, 'utf8'), context);
  const r = vm.runInContext(`({
    u8: new TextEncoder().encode('a') instanceof Uint8Array,
    proto: Object.getPrototypeOf(TextDecoder.prototype) === Object.prototype,
    rangeError: (() => { try { new TextDecoder('nope'); } catch (e) { return e instanceof RangeError; } })(),
    typeError: (() => { try { TextDecoder.prototype.decode.call({}); } catch (e) { return e instanceof TypeError; } })(),
    into: Object.getPrototypeOf(new TextEncoder().encodeInto('a', new Uint8Array(1))) === Object.prototype,
  })`, context);
  assert.deepEqual({ ...r }, { u8: true, proto: true, rangeError: true, typeError: true, into: true });
  const inner = vm.runInContext('new TextDecoder()', context);
  assert.equal(inner instanceof pkg.TextDecoder, false, 'as in browsers: another realm\'s instance is not instanceof this realm\'s class');
});

test('brand checks across two realms\' copies work as WebIDL\'s do; results are the calling realm\'s', () => {
  const source = readFileSync(`${dist}/text-encoding-wasm.script.js`, 'utf8');
  const a = vm.createContext({});
  const b = vm.createContext({});
  vm.runInContext(source, a);
  vm.runInContext(source, b);
  const decoderA = vm.runInContext('new TextDecoder("sjis", { fatal: true })', a);
  const encoderA = vm.runInContext('new TextEncoder()', a);
  const B = vm.runInContext('({ TD: TextDecoder, TE: TextEncoder, U8: Uint8Array, O: Object, TypeError })', b);
  const getter = (cls, name) => Object.getOwnPropertyDescriptor(cls.prototype, name).get;
  assert.equal(B.TD.prototype.decode.call(decoderA, new Uint8Array(SJIS)), '\u3042');
  assert.equal(getter(B.TD, 'encoding').call(decoderA), 'shift_jis');
  assert.equal(getter(B.TD, 'fatal').call(decoderA), true);
  assert.equal(getter(B.TE, 'encoding').call(encoderA), 'utf-8');
  const bytes = B.TE.prototype.encode.call(encoderA, '\u20ac');
  assert.ok(bytes instanceof B.U8, 'encode() through B gives B\'s Uint8Array');
  assert.deepEqual([...bytes], [0xe2, 0x82, 0xac]);
  const into = B.TE.prototype.encodeInto.call(encoderA, 'ab', new Uint8Array(4));
  assert.equal(Object.getPrototypeOf(into), B.O.prototype);
  assert.deepEqual({ ...into }, { read: 2, written: 2 });
  // The object's own copy decides (a fatal error); the TypeError is B's, as WebIDL throws in the operation's realm.
  assert.throws(() => B.TD.prototype.decode.call(decoderA, new Uint8Array([0x82])), (e) => e instanceof B.TypeError && /not valid for encoding shift_jis/.test(e.message));
  // Not a brand: an object that only inherits from A's prototype, or a plain one.
  const forged = vm.runInContext('Object.create(TextDecoder.prototype)', a);
  assert.throws(() => B.TD.prototype.decode.call(forged, new Uint8Array(1)), { message: 'Illegal invocation' });
  assert.throws(() => B.TE.prototype.encode.call({}), { message: 'Illegal invocation' });
  // Nor another interface's instance: TextEncoder's encoding getter (the attribute getters share one source text) on A's TextDecoder.
  assert.throws(() => getter(B.TE, 'encoding').call(decoderA), { message: 'Illegal invocation' });
  assert.throws(() => getter(B.TD, 'encoding').call(encoderA), { message: 'Illegal invocation' });
  assert.equal(decoderA instanceof B.TD, false);
});

test('install(otherGlobal) from this realm shares this realm\'s classes (documented trade-off)', () => {
  const context = vm.createContext({});
  const otherGlobal = vm.runInContext('globalThis', context);
  pkg.install(otherGlobal, { force: true });
  const inner = vm.runInContext('new TextDecoder("sjis")', context);
  // Brand checks work across the realms (one set of internal slots), as WebIDL's do.
  assert.equal(pkg.TextDecoder.prototype.decode.call(inner, new Uint8Array(SJIS)), '\u3042');
  // The classes are this realm's: instanceof holds across, unlike a browser's per-realm interface objects.
  assert.equal(inner instanceof pkg.TextDecoder, true);
});

test('jsdom: the classic script run in the window (the Jest jsdom setup)', () => {
  const { JSDOM } = require('jsdom');
  const dom = new JSDOM('<!doctype html>', { runScripts: 'outside-only' });
  assert.equal(typeof dom.window.TextDecoder, 'undefined', 'jsdom has no TextDecoder of its own');
  dom.window.eval(readFileSync(`${dist}/text-encoding-wasm.script.js`, 'utf8'));
  assert.equal(dom.window.eval(`new TextDecoder('sjis').decode(new Uint8Array(${JSON.stringify(SJIS)}))`), '\u3042');
  assert.equal(dom.window.eval('new TextEncoder().encode("\u20ac") instanceof Uint8Array'), true);
});
