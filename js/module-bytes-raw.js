// The classic script's module bytes. tools/build-package.mjs embeds the module
// in the classic script uncompressed (base64 of the binary, not of a deflate
// stream) and resolves js/module-bytes.js and js/inflate.js to this file for
// that format only: inflating the module, cold, in JavaScript was the largest
// step of the script's start-up in Chromium (issue 15;
// docs/architecture/start-up.md), and the script has no size goal to pay the ~7 KB gzip back
// to. The ESM and CommonJS entries keep the deflated module and the inflater.
import { decodeBase64 } from './base64.js';

/** The module's binary: `base64` is the binary itself (the second argument, an inflater elsewhere, is not needed). */
export function moduleBytes(base64) {
  return decodeBase64(base64);
}

/**
 * What js/loader.js and js/no-wasm/module-data.js import as the inflater and
 * hand to moduleBytes above, which has nothing to inflate: none is bundled.
 */
export const inflateRaw = null;
