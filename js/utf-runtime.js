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

import { FAMILY_OF } from './encodings.js';
import { labelIndex, labelName } from './label-index.js';
import { preferBranches } from './utf8-encode.js';

/** "Get an encoding" (§4.2, js/label-index.js): the index, -2 - index if this entry leaves the encoding out, or -1. */
function labelToIndex(label, family) {
  const index = labelIndex(label);
  // UTF-8, UTF-16 and replacement are always here.
  return index < 0 || FAMILY_OF[index] === 'utf' || FAMILY_OF[index] === family ? index : -2 - index;
}

/**
 * The runtime of a module-free entry; `typedStrings`: strings built for an
 * interpreter (js/utf8-codec.js). `family` and `decode`: a family of
 * encodings this entry also has (js/encodings.js's FAMILY_OF) and its
 * decoder (js/runtime.js's decode contract), or none (the UTF-only entries).
 */
export function createUtfRuntime(typedStrings, family = null, decode = null) {
  // A UTF-only entry's bundle (TEW_UTF_ONLY: tools/build-package.mjs) has no
  // `decode`: js/text-decoder.js calls it for no encoding there.
  const utfOnly = typeof TEW_UTF_ONLY === 'boolean' && TEW_UTF_ONLY;
  if (typedStrings) preferBranches();
  return {
    typedStrings,
    // A UTF-only entry resolves the UTF family's labels only (js/label-index.js): nothing is -2 - index there.
    labelToIndex: utfOnly ? labelIndex : (label) => labelToIndex(label, family),
    /** The name, lowercased (the first label): what the classes report. */
    name: labelName,
    /** UTF-8 and UTF-16 never come here (js/text-decoder.js decodes them itself); `family`'s encodings do. */
    decode: utfOnly ? undefined : (index, fatal, input) => {
      if (decode !== null && FAMILY_OF[index] === family) return decode(index, fatal, input, typedStrings);
      throw new RangeError(`text-encoding-wasm: ${labelName(index)} is not in this build`);
    },
  };
}
