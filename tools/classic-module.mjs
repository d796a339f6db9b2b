// The classic script's copy of the full module (tools/build-package.mjs embeds
// it, base64, in text-encoding-wasm.script.js; the ESM and CommonJS entries
// embed build/wasm/full/module.wasm as it is). Three changes, made to the
// binary, so that the code the Rust core compiled to is the same byte for byte:
//   - the packed jis0208 and jis0212 (src/tables/packed.rs) are cut out of
//     its data: that script's module never range-decodes them (it takes both
//     from the forms the script carries: js/wasm-index-forms.js), and its
//     translation reads only the other packed indexes out of these bytes;
//   - jis0208's form (js/no-wasm/index-form.js) is added as a data segment at
//     JIS0208_FORM_AT, in the stack's far end: the core's stack starts at 1 MiB
//     and grows down by some 30 KB at most (tools/wasm-stack-depth.mjs reads
//     the deepest call chain off the module: 29 KB, no recursion), so nothing
//     writes there before the form is read, once, at jis0208's first use;
//   - the form's decoder, js/wasm-index-form.wat, is appended as the export
//     `index_form`, so that the module decodes jis0208 itself: cold in
//     Chromium, faster than the same loop in JavaScript (the .wat says by how much).
// Checked here: the deepest call chain of the copy ends above the form, the
// copy still validates and needs no import, and its
// index_form gives the JavaScript decoder's jis0208 (tests/js/classic-script-japanese-indexes.test.mjs
// checks it against the WHATWG index file).
import { readFileSync } from 'node:fs';
import binaryen from 'binaryen';
import { decodeIndexForm } from '../js/no-wasm/index-form.js';
import { INDEX_LENGTHS, LEAVE_TO_CALLER } from '../js/no-wasm/unpack-index.js';
import { JIS0208_FORM_AT } from '../js/wasm-index-forms.js';
import { deepestStack } from './wasm-stack-depth.mjs';

const root = new URL('..', import.meta.url).pathname;
const SECTION = { type: 1, function: 3, global: 6, export: 7, code: 10, data: 11 };

/** The classic script's module (a Buffer), from build/wasm/full/ (module.wasm and its translation's data). */
export async function classicModule() {
  const module = readFileSync(`${root}build/wasm/full/module.wasm`);
  const { indexForms } = await import(`${root}build/wasm/full/no-wasm-data.js`);
  const form = Buffer.from(indexForms[0], 'latin1');
  const result = rewrite(module, packedJapaneseRanges(module), form, decoderBody());
  check(result, indexForms[0]);
  return result;
}

/** [start, end) of the packed jis0208 and jis0212 in the module's memory, as the module itself says (index_table then scratch_results). */
function packedJapaneseRanges(bytes) {
  const exports = new WebAssembly.Instance(new WebAssembly.Module(bytes), {}).exports;
  return [0, 1].map((which) => {
    exports.index_table(which | LEAVE_TO_CALLER);
    const [at, length] = new Uint32Array(exports.memory.buffer, exports.scratch_results(), 2);
    return [at, at + length];
  });
}

/** The body (locals and code) of js/wasm-index-form.wat's one function, as the code section holds it. */
function decoderBody() {
  const wat = binaryen.parseText(readFileSync(`${root}js/wasm-index-form.wat`, 'utf8'));
  wat.setFeatures(binaryen.Features.MVP);
  if (!wat.validate()) throw new Error('classic-module: js/wasm-index-form.wat does not validate');
  const code = sections(wat.emitBinary()).find((s) => s.id === SECTION.code).body;
  wat.dispose();
  const r = reader(code);
  if (r.u32() !== 1) throw new Error('classic-module: js/wasm-index-form.wat must hold one function');
  return r.bytes(r.u32());
}

function rewrite(module, cut, form, body) {
  const out = [...module.subarray(0, 8)];
  const all = sections(module);
  const functions = reader(all.find((s) => s.id === SECTION.function).body).u32();
  const typeIndex = fourI32ToNothing(all.find((s) => s.id === SECTION.type).body);
  const stackTop = stackPointerStart(all.find((s) => s.id === SECTION.global).body);
  // The module has no imports, so no call into it can start while another runs: one chain at a time.
  const deepest = deepestStack(module);
  if (stackTop - deepest.bytes < JIS0208_FORM_AT + form.length) {
    throw new Error(`classic-module: the core's stack starts at ${stackTop} and its deepest call chain (${deepest.chain.map((f) => `$${f}`).join(' > ')}) takes ${deepest.bytes} bytes: it would reach the jis0208 form at ${JIS0208_FORM_AT}-${JIS0208_FORM_AT + form.length}`);
  }
  for (const { id, body: section } of all) {
    const r = reader(section);
    let content;
    if (id === SECTION.function) content = [...uleb(r.u32() + 1), ...r.rest(), ...uleb(typeIndex)];
    else if (id === SECTION.export) {
      const name = [...Buffer.from('index_form')];
      content = [...uleb(r.u32() + 1), ...r.rest(), ...uleb(name.length), ...name, 0, ...uleb(functions)];
    } else if (id === SECTION.code) content = [...uleb(r.u32() + 1), ...r.rest(), ...uleb(body.length), ...body];
    else if (id === SECTION.data) content = dataSection(r, cut, form);
    else content = [...section];
    out.push(id, ...uleb(content.length), ...content);
  }
  return Buffer.from(out);
}

