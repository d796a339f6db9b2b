// The bridge between the JS classes and the WebAssembly exports (src/wasm.rs).
// Only numbers cross: input is written into Rust-owned scratch buffers through
// typed-array views of the module's memory, output read back the same way.
// Input goes through in windows, so memory stays bounded whatever the input
// size (linear memory never shrinks). Any backend with the same exports (the
// WebAssembly module, or later its translation to plain JS) plugs in here.

import { unitsToString, unitsToStringTyped } from './units-to-string.js';
import { preferBranches } from './utf8-encode.js';

import { DECODE_WINDOW, growScratch, memoryViews } from './scratch.js';
import { ERROR, FATAL, FRESH, LAST, OUTPUT_FULL } from './wasm-abi.js';
import { UTF_8 } from './encodings.js';
import { Uint16Array, Uint8Array, charCodeAt, min, setElements, sliceElements, subarray } from './intrinsics.js';

/** Below this many units the runtime's own UTF-16LE decoder costs more than fromCharCode. */
const NATIVE_STRING_MIN = 64;

/**
 * The runtime's own TextDecoder, captured when this module loads: before a
 * polyfill entry replaces the global with ours. Used only to turn our
 * (always well-formed) UTF-16 units into a string; see nativeUtf16Decoder.
 */
// (Pure: a bundle that has this file without a module, such as /utf8's, leaves it out.)
const RuntimeTextDecoder = /* @__PURE__ */ (() => (typeof globalThis.TextDecoder === 'function' ? globalThis.TextDecoder : null))();

/**
 * A UTF-16LE decoder of the runtime's own, or null. It must pass a self-test:
 * a correct one reproduces well-formed units exactly, which is all we give it
 * (every decoder's output is well-formed: a lead surrogate waits in the
 * decoder's state for its trail). ignoreBOM, because a U+FEFF the text starts
 * with is the caller's business (§7.1's BOM rule, in text-decoder.js). Not
 * required to be "[native code]": Node's class is JavaScript around ICU.
 * Made on first need, never while loading: the package must start (and work)
 * whatever the runtime's class does.
 */
function nativeUtf16Decoder() {
  if (RuntimeTextDecoder === null) return null;
  try {
    const decoder = new RuntimeTextDecoder('utf-16le', { fatal: false, ignoreBOM: true });
    const sample = '\ufeffA\u00e9\ud83d\ude00\ufffd\u20ac\uffff\u0000z';
    const units = new Uint16Array(sample.length);
    for (let i = 0; i < sample.length; i++) units[i] = charCodeAt(sample, i);
    return decoder.decode(units) === sample ? decoder : null;
  } catch (_) {
    return null;
  }
}


/**
 * The runtime over a module's exports. `runtime.io` is its view of the
 * module: `exports`, the scratch buffers' layout (js/scratch.js: bytesCap,
 * unitsCap, bytesPtr, unitsAt, resultsAt, statePtr) and views of memory (u8,
 * u16, u32), kept current by io.ensure(bytes, units) and io.views() (call it
 * again after each call into the module: memory may have grown).
 */
