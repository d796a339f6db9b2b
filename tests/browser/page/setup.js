// Runs first in the page: keeps the browser's own classes in module-local
// bindings, deletes every global that could let our package lean on them, then
// loads our ESM build. Anything that imports this module gets both sides.
const nativeTextDecoder = globalThis.TextDecoder;
const nativeTextEncoder = globalThis.TextEncoder;
if (typeof nativeTextDecoder !== 'function' || typeof nativeTextEncoder !== 'function') {
  throw new Error('this Chromium has no native TextDecoder/TextEncoder to compare with');
}
for (const name of ['TextDecoder', 'TextEncoder', 'TextDecoderStream', 'TextEncoderStream']) delete globalThis[name];

const ours = await import('/pkg/dist/index.js');
// The ESM entry must not install globals (only the polyfill entries do).
if (globalThis.TextDecoder !== undefined || globalThis.TextEncoder !== undefined) {
  throw new Error('importing pkg/dist/index.js defined global TextDecoder/TextEncoder');
}

export const native = { TextDecoder: nativeTextDecoder, TextEncoder: nativeTextEncoder };
export const ourClasses = { TextDecoder: ours.TextDecoder, TextEncoder: ours.TextEncoder };
