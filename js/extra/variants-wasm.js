// The UTF-8 variants' WebAssembly module, for the extra entry: embedded
// deflated and base64-encoded like the main module (tools/build-wasm.sh),
// hosted like every module (js/module-host.js), and inflated with the main
// entry's inflater (js/inflate.js), which it hands over on `ready` (so the extra bundle carries
// no inflater of its own).
import base64 from '../../build/wasm/variants/bytes.js';
import { hostModule } from '../module-host.js';

/** A backend for useVariantsBackend (js/extra/variants-runtime.js): the module's exports, made at first use. */
export function variantsWasm(inflate) {
  return () => {
    if (typeof inflate !== 'function') {
      throw new TypeError("text-encoding-wasm/extra could not reach the main entry's inflater (mismatched package copies?).");
    }
    const host = hostModule({
      what: 'text-encoding-wasm/extra (the UTF-8 variants)',
      base64,
      inflate,
      fallbackHint: "import 'text-encoding-wasm/js/extra' (the build without WebAssembly) instead",
    });
    host.boot();
    return host.exports('text-encoding-wasm/extra');
  };
}
