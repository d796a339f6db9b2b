// The classic script without WebAssembly that replaces the scope's classes.
import { install } from './no-wasm.js';
install(globalThis, { force: true });
export * from './no-wasm.js';
