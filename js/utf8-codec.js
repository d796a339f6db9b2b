// The package's UTF-8 decoder (Encoding Standard §8.1.1), in JavaScript, for
// every build (wasm, no-wasm, and the module-less /utf8 entries). The Rust
// core keeps its own UTF-8 decoder (the crate, the CLI, the other modules);
// TextDecoder's UTF-8 path is this one.
//
// Why in JS: without a native decoder, most of the time goes into turning
// UTF-16 units into a string, not into decoding (docs/architecture/
// decode-speed.md); decoding straight into the array that String.fromCharCode
// reads saves the module's copies in and out and a pass over the units.
//
// Exactness: one loop does the spec's steps. A lead byte's continuation bytes
// are checked against the spec's bounds (the lower and upper boundary of the
// first one: E0 A0-BF, ED 80-9F, F0 90-BF, F4 80-8F; 80-BF after that); the
// first byte out of bounds ends the sequence with one error (U+FFFD, or the
// TypeError in fatal mode) and is read again as a new lead ("prepend byte to
// ioQueue"), so each maximal subpart is one U+FFFD. A sequence the input cuts
// short is kept as the spec's state (code point, bytes needed, bytes seen,
// bounds) for the next streaming call, or is one error at end-of-queue.
//
// Output: a plain array for JIT engines, a typed one for interpreters
// (js/decoder-output.js); decodeUtf8's `typed` picks the one. The typed
// mode also tries the engine's own strict UTF-8 decoder (decodeURIComponent
// over escape()d Latin-1) on the valid input first: native code, several
// times faster than any loop in an interpreter.

import { decodeValidUtf8Long } from './utf8-engine-decode.js';
import { taBuffer, taByteOffset } from './webidl.js';
import { CHUNK, TYPED_CHUNK, plainUnits, typedUnits, unitsString, withUnits } from './decoder-output.js';
import { Uint32Array, call, fromCharCode, fromCharCodes, subarray } from './intrinsics.js';

/** Bytes per decodeURIComponent call in the typed mode (as many %XX as bytes: three times the memory). */
const URI_WINDOW = 1 << 20;
/** From this many ASCII bytes at the start, the engine's own decoder makes their string (a fixed cost per call, less per byte). */
const ENGINE_ASCII = 16384;

// Per lead byte, four entries for the loop's branch-free step: the
// sequence's length (0: not a lead: 80-C1, F5-FF) and, above it, the shift
// that takes its code point out of four bytes; the mask that ends it; its
// continuation bytes' high bits (each 10xxxxxx); its least code point
// (shorter would be overlong; 2^31-1 for a non-lead). One table, read
// through a local: a bundler makes top-level bindings var, which V8 then
// reads again for every access.
const LEADS = leadTable();

// Filled in a function of its own, with no array made per byte: at the top
// level, 256 rounds of three array literals were 0.1 ms of a fresh Chromium
// page's start-up and often made V8 compile the whole bundle's top-level code
// again for its baseline tier (docs/speed-log.md, "Chromium start-up: jis0208
// decoded by the module").
function leadTable() {
  const table = new Int32Array(1024);
  const masks = [0, 0x7f, 0x7ff, 0xffff, 0x1fffff];
  const highs = [0, 0, 0xc00000, 0xc0c000, 0xc0c0c0];
  const least = [0x7fffffff, 0, 0x80, 0x800, 0x10000];
  for (let b = 0; b < 256; b++) {
    const n = b < 0x80 ? 1 : b < 0xc2 ? 0 : b < 0xe0 ? 2 : b < 0xf0 ? 3 : b < 0xf5 ? 4 : 0;
    table[4 * b] = ((24 - 6 * n) << 3) | n;
    table[4 * b + 1] = masks[n];
    table[4 * b + 2] = highs[n];
    table[4 * b + 3] = least[n];
  }
  return table;
}

/** After decodeUtf8: the state to keep (null: the decoder is as new), and where the input after a fatal error starts (-1: none). */
export let utf8State = null;
export let utf8ErrorAt = -1;

