// The package's UTF-16BE/LE decoder (Encoding Standard §14.3.1, the shared
// UTF-16 decoder), in JavaScript: what TextDecoder runs for UTF-16 in every
// build, so that the UTF-only entries (/utf8, /js/utf8) need no module.
//
// The spec's state is a leading byte and a leading surrogate. A leading byte
// left by the previous call is put in front of the input (a one-byte-longer
// copy), so that a code unit never straddles two arrays: utf16Input is the
// array the positions refer to. A lead surrogate followed by a code unit that
// is not a trail is an error and the unit's two bytes are restored ("prepend
// to ioQueue"): the unit is then read again; a lone trail is an error.
// Strings are built as in js/utf8-codec.js (js/decoder-output.js; `typed`: for interpreters).

import { CHUNK, TYPED_CHUNK, plainUnits, typedUnits, unitsString, withUnits } from './decoder-output.js';
import { taBuffer, taByteOffset } from './webidl.js';
import { Uint16Array, Uint32Array, Uint8Array, call, fromCharCodes, setElements, sliceElements, subarray } from './intrinsics.js';

/** Whether this engine stores a Uint16Array little-endian (every engine we know does). */
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
/** String.prototype.isWellFormed where the engine has it (captured at load), else null. */
const isWellFormed = typeof String.prototype.isWellFormed === 'function' ? String.prototype.isWellFormed : null;

/** After decodeUtf16: the state to keep (null: as new), the input the positions refer to, where the input after a fatal error starts (-1: none). */
export let utf16State = null;
export let utf16Input = null;
export let utf16ErrorAt = -1;

/** After wellFormedPrefix: how many units it took. */
export let prefixUnits = 0;

/**
 * UTF-16LE `bytes` (a new decoder's state) as their own units, the string
 * made natively (fromCharCode) and checked natively (isWellFormed), a chunk
 * at a time, up to the first chunk with a lone surrogate or a lead cut by
 * the end: the text of the first prefixUnits units, which end between
 * characters. '' (none taken) on a big-endian engine. `typed` (interpreters):
 * fromCharCode over Uint16Array chunks of 8 Ki units, no loop. Else (JIT
 * engines) each 1 Ki-unit chunk is copied into a plain array first: V8's
 * apply takes a plain array on a fast path and a typed one element by
 * element (1 MiB in Node: 2.0 -> 1.8 ms, both with the BOM check's flatten;
 * checking the whole text once instead of each chunk measured the same).
 * V8: 1.3x faster than the module's decoder and its copy into a plain array
 * (docs/architecture/decode-speed.md). encodeURIComponent (native, throws on a lone surrogate)
 * was tried as the check where isWellFormed is missing: slower than the
 * loop in Hermes on non-Latin text (it builds %XX%XX%XX for each unit).
 */
export function wellFormedPrefix(bytes, typed) {
  const count = LITTLE_ENDIAN ? bytes.length >> 1 : 0;
  const offset = call(taByteOffset, bytes);
  // Copied only at an odd offset (a Uint16Array view must be aligned).
  const buffer = (offset & 1) === 0 ? call(taBuffer, bytes) : call(taBuffer, sliceElements(bytes, 0, 2 * count));
  const at = (offset & 1) === 0 ? offset : 0;
  const units = new Uint16Array(buffer, at, count);
  // No isWellFormed (Hermes 0.12): the first lone surrogate found by loops,
  // two units per load where the units start on a 4-byte boundary.
  const whole = isWellFormed === null ? wellFormedEnd(units, count, (at & 3) === 0 ? wellFormedWords(new Uint32Array(buffer, at, count >> 1), count >> 1) : 0) : count;
  const chunk = typed ? TYPED_CHUNK : CHUNK;
  let text = '';
  let k = 0;
  while (k < whole) {
    let to = whole - k > chunk ? k + chunk : whole;
    // A lead at the chunk's end goes with the next chunk (or, at the end, to the caller).
    if ((units[to - 1] & 0xfc00) === 0xd800) to--;
    let part;
    if (typed) {
      part = fromCharCodes(subarray(units, k, to));
    } else {
      plainUnits.length = to - k;
      for (let j = k; j < to; j++) plainUnits[j - k] = units[j];
      part = fromCharCodes(plainUnits);
    }
    if (to === k || (isWellFormed !== null && !call(isWellFormed, part))) break;
    text += part;
    k = to;
  }
  prefixUnits = k;
  return text;
}

/**
 * How many units of `words` (little-endian pairs of units, `count` words)
 * are surely well-formed: it stops at the first unit that may not be, which
 * starts a character. In Hermes a typed array's load is the costly step
 * (~5 ns, the other steps ~1): one load per two units, and pairs are
 * followed here (a pair across two words included), not by leaving the
 * loop. Hermes bytecode, UTF-16LE 256 KiB mixed with 5 % emoji, CPU time
 * per decode: 2.22 ms with wellFormedEnd's loop alone (2.09 with that loop
 * in a function of its own, left out for size) -> 1.84-1.89.
 */
