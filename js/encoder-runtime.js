// The encoders' side of the bridge to a module (js/runtime.js has the
// decoders'): the encoders module's `encode` export (src/wasm/encode.rs) for
// LegacyEncoder (text-encoding-wasm/extra) and the hooks' encode (the CLI's
// transcode export has its own, js/cli/transcode-call.js, which only the CLI
// bundles). Only /extra, /hooks and the CLI bundle this: the
// standard entries and the family host have no encoder module to call. It
// makes no strings, so it does not bundle js/runtime.js's string building.
import { growScratch, memoryViews } from './scratch.js';
import { FATAL, FRESH, LAST } from './wasm-abi.js';
import { charCodeAt, setElements, sliceElements, subarray } from './intrinsics.js';

/**
 * The runtime of a module with the `encode` export (the encoders module):
 * `scratch` (its buffers, grown on demand, and views of its memory) and
 * encodeChunk.
 */
export function createEncoderRuntime(exports) {
  const memory = exports.memory;
  let at = { bytesCap: 0, unitsCap: 0, bytesPtr: 0, unitsAt: 0, resultsAt: 0, statePtr: 0 };
  let views = null;
  const runtime = {
    scratch(bytes, units) {
      if (bytes > at.bytesCap || units > at.unitsCap) at = growScratch(exports, at.bytesCap, at.unitsCap, bytes, units);
      if (views === null || memory.buffer !== views.buffer) views = memoryViews(memory);
      return { exports, u8: views.u8, u16: views.u16, u32: views.u32, bytesPtr: at.bytesPtr, unitsAt: at.unitsAt, resultsAt: at.resultsAt, statePtr: at.statePtr, bytesCap: at.bytesCap };
    },
  };
  return withEncoders(runtime);
}

/** `runtime` (with `scratch`, over a module with the `encode` export) with encodeChunk. */
function withEncoders(runtime) {
  /**
   * One call of the module's encoder, for the legacy encoders (js/extra/):
   * string units [from, to) with encoding `index` ("html" mode unless
   * fatal), from `state` (4 bytes; null: a new encoder), into at most `cap`
   * bytes. Returns [status, read, written, unmappable code point, state,
   * bytes]; `bytes` views the scratch buffer until the next call.
   */
  runtime.encodeChunk = (index, fatal, last, string, from, to, state, cap) => {
    let m = runtime.scratch(cap, to - from);
    const u16 = m.u16;
    for (let i = from, j = m.unitsAt; i < to; i++, j++) u16[j] = charCodeAt(string, i);
    let flags = (last ? LAST : 0) | (fatal ? FATAL : 0);
    if (state) setElements(m.u8, state, m.statePtr);
    else flags |= FRESH;
    const written = m.exports.encode(index, flags, 0, to - from, cap);
    m = runtime.scratch(0, 0);
    const r = sliceElements(m.u32, m.resultsAt, m.resultsAt + 4);
    return [r[0], r[1], written, r[3], sliceElements(m.u8, m.statePtr, m.statePtr + 4), subarray(m.u8, m.bytesPtr, m.bytesPtr + written)];
  };

  return runtime;
}