// decodeURIComponent and escape, captured at load (hostile code may replace them later).
const escapeLatin1 = typeof escape === 'function' ? escape : null;
const decodeUri = typeof decodeURIComponent === 'function' ? decodeURIComponent : null;
/** Whether decodeURIComponent is the strict decoder ECMAScript asks for: probed once, on first use, never assumed. */
let strictUri = null;

function uriIsStrict() {
  if (escapeLatin1 === null || decodeUri === null) return false;
  const bad = ['%C0%80', '%C1%BF', '%E0%80%80', '%E0%9F%BF', '%ED%A0%80', '%ED%BF%BF', '%F0%80%80%80', '%F0%8F%BF%BF', '%F4%90%80%80', '%F5%80%80%80', '%FF', '%80', '%E4%B8a', '%E4%B8', '%F0%9F%98', '%C2%C2%80'];
  try {
    // The boundaries of each sequence length, in one string (UTF-8 is self-synchronising: each decodes as it would alone).
    if (decodeUri('%E0%A0%80%ED%9F%BF%EE%80%80%F0%90%80%80%F4%8F%BF%BF%C2%80%DF%BF%EF%BF%BF') !== '\u0800\ud7ff\ue000\ud800\udc00\udbff\udfff\u0080\u07ff\uffff') return false;
    // escape() must turn each Latin-1 character into %XX (and leave or escape ASCII losslessly).
    if (decodeUri(escapeLatin1('%+ \u00c3\u00a9\u00f0\u009f\u0098\u0080')) !== '%+ \u00e9\ud83d\ude00') return false;
  } catch (_) {
    return false;
  }
  for (let i = 0; i < bad.length; i++) {
    try {
      decodeUri(bad[i]);
      return false;
    } catch (_) {
      // Rejected, as it must be.
    }
  }
  return true;
}

/** The string of `array[from, to)` by fromCharCode over typed subarrays (Latin-1 for a Uint8Array). */
function typedString(array, from, to) {
  let text = '';
  for (let i = from; i < to; i += TYPED_CHUNK) text += fromCharCodes(subarray(array, i, to - i > TYPED_CHUNK ? i + TYPED_CHUNK : to));
  return text;
}

/**
 * Where the run of ASCII bytes from `from` ends. Past 64 bytes, four bytes
 * per load through a Uint32Array view over the same memory (from the first
 * aligned byte): 3-4x faster than bytes in Hermes, QuickJS and node
 * --jitless, where each load is an interpreted step.
 */
function asciiEnd(bytes, from) {
  const length = bytes.length;
  let i = from;
  if (length - i > 64) {
    const offset = call(taByteOffset, bytes);
    while ((offset + i) & 3) if (bytes[i++] >= 0x80) return i - 1;
    // The count in a local: `words.length` is a getter call per test in an interpreter.
    const count = (length - i) >> 2;
    const words = new Uint32Array(call(taBuffer, bytes), offset + i, count);
    let k = 0;
    // The mask as an int32 (-0x7f7f7f80 is 0x80808080's bits): as a double,
    // QuickJS converts it at every test (1.5x slower). Eight words per test,
    // OR-ed as two groups of four: CPU time per 256 KiB, four words -> this,
    // Hermes 0.60 -> 0.53 ms, QuickJS 0.79 -> 0.65, node --jitless 0.61 ->
    // 0.58 (eight in one chain: 0.50, 0.63, but 0.66 under --jitless).
    for (const last = count - 7; k < last; k += 8) if (((words[k] | words[k + 1] | words[k + 2] | words[k + 3]) | (words[k + 4] | words[k + 5] | words[k + 6] | words[k + 7])) & -0x7f7f7f80) break;
    i += 4 * k;
  }
  while (i < length && bytes[i] < 0x80) i++;
  return i;
}

/** `to`, or the start of the sequence that `to` cuts (a lead whose continuation bytes run past it). */
function wholeEnd(bytes, from, to) {
  let k = to;
  while (k > from && k > to - 4 && (bytes[k - 1] & 0xc0) === 0x80) k--;
  if (k === from) return to;
  const lead = bytes[k - 1];
  if (lead < 0xc0) return to;
  const need = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : 2;
  return k - 1 + need <= to ? to : k - 1;
}

