// The entry smoke test generated from the entry matrix (tools/entries.mjs):
// the installed package's `exports` are exactly the matrix's subpaths, and
// every entry, in every format it ships, loads in a fresh process (or vm
// context) with the runtime's TextDecoder/TextEncoder deleted and decodes with
// the backend and encoding set it declares. Expected values from the spec and
// the index files: E2 82 AC is U+20AC (UTF-8), shift_jis 82 A0 is pointer 283,
// index-jis0208 283 = U+3042.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import test from 'node:test';
import vm from 'node:vm';
import { entries, manifestFields } from '../../tools/entries.mjs';
import { PROJECT, runNode } from './helpers.mjs';

const installed = JSON.parse(readFileSync(join(PROJECT, 'node_modules/text-encoding-wasm/package.json'), 'utf8'));
const MATRIX = entries();

test('the installed exports, typesVersions, sideEffects and bin are the matrix\'s, and every file they name is in the package', () => {
  const { exports, sideEffects, bin, typesVersions, browser, reactNative, extraFiles } = manifestFields(MATRIX);
  assert.deepEqual(installed.exports, exports);
  assert.deepEqual(installed.browser, browser);
  assert.deepEqual(installed['react-native'], reactNative);
  for (const [file, text] of Object.entries(extraFiles)) assert.equal(readFileSync(join(PROJECT, 'node_modules/text-encoding-wasm', file), 'utf8'), text, file);
  assert.deepEqual(installed.typesVersions, typesVersions);
  assert.deepEqual(installed.sideEffects, sideEffects);
  assert.deepEqual(installed.bin, bin);
  const files = new Set();
  const collect = (v) => (typeof v === 'string' ? files.add(v) : Object.values(v).forEach(collect));
  collect(exports);
  for (const file of [...files, ...sideEffects, ...Object.values(bin)]) {
    assert.ok(readFileSync(join(PROJECT, 'node_modules/text-encoding-wasm', file)).length > 0, file);
  }
});

const NATIVES_GONE = 'delete globalThis.TextDecoder; delete globalThis.TextEncoder;';
const PROBE = `
  const r = { backend: m.backend(), utf8: new m.TextDecoder().decode(new Uint8Array([0xe2, 0x82, 0xac])),
    encoded: Array.from(new m.TextEncoder().encode('\\u20ac')), installed: globalThis.TextDecoder === m.TextDecoder };
  try { r.sjis = new m.TextDecoder('shift_jis').decode(new Uint8Array([0x82, 0xa0])); } catch (e) { r.sjis = e.name; }
  console.log(JSON.stringify(r));`;

function expectFor(entry) {
  return {
    backend: entry.backend,
    utf8: '\u20ac',
    encoded: [0xe2, 0x82, 0xac],
    installed: !entry.id.endsWith('/plain'),
    sjis: entry.set === 'full' ? '\u3042' : 'RangeError',
  };
}

const specifier = (entry) => `text-encoding-wasm${entry.subpath.slice(1)}`;

for (const entry of MATRIX.filter((e) => e.set && e.formats[0] !== 'classic')) {
  test(`${entry.subpath} (ESM and CommonJS): loads without natives, backend ${entry.backend}, set ${entry.set}`, () => {
    const esm = runNode(`${NATIVES_GONE} const m = await import('${specifier(entry)}'); await m.ready(); ${PROBE}`);
    assert.equal(esm.status, 0, esm.stderr);
    assert.deepEqual(esm.result, expectFor(entry));
    const cjs = runNode(`${NATIVES_GONE} const m = require('${specifier(entry)}'); ${PROBE}`, { type: 'commonjs' });
    assert.equal(cjs.status, 0, cjs.stderr);
    assert.deepEqual(cjs.result, expectFor(entry));
  });
  if (entry.reactNative) {
    test(`${entry.subpath} under the react-native condition is the build without WebAssembly`, () => {
      const run = runNode(`${NATIVES_GONE} const m = await import('${specifier(entry)}'); ${PROBE}`, { args: ['--conditions=react-native'] });
      assert.equal(run.status, 0, run.stderr);
      assert.deepEqual(run.result, { ...expectFor(entry), backend: 'js' });
    });
  }
}

const requireFromProject = createRequire(join(PROJECT, 'package.json'));
for (const entry of MATRIX.filter((e) => e.formats[0] === 'classic')) {
  for (const [where, setup, backend] of [['with WebAssembly', '', 'wasm'], ['without WebAssembly', 'delete globalThis.WebAssembly;', 'js']]) {
    test(`${entry.subpath} (classic script) in a fresh realm ${where} installs working classes, backend ${backend}; ${entry.globalName}.install forces`, () => {
      const context = vm.createContext({});
      vm.runInContext(`globalThis.TextEncoder = class DummyEncoder {}; ${setup}`, context);
      vm.runInContext(readFileSync(requireFromProject.resolve(specifier(entry)), 'utf8'), context);
      const probe = `JSON.stringify({ backend: ${entry.globalName}.backend(),
        sjis: new TextDecoder('shift_jis').decode(new Uint8Array([0x82, 0xa0])),
        encoder: TextEncoder.name })`;
      assert.deepEqual(JSON.parse(vm.runInContext(probe, context)), { backend, sjis: '\u3042', encoder: 'DummyEncoder' });
      vm.runInContext(`${entry.globalName}.install(globalThis, { force: true });`, context);
      assert.deepEqual(JSON.parse(vm.runInContext(probe, context)), { backend, sjis: '\u3042', encoder: 'TextEncoder' });
    });
  }
}

for (const [id, names] of [['extra', ['LegacyEncoder', 'Wtf8Decoder', 'readUTF']], ['js-extra', ['LegacyEncoder', 'Wtf8Decoder', 'readUTF']], ['detect', ['EncodingDetector', 'detect']], ['hooks', ['decode', 'getEncoding', 'encode']], ['js-hooks', ['decode', 'getEncoding', 'encode']]]) {
  const entry = MATRIX.find((e) => e.id === id);
  test(`${entry.subpath} (ESM and CommonJS) loads without natives and has its exports`, () => {
    for (const [type, load] of [['module', `await import('${specifier(entry)}')`], ['commonjs', `require('${specifier(entry)}')`]]) {
      const run = runNode(`${NATIVES_GONE} const m = ${load}; console.log(JSON.stringify(${JSON.stringify(names)}.map((n) => typeof m[n])));`, { type });
      assert.equal(run.status, 0, run.stderr);
      assert.deepEqual(run.result, names.map(() => 'function'), type);
    }
  });
}
