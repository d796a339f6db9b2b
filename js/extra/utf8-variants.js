// WTF-8, CESU-8 and Java's modified UTF-8 (text-encoding-wasm/extra): decoders
// to JS strings and encoders from them, shaped like TextDecoder/TextEncoder
// (`fatal`, `decode(input, { stream })`, `encode`, `encodeInto`). The codecs are
// src/variants/ in the variants module (js/extra/variants-runtime.js).
//
// What differs from the standard classes, on purpose:
// - No BOM handling: EF BB BF decodes to U+FEFF and nothing is stripped, since
//   none of the three documents gives a BOM a meaning and losing nothing is
//   their point.
// - WTF-8 and modified UTF-8 decode lone surrogates to themselves, and their
//   encoders write them; CESU-8 has no lone surrogates (error or U+FFFD).
// - A fatal error names where: `error.offset` is the stream offset of the
//   malformed sequence (also when it began in an earlier chunk), `error.bytes`
//   its bytes in this call's input. The stream then starts over.
import { bufferSourceBytes, bytesStillHeld, dictionaryFlag, encodeIntoSource, shapeInterface, slotsIn, toStringValue } from '../webidl.js';
import { CESU8, ERROR, MODIFIED_UTF8, OUTPUT_FULL, variantsRuntime, WTF8 } from './variants-runtime.js';
import { Uint8Array, WeakMap, charCodeAt, setElements, sliceElements, subarray } from '../intrinsics.js';

const hexBytes = (bytes) => Array.from(bytes, (b) => b.toString(16).toUpperCase().padStart(2, '0')).join(' ');
const hexUnit = (unit) => unit.toString(16).toUpperCase().padStart(4, '0');

/** Makes a decoder class for variant `kind`, named `className`, whose `encoding` is `name`. */
function defineDecoder(className, kind, name, title) {
  const CONSTRUCT = `Failed to construct '${className}'`;
  const DECODE = `Failed to execute 'decode' on '${className}'`;
  /**
   * Per instance: { fatal, state, idle, openSince (stream offset where the
   * open sequence began), doNotFlush, position (bytes since the stream began) }.
   */
  const slots = new WeakMap();
  const slotsOf = (object) => slotsIn(slots, object);

  const Decoder = class {
    constructor(options) {
      const fatal = dictionaryFlag(options, 'fatal', CONSTRUCT, `${className}Options`);
      slots.set(this, { fatal, state: null, idle: true, openSince: 0, doNotFlush: false, position: 0 });
    }

    get encoding() {
      slotsOf(this);
      return name;
    }

    get fatal() {
      return slotsOf(this).fatal;
    }

    decode(input, options) {
      const s = slotsOf(this);
      let bytes = input === undefined ? new Uint8Array(0) : bufferSourceBytes(input, DECODE);
      const stream = dictionaryFlag(options, 'stream', DECODE, 'TextDecodeOptions');
      // The bytes are taken after the options: a getter may have detached them.
      bytes = bytesStillHeld(bytes);
      const runtime = variantsRuntime();
      if (!s.doNotFlush) {
        s.state = null;
        s.idle = true;
        s.position = 0;
      }
      s.doNotFlush = stream;
      const r = runtime.decode(kind, s.fatal, bytes, s.state, s.idle, s.openSince, s.position, !stream);
      if (r.error !== null) {
        const { offset, start, end } = r.error;
        const begunEarlier = offset < s.position + start;
        s.state = null;
        s.idle = true;
        s.doNotFlush = false;
        s.position = 0;
        // Its bytes: those in this input (a subpart begun earlier has its first ones in an earlier call).
        const shown = hexBytes(subarray(bytes, start, end));
        const where = begunEarlier ? ` (begun in an earlier chunk; in this one: ${shown || 'none'})` : '';
        const error = new TypeError(`${DECODE}: The encoded data is not valid ${title}: malformed sequence ${where ? '' : `${shown} `}at byte offset ${offset}${where}.`);
        error.offset = offset;
        error.bytes = sliceElements(bytes, start, end);
        // What this call decoded before the malformed sequence: nothing lost.
        error.text = r.text;
        throw error;
      }
      s.state = r.state;
      s.idle = r.idle;
      s.openSince = r.openSince;
      s.position = stream ? s.position + bytes.length : 0;
      return r.text;
    }
  };
  shapeInterface(Decoder, className, ['encoding', 'fatal', 'decode']);
  return Decoder;
}

