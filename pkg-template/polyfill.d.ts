// Types of the polyfill entries (text-encoding-wasm/polyfill and
// text-encoding-wasm/polyfill/force): the same exports as the main entry;
// importing them also installs the classes on globalThis.
export * from './index.js';
