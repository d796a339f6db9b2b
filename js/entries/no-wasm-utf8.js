// Entry point text-encoding-wasm/js/utf8: the utf8 build (UTF-8 and UTF-16 only) without WebAssembly.
import instantiate from '../../build/wasm/utf8/no-wasm.js';
import { useBackend } from '../loader.js';

useBackend(instantiate(), 'js');

export { TextDecoder } from '../text-decoder.js';
export { TextEncoder } from '../text-encoder.js';
export { TextDecoderStream } from '../text-decoder-stream.js';
export { TextEncoderStream } from '../text-encoder-stream.js';
export { useTransformStream } from '../transform-stream.js';
export { install } from '../install.js';
export { backend, ready } from '../loader.js';
