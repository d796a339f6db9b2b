// Entry point text-encoding-wasm/js: the classes backed by the Rust core
// translated to plain JavaScript by wasm2js (tools/build-no-wasm.mjs), for
// runtimes without WebAssembly (Hermes/React Native, QuickJS, node --jitless,
// pages whose CSP forbids it). Same exports as the main entry; ready at once.
import instantiate from '../../build/wasm/full/no-wasm.js';
import { getRuntime, useBackend } from '../loader.js';
import { ready } from '../loader.js';

useBackend(instantiate(), 'js');
// As in full.js: how text-encoding-wasm/extra reaches this module instance.
ready[Symbol.for('text-encoding-wasm.runtime')] = getRuntime;

export { TextDecoder } from '../text-decoder.js';
export { TextEncoder } from '../text-encoder.js';
export { TextDecoderStream } from '../text-decoder-stream.js';
export { TextEncoderStream } from '../text-encoder-stream.js';
export { useTransformStream } from '../transform-stream.js';
export { install } from '../install.js';
export { backend, ready } from '../loader.js';
