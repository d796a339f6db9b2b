// The embedded module's bytes (base64 of its raw-deflate stream, from
// tools/build-wasm.sh) -> the WebAssembly binary, by the cheapest decoder the
// engine has. Start-up is mostly this (ARCHITECTURE.md, "Start-up"): in Node
// a JavaScript inflate, run cold, took ~20 ms and the base64 loop ~9 ms of it, where
// zlib and Buffer, both native, take well under one. Elsewhere: the engine's
// base64 decoder where it has one (js/base64.js), and the inflater the entry
// bundles (js/inflate.js), since no browser offers a synchronous one
// (DecompressionStream is asynchronous only, and loading must stay synchronous
// where the engine allows it).
import { decodeBase64 } from './base64.js';
import { call, getBuiltinModule } from './intrinsics.js';

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
