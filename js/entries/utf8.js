// Entry point (utf8 build): the classes, backed by the embedded WebAssembly module.
import base64 from '../../build/wasm/utf8/bytes.js';
import loadJsBackend from '../no-wasm-fallback.js';
import { boot } from '../loader.js';

boot(base64, loadJsBackend);

export { TextDecoder } from '../text-decoder.js';
export { TextEncoder } from '../text-encoder.js';
export { TextDecoderStream } from '../text-decoder-stream.js';
export { TextEncoderStream } from '../text-encoder-stream.js';
export { useTransformStream } from '../transform-stream.js';
export { install } from '../install.js';
export { backend, ready } from '../loader.js';
