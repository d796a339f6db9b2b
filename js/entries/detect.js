// Entry point text-encoding-wasm/detect: EncodingDetector (chardetng) in its
// own WebAssembly module (tools/build-detect.sh). It shares nothing with the
// main entry, which therefore carries none of it; decode the guess with the
// main entry's TextDecoder.
import base64 from '../../build/wasm/detect/bytes.js';
import { boot } from '../detect/encoding-detector.js';

boot(base64);

export { EncodingDetector, detect, ready } from '../detect/encoding-detector.js';
