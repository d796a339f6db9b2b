// Installs the classes where the environment lacks them.
import { install } from './full.js';
install(globalThis);
export * from './full.js';
