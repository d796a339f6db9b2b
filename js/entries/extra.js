// Entry point text-encoding-wasm/extra: encoders beyond TextEncoder (LegacyEncoder),
// and WTF-8, CESU-8, modified UTF-8 and 1996 UTF-8 (their own small module). It shares
// the main entry's module instance: tools/build-package.mjs keeps './full.js'
// out of this bundle and points it at the built main entry (./index.js, which
// the CommonJS wrapper requires too), which hands over its runtime (labels,
// names, its unpacked CJK indexes) and its module host through symbols on `ready`.
// The encoders are a module of their own (js/encoders-host.js), booted at
// first use; `ready()` also waits for it (and boots it).
import encodersBase64 from '../../build/wasm/encoders/bytes.js';
import fallback from '@no-wasm-fallback/encoders';
import { ready as mainReady } from './full.js';
import { encodersHost } from '../encoders-host.js';
import { connect } from '../extra/legacy-encoder.js';
import { useVariantsBackend } from '../extra/variants-runtime.js';
import { variantsWasm } from '../extra/variants-wasm.js';

const encoders = encodersHost(mainReady, { base64: encodersBase64, fallback, what: 'text-encoding-wasm/extra' });
connect(encoders.getRuntime);
useVariantsBackend(variantsWasm(mainReady));

/** Resolves once the main entry and the encoders module are usable. */
export const ready = () => encoders.ready();

export { LegacyEncoder } from '../extra/legacy-encoder.js';
export { Wtf8Decoder, Wtf8Encoder, Cesu8Decoder, Cesu8Encoder, ModifiedUtf8Decoder, ModifiedUtf8Encoder, wtf8Concat } from '../extra/utf8-variants.js';
export { Iso10646Utf8Decoder, Iso10646Utf8Encoder } from '../extra/iso10646-utf8.js';
export { readUTF, writeUTF } from '../extra/java-utf.js';
