// Replaces the environment's classes with these (what a WPT run injects).
import { install } from './full.js';
install(globalThis, { force: true });
export * from './full.js';
