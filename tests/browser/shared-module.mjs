// Same-origin windows of one page share the compiled module (js/module-cache.js),
// in Chromium and Firefox ESR:
//
//   node tests/browser/shared-module.mjs
//
// A parent page loads iframes that each delete the native classes, count the
// WebAssembly compilations of their own realm (a Proxy over WebAssembly.Module
// and WebAssembly.compile, installed before the package's classic script) and
// decode Shift_JIS with the package. Asserted:
// - every iframe decodes as the browser's own TextDecoder does;
// - the first same-origin iframe compiles the module once, the later ones
//   compile nothing (they instantiate the first one's module);
// - a cross-origin iframe (localhost instead of 127.0.0.1) shares nothing and
//   compiles its own;
// - an iframe whose CSP refuses WebAssembly does not run the shared module
//   either: the script falls back to its translation of the module there
//   (backend 'js', usable after ready()), as it does without sharing;
// - an entry for other bytes (another version of the package, another module)
//   is not used even though its module would be, and an object posing as a
//   module under our bytes is not either: the iframe compiles its own and
//   decodes correctly. (Page script that runs before the package can always
//   hand it a wrong module, as it can replace WebAssembly itself: that is not
//   what this guards against.)
import { launch, openPage, serve } from './harness.mjs';

const SCRIPT = '/pkg/dist/text-encoding-wasm.script.js';
const KEY = 'text-encoding-wasm.compiled-modules';
// Shift_JIS: "日本語テキスト, ｶﾀｶﾅ" and ASCII, decoded by each iframe.
const INPUT = [0x93, 0xfa, 0x96, 0x7b, 0x8c, 0xea, 0x83, 0x65, 0x83, 0x4c, 0x83, 0x58, 0x83, 0x67, 0x2c, 0x20, 0xb6, 0xc0, 0xb6, 0xc5, 0x41, 0x42];

const child = (csp) => `<!doctype html><meta charset="utf-8">${csp ? `<meta http-equiv="Content-Security-Policy" content="script-src 'self' 'unsafe-inline'">` : ''}
<script>
for (const k of ['TextDecoder', 'TextEncoder', 'TextDecoderStream', 'TextEncoderStream']) delete globalThis[k];
window.compiles = 0;
const count = (bytes) => { if (bytes && bytes.byteLength > 8) window.compiles++; };
WebAssembly.Module = new Proxy(WebAssembly.Module, { construct(target, args) { count(args[0]); return Reflect.construct(target, args); } });
const compile = WebAssembly.compile;
WebAssembly.compile = function (bytes) { count(bytes); return compile.call(this, bytes); };
window.started = performance.now();
</script>
<script src="${SCRIPT}"></script>
<script>
const decode = () => {
  try {
    window.text = new TextDecoder('shift_jis').decode(new Uint8Array(${JSON.stringify(INPUT)}));
  } catch (e) {
    window.text = 'threw ' + e.name;
  }
  window.backend = TextEncodingWasm.backend();
  window.bootMs = performance.now() - window.started;
  window.loaded = true;
};
${csp ? '// Compiling is refused here: the fallback comes after ready().\nTextEncodingWasm.ready().then(decode, decode);' : 'decode();'}
</script>`;

const parent = `<!doctype html><meta charset="utf-8"><body><script>window.__ready = true;</script>`;

