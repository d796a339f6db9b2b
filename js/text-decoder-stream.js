// TextDecoderStream (Encoding Standard §7.5, with the Streams Standard's
// GenericTransformStream mixin), with the WebIDL shape of a browser's.
// It shares TextDecoder's constructor steps, decoder slots and attributes
// (js/text-decoder.js: decoderSlots, decodeChunk, DECODER_ATTRIBUTES). The
// decoder's state is those 16 bytes in JS; the WebAssembly module keeps
// nothing per stream, so a cancelled, aborted, errored or dropped stream
// leaves nothing to release.
import { DECODER_ATTRIBUTES, decodeChunk, decoderSlots } from './text-decoder.js';
import { setUpTransformStream, streamInterface } from './transform-stream.js';
import { bufferSourceBytes } from './webidl.js';
import { Uint8Array, WeakMap } from './intrinsics.js';

const CONSTRUCT = "Failed to construct 'TextDecoderStream'";
const TRANSFORM = "Failed to execute 'transform' on 'TextDecoderStream'";
const FLUSH = "Failed to execute 'flush' on 'TextDecoderStream'";
const EMPTY = /* @__PURE__ */ new Uint8Array(0);

/** Internal slots, keyed by instance (also the brand check, with js/other-copy.js). */
const slots = /* @__PURE__ */ new WeakMap();

// One pure expression (js/transform-stream.js, streamInterface): unused, it is left out of a bundle.
export const TextDecoderStream = /* @__PURE__ */ streamInterface(class TextDecoderStream {
  constructor() {
    // Steps 1-6: as TextDecoder's constructor (label, options, RangeError).
    const s = decoderSlots(arguments, CONSTRUCT);
    // Steps 7-11.
    setUpTransformStream(
      s,
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
}, 'TextDecoderStream', slots, DECODER_ATTRIBUTES);
