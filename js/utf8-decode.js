// Valid UTF-8 decoded in JavaScript, from a new decoder, as far as it is valid.
//
// Why in JS: for the module's decoder, the UTF-16 units it writes into wasm
// memory must then be copied one by one into a plain array for
// String.fromCharCode (V8 spreads a plain array of small integers into
// arguments far faster than a typed array); decoding straight into that array
// costs less than the module's decode plus that copy (ARCHITECTURE.md, "Where
// the time goes"). Long ASCII runs go to the engine's own decoder
// (js/utf8-engine-decode.js) instead.
//
// Exactness: the loop decodes only whole, valid sequences (the spec's bounds
// of §8.1.1: no overlongs, no surrogates, nothing past U+10FFFF). At the first
// byte that starts anything else (an error, or a sequence cut short by the end
// of the input) it stops; validPrefixEnd() then says where. Up to there the
// spec's decoder would have emitted the same code points and be back in its
// initial state, so the caller hands the rest to the module's decoder from a
// new state: errors, fatal mode and streaming state stay in the Rust core.

import { decodeValidUtf8Long } from './utf8-engine-decode.js';
// Captured at load (code run later may replace the globals): js/intrinsics.js.
import { apply, fromCharCode, subarray } from './intrinsics.js';

/** Units per String.fromCharCode call (V8 measured flat from 256 to 8192; smaller keeps the reused array small). */
const CHUNK = 1024;
/** Reused code-unit array: its length is set to the chunk's before each call. */
const units = [];
/** From this many ASCII bytes at the start, the engine's decoder makes their string (cheaper per byte than the array, a fixed cost per call). */
const ENGINE_ASCII = 16384;

let end = 0;

/** Where the last decodeValidUtf8Prefix call stopped: the input's length if it was all valid. */
export function validPrefixEnd() {
  return end;
}

function flush(j) {
  units.length = j;
  return apply(fromCharCode, null, units);
}

/** The length of the run of ASCII bytes that starts `bytes`. */
function asciiRun(bytes) {
  const length = bytes.length;
  let i = 0;
  // Eight bytes per test where it is cheap: mostly-ASCII text is the common case.
  for (; i + 8 <= length; i += 8) {
    if ((bytes[i] | bytes[i + 1] | bytes[i + 2] | bytes[i + 3] | bytes[i + 4] | bytes[i + 5] | bytes[i + 6] | bytes[i + 7]) >= 0x80) break;
  }
  while (i < length && bytes[i] < 0x80) i++;
  return i;
}

/**
 * The string of the longest prefix of `bytes` made of whole, valid UTF-8
 * sequences; validPrefixEnd() gives its length in bytes.
 */
export function decodeValidUtf8Prefix(bytes) {
  const length = bytes.length;
  let text = '';
  let i = 0;
  if (length >= ENGINE_ASCII) {
    const run = asciiRun(bytes);
    if (run >= ENGINE_ASCII) {
      const ascii = decodeValidUtf8Long(run === length ? bytes : subarray(bytes, 0, run));
      if (ascii !== null) {
        text = ascii;
        i = run;
      }
    }
  }
  let j = 0;
  while (i < length) {
    if (j >= CHUNK) {
      text += flush(j);
      j = 0;
    }
    const b = bytes[i];
    if (b < 0x80) {
      units[j++] = b;
      i++;
    } else if (b < 0xe0) {
      if (b < 0xc2 || i + 1 >= length) break;
      const c = bytes[i + 1];
      if ((c & 0xc0) !== 0x80) break;
      units[j++] = ((b & 0x1f) << 6) | (c & 0x3f);
      i += 2;
    } else if (b < 0xf0) {
      if (i + 2 >= length) break;
      const c = bytes[i + 1];
      const d = bytes[i + 2];
      const u = ((b & 0x0f) << 12) | ((c & 0x3f) << 6) | (d & 0x3f);
      // Continuation bytes; not overlong (E0 needs A0-BF next); not a surrogate (ED needs 80-9F next).
      if ((c & 0xc0) !== 0x80 || (d & 0xc0) !== 0x80 || u < 0x800 || (u & 0xf800) === 0xd800) break;
      units[j++] = u;
      i += 3;
    } else {
      if (b > 0xf4 || i + 3 >= length) break;
      const c = bytes[i + 1];
      const d = bytes[i + 2];
      const e = bytes[i + 3];
      const cp = ((b & 0x07) << 18) | ((c & 0x3f) << 12) | ((d & 0x3f) << 6) | (e & 0x3f);
      // Continuation bytes; not overlong (F0 needs 90-BF next); at most U+10FFFF (F4 needs 80-8F next).
      if ((c & 0xc0) !== 0x80 || (d & 0xc0) !== 0x80 || (e & 0xc0) !== 0x80 || cp < 0x10000 || cp > 0x10ffff) break;
      units[j++] = 0xd7c0 + (cp >> 10); // 0xD800 + ((cp - 0x10000) >> 10)
      units[j++] = 0xdc00 | (cp & 0x3ff);
      i += 4;
    }
  }
  end = i;
  return j === 0 ? text : text + flush(j);
}
