// Entry point text-encoding-wasm/extra: encoders beyond TextEncoder. It shares
// the main entry's module instance: tools/build-package.mjs keeps './full.js'
// out of this bundle and points it at the built main entry (./index.js or
// ./index.cjs), which hands over its runtime through a symbol on `ready`.
import { ready } from './full.js';
import { connect } from '../extra/legacy-encoder.js';

connect(ready[Symbol.for('text-encoding-wasm.runtime')]);

export { LegacyEncoder } from '../extra/legacy-encoder.js';
export { ready };
