// What the JS layer needs to know about encodings, over the generated list
// (js/encoding-table.js, from encodings.json by tools/gen_tables.py): the
// indexes are the order of the Rust `Encoding` enum, generated from the same file.
import { ISO_2022_JP, REPLACEMENT, UTF_16BE, UTF_16LE, UTF_8 } from './encoding-table.js';

export { ENCODING_COUNT, FAMILY_OF, ISO_2022_JP, REPLACEMENT, UTF_16BE, UTF_16LE, UTF_8 } from './encoding-table.js';

/** Encodings whose decoder output has the BOM removed unless ignoreBOM (spec §7.1). */
export function stripsBom(index) {
  return index === UTF_8 || index === UTF_16BE || index === UTF_16LE;
}

/** Encodings for which ASCII bytes decode to themselves from a new decoder. */
export function asciiDecodesToItself(index) {
  return index !== ISO_2022_JP && index !== REPLACEMENT && index !== UTF_16BE && index !== UTF_16LE;
}
