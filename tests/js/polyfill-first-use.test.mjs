// First use without await (issue 19): in Node ESM on an engine without
// WebAssembly (node --jitless), `import 'text-encoding-wasm/polyfill'` and a
// `new TextDecoder()` on the next line must work (the polyfill entries' Node
// files wait for the no-WebAssembly build: tools/entries.mjs, firstUseWaits);
// a plain entry used before ready() must throw a TypeError that names the
// import which works at once. Natives deleted in a module imported first
// (static imports run in order). Expected values from the spec and the index
// files: E2 82 AC is U+20AC; shift_jis 82 A0 is pointer 283, index-jis0208 283 = U+3042.
import assert from 'node:assert/strict';
import test from 'node:test';
import { entries, firstUseWaits } from '../../tools/entries.mjs';
import { runNode } from './helpers.mjs';

const DELETE_NATIVES = "import 'data:text/javascript,delete globalThis.TextDecoder;delete globalThis.TextEncoder;';";
const specifier = (entry) => `text-encoding-wasm${entry.subpath.slice(1)}`;
const polyfills = entries().filter(firstUseWaits);

test('the wasm polyfill entries are the ones with a Node file (all six: full, utf8, lite x polyfill, force)', () => {
  assert.deepEqual(polyfills.map((e) => e.subpath).sort(), ['./lite/polyfill', './lite/polyfill/force', './polyfill', './polyfill/force', './utf8/polyfill', './utf8/polyfill/force']);
});

for (const entry of polyfills) {
  test(`node --jitless: import '${specifier(entry)}', then new TextDecoder() on the next line (no await)`, () => {
    const run = runNode(`${DELETE_NATIVES}
import { backend } from '${specifier(entry)}';
const r = { wasm: typeof WebAssembly, backend: backend(), utf8: new TextDecoder().decode(new Uint8Array([0xe2, 0x82, 0xac])),
  encoded: Array.from(new TextEncoder().encode('\\u20ac')) };
try { r.sjis = new TextDecoder('shift_jis').decode(new Uint8Array([0x82, 0xa0])); } catch (e) { r.sjis = e.name; }
console.log(JSON.stringify(r));`, { args: ['--jitless'] });
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(run.result, { wasm: 'undefined', backend: 'js', utf8: '\u20ac', encoded: [0xe2, 0x82, 0xac], sjis: entry.set === 'full' ? '\u3042' : 'RangeError' });
  });
}

test('with WebAssembly, the polyfill (its Node file) shares the main entry\'s module instance and runs the wasm backend', () => {
  const run = runNode(`${DELETE_NATIVES}
import * as polyfill from 'text-encoding-wasm/polyfill';
import * as main from 'text-encoding-wasm';
console.log(JSON.stringify({ backend: main.backend(), same: polyfill.TextDecoder === main.TextDecoder && globalThis.TextDecoder === main.TextDecoder,
  text: new TextDecoder('shift_jis').decode(new Uint8Array([0x82, 0xa0])) }));`);
  assert.equal(run.status, 0, run.stderr);
  assert.deepEqual(run.result, { backend: 'wasm', same: true, text: '\u3042' });
});

// text-encoding-wasm/utf8 and /lite carry no module (their encodings are JavaScript): nothing to wait for.
for (const subpath of ['utf8', 'lite']) {
  test(`node --jitless: text-encoding-wasm/${subpath} works on the next line (no module to wait for)`, () => {
    const run = runNode(`${DELETE_NATIVES}
import { TextDecoder, backend } from 'text-encoding-wasm/${subpath}';
const r = { text: new TextDecoder().decode(new Uint8Array([0xe3, 0x81, 0x82, 0xff])), backend: backend() };
try { r.cyrillic = new TextDecoder('windows-1251').decode(new Uint8Array([0xc0])); } catch (e) { r.cyrillic = e.name; }
console.log(JSON.stringify(r));`, { args: ['--jitless'] });
    assert.equal(run.status, 0, run.stderr);
    // windows-1251 C0 is U+0410 (index-windows-1251.txt pointer 64); /utf8 leaves it out.
    assert.deepEqual(run.result, { text: '\u3042\ufffd', backend: 'js', cyrillic: subpath === 'lite' ? '\u0410' : 'RangeError' });
  });
}

for (const [subpath, instead] of [['', 'text-encoding-wasm/js/polyfill']]) {
  test(`node --jitless: text-encoding-wasm${subpath} used before ready() is a TypeError that names '${instead}'`, () => {
    const run = runNode(`${DELETE_NATIVES}
import { TextDecoder } from 'text-encoding-wasm${subpath}';
let r;
try { new TextDecoder(); r = 'no exception'; } catch (e) { r = { name: e.name, message: e.message }; }
console.log(JSON.stringify(r));`, { args: ['--jitless'] });
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.result.name, 'TypeError');
    assert.match(run.result.message, /await ready\(\) first/);
    assert.ok(run.result.message.includes(`import '${instead}'`), run.result.message);
  });
}
