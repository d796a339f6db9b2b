// The Encoding Standard's hooks for other standards (§6, "Hooks for
// standards"), for code that implements one (URL parsers, HTML and XML
// parsers, form submission, fetch's text()): small functions over the same
// decoders and encoders as the classes. Names follow the spec's algorithms;
// encodings are given and returned as TextDecoder's `encoding` (lowercase names).
// The entries (js/entries/hooks.js, hooks-no-wasm.js) connect them to the main
// entry's module instance.
import { LegacyEncoder } from './extra/legacy-encoder.js';
import { bufferSourceBytes, toStringValue } from './webidl.js';
import { NAMES } from './encoding-table.js';

// The main entry's runtime and classes (this bundle carries no copy of them).
let runtimeOf = null;
let TextDecoder = null;
let TextEncoder = null;

/** Called by the entry with the main entry's getRuntime and classes. */
export function connectHooks(main) {
  runtimeOf = main.getRuntime;
  TextDecoder = main.TextDecoder;
  TextEncoder = main.TextEncoder;
}

const bytesOf = (input, context) => bufferSourceBytes(input, context);

/** "BOM sniff": 'utf-8', 'utf-16be', 'utf-16le' or null, from the first bytes of `input`. */
export function bomSniff(input) {
  const b = bytesOf(input, "Failed to execute 'bomSniff'");
  if (b.length >= 3 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return 'utf-8';
  if (b.length >= 2 && b[0] === 0xfe && b[1] === 0xff) return 'utf-16be';
  if (b.length >= 2 && b[0] === 0xff && b[1] === 0xfe) return 'utf-16le';
  return null;
}

/** "Get an encoding": the encoding `label` names (replacement included), or null. */
export function getEncoding(label) {
  const rt = runtimeOf("Failed to execute 'getEncoding'");
  const index = rt.labelToIndex(toStringValue(label));
  return index < 0 ? null : rt.name(index);
}

/**
 * The encoding's name as the standard spells it ('Shift_JIS', 'UTF-8'), or
 * null: what whatwg-encoding's and @exodus/bytes's labelToName return.
 */
export function labelToName(label) {
  const rt = runtimeOf("Failed to execute 'labelToName'");
  const index = rt.labelToIndex(toStringValue(label));
  // (The runtimes name encodings lowercased; the spelling is here, so the main entry does not carry it.)
  return index < 0 ? null : NAMES[index];
}

/** "Get an output encoding": UTF-8 for replacement, UTF-16BE and UTF-16LE; the encoding itself otherwise. */
export function getOutputEncoding(encoding) {
  const name = getEncoding(encoding);
  if (name === null) throw new RangeError(`Failed to execute 'getOutputEncoding': '${encoding}' is not an encoding label.`);
  return name === 'replacement' || name === 'utf-16be' || name === 'utf-16le' ? 'utf-8' : name;
}

/**
 * "Decode": the BOM, if any, decides the encoding (and is removed), else
 * `fallbackEncoding` (a label); errors become U+FFFD.
 */
export function decode(input, fallbackEncoding) {
  const bytes = bytesOf(input, "Failed to execute 'decode'");
  const sniffed = bomSniff(bytes);
  if (sniffed === null) {
    const fallback = getEncoding(fallbackEncoding);
    if (fallback === null) throw new RangeError(`Failed to execute 'decode': '${fallbackEncoding}' is not an encoding label.`);
    // The replacement decoder (§14.1) has no TextDecoder (its labels are a
    // RangeError there): one U+FFFD for any non-empty input.
    if (fallback === 'replacement') return bytes.length === 0 ? '' : '\ufffd';
    // No BOM was found, so there is none to remove: the fallback's decoder alone.
    return new TextDecoder(fallback, { ignoreBOM: true }).decode(bytes);
  }
  const skip = sniffed === 'utf-8' ? 3 : 2;
  return new TextDecoder(sniffed, { ignoreBOM: true }).decode(bytes.subarray(skip));
}

/** "UTF-8 decode": a leading UTF-8 BOM is removed, errors become U+FFFD. */
export function utf8Decode(input) {
  return new TextDecoder('utf-8').decode(bytesOf(input, "Failed to execute 'utf8Decode'"));
}

/** "UTF-8 decode without BOM": a leading BOM stays (as U+FEFF), errors become U+FFFD. */
export function utf8DecodeWithoutBOM(input) {
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytesOf(input, "Failed to execute 'utf8DecodeWithoutBOM'"));
}

/** "UTF-8 decode without BOM or fail": the string, or null at the first error. */
export function utf8DecodeWithoutBOMOrFail(input) {
  // A bad argument is a TypeError from here; after it, a TypeError can only be the decoder's error.
  const bytes = bytesOf(input, "Failed to execute 'utf8DecodeWithoutBOMOrFail'");
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true, fatal: true });
  try {
    return decoder.decode(bytes);
  } catch (error) {
    if (error instanceof TypeError) return null;
    throw error;
  }
}

/** "UTF-8 encode": the string's UTF-8 (lone surrogates as U+FFFD). */
export function utf8Encode(string) {
  return new TextEncoder().encode(string);
}

/**
 * "Encode": `string` in the output encoding of `encoding` (a label), in the
 * spec's "html" mode (an unmappable character becomes &#N;), as forms and URLs do.
 */
export function encode(string, encoding) {
  const output = getOutputEncoding(encoding);
  if (output === 'utf-8') return utf8Encode(string);
  return new LegacyEncoder(output, { mode: 'html' }).encode(string);
}
