// Entry point text-encoding-wasm/hooks: the Encoding Standard's hooks for other
// standards (js/hooks.js). Like text-encoding-wasm/extra it shares the main
// entry's module instance: tools/build-package.mjs points './full.js' at the
// built main entry, whose runtime it reaches through a symbol on `ready`.
// Its legacy encode runs in the encoders module (js/encoders-host.js), booted at first use.
import encodersBase64 from '../../build/wasm/encoders/bytes.js';
import fallback from '@no-wasm-fallback/encoders';
import { ready as mainReady, TextDecoder, TextEncoder } from './full.js';
import { encodersHost } from '../encoders-host.js';
import { connect } from '../extra/legacy-encoder.js';
import { connectHooks } from '../hooks.js';

const encoders = encodersHost(mainReady, { base64: encodersBase64, fallback, what: 'text-encoding-wasm/hooks' });
connect(encoders.getRuntime);
connectHooks({ getRuntime: mainReady[Symbol.for('text-encoding-wasm.runtime')], TextDecoder, TextEncoder });

/** Resolves once the main entry and the encoders module are usable. */
export const ready = () => encoders.ready();

export { bomSniff, decode, encode, getEncoding, getOutputEncoding, labelToName, utf8Decode, utf8DecodeWithoutBOM, utf8DecodeWithoutBOMOrFail, utf8Encode } from '../hooks.js';
