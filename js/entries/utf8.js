// Entry point (utf8 build): the classes, backed by the embedded WebAssembly module.
import * as glue from '../../build/wasm/utf8/glue.js';
import base64 from '../../build/wasm/utf8/bytes.js';
import { boot } from '../loader.js';

boot(glue, base64);

export { TextDecoder } from '../text-decoder.js';
export { TextEncoder } from '../text-encoder.js';
export { install } from '../install.js';
export { ready } from '../loader.js';
