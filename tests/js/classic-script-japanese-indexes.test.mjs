// The classic script's WebAssembly module takes jis0208 and jis0212 from the
// forms its translation carries (js/wasm-index-forms.js), not from its own
// range decoder: every pointer of both indexes, decoded through the script
// with WebAssembly (Shift_JIS, EUC-JP, ISO-2022-JP), must give the code point
// the WHATWG index file gives, whichever Japanese encoding comes first (each
// order provides the indexes through a different first call). Expected
// strings follow the spec's decoders (§12.1.1, §12.2.1, §12.3.1) over the
// index files, never our own output. The script's copy of the module decodes
// jis0208 itself (tools/classic-module.mjs): that copy is checked alone too,
// and the glue (js/wasm-index-forms.js) must hand jis0208 to it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import test from 'node:test';
import vm from 'node:vm';
import { CJK_INDEX_LENGTHS, PROJECT, whatwgIndex } from './helpers.mjs';
import { JIS0208_FORM_AT, withIndexForms } from '../../js/wasm-index-forms.js';
import { indexForms } from '../../build/wasm/full/no-wasm-data.js';

const script = readFileSync(createRequire(join(PROJECT, 'package.json')).resolve('text-encoding-wasm/script'), 'utf8');
const JIS0208 = whatwgIndex('jis0208', CJK_INDEX_LENGTHS[0]);
const JIS0212 = whatwgIndex('jis0212', CJK_INDEX_LENGTHS[1]);

/** A fresh realm with the script loaded, and its decode(label, bytes) (not fatal). */
function freshScript() {
  const context = vm.createContext({});
  vm.runInContext(script, context);
  assert.equal(vm.runInContext('TextEncodingWasm.backend()', context), 'wasm');
  const TextDecoder = vm.runInContext('TextDecoder', context);
  return (label, bytes) => new TextDecoder(label).decode(new Uint8Array(bytes));
}

const char = (cp) => String.fromCodePoint(cp);

/** Shift_JIS: every lead and trail byte pair (§12.3.1 steps 3.1-3.6). */
function checkShiftJis(decode) {
  for (const lead of [...range(0x81, 0x9f), ...range(0xe0, 0xfc)]) {
    for (const trail of [...range(0x40, 0x7e), ...range(0x80, 0xfc)]) {
      const pointer = (lead - (lead < 0xa0 ? 0x81 : 0xc1)) * 188 + trail - (trail < 0x7f ? 0x40 : 0x41);
      let want;
      if (pointer >= 8836 && pointer <= 10715) want = char(0xe000 - 8836 + pointer);
      else if (JIS0208[pointer]) want = char(JIS0208[pointer]);
      else want = `\ufffd${trail < 0x80 ? char(trail) : ''}`;
      assert.equal(decode('shift_jis', [lead, trail]), want, `shift_jis ${hex(lead)} ${hex(trail)} (jis0208 pointer ${pointer})`);
    }
  }
}

/** EUC-JP: every two-byte sequence (jis0208) and every 0x8F sequence (jis0212) of lead and trail 0xA1-0xFE (§12.1.1). */
function checkEucJp(decode) {
  for (const [index, prefix, name] of [[JIS0208, [], 'jis0208'], [JIS0212, [0x8f], 'jis0212']]) {
    for (const lead of range(0xa1, 0xfe)) {
      for (const trail of range(0xa1, 0xfe)) {
        const pointer = (lead - 0xa1) * 94 + trail - 0xa1;
        const want = index[pointer] ? char(index[pointer]) : '\ufffd';
        assert.equal(decode('euc-jp', [...prefix, lead, trail]), want, `euc-jp ${prefix.map(hex).join(' ')} ${hex(lead)} ${hex(trail)} (${name} pointer ${pointer})`);
      }
    }
  }
}

/** ISO-2022-JP: every pair after ESC $ B (jis0208, §12.2.1's lead and trail states). */
function checkIso2022Jp(decode) {
  for (const lead of range(0x21, 0x7e)) {
    for (const trail of range(0x21, 0x7e)) {
      const pointer = (lead - 0x21) * 94 + trail - 0x21;
      const want = JIS0208[pointer] ? char(JIS0208[pointer]) : '\ufffd';
      assert.equal(decode('iso-2022-jp', [0x1b, 0x24, 0x42, lead, trail]), want, `iso-2022-jp ${hex(lead)} ${hex(trail)} (jis0208 pointer ${pointer})`);
    }
  }
}

/** The module the script embeds (its one base64 WebAssembly literal). */
function embeddedModule() {
  const literals = script.match(/"AGFzbQ[A-Za-z0-9+/=]*"/g);
  assert.equal(literals.length, 1, 'one embedded module');
  return new WebAssembly.Module(Buffer.from(literals[0].slice(1, -1), 'base64'));
}

test('the classic script\'s module decodes jis0208 from the form it carries (index_form) to the index file', () => {
  const exports = new WebAssembly.Instance(embeddedModule(), {}).exports;
  const at = exports.index_table(0 | 0x100);
  exports.index_form(JIS0208_FORM_AT, indexForms[0].length, at, CJK_INDEX_LENGTHS[0]);
  const got = new Uint16Array(exports.memory.buffer, at, CJK_INDEX_LENGTHS[0]);
  const wrong = JIS0208.findIndex((cp, pointer) => got[pointer] !== cp);
  assert.equal(wrong, -1, `jis0208 pointer ${wrong} is ${got[wrong]}, the file says ${JIS0208[wrong]}`);
});

test('the classic runtime hands jis0208 to the module\'s index_form, once, and jis0212 to the JavaScript decoder', () => {
  const exports = new WebAssembly.Instance(embeddedModule(), {}).exports;
  const calls = [];
  const spied = { ...exports, index_form: (...args) => (calls.push(args), exports.index_form(...args)) };
  const own = withIndexForms(spied, indexForms);
  for (const [which, index] of [[0, JIS0208], [1, JIS0212]]) {
    const at = own.index_table(which);
    own.index_table(which);
    const got = new Uint16Array(exports.memory.buffer, at, CJK_INDEX_LENGTHS[which]);
    const wrong = index.findIndex((cp, pointer) => got[pointer] !== cp);
    assert.equal(wrong, -1, `index ${which} pointer ${wrong} is ${got[wrong]}, the file says ${index[wrong]}`);
  }
  assert.deepEqual(calls.map((args) => args[0]), [JIS0208_FORM_AT]);
});

const range = (from, to) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const hex = (b) => b.toString(16).toUpperCase().padStart(2, '0');

for (const [first, order] of [
  ['Shift_JIS', [checkShiftJis, checkEucJp, checkIso2022Jp]],
  ['EUC-JP', [checkEucJp, checkShiftJis, checkIso2022Jp]],
  ['ISO-2022-JP', [checkIso2022Jp, checkEucJp, checkShiftJis]],
]) {
  test(`the classic script with WebAssembly, ${first} first: every jis0208 and jis0212 pointer decodes to the index files' code point`, () => {
    const decode = freshScript();
    for (const check of order) check(decode);
  });
}
