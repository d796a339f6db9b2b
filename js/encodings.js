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

/**
 * The labels of the replacement encoding (encodings.json). The UTF-8-only
 * module reports every label it leaves out alike (-2); these are invalid in
 * every build, so the error must not send the user to the full build.
 */
const REPLACEMENT_LABELS = ['csiso2022kr', 'hz-gb-2312', 'iso-2022-cn', 'iso-2022-cn-ext', 'iso-2022-kr', 'replacement'];

/** Whether `label` (a string) is a label of the replacement encoding: ASCII whitespace trimmed, ASCII case-insensitive. */
export function isReplacementLabel(label) {
  const key = label.replace(/^[\t\n\f\r ]+|[\t\n\f\r ]+$/g, '').replace(/[A-Z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 32));
  return REPLACEMENT_LABELS.indexOf(key) >= 0;
}
