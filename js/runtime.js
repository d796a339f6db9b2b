// The bridge between the JS classes and the WebAssembly exports (src/wasm.rs).
// Only numbers cross: input is written into Rust-owned scratch buffers through
// typed-array views of the module's memory, output read back the same way.
// Input goes through in windows, so memory stays bounded whatever the input
// size (linear memory never shrinks). Any backend with the same exports (the
// WebAssembly module, or later its translation to plain JS) plugs in here.

const LAST = 1;
const FATAL = 2;
const FRESH = 4;
const OUTPUT_FULL = 1;
const ERROR = 2;

/** Bytes decoded per call: with 2 bytes of output per input byte, 768 KiB of scratch. */
const DECODE_WINDOW = 1 << 18;
/** Code units encoded per call (UTF-8: 3 bytes per unit at most). */
const ENCODE_WINDOW = 1 << 16;
/** Decoded code units turned into a string per String.fromCharCode call. */
const STRING_CHUNK = 8192;

export function createRuntime(exports) {
  const memory = exports.memory;
  let bytesCap = 0;
  let unitsCap = 0;
  let bytesPtr = 0;
  let unitsAt = 0; // index into u16
  let resultsAt = 0; // index into u32
  let statePtr = 0;
  let buffer = null;
  let u8, u16, u32;

  function views() {
    if (memory.buffer !== buffer) {
      buffer = memory.buffer;
      u8 = new Uint8Array(buffer);
      u16 = new Uint16Array(buffer);
      u32 = new Uint32Array(buffer);
    }
  }

  /** Grows the scratch buffers (never shrinks them) to hold `bytes` bytes and `units` units. */
  function ensure(bytes, units) {
    if (bytes <= bytesCap && units <= unitsCap) return;
    // Geometric growth: the module's allocator does not reuse memory, so the
    // buffers given up must add up to less than the final ones.
    bytesCap = Math.max(bytesCap * 2, bytes, 256);
    unitsCap = Math.max(unitsCap * 2, units, 256);
    bytesPtr = exports.scratch(bytesCap, unitsCap);
    unitsAt = exports.scratch_units() >>> 1;
    resultsAt = exports.scratch_results() >>> 2;
    statePtr = exports.scratch_state();
  }
  ensure(256, 256);

  function unitsToString(count) {
    if (count === 0) return '';
    if (count <= STRING_CHUNK) return String.fromCharCode.apply(null, u16.subarray(unitsAt, unitsAt + count));
    let text = '';
    for (let i = 0; i < count; i += STRING_CHUNK) {
      text += String.fromCharCode.apply(null, u16.subarray(unitsAt + i, unitsAt + Math.min(count, i + STRING_CHUNK)));
    }
    return text;
  }

  /** Writes string units [from, to) into the unit buffer. */
  function putUnits(string, from, to) {
    for (let i = from, j = unitsAt; i < to; i++, j++) u16[j] = string.charCodeAt(i);
  }

  return {
    /** "Get an encoding": the encoding's index, or -1. */
    labelToIndex(label) {
      // No label is longer than 19 units even with some whitespace; longer
      // strings may still match after trimming, so only huge ones are cut short.
      if (label.length > 4096) {
        const trimmed = label.replace(/^[\t\n\f\r ]+|[\t\n\f\r ]+$/g, '');
        if (trimmed.length > 64) return -1;
        label = trimmed;
      }
      ensure(0, label.length);
      views();
      putUnits(label, 0, label.length);
      return exports.encoding_for_label(label.length);
    },

    /** The canonical name of encoding `index`. */
    name(index) {
      ensure(0, 32);
      const length = exports.encoding_name(index);
      views();
      return unitsToString(length);
    },

    /**
     * Decodes `input` (a Uint8Array) with encoding `index`, continuing from
     * `state` (16 bytes, or null for a new decoder). Returns
     * { text, state, error, offset }: on a fatal error, `offset` is where the
     * unread input starts.
     */
    decode(index, fatal, input, state, last) {
      const length = input.length;
      let text = '';
      let offset = 0;
      for (;;) {
        const n = Math.min(length - offset, DECODE_WINDOW);
        ensure(n, n + 4);
        views();
        u8.set(input.subarray(offset, offset + n), bytesPtr);
        const isLast = last && offset + n === length;
        let flags = (isLast ? LAST : 0) | (fatal ? FATAL : 0);
        if (state) u8.set(state, statePtr);
        else flags |= FRESH;
        const written = exports.decode(index, flags, n);
        views();
        const status = u32[resultsAt];
        offset += u32[resultsAt + 1];
        text += unitsToString(written);
        // After the last window the decoder is new again (src/decode.rs).
        state = isLast && status !== OUTPUT_FULL ? null : u8.slice(statePtr, statePtr + 16);
        if (status === ERROR) return { text, state, error: true, offset };
        // OUTPUT_FULL cannot happen with room for n + 4 units (see
        // max_utf16_len), but if it did, the next call would go on from here.
        if (offset < length || status === OUTPUT_FULL) continue;
        return { text, state, error: false, offset };
      }
    },

    /** UTF-8 encode a string (lone surrogates become U+FFFD) into a new Uint8Array. */
    encodeUtf8(string) {
      const length = string.length;
      // ASCII needs no call into the module: one byte per unit.
      let ascii = new Uint8Array(length);
      let i = 0;
      for (; i < length; i++) {
        const unit = string.charCodeAt(i);
        if (unit >= 0x80) break;
        ascii[i] = unit;
      }
      if (i === length) return ascii;
      const pieces = [ascii.subarray(0, i)];
      let total = i;
      while (i < length) {
        let end = Math.min(length, i + ENCODE_WINDOW);
        // Never split a surrogate pair between windows: each window ends its stream.
        if (end < length && (string.charCodeAt(end - 1) & 0xfc00) === 0xd800) end--;
        const n = end - i;
        ensure(3 * n + 4, n);
        views();
        putUnits(string, i, end);
        const written = exports.encode(0, LAST | FRESH | FATAL, n, 3 * n + 4);
        views();
        pieces.push(u8.slice(bytesPtr, bytesPtr + written));
        total += written;
        i = end;
      }
      const out = new Uint8Array(total);
      let at = 0;
      for (const piece of pieces) {
        out.set(piece, at);
        at += piece.length;
      }
      return out;
    },

    /** TextEncoder.encodeInto: as many whole characters as fit; { read, written }. */
    encodeInto(string, destination) {
      const length = string.length;
      const room = destination.length;
      let read = 0;
      let written = 0;
      for (; read < length && written < room; read++, written++) {
        const unit = string.charCodeAt(read);
        if (unit >= 0x80) break;
        destination[written] = unit;
      }
      while (read < length && written < room) {
        let end = Math.min(length, read + ENCODE_WINDOW);
        if (end < length && (string.charCodeAt(end - 1) & 0xfc00) === 0xd800) end--;
        const n = end - read;
        const cap = Math.min(room - written, 3 * n + 4);
        ensure(cap, n);
        views();
        putUnits(string, read, end);
        const count = exports.encode(0, LAST | FRESH | FATAL, n, cap);
        views();
        const consumed = u32[resultsAt + 1];
        destination.set(u8.subarray(bytesPtr, bytesPtr + count), written);
        written += count;
        read += consumed;
        if (consumed < n) break; // the destination is full
      }
      return { read, written };
    },
  };
}
