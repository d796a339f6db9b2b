// The detector module's one import (detect/encoding-shim/src/host.rs):
// chardetng's CJK candidates decode with the main module's decoders, so the
// detector's module carries no decoders or tables of its own. Each call copies
// the bytes and the candidate's 16 state bytes from the detector's memory into
// the main module's scratch buffers (js/scratch.js, through the main runtime's
// `io`), runs its `decode` export in fatal mode (src/wasm/standard.rs), and
// copies the state and the UTF-16 units back. Nothing is kept between calls:
// each candidate's state lives in the detector's state, which lives in JS.
//
// chardetng feeds the CJK candidates one byte at a time (ASCII bytes of a
// decoder holding nothing are answered in the shim without a call), so this
// runs once per non-ASCII byte and candidate: plain loops, no allocation.
import { FATAL, FRESH, LAST } from '../wasm-abi.js';
import { Uint16Array, Uint32Array, Uint8Array, setElements, subarray } from '../intrinsics.js';

/** Above this many bytes a copy is one set() of a subarray, below it a loop (a view costs more than a short copy). */
const LOOP_MAX = 32;

/**
 * Current views of the main module's memory in `io` (js/runtime.js's
 * io.views(), without reading memory.buffer, a slow getter, on every call):
 * growing a WebAssembly memory detaches its old buffer, so a view of length 0
 * is a stale one. `detached`: the memory is one that detaches (detaches()).
 */
function mainViews(io, detached) {
  const u8 = io.u8;
  if (u8 === undefined || u8.length === 0 || !detached) io.views();
}

/** WebAssembly.Memory, captured at load (a tampering test replaces globals later). */
const WasmMemory = typeof WebAssembly === 'object' && WebAssembly !== null ? WebAssembly.Memory : undefined;

/**
 * Whether growing `memory` detaches its old buffer: a WebAssembly memory's
 * does; the no-WebAssembly translation's (wasm2js) may not, so for it views
 * are checked the slow way.
 */
function detaches(memory) {
  return WasmMemory !== undefined && memory instanceof WasmMemory;
}

/**
 * The import object for the detector's module. `detectMemory()` is the
 * current detector instance's memory, `mainIo()` the main runtime's `io`
 * (js/runtime.js), both looked up again by js/detect/encoding-detector.js
 * before each call into the detector (a trap replaces either instance).
 */
export function mainDecoderImports(detectMemory, mainIo) {
  let lastIo = null;
  let detached = false;
  let memory = null;
  let bytes = null;
  let halves = null;
  let words = null;

  function decode(index, fresh, last, state, src, len, dst, cap) {
    const io = mainIo();
    if (io !== lastIo) {
      lastIo = io;
      detached = detaches(io.memory);
    }
    if (len > io.bytesCap || len + 4 > io.unitsCap) io.ensure(len, len + 4);
    mainViews(io, detached);
    if (detectMemory() !== memory || bytes.length === 0) {
      memory = detectMemory();
      const buffer = memory.buffer;
      bytes = new Uint8Array(buffer);
      halves = new Uint16Array(buffer);
      words = new Uint32Array(buffer);
    }
    const u8 = io.u8;
    const at = io.bytesPtr;
    if (len <= LOOP_MAX) for (let i = 0; i < len; i++) u8[at + i] = bytes[src + i];
    else setElements(u8, subarray(bytes, src, src + len), at);
    const statePtr = io.statePtr;
    // The 16 state bytes as four words where both sides are aligned (host.rs aligns its side).
    const aligned = ((state | statePtr) & 3) === 0;
    if (!fresh) copyState(aligned, bytes, words, state, u8, io.u32, statePtr);
    const written = io.exports.decode(index, FATAL | (fresh ? FRESH : 0) | (last ? LAST : 0), len);
    mainViews(io, detached); // (the main module may have grown its memory: a CJK index unpacked at first use)
    copyState(aligned, io.u8, io.u32, statePtr, bytes, words, state);
    const u16 = io.u16;
    const unitsAt = io.unitsAt;
    const to = dst >>> 1;
    // (More than `cap` units cannot be written in the room given: host.rs then panics, as chardetng would have.)
    const n = written < cap ? written : cap;
    for (let i = 0; i < n; i++) halves[to + i] = u16[unitsAt + i];
    const results = io.resultsAt;
    const u32 = io.u32;
    // Packed as host.rs unpacks it: status (0 input empty, 1 output full, 2 error), idle, written, read.
    return u32[results] | (u32[results + 3] << 2) | (written << 3) | (u32[results + 1] << 16);
  }

  return { main: { decode } };
}

/** Copies 16 state bytes from `from` to `to` (addresses in bytes), as words when both are aligned. */
function copyState(aligned, fromBytes, fromWords, from, toBytes, toWords, to) {
  if (aligned) {
    const f = from >>> 2;
    const t = to >>> 2;
    toWords[t] = fromWords[f];
    toWords[t + 1] = fromWords[f + 1];
    toWords[t + 2] = fromWords[f + 2];
    toWords[t + 3] = fromWords[f + 3];
  } else {
    for (let i = 0; i < 16; i++) toBytes[to + i] = fromBytes[from + i];
  }
}
