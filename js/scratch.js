import { Uint16Array, Uint32Array, Uint8Array, max } from './intrinsics.js';
// The scratch buffers every module has (src/wasm.rs: `scratch`,
// `scratch_units`, `scratch_results`, `scratch_state`), as each runtime
// (js/runtime.js, js/extra/variants-runtime.js) sees them: typed-array views of
// the module's memory, and the buffers' addresses after growing them. The
// runtimes keep what these return in local variables, which their loops read.

/** Bytes decoded per call (js/runtime.js): with 2 bytes of output per input byte, 768 KiB of scratch. */
export const DECODE_WINDOW = 1 << 18;

/** Views of `memory`'s current buffer: { buffer, u8, u16, u32 } (made again only when memory has grown). */
export function memoryViews(memory) {
  const buffer = memory.buffer;
  return { buffer, u8: new Uint8Array(buffer), u16: new Uint16Array(buffer), u32: new Uint32Array(buffer) };
}

/**
 * Grows the module's scratch buffers (never shrinks them) to hold at least
 * `bytes` bytes and `units` code units, from capacities `bytesCap` and
 * `unitsCap`. Geometric growth: the module's allocator does not reuse
 * memory, so the buffers given up must add up to less than the final ones.
 * Returns the new capacities and addresses (unitsAt and resultsAt as indexes
 * into u16 and u32).
 */
export function growScratch(exports, bytesCap, unitsCap, bytes, units) {
  bytesCap = max(bytesCap * 2, bytes, 256);
  unitsCap = max(unitsCap * 2, units, 256);
  const bytesPtr = exports.scratch(bytesCap, unitsCap);
  return {
    bytesCap,
    unitsCap,
    bytesPtr,
    unitsAt: exports.scratch_units() >>> 1,
    resultsAt: exports.scratch_results() >>> 2,
    statePtr: exports.scratch_state(),
  };
}
