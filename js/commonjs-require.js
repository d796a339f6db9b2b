// The CommonJS files of the package are thin wrappers over its ES modules
// (Node's require(esm)), so import and require share one module instance. A
// CommonJS bundle used to require its no-WebAssembly backend synchronously
// where WebAssembly is missing (node --jitless): usable on the next line. An
// ES module can only import() it, which resolves later. So each wrapper
// (dist/*.cjs) hands its `require` here before it requires the ES module, and
// the wasm entries' fallback (tools/build-package.mjs, @no-wasm-fallback)
// requires the backend through it when one was handed over. The package ships
// this file once (dist/commonjs-require.js), imported by every ES entry, so
// that the wrapper and the entry see the same binding.

/** The require function of the first CommonJS wrapper loaded, or null (ESM only, or a bundle). */
let commonJsRequire = null;

/** Called by each dist/*.cjs wrapper with its own require (resolving from dist/, where the backends are). */
export function useRequire(require) {
  if (commonJsRequire === null && typeof require === 'function') commonJsRequire = require;
}

/**
 * The no-WebAssembly backend `file` (./no-wasm-backend*.js) loaded synchronously,
 * i.e. its instantiate function; undefined where no CommonJS wrapper handed its
 * require over, or where that require cannot load it (then the caller imports it).
 */
export function requireBackend(file) {
  if (commonJsRequire === null) return undefined;
  try {
    return commonJsRequire(file).default;
  } catch {
    return undefined;
  }
}
