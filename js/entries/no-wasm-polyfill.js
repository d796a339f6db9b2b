// The classic script without WebAssembly (dist/text-encoding-wasm.js.script.js):
// installs the classes where the scope lacks them (AudioWorklet, QuickJS, Hermes, ...).
import { install } from './no-wasm.js';
install(globalThis);
export * from './no-wasm.js';
