// Every entry point of the installed package loads and works in a fresh process
// (or a fresh vm context) where the runtime's TextDecoder and TextEncoder were
// deleted first; the polyfills install only what is missing (or everything,
// with /force), with the property attributes of a WebIDL interface object.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import test from 'node:test';
import vm from 'node:vm';
import { PROJECT, runNode } from './helpers.mjs';

// Expected values, from the spec and the index files (not from our output):
// shift_jis 82 A0: pointer (0x82-0x81)*188 + (0xA0-0x41) = 283, index-jis0208 283 = U+3042;
// TextEncoder: U+20AC is E2 82 AC (UTF-8 encoder, §8.1.2).
const PROBE = `
  const d = new TextDecoder();
  const r = {
    utf8: d.decode(new Uint8Array([0x68, 0xc3, 0xa9, 0xe2, 0x82, 0xac])),
    encode: Array.from(new TextEncoder().encode('\\u20ac')),
    encoding: d.encoding,
  };
  try { r.sjis = new TextDecoder('shift_jis').decode(new Uint8Array([0x82, 0xa0])); } catch (e) { r.sjis = e.name + ': ' + e.message; }
`;

const NATIVES_GONE = `
  delete globalThis.TextDecoder; delete globalThis.TextEncoder;
  if ('TextDecoder' in globalThis || 'TextEncoder' in globalThis) throw new Error('natives still there');
`;

const esm = (specifier, body) => `${NATIVES_GONE}
  const m = await import(${JSON.stringify(specifier)});
  const { TextDecoder, TextEncoder } = m;
  ${PROBE}
  ${body || ''}
  console.log(JSON.stringify(r));`;

const cjs = (specifier, body) => `${NATIVES_GONE}
  const m = require(${JSON.stringify(specifier)});
  const { TextDecoder, TextEncoder } = m;
  ${PROBE}
  ${body || ''}
  console.log(JSON.stringify(r));`;

function check(run, { sjis = '\u3042' } = {}) {
  assert.equal(run.status, 0, `child failed:\n${run.stderr}`);
  const r = run.result;
  assert.equal(r.utf8, 'h\u00e9\u20ac');
  assert.deepEqual(r.encode, [0xe2, 0x82, 0xac]);
  assert.equal(r.encoding, 'utf-8');
  if (sjis instanceof RegExp) assert.match(r.sjis, sjis);
  else assert.equal(r.sjis, sjis);
  return r;
}

const UTF8_ONLY = /^RangeError: .*shift_jis/;

test('ESM import of text-encoding-wasm', () => {
  const r = check(runNode(esm('text-encoding-wasm', `r.exports = Object.keys(m).sort(); r.global = typeof globalThis.TextDecoder;`)));
  assert.deepEqual(r.exports, ['TextDecoder', 'TextDecoderStream', 'TextEncoder', 'TextEncoderStream', 'backend', 'install', 'ready', 'useTransformStream']);
  assert.equal(r.global, 'undefined', 'the main entry must not install globals');
});

test('require() of text-encoding-wasm (CommonJS build)', () => {
  const r = check(runNode(cjs('text-encoding-wasm', `r.exports = Object.keys(m).sort(); r.global = typeof globalThis.TextDecoder;`), { type: 'commonjs' }));
  assert.deepEqual(r.exports, ['TextDecoder', 'TextDecoderStream', 'TextEncoder', 'TextEncoderStream', 'backend', 'install', 'ready', 'useTransformStream']);
  assert.equal(r.global, 'undefined');
});

test('ESM import and require() of text-encoding-wasm/utf8: UTF-8 works, legacy labels are a RangeError naming the label', () => {
  check(runNode(esm('text-encoding-wasm/utf8')), { sjis: UTF8_ONLY });
  check(runNode(cjs('text-encoding-wasm/utf8'), { type: 'commonjs' }), { sjis: UTF8_ONLY });
});

test('ready() resolves at once in Node (synchronous instantiation)', () => {
  const run = runNode(`${NATIVES_GONE}
    const m = await import('text-encoding-wasm');
    let settled = false;
    m.ready().then(() => { settled = true; });
    await null; await null;
    console.log(JSON.stringify({ settled, value: await m.ready() }));`);
  assert.equal(run.status, 0, run.stderr);
  assert.deepEqual(run.result, { settled: true });
});

const DESCRIPTORS = `
  r.descriptors = {};
  for (const name of ['TextDecoder', 'TextEncoder']) {
    const d = Object.getOwnPropertyDescriptor(globalThis, name);
    r.descriptors[name] = { writable: d.writable, enumerable: d.enumerable, configurable: d.configurable, isExport: d.value === m[name] };
  }`;
const WEBIDL_GLOBAL = { writable: true, enumerable: false, configurable: true, isExport: true };

