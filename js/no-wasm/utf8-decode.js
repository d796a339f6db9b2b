// UTF-8 decoding of the common case for the build without WebAssembly
// (js/no-wasm/fast-decode.js): ASCII runs, then valid UTF-8. Whatever is not
// valid, or is cut short by the end of the input, is left to the core's
// decoder (the caller hands it over from the returned stop).
// (The wasm build's JS UTF-8 paths are js/utf8-fast-paths.js; this one is
// tuned for interpreters: it leans on the engine's own native code.)
import { stringOf } from './units.js';

// Captured at load: hostile code may replace the globals later.
const escapeLatin1 = typeof escape === 'function' ? escape : null;
const decodeUriComponent = typeof decodeURIComponent === 'function' ? decodeURIComponent : null;
/**
 * Whether this engine's decodeURIComponent is the strict UTF-8 decoder
 * ECMAScript asks for (it rejects overlong forms, surrogates, code points above
 * U+10FFFF and cut sequences, and decodes the boundary cases right): probed
 * once, on first use, never assumed. If not, the JavaScript loop does it all.
 */
let strictUri = null;
function uriIsStrict() {
  if (escapeLatin1 === null || decodeUriComponent === null) return false;
  const bad = ['%C0%80', '%C1%BF', '%E0%80%80', '%E0%9F%BF', '%ED%A0%80', '%ED%BF%BF', '%F0%80%80%80', '%F0%8F%BF%BF', '%F4%90%80%80', '%F5%80%80%80', '%FF', '%80', '%E4%B8a', '%E4%B8', '%F0%9F%98', '%C2%C2%80'];
  const good = [['%E0%A0%80', '\u0800'], ['%ED%9F%BF', '\ud7ff'], ['%EE%80%80', '\ue000'], ['%F0%90%80%80', '\ud800\udc00'], ['%F4%8F%BF%BF', '\udbff\udfff'], ['%C2%80', '\u0080'], ['%DF%BF', '\u07ff'], ['%EF%BF%BF', '\uffff']];
  try {
    for (let i = 0; i < good.length; i++) if (decodeUriComponent(good[i][0]) !== good[i][1]) return false;
    // escape() must turn each Latin-1 character into %XX (and leave or escape ASCII losslessly).
    if (decodeUriComponent(escapeLatin1('%+ \u00c3\u00a9\u00f0\u009f\u0098\u0080')) !== '%+ \u00e9\ud83d\ude00') return false;
  } catch (_) {
    return false;
  }
  for (let i = 0; i < bad.length; i++) {
    try {
      decodeUriComponent(bad[i]);
      return false;
    } catch (_) {
      // Rejected, as it must be.
    }
  }
  return true;
}

/** Output buffer of the JavaScript loop: one unit per byte at most, plus a pair. */
const WINDOW_UNITS = (1 << 14) + 8;
const units = new Uint16Array(WINDOW_UNITS);

/** The end of the run of ASCII bytes in input[from, to). */
export function asciiEnd(input, from, to) {
  let i = from;
  if (to - from >= 64) {
    // Four bytes at a time over an aligned Uint32Array view.
    let lead = (4 - ((input.byteOffset + i) & 3)) & 3;
    for (; lead > 0; lead--, i++) if (input[i] >= 0x80) return i;
    const words = (to - i) >> 2;
    const u32 = new Uint32Array(input.buffer, input.byteOffset + i, words);
    let w = 0;
    for (const last4 = words - 4; w < last4; w += 4) {
      if ((u32[w] | u32[w + 1] | u32[w + 2] | u32[w + 3]) & 0x80808080) break;
    }
    for (; w < words; w++) if (u32[w] & 0x80808080) break;
    i += w << 2;
  }
  for (; i < to; i++) if (input[i] >= 0x80) return i;
  return to;
}

/**
 * Valid UTF-8 from input[from] (a new decoder's position) up to `to`; the
 * sequence that `to` cuts is finished if input[to, limit) holds the rest.
 * Returns { text, stop }: stop is `to` or later when all was valid, else the
 * start of the first sequence that is not valid and complete.
 */
export function decodeUtf8Valid(input, from, to, limit) {
  const end = sequenceEnd(input, from, to, limit);
  if (strictUri === null) strictUri = uriIsStrict();
  if (strictUri && end > from) {
    // The bytes as Latin-1, each non-ASCII one %-escaped, then the engine's
    // own UTF-8 decoder: native code, several times faster than a loop in an interpreter.
    try {
      return { text: decodeUriComponent(escapeLatin1(stringOf(input, from, end))), stop: end };
    } catch (_) {
      // Not valid somewhere: the loop below finds where.
    }
  }
  return decodeLoop(input, from, end);
}

/** `to` moved to a sequence boundary: past `to` to finish a sequence, or back before one that the input's end cuts. */
function sequenceEnd(input, from, to, limit) {
  let k = to;
  const floor = to - 3 > from ? to - 3 : from;
  while (k > floor && (input[k - 1] & 0xc0) === 0x80) k--;
  if (k === from || k === to) {
    // No lead in the last bytes (they are all continuations: invalid anyway), or the last byte is not a continuation.
    if (k === to && k > from) {
      const last = input[to - 1];
      if (last >= 0xc0) return need(last) <= limit - (to - 1) ? to - 1 + need(last) : to - 1;
    }
    return to;
  }
  const lead = input[k - 1];
  if (lead < 0xc0) return to;
  const n = need(lead);
  if (k - 1 + n <= to) return to;
  return k - 1 + n <= limit ? k - 1 + n : k - 1;
}

function need(lead) {
  return lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : 2;
}

/** The spec's UTF-8 decoder over input[from, end) while nothing is wrong (§8.1.1, the same boundaries). */
function decodeLoop(input, from, end) {
  const out = units;
  let text = '';
  let j = 0;
  let i = from;
  while (i < end) {
    if (j >= WINDOW_UNITS - 8) {
      text += stringOf(out, 0, j);
      j = 0;
    }
    const b = input[i];
    if (b < 0x80) {
      out[j++] = b;
      i++;
    } else if (b < 0xc2) {
      break;
    } else if (b < 0xe0) {
      if (i + 1 >= end) break;
      const c = input[i + 1];
      if (c < 0x80 || c > 0xbf) break;
      out[j++] = ((b & 0x1f) << 6) | (c & 0x3f);
      i += 2;
    } else if (b < 0xf0) {
      if (i + 2 >= end) break;
      const c = input[i + 1];
      if (c < (b === 0xe0 ? 0xa0 : 0x80) || c > (b === 0xed ? 0x9f : 0xbf)) break;
      const d = input[i + 2];
      if (d < 0x80 || d > 0xbf) break;
      out[j++] = ((b & 0x0f) << 12) | ((c & 0x3f) << 6) | (d & 0x3f);
      i += 3;
    } else if (b < 0xf5) {
      if (i + 3 >= end) break;
      const c = input[i + 1];
      if (c < (b === 0xf0 ? 0x90 : 0x80) || c > (b === 0xf4 ? 0x8f : 0xbf)) break;
      const d = input[i + 2];
      const e = input[i + 3];
      if (d < 0x80 || d > 0xbf || e < 0x80 || e > 0xbf) break;
      const cp = ((b & 0x07) << 18) | ((c & 0x3f) << 12) | ((d & 0x3f) << 6) | (e & 0x3f);
      out[j++] = 0xd7c0 + (cp >> 10);
      out[j++] = 0xdc00 | (cp & 0x3ff);
      i += 4;
    } else {
      break;
    }
  }
  return { text: j === 0 ? text : text + stringOf(out, 0, j), stop: i };
}
