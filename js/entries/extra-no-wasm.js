// Entry point text-encoding-wasm/js/extra (and ./extra under the "react-native"
// condition): text-encoding-wasm/extra for runtimes without WebAssembly. Its
// LegacyEncoder drives the no-wasm main entry (tools/build-package.mjs points
// './no-wasm.js' at the built dist/js.js, so both share one backend), and the
// UTF-8 variants run on wasm2js's translation of their module.
// The encoders are the wasm2js translation of their module (js/encoders-host.js).
import { ready as mainReady } from './no-wasm.js';
import { encodersHost } from '../encoders-host.js';
import { connect } from '../extra/legacy-encoder.js';
import { useVariantsBackend } from '../extra/variants-runtime.js';
import instantiate from '../../build/wasm/variants/no-wasm.js';
import instantiateEncoders from '../../build/wasm/encoders/no-wasm.js';

const encoders = encodersHost(mainReady, { instantiate: instantiateEncoders, what: 'text-encoding-wasm/js/extra' });
connect(encoders.getRuntime);
useVariantsBackend(instantiate);

/** Resolves once the main entry and the encoders are usable. */
export const ready = () => encoders.ready();

export { LegacyEncoder } from '../extra/legacy-encoder.js';
export { Wtf8Decoder, Wtf8Encoder, Cesu8Decoder, Cesu8Encoder, ModifiedUtf8Decoder, ModifiedUtf8Encoder, wtf8Concat } from '../extra/utf8-variants.js';
export { Iso10646Utf8Decoder, Iso10646Utf8Encoder } from '../extra/iso10646-utf8.js';
export { readUTF, writeUTF } from '../extra/java-utf.js';
