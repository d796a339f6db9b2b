// UTF-8 as ISO/IEC 10646-1 Amendment 2 (1996) first defined it
// (text-encoding-wasm/extra): 1 to 6 octets, code values up to 7FFF FFFF.
// Values past U+10FFFF cannot be in a JS string, so the decoder returns a
// Uint32Array and the encoder takes one (or any array of numbers). The codec
// is src/variants/utf8_1996.rs in the variants module; its file header says
// how each clause was read (R.7's malformed sequences, overlong forms).
import { bufferSourceBytes, bytesStillHeld, dictionaryFlag, shapeInterface, slotsIn, uint32ArrayElements } from '../webidl.js';
import { ERROR, variantsRuntime } from './variants-runtime.js';
import { Uint32Array, Uint8Array, WeakMap } from '../intrinsics.js';

/** R.7's malformed sequences, by the number the module reports. */
const KINDS = [null, 'truncated', 'unexpected-continuation', 'invalid-octet'];
const DESCRIBE = {
  truncated: 'a first octet not followed by the correct number of continuing octets',
  'unexpected-continuation': 'continuing octets not required to complete a sequence',
  'invalid-octet': 'an invalid octet (FE or FF)',
};
const hex = (value) => value.toString(16).toUpperCase().padStart(4, '0');

const decoderSlots = new WeakMap();

export class Iso10646Utf8Decoder {
  constructor(init) {
    const fatal = dictionaryFlag(init, 'fatal', "Failed to construct 'Iso10646Utf8Decoder'", 'Iso10646Utf8DecoderOptions');
    decoderSlots.set(this, { fatal, state: null, doNotFlush: false });
  }

  get encoding() {
    slotsOf(this);
    return 'iso-10646-utf-8';
  }

  get fatal() {
    return slotsOf(this).fatal;
  }

  /** The code values of `input` (U+FFFD for each malformed sequence unless fatal). */
  decode(input, opts) {
    return this.decodeDetailed(input, opts).values;
  }

  /**
   * { values, malformations }: each malformation { offset, kind } (kind one of
   * 'truncated', 'unexpected-continuation', 'invalid-octet'; offset in the
   * stream, of its first octet). In fatal mode the first one throws a
   * TypeError carrying the same `offset` and `kind`, and the stream starts over.
   */
  decodeDetailed(input, opts) {
    const context = "Failed to execute 'decode' on 'Iso10646Utf8Decoder'";
    const s = slotsOf(this);
    let bytes = input === undefined ? new Uint8Array(0) : bufferSourceBytes(input, context);
    const stream = dictionaryFlag(opts, 'stream', context, 'TextDecodeOptions');
    // The bytes are taken after the options: a getter may have detached them.
    bytes = bytesStillHeld(bytes);
    if (!s.doNotFlush) s.state = null;
    s.doNotFlush = stream;
    const r = variantsRuntime().decode1996(s.fatal, bytes, s.state, !stream);
    // A loop, not Array.prototype.map: page script may have replaced that (js/intrinsics.js).
    const malformations = [];
    for (let i = 0; i < r.malformations.length; i++) malformations[i] = { offset: r.malformations[i].position, kind: KINDS[r.malformations[i].kind] };
    if (s.fatal && malformations.length > 0) {
      s.state = null;
      s.doNotFlush = false;
      const { offset, kind } = malformations[0];
      const error = new TypeError(`${context}: malformed sequence (ISO/IEC 10646-1 R.7: ${DESCRIBE[kind]}) at byte offset ${offset}.`);
      error.offset = offset;
      error.kind = kind;
      error.values = r.values;
      throw error;
    }
    s.state = r.state;
    return { values: r.values, malformations };
  }
}

const slotsOf = (object) => slotsIn(decoderSlots, object);

const encoderSlots = new WeakMap();

export class Iso10646Utf8Encoder {
  constructor(init) {
    const fatal = dictionaryFlag(init, 'fatal', "Failed to construct 'Iso10646Utf8Encoder'", 'Iso10646Utf8EncoderOptions');
    encoderSlots.set(this, { fatal });
  }

  get encoding() {
    slotsIn(encoderSlots, this);
    return 'iso-10646-utf-8';
  }

  get fatal() {
    return slotsIn(encoderSlots, this).fatal;
  }

  /**
   * The 1996 UTF-8 of `values` (a Uint32Array, or an array or iterable of
   * numbers). A value that is not an integer from 0 to 7FFF FFFF has no form:
   * a TypeError naming it and its index, or (not fatal) U+FFFD's EF BF BD.
   */
  encode(values) {
    const context = "Failed to execute 'encode' on 'Iso10646Utf8Encoder'";
    const s = slotsIn(encoderSlots, this);
    let array;
    let originals = values;
    const elements = uint32ArrayElements(values);
    if (elements !== null) {
      array = elements;
    } else if (values !== null && values !== undefined && typeof values[Symbol.iterator] === 'function') {
      originals = Array.from(values);
      // Anything that is not a u32 integer becomes FFFF FFFF, which has no form either.
      array = Uint32Array.from(originals, (v) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 0xffffffff ? v : 0xffffffff));
    } else {
      throw new TypeError(`${context}: the values are not a Uint32Array or an iterable of numbers.`);
    }
    const r = variantsRuntime().encode1996(s.fatal, array);
    if (r.status === ERROR) {
      const index = r.read - 1;
      const value = originals[index];
      const shown = typeof value === 'number' && Number.isInteger(value) && value >= 0 ? `0x${hex(value)}` : String(value);
      const error = new TypeError(`${context}: the value ${shown} at index ${index} has no UTF-8 form (ISO/IEC 10646-1 R.2: values go up to 0x7FFFFFFF).`);
      error.index = index;
      error.value = value;
      error.bytes = r.bytes;
      throw error;
    }
    return r.bytes;
  }
}

shapeInterface(Iso10646Utf8Decoder, 'Iso10646Utf8Decoder', ['encoding', 'fatal', 'decode', 'decodeDetailed']);
shapeInterface(Iso10646Utf8Encoder, 'Iso10646Utf8Encoder', ['encoding', 'fatal', 'encode']);