/** Makes an encoder class; `canFail`: whether it has a fatal mode (CESU-8 and lone surrogates). */
function defineEncoder(className, kind, name, title, canFail) {
  const CONSTRUCT = `Failed to construct '${className}'`;
  const ENCODE = `Failed to execute 'encode' on '${className}'`;
  const ENCODE_INTO = `Failed to execute 'encodeInto' on '${className}'`;
  /** Per instance: { fatal, held (a lead surrogate that ended a streamed call, or 0) }. */
  const slots = new WeakMap();
  const slotsOf = (object) => slotsIn(slots, object);

  function lone(context, string, r) {
    // The lone surrogate is the last unit read; index -1: it ended the previous chunk.
    const index = r.read - 1;
    const unit = index >= 0 ? charCodeAt(string, index) : r.lone;
    const error = new TypeError(`${context}: the lone surrogate U+${hexUnit(unit)} at index ${index} cannot be encoded in ${title}.`);
    error.codeUnit = unit;
    error.index = index;
    error.read = r.read;
    return error;
  }

  function run(s, string, stream, cap) {
    const before = s.held;
    const r = variantsRuntime().encode(kind, s.fatal, string, 0, string.length, s.held, !stream, cap);
    r.lone = before;
    s.held = r.status === ERROR ? 0 : r.held;
    return r;
  }

  const Encoder = class {
    constructor(options) {
      const fatal = canFail && dictionaryFlag(options, 'fatal', CONSTRUCT, `${className}Options`);
      slots.set(this, { fatal, held: 0 });
    }

    get encoding() {
      slotsOf(this);
      return name;
    }

    encode(input, options) {
      const s = slotsOf(this);
      const string = input === undefined ? '' : toStringValue(input);
      const stream = dictionaryFlag(options, 'stream', ENCODE, 'TextEncodeOptions');
      const r = run(s, string, stream, null);
      if (r.status === ERROR) {
        const error = lone(ENCODE, string, r);
        error.bytes = r.bytes;
        throw error;
      }
      return r.bytes;
    }

    encodeInto(source, destination, options) {
      const s = slotsOf(this);
      const string = encodeIntoSource(arguments, ENCODE_INTO);
      const stream = dictionaryFlag(options, 'stream', ENCODE_INTO, 'TextEncodeOptions');
      const out = bufferSourceBytes(destination, ENCODE_INTO);
      const r = run(s, string, stream, out.length);
      setElements(out, r.bytes);
      if (r.status === ERROR) throw lone(ENCODE_INTO, string, r);
      let read = r.read;
      if (r.status === OUTPUT_FULL && !stream && read === string.length && s.held !== 0 && read > 0) {
        // Everything was read but the lone lead surrogate that ends the string
        // did not fit: give it back, so that "all read" means "stream ended".
        read -= 1;
        s.held = 0;
      }
      return { read, written: r.bytes.length };
    }
  };
  shapeInterface(Encoder, className, ['encoding', 'encode', 'encodeInto']);
  return Encoder;
}

export const Wtf8Decoder = defineDecoder('Wtf8Decoder', WTF8, 'wtf-8', 'WTF-8');
export const Wtf8Encoder = defineEncoder('Wtf8Encoder', WTF8, 'wtf-8', 'WTF-8', false);
export const Cesu8Decoder = defineDecoder('Cesu8Decoder', CESU8, 'cesu-8', 'CESU-8');
export const Cesu8Encoder = defineEncoder('Cesu8Encoder', CESU8, 'cesu-8', 'CESU-8', true);
export const ModifiedUtf8Decoder = defineDecoder('ModifiedUtf8Decoder', MODIFIED_UTF8, 'modified-utf-8', 'modified UTF-8');
export const ModifiedUtf8Encoder = defineEncoder('ModifiedUtf8Encoder', MODIFIED_UTF8, 'modified-utf-8', 'modified UTF-8', false);

/**
 * WTF-8 §6.5, "Concatenating WTF-8 strings": `left` then `right`, except that a
 * lead surrogate's sequence ending `left` and a trail surrogate's starting
 * `right` become the one 4-byte sequence of their pair. Done as the
 * specification defines it, decode, concatenate, encode, so it is the same
 * codec; both inputs must be well-formed WTF-8 (TypeError otherwise).
 */
export function wtf8Concat(left, right) {
  const context = "Failed to execute 'wtf8Concat'";
  const a = bufferSourceBytes(left, context);
  const b = bufferSourceBytes(right, context);
  const decoder = new Wtf8Decoder({ fatal: true });
  return new Wtf8Encoder().encode(decoder.decode(a) + decoder.decode(b));
}
