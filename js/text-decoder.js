// TextDecoder (Encoding Standard §7.1-7.2), with the WebIDL shape of a browser's.
import { asciiDecodesToItself, REPLACEMENT, stripsBom, UTF_16BE, UTF_16LE, UTF_8 } from './encodings.js';
import { getRuntime, leftOutHint } from './loader.js';
import { decodeUtf8, utf8ErrorAt, utf8State } from './utf8-codec.js';
import { decodeUtf16, prefixUnits, utf16ErrorAt, utf16Input, utf16State, wellFormedPrefix } from './utf16-codec.js';
import { defineInterface, otherCopyMethod } from './other-copy.js';
import { bufferSourceBytes, toDictionary, toStringValue } from './webidl.js';
import { concatBytes } from './concat-bytes.js';
import { Uint8Array, WeakMap, charCodeAt, fromCharCode, fromCharCodes, sliceElements, sliceString, subarray } from './intrinsics.js';

const CONSTRUCT = "Failed to construct 'TextDecoder'";
const DECODE = "Failed to execute 'decode' on 'TextDecoder'";
/** Short all-ASCII input is turned into a string in JS: cheaper than a call into the module. */
const ASCII_FAST_PATH = 64;

/** Internal slots, keyed by instance: a WeakMap is also the brand check (with js/other-copy.js). */
const slots = /* @__PURE__ */ new WeakMap();

class TextDecoder {
  constructor() {
    slots.set(this, decoderSlots(arguments, CONSTRUCT));
  }

  decode() {
    // A UTF-only entry (TEW_UTF_ONLY: tools/build-package.mjs) has UTF-8 and
    // UTF-16 only: of those, UTF-8 alone decodes ASCII to itself. (A local
    // const first in its function: esbuild folds it there.)
    const utfOnly = typeof TEW_UTF_ONLY === 'boolean' && TEW_UTF_ONLY;
    const s = slots.get(this);
    if (s === undefined) return otherCopyMethod(this, 'TextDecoder', 'decode', own.decode, arguments);
    // WebIDL: optional AllowSharedBufferSource input, optional TextDecodeOptions options = {}.
    let input = arguments[0] === undefined ? null : bufferSourceBytes(arguments[0], DECODE);
    const options = toDictionary(arguments[1], DECODE, 'TextDecodeOptions');
    const stream = options === null ? false : !!options.stream;
    // The bytes are taken (step 3) after the options are converted: a `stream`
    // getter may have detached the buffer meanwhile, and then it holds no bytes.
    if (input !== null && input.length === 0) input = null;
    const runtime = getRuntime(DECODE);
    // Steps 1-2.
    if (!s.doNotFlush) {
      s.state = null;
      s.leftover = null;
      s.bomSeen = false;
    }
    s.doNotFlush = stream;
    // Step 3: the queue holds what a fatal error left, then a copy of input.
    let bytes = input;
    if (s.leftover !== null) {
      bytes = input === null ? s.leftover : concatBytes([s.leftover, input], s.leftover.length + input.length);
      s.leftover = null;
    }
    // The text cannot start with U+FEFF (bytes EF BB BF, FF FE, FE FF) if a
    // new decoder reads a first byte that starts none of them: then the BOM
    // check need not read the text (reading a long concatenated string
    // flattens it: 0.3 ms per 256 KiB in Hermes).
    const noBom = s.state === null && bytes !== null && bytes.length > 0 && bytes[0] < 0xef;
    let text;
    if (bytes === null || bytes.length === 0) {
      text = s.state === null && stream ? '' : decodeWith(runtime, s, bytes || new Uint8Array(0), stream);
    } else if (s.state === null && bytes.length <= ASCII_FAST_PATH && (utfOnly ? s.index === UTF_8 : asciiDecodesToItself(s.index)) && isAscii(bytes)) {
      text = runtime.typedStrings ? fromCharCodes(bytes) : asciiText(bytes);
    } else {
      text = decodeWith(runtime, s, bytes, stream);
    }
    return serializeOutput(s, text, noBom);
  }
}

