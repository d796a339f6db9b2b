// The single-byte encodings (Encoding Standard §9) and x-user-defined (§14.5)
// in JavaScript, for the module-free lite entry (text-encoding-wasm/lite,
// js/lite-runtime.js): no state, so a decoder is a 256-entry map and an
// encoder its inverse. The indexes come from js/single-byte-tables.js
// (tools/gen_tables.py packs them from data/whatwg-index; its --check keeps
// them in step), unpacked per encoding at first use. The other builds decode
// these encodings in the module (or js/no-wasm/fast-decode.js's loops over
// the module's tables); tests/js/single-byte-codec.test.mjs checks this one
// against the index files and encoding_rs.

import { COPY_END, DIGITS, MIRROR, RUN_MAX, SINGLE_BYTE_TABLES } from './single-byte-tables.js';
import { X_USER_DEFINED } from './encoding-table.js';
import { CHUNK, TYPED_CHUNK, plainUnits, typedUnits, unitsString, withUnits } from './decoder-output.js';
import { Uint16Array, Uint8Array, charCodeAt } from './intrinsics.js';

/** Maps of all 256 bytes, per encoding index: made at first use. */
const maps = [];

/**
 * The index of single-byte encoding `index` (1 IBM866 ... 28 x-mac-cyrillic):
 * code points of bytes 0x80-0xFF, 0 where the index has none. The first
 * character names the earlier table copy tokens read (' ': none); then a
 * token is a character, value = (MIRROR - (char code - 0x20)) mod 95
 * (tools/gen_tables.py, pack_single_byte).
 */
export function singleByteIndex(index) {
  const packed = SINGLE_BYTE_TABLES[index - 1];
  const table = new Uint16Array(128);
  const reference = charCodeAt(packed, 0) === 0x20 ? null : singleByteIndex(charCodeAt(packed, 0) - 0x20);
  let previous = 0x7f;
  let z = 0;
  let j = 0;
  for (let i = 1; i < packed.length; i++) {
    const v = (0x20 + 95 + MIRROR - charCodeAt(packed, i)) % 95;
    if (v === 0) j++;
    else if (v <= RUN_MAX) for (let k = 0; k < v; k++) table[j++] = ++previous;
    else if (v <= COPY_END) for (let k = RUN_MAX - 1; k < v; k++, j++) previous = table[j] = reference[j];
    else if (v <= COPY_END + DIGITS) z = z * DIGITS + v - (COPY_END + 1);
    else {
      z = z * DIGITS + v - (COPY_END + 1 + DIGITS);
      // A zigzag delta: even up, odd down.
      previous += z & 1 ? -((z + 1) >> 1) : z >> 1;
      table[j++] = previous;
      z = 0;
    }
  }
  return table;
}

/**
 * The decoder's map: byte -> code point, U+FFFD where the spec's decoder
 * returns error (no index maps a byte to U+FFFD itself, so it marks them).
 */
function mapOf(index) {
  let map = maps[index];
  if (map !== undefined) return map;
  map = new Uint16Array(256);
  const table = index === X_USER_DEFINED ? null : singleByteIndex(index);
  for (let b = 0; b < 256; b++) {
    // §14.5: x-user-defined maps 0x80-0xFF to U+F780-U+F7FF.
    map[b] = b < 0x80 ? b : table === null ? 0xf700 + b : table[b - 0x80] || 0xfffd;
  }
  return (maps[index] = map);
}

/**
 * Decodes `input` (a Uint8Array) with single-byte encoding `index` (or
 * x-user-defined): js/runtime.js's decode contract, { text, state, error,
 * offset, idle }. There is no state; in fatal mode the first byte without a
 * code point is the error, and the input after it (from `offset`) is left.
 */
export function decodeSingleByte(index, fatal, input, typed) {
  const map = mapOf(index);
  // Strings are built as the UTF decoders build theirs (js/decoder-output.js; `typed`: for interpreters).
  const out = typed ? typedUnits : plainUnits;
  const chunk = typed ? TYPED_CHUNK : CHUNK;
  const length = input.length;
  let text = '';
  let j = 0;
  for (let i = 0; i < length; i++) {
    if (j === chunk) {
      text += unitsString(out, j, typed);
      j = 0;
    }
    const c = map[input[i]];
    if (c === 0xfffd && fatal) return { text: withUnits(text, out, j, typed), state: null, error: true, offset: i + 1, idle: true };
    out[j++] = c;
  }
  return { text: withUnits(text, out, j, typed), state: null, error: false, offset: length, idle: true };
}

/**
 * The encoder of single-byte encoding `index` (or x-user-defined) for one
 * code point: its byte, or -1 where the spec's encoder returns error. §9.2:
 * ASCII as is, else the index pointer for the code point, plus 0x80; §14.5:
 * U+F780-U+F7FF to 0x80-0xFF. (TextEncoder only writes UTF-8: this is for
 * callers that encode a legacy encoding, and for the tests.)
 */
export function singleByteEncoder(index) {
  // Code point -> byte (0: none; every index's code points are in the BMP).
  const inverse = new Uint8Array(0x10000);
  const map = mapOf(index);
  // The first pointer wins, as "index pointer" says (no single-byte index has two).
  for (let b = 0xff; b >= 0x80; b--) if (map[b] !== 0xfffd) inverse[map[b]] = b;
  return (codePoint) => (codePoint < 0x80 ? codePoint : codePoint < 0x10000 && inverse[codePoint] !== 0 ? inverse[codePoint] : -1);
}
