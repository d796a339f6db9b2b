// dist/family-host.js (no subpath of its own): what the CJK family entries
// (text-encoding-wasm/japanese, /js/japanese, ...) share to add their module
// to the lite entry, which has no module and so none of this: the module
// host (js/module-host.js, with the inflater) and the runtime over a
// module's exports (js/runtime.js). One file for every family, so a page
// with two families loads it once.
import { inflateSync } from 'fflate';
import { hostModule } from '../module-host.js';
import { createRuntime } from '../runtime.js';

/**
 * Registers `family`'s module with the lite entry whose `ready` is given
 * (js/families.js's registerFamily, reached through a symbol on it): the
 * embedded module (`base64`, and `fallback`, the no-WebAssembly backend where
 * WebAssembly is missing or refused), or `instantiate` (the js entries: the
 * module's wasm2js translation, at once).
 */
export function addFamily(ready, family, { base64 = null, fallback = null, instantiate = null }) {
  ready[Symbol.for('text-encoding-wasm.register')](family, (attach, prefix) => {
    if (instantiate !== null) {
      attach(createRuntime(instantiate()));
      return { exports: () => null, kind: () => 'js', ready: () => Promise.resolve(), reinstantiate: () => attach(createRuntime(instantiate())) };
    }
    const host = hostModule({ what: `${prefix}/${family}`, base64, inflate: inflateSync, fallback, onExports: (exports) => attach(createRuntime(exports)) });
    host.boot();
    return host;
  });
}
