// The runtime of the UTF-only entries (text-encoding-wasm/utf8, /js/utf8):
// no WebAssembly module at all. TextDecoder decodes UTF-8 and UTF-16 in
// JavaScript in every build (js/utf8-codec.js, js/utf16-codec.js) and
// TextEncoder encodes in JavaScript (js/utf8-encode.js), so all these entries
// still needed a module for was "get an encoding" and the names: here from
// the standard's own table (js/encoding-labels.js, generated from
// encodings.json). A label of an encoding left out answers -2 - index, as a
// module without that encoding does (js/text-decoder.js names the import
// that adds it). Nothing here calls user code or a replaceable built-in
// after load.

import { NAMES, LABELS } from './encoding-labels.js';
import { REPLACEMENT, UTF_16BE, UTF_16LE, UTF_8 } from './encodings.js';
import { encodeInto, encodeUtf8, preferBranches } from './utf8-encode.js';
import { decodeUtf16Result } from './utf16-codec.js';
import { call, charCodeAt } from './intrinsics.js';
import { stripLabel } from './webidl.js';

const split = String.prototype.split;
const lowerCase = String.prototype.toLowerCase;

/** label -> index, made at first use (a null-prototype object: no inherited keys, no method to replace). */
let byLabel = null;

function labelTable() {
  const table = Object.create(null);
  for (let index = 0; index < LABELS.length; index++) {
    const labels = call(split, LABELS[index], ' ');
    const here = index === UTF_8 || index === UTF_16LE || index === UTF_16BE || index === REPLACEMENT;
    for (let k = 0; k < labels.length; k++) table[labels[k]] = here ? index : -2 - index;
  }
  return table;
}

/** "Get an encoding" (§4.2): ASCII whitespace stripped, ASCII case-insensitive; the index, -2 - index if left out, or -1. */
function labelToIndex(label) {
  // No label is longer than 19 units; a longer string matches only with whitespace around it.
  const trimmed = stripLabel(label, 32);
  if (trimmed === null) return -1;
  // Labels are ASCII: anything else matches none (and must not be lowercased
  // by Unicode's rules: U+212A KELVIN SIGN would become "k").
  for (let i = 0; i < trimmed.length; i++) if (charCodeAt(trimmed, i) >= 0x80) return -1;
  if (byLabel === null) byLabel = labelTable();
  const index = byLabel[call(lowerCase, trimmed)];
  return index === undefined ? -1 : index;
}

/** The runtime of a UTF-only entry; `typedStrings`: strings built for an interpreter (js/utf8-codec.js). */
export function createUtfRuntime(typedStrings) {
  if (typedStrings) preferBranches();
  return {
    typedStrings,
    decodeUtf16: decodeUtf16Result,
    labelToIndex,
    name: (index) => NAMES[index],
    encodeUtf8,
    encodeInto,
    /** Never reached for UTF-8 and UTF-16 (js/text-decoder.js decodes them itself), and no other encoding is here. */
    decode(index) {
      throw new RangeError(`text-encoding-wasm: ${NAMES[index]} is not in this build`);
    },
  };
}
