// dist/family-host.js (no subpath of its own): what the CJK family entries
// (text-encoding-wasm/japanese, /js/japanese, ...) share to add their module
// to the lite entry, which has no module and so none of this: the module
// host (js/module-host.js, with the inflater) and the runtime over a
// module's exports (js/runtime.js). One file for every family, so a page
// with two families loads it once.
import { inflateRaw } from '../inflate.js';
import { hostModule } from '../module-host.js';
import { createRuntime } from '../runtime.js';
import { guardRuntime } from '../trap-guard.js';

/**
 * Registers `family`'s module with the lite entry whose `ready` is given
 * (js/families.js's registerFamily, reached through a symbol on it): the
 * embedded module (`base64`, and `fallback`, the no-WebAssembly backend where
 * WebAssembly is missing or refused), or `instantiate` (the js entries: the
 * module's wasm2js translation, at once).
 */
export function addFamily(ready, family, { base64 = null, fallback = null, instantiate = null }) {
  ready[Symbol.for('text-encoding-wasm.register')](family, (attach, prefix) => {
    const what = `${prefix}/${family}`;
    let host;
    // The lite entry's own runtime calls no module, so the trap guard is here:
    // a trap in this module reinstantiates it (js/trap-guard.js), and the
    // call that trapped gets a RangeError naming it.
    const use = (exports) => attach(guardRuntime(createRuntime(exports), ['decode'], () => host.reinstantiate(), what));
    if (instantiate !== null) {
      host = { exports: () => null, kind: () => 'js', ready: () => Promise.resolve(), reinstantiate: () => use(instantiate()) };
      use(instantiate());
      return host;
    }
    host = hostModule({ what, base64, inflate: inflateRaw, fallback, onExports: use });
    host.boot();
    return host;
  });
}
