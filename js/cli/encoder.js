// The output side: a string chunk in, bytes out. UTF-8 goes through our
// TextEncoder, UTF-16LE/BE are the string's code units (the standard has no
// UTF-16 encoder), everything else through LegacyEncoder (text-encoding-wasm/extra).
import { TextEncoder } from '../entries/full.js';
import { LegacyEncoder } from '../entries/extra.js';

/** Thrown in --fatal mode for a character the output encoding cannot encode. */
export class UnmappableError extends Error {
  constructor(codePoint, charOffset, partial, encoding) {
    const hex = codePoint.toString(16).toUpperCase().padStart(4, '0');
    super(`U+${hex} at character offset ${charOffset} cannot be encoded in ${encoding}`);
    this.codePoint = codePoint;
    this.charOffset = charOffset;
    // Output bytes of the characters before it (already encoded: to be written).
    this.partial = partial;
  }
}

/** Code units of the first piece after an unencodable character, and the most in one (see createEncoder). */
const FIRST_PIECE = 64;
const LARGEST_PIECE = 1 << 16;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Code points in `text` (a well-formed chunk: pairs count once). */
export function countCodePoints(text, end = text.length) {
  let n = end;
  for (let i = 1; i < end; i++) {
    const u = text.charCodeAt(i);
    if ((u & 0xfc00) === 0xdc00 && (text.charCodeAt(i - 1) & 0xfc00) === 0xd800) n--;
  }
  return n;
}

/**
 * For an output side with no stream mode of its own: a function taking the
 * next chunk of text (and whether it is the last) that returns it without a
 * lead surrogate that ends it, which goes in front of the next chunk instead
 * (the modified UTF-8 decoder outputs a pair's halves as they come).
 */
export function joinSplitPairs() {
  let held = '';
  return (text, last) => {
    text = held + text;
    const cut = !last && text.length > 0 && (text.charCodeAt(text.length - 1) & 0xfc00) === 0xd800;
    held = cut ? text.slice(-1) : '';
    return cut ? text.slice(0, -1) : text;
  };
}

/**
 * name: the encoding's name (lower case, as TextDecoder#encoding gives it);
 * mode: 'replace' | 'fatal' | 'html'. Returns { encode(text) -> Uint8Array[],
 * finish() -> Uint8Array[], substituted }.
 */
export function createEncoder(name, mode) {
  if (name === 'utf-8') {
    // TextEncoder has no stream mode: a lead surrogate that ends a chunk waits
    // for its trail, or it would become U+FFFD.
    // A lone surrogate (only WTF-8 and modified UTF-8 input have them) is what
    // UTF-8 cannot encode: U+FFFD as TextEncoder writes it, or a --fatal error.
    const te = new TextEncoder();
    const whole = joinSplitPairs();
    let chars = 0;
    const encode = (chunk, last) => {
      const text = whole(chunk, last);
      if (mode === 'fatal') {
        const lone = LONE_SURROGATE.exec(text);
        if (lone !== null) {
          throw new UnmappableError(text.charCodeAt(lone.index), chars + countCodePoints(text, lone.index), [te.encode(text.slice(0, lone.index))], 'UTF-8 (a lone surrogate)');
        }
        chars += countCodePoints(text);
      }
      return [te.encode(text)];
    };
    return { encode: (text) => encode(text, false), finish: () => encode('', true), substituted: 0 };
  }
  if (name === 'utf-16le' || name === 'utf-16be') {
    // Buffer's 'utf16le' copies code units as they are (no TextEncoder involved).
    const be = name === 'utf-16be';
    const encode = (text) => {
      const b = Buffer.from(text, 'utf16le');
      return [be ? b.swap16() : b];
    };
    return { encode, finish: () => [], substituted: 0 };
  }
  // 'replace' runs the encoder in fatal mode and substitutes '?' itself: the
  // module offers only fatal and html. '?' goes through the encoder too, so
  // that ISO-2022-JP switches back to ASCII before it.
  const enc = new LegacyEncoder(name, { mode: mode === 'html' ? 'html' : 'fatal' });
  let chars = 0; // code points encoded so far (only counted in --fatal mode)
  const state = {
    substituted: 0,
    encode(text) {
      if (mode === 'html') return [enc.encode(text, { stream: true })];
      const out = [];
      // The text goes to the encoder in pieces that start small after each
      // unencodable character and double while none comes: a call costs up
      // to its piece's length whatever it stops at, so the cost after a
      // substitution stays within twice what was encoded since the last one
      // (calling with the whole rest of the chunk each time was quadratic:
      // 15 s for 64,000 of them).
      let piece = FIRST_PIECE;
      for (let at = 0; at < text.length;) {
        let end = Math.min(text.length, at + piece);
        // A pair is never split between pieces (a lead surrogate that ends the
        // chunk itself waits in the encoder, as before).
        if (end < text.length && (text.charCodeAt(end - 1) & 0xfc00) === 0xd800) end++;
        const part = at === 0 && end === text.length ? text : text.slice(at, end);
        try {
          out.push(enc.encode(part, { stream: true }));
          if (mode === 'fatal') chars += countCodePoints(part);
          at = end;
          piece = Math.min(piece * 2, LARGEST_PIECE);
        } catch (e) {
          if (!(e instanceof TypeError) || typeof e.codePoint !== 'number') throw e;
          out.push(e.bytes);
          if (mode === 'fatal') {
            throw new UnmappableError(e.codePoint, chars + countCodePoints(part, Math.max(e.index, 0)), out, enc.encoding);
          }
          state.substituted++;
          out.push(enc.encode('?', { stream: true }));
          at += e.read;
          piece = FIRST_PIECE;
        }
      }
      return out;
    },
    // Ends the stream: ISO-2022-JP's return to ASCII (ESC ( B).
    finish: () => [enc.encode('')],
  };
  return state;
}
