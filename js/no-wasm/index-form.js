// A second coding of the CJK indexes, for the build without WebAssembly only
// (tools/index-form.mjs writes it, tools/build-no-wasm.mjs puts it in the
// translation's data): a string of printable ASCII that an interpreter
// (Hermes, QuickJS, node --jitless) decodes with one to three charCodeAt
// calls and a few comparisons per entry. The range-coded form the module
// carries (src/tables/packed.rs) is smaller (jis0208: 8,857 bytes against
// ~13,600) but costs ~75,000 adaptive binary decisions for jis0208, ~14 ms in
// Hermes bytecode at first use; js/no-wasm.md, "Start-up". ASCII, not UTF-16
// units: a classic script is read in the page's encoding, which need not be
// UTF-8, and ASCII measured no bigger (three characters for a code point
// written out, as UTF-8 takes for one CJK unit).
//
// Each character is a digit 0-94: 126 minus its code (so '~' is 0 and the
// characters that need a backslash in a literal, " ' \, are rare digits).
// Tokens, by their first digit v:
//   v < SMALL                  the previous code point + v + 1
//   v < SMALL + NEAR           the previous code point + ((v - SMALL) * 95 + next digit) - NEAR_ZERO
//   v < SMALL + NEAR + FAR     the code point ((v - SMALL - NEAR) * 95 + next) * 95 + next
//   v < COPY                   v - (SMALL + NEAR + FAR) + 1 pointers without a code point
//   v = COPY                   n entries copied from d pointers back, d and n two digits each
//                              (the IBM extensions jis0208 carries twice)
// "The previous code point" is the last one written (copies included), 0 at the start.
import { call, stringCharCodeAt } from '../intrinsics.js';

const functionBind = Function.prototype.bind;

export const SMALL = 40;
export const NEAR = 30;
export const NEAR_ZERO = (NEAR * 95) >> 1;
export const FAR = 8;
export const COPY = 94;

/**
 * Decodes `text` (the form above) into `out` (a Uint16Array or Uint32Array
 * of the index's length); pointers it does not reach stay as they are (0).
 * A damaged text cannot write outside `out` (typed arrays ignore such
 * writes) and ends where the text ends.
 */
export function decodeIndexForm(text, out) {
  // charCodeAt bound to the text: one native call per character in an interpreter.
  const unitAt = call(functionBind, stringCharCodeAt, text);
  const end = text.length;
  let at = 0;
  let prev = 0;
  for (let i = 0; i < end; ) {
    const v = 126 - unitAt(i++);
    if (v < SMALL) {
      prev = prev + v + 1;
    } else if (v < SMALL + NEAR) {
      prev = prev + (v - SMALL) * 95 + 126 - unitAt(i++) - NEAR_ZERO;
    } else if (v < SMALL + NEAR + FAR) {
      prev = ((v - SMALL - NEAR) * 95 + 126 - unitAt(i++)) * 95 + 126 - unitAt(i++);
    } else if (v < COPY) {
      at += v - (SMALL + NEAR + FAR) + 1;
      continue;
    } else {
      const distance = (126 - unitAt(i)) * 95 + 126 - unitAt(i + 1);
      const count = (126 - unitAt(i + 2)) * 95 + 126 - unitAt(i + 3);
      i += 4;
      for (let k = 0; k < count; k++, at++) out[at] = prev = out[at - distance];
      continue;
    }
    out[at++] = prev;
  }
}
