// The output of the JavaScript decoders (js/utf8-codec.js, js/utf16-codec.js,
// and js/single-byte-codec.js in /lite): code units written into one reused
// array and turned into strings a chunk at a time. V8 and other JIT engines
// spread a plain array of small integers into fromCharCode's arguments far
// faster than a typed array; interpreters (Hermes, QuickJS, node --jitless:
// the no-wasm build) the other way round, by 2-10x (js/no-wasm/units.js): a
// decoder's `typed` picks the one. The decoders never run inside one
// another, so they share the arrays and the code.

import { Uint16Array, fromCharCodes, sliceArray, subarray } from './intrinsics.js';

/** Units per fromCharCode call for the plain array (V8 flat from 256 to 8192; small keeps it in cache). */
export const CHUNK = 1024;
/** The plain array, reused: its length is set to the chunk's before each call. */
export const plainUnits = [];
/** Units per fromCharCode call for the typed array: far below every engine's argument limit. */
export const TYPED_CHUNK = 8192;
/** The typed array; room for four units past a full chunk. */
export const typedUnits = new Uint16Array(TYPED_CHUNK + 4);

/** The string of `out[0, j)` (`out`: one of the arrays above). */
export function unitsString(out, j, typed) {
  if (typed) return fromCharCodes(subarray(out, 0, j));
  // A short tail as a copy: shortening the array would give back its
  // storage, which the next call's chunk then grows again step by step.
  if (j < out.length >> 1) return fromCharCodes(sliceArray(out, 0, j));
  out.length = j;
  return fromCharCodes(out);
}

/** `text` followed by the string of `out[0, j)`. */
export function withUnits(text, out, j, typed) {
  return j === 0 ? text : text + unitsString(out, j, typed);
}
