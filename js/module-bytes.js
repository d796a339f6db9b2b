// The embedded module's bytes (base64 of its raw-deflate stream, from
// tools/build-wasm.sh) -> the WebAssembly binary, by the cheapest decoder the
// engine has. Start-up is mostly this (docs/architecture/start-up.md): in Node
// a JavaScript inflate, run cold, took ~20 ms and the base64 loop ~9 ms of it, where
// zlib and Buffer, both native, take well under one. Elsewhere: the engine's
// base64 decoder where it has one (js/base64.js), and the inflater the entry
// bundles (js/inflate.js), since no browser offers a synchronous one
// (DecompressionStream is asynchronous only, and loading must stay synchronous
// where the engine allows it).
import { decodeBase64 } from './base64.js';
import { call } from './intrinsics.js';

/**
 * Node's process.getBuiltinModule (Node 20.16+, 22.3+; Bun, Deno) where
 * present, else undefined, taken at load (as js/intrinsics.js takes the
 * others): zlib's inflater and Buffer's base64 decoder come from it, both
 * native. Read through globalThis so that bundlers see no `process` to shim.
 */
// (Pure: a bundle that has this file but boots no module, such as /utf8's, leaves it out.)
const getBuiltinModule = /* @__PURE__ */ (() => {
  const ownProcess = typeof globalThis.process === 'object' && globalThis.process !== null ? globalThis.process : null;
  const own = ownProcess !== null && typeof ownProcess.getBuiltinModule === 'function' ? ownProcess.getBuiltinModule : undefined;
  return own === undefined ? undefined : (name) => call(own, ownProcess, name);
})();

/** Node's zlib + Buffer decoder, looked up at the first module's boot (at load); null where there is none. */
let native;

function nodeDecoder() {
  if (native !== undefined) return native;
  native = null;
  if (getBuiltinModule === undefined) return null;
  try {
    const zlib = getBuiltinModule('zlib');
    const buffer = getBuiltinModule('buffer');
    const inflateRawSync = zlib && zlib.inflateRawSync;
    const Buffer = buffer && buffer.Buffer;
    const from = Buffer && Buffer.from;
    if (typeof inflateRawSync === 'function' && typeof from === 'function') {
      native = (base64) => call(inflateRawSync, zlib, call(from, Buffer, base64, 'base64'));
    }
  } catch {
    // a process object that only looks like Node's (a bundler's shim)
  }
  return native;
}

/** The module's binary; `inflate` is the entry's raw-deflate inflater (js/inflate.js). */
export function moduleBytes(base64, inflate) {
  const decode = nodeDecoder();
  if (decode !== null) {
    try {
      return decode(base64);
    } catch {
      // fall through to the portable decoders
    }
  }
  return inflate(decodeBase64(base64));
}
