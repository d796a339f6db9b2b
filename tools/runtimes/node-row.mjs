// One Node row of the runtime matrix (tools/runtime-matrix.mjs), in its own
// process (so `node --jitless` rows really lack WebAssembly):
//   node [--jitless] tools/runtimes/node-row.mjs MODE ENTRY EXPECT.json
// MODE: 'deleted'   the native classes deleted, ENTRY imported, install()ed;
//       'small-icu' Node's TextDecoder replaced by a wrapper that rejects all
//                   but UTF-8, UTF-16LE and windows-1252 (what a small-icu
//                   build knows), ENTRY (a polyfill entry) imported;
//       'jsdom'     ENTRY is a classic script, run inside a jsdom window (a vm realm).
// Prints one JSON line: { backend, passed, total, failures, notes }.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import vm from 'node:vm';

const [mode, entry, expectFile] = process.argv.slice(2);
const EXPECT = JSON.parse(readFileSync(expectFile, 'utf8'));
const harness = readFileSync(new URL('../../tests/runtimes/conformance.js', import.meta.url), 'utf8');
const notes = [];
let result;
let backend = null;

if (mode === 'deleted') {
  notes.push(`WebAssembly ${typeof WebAssembly}`);
  delete globalThis.TextDecoder;
  delete globalThis.TextEncoder;
  // CommonJS through require: the fallback must then be synchronous (backend known before any await).
  const m = entry.endsWith('.cjs') ? createRequire(import.meta.url)(entry) : await import(pathToFileURL(entry).href);
  if (entry.endsWith('.cjs')) notes.push(`backend right after require: ${m.backend()}`);
  await m.ready();
  m.install();
  backend = m.backend();
  vm.runInThisContext(harness);
  result = globalThis.runConformance(EXPECT);
} else if (mode === 'small-icu') {
  const Full = globalThis.TextDecoder;
  const known = new Set(['utf-8', 'utf-16le', 'windows-1252']);
  // Node's small-icu TextDecoder: a RangeError (ERR_ENCODING_NOT_SUPPORTED) for the rest.
  class TextDecoder extends Full {
    constructor(label = 'utf-8', options = undefined) {
      super(label, options);
      if (!known.has(this.encoding)) throw new RangeError(`The "${label}" encoding is not supported`);
    }
  }
  globalThis.TextDecoder = TextDecoder;
  delete globalThis.TextDecoderStream;
  const m = await import(pathToFileURL(entry).href);
  await m.ready();
  backend = m.backend();
  const G = globalThis.TextDecoder;
  notes.push(G === TextDecoder ? 'native kept as is (gap not filled!)' : G === m.TextDecoder ? 'native replaced' : 'hybrid: native for what it decodes as the spec says (UTF-8, UTF-16LE; its windows-1252 fails the probe), ours for the rest');
  // Which decoder ran: the native one must still be used for what it supports.
  let nativeUsed = 0;
  const decode = Full.prototype.decode;
  Full.prototype.decode = function () {
    nativeUsed++;
    return decode.apply(this, arguments);
  };
  vm.runInThisContext(harness);
  result = globalThis.runConformance(EXPECT);
  notes.push(`${nativeUsed} decode calls went to the native class`);
} else if (mode === 'jsdom') {
  const require = createRequire(import.meta.url);
  const { JSDOM } = require('jsdom');
  const dom = new JSDOM('<!doctype html><p>', { runScripts: 'outside-only' });
  const window = dom.window;
  notes.push(`jsdom window has TextDecoder: ${typeof window.TextDecoder}, WebAssembly: ${typeof window.WebAssembly}`);
  window.eval(readFileSync(entry, 'utf8'));
  window.eval(harness);
  result = JSON.parse(window.eval(`JSON.stringify(runConformance(${JSON.stringify(EXPECT)}))`));
  backend = typeof window.WebAssembly === 'object' ? 'wasm' : 'js';
  notes.push(`encode() returns the window's Uint8Array: ${window.eval('new TextEncoder().encode("a") instanceof Uint8Array')}`);
} else {
  throw new Error(`node-row: unknown mode ${mode}`);
}
console.log(JSON.stringify({ backend, ...result, notes }));
