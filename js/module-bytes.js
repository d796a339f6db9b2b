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
import { Uint8Array, call, setElements, stringIndexOf, stringSlice } from './intrinsics.js';

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
      native = {
        inflate: (base64) => call(inflateRawSync, zlib, call(from, Buffer, base64, 'base64')),
        stored: (base64) => call(from, Buffer, base64, 'base64'),
      };
    }
  } catch {
    // a process object that only looks like Node's (a bundler's shim)
  }
  return native;
}

/**
 * The module's binary from its embedded form (tools/embed-module.mjs): base64
 * parts separated by '.', deflated and stored in turn, so that the inflater
 * never walks the range-coded CJK indexes, which deflate cannot shrink.
 * `inflate` is the entry's raw-deflate inflater (js/inflate.js).
 */
export function moduleBytes(embedded, inflate) {
  const decode = nodeDecoder();
  if (decode !== null) {
    try {
      return joinParts(embedded, decode.inflate, decode.stored);
    } catch {
      // fall through to the portable decoders
    }
  }
  return joinParts(embedded, (part) => inflate(decodeBase64(part)), decodeBase64);
}

/** The parts decoded (`inflate` for the even ones, `stored` for the odd) and joined into one binary. */
function joinParts(embedded, inflate, stored) {
  const parts = [];
  let total = 0;
  for (let start = 0, i = 0; start <= embedded.length; i++) {
    let end = call(stringIndexOf, embedded, '.', start);
    if (end < 0) end = embedded.length;
    const text = call(stringSlice, embedded, start, end);
    const bytes = i % 2 === 0 ? inflate(text) : stored(text);
    parts[i] = bytes;
    total += bytes.length;
    start = end + 1;
  }
  if (parts.length === 1) return parts[0];
  const joined = new Uint8Array(total);
  for (let i = 0, at = 0; i < parts.length; i++) {
    setElements(joined, parts[i], at);
    at += parts[i].length;
  }
  return joined;
}
