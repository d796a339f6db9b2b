import { apply, fromCharCode, min, subarray } from './intrinsics.js';
// Code units to a string with String.fromCharCode: exact for any units, lone
// surrogates included (js/runtime.js uses it where the runtime has no usable
// UTF-16LE decoder or the text is short; js/extra/variants-runtime.js always,
// since WTF-8 and modified UTF-8 output lone surrogates a decoder would replace).

/**
 * Units per String.fromCharCode call. They are copied into a plain array
 * first: V8 spreads a plain array of small integers into arguments much
 * faster than a typed array.
 */
const STRING_CHUNK = 8192;
/** Reused for every chunk: its length is set to the chunk's. */
const chunkUnits = [];

/** The string of the `count` units of `u16` (a Uint16Array) from index `from`. */
export function unitsToString(u16, from, count) {
  let text = '';
  const units = chunkUnits;
  for (let i = 0; i < count; i += STRING_CHUNK) {
    const n = min(STRING_CHUNK, count - i);
    units.length = n;
    for (let j = 0, k = from + i; j < n; j++, k++) units[j] = u16[k];
    text += apply(fromCharCode, null, units);
  }
  return text;
}

/**
 * The same from a typed array directly, with no copy: for the build without
 * WebAssembly, whose engines are interpreters (Hermes, QuickJS, node
 * --jitless), where applying fromCharCode to a Uint16Array subarray measured
 * 2-10x faster than the copy above at every size from 8 to 4,096 units, while
 * V8 with its JIT (the wasm build's engines) is up to 1.7x slower with it
 * from ~64 units (tools/bench/engines.mjs; js/no-wasm.md).
 */
export function unitsToStringTyped(u16, from, count) {
  if (count <= STRING_CHUNK) return apply(fromCharCode, null, subarray(u16, from, from + count));
  let text = '';
  for (let i = 0; i < count; i += STRING_CHUNK) {
    text += apply(fromCharCode, null, subarray(u16, from + i, from + min(count, i + STRING_CHUNK)));
  }
  return text;
}