function wellFormedWords(words, count) {
  const lead = 0xd800;
  const trail = 0xdc00;
  const end = 0xe000;
  const surrogateBits = 0xfc00;
  // Bounds in locals, as in the loop's tests (Hermes loads a literal at each use).
  const highLead = 0xd8000000;
  const lowBits = 0xffff;
  let w = 0;
  for (; w < count; w++) {
    const x = words[w];
    // Both units below U+D800 (the high one: the word below 0xD8000000).
    if (x < highLead && (x & lowBits) < lead) continue;
    const low = x & lowBits;
    let u = x >>> 16;
    if (low >= lead && low < end) {
      // A lead with its trail above it, or stop.
      if (low >= trail || (u & surrogateBits) !== trail) break;
      continue;
    }
    // A lead in the high unit: its trail is the next word's low unit, whose high unit is then looked at the same way.
    while (u >= lead && u < end) {
      if (u >= trail || w + 1 >= count || (words[w + 1] & surrogateBits) !== trail) return 2 * w + 1;
      u = words[++w] >>> 16;
    }
  }
  return 2 * w;
}

/**
 * Where the well-formed units of `units[0, count)` end: the first lone
 * surrogate, or count; from unit `i` on (those before it are well-formed
 * and it starts a character). One unit per step: after wellFormedWords it
 * has at most a unit or two to look at, and without it (units not on a
 * 4-byte boundary) it is the loop this decoder had before (the bounds in
 * locals: 18 % faster in Hermes than as literals).
 */
function wellFormedEnd(units, count, i) {
  const lead = 0xd800;
  const end = 0xe000;
  for (; i < count; i++) {
    const u = units[i];
    if (u >= lead && u < end) {
      const next = i + 1 < count ? units[i + 1] : 0;
      if (u >= 0xdc00 || next < 0xdc00 || next >= end) break;
      i++;
    }
  }
  return i;
}

/**
 * Decodes `bytes` as UTF-16 (big-endian if `be`) from `state` (null: new;
 * else [leading surrogate or 0, leading byte or -1]). `last`: end-of-queue
 * follows. Returns the text; see the exports for the rest.
 */
export function decodeUtf16(bytes, be, state, fatal, last, typed) {
  utf16State = null;
  utf16ErrorAt = -1;
  let surrogate = 0;
  if (state !== null) {
    surrogate = state[0];
    if (state[1] >= 0) {
      const joined = new Uint8Array(bytes.length + 1);
      joined[0] = state[1];
      setElements(joined, bytes, 1);
      bytes = joined;
    }
  }
  utf16Input = bytes;
  const length = bytes.length;
  const even = length & ~1;
  const out = typed ? typedUnits : plainUnits;
  const chunk = typed ? TYPED_CHUNK : CHUNK;
  const hi = be ? 0 : 1;
  const lo = be ? 1 : 0;
  let text = '';
  let j = 0;
  let i = 0;
  if (!be && surrogate === 0) {
    // The input's own units, checked natively, up to the first lone
    // surrogate's chunk; the loop below does the rest (from a new decoder's
    // state, between characters).
    text = wellFormedPrefix(bytes, typed);
    i = 2 * prefixUnits;
  }
  while (i < even) {
    if (j >= chunk) {
      text += unitsString(out, j, typed);
      j = 0;
    }
    const unit = (bytes[i + hi] << 8) | bytes[i + lo];
    if (surrogate !== 0) {
      if ((unit & 0xfc00) === 0xdc00) {
        out[j++] = surrogate;
        out[j++] = unit;
        surrogate = 0;
        i += 2;
        continue;
      }
      // Not a trail: an error; the unit is read again (not consumed).
      surrogate = 0;
      if (fatal) return fatalAt(text, out, j, typed, i);
      out[j++] = 0xfffd;
      continue;
    }
    i += 2;
    if ((unit & 0xf800) !== 0xd800) {
      out[j++] = unit;
    } else if (unit <= 0xdbff) {
      surrogate = unit;
    } else {
      // A lone trail.
      if (fatal) return fatalAt(text, out, j, typed, i);
      out[j++] = 0xfffd;
    }
  }
  const odd = i < length;
  if (!last) {
    if (surrogate !== 0 || odd) utf16State = [surrogate, odd ? bytes[i] : -1];
  } else if (surrogate !== 0 || odd) {
    // End-of-queue with a leading byte or surrogate: one error.
    if (fatal) return fatalAt(text, out, j, typed, length);
    out[j++] = 0xfffd;
  }
  return withUnits(text, out, j, typed);
}

/**
 * decodeUtf16 as a runtime method (runtime.decodeUtf16: only the runtimes
 * that decode UTF-16 in JS carry it, so the wasm entries do not bundle this
 * file): { text, state, input, errorAt }.
 */
export function decodeUtf16Result(bytes, be, state, fatal, last, typed) {
  const text = decodeUtf16(bytes, be, state, fatal, last, typed);
  return { text, state: utf16State, input: utf16Input, errorAt: utf16ErrorAt };
}

function fatalAt(text, out, j, typed, at) {
  utf16ErrorAt = at;
  return withUnits(text, out, j, typed);
}
