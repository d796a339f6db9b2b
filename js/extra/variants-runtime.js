// The bridge to the variants module (src/wasm/variants.rs): WTF-8, CESU-8,
// modified UTF-8 and 1996 UTF-8, which the standard entries do not carry. Same
// conventions as js/runtime.js (numbers cross, data goes through the module's
// scratch buffers, state travels with the JS object), but a module of its own,
// which the entry supplies (useVariantsBackend): the WebAssembly module
// embedded in the extra bundle (js/extra/variants-wasm.js), or its wasm2js
// translation in the build without WebAssembly; made at first use.
//
// Strings are always built with String.fromCharCode here, never with the
// runtime's UTF-16LE TextDecoder (as js/runtime.js does when it can): WTF-8 and
// modified UTF-8 decode to lone surrogates, which a UTF-16LE decoder would turn
// into U+FFFD, and losing nothing is their point.

import { concatBytes } from '../concat-bytes.js';
import { unitsToString } from '../units-to-string.js';

import { growScratch, memoryViews } from '../scratch.js';
import { guardRuntime } from '../trap-guard.js';
import { ERROR, FATAL, FRESH, LAST, OUTPUT_FULL } from '../wasm-abi.js';
import { Uint32Array, charCodeAt, max, min, setElements, sliceElements, subarray } from '../intrinsics.js';

export { CESU8, ERROR, MODIFIED_UTF8, OUTPUT_FULL, WTF8 } from '../wasm-abi.js';

/** Bytes (decode) or units (encode) per call: bounded scratch for any input size. */
const WINDOW = 1 << 16;

let runtime = null;
/** The runtime's methods that call the module. */
const MODULE_CALLS = ['decode', 'encode', 'modifiedUtf8Length', 'decode1996', 'encode1996'];
/** A function returning the module's exports (memory included); set by the entry. */
let instantiateBackend = null;

/** Called by the entry: where the variants module comes from. */
export function useVariantsBackend(instantiate) {
  instantiateBackend = instantiate;
}

/** The runtime, made on first use (the module compiles in well under a millisecond). */
export function variantsRuntime() {
  if (runtime === null) {
    if (typeof instantiateBackend !== 'function') {
      throw new TypeError('text-encoding-wasm/extra: no backend for the UTF-8 variants (mismatched package copies?).');
    }
    // After a trap the next call makes a fresh instance (js/trap-guard.js).
    runtime = guardRuntime(createVariantsRuntime(instantiateBackend()), MODULE_CALLS, () => {
      runtime = null;
    }, 'text-encoding-wasm/extra (the UTF-8 variants)');
  }
  return runtime;
}