for (const [kind, load] of [['ESM', esm], ['CommonJS', cjs]]) {
  const type = kind === 'ESM' ? 'module' : 'commonjs';

  test(`${kind} text-encoding-wasm/polyfill installs both where both are missing, as writable non-enumerable configurable globals`, () => {
    const r = check(runNode(load('text-encoding-wasm/polyfill', DESCRIPTORS), { type }));
    assert.deepEqual(r.descriptors, { TextDecoder: WEBIDL_GLOBAL, TextEncoder: WEBIDL_GLOBAL });
  });

  test(`${kind} text-encoding-wasm/polyfill keeps a class that is already there`, () => {
    const run = runNode(
      `${NATIVES_GONE}
      globalThis.TextEncoder = class DummyEncoder {};
      const m = ${type === 'module' ? "await import('text-encoding-wasm/polyfill')" : "require('text-encoding-wasm/polyfill')"};
      console.log(JSON.stringify({
        encoder: globalThis.TextEncoder.name,
        decoderIsOurs: globalThis.TextDecoder === m.TextDecoder,
        decoded: new TextDecoder('windows-1252').decode(new Uint8Array([0x80])),
      }));`,
      { type },
    );
    assert.equal(run.status, 0, run.stderr);
    // index-windows-1252 pointer 0 (byte 0x80) is U+20AC.
    assert.deepEqual(run.result, { encoder: 'DummyEncoder', decoderIsOurs: true, decoded: '\u20ac' });
  });

  test(`${kind} text-encoding-wasm/polyfill/force replaces existing classes`, () => {
    const run = runNode(
      `globalThis.TextDecoder = class DummyDecoder {};
      const m = ${type === 'module' ? "await import('text-encoding-wasm/polyfill/force')" : "require('text-encoding-wasm/polyfill/force')"};
      const r = { decoder: globalThis.TextDecoder === m.TextDecoder, encoder: globalThis.TextEncoder === m.TextEncoder };
      ${DESCRIPTORS}
      console.log(JSON.stringify(r));`,
      { type },
    );
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(run.result.descriptors, { TextDecoder: WEBIDL_GLOBAL, TextEncoder: WEBIDL_GLOBAL });
    assert.equal(run.result.decoder, true);
    assert.equal(run.result.encoder, true, 'the native TextEncoder must be replaced too');
  });
}

test('the polyfill ESM entry shares the main entry\'s classes (one module instance)', () => {
  const run = runNode(`${NATIVES_GONE}
    await import('text-encoding-wasm/polyfill');
    const m = await import('text-encoding-wasm');
    console.log(JSON.stringify({ same: globalThis.TextDecoder === m.TextDecoder && globalThis.TextEncoder === m.TextEncoder }));`);
  assert.equal(run.status, 0, run.stderr);
  assert.deepEqual(run.result, { same: true });
});

test('install(target) puts the classes on any object and reports what it installed', async () => {
  const run = runNode(`${NATIVES_GONE}
    const m = await import('text-encoding-wasm');
    const target = { TextDecoder: function Mine() {} };
    const kept = m.install(target);
    const forced = m.install(target, { force: true });
    console.log(JSON.stringify({ kept, forced, same: target.TextDecoder === m.TextDecoder, global: typeof globalThis.TextDecoder }));`);
  assert.equal(run.status, 0, run.stderr);
  // `Mine` decodes nothing: install() probes natives (js/partial-native.js) and keeps only working ones.
  assert.deepEqual(run.result, { kept: ['TextDecoder', 'TextEncoder', 'TextDecoderStream', 'TextEncoderStream'], forced: ['TextDecoder', 'TextEncoder', 'TextDecoderStream', 'TextEncoderStream'], same: true, global: 'undefined' });
});

// --- the classic scripts, in fresh vm contexts (no Node globals at all) ---------

const requireFromProject = createRequire(join(PROJECT, 'package.json'));
const scriptSource = (specifier) => readFileSync(requireFromProject.resolve(specifier), 'utf8');

function runScriptIn(specifier, setup) {
  const context = vm.createContext({});
  vm.runInContext(setup || '', context);
  vm.runInContext(scriptSource(specifier), context, { filename: specifier });
  return context;
}

const VM_PROBE = `JSON.stringify({
  utf8: new TextDecoder().decode(new Uint8Array([0x68, 0xc3, 0xa9, 0xe2, 0x82, 0xac])),
  sjis: new TextDecoder('shift_jis').decode(new Uint8Array([0x82, 0xa0])),
  encode: Array.from(new TextEncoder().encode('\\u20ac')),
  desc: ['TextDecoder', 'TextEncoder'].map((n) => { const d = Object.getOwnPropertyDescriptor(globalThis, n); return [d.writable, d.enumerable, d.configurable]; }),
})`;
/** What VM_PROBE reports where working classes are installed (writable, not enumerable, configurable, as WebIDL's). */
const VM_PROBE_EXPECTED = {
  utf8: 'h\u00e9\u20ac',
  sjis: '\u3042',
  encode: [0xe2, 0x82, 0xac],
  desc: [[true, false, true], [true, false, true]],
};

