// The classic script carries its label list written out at build time
// (tools/build-package.mjs; the ES modules expand a short form at load): every
// label of the standard's encodings.json, with ASCII whitespace around it and
// in upper case, must name its encoding through the script (§4.2 "get an
// encoding"; TextDecoder's `encoding` is the name lowercased, and the
// replacement encoding's labels are a RangeError), with and without
// WebAssembly.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import test from 'node:test';
import vm from 'node:vm';
import { PROJECT, standardEncodings } from './helpers.mjs';

const script = readFileSync(createRequire(join(PROJECT, 'package.json')).resolve('text-encoding-wasm/script'), 'utf8');

for (const [where, setup, backend] of [['with WebAssembly', '', 'wasm'], ['without WebAssembly', 'delete globalThis.WebAssembly;', 'js']]) {
  test(`the classic script ${where}: every label of encodings.json names its encoding`, () => {
    const context = vm.createContext({});
    vm.runInContext(setup, context);
    vm.runInContext(script, context);
    assert.equal(vm.runInContext('TextEncodingWasm.backend()', context), backend);
    const encodingOf = vm.runInContext(`(label) => { try { return new TextDecoder(label).encoding; } catch (error) { return error.name; } }`, context);
    let count = 0;
    for (const { name, labels } of standardEncodings()) {
      for (const label of labels) {
        const want = name === 'replacement' ? 'RangeError' : name.toLowerCase();
        assert.equal(encodingOf(`\t ${label.toUpperCase()}\n`), want, label);
        count++;
      }
    }
    assert.equal(count, 228);
    assert.equal(encodingOf('utf-8x'), 'RangeError');
  });
}
