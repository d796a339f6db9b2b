// The CLI's encodings beyond the standard: WTF-8, CESU-8, modified UTF-8 and
// 1996 UTF-8 (text-encoding-wasm/extra). Their names are not labels of the
// standard (none collides), so `-f`/`-t` look here first. Each side has the
// interface of its standard counterpart in decoder.js / encoder.js.
import {
  Cesu8Decoder, Cesu8Encoder, Iso10646Utf8Decoder, Iso10646Utf8Encoder, ModifiedUtf8Decoder, ModifiedUtf8Encoder,
  Wtf8Decoder, Wtf8Encoder,
} from '../entries/extra.js';
import { DecodeError } from './decoder.js';
import { countCodePoints, joinSplitPairs, UnmappableError } from './encoder.js';

/** name -> [labels, what the -l listing says]. */
export const VARIANTS = {
  'wtf-8': [['wtf-8', 'wtf8'], 'WTF-8: lone surrogates kept (strict: a surrogate pair must be one 4-byte sequence)'],
  'cesu-8': [['cesu-8', 'cesu8'], 'CESU-8: supplementary characters as two 3-byte surrogates'],
  'modified-utf-8': [['modified-utf-8', 'mutf-8', 'mutf8', 'java-modified-utf-8'], "Java's modified UTF-8: CESU-8 plus U+0000 as C0 80"],
  'iso-10646-utf-8': [['iso-10646-utf-8', 'utf-8-1996', 'utf8-1996'], 'UTF-8 of ISO/IEC 10646-1 (1996): 1-6 octets, values to 0x7FFFFFFF'],
};

/** The variant's name for a label, or null. */
export function variantName(label) {
  const wanted = label.trim().toLowerCase();
  for (const [name, [labels]] of Object.entries(VARIANTS)) if (labels.includes(wanted)) return name;
  return null;
}

/** A chunk decoder (decoder.js's interface) for variant `name`. */
export function createVariantDecoder(name, fatal) {
  if (name === 'iso-10646-utf-8') return new Iso10646ChunkDecoder(fatal);
  const Decoder = { 'wtf-8': Wtf8Decoder, 'cesu-8': Cesu8Decoder, 'modified-utf-8': ModifiedUtf8Decoder }[name];
  const decoder = new Decoder({ fatal });
  const run = (chunk, options) => {
    try {
      return decoder.decode(chunk, options);
    } catch (e) {
      if (!(e instanceof TypeError) || typeof e.offset !== 'number') throw e;
      // The variant decoders say exactly where; the text before it still goes out.
      const error = new DecodeError(name, e.offset, e.bytes, false);
      error.text = e.text || '';
      throw error;
    }
  };
  return { encoding: name, decode: (chunk) => run(chunk, { stream: true }), finish: () => run(undefined) };
}

/**
 * 1996 UTF-8 to text: values a JS string can hold become characters; values
 * past U+10FFFF (and surrogate values) are errors in --fatal mode and U+FFFD
 * otherwise, as malformed sequences are.
 */
class Iso10646ChunkDecoder {
  constructor(fatal) {
    this.fatal = fatal;
    this.decoder = new Iso10646Utf8Decoder({ fatal });
    this.encoding = 'iso-10646-utf-8';
    this.values = 0;
  }

  decode(chunk) {
    return this.text(chunk, { stream: true });
  }

  finish() {
    return this.text(undefined, {});
  }

  text(chunk, options) {
    let values;
    try {
      values = this.decoder.decode(chunk, options);
    } catch (e) {
      if (!(e instanceof TypeError) || typeof e.offset !== 'number') throw e;
      const error = new DecodeError(this.encoding, e.offset, new Uint8Array(0), false);
      error.message = `${e.kind} sequence in ${this.encoding} input at byte offset ${e.offset} (ISO/IEC 10646-1 R.7)`;
      error.text = this.toText(e.values);
      throw error;
    }
    return this.toText(values);
  }

  toText(values) {
    let text = '';
    for (let i = 0; i < values.length; i++) {
      let v = values[i];
      if (v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff)) {
        if (this.fatal) {
          const error = new DecodeError(this.encoding, -1, new Uint8Array(0), false);
          error.message = `code value 0x${v.toString(16).toUpperCase()} at value index ${this.values + i} is not a Unicode scalar value: no text encoding can hold it`;
          error.where = `before the code value at index ${this.values + i}`;
          error.text = text;
          throw error;
        }
        v = 0xfffd;
      }
      text += String.fromCodePoint(v);
    }
    this.values += values.length;
    return text;
  }
}

/** An encoder (encoder.js's interface) for variant `name`; mode 'replace' | 'fatal' | 'html'. */
export function createVariantEncoder(name, mode) {
  if (name === 'iso-10646-utf-8') {
    // Code points of the text (a pair split between chunks waits for its trail).
    const encoder = new Iso10646Utf8Encoder();
    const whole = joinSplitPairs();
    const encode = (text, last) => [encoder.encode(Array.from(whole(text, last), (c) => c.codePointAt(0)))];
    return { encode: (text) => encode(text, false), finish: () => encode('', true), substituted: 0 };
  }
  if (name === 'cesu-8') {
    // Only a lone surrogate (from WTF-8 or modified UTF-8 input) cannot be encoded.
    const encoder = new Cesu8Encoder({ fatal: mode === 'fatal' });
    let chars = 0;
    const encode = (text, options) => {
      try {
        const out = [encoder.encode(text, options)];
        chars += countCodePoints(text);
        return out;
      } catch (e) {
        if (typeof e.codeUnit !== 'number') throw e;
        // index -1: the lead surrogate that ended the previous chunk (counted there).
        const at = e.index < 0 ? chars - 1 : chars + countCodePoints(text, e.index);
        throw new UnmappableError(e.codeUnit, at, [e.bytes], 'CESU-8 (a lone surrogate)');
      }
    };
    return { encode: (text) => encode(text, { stream: true }), finish: () => encode(''), substituted: 0 };
  }
  const encoder = name === 'wtf-8' ? new Wtf8Encoder() : new ModifiedUtf8Encoder();
  return { encode: (text) => [encoder.encode(text, { stream: true })], finish: () => [encoder.encode('')], substituted: 0 };
}
