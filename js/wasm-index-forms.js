// The classic script's WebAssembly module gets the Japanese indexes from the
// forms the script already carries for its translation (js/no-wasm/index-form.js,
// in build/wasm/full/no-wasm-data.js) instead of range-decoding its own packed
// copy: the module's unpack of jis0208 (~75,000 adaptive decisions,
// src/tables/packed.rs) runs once, cold, in V8's baseline tier (1.3 ms in a
// fresh Chromium page), where decoding the form takes 0.46-0.57 (min over
// fresh pages; issue 15; docs/speed-log.md, "Start-up in Chromium"). The other indexes have no form
// in the script and are still unpacked by the module.
//
// Only the classic script: tools/build-package.mjs resolves js/loader.js's
// `./runtime.js` to js/classic-runtime.js for that format, which wraps the
// module's exports with this. The ESM and CommonJS entries do not carry the
// forms (their translation is a separate file), so they have nothing to hand over.
import { Uint16Array } from './intrinsics.js';
import { decodeIndexForm } from './no-wasm/index-form.js';
import { INDEX_LENGTHS, LEAVE_TO_CALLER, withIndexProvider } from './no-wasm/unpack-index.js';

/**
 * The module's exports (an instance's, which are frozen: a copy is made),
 * with each CJK index `forms` has (an array by `index_table`'s number: a form,
 * or null) filled before the first call that may use it
 * (js/no-wasm/unpack-index.js's withIndexProvider, as for the translation).
 */
export function withIndexForms(exports, forms) {
  const own = {};
  for (const key in exports) own[key] = exports[key];
  const { index_table: indexTable, memory } = exports;
  withIndexProvider(own, exports, (which) => {
    const form = forms[which];
    if (!form) return;
    const address = indexTable(which | LEAVE_TO_CALLER);
    // 0: already unpacked (another caller reached it first), or left out of the module.
    if (address !== 0) decodeIndexForm(form, new Uint16Array(memory.buffer, address, INDEX_LENGTHS[which]));
  });
  return own;
}
