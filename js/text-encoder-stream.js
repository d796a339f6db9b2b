// TextEncoderStream (Encoding Standard §7.6, with the Streams Standard's
// GenericTransformStream mixin), with the WebIDL shape of a browser's.
// The only state is the pending high surrogate, kept in JS; the WebAssembly
// module keeps nothing per stream (each chunk is one encodeUtf8 call).
import { getRuntime } from './loader.js';
import { encodeUtf8 } from './utf8-encode.js';
import { ENCODER_ATTRIBUTES } from './text-encoder.js';
import { setUpTransformStream, streamInterface } from './transform-stream.js';
import { toStringValue } from './webidl.js';
import { Uint8Array, WeakMap, charCodeAt, sliceString } from './intrinsics.js';

const CONSTRUCT = "Failed to construct 'TextEncoderStream'";
const TRANSFORM = "Failed to execute 'transform' on 'TextEncoderStream'";

const slots = /* @__PURE__ */ new WeakMap();

// One pure expression (js/transform-stream.js, streamInterface): unused, it is left out of a bundle.
export const TextEncoderStream = /* @__PURE__ */ streamInterface(class TextEncoderStream {
  constructor() {
    getRuntime(CONSTRUCT);
    // pending: the pending high surrogate (a one-unit string), or ''.
    const s = { pending: '' };
    setUpTransformStream(
      s,
      CONSTRUCT,
      (chunk, controller) => {
        // "Encode and enqueue a chunk": DOMString conversion (ToString; a
        // throwing toString errors both sides with its error), then code units.
        let input = toStringValue(chunk);
        // "Convert code unit to scalar value": the pending high surrogate
        // comes first; a high surrogate at the end becomes the new pending one.
        // Pairs, including the one joined across chunks, and lone surrogates
        // (U+FFFD) are then exactly what encodeUtf8 does with the units.
        if (s.pending !== '') input = s.pending + input;
        s.pending = '';
        const n = input.length;
        if (n > 0 && (charCodeAt(input, n - 1) & 0xfc00) === 0xd800) {
          s.pending = input[n - 1];
          input = sliceString(input, 0, n - 1);
        }
        if (input.length === 0) return;
        getRuntime(TRANSFORM);
        controller.enqueue(encodeUtf8(input));
      },
      (controller) => {
        // "Encode and flush": a pending high surrogate is U+FFFD.
        if (s.pending !== '') {
          s.pending = '';
          controller.enqueue(new Uint8Array([0xef, 0xbf, 0xbd]));
        }
      },
    );
    slots.set(this, s);
  }
}, 'TextEncoderStream', slots, ENCODER_ATTRIBUTES);
