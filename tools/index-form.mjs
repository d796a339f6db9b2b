// Writes a CJK index in the form js/no-wasm/index-form.js decodes (read its
// header first), for the build without WebAssembly (tools/build-no-wasm.mjs).
// Checked by decoding it back here; tests/js/no-wasm-index-form.test.mjs
// checks the shipped forms against the WHATWG index files.
import { COPY, FAR, NEAR, NEAR_ZERO, SMALL, decodeIndexForm } from '../js/no-wasm/index-form.js';

/** Shortest copy worth a COPY token (5 characters). */
const MIN_COPY = 6;
const NULL_RUN = COPY - (SMALL + NEAR + FAR);
const digit = (v) => String.fromCharCode(126 - v);

/** The form of `index` (an array of code points by pointer, 0 where none) as a string. */
export function encodeIndexForm(index) {
  let text = '';
  let prev = 0;
  let at = 0;
  const len = index.length;
  while (at < len) {
    if (index[at] === 0) {
      let run = 0;
      while (at + run < len && index[at + run] === 0 && run < NULL_RUN) run++;
      // A run at the end needs nothing: pointers not reached stay 0.
      if (at + run < len) text += digit(SMALL + NEAR + FAR + run - 1);
      at += run;
      continue;
    }
    // The longest copy of earlier entries (nonzero ones only).
    let best = 0;
    let bestDistance = 0;
    for (let from = Math.max(0, at - 95 * 95 + 1); from < at; from++) {
      if (index[from] !== index[at]) continue;
      let n = 0;
      while (at + n < len && n < at - from && n < 95 * 95 - 1 && index[from + n] === index[at + n] && index[at + n] !== 0) n++;
      if (n > best) {
        best = n;
        bestDistance = at - from;
      }
    }
    if (best >= MIN_COPY) {
      text += digit(COPY) + digit(Math.floor(bestDistance / 95)) + digit(bestDistance % 95) + digit(Math.floor(best / 95)) + digit(best % 95);
      at += best;
      prev = index[at - 1];
      continue;
    }
    const cp = index[at];
    const delta = cp - prev;
    if (delta >= 1 && delta <= SMALL) {
      text += digit(delta - 1);
    } else if (delta >= -NEAR_ZERO && delta < NEAR * 95 - NEAR_ZERO) {
      const x = delta + NEAR_ZERO;
      text += digit(SMALL + Math.floor(x / 95)) + digit(x % 95);
    } else if (cp < FAR * 95 * 95) {
      text += digit(SMALL + NEAR + Math.floor(cp / (95 * 95))) + digit(Math.floor(cp / 95) % 95) + digit(cp % 95);
    } else {
      throw new Error(`index-form: code point ${cp.toString(16)} is beyond the form's reach`);
    }
    prev = cp;
    at++;
  }
  // Decoded back: the form must give the index exactly.
  const back = new Uint32Array(len);
  decodeIndexForm(text, back);
  for (let p = 0; p < len; p++) {
    if (back[p] !== index[p]) throw new Error(`index-form: pointer ${p} decodes to ${back[p]}, not ${index[p]}`);
  }
  return text;
}
