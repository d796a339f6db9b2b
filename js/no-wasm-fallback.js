// Where the wasm entries find the build without WebAssembly when the engine
// has none or refuses to compile (js/loader.js, fallBack). This file is a
// placeholder: tools/build-package.mjs replaces its contents per output format
// with a loader of the separate dist/no-wasm-backend*.{js,cjs} file, so the
// translated core (~100 KB gzip) is never part of the wasm entries:
//   ESM:  () => import('./no-wasm-backend.js')   (async: ready() resolves later)
//   CJS:  () => require('./no-wasm-backend.cjs') (synchronous)
//   classic scripts: null (no way to load a sibling file in every scope, e.g.
//   AudioWorklet; use the no-wasm classic script, dist/text-encoding-wasm.js.script.js)
export default null;