/** "Serialize I/O queue": the first code point of the stream, if U+FEFF, is a BOM. */
function serializeOutput(s, text, noBom) {
  // Every encoding of a UTF-only entry strips the BOM (TEW_UTF_ONLY, as in decode).
  const utfOnly = typeof TEW_UTF_ONLY === 'boolean' && TEW_UTF_ONLY;
  if (!s.bomSeen && !s.ignoreBOM && (utfOnly || stripsBom(s.index)) && text.length > 0) {
    s.bomSeen = true;
    if (!noBom && charCodeAt(text, 0) === 0xfeff) text = sliceString(text, 1);
  }
  return text;
}

/**
 * For TextDecoderStream (js/text-decoder-stream.js), whose slots come from
 * decoderSlots(): "decode and enqueue a chunk" (last false; `bytes` is a
 * Uint8Array view, copied into the module before anything else runs) or
 * "flush and enqueue" (last true, `bytes` empty). Returns the serialized
 * output; a fatal error is a TypeError (the stream is then errored, so no
 * leftover is kept). The state stays in `s`: the module keeps none.
 */
export function decodeChunk(s, bytes, last, context) {
  if (!last && bytes.length === 0) return '';
  return serializeOutput(s, decodeWith(getRuntime(context), s, bytes, !last, context));
}

function decodeWith(runtime, s, bytes, stream, context = DECODE) {
  // Whether this bundle's entry has no module (text-encoding-wasm/utf8, /lite
  // and their other forms: js/utf-runtime.js), and whether it has UTF-8 and
  // UTF-16 only (/utf8): tools/build-package.mjs defines TEW_MODULE_FREE and
  // TEW_UTF_ONLY for each entry, so that a bundle keeps only its side of the
  // tests below (local consts: esbuild folds them, not top-level ones in a
  // file with imports). The module-free entries call js/utf16-codec.js
  // directly and leave out the module's UTF-16LE start; a UTF-only one
  // decodes nothing else. Anything else, and this file run as it is, takes
  // the module's side.
  const moduleFree = typeof TEW_MODULE_FREE === 'boolean' && TEW_MODULE_FREE;
  const utfOnly = typeof TEW_UTF_ONLY === 'boolean' && TEW_UTF_ONLY;
  const index = s.index;
  let text;
  if (index === UTF_8) {
    // UTF-8: all of it in JavaScript (js/utf8-codec.js), errors and state included.
    text = decodeUtf8(bytes, s.state, s.fatal, !stream, runtime.typedStrings);
    s.state = stream ? utf8State : null;
    if (utf8ErrorAt < 0) return text;
    // As decodeInModule: the bytes after the error stay in the queue for a next streaming call.
    if (stream) s.leftover = sliceElements(bytes, utf8ErrorAt);
    // UTF-16 in JavaScript (js/utf16-codec.js) with no module (the UTF-only
    // and lite entries), or where the runtime brings it: an interpreter (the
    // build without WebAssembly, js/no-wasm/fast-decode.js); with a wasm
    // module, V8 measured faster through the module.
  } else if (moduleFree && (utfOnly || index === UTF_16LE || index === UTF_16BE)) {
    text = decodeUtf16(bytes, index === UTF_16BE, s.state, s.fatal, !stream, runtime.typedStrings);
    s.state = stream ? utf16State : null;
    if (utf16ErrorAt < 0) return text;
    if (stream) s.leftover = sliceElements(utf16Input, utf16ErrorAt);
  } else if (!moduleFree && (index === UTF_16LE || index === UTF_16BE) && runtime.decodeUtf16 !== undefined) {
    const r = runtime.decodeUtf16(bytes, index === UTF_16BE, s.state, s.fatal, !stream, runtime.typedStrings);
    text = r.text;
    s.state = stream ? r.state : null;
    if (r.errorAt < 0) return text;
    if (stream) s.leftover = sliceElements(r.input, r.errorAt);
  } else {
    // UTF-16LE with a module (the wasm build): the input's own units where
    // they are well-formed (V8: 1.3x faster than the module), the module from
    // the first chunk that is not.
    let head = '';
    if (!moduleFree && index === UTF_16LE && s.state === null) {
      head = wellFormedPrefix(bytes);
      if (2 * prefixUnits === bytes.length) return head;
      bytes = subarray(bytes, 2 * prefixUnits);
    }
    // The module decodes the rest from the decoder's state.
    const result = runtime.decode(index, s.fatal, bytes, s.state, !stream);
    s.state = stream ? result.state : null;
    if (!result.error) return head + result.text;
    if (stream) s.leftover = sliceElements(bytes, result.offset);
  }
  // A fatal error: the spec's I/O queue keeps everything after the error,
  // which a next streaming call reads (s.leftover, set above).
  throw new TypeError(`${context}: The encoded data was not valid for encoding ${s.name}`);
}

