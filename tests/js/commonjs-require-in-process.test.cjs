// The CommonJS build, required in-process (node:test in CommonJS) from the
// project where the tarball is installed, with the runtime's classes deleted
// before the require.
'use strict';
const assert = require('node:assert/strict');
const { createRequire } = require('node:module');
const { join } = require('node:path');
const test = require('node:test');

const project = process.env.TEW_TEST_PROJECT;
assert.ok(project, 'TEW_TEST_PROJECT must be set: run `bash tools/test-js.sh`');
delete globalThis.TextDecoder;
delete globalThis.TextEncoder;
assert.equal(typeof globalThis.TextDecoder, 'undefined');
const requireFromProject = createRequire(join(project, 'package.json'));
const m = requireFromProject('text-encoding-wasm');

test('require() resolves to the CommonJS file of the exports map', () => {
  assert.match(requireFromProject.resolve('text-encoding-wasm'), /dist[\\/]index\.cjs$/);
  assert.match(requireFromProject.resolve('text-encoding-wasm/utf8'), /dist[\\/]utf8\.cjs$/);
  assert.match(requireFromProject.resolve('text-encoding-wasm/polyfill'), /dist[\\/]polyfill\.cjs$/);
});

test('the CommonJS classes decode and encode', () => {
  // euc-kr B0 A1: pointer (0xB0-0x81)*190 + (0xA1-0x41) = 9026 -> index-euc-kr U+AC00.
  assert.equal(new m.TextDecoder('euc-kr').decode(new Uint8Array([0xb0, 0xa1])), '\uac00');
  assert.deepEqual(Array.from(new m.TextEncoder().encode('\ud83d\ude00')), [0xf0, 0x9f, 0x98, 0x80]);
  assert.equal(Object.prototype.toString.call(new m.TextDecoder()), '[object TextDecoder]');
});

test('require of the polyfill installs the same classes the main CommonJS entry exports', () => {
  const p = requireFromProject('text-encoding-wasm/polyfill');
  assert.equal(p.TextDecoder, m.TextDecoder);
  assert.equal(globalThis.TextDecoder, m.TextDecoder);
  assert.equal(globalThis.TextEncoder, m.TextEncoder);
});

test('package.json is exported, and its version matches the tarball\'s', () => {
  const pkg = requireFromProject('text-encoding-wasm/package.json');
  assert.equal(pkg.name, 'text-encoding-wasm');
  assert.match(pkg.version, /^\d+\.\d+\.\d+/);
});
