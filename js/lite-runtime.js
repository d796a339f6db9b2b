// The runtime of the lite entries (text-encoding-wasm/lite, /js/lite): the
// module-free runtime of the UTF-only entries (js/utf-runtime.js) plus the
// single-byte encodings and x-user-defined in JavaScript
// (js/single-byte-codec.js). The CJK families come as modules of their own
// through their entries (js/families.js, js/entries/family-host.js).
import { createUtfRuntime } from './utf-runtime.js';
import { decodeSingleByte } from './single-byte-codec.js';

/** `typedStrings`: strings built for an interpreter (js/utf8-codec.js). */
export function createLiteRuntime(typedStrings) {
  return createUtfRuntime(typedStrings, 'single-byte', decodeSingleByte);
}
