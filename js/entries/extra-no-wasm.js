// Entry point text-encoding-wasm/js/extra (and ./extra under the "react-native"
// condition): text-encoding-wasm/extra for runtimes without WebAssembly. Its
// LegacyEncoder drives the no-wasm main entry (tools/build-package.mjs points
// './no-wasm.js' at the built dist/js.js, so both share one backend), and the
// UTF-8 variants run on wasm2js's translation of their module.
import { ready } from './no-wasm.js';
import { connect } from '../extra/legacy-encoder.js';
import { useVariantsBackend } from '../extra/variants-runtime.js';
import instantiate from '../../build/wasm/variants/no-wasm.js';

connect(ready[Symbol.for('text-encoding-wasm.runtime')]);
useVariantsBackend(instantiate);

export { LegacyEncoder } from '../extra/legacy-encoder.js';
export { ready };
export { Wtf8Decoder, Wtf8Encoder, Cesu8Decoder, Cesu8Encoder, ModifiedUtf8Decoder, ModifiedUtf8Encoder, wtf8Concat } from '../extra/utf8-variants.js';
export { Iso10646Utf8Decoder, Iso10646Utf8Encoder } from '../extra/iso10646-utf8.js';
export { readUTF, writeUTF } from '../extra/java-utf.js';
