// The page's entry: setup.js runs first (natives kept, globals deleted, ours
// loaded), then the comparison modules become callable from Node as window.suite.
export * as decode from './decode.js';
export * as encode from './encode.js';
export * as webidl from './webidl.js';
export * as specIndex from './spec-index.js';
export { native } from './setup.js';
