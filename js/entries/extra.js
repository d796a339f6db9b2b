// Entry point text-encoding-wasm/extra: encoders beyond TextEncoder (LegacyEncoder),
// and WTF-8, CESU-8, modified UTF-8 and 1996 UTF-8 (their own small module). It shares
// the main entry's module instance: tools/build-package.mjs keeps './full.js'
// out of this bundle and points it at the built main entry (./index.js, which
// the CommonJS wrapper requires too), which hands over its runtime through a symbol on `ready`.
import { ready } from './full.js';
import { connect } from '../extra/legacy-encoder.js';
import { useVariantsBackend } from '../extra/variants-runtime.js';
import { variantsWasm } from '../extra/variants-wasm.js';

connect(ready[Symbol.for('text-encoding-wasm.runtime')]);
useVariantsBackend(variantsWasm(ready[Symbol.for('text-encoding-wasm.inflate')]));

export { LegacyEncoder } from '../extra/legacy-encoder.js';
export { ready };
export { Wtf8Decoder, Wtf8Encoder, Cesu8Decoder, Cesu8Encoder, ModifiedUtf8Decoder, ModifiedUtf8Encoder, wtf8Concat } from '../extra/utf8-variants.js';
export { Iso10646Utf8Decoder, Iso10646Utf8Encoder } from '../extra/iso10646-utf8.js';
export { readUTF, writeUTF } from '../extra/java-utf.js';