test('vm context: a fresh realm has no TextDecoder/TextEncoder to begin with', () => {
  const context = vm.createContext({});
  assert.equal(vm.runInContext('typeof TextDecoder + typeof TextEncoder + typeof WebAssembly', context), 'undefinedundefinedobject');
});

test('vm context with WebAssembly: text-encoding-wasm/script installs working classes', () => {
  const context = runScriptIn('text-encoding-wasm/script');
  const r = JSON.parse(vm.runInContext(VM_PROBE, context));
  assert.deepEqual(r, VM_PROBE_EXPECTED);
});

test('vm context: text-encoding-wasm/script keeps an existing class; TextEncodingWasm.install(globalThis, { force: true }) replaces it', () => {
  const keep = runScriptIn('text-encoding-wasm/script', 'globalThis.TextEncoder = class DummyEncoder {};');
  assert.equal(vm.runInContext('TextEncoder.name + "," + typeof TextDecoder', keep), 'DummyEncoder,function');
  const force = runScriptIn('text-encoding-wasm/script', 'globalThis.TextEncoder = class DummyEncoder {};');
  vm.runInContext('TextEncodingWasm.install(globalThis, { force: true });', force);
  assert.equal(vm.runInContext('TextEncoder === TextEncodingWasm.TextEncoder', force), true);
  const r = JSON.parse(vm.runInContext(VM_PROBE, force));
  assert.deepEqual(r.encode, [0xe2, 0x82, 0xac]);
  assert.deepEqual(r.desc, [[true, false, true], [true, false, true]]);
});

test('vm context without WebAssembly: the script runs its translation of the module at once (backend js)', () => {
  // The script carries the module once; without WebAssembly it instantiates
  // the module's wasm2js translation with the module's data (tools/entries.mjs, CLASSIC_SETS).
  const context = runScriptIn('text-encoding-wasm/script', 'delete globalThis.WebAssembly;');
  assert.equal(vm.runInContext('typeof WebAssembly + "," + TextEncodingWasm.backend()', context), 'undefined,js');
  const r = JSON.parse(vm.runInContext(VM_PROBE, context));
  assert.deepEqual(r, VM_PROBE_EXPECTED);
});

// --- a runtime whose own classes are wrong -------------------------------------

test('loading never constructs or calls the runtime\'s own TextDecoder/TextEncoder (a spy counts 0)', () => {
  const run = runNode(`
    const calls = [];
    globalThis.TextDecoder = class SpyDecoder { constructor() { calls.push('new TextDecoder'); } decode() { calls.push('decode'); return ''; } };
    globalThis.TextEncoder = class SpyEncoder { constructor() { calls.push('new TextEncoder'); } encode() { calls.push('encode'); return new Uint8Array(0); } };
    const a = await import('text-encoding-wasm');
    const b = await import('text-encoding-wasm/utf8');
    new a.TextDecoder('big5').decode(new Uint8Array([0x88, 0x62]));
    new b.TextEncoder().encode('x');
    console.log(JSON.stringify({ calls }));`);
  assert.equal(run.status, 0, run.stderr);
  assert.deepEqual(run.result, { calls: [] });
});

test('a runtime whose TextDecoder constructor throws ("not implemented"): every entry still loads, polyfill/force replaces it', () => {
  for (const [type, load] of [['module', (s) => `await import('${s}')`], ['commonjs', (s) => `require('${s}')`]]) {
    const run = runNode(`
      globalThis.TextDecoder = class { constructor() { throw new Error('TextDecoder is not implemented'); } };
      const m = ${load('text-encoding-wasm')};
      ${load('text-encoding-wasm/utf8')};
      ${load('text-encoding-wasm/polyfill/force')};
      console.log(JSON.stringify({ replaced: globalThis.TextDecoder === m.TextDecoder, text: new TextDecoder().decode(new Uint8Array([0xe2, 0x82, 0xac])) }));`, { type });
    assert.equal(run.status, 0, `${type}: ${run.stderr.split('\n').filter((l) => /Error/.test(l)).join('\n')}`);
    assert.deepEqual(run.result, { replaced: true, text: '\u20ac' });
  }
});

test('vm context whose TextDecoder throws: /script still loads, and its install(globalThis, { force: true }) replaces it', () => {
  const context = runScriptIn('text-encoding-wasm/script', 'globalThis.TextDecoder = class { constructor() { throw new Error("not implemented"); } };');
  vm.runInContext('TextEncodingWasm.install(globalThis, { force: true });', context);
  assert.equal(vm.runInContext('new TextDecoder("shift_jis").decode(new Uint8Array([0x82, 0xa0]))', context), '\u3042');
});
