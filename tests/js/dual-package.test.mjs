// The dual-package hazard (issue 19), as README documents it: a process that
// both imports (ESM) and requires (CommonJS) the package gets two module
// instances. Each works on its own; their classes are distinct, so
// `instanceof` across them is false and one's methods given the other's
// object throw a TypeError (WebIDL's "Illegal invocation"), never decode
// with the wrong state. The polyfill entries of one format are the way to
// share one set of classes process-wide (globalThis).
import assert from 'node:assert/strict';
import test from 'node:test';
import { runNode } from './helpers.mjs';

test('import and require in one process: two working instances, distinct classes, a TypeError when mixed', () => {
  const run = runNode(`
    delete globalThis.TextDecoder; delete globalThis.TextEncoder;
    const { createRequire } = await import('node:module');
    const require = createRequire(process.cwd() + '/package.json');
    const esm = await import('text-encoding-wasm');
    const cjs = require('text-encoding-wasm');
    const bytes = new Uint8Array([0x82, 0xa0]);
    const r = {
      esm: new esm.TextDecoder('shift_jis').decode(bytes),
      cjs: new cjs.TextDecoder('shift_jis').decode(bytes),
      sameClass: esm.TextDecoder === cjs.TextDecoder,
      crossInstanceof: new cjs.TextDecoder() instanceof esm.TextDecoder,
    };
    try { esm.TextDecoder.prototype.decode.call(new cjs.TextDecoder('shift_jis'), bytes); r.mixed = 'no error'; } catch (e) { r.mixed = e.constructor === TypeError ? 'TypeError' : String(e); }
    console.log(JSON.stringify(r));`);
  assert.equal(run.status, 0, run.stderr);
  // shift_jis 82 A0: pointer 283, index-jis0208 283 = U+3042.
  assert.deepEqual(run.result, { esm: '\u3042', cjs: '\u3042', sameClass: false, crossInstanceof: false, mixed: 'TypeError' });
});

test('one polyfill entry shares one set of classes process-wide: both formats then use globalThis.TextDecoder', () => {
  const run = runNode(`
    delete globalThis.TextDecoder; delete globalThis.TextEncoder;
    const { createRequire } = await import('node:module');
    const require = createRequire(process.cwd() + '/package.json');
    require('text-encoding-wasm/polyfill');
    const installed = globalThis.TextDecoder;
    await import('text-encoding-wasm/polyfill');
    console.log(JSON.stringify({ kept: globalThis.TextDecoder === installed, text: new TextDecoder('shift_jis').decode(new Uint8Array([0x82, 0xa0])) }));`);
  assert.equal(run.status, 0, run.stderr);
  assert.deepEqual(run.result, { kept: true, text: '\u3042' });
});
