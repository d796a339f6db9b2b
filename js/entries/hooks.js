// Entry point text-encoding-wasm/hooks: the Encoding Standard's hooks for other
// standards (js/hooks.js). Like text-encoding-wasm/extra it shares the main
// entry's module instance: tools/build-package.mjs points './full.js' at the
// built main entry, whose runtime it reaches through a symbol on `ready`.
import { ready, TextDecoder, TextEncoder } from './full.js';
import { connect } from '../extra/legacy-encoder.js';
import { connectHooks } from '../hooks.js';

connect(ready[Symbol.for('text-encoding-wasm.runtime')]);
connectHooks({ getRuntime: ready[Symbol.for('text-encoding-wasm.runtime')], TextDecoder, TextEncoder });

export { bomSniff, decode, encode, getEncoding, getOutputEncoding, labelToName, utf8Decode, utf8DecodeWithoutBOM, utf8DecodeWithoutBOMOrFail, utf8Encode } from '../hooks.js';
export { ready };