/**
 * Decodes `bytes` (a Uint8Array) from `state` (null: a new decoder). `last`:
 * end-of-queue follows (a sequence cut short is an error); else it is kept in
 * utf8State. `typed`: build strings for an interpreter (true, or a function
 * that does asciiEnd's work: runtime.typedStrings). Returns the text;
 * utf8ErrorAt is -1, or, in fatal mode, where the input after the error
 * starts (the text is then what came before it).
 */
export function decodeUtf8(bytes, state, fatal, last, typed) {
  utf8ErrorAt = -1;
  utf8State = null;
  const length = bytes.length;
  let text = '';
  let i = 0;
  let needed = 0;
  let lower = 0x80;
  let upper = 0xbf;
  const out = typed ? typedUnits : plainUnits;
  const chunk = typed ? TYPED_CHUNK : CHUNK;
  let j = 0;
  const leads = LEADS;

  if (state !== null) {
    // A sequence cut by the previous chunk (a function of its own: cold code).
    const head = finishCut(bytes, state, fatal, last);
    if (head === null) return '';
    i = headEnd;
    text = head;
  } else if (typed) {
    // An interpreter: ASCII as Latin-1 (typed subarrays), then the engine's
    // own strict UTF-8 decoder over what can be whole; the loop only where that throws.
    // `typed` may be the build's own ASCII scan (js/no-wasm/ascii-scan.js).
    const ascii = (typed === true ? asciiEnd : typed)(bytes, 0);
    if (ascii === length) return typedString(bytes, 0, length);
    // Short input goes to the engine's decoder whole, its ASCII included:
    // one string made, not two joined.
    if (ascii > 0 && length > 64) {
      text = typedString(bytes, 0, ascii);
      i = ascii;
    }
    if (strictUri === null) strictUri = uriIsStrict();
    // In windows, so that the escaped copy stays bounded whatever the input's size.
    while (strictUri && i < length) {
      const end = wholeEnd(bytes, i, length - i > URI_WINDOW ? i + URI_WINDOW : length);
      if (end <= i) break;
      try {
        text += decodeUri(escapeLatin1(typedString(bytes, i, end)));
      } catch (_) {
        break; // not valid somewhere: the loop below does the spec's steps from here
      }
      i = end;
    }
    if (i === length) return text;
  } else if (length >= ENGINE_ASCII) {
    const run = asciiEnd(bytes, 0);
    if (run >= ENGINE_ASCII) {
      const ascii = decodeValidUtf8Long(run === length ? bytes : subarray(bytes, 0, run));
      if (ascii !== null) {
        text = ascii;
        i = run;
      }
    }
  }

  // Text of one script runs faster through the branches below (they are
  // predicted, and the next lead's load waits for no table read).
  // Not in an interpreter (typed): there more operations cost, not branches.
  const mixed = !typed && (length - i < 64 || mixedLengths(bytes, i));
  // Where the three-byte run below stops; never entered in an interpreter
  // (typed), where it costs steps on text that changes script (invalid mixed: +9 % under --jitless).
  const tripleEnd = typed ? 0 : length - 2;
  while (i < length) {
    if (j >= chunk) {
      text += unitsString(out, j, typed);
      j = 0;
    }
    const b = bytes[i];
    if (mixed && i + 3 < length) {
      // Four bytes readable: four ASCII units at once, or one whole valid
      // sequence of any length with no branch on the lead (for mixed scripts,
      // which defeat the branch predictor: 1.6x faster than branching, V8).
      const c = bytes[i + 1];
      const d = bytes[i + 2];
      const e = bytes[i + 3];
      if ((b | c | d | e) < 0x80) {
        out[j] = b;
        out[j + 1] = c;
        out[j + 2] = d;
        out[j + 3] = e;
        j += 4;
        i += 4;
        continue;
      }
      // The code point, if the lead's continuation bytes are there; valid if
      // also within the lead's range and not a surrogate (the spec's bounds).
      const lead = leads[4 * b];
      const u = ((b << 18) | ((c & 0x3f) << 12) | ((d & 0x3f) << 6) | (e & 0x3f)) >> (lead >> 3) & leads[4 * b + 1];
      if (((((c << 16) | (d << 8) | e) ^ 0x808080) & leads[4 * b + 2]) === 0 && u >= leads[4 * b + 3] && u <= 0x10ffff && (u & 0x1ff800) !== 0xd800) {
        if (u < 0x10000) out[j++] = u;
        else {
          out[j++] = 0xd7c0 + (u >> 10); // 0xD800 + ((u - 0x10000) >> 10)
          out[j++] = 0xdc00 | (u & 0x3ff);
        }
        i += lead & 7;
        continue;
      }
    }
    if (b < 0x80) {
      out[j++] = b;
      i++;
      continue;
    }
    // A lead: bytes needed and the first continuation byte's bounds (§8.1.1 step 4).
    if (b < 0xe0) {
      if (b >= 0xc2 && i + 1 < length) {
        const c = bytes[i + 1];
        if ((c & 0xc0) === 0x80) {
          out[j++] = ((b & 0x1f) << 6) | (c & 0x3f);
          i += 2;
          continue;
        }
      }
      if (b < 0xc2) {
        // 80-C1: never a lead; consumed.
        if (fatal) return fatalAt(text, out, j, typed, i + 1);
        out[j++] = 0xfffd;
        i++;
        continue;
      }
      needed = 1;
      lower = 0x80;
      upper = 0xbf;
    } else if (b < 0xf0) {
      if (i + 2 < length) {
        const c = bytes[i + 1];
        const d = bytes[i + 2];
        const u = ((b & 0x0f) << 12) | ((c & 0x3f) << 6) | (d & 0x3f);
        // Continuation bytes; not overlong (E0 needs A0-BF next); not a surrogate (ED needs 80-9F next).
        if ((c & 0xc0) === 0x80 && (d & 0xc0) === 0x80 && u >= 0x800 && (u & 0xf800) !== 0xd800) {
          out[j++] = u;
          i += 3;
          // Text of one script (CJK): the next character is most likely
          // three bytes too, or ASCII; decoding them here skips the steps
          // above (V8, 1 MiB CJK: 1.72 -> 1.50 ms).
          while (i < tripleEnd && j < chunk) {
            const b2 = bytes[i];
            if (b2 < 0x80) {
              out[j++] = b2;
              i++;
              continue;
            }
            const c2 = bytes[i + 1];
            const d2 = bytes[i + 2];
            const u2 = ((b2 & 0x0f) << 12) | ((c2 & 0x3f) << 6) | (d2 & 0x3f);
            if ((b2 & 0xf0) !== 0xe0 || (((c2 << 8) | d2) & 0xc0c0) !== 0x8080 || u2 < 0x800 || (u2 & 0xf800) === 0xd800) break;
            out[j++] = u2;
            i += 3;
          }
          continue;
        }
      }
      needed = 2;
      lower = b === 0xe0 ? 0xa0 : 0x80;
      upper = b === 0xed ? 0x9f : 0xbf;
    } else if (b < 0xf5) {
      if (i + 3 < length) {
        const c = bytes[i + 1];
        const d = bytes[i + 2];
        const e = bytes[i + 3];
        const u = ((b & 0x07) << 18) | ((c & 0x3f) << 12) | ((d & 0x3f) << 6) | (e & 0x3f);
        // Continuation bytes; not overlong (F0 needs 90-BF next); at most U+10FFFF (F4 needs 80-8F next).
        if ((c & 0xc0) === 0x80 && (d & 0xc0) === 0x80 && (e & 0xc0) === 0x80 && u >= 0x10000 && u <= 0x10ffff) {
          out[j++] = 0xd7c0 + (u >> 10); // 0xD800 + ((u - 0x10000) >> 10)
          out[j++] = 0xdc00 | (u & 0x3ff);
          i += 4;
          continue;
        }
      }
      needed = 3;
      lower = b === 0xf0 ? 0x90 : 0x80;
      upper = b === 0xf4 ? 0x8f : 0xbf;
    } else {
      // F5-FF: never a lead; consumed.
      if (fatal) return fatalAt(text, out, j, typed, i + 1);
      out[j++] = 0xfffd;
      i++;
      continue;
    }
    // Not a whole valid sequence: the spec's steps over what there is (a
    // function of its own, so that the optimised loop has no cold code in it).
    const k = sequenceEnd(bytes, i + 1, b & (0x3f >> needed), needed, 0, lower, upper);
    if (k < 0) {
      // Cut short by the end of the input, valid so far.
      if (!last) break; // utf8State holds it
      utf8State = null;
      // End-of-queue with bytes needed: one error.
      if (fatal) return fatalAt(text, out, j, typed, length);
      out[j++] = 0xfffd;
      i = length;
      break;
    }
    // An error; the byte at k (out of bounds) is read again as a lead.
    if (fatal) return fatalAt(text, out, j, typed, k);
    out[j++] = 0xfffd;
    i = k;
  }
  return withUnits(text, out, j, typed);
}