/** The data section with the ranges `cut` left out (a segment split around them) and `form` added at JIS0208_FORM_AT. */
function dataSection(r, cut, form) {
  const segments = [];
  for (let count = r.u32(); count > 0; count--) {
    // The core's segments are WebAssembly 1.0 active ones: flags 0, i32.const offset, end.
    if (r.u32() !== 0 || r.byte() !== 0x41) throw new Error('classic-module: a data segment is not an active one at a constant offset');
    const offset = r.s32() >>> 0;
    if (r.byte() !== 0x0b) throw new Error('classic-module: a data segment offset is not a constant');
    const bytes = r.bytes(r.u32());
    let pieces = [[offset, offset + bytes.length]];
    for (const [a, b] of cut) pieces = pieces.flatMap(([x, y]) => (b <= x || a >= y ? [[x, y]] : [[x, a], [b, y]].filter(([p, q]) => q > p)));
    for (const [x, y] of pieces) segments.push([x, bytes.subarray(x - offset, y - offset)]);
  }
  const end = JIS0208_FORM_AT + form.length;
  if (segments.some(([at]) => at < end)) throw new Error('classic-module: the module has data where the jis0208 form would go');
  segments.push([JIS0208_FORM_AT, form]);
  const content = [...uleb(segments.length)];
  for (const [at, bytes] of segments) content.push(0, 0x41, ...sleb(at | 0), 0x0b, ...uleb(bytes.length), ...bytes);
  return content;
}

/** The first global's start value: the stack pointer (a mutable i32; rustc's wasm32 targets put it first), from which the stack grows down. */
function stackPointerStart(section) {
  const r = reader(section);
  if (r.u32() < 1 || r.byte() !== 0x7f || r.byte() !== 1 || r.byte() !== 0x41) {
    throw new Error('classic-module: the first global is not the mutable i32 stack pointer set by i32.const');
  }
  return r.s32();
}

/** The index of the type (i32, i32, i32, i32) -> () in the type section (the core has one). */
function fourI32ToNothing(section) {
  const r = reader(section);
  const count = r.u32();
  for (let t = 0; t < count; t++) {
    if (r.byte() !== 0x60) throw new Error('classic-module: a type that is not a function type');
    const params = [...r.bytes(r.u32())];
    const results = [...r.bytes(r.u32())];
    if (params.length === 4 && params.every((p) => p === 0x7f) && results.length === 0) return t;
  }
  throw new Error('classic-module: the module has no (i32, i32, i32, i32) -> () type');
}

function check(bytes, form) {
  const module = new WebAssembly.Module(bytes);
  if (WebAssembly.Module.imports(module).length) throw new Error('classic-module: the copy imports something');
  const exports = new WebAssembly.Instance(module, {}).exports;
  const at = exports.index_table(0 | LEAVE_TO_CALLER);
  exports.index_form(JIS0208_FORM_AT, form.length, at, INDEX_LENGTHS[0]);
  const want = new Uint16Array(INDEX_LENGTHS[0]);
  decodeIndexForm(form, want);
  const got = new Uint16Array(exports.memory.buffer, at, INDEX_LENGTHS[0]);
  for (let i = 0; i < want.length; i++) {
    if (got[i] !== want[i]) throw new Error(`classic-module: index_form gives ${got[i]} at jis0208 pointer ${i}, the form says ${want[i]}`);
  }
}

function sections(bytes) {
  const list = [];
  const r = reader(bytes.subarray(8));
  while (!r.done()) {
    const id = r.byte();
    list.push({ id, body: r.bytes(r.u32()) });
  }
  return list;
}

function reader(bytes) {
  let at = 0;
  return {
    byte: () => bytes[at++],
    u32() {
      let value = 0;
      for (let shift = 0; ; shift += 7) {
        const b = bytes[at++];
        value += (b & 0x7f) * 2 ** shift;
        if (b < 0x80) return value;
      }
    },
    s32() {
      let value = 0;
      let shift = 0;
      let b;
      do {
        b = bytes[at++];
        value |= (b & 0x7f) << shift;
        shift += 7;
      } while (b >= 0x80);
      return shift < 32 && b & 0x40 ? value | (-1 << shift) : value;
    },
    bytes: (n) => bytes.subarray(at, (at += n)),
    rest: () => bytes.subarray(at),
    done: () => at >= bytes.length,
  };
}

function uleb(n) {
  const out = [];
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n !== 0) b |= 0x80;
    out.push(b);
  } while (n !== 0);
  return out;
}

function sleb(n) {
  const out = [];
  for (;;) {
    const b = n & 0x7f;
    n >>= 7;
    if ((n === 0 && (b & 0x40) === 0) || (n === -1 && (b & 0x40) !== 0)) return [...out, b];
    out.push(b | 0x80);
  }
}