/**
 * The string of short ASCII `bytes` in a JIT engine: fromCharCode called
 * with the bytes as arguments, 16 at a time. V8 spreads an array-like
 * through apply on a slow generic path (40 bytes: 122 -> 66 ns, 136 -> 106
 * with the concatenation flattened). Interpreters keep apply over the bytes.
 */
function asciiText(b) {
  const length = b.length;
  let text = '';
  let i = 0;
  for (; i + 16 <= length; i += 16) text += fromCharCode(b[i], b[i + 1], b[i + 2], b[i + 3], b[i + 4], b[i + 5], b[i + 6], b[i + 7], b[i + 8], b[i + 9], b[i + 10], b[i + 11], b[i + 12], b[i + 13], b[i + 14], b[i + 15]);
  for (; i + 4 <= length; i += 4) text += fromCharCode(b[i], b[i + 1], b[i + 2], b[i + 3]);
  for (; i < length; i++) text += fromCharCode(b[i]);
  return text;
}

/** Four bytes per test, the length read once: in an interpreter each is a step (and `length` a getter call). */
function isAscii(bytes) {
  const length = bytes.length;
  let i = 0;
  for (; i + 4 <= length; i += 4) if ((bytes[i] | bytes[i + 1] | bytes[i + 2] | bytes[i + 3]) >= 0x80) return false;
  for (; i < length; i++) if (bytes[i] >= 0x80) return false;
  return true;
}

/**
 * The constructor steps of TextDecoder and TextDecoderStream (same label and
 * options conversions, same exceptions): `args` is the constructor's
 * arguments, `context` starts the messages. Returns the internal slots.
 */
export function decoderSlots(args, context) {
  // WebIDL: optional DOMString label = "utf-8", optional TextDecoderOptions options = {}.
  const label = args.length > 0 && args[0] !== undefined ? toStringValue(args[0]) : 'utf-8';
  const options = toDictionary(args[1], context, 'TextDecoderOptions');
  // Dictionary members are read in lexicographic order: fatal, ignoreBOM.
  const fatal = options === null ? false : !!options.fatal;
  const ignoreBOM = options === null ? false : !!options.ignoreBOM;
  const runtime = getRuntime(context);
  const index = runtime.labelToIndex(label);
  // A label of an encoding this build leaves out (-2 - its index): the
  // message names the import that adds it (js/loader.js, leftOutHint).
  if (index < 0 || index === REPLACEMENT) {
    // A UTF-only entry (TEW_UTF_ONLY: tools/build-package.mjs) knows no other
    // encoding's labels (js/label-index.js): for any but the UTF ones and
    // replacement's (-1) its message names the imports that have the others.
    // (A local const first in its block: esbuild folds it there.)
    const utfOnly = typeof TEW_UTF_ONLY === 'boolean' && TEW_UTF_ONLY;
    const provided = `${context}: The encoding label provided ('${label}')`;
    throw new RangeError(
      utfOnly && index === -1 ? `${provided} ${leftOutHint(-1)}.`
      : !utfOnly && index <= -2 ? `${provided} names ${runtime.name(-2 - index)}, ${leftOutHint(-2 - index)}.`
      : `${provided} is invalid.`,
    );
  }
  return {
    index,
    name: runtime.name(index),
    fatal,
    ignoreBOM,
    // The decoder's state between streaming calls (16 bytes), or null: new.
    state: null,
    // Input left in the I/O queue by a fatal error in a streaming call.
    leftover: null,
    doNotFlush: false,
    bomSeen: false,
  };
}

/** TextDecoderCommon's attributes, read from the slots decoderSlots() makes (TextDecoderStream has them too). */
export const DECODER_ATTRIBUTES = { encoding: (s) => s.name, fatal: (s) => s.fatal, ignoreBOM: (s) => s.ignoreBOM };

/**
 * The operations as defined here, for the brand check across copies
 * (js/other-copy.js). A pure call: a bundle that never uses TextDecoder
 * (an importer of TextEncoder alone) drops it and the class.
 */
const own = /* @__PURE__ */ defineInterface(TextDecoder, 'TextDecoder', slots, DECODER_ATTRIBUTES, ['decode']);
export { TextDecoder };
