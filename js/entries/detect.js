// Entry point text-encoding-wasm/detect: EncodingDetector (chardetng) in its
// own WebAssembly module (tools/build-detect.sh), which decodes with our own
// decoders and takes the CJK tables from the main entry's module instance:
// tools/build-package.mjs keeps './full.js' out of this bundle and points it at
// the built main entry (./index.js), as for the extra entry. So
// the detector adds chardetng and a few decoders to a page, not a second copy
// of the decoders and tables; decode the guess with the main entry's TextDecoder.
import base64 from '../../build/wasm/detect/bytes.js';
import { ready as mainReady } from './full.js';
import { boot } from '../detect/encoding-detector.js';

boot(base64, mainReady);

export { EncodingDetector, detect, ready } from '../detect/encoding-detector.js';
