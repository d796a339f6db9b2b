// Types of the polyfill entries (text-encoding-wasm/polyfill, /polyfill/force
// and their /utf8, /lite and /js counterparts): the same exports as the main
// entry; importing one also installs the classes on globalThis, which these
// global declarations describe where no library declares them yet. Where one
// does (lib.dom, @types/node), its declaration stands: the same pattern
// @types/node uses, so that both can be present.
import type * as classes from './index.js';

export * from './index.js';

declare global {
  var TextDecoder: typeof globalThis extends { onmessage: any; TextDecoder: infer T } ? T : typeof classes.TextDecoder;
  var TextEncoder: typeof globalThis extends { onmessage: any; TextEncoder: infer T } ? T : typeof classes.TextEncoder;
  var TextDecoderStream: typeof globalThis extends { onmessage: any; TextDecoderStream: infer T } ? T : typeof classes.TextDecoderStream;
  var TextEncoderStream: typeof globalThis extends { onmessage: any; TextEncoderStream: infer T } ? T : typeof classes.TextEncoderStream;
}
