// TextDecoderStream (Encoding Standard §7.5, with the Streams Standard's
// GenericTransformStream mixin), with the WebIDL shape of a browser's.
// It shares TextDecoder's constructor steps and decoder slots
// (js/text-decoder.js: decoderSlots, decodeChunk). The decoder's state is
// those 16 bytes in JS; the WebAssembly module keeps nothing per stream, so a
// cancelled, aborted, errored or dropped stream leaves nothing to release.
import { decodeChunk, decoderSlots } from './text-decoder.js';
import { otherCopyGetter, ownMembers } from './other-copy.js';
import { newTransformStream } from './transform-stream.js';
import { bufferSourceBytes, shapeInterface } from './webidl.js';
import { Uint8Array, WeakMap } from './intrinsics.js';

const CONSTRUCT = "Failed to construct 'TextDecoderStream'";
const TRANSFORM = "Failed to execute 'transform' on 'TextDecoderStream'";
const FLUSH = "Failed to execute 'flush' on 'TextDecoderStream'";
const EMPTY = new Uint8Array(0);

/** Internal slots, keyed by instance (also the brand check, with otherCopyGetter). */
const slots = new WeakMap();
let getters;

export class TextDecoderStream {
  constructor() {
    // Steps 1-6: as TextDecoder's constructor (label, options, RangeError).
    const s = decoderSlots(arguments, CONSTRUCT);
    // Steps 7-11.
    s.sides = newTransformStream(
      CONSTRUCT,
      (chunk, controller) => {
        // "Decode and enqueue a chunk": AllowSharedBufferSource, or TypeError
        // (which errors both sides); the bytes are copied before anything else runs.
        const text = decodeChunk(s, bufferSourceBytes(chunk, TRANSFORM), false, TRANSFORM);
        if (text.length > 0) controller.enqueue(text);
      },
      (controller) => {
        // "Flush and enqueue": end-of-queue (U+FFFD or TypeError for a truncated sequence).
        const text = decodeChunk(s, EMPTY, true, FLUSH);
        if (text.length > 0) controller.enqueue(text);
      },
    );
    slots.set(this, s);
  }

  get encoding() {
    const s = slots.get(this);
    return s !== undefined ? s.name : otherCopyGetter(this, 'encoding', getters.encoding);
  }

  get fatal() {
    const s = slots.get(this);
    return s !== undefined ? s.fatal : otherCopyGetter(this, 'fatal', getters.fatal);
  }

  get ignoreBOM() {
    const s = slots.get(this);
    return s !== undefined ? s.ignoreBOM : otherCopyGetter(this, 'ignoreBOM', getters.ignoreBOM);
  }

  get readable() {
    const s = slots.get(this);
    return s !== undefined ? s.sides.readable : otherCopyGetter(this, 'readable', getters.readable);
  }

  get writable() {
    const s = slots.get(this);
    return s !== undefined ? s.sides.writable : otherCopyGetter(this, 'writable', getters.writable);
  }
}

const MEMBERS = ['encoding', 'fatal', 'ignoreBOM', 'readable', 'writable'];
shapeInterface(TextDecoderStream, 'TextDecoderStream', MEMBERS);
getters = ownMembers(TextDecoderStream, MEMBERS);
