// How a bundle beside the main entry (/extra, /detect, /hooks, the CLI) hosts
// its own WebAssembly module: with the main entry's module host
// (js/module-host.js: compile, instantiate, the compiled-module cache, the
// fallback where WebAssembly is missing or refused) and its inflater, which
// the main entry hands over on its `ready` (tools/entries.mjs). One copy of
// each in a page, not one per bundle. (The detector also takes the main
// entry's trap guard and WebIDL steps, from Symbol.for('text-encoding-wasm.shared'):
// js/detect/encoding-detector.js, boot.)

/** Taken at load: a host may be made at first use, after page script replaced Symbol.for. */
const HOST = Symbol.for('text-encoding-wasm.host');

/** hostModule's options less `inflate` -> a host, through the main entry whose `ready` is given. */
export function mainHost(mainReady, what, options) {
  const host = mainReady[HOST];
  if (typeof host !== 'function') {
    throw new TypeError(`${what} could not reach the main entry's module host (mismatched package copies?).`);
  }
  return host({ what, ...options });
}