/**
 * Whether the sequence lengths in the 64 bytes from `from` change often:
 * text of mixed scripts (a change at about two of three characters), not
 * one script with ASCII spaces and punctuation (about one in three).
 */
function mixedLengths(bytes, from) {
  const end = from + 64;
  let changes = 0;
  let last = 0;
  for (let k = from; k < end; k++) {
    const n = LEADS[4 * bytes[k]] & 7;
    if (n !== 0 && n !== last) {
      changes++;
      last = n;
    }
  }
  return changes > 16;
}

/** Where finishCut stopped reading. */
let headEnd = 0;
/** After sequenceEnd: the code point of the sequence it completed, or -1 (it met a byte out of bounds). */
let sequenceCp = -1;

/**
 * The spec's steps, a byte at a time, from `state` (a sequence the previous
 * call cut) until its character or error: the text ('' if nothing yet), or
 * null when the call ends here (utf8State or utf8ErrorAt set); headEnd says
 * where the input goes on (a byte out of bounds is not consumed: it is read
 * again as a lead).
 */
function finishCut(bytes, state, fatal, last) {
  const k = sequenceEnd(bytes, 0, state[0], state[1], state[2], state[3], state[4]);
  const cp = sequenceCp;
  if (k < 0) {
    // The input ended first (it was short): utf8State holds the sequence.
    if (!last) return null;
    utf8State = null;
    if (fatal) {
      utf8ErrorAt = bytes.length;
      return null;
    }
    headEnd = bytes.length;
    return '\ufffd';
  }
  headEnd = k;
  if (cp >= 0) return cp >= 0x10000 ? fromCharCode(0xd7c0 + (cp >> 10), 0xdc00 | (cp & 0x3ff)) : fromCharCode(cp);
  if (!fatal) return '\ufffd';
  utf8ErrorAt = k;
  return null;
}

/**
 * The spec's steps over a sequence's continuation bytes from `bytes[k]`
 * (code point so far `cp`, `seen` of `needed` bytes seen, the next byte's
 * bounds): the index of the first byte out of bounds (sequenceCp -1), or
 * the index after the sequence (sequenceCp its code point), or -1 if the
 * input ends first, the state then in utf8State. The decode loop calls it
 * only on a sequence that is not whole and valid, so it never completes one there.
 */
function sequenceEnd(bytes, k, cp, needed, seen, lower, upper) {
  const length = bytes.length;
  sequenceCp = -1;
  for (; k < length; k++) {
    const c = bytes[k];
    if (c < lower || c > upper) return k;
    lower = 0x80;
    upper = 0xbf;
    cp = (cp << 6) | (c & 0x3f);
    if (++seen === needed) {
      sequenceCp = cp;
      return k + 1;
    }
  }
  utf8State = [cp, needed, seen, lower, upper];
  return -1;
}

/** A fatal error: the text before it (the caller throws), and where the rest of the input starts. */
function fatalAt(text, out, j, typed, at) {
  utf8ErrorAt = at;
  return withUnits(text, out, j, typed);
}