export function createRuntime(exports) {
  const memory = exports.memory;
  // The build without WebAssembly runs in interpreters, which build strings from typed arrays faster (js/units-to-string.js).
  const toString = exports.wrapRuntime !== undefined ? unitsToStringTyped : unitsToString;
  const io = { exports, memory, ensure, views, bytesCap: 0, unitsCap: 0, buffer: null };
  const copy = (from) => {
    for (const key in from) io[key] = from[key];
  };

  function views() {
    if (memory.buffer !== io.buffer) copy(memoryViews(memory));
  }

  /** Grows the scratch buffers (never shrinks them) to hold `bytes` bytes and `units` units (js/scratch.js). */
  function ensure(bytes, units) {
    if (bytes > io.bytesCap || units > io.unitsCap) copy(growScratch(exports, io.bytesCap, io.unitsCap, bytes, units));
  }
  // (The buffers are made at the first call that needs them, not here: a
  // translation (js/no-wasm/lazy-core.js) makes its instance only then.)

  /** Per encoding index: whether this module decodes it (undefined until asked). */
  const included = [];

  /**
   * Whether the module has encoding `index`: its `decode` export answers
   * ERROR at once for an encoding its build leaves out (src/wasm/standard.rs).
   * Asked once per encoding, by decoding nothing.
   */
  function includes(index) {
    // UTF-8 is JavaScript's in every build (js/utf8-codec.js): the main module has no UTF-8 decoder.
    if (index === UTF_8) return true;
    if (included[index] === undefined) {
      ensure(1, 1);
      exports.decode(index, FRESH | LAST, 0);
      views();
      included[index] = io.u32[io.resultsAt] !== ERROR;
    }
    return included[index];
  }

  /** The runtime's UTF-16LE decoder (null: none usable), undefined until first needed. */
  let native16;

  /** The string of the `count` units at the start of the unit buffer. */
  function unitsToText(count) {
    if (count === 0) return '';
    if (count >= NATIVE_STRING_MIN) {
      if (native16 === undefined) native16 = nativeUtf16Decoder();
      if (native16 !== null) return native16.decode(subarray(io.u16, io.unitsAt, io.unitsAt + count));
    }
    return toString(io.u16, io.unitsAt, count);
  }

  if (exports.wrapRuntime !== undefined) preferBranches();
  const runtime = {
    io,

    /**
     * Strings for an interpreter (js/utf8-codec.js's typed mode): the build
     * without WebAssembly. Truthy or false; its wrapper (js/no-wasm/fast-decode.js)
     * may make it a function, the ASCII scan for UTF-8's typed mode.
     */
    typedStrings: exports.wrapRuntime !== undefined,

    /**
     * A copy of CJK index `which`'s unpacked array (`bytes` long: 0 jis0208,
     * 1 jis0212, 2 EUC-KR, 3 gb18030 in u16s, 4 Big5 in u32s), unpacked now if it
     * was not: the encoders module of /extra and /hooks takes its tables from
     * here (js/copy-index.js).
     */
    indexTable(which, bytes) {
      const at = exports.index_table(which);
      return sliceElements(new Uint8Array(memory.buffer, at, bytes));
    },

    /**
     * Whether this module has encoding `index` (a family module, or the full
     * one): labels and names are resolved in JavaScript over it
     * (js/label-index.js's withLabels; the modules carry no label table).
     */
    has: includes,

    /**
     * Decodes `input` (a Uint8Array) with encoding `index`, continuing from
     * `state` (16 bytes, or null for a new decoder). Returns
     * { text, state, error, offset, idle }: on a fatal error, `offset` is where the
     * unread input starts; `idle`: the decoder holds no bytes (for UTF-8:
     * it is as a new one, which lets js/text-decoder.js go back to JS).
     */
    decode(index, fatal, input, state, last) {
      const length = input.length;
      let text = '';
      let offset = 0;
      for (;;) {
        const n = min(length - offset, DECODE_WINDOW);
        ensure(n, n + 4);
        views();
        const { u8, statePtr } = io;
        // (No subarray when the input fits one window: a view costs more than a short copy.)
        setElements(u8, n === length ? input : subarray(input, offset, offset + n), io.bytesPtr);
        const isLast = last && offset + n === length;
        let flags = (isLast ? LAST : 0) | (fatal ? FATAL : 0);
        if (state) setElements(u8, state, statePtr);
        else flags |= FRESH;
        const written = exports.decode(index, flags, n);
        views();
        const { u32, resultsAt } = io;
        const status = u32[resultsAt];
        offset += u32[resultsAt + 1];
        text += unitsToText(written);
        // After the last window the decoder is new again (src/decode.rs).
        state = isLast && status !== OUTPUT_FULL ? null : sliceElements(io.u8, statePtr, statePtr + 16);
        if (status === ERROR) return { text, state, error: true, offset, idle: false };
        // OUTPUT_FULL cannot happen with room for n + 4 units (see
        // max_utf16_len), but if it did, the next call would go on from here.
        if (offset < length || status === OUTPUT_FULL) continue;
        return { text, state, error: false, offset, idle: u32[resultsAt + 3] === 1 };
      }
    },
  };
  // The build without WebAssembly adds its JavaScript decode loops (js/no-wasm/fast-decode.js, js/no-wasm.md).
  return exports.wrapRuntime !== undefined ? exports.wrapRuntime(runtime) : runtime;
}
