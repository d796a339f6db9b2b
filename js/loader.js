// Loading the backend: the one place that knows where the implementation comes
// from. Today that is the embedded WebAssembly module; a build without
// WebAssembly (issue: legacy runtimes) plugs in through `useBackend`.
import { inflateSync } from 'fflate';
import { decodeBase64 } from './base64.js';
import { createRuntime } from './runtime.js';

let runtime = null;
let pending = null;
let failure = null;
/** Which backend is running: 'wasm', 'js' (the module translated by wasm2js, js/no-wasm.md) or null. */
let active = null;

/** Installs a backend: an object with the exports of src/wasm.rs and `memory`. */
export function useBackend(exports, kind = 'wasm') {
  runtime = createRuntime(exports);
  // The build without WebAssembly adds its JavaScript decode loops (js/no-wasm/fast-decode.js).
  if (typeof exports.wrapRuntime === 'function') runtime = exports.wrapRuntime(runtime);
  failure = null;
  active = kind;
  return runtime;
}

/** 'wasm' or 'js' once loaded, null before (tests assert it: a silent fallback would hide a broken wasm path). */
export function backend() {
  return active;
}

/** The runtime, or a TypeError that says why there is none yet. */
export function getRuntime(context) {
  if (runtime) return runtime;
  const why = failure ? ` (${failure && failure.message})` : '';
  throw new TypeError(`${context}: text-encoding-wasm is not initialised yet${why}; await ready() first.`);
}

/**
 * The module's exports. It imports nothing (tools/build-wasm.sh checks): its
 * exports take and return numbers only, so wasm-bindgen's JS glue, which would
 * add 2.8 KB to every entry, is not needed to call them.
 */
function instantiate(module) {
  const imports = {};
  for (const { module: name } of WebAssembly.Module.imports(module)) imports[name] = {};
  return new WebAssembly.Instance(module, imports).exports;
}

/**
 * Instantiates the embedded module (raw-deflated, base64: tools/build-wasm.sh): synchronously where the engine allows it
 * (Node, workers, current Chromium), otherwise asynchronously, in which case
 * `ready()` resolves once done.
 */
export function boot(base64, loadJsBackend = null) {
  if (runtime || pending) return;
  if (typeof WebAssembly !== 'object' || WebAssembly === null) {
    failure = new TypeError('this runtime has no WebAssembly');
    fallBack(loadJsBackend);
    return;
  }
  const bytes = inflateSync(decodeBase64(base64));
  try {
    useBackend(instantiate(new WebAssembly.Module(bytes)));
    return;
  } catch (error) {
    failure = error;
  }
  if (typeof WebAssembly.compile === 'function') {
    pending = WebAssembly.compile(bytes)
      .then((module) => useBackend(instantiate(module)))
      .catch((error) => {
        failure = error;
        pending = null;
        // Compiling was refused (a CSP without 'wasm-unsafe-eval', iOS
        // lockdown mode, ...): the same core, translated to JS.
        fallBack(loadJsBackend);
        if (runtime) return runtime;
        if (pending) return pending;
        throw failure;
      });
    pending.catch(() => {});
  } else {
    fallBack(loadJsBackend);
  }
}

/**
 * Where WebAssembly is missing or refused: the build's no-wasm backend
 * (js/no-wasm-fallback.js), which is a separate file loaded only then.
 * `load` returns the backend's instantiate function (CommonJS: at once) or a
 * promise of it (ESM: a dynamic import), or is null (classic scripts).
 */
function fallBack(load) {
  if (load === null) {
    const why = failure && failure.message;
    failure = new TypeError(`${why}; use the build without WebAssembly: text-encoding-wasm/js (or its classic script, text-encoding-wasm/js/script)`);
    return;
  }
  let loaded;
  try {
    loaded = load();
  } catch (error) {
    failure = error;
    return;
  }
  if (typeof loaded === 'function') {
    useBackend(loaded(), 'js');
    return;
  }
  pending = Promise.resolve(loaded)
    .then((instantiateJs) => useBackend(instantiateJs(), 'js'))
    .catch((error) => {
      failure = error;
      pending = null;
      throw error;
    });
  pending.catch(() => {});
}

/** Resolves when the classes are usable (at once where loading was synchronous). */
export function ready() {
  if (runtime) return Promise.resolve();
  if (pending) return pending.then(() => undefined);
  return Promise.reject(failure || new TypeError('text-encoding-wasm: no backend could be loaded'));
}
