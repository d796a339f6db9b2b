// Putting the classes on a global object, as a browser's interface objects are:
// writable, configurable, not enumerable.
import { TextDecoder } from './text-decoder.js';
import { TextDecoderStream } from './text-decoder-stream.js';
import { TextEncoder } from './text-encoder.js';
import { TextEncoderStream } from './text-encoder-stream.js';

// The stream classes are installed even where the runtime has no
// TransformStream: one can be supplied later (js/transform-stream.js), and
// until then their constructors throw a TypeError that says so.
export const classes = { TextDecoder, TextEncoder, TextDecoderStream, TextEncoderStream };

/**
 * Installs the classes on `target` (default: globalThis). Without `force`,
 * a class the environment already has is kept. Returns the names installed.
 */
export function install(target = globalThis, { force = false } = {}) {
  const installed = [];
  for (const name of Object.keys(classes)) {
    if (force || typeof target[name] !== 'function') {
      Object.defineProperty(target, name, { value: classes[name], writable: true, enumerable: false, configurable: true });
      installed.push(name);
    }
  }
  return installed;
}
