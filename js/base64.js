// Base64 -> bytes. The engine's own decoder where it has one
// (Uint8Array.fromBase64: Chromium 140+, Firefox 133+, Safari 18.2+), taken at
// load (here, as js/intrinsics.js takes the others), else a loop of our own
// (atob is absent in AudioWorklet and other scopes).
import { Uint8Array, call, stringCharCodeAt } from './intrinsics.js';

/** Uint8Array.fromBase64 where the engine has it, else undefined. */
const fromBase64 = /* @__PURE__ */ (() => {
  const own = Uint8Array.fromBase64;
  return typeof own === 'function' ? (text) => call(own, Uint8Array, text) : undefined;
})();

let table = null;

export function decodeBase64(text) {
  if (fromBase64 !== undefined) {
    try {
      return fromBase64(text);
    } catch {
      // a replaced or broken implementation: decode it ourselves
    }
  }
  if (table === null) {
    table = new Uint8Array(128);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
    for (let i = 0; i < 64; i++) table[call(stringCharCodeAt, alphabet, i)] = i;
  }
  const t = table;
  let end = text.length;
  while (end > 0 && call(stringCharCodeAt, text, end - 1) === 61 /* = */) end--;
  const out = new Uint8Array((end * 3) >> 2);
  let bits = 0;
  let value = 0;
  let o = 0;
  for (let i = 0; i < end; i++) {
    value = (value << 6) | t[call(stringCharCodeAt, text, i)];
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (value >> bits) & 0xff;
    }
  }
  return out;
}
