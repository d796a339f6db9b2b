// The UTF-8 variants' WebAssembly module, for the extra entry: embedded
// deflated and base64-encoded like the main module (tools/build-wasm.sh), and
// inflated with the main entry's fflate, which it hands over on `ready` (so the
// extra bundle carries no inflater of its own).
import base64 from '../../build/wasm/variants/bytes.js';
import { decodeBase64 } from '../base64.js';

/** A backend for useVariantsBackend (js/extra/variants-runtime.js). */
export function variantsWasm(inflate) {
  return () => {
    if (typeof WebAssembly !== 'object') {
      throw new TypeError("text-encoding-wasm/extra: the UTF-8 variants need WebAssembly, which this runtime lacks; import 'text-encoding-wasm/js/extra' (the build without WebAssembly) instead.");
    }
    if (typeof inflate !== 'function') {
      throw new TypeError("text-encoding-wasm/extra could not reach the main entry's inflater (mismatched package copies?).");
    }
    const module = new WebAssembly.Module(inflate(decodeBase64(base64)));
    return new WebAssembly.Instance(module, {}).exports;
  };
}
