// Loading the backend of the standard entries: the one place that knows where
// the implementation comes from. The wasm entries boot the embedded module
// through the module host (js/module-host.js: synchronous where allowed, else
// behind ready(), the no-WebAssembly build where WebAssembly is missing or
// refused); the js entries install the wasm2js translation with useBackend.
import { inflateSync } from 'fflate';
import { hostModule } from './module-host.js';
import { createRuntime } from './runtime.js';

let runtime = null;
let host = null;
/** Which backend is running: 'wasm', 'js' (the module translated by wasm2js, js/no-wasm.md) or null. */
let active = null;

/** Installs a backend: an object with the exports of src/wasm.rs and `memory`. */
export function useBackend(exports, kind = 'wasm') {
  runtime = createRuntime(exports);
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
  if (host) host.exports(context);
  throw new TypeError(`${context}: text-encoding-wasm is not initialised yet; await ready() first.`);
}

/**
 * Discards the module instance and its runtime and makes a fresh one (after a
 * wasm trap, whose instance may be left inconsistent); returns the new runtime.
 */
export function reinstantiate() {
  if (host === null) throw new TypeError('text-encoding-wasm: no module to reinstantiate');
  host.reinstantiate();
  return runtime;
}

/**
 * Boots the embedded module (raw-deflated, base64). `loadJsBackend` returns
 * the no-WebAssembly backend (made per format by tools/build-package.mjs: a
 * dynamic import, a require), or is null (classic scripts).
 */
export function boot(base64, loadJsBackend = null) {
  if (runtime || host) return;
  host = hostModule({
    what: 'text-encoding-wasm',
    base64,
    inflate: inflateSync,
    fallback: loadJsBackend,
    fallbackHint: 'use the build without WebAssembly: text-encoding-wasm/js (or its classic script, text-encoding-wasm/js/script)',
    onExports: (exports, kind) => useBackend(exports, kind),
  });
  host.boot();
}

/** Resolves when the classes are usable (at once where loading was synchronous). */
export function ready() {
  if (runtime) return Promise.resolve();
  if (host) return host.ready();
  return Promise.reject(new TypeError('text-encoding-wasm: no backend could be loaded'));
}
