// Entry point text-encoding-wasm/js/hooks (and ./hooks under the "react-native" condition): the Encoding Standard's hooks for other
// standards (js/hooks.js). Like text-encoding-wasm/extra it shares the main
// entry's module instance: tools/build-package.mjs points './no-wasm.js' at the
// built ./js entry, whose runtime it reaches through a symbol on `ready`.
// Its legacy encode runs in the encoders module's wasm2js translation (js/encoders-host.js).
import { ready as mainReady, TextDecoder, TextEncoder } from './no-wasm.js';
import { encodersHost } from '../encoders-host.js';
import { connect } from '../extra/legacy-encoder.js';
import { connectHooks } from '../hooks.js';
import instantiateEncoders from '../../build/wasm/encoders/no-wasm.js';

const encoders = encodersHost(mainReady, { instantiate: instantiateEncoders, what: 'text-encoding-wasm/js/hooks' });
connect(encoders.getRuntime);
connectHooks({ getRuntime: mainReady[Symbol.for('text-encoding-wasm.runtime')], TextDecoder, TextEncoder });

/** Resolves once the main entry and the encoders are usable. */
export const ready = () => encoders.ready();

export { bomSniff, decode, encode, getEncoding, getOutputEncoding, labelToName, utf8Decode, utf8DecodeWithoutBOM, utf8DecodeWithoutBOMOrFail, utf8Encode } from '../hooks.js';
