// The runtime of the classic script's main module: js/runtime.js's, over
// exports whose Japanese indexes come from the forms the script carries for its
// translation (js/wasm-index-forms.js says why). tools/build-package.mjs
// resolves js/loader.js's `./runtime.js` here for the classic format only;
// `@index-forms` is the translation's own data (build/wasm/full/no-wasm-data.js,
// bundled once: the translation imports the same file).
import { createRuntime as createModuleRuntime } from './runtime.js';
import { withIndexForms } from './wasm-index-forms.js';
import { indexForms } from '@index-forms';

/** As js/runtime.js's; the translation (which has `wrapRuntime`) already fills its indexes itself. */
export function createRuntime(exports) {
  return createModuleRuntime(exports.wrapRuntime === undefined ? withIndexForms(exports, indexForms) : exports);
}
