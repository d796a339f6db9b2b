// The UTF-8 variants' WebAssembly module, for the extra entry: embedded
// deflated and base64-encoded like the main module (tools/build-wasm.sh), and
// hosted by the main entry's module host with its inflater (js/main-host.js),
// so the extra bundle carries neither of its own.
import base64 from '../../build/wasm/variants/bytes.js';
import { mainHost } from '../main-host.js';

/** A backend for useVariantsBackend (js/extra/variants-runtime.js): the module's exports, made at first use. */
export function variantsWasm(mainReady) {
  return () => {
    const host = mainHost(mainReady, 'text-encoding-wasm/extra (the UTF-8 variants)', {
      base64,
      fallbackHint: "import 'text-encoding-wasm/js/extra' (the build without WebAssembly) instead",
    });
    host.boot();
    return host.exports('text-encoding-wasm/extra');
  };
}
