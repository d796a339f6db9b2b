// The legacy encoders' call into a module's encoder (the `encode` export,
// src/wasm/encode.rs: the main module only, feature `encoders`), added by
// js/loader.js to the main module's runtime (js/runtime.js), where
// text-encoding-wasm/extra's LegacyEncoder finds it. A file of its own so
// that the family host (dist/family-host.js), whose modules have no encoder,
// leaves it out.
import { FATAL, FRESH, LAST } from './wasm-abi.js';
import { charCodeAt, setElements, sliceElements, subarray } from './intrinsics.js';

/**
 * Adds to `runtime` encodeChunk(index, fatal, last, string, from, to, state,
 * cap): one call of the module's encoder, string units [from, to) with
 * encoding `index` ("html" mode unless fatal), from `state` (4 bytes; null:
 * a new encoder), into at most `cap` bytes. Returns [status, read, written,
 * unmappable code point, state, bytes]; `bytes` views the scratch buffer
 * until the next call. Returns `runtime`.
 */
export function withEncodeChunk(runtime) {
  const io = runtime.io;
  runtime.encodeChunk = (index, fatal, last, string, from, to, state, cap) => {
    io.ensure(cap, to - from);
    io.views();
    const { u16, statePtr } = io;
    for (let i = from, j = io.unitsAt; i < to; i++, j++) u16[j] = charCodeAt(string, i);
    let flags = (last ? LAST : 0) | (fatal ? FATAL : 0);
    if (state) setElements(io.u8, state, statePtr);
    else flags |= FRESH;
    const written = io.exports.encode(index, flags, 0, to - from, cap);
    io.views();
    const { u8, bytesPtr } = io;
    const r = sliceElements(io.u32, io.resultsAt, io.resultsAt + 4);
    return [r[0], r[1], written, r[3], sliceElements(u8, statePtr, statePtr + 4), subarray(u8, bytesPtr, bytesPtr + written)];
  };
  return runtime;
}
