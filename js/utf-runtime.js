// The runtime of the module-free entries (text-encoding-wasm/utf8, /js/utf8,
// and, with js/lite-runtime.js's single-byte decoder, /lite, /js/lite):
// no WebAssembly module at all. TextDecoder decodes UTF-8 and UTF-16 in
// JavaScript in every build (js/utf8-codec.js, js/utf16-codec.js) and
// TextEncoder encodes in JavaScript (js/utf8-encode.js), so all these entries
// still needed a module for was "get an encoding" and the names: here from
// the standard's own table (js/encoding-labels.js, generated from
// encodings.json). A label of an encoding left out answers -2 - index, as a
// module without that encoding does (js/text-decoder.js names the import
// that adds it). Nothing here calls user code or a replaceable built-in
// after load.

import { LABELS } from './encoding-labels.js';
import { FAMILY_OF } from './encodings.js';
import { preferBranches } from './utf8-encode.js';
import { decodeUtf16Result } from './utf16-codec.js';
import { call, charCodeAt } from './intrinsics.js';
import { stripLabel } from './webidl.js';

const split = String.prototype.split;
const lowerCase = String.prototype.toLowerCase;

/** Per family ('null': UTF only): label -> index, made at first use (null-prototype objects: no inherited keys, no method to replace). */
const byLabel = Object.create(null);

function labelTable(family) {
  const table = Object.create(null);
  for (let index = 0; index < LABELS.length; index++) {
    const labels = call(split, LABELS[index], ' ');
    // UTF-8, UTF-16 and replacement are always here.
    const here = FAMILY_OF[index] === 'utf' || FAMILY_OF[index] === family;
    for (let k = 0; k < labels.length; k++) table[labels[k]] = here ? index : -2 - index;
  }
  return table;
}

/** "Get an encoding" (§4.2): ASCII whitespace stripped, ASCII case-insensitive; the index, -2 - index if left out, or -1. */
function labelToIndex(label, family) {
  // No label is longer than 19 units; a longer string matches only with whitespace around it.
  const trimmed = stripLabel(label, 32);
  if (trimmed === null) return -1;
  // Labels are ASCII: anything else matches none (and must not be lowercased
  // by Unicode's rules: U+212A KELVIN SIGN would become "k").
  for (let i = 0; i < trimmed.length; i++) if (charCodeAt(trimmed, i) >= 0x80) return -1;
  const table = byLabel[family] || (byLabel[family] = labelTable(family));
  const index = table[call(lowerCase, trimmed)];
  return index === undefined ? -1 : index;
}

/**
 * The runtime of a module-free entry; `typedStrings`: strings built for an
 * interpreter (js/utf8-codec.js). `family` and `decode`: a family of
 * encodings this entry also has (js/encodings.js's FAMILY_OF) and its
 * decoder (js/runtime.js's decode contract), or none (the UTF-only entries).
 */
export function createUtfRuntime(typedStrings, family = null, decode = null) {
  if (typedStrings) preferBranches();
  return {
    typedStrings,
    decodeUtf16: decodeUtf16Result,
    labelToIndex: (label) => labelToIndex(label, family),
    /** The name, lowercased (the first label): all the classes use (js/text-decoder.js lowercases it). */
    name: (index) => call(split, LABELS[index], ' ')[0],
    /** UTF-8 and UTF-16 never come here (js/text-decoder.js decodes them itself); `family`'s encodings do. */
    decode(index, fatal, input, state, last) {
      if (decode !== null && FAMILY_OF[index] === family) return decode(index, fatal, input, typedStrings);
      throw new RangeError(`text-encoding-wasm: ${call(split, LABELS[index], ' ')[0]} is not in this build`);
    },
  };
}
