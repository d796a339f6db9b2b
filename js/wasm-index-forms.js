// The classic script's WebAssembly module gets the Japanese indexes from the
// forms the script already carries for its translation (js/no-wasm/index-form.js,
// in build/wasm/full/no-wasm-data.js) instead of range-decoding its own packed
// copy: the module's unpack of jis0208 (~75,000 adaptive decisions,
// src/tables/packed.rs) runs once, cold, in V8's baseline tier (1.3 ms in a
// fresh Chromium page), where decoding the form in JavaScript takes 0.46-0.57
// (min over fresh pages; issue 15; docs/speed-log.md, "Start-up in Chromium").
// jis0208, which Shift_JIS, EUC-JP and ISO-2022-JP all need, is decoded by the
// module itself: the script's copy of the module (tools/classic-module.mjs)
// carries its form at JIS0208_FORM_AT and the form's decoder as `index_form`
// (js/wasm-index-form.wat), cold well under 0.1 ms; jis0212 (EUC-JP only)
// is decoded here. The other indexes have no form in the script and are
// still unpacked by the module.
//
// Only the classic script: tools/build-package.mjs resolves js/loader.js's
// `./runtime.js` to js/classic-runtime.js for that format, which wraps the
// module's exports with this. The ESM and CommonJS entries do not carry the
// forms (their translation is a separate file), so they have nothing to hand over.
import { Uint16Array } from './intrinsics.js';
import { decodeIndexForm } from './no-wasm/index-form.js';
import { INDEX_LENGTHS, LEAVE_TO_CALLER, withIndexProvider } from './no-wasm/unpack-index.js';

/**
 * Where the classic script's module holds jis0208's form (its bytes, the
 * string's units): in the far end of the core's stack, which starts at 1 MiB
 * and grows down by some 30 KB at most (tools/classic-module.mjs writes it
 * there and checks the room against the deepest call chain,
 * tools/wasm-stack-depth.mjs).
 */
export const JIS0208_FORM_AT = 1024;

/**
 * The module's exports (an instance's, which are frozen: a copy is made),
 * with each CJK index `forms` has (an array by `index_table`'s number: a form,
 * or null) filled before the first call that may use it
 * (js/no-wasm/unpack-index.js's withIndexProvider, as for the translation).
 */
export function withIndexForms(exports, forms) {
  const own = {};
  for (const key in exports) own[key] = exports[key];
  const { index_table: indexTable, index_form: indexForm, memory } = exports;
  withIndexProvider(own, exports, (which) => {
    const form = forms[which];
    if (!form) return;
    const address = indexTable(which | LEAVE_TO_CALLER);
    // 0: already unpacked (another caller reached it first), or left out of the module.
    if (address === 0) return;
    if (which === 0 && indexForm !== undefined) indexForm(JIS0208_FORM_AT, form.length, address, INDEX_LENGTHS[0]);
    else decodeIndexForm(form, new Uint16Array(memory.buffer, address, INDEX_LENGTHS[which]));
  });
  return own;
}
