// Types of the family entries (text-encoding-wasm/japanese, /chinese, /big5,
// /korean and their /js/ counterparts): importing one adds its encodings to
// text-encoding-wasm/lite's classes; `ready` resolves once they are usable.
export { ready } from './index.js';
