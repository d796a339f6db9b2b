// No dual-package hazard (issue 19), as README documents it: the CommonJS
// files are thin wrappers over the ES modules (require(esm), tools/entries.mjs
// commonJsWrapper), so a process that both imports and requires the package
// gets one module instance: the same classes, `instanceof` across the two
// ways holds, and an object made through one decodes through the other's
// methods. The polyfill entries of either format install those same classes.
import assert from 'node:assert/strict';
import test from 'node:test';
import { runNode } from './helpers.mjs';

test('import and require in one process: one instance, the same classes, mixing them works', () => {
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
    try { r.mixed = esm.TextDecoder.prototype.decode.call(new cjs.TextDecoder('shift_jis'), bytes); } catch (e) { r.mixed = e.name; }
    console.log(JSON.stringify(r));`);
  assert.equal(run.status, 0, run.stderr);
  // shift_jis 82 A0: pointer 283, index-jis0208 283 = U+3042.
  assert.deepEqual(run.result, { esm: '\u3042', cjs: '\u3042', sameClass: true, crossInstanceof: true, mixed: '\u3042' });
});

test('the polyfill entries of both formats install one set of classes process-wide, the main entry\'s', () => {
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
