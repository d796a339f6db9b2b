// Putting the classes on a global object, as a browser's interface objects are:
// writable, configurable, not enumerable.
import { TextDecoder } from './text-decoder.js';
import { TextDecoderStream } from './text-decoder-stream.js';
import { TextEncoder } from './text-encoder.js';
import { TextEncoderStream } from './text-encoder-stream.js';
import { addEncodeInto, encodingNames, hybridTextDecoder, nativeFor, probeNativeDecoder } from './partial-native.js';

// The stream classes are installed even where the runtime has no
// TransformStream: one can be supplied later (js/transform-stream.js), and
// until then their constructors throw a TypeError that says so.
export const classes = { TextDecoder, TextEncoder, TextDecoderStream, TextEncoderStream };

/**
 * Installs the classes on `target` (default: globalThis). With `force`, ours
 * replace whatever is there. Without, what the environment has and does right
 * is kept and only the gaps are filled (js/partial-native.js): a missing class
 * is installed; a native TextDecoder that rejects some labels (small-icu) or
 * decodes some encoding wrongly becomes a TextDecoder that keeps using it for
 * the rest; a native TextEncoder without encodeInto gets ours; a native
 * TextDecoderStream with gaps is replaced. Returns the names installed
 * ('TextEncoder.prototype.encodeInto' for the method). Probing needs our
 * backend: where it is still loading (ready() pending), natives are kept.
 * `matches`, not public: the polyfill entries' check of the probe against
 * build-time data (js/native-probe.js), so that they run none of our decoders
 * where the native ones are right; without it, ours decode the probe.
 */
export function install(target = globalThis, { force = false } = {}, matches) {
  const installed = [];
  // Asked only where a native class is there to probe (a runtime with none,
  // the usual page for a polyfill, skips the runtime's 39 names at start-up).
  let names;
  const probe = () => (names ??= encodingNames()) !== null;
  const put = (name, value) => {
    Object.defineProperty(target, name, { value, writable: true, enumerable: false, configurable: true });
    installed.push(name);
  };
  for (const name of Object.keys(classes)) {
    const existing = target[name];
    if (force || typeof existing !== 'function') {
      put(name, classes[name]);
    } else if (name === 'TextDecoder' && existing !== TextDecoder && probe()) {
      const working = probeNativeDecoder(existing, names, matches);
      if (working.size === 0) put(name, TextDecoder); // decodes nothing as the standard says: not a working native
      else if (working.size < names.length) put(name, hybridTextDecoder(existing, working));
      // A TextDecoderStream must accept every encoding's name (the probe stops at the first gap).
    } else if (name === 'TextDecoderStream' && existing !== TextDecoderStream && probe() && names.some((label) => nativeFor(existing, label) === null)) {
      put(name, TextDecoderStream);
    } else if (name === 'TextEncoder' && existing !== TextEncoder && typeof existing.prototype.encodeInto !== 'function') {
      addEncodeInto(existing, TextEncoder);
      installed.push('TextEncoder.prototype.encodeInto');
    }
  }
  return installed;
}
