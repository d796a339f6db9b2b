// Strings from code units for the build without WebAssembly's loops. In the
// interpreters that build runs in (Hermes, QuickJS, node --jitless), passing a
// typed array straight to String.fromCharCode.apply costs a third of copying
// it into a plain array first (tools/bench/engines.mjs), so no copy is made.

import { fromCharCodes, subarray } from '../intrinsics.js';

/** Units per fromCharCode call: far below any engine's argument limit. */
const CHUNK = 8192;

/** The string of `array[from, to)` (a Uint8Array: Latin-1; a Uint16Array: UTF-16 units). */
export function stringOf(array, from, to) {
  if (to - from <= CHUNK) return fromCharCodes(subarray(array, from, to));
  let text = '';
  for (let i = from; i < to; i += CHUNK) text += fromCharCodes(subarray(array, i, i + CHUNK < to ? i + CHUNK : to));
  return text;
}
