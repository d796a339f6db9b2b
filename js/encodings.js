// Indexes of a few encodings in the standard's table (the order of the Rust
// `Encoding` enum, generated from encodings.json); the tests check them
// against the module's own names.
export const UTF_8 = 0;
export const ISO_2022_JP = 33;
export const REPLACEMENT = 36;
export const UTF_16BE = 37;
export const UTF_16LE = 38;

/** Encodings whose decoder output has the BOM removed unless ignoreBOM (spec §7.1). */
export function stripsBom(index) {
  return index === UTF_8 || index === UTF_16BE || index === UTF_16LE;
}

/** Encodings for which ASCII bytes decode to themselves from a new decoder. */
export function asciiDecodesToItself(index) {
  return index !== ISO_2022_JP && index !== REPLACEMENT && index !== UTF_16BE && index !== UTF_16LE;
}