function createVariantsRuntime(exports) {
  const memory = exports.memory;
  let bytesCap = 0;
  let unitsCap = 0;
  let valuesCap = 0;
  let bytesPtr = 0;
  let unitsAt = 0;
  let valuesAt = 0;
  let resultsAt = 0;
  let statePtr = 0;
  let buffer = null;
  let u8, u16, u32;

  function views() {
    if (memory.buffer !== buffer) ({ buffer, u8, u16, u32 } = memoryViews(memory));
  }

  /** Grows the scratch buffers geometrically (js/scratch.js), and the UCS-4 value buffer of 1996 UTF-8. */
  function ensure(bytes, units, values = 0) {
    if (bytes > bytesCap || units > unitsCap) {
      ({ bytesCap, unitsCap, bytesPtr, unitsAt, resultsAt, statePtr } = growScratch(exports, bytesCap, unitsCap, bytes, units));
    }
    if (values > valuesCap) {
      valuesCap = max(valuesCap * 2, values, 256);
      valuesAt = exports.scratch_values(valuesCap) >>> 2;
    }
    views();
  }
  ensure(256, 256);

  function setState(state, size) {
    if (state === null) return FRESH;
    setElements(u8, subarray(state, 0, size), statePtr);
    return 0;
  }

  return {
    /**
     * Decodes `input` with variant `kind` from `state` (16 bytes; null: new)
     * whose decoder was `idle`; `input` starts at stream offset `base`, and
     * the sequence still open (if not idle) began at stream offset `openSince`.
     * Returns { text, state, idle, openSince, error }; on an error (fatal
     * mode), `error` is { offset, start, end }: the malformed subpart's stream
     * offset, and its part in `input` (start 0 when it began in an earlier call).
     */
    decode(kind, fatal, input, state, idle, openSince, base, last) {
      let text = '';
      let offset = 0;
      for (;;) {
        const n = min(input.length - offset, WINDOW);
        ensure(n, n + 4);
        setElements(u8, subarray(input, offset, offset + n), bytesPtr);
        const isLast = last && offset + n === input.length;
        const flags = (isLast ? LAST : 0) | (fatal ? FATAL : 0) | setState(state, 16);
        const written = exports.variant_decode(kind, flags, n);
        views();
        const [status, read, , idleAfter, start, restored] = subarray(u32, resultsAt, resultsAt + 6);
        text += unitsToString(u16, unitsAt, written);
        if (status === ERROR) {
          // A subpart at this call's first byte, while a sequence was open, began with that sequence.
          const at = start === 0 && !idle ? openSince : base + offset + start;
          return { text, state: null, idle: true, openSince: 0, error: { offset: at, start: offset + start, end: offset + read - restored } };
        }
        offset += read;
        idle = idleAfter === 1;
        // `start` is then how many bytes read so far the decoder holds.
        if (!idle) openSince = base + offset - start;
        state = isLast && status !== OUTPUT_FULL ? null : sliceElements(u8, statePtr, statePtr + 16);
        if (offset < input.length || status === OUTPUT_FULL) continue;
        return { text, state, idle, openSince, error: null };
      }
    },

    /**
     * Encodes string units [from, to) with variant `kind`, from `held` (a lead
     * surrogate, 0: none), into at most `cap` bytes (null: as many as needed).
     * Returns { bytes, read, held, status }; `bytes` is a copy.
     */
    encode(kind, fatal, string, from, to, held, last, cap) {
      const pieces = [];
      let read = from;
      let total = 0;
      for (;;) {
        let end = min(to, read + WINDOW);
        if (end < to && (charCodeAt(string, end - 1) & 0xfc00) === 0xd800) end--;
        const units = end - read;
        const need = 3 * (units + 1);
        const room = cap === null ? need : min(need, cap - total);
        ensure(room, units);
        for (let i = read, j = unitsAt; i < end; i++, j++) u16[j] = charCodeAt(string, i);
        u8[statePtr] = held & 0xff;
        u8[statePtr + 1] = held >>> 8;
        const isLast = last && end === to;
        const written = exports.variant_encode(kind, (isLast ? LAST : 0) | (fatal ? FATAL : 0), units, room);
        views();
        const status = u32[resultsAt];
        read += u32[resultsAt + 1];
        held = u8[statePtr] | (u8[statePtr + 1] << 8);
        pieces[pieces.length] = sliceElements(u8, bytesPtr, bytesPtr + written);
        total += written;
        if (status === ERROR || status === OUTPUT_FULL || end === to) {
          return { bytes: concatBytes(pieces, total), read: read - from, held, status };
        }
      }
    },

    /** The modified UTF-8 length of `string` (what Java's writeUTF prefixes). */
    modifiedUtf8Length(string) {
      let total = 0;
      for (let from = 0; from < string.length; from += WINDOW) {
        // A pair split between windows counts 3 + 3 either way.
        const to = min(string.length, from + WINDOW);
        ensure(0, to - from);
        for (let i = from, j = unitsAt; i < to; i++, j++) u16[j] = charCodeAt(string, i);
        total += exports.modified_utf8_length(to - from);
        views();
      }
      return total;
    },

    /**
     * Decodes `input` as 1996 UTF-8 from `state` (24 bytes; null: new),
     * returning at the first malformed sequence in fatal mode. Returns
     * { values (Uint32Array), malformations: [{ position, kind }], state, read }.
     */
    decode1996(fatal, input, state, last) {
      const pieces = [];
      const malformations = [];
      let total = 0;
      let offset = 0;
      for (;;) {
        const n = min(input.length - offset, WINDOW);
        ensure(n, 0, n + 1);
        setElements(u8, subarray(input, offset, offset + n), bytesPtr);
        const isLast = last && offset + n === input.length;
        const written = exports.iso10646_decode((isLast ? LAST : 0) | (fatal ? FATAL : 0) | setState(state, 24), n);
        views();
        const [status, read, , kind, low, high] = subarray(u32, resultsAt, resultsAt + 6);
        pieces[pieces.length] = sliceElements(u32, valuesAt, valuesAt + written);
        total += written;
        offset += read;
        state = sliceElements(u8, statePtr, statePtr + 24);
        if (status === ERROR) {
          malformations[malformations.length] = { position: high * 2 ** 32 + low, kind };
          if (fatal) return { values: concatBytes(pieces, total, Uint32Array), malformations, state: null, read: offset };
          // The decoder returns at each malformed sequence: go on after it
          // (with `last`, until a call ends the stream, input left or not).
          if (offset < input.length || isLast) continue;
        }
        if (offset < input.length || status === OUTPUT_FULL) continue;
        return { values: concatBytes(pieces, total, Uint32Array), malformations, state: isLast ? null : state, read: offset };
      }
    },

    /**
     * Encodes `values` (a Uint32Array) as 1996 UTF-8. Returns { bytes, read,
     * status }: on ERROR (fatal mode) values[read - 1] is above 7FFF FFFF.
     */
    encode1996(fatal, values) {
      const pieces = [];
      let total = 0;
      let read = 0;
      for (;;) {
        const n = min(values.length - read, WINDOW);
        ensure(6 * n, 0, n);
        setElements(u32, subarray(values, read, read + n), valuesAt);
        const written = exports.iso10646_encode(fatal ? FATAL : 0, n, 6 * n);
        views();
        const status = u32[resultsAt];
        read += u32[resultsAt + 1];
        pieces[pieces.length] = sliceElements(u8, bytesPtr, bytesPtr + written);
        total += written;
        if (status === ERROR || read === values.length) return { bytes: concatBytes(pieces, total), read, status };
      }
    },
  };
}
