// Entry point (full build): the classes, backed by the embedded WebAssembly module.
import base64 from '../../build/wasm/full/bytes.js';
import { inflateSync } from 'fflate';
import loadJsBackend from '../no-wasm-fallback.js';
import { boot, getRuntime, ready } from '../loader.js';

boot(base64, loadJsBackend);
// How text-encoding-wasm/extra (a separate bundle) reaches this module instance,
// and the inflater it unpacks its own module with (one copy, ~3 KB gzip, saved).
ready[Symbol.for('text-encoding-wasm.runtime')] = getRuntime;
ready[Symbol.for('text-encoding-wasm.inflate')] = inflateSync;

export { TextDecoder } from '../text-decoder.js';
export { TextEncoder } from '../text-encoder.js';
export { TextDecoderStream } from '../text-decoder-stream.js';
export { TextEncoderStream } from '../text-encoder-stream.js';
export { useTransformStream } from '../transform-stream.js';
export { install } from '../install.js';
export { backend, ready } from '../loader.js';