/** Runs in the parent page. */
async function cases({ crossOrigin, input, key }) {
  const KEY = Symbol.for(key);
  const expected = new TextDecoder('shift_jis').decode(new Uint8Array(input));
  async function frame(src) {
    const iframe = document.createElement('iframe');
    iframe.src = src;
    const loaded = new Promise((ok) => { iframe.onload = ok; });
    document.body.appendChild(iframe);
    if (src.startsWith('http')) {
      await loaded; // cross-origin: nothing of it can be read; its result comes by postMessage
      return new Promise((ok) => {
        addEventListener('message', function on(e) { if (e.source === iframe.contentWindow) { removeEventListener('message', on); ok(e.data); } });
        iframe.contentWindow.postMessage('report', '*');
      });
    }
    while (!(iframe.contentWindow && iframe.contentWindow.loaded)) await new Promise((ok) => setTimeout(ok, 10));
    const w = iframe.contentWindow;
    return { compiles: w.compiles, text: w.text, bootMs: w.bootMs, backend: w.backend };
  }
  const out = { expected, sameOrigin: [] };
  for (let i = 0; i < 5; i++) out.sameOrigin.push(await frame('/child.html'));
  const registry = window[KEY];
  out.registryEntries = registry ? registry.length : 0;
  out.crossOrigin = await frame(`${crossOrigin}/reporting-child.html`);
  out.csp = await frame('/csp-child.html');
  // Entries that only look right.
  const source = registry[0].source;
  Object.defineProperty(window, KEY, { value: { length: 1, 0: { source: source.slice(1), module: registry[0].module } }, configurable: true });
  out.otherModule = await frame('/child.html');
  Object.defineProperty(window, KEY, { value: { length: 1, 0: { source, module: {} } }, configurable: true });
  out.notAModule = await frame('/child.html');
  return out;
}

const reportingChild = child(false).replace('window.loaded = true;', `window.loaded = true;
addEventListener('message', (e) => e.source.postMessage({ compiles: window.compiles, text: window.text, bootMs: window.bootMs }, '*'));`);
const server = await serve({ '/parent.html': parent, '/child.html': child(false), '/csp-child.html': child(true), '/reporting-child.html': reportingChild });
const crossOrigin = server.url.replace('127.0.0.1', 'localhost');
let failures = 0;
const check = (ok, what) => {
  if (!ok) failures++;
  console.log(`  ${ok ? 'ok  ' : 'FAIL'}  ${what}`);
};
try {
  for (const kind of ['chromium', 'firefox']) {
    const browser = await launch(kind);
    try {
      const page = await openPage(browser, `${server.url}/parent.html`);
      const r = await page.evaluate(cases, { crossOrigin, input: INPUT, key: KEY });
      console.log(`${browser.name}:`);
      const [first, ...later] = r.sameOrigin;
      check(r.sameOrigin.every((f) => f.text === r.expected), `every same-origin iframe decodes as the native TextDecoder (${JSON.stringify(r.expected)})`);
      check(first.compiles === 1, `the first iframe compiles the module once (${first.compiles})`);
      check(later.every((f) => f.compiles === 0), `the later same-origin iframes compile nothing (${later.map((f) => f.compiles).join(', ')})`);
      check(r.registryEntries === 1, `one module kept on the page (${r.registryEntries})`);
      console.log(`        start-up in the iframe, script start -> first decode done: first ${first.bootMs.toFixed(1)} ms, later ${later.map((f) => f.bootMs.toFixed(1)).join(', ')} ms`);
      check(r.crossOrigin.text === r.expected && r.crossOrigin.compiles === 1, `a cross-origin iframe compiles its own (${r.crossOrigin.compiles}) and decodes (${JSON.stringify(r.crossOrigin.text)})`);
      check(r.csp.text === r.expected && r.csp.backend === 'js', `an iframe whose CSP refuses WebAssembly does not run the shared module: its translation decodes (backend ${r.csp.backend}, ${JSON.stringify(r.csp.text)})`);
      check(r.otherModule.text === r.expected && r.otherModule.compiles === 1, `an entry of other bytes is not used (${r.otherModule.compiles} compile, ${JSON.stringify(r.otherModule.text)})`);
      check(r.notAModule.text === r.expected && r.notAModule.compiles === 1, `an object posing as a module is not used (${r.notAModule.compiles} compile, ${JSON.stringify(r.notAModule.text)})`);
    } finally {
      await browser.close();
    }
  }
} finally {
  await server.close();
}
if (failures) {
  console.log(`shared module: ${failures} failure(s)`);
  process.exit(1);
}
console.log('shared module: same-origin realms share the compiled module, and nothing else does, in both browsers');
