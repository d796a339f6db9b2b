// The one host for every WebAssembly module the package ships (the main
// module, the UTF-8 variants' module of /extra, the detector's of /detect):
// decodes the embedded bytes (raw deflate, base64: tools/build-wasm.sh; by
// js/module-bytes.js), or takes the module another same-origin window of the
// page already compiled from the same bytes (js/module-cache.js),
// instantiates synchronously where the engine allows it (Node, workers, current
// Chromium), else asynchronously behind ready(), and where WebAssembly is
// missing or compiling is refused (a CSP without 'wasm-unsafe-eval', iOS
// lockdown mode) falls back to the module's no-WebAssembly translation when the
// entry offers one. After a trap an instance's memory may be inconsistent:
// reinstantiate() discards it and makes a fresh one from the compiled module.
import { moduleBytes } from './module-bytes.js';
import { shareModule, sharedModule } from './module-cache.js';

/**
 * The module's exports. Every module imports nothing (tools/build-wasm.sh and
 * tools/build-detect.sh check): its exports take and return numbers only, so
 * wasm-bindgen's JS glue is not needed to call them, and there is no import
 * object to make (asking WebAssembly.Module.imports for it was a native call
 * and an iterator at every start-up).
 */
function instantiate(module) {
  return new WebAssembly.Instance(module, {}).exports;
}

/**
 * Hosts one module. `what` names it in errors; `inflate` unpacks the bytes;
 * `fallback` is null, or returns the no-WebAssembly backend's instantiate
 * function (at once, CommonJS) or a promise of it (ESM: a dynamic import);
 * `fallbackHint` says what to import instead when there is no fallback;
 * `onExports(exports, kind)` is called with each instance's exports ('wasm' or 'js').
 */
export function hostModule({ what, base64, inflate, fallback = null, fallbackHint = '', onExports }) {
  let compiled = null;
  let instantiateJs = null;
  let exportsOf = null;
  let kind = null;
  let pending = null;
  let failure = null;

  function use(exports, k) {
    exportsOf = exports;
    kind = k;
    failure = null;
    if (onExports) onExports(exports, k);
    return exports;
  }

  function fallBack() {
    if (fallback === null) {
      const why = failure && failure.message;
      failure = new TypeError(`${what}: ${why}${fallbackHint ? `; ${fallbackHint}` : ''}`);
      return;
    }
    let loaded;
    try {
      loaded = fallback();
    } catch (error) {
      failure = error;
      return;
    }
    if (loaded === undefined) {
      // A bundler left the backend file out (the package's browser field maps it to an empty module).
      failure = new TypeError(`${what}: ${failure && failure.message}, and this bundle leaves out the build without WebAssembly${fallbackHint ? `; ${fallbackHint}` : ''}`);
      return;
    }
    if (typeof loaded === 'function') {
      instantiateJs = loaded;
      use(loaded(), 'js');
      return;
    }
    pending = Promise.resolve(loaded)
      .then((make) => {
        instantiateJs = make;
        use(make(), 'js');
      })
      .catch((error) => {
        failure = error;
        pending = null;
        throw error;
      });
    pending.catch(() => {});
  }

  /** Loads the module (once): synchronously where allowed, else behind ready(). */
  function boot() {
    if (exportsOf || pending) return;
    if (typeof WebAssembly !== 'object' || WebAssembly === null) {
      failure = new TypeError('this runtime has no WebAssembly');
      fallBack();
      return;
    }
    const shared = sharedModule(base64);
    if (shared !== null) {
      try {
        use(instantiate(shared), 'wasm');
        compiled = shared;
        return;
      } catch {
        // an engine that will not instantiate another realm's module: compile our own
      }
    }
    let bytes;
    try {
      bytes = moduleBytes(base64, inflate);
      compiled = new WebAssembly.Module(bytes);
      use(instantiate(compiled), 'wasm');
      shareModule(base64, compiled);
      return;
    } catch (error) {
      failure = error;
    }
    if (bytes && typeof WebAssembly.compile === 'function') {
      pending = WebAssembly.compile(bytes)
        .then((module) => {
          compiled = module;
          use(instantiate(module), 'wasm');
          shareModule(base64, module);
        })
        .catch((error) => {
          failure = error;
          pending = null;
          fallBack();
          if (exportsOf) return;
          if (pending) return pending;
          throw failure;
        });
      pending.catch(() => {});
    } else {
      fallBack();
    }
  }

  return {
    boot,
    /** The exports, or a TypeError that says why there are none yet. */
    exports(context) {
      if (exportsOf) return exportsOf;
      const why = failure ? ` (${failure.message})` : '';
      // Where WebAssembly failed, also say what loads at once instead.
      throw new TypeError(`${context}: ${what} is not initialised yet${why}; await ready() first${failure && fallback !== null && fallbackHint ? `, or ${fallbackHint}` : ''}.`);
    },
    /** 'wasm' or 'js' once loaded, null before. */
    kind: () => kind,
    /** Resolves when the exports are usable (at once where loading was synchronous). */
    ready() {
      if (exportsOf) return Promise.resolve();
      if (pending) return pending.then(() => undefined);
      return Promise.reject(failure || new TypeError(`${what}: no backend could be loaded`));
    },
    /** Discards the instance (e.g. after a trap) and makes a fresh one from the same compiled module; returns its exports. */
    reinstantiate() {
      if (compiled !== null) return use(instantiate(compiled), 'wasm');
      if (instantiateJs !== null) return use(instantiateJs(), 'js');
      throw new TypeError(`${what}: nothing to reinstantiate (the module was never loaded)`);
    },
  };
}
