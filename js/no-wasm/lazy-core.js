// A translation's exports whose instance is made at the first call into it,
// not when the entry loads (tools/build-no-wasm.mjs puts this around the
// standard decoders' translations). Making the instance makes V8 compile
// wasm2js's asmFunc in full (38 KB minified: until then only pre-parsed),
// runs it (its memory, ~70 closures) and writes its data segments in
// (js/no-wasm/module-data.js): ~2 ms of the import under `node --jitless`,
// more than a start-up's whole Shift_JIS decode, which the JavaScript loops
// (js/no-wasm/fast-decode.js) finish without the core. An input the loops
// leave to the core (an error, streaming state, ISO-2022-JP, ...) makes it
// then. docs/speed-log.md, "Start-up of the build without WebAssembly".

/**
 * An object with the exports `names` (functions) and `memory` of the
 * instance `make()` returns, made at the first call of one of them or the
 * first read of `memory.buffer`. Once it is made, the object's own
 * properties that still hold a stand-in are replaced by the instance's
 * functions; a caller that kept a stand-in (js/no-wasm/unpack-index.js wraps
 * some) goes on through it, one call more.
 */
export function lazyCore(make, names) {
  let core = null;
  const exports = {};
  const standIns = {};
  function load() {
    if (core !== null) return core;
    core = make();
    for (let i = 0; i < names.length; i++) {
      const name = names[i];
      if (exports[name] === standIns[name]) exports[name] = core[name];
    }
    return core;
  }
  for (let i = 0; i < names.length; i++) {
    const name = names[i];
    // Five parameters: no export takes more (src/wasm.rs); no `arguments` object per call.
    standIns[name] = exports[name] = (a, b, c, d, e) => (core === null ? load() : core)[name](a, b, c, d, e);
  }
  // wasm2js's memory has `buffer` and `grow`; nothing here grows it from outside.
  exports.memory = {
    get buffer() {
      return (core === null ? load() : core).memory.buffer;
    },
  };
  return exports;
}
