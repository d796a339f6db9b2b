// The detector module's one import (detect/encoding-shim/src/host.rs):
// chardetng's CJK candidates decode with the main module's decoders, so the
// detector's module carries no decoders or tables of its own. Each call copies
// the bytes and the candidate's 16 state bytes from the detector's memory into
// the main module's scratch buffers (js/scratch.js, through the main runtime's
// `io`), runs its `decode` export in fatal mode (src/wasm/standard.rs), and
// copies the state and the UTF-16 units back. Nothing is kept between calls:
// each candidate's state lives in the detector's state, which lives in JS.
//
// chardetng feeds the CJK candidates one byte at a time, but the shim answers
// ASCII bytes of a decoder holding nothing itself and remembers the steps it
// has seen (host.rs), so this runs seldom: plain byte loops (a subarray view
// or word copies measured no faster), no allocation.
import { FATAL, FRESH, LAST } from '../wasm-abi.js';
import { Uint8Array } from '../intrinsics.js';

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
 * Set when the main module trapped inside the import (its instance may hold
 * its scratch lock): js/detect/encoding-detector.js then has the main entry
 * make a fresh one. A plain store, no call: the trap may have been the stack
 * running out.
 */
let mainTrapped = false;

/** Reads and clears mainTrapped. */
export function takeMainTrap() {
  const trapped = mainTrapped;
  mainTrapped = false;
  return trapped;
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
      bytes = new Uint8Array(memory.buffer);
    }
    copy(bytes, src, io.u8, io.bytesPtr, len);
    const statePtr = io.statePtr;
    if (!fresh) copy(bytes, state, io.u8, statePtr, 16);
    let written;
    try {
      written = io.exports.decode(index, FATAL | (fresh ? FRESH : 0) | (last ? LAST : 0), len);
    } catch (error) {
      mainTrapped = true;
      throw error;
    }
    mainViews(io, detached); // (the main module may have grown its memory: a CJK index unpacked at first use)
    copy(io.u8, statePtr, bytes, state, 16);
    // (More than `cap` units cannot be written in the room given: host.rs then traps, as chardetng would have.)
    copy(io.u8, 2 * io.unitsAt, bytes, dst, 2 * (written < cap ? written : cap));
    const results = io.resultsAt;
    const u32 = io.u32;
    // Packed as host.rs unpacks it: status (0 input empty, 1 output full, 2 error), idle, written, read.
    return u32[results] | (u32[results + 3] << 2) | (written << 3) | (u32[results + 1] << 16);
  }

  return { main: { decode } };
}

/** Copies `n` bytes (few: the cache in host.rs leaves single bytes and ISO-2022-JP's ≤ 1 KiB calls). */
function copy(from, at, to, into, n) {
  for (let i = 0; i < n; i++) to[into + i] = from[at + i];
}
