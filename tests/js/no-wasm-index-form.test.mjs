// The CJK indexes the build without WebAssembly carries in the interpreter's
// form (js/no-wasm/index-form.js; tools/build-no-wasm.mjs writes them into
// build/wasm/<module>/no-wasm-data.js, which the no-wasm files bundle): each
// must decode to the WHATWG index file, entry for entry. The cores' indexes
// after first use (forms and packed alike) are checked through the package by
// tests/js/no-wasm-unpack-index.test.mjs; this checks the forms themselves,
// every module's, and the decoder on damaged input.
import assert from 'node:assert/strict';
import test from 'node:test';
import { CJK_INDEX_FILES, CJK_INDEX_LENGTHS, prng, whatwgIndex } from './helpers.mjs';
import { decodeIndexForm } from '../../js/no-wasm/index-form.js';
import { encodeIndexForm } from '../../tools/index-form.mjs';

const root = new URL('../../', import.meta.url);

function assertIndex(got, which, what) {
  const want = whatwgIndex(CJK_INDEX_FILES[which], CJK_INDEX_LENGTHS[which]);
  const wrong = want.findIndex((cp, pointer) => got[pointer] !== cp);
  assert.equal(wrong, -1, `${what}: ${CJK_INDEX_FILES[which]} pointer ${wrong} is ${got[wrong]}, the file says ${want[wrong]}`);
}

for (const module of ['full', 'japanese']) {
  test(`the index forms the ${module} translation carries decode to the index files`, async () => {
    const { indexForms } = await import(new URL(`build/wasm/${module}/no-wasm-data.js`, root));
    const carried = indexForms.map((form, which) => (form ? which : -1)).filter((which) => which >= 0);
    // The Japanese indexes at least (the start-up goal: a first Shift_JIS decode).
    assert.ok(carried.includes(0) && carried.includes(1), `carried: ${carried}`);
    for (const which of carried) {
      assert.match(indexForms[which], /^[\x20-\x7e]*$/, 'printable ASCII only (a classic script is read in the page\'s encoding)');
      const out = which === 4 ? new Uint32Array(CJK_INDEX_LENGTHS[which]) : new Uint16Array(CJK_INDEX_LENGTHS[which]);
      decodeIndexForm(indexForms[which], out);
      assertIndex(out, which, `${module} form`);
    }
  });
}

test('every BMP index through the form and back is the index file (deltas, runs, copies, code points written out)', () => {
  for (const which of [0, 1, 2, 3]) {
    const out = new Uint16Array(CJK_INDEX_LENGTHS[which]);
    decodeIndexForm(encodeIndexForm(whatwgIndex(CJK_INDEX_FILES[which], CJK_INDEX_LENGTHS[which])), out);
    assertIndex(out, which, 'round trip');
  }
});

test('the form decoder on damaged input: never throws, never writes past the array', () => {
  const random = prng(0x1badb002);
  const below = (n) => Math.floor(random() * n);
  const form = encodeIndexForm(whatwgIndex('jis0208', CJK_INDEX_LENGTHS[0]));
  for (let round = 0; round < 300; round++) {
    let text;
    if (round % 3 === 0) text = form.slice(0, below(form.length));
    else if (round % 3 === 1) text = Array.from({ length: below(2000) }, () => String.fromCharCode(0x20 + below(95))).join('');
    else text = form.slice(0, below(form.length)) + String.fromCharCode(0x20 + below(95)) + form.slice(below(form.length));
    const buffer = new ArrayBuffer(4 * 12000);
    const out = new Uint16Array(buffer, 2 * 100, 11104);
    decodeIndexForm(text, out);
    const all = new Uint16Array(buffer);
    for (let i = 0; i < 100; i++) assert.equal(all[i], 0);
    for (let i = 100 + 11104; i < all.length; i++) assert.equal(all[i], 0);
  }
});
