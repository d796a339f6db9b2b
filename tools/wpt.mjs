#!/usr/bin/env node
// Runs the web-platform-tests encoding API tests in headless Chromium (or, with
// --browser firefox, Firefox ESR over WebDriver) twice in one run: with the browser's own classes (the baseline) and with our
// classic script (text-encoding-wasm/script, then its
// `TextEncodingWasm.install(self, { force: true })`, what /polyfill/force does) injected in every realm (each window,
// each iframe, dedicated and shared workers). Prints passed/total per test
// file for both, and the subtests the browser passes and we fail.
//
//   node tools/wpt.mjs [WPT_DIR] [--filter SUBSTR] [--json OUT.json] [--markdown OUT.md]
//                      [--no-headers] [--only native|polyfill] [--jobs N]
//                      [--polyfill FILE] [--max-list N] [--browser chromium|firefox]
//
// WPT_DIR (default .wpt/) holds the files `tools/wpt-fetch.sh GITDIR` extracts
// from a WPT git directory. Without it this command fails: it never passes
// silently. WPT is third-party code: never commit it.
//
// What it does, as wptserve + wptrunner would (tools/serve/serve.py,
// tools/manifest/sourcefile.py upstream):
// - serves WPT_DIR on 127.0.0.1 over http (a secure context, like wptserve's
//   https), honouring `PATH.headers` and `__dir__.headers` files, also for the
//   wrappers generated from `X.any.js` (that is how `encodeInto.any.js.headers`
//   makes its pages cross-origin isolated, so SharedArrayBuffer exists).
//   `--no-headers` ignores them (what the earlier wptserve count measured).
// - generates the wrappers: `X.any.js` -> `X.any.html` (window),
//   `X.any.worker.html` (dedicated worker), `X.any.sharedworker.html` (shared
//   worker) as `// META: global=` says (default: window, dedicatedworker);
//   `X.window.js` -> `X.window.html`; one run per `// META: variant=`;
//   `// META: script=`, `title=` and `timeout=long` as wptserve does.
//   Not run: serviceworker and shadowrealm globals (listed in the output).
// - results: testharnessreport.js is served with a completion callback
//   appended (as wptrunner replaces it) that stores them in window.__wptResults.
// - the polyfill run: a Playwright init script (it runs in every frame,
//   iframes included, before any of the frame's scripts) deletes TextDecoder,
//   TextEncoder, TextDecoderStream and TextEncoderStream and runs the polyfill
//   file; worker scripts first delete them and importScripts('/__polyfill__.js').
//   Every realm checks that the classes are really ours (their source is not
//   "[native code]") and reports it; a realm where they are not is an error.
import { createServer } from 'node:http';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, extname, join, normalize, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import { firefoxDriver, firefoxMissing } from './webdriver.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CLASSES = ['TextDecoder', 'TextEncoder', 'TextDecoderStream', 'TextEncoderStream'];
const STATUS = ['PASS', 'FAIL', 'TIMEOUT', 'NOTRUN', 'PRECONDITION_FAILED'];
const HARNESS = ['OK', 'ERROR', 'TIMEOUT', 'PRECONDITION_FAILED'];

// ---------------------------------------------------------------- arguments
function parseArgs(argv) {
  const o = { dir: null, filter: [], json: null, markdown: null, headers: true, only: null, jobs: 2, browser: 'chromium',
    polyfill: join(ROOT, 'pkg/dist/text-encoding-wasm.script.js'), maxList: 60 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const val = () => { if (i + 1 >= argv.length) die(`${a} needs a value`); return argv[++i]; };
    if (a === '--filter') o.filter.push(val());
    else if (a === '--json') o.json = val();
    else if (a === '--markdown') o.markdown = val();
    else if (a === '--no-headers') o.headers = false;
    else if (a === '--browser') { o.browser = val(); if (!['chromium', 'firefox'].includes(o.browser)) die('--browser chromium|firefox'); }
    else if (a === '--only') { o.only = val(); if (!['native', 'polyfill'].includes(o.only)) die('--only native|polyfill'); }
    else if (a === '--jobs') o.jobs = Math.max(1, parseInt(val(), 10) || 1);
    else if (a === '--polyfill') o.polyfill = resolve(val());
    else if (a === '--max-list') o.maxList = parseInt(val(), 10) || 0;
    else if (a === '-h' || a === '--help') { console.log(readFileSync(fileURLToPath(import.meta.url), 'utf8').split('\n').slice(1, 15).join('\n')); process.exit(0); }
    else if (a.startsWith('-')) die(`unknown option ${a}`);
    else if (o.dir === null) o.dir = a;
    else die(`unexpected argument ${a}`);
  }
  o.dir = resolve(o.dir ?? join(ROOT, '.wpt'));
  return o;
}
function die(msg, code = 2) { console.error(`wpt: ${msg}`); process.exit(code); }

// ------------------------------------------------------------ the test list
const META_RE = /^\/\/\s*META:\s*(\w+)=(.*)$/;
function readMeta(file) {
  const meta = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const m = META_RE.exec(line.trim());
    if (!m) break;                       // wptserve stops at the first other line
    meta.push([m[1], m[2].trim()]);
  }
  return meta;
}
const ANY_GLOBALS = {
  window: ['window'], dedicatedworker: ['dedicatedworker'], sharedworker: ['sharedworker'],
  serviceworker: ['serviceworker'], worker: ['dedicatedworker', 'sharedworker', 'serviceworker'],
  shadowrealm: ['shadowrealm-in-window', 'shadowrealm-in-shadowrealm', 'shadowrealm-in-dedicatedworker',
    'shadowrealm-in-sharedworker', 'shadowrealm-in-serviceworker', 'shadowrealm-in-audioworklet'],
};
function parseGlobals(value) {
  if (value === undefined || value === '') return new Set(['window', 'dedicatedworker']);
  const s = new Set();
  for (const item of value.split(',').map((x) => x.trim())) for (const g of ANY_GLOBALS[item] ?? [item]) s.add(g);
  return s;
}
const SUFFIX = { window: '.any.html', dedicatedworker: '.any.worker.html', sharedworker: '.any.sharedworker.html' };

// Pages that test the browser's own decoders (XMLHttpRequest responseText,
// document.characterSet) through the Python handlers transcribed below, not
// TextDecoder/TextEncoder: run, but in their own section, so that they neither
// count for nor against the polyfill. (An earlier wptserve count, 11,867, included
// unsupported-labels.window.js with the API files.)
const BROWSER_ONLY = new Set([
  'encoding/single-byte-decoder.window.html?XMLHttpRequest',
  'encoding/single-byte-decoder.window.html?document',
  'encoding/unsupported-labels.window.html',
]);

function listTests(dir) {
  const tests = [];     // {url, file, section, scope, long}
  const skipped = [];   // {what, why}
  const enc = join(dir, 'encoding');
  const addJs = (sub, section) => {
    const d = join(enc, sub);
    for (const name of readdirSync(d).sort()) {
      const file = join(d, name);
      if (!statSync(file).isFile()) continue;
      const rel = relative(dir, file).split(sep).join('/');
      const meta = readMeta(file);
      const variants = meta.filter(([k]) => k === 'variant').map(([, v]) => v);
      if (variants.length === 0) variants.push('');
      const long = meta.some(([k, v]) => k === 'timeout' && v === 'long');
      let pages = [];
      if (name.endsWith('.any.js')) {
        const globals = parseGlobals(meta.find(([k]) => k === 'global')?.[1]);
        for (const g of globals) {
          if (SUFFIX[g]) pages.push([g, rel.replace(/\.any\.js$/, SUFFIX[g])]);
          else skipped.push({ what: `${rel} (${g})`, why: g.startsWith('shadowrealm') ? 'ShadowRealm global: Chromium has no ShadowRealm' : 'service worker global: not run by this runner' });
        }
      } else if (name.endsWith('.window.js')) {
        pages.push(['window', rel.replace(/\.window\.js$/, '.window.html')]);
      } else if (name.endsWith('.html') && /^sharedarraybuffer\.https\.html$/.test(name)) {
        pages.push(['window', rel]);
      } else continue;
      for (const [scope, page] of pages) for (const v of variants) {
        const url = page + v;
        const sec = BROWSER_ONLY.has(url) ? 'Browser decoders (not the API)' : `${section}${scope === 'window' ? '' : ' (workers)'}`;
        tests.push({ url, file: rel, section: sec, scope, long });
      }
    }
  };
  addJs('.', 'API');
  addJs('streams', 'Streams');
  // What else is in encoding/ and why it is not run.
  for (const name of readdirSync(enc).sort()) {
    const p = join(enc, name);
    if (statSync(p).isDirectory() && name.startsWith('legacy-mb-'))
      skipped.push({ what: `encoding/${name}/**`, why: 'browser decoders/encoders via documents, forms and URLs (document charset, form submission, href encoding), not the TextDecoder/TextEncoder API; several need wptserve Python handlers or pipes' });
    else if (name.endsWith('.html') && !name.endsWith('-ref.html') && name !== 'sharedarraybuffer.https.html')
      skipped.push({ what: `encoding/${name}`, why: 'tests the HTML parser / document encoding / reftest, not the API' });
  }
  if (existsSync(join(enc, 'streams/stringification-crash.html')))
    skipped.push({ what: 'encoding/streams/stringification-crash.html', why: 'crash test (no testharness results)' });
  return { tests, skipped };
}

// ------------------------------------------------------------------- server
const MIME = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.json': 'application/json',
  '.idl': 'text/plain; charset=utf-8', '.txt': 'text/plain', '.xml': 'application/xml', '.css': 'text/css' };

function loadHeaders(dir, fsPath) {
  const out = [];
  for (const h of [join(dirname(fsPath), '__dir__.headers'), fsPath + '.headers']) {
    if (!existsSync(h)) continue;
    for (const line of readFileSync(h, 'latin1').split(/\r?\n/)) {
      const i = line.indexOf(':');
      if (i > 0) out.push([line.slice(0, i).trim(), line.slice(i + 1).trim()]);
    }
  }
  return out;
}
const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const attr = (s) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
const jsStr = (s) => JSON.stringify(s);

function htmlMeta(meta) {
  return meta.map(([k, v]) => k === 'timeout' && v === 'long' ? '<meta name="timeout" content="long">'
    : k === 'title' ? `<title>${esc(v)}</title>` : null).filter(Boolean).join('\n');
}
function htmlScripts(meta) {
  return meta.filter(([k]) => k === 'script').map(([, v]) => `<script src="${attr(v)}"></script>`).join('\n');
}
const HEAD = (meta) => `<!doctype html>\n<meta charset=utf-8>\n${htmlMeta(meta)}\n`;
const HARNESS_TAGS = '<script src="/resources/testharness.js"></script>\n<script src="/resources/testharnessreport.js"></script>\n';
const GLOBAL_WINDOW = `<script>
self.GLOBAL = {
  isWindow: function() { return true; },
  isWorker: function() { return false; },
  isShadowRealm: function() { return false; },
};
</script>\n`;

// The worker script: what wptserve's ClassicWorkerHandler generates, preceded
// (polyfill run) by deleting the natives and importing the polyfill, and (both
// runs) by a check of whose classes the worker has, reported over a
// BroadcastChannel to the page.
function workerScript(meta, path, mode) {
  const lines = [];
  if (mode === 'polyfill') {
    lines.push(`(function () { for (const n of ${jsStr(CLASSES)}) delete self[n]; })();`);
    lines.push('importScripts("/__polyfill__.js");');
  }
  lines.push(`(function () {
  var nat = function (f) { return typeof f === "function" && /\\[native code\\]/.test(Function.prototype.toString.call(f)); };
  var realm = typeof SharedWorkerGlobalScope !== "undefined" && self instanceof SharedWorkerGlobalScope ? "sharedworker" : "dedicatedworker";
  var ok = ${mode === 'polyfill' ? '!nat(self.TextDecoder) && !nat(self.TextEncoder) && typeof self.TextDecoder === "function" && typeof self.TextEncoder === "function"' : 'nat(self.TextDecoder) && nat(self.TextEncoder)'};
  try { new BroadcastChannel("__wpt_injection").postMessage({ realm: realm, href: String(location.href), ok: ok }); } catch (e) {}
  if (!ok) throw new Error("wpt.mjs: this worker does not have the ${mode} TextDecoder/TextEncoder");
})();`);
  for (const [k, v] of meta) {
    if (k === 'title') lines.push(`self.META_TITLE = ${jsStr(v)};`);
  }
  lines.push(`self.GLOBAL = {
  isWindow: function() { return false; },
  isWorker: function() { return true; },
  isShadowRealm: function() { return false; },
};
importScripts("/resources/testharness.js");`);
  for (const [k, v] of meta) if (k === 'script') lines.push(`importScripts(${jsStr(v)})`);
  lines.push(`importScripts(${jsStr(path)});\ndone();\n`);
  return lines.join('\n');
}

// encoding/resources/*.py, the three tiny wptserve handlers that
// single-byte-decoder.window.js (?XMLHttpRequest, ?document) and
// unsupported-labels.window.js load, transcribed.
const PY_HANDLERS = {
  '/encoding/resources/text-html-meta-charset.py': (label) => ['text/html', Buffer.from(`<meta charset="${label}">hello encoding`, 'latin1')],
  '/encoding/resources/single-byte-raw.py': (label) => [`text/plain;charset=${label}`, Buffer.from(Array.from({ length: 255 }, (_, i) => i))],
  '/encoding/resources/text-plain-charset.py': (label) => [`text/plain;charset=${label}`, Buffer.from('hello encoding')],
};

// Appended to testharnessreport.js, as wptrunner substitutes its own.
const REPORT_HOOK = `
;(function () {
  if (typeof add_completion_callback !== "function") return;
  // As wptrunner: no log rendering, and the runner (not the harness's own 10 s
  // / 60 s timers) decides when a page has timed out; it then calls timeout().
  try { setup({ output: false, explicit_timeout: true }); } catch (e) {}
  var partial = window.__wptPartial = [];
  var cut = function (m) { return m == null ? null : String(m).slice(0, 400); };
  add_result_callback(function (t) { partial.push({ name: t.name, status: t.status, message: cut(t.message) }); });
  add_completion_callback(function (tests, status) {
    window.__wptResults = {
      status: status.status, message: cut(status.message),
      tests: tests.map(function (t) { return { name: t.name, status: t.status, message: cut(t.message) }; })
    };
  });
})();
`;

function startServer(dir, { mode, headers, polyfillSource }) {
  const server = createServer((req, res) => {
    try { handle(req, res); } catch (e) { res.writeHead(500); res.end(String(e && e.stack || e)); }
  });
  function send(res, code, body, type, extra = []) {
    const h = { 'Content-Type': type, 'Cache-Control': 'no-store' };
    for (const [k, v] of extra) h[k] = v;
    res.writeHead(code, h);
    res.end(body);
  }
  function handle(req, res) {
    const u = new URL(req.url, 'http://x');
    let p = decodeURIComponent(u.pathname);
    if (p === '/__polyfill__.js') return send(res, 200, polyfillSource, MIME['.js']);
    if (p === '/resources/WebIDLParser.js') p = '/resources/webidl2/lib/webidl2.js';
    if (PY_HANDLERS[p]) {
      // wptserve's request.GET.first(b"label"): the percent-decoded bytes.
      const label = Buffer.from(new URLSearchParams(u.search).get('label') ?? '', 'latin1').toString('latin1');
      const [type, body] = PY_HANDLERS[p](label);
      res.writeHead(200, { 'Content-Type': type, 'Cache-Control': 'no-store' });
      return res.end(body);
    }
    const fsPath = normalize(join(dir, p));
    if (!fsPath.startsWith(dir)) return send(res, 403, 'forbidden', 'text/plain');
    const hdr = (f) => (headers ? loadHeaders(dir, f) : []);
    const wrap = (suffix, src, make, type = MIME['.html']) => {
      const jsFile = fsPath.slice(0, -suffix.length) + src;
      if (!existsSync(jsFile)) return send(res, 404, 'not found', 'text/plain');
      const meta = readMeta(jsFile);
      const jsPath = p.slice(0, -suffix.length) + src;
      return send(res, 200, make(meta, jsPath), type, hdr(jsFile));
    };
    const globalsOf = (meta) => parseGlobals(meta.find(([k]) => k === 'global')?.[1]);
    const query = u.search;
    if (p.endsWith('.any.html')) return wrap('.any.html', '.any.js', (meta, js) => !globalsOf(meta).has('window') ? '' :
      HEAD(meta) + GLOBAL_WINDOW + HARNESS_TAGS + htmlScripts(meta) + `\n<div id=log></div>\n<script src="${attr(js)}"></script>\n`);
    if (p.endsWith('.any.worker.html')) return wrap('.any.worker.html', '.any.js', (meta, js) =>
      HEAD(meta) + HARNESS_TAGS + `<div id=log></div>\n<script>\nfetch_tests_from_worker(new Worker(${jsStr(js.replace(/\.any\.js$/, '.any.worker.js') + query)}));\n</script>\n`);
    if (p.endsWith('.any.sharedworker.html')) return wrap('.any.sharedworker.html', '.any.js', (meta, js) =>
      HEAD(meta) + HARNESS_TAGS + `<div id=log></div>\n<script>\nfetch_tests_from_worker(new SharedWorker(${jsStr(js.replace(/\.any\.js$/, '.any.worker.js') + query)}));\n</script>\n`);
    if (p.endsWith('.any.worker.js')) return wrap('.any.worker.js', '.any.js', (meta, js) => workerScript(meta, js, mode), MIME['.js']);
    if (p.endsWith('.window.html')) return wrap('.window.html', '.window.js', (meta, js) =>
      HEAD(meta) + HARNESS_TAGS + htmlScripts(meta) + `\n<div id=log></div>\n<script src="${attr(js)}"></script>\n`);
    let st;
    try { st = statSync(fsPath); } catch { return send(res, 404, 'not found', 'text/plain'); }
    if (st.isDirectory()) return send(res, 404, 'no directory listings', 'text/plain');
    let body = readFileSync(fsPath);
    if (p === '/resources/testharnessreport.js') body = Buffer.concat([body, Buffer.from(REPORT_HOOK)]);
    return send(res, 200, body, MIME[extname(fsPath)] ?? 'application/octet-stream', hdr(fsPath));
  }
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => ok(server)));
}

// --------------------------------------------------------- the init script
// Runs in every frame of the context before its own scripts (Playwright's
// addInitScript = CDP Page.addScriptToEvaluateOnNewDocument).
function initScript(mode, polyfillSource) {
  return `(function () {
  var CLASSES = ${jsStr(CLASSES)};
  var nat = function (f) { return typeof f === "function" && /\\[native code\\]/.test(Function.prototype.toString.call(f)); };
  var isOurs = function (w) { return typeof w.TextDecoder === "function" && typeof w.TextEncoder === "function" && !nat(w.TextDecoder) && !nat(w.TextEncoder); };
  var isNative = function (w) { return nat(w.TextDecoder) && nat(w.TextEncoder); };
  var expected = ${mode === 'polyfill' ? 'isOurs' : 'isNative'};
  var record = function (r) { try { var t = window.top; (t.__wptInjection || (t.__wptInjection = [])).push(r); } catch (e) {} };
  var realm = window === window.top ? "window" : "iframe";
  ${mode === 'polyfill' ? `for (var i = 0; i < CLASSES.length; i++) delete window[CLASSES[i]];
  try {
${polyfillSource}
  } catch (e) { record({ realm: realm, href: String(location.href), ok: false, detail: "polyfill threw: " + e }); }` : ''}
  record({ realm: realm, href: String(location.href), ok: expected(window) });
  if (realm !== "window") return;
  // Every iframe realm a test reaches through contentWindow is checked when it
  // is reached: one whose classes are not the expected ones is an error.
  var d = Object.getOwnPropertyDescriptor(HTMLIFrameElement.prototype, "contentWindow");
  Object.defineProperty(HTMLIFrameElement.prototype, "contentWindow", { configurable: true, enumerable: d.enumerable,
    get: function () {
      var w = d.get.call(this);
      try { if (w && !expected(w)) record({ realm: "iframe (via contentWindow)", href: String(w.location.href), ok: false }); } catch (e) {}
      return w;
    } });
  try {
    new BroadcastChannel("__wpt_injection").onmessage = function (e) { record(e.data); };
  } catch (e) {}
})();`;
}

// ------------------------------------------------------------ Firefox ESR
// Playwright drives only its own Firefox build, which these machines cannot
// download; Debian's firefox-esr is driven over WebDriver (selenium-webdriver,
// geckodriver from crates.io) with the small part of Playwright's API this
// runner uses. The init script becomes a WebDriver BiDi preload script, which
// like addInitScript runs in every frame before the frame's own scripts.
async function launchFirefox() {
  const missing = firefoxMissing();
  if (missing) die(missing, 1);
  const sessions = [];
  let version;
  const start = async () => {
    const session = await firefoxDriver({ bidi: true });
    await session.driver.manage().setTimeouts({ pageLoad: 30_000, script: 60_000 });
    sessions.push(session.driver);
    version = session.version;
    return session.driver;
  };
  const first = await start();
  let spare = first;
  return {
    label: `headless Firefox ESR ${version}`,
    version: () => version,
    async newContext() {
      const driver = spare || await start();
      spare = null;
      return {
        async addInitScript({ content }) {
          const bidi = await driver.getBidi();
          await bidi.send({ method: 'script.addPreloadScript', params: { functionDeclaration: `() => { ${content}\n}` } });
        },
        async newPage() { return webdriverPage(driver); },
        async close() {},
      };
    },
    async close() { for (const d of sessions) await d.quit().catch(() => {}); },
  };
}

/** The page API runOne uses (goto, waitForFunction, waitForTimeout, evaluate, close), over one WebDriver window. */
function webdriverPage(driver) {
  const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));
  const evaluate = (fn) => driver.executeScript(`return (${fn.toString()})();`);
  return {
    on() {},
    async goto(url) { await driver.get(url); },
    evaluate,
    waitForTimeout: sleep,
    async waitForFunction(fn, _arg, { timeout = 30_000, polling = 200 } = {}) {
      const until = Date.now() + timeout;
      for (;;) {
        if (await evaluate(fn)) return;
        if (Date.now() > until) { const e = new Error(`Timeout ${timeout} ms exceeded`); e.name = 'TimeoutError'; throw e; }
        await sleep(polling);
      }
    },
    async close() { await driver.get('about:blank').catch(() => {}); },
  };
}

// ------------------------------------------------------------------ running
async function runOne(context, base, test, nativeNames) {
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e && e.message || e).slice(0, 300)));
  const limit = test.long ? 180_000 : 60_000;
  const t0 = Date.now();
  let out = { status: null, message: null, tests: [] }, timedOut = false, crashed = null;
  try {
    await page.goto(base + '/' + test.url, { waitUntil: 'commit', timeout: 30_000 });
    await page.waitForFunction(() => window.__wptResults, null, { timeout: limit, polling: 200 });
    await page.waitForTimeout(50); // late BroadcastChannel reports
    out = await page.evaluate(() => window.__wptResults);
  } catch (e) {
    if (/Timeout/i.test(String(e && e.name) + String(e && e.message))) timedOut = true; else crashed = String(e && e.message || e).slice(0, 300);
    try {
      // Let the harness time the page out (every unfinished subtest: TIMEOUT).
      if (timedOut) {
        await page.evaluate(() => { if (typeof timeout === 'function') timeout(); });
        await page.waitForFunction(() => window.__wptResults, null, { timeout: 10_000, polling: 200 });
        out = await page.evaluate(() => window.__wptResults);
        out = { ...out, status: 2, message: `runner timeout after ${limit / 1000} s` + (out.message ? `; ${out.message}` : '') };
      } else throw e;
    } catch {
      try {
        const partial = await page.evaluate(() => window.__wptPartial || []);
        out = { status: timedOut ? 2 : 1, message: timedOut ? `runner timeout after ${limit / 1000} s` : crashed, tests: partial };
      } catch { out = { status: 1, message: crashed || 'page unusable', tests: [] }; }
    }
  }
  let injection = [];
  try { injection = await page.evaluate(() => window.__wptInjection || []); } catch {}
  await page.close().catch(() => {});
  const subtests = out.tests.map((t) => ({ name: t.name, status: STATUS[t.status] ?? String(t.status), message: t.message }));
  // Subtests the baseline has but this run never reported (harness error,
  // timeout): counted as failed, so a run that stops early cannot look better.
  if (nativeNames) {
    const seen = new Set(subtests.map((s) => s.name));
    for (const n of nativeNames) if (!seen.has(n)) subtests.push({ name: n, status: timedOut ? 'TIMEOUT' : 'MISSING', message: 'not reported by this run' });
  }
  const realmsChecked = injection.length;
  const injectionFailures = injection.filter((r) => !r.ok);
  if (test.scope !== 'window' && !injection.some((r) => r.realm === test.scope))
    injectionFailures.push({ realm: test.scope, ok: false, detail: 'the worker never reported which classes it has' });
  return { url: test.url, harness: HARNESS[out.status] ?? String(out.status), message: out.message, timedOut,
    seconds: +((Date.now() - t0) / 1000).toFixed(1), realmsChecked, injectionFailures, pageErrors: errors.slice(0, 5), subtests };
}

async function runAll(browser, base, tests, mode, polyfillSource, jobs, baseline) {
  const context = await browser.newContext();
  await context.addInitScript({ content: initScript(mode, polyfillSource) });
  const results = {};
  let next = 0, done = 0;
  const t0 = Date.now();
  async function worker() {
    while (next < tests.length) {
      const t = tests[next++];
      const nativeNames = baseline?.[t.url]?.subtests.map((s) => s.name);
      const r = await runOne(context, base, t, nativeNames);
      results[t.url] = r;
      done++;
      const pass = r.subtests.filter((s) => s.status === 'PASS').length;
      const flag = [r.harness !== 'OK' ? `harness ${r.harness}${r.message ? ': ' + r.message.split('\n')[0].slice(0, 120) : ''}` : '',
        r.injectionFailures.length ? `INJECTION FAILED in ${r.injectionFailures.length} realm(s)` : ''].filter(Boolean).join('; ');
      console.log(`[${mode} ${String(done).padStart(3)}/${tests.length}] ${t.url}: ${pass}/${r.subtests.length} (${r.seconds}s)${flag ? ' ' + flag : ''}`);
    }
  }
  await Promise.all(Array.from({ length: Math.min(jobs, tests.length) }, worker));
  await context.close();
  return { results, seconds: +((Date.now() - t0) / 1000).toFixed(1) };
}

// ------------------------------------------------------------------ report
const SECTIONS = ['API', 'API (workers)', 'Streams', 'Streams (workers)', 'Browser decoders (not the API)'];
function counts(r) { return r ? { pass: r.subtests.filter((s) => s.status === 'PASS').length, total: r.subtests.length } : null; }
const fmt = (c) => (c ? `${c.pass.toLocaleString('en-US')}/${c.total.toLocaleString('en-US')}` : '–');
function markdownTable(tests, runs, header) {
  const modes = Object.keys(runs);
  const lines = [header, '', `| test file | ${modes.map((m) => `${m} passed/total`).join(' | ')} |`, `|---|${modes.map(() => '---:').join('|')}|`];
  const grand = Object.fromEntries(modes.map((m) => [m, { pass: 0, total: 0 }]));
  for (const section of SECTIONS) {
    const ts = tests.filter((t) => t.section === section);
    if (!ts.length) continue;
    const sum = Object.fromEntries(modes.map((m) => [m, { pass: 0, total: 0 }]));
    lines.push(`| **${section}** |${modes.map(() => '').join(' |')} |`);
    for (const t of ts) {
      const cells = modes.map((m) => {
        const r = runs[m].results[t.url];
        const c = counts(r);
        if (c) { sum[m].pass += c.pass; sum[m].total += c.total; }
        const notes = r ? [r.harness !== 'OK' ? r.harness : '', r.injectionFailures.length ? 'injection failed' : ''].filter(Boolean) : [];
        if (!r) return 'not run';
        return fmt(c) + (notes.length ? ` (${notes.join(', ')})` : '');
      });
      lines.push(`| ${t.url} | ${cells.join(' | ')} |`);
    }
    lines.push(`| *${section} total* | ${modes.map((m) => `*${fmt(sum[m])}*`).join(' | ')} |`);
    if (!section.startsWith('Browser')) for (const m of modes) { grand[m].pass += sum[m].pass; grand[m].total += sum[m].total; }
  }
  lines.splice(lines.findIndex((l) => l.startsWith('| **Browser')) >>> 0, 0,
    `| **total (API and streams, windows and workers)** | ${modes.map((m) => `**${fmt(grand[m])}**`).join(' | ')} |`);
  return { text: lines.join('\n') + '\n', grand };
}

// -------------------------------------------------------------------- main
async function main() {
  const o = parseArgs(process.argv.slice(2));
  if (!existsSync(join(o.dir, 'encoding')) || !existsSync(join(o.dir, 'resources/testharness.js'))) {
    die(`no WPT checkout at ${o.dir} (need encoding/ and resources/testharness.js).\n` +
      `  Get one with: bash tools/wpt-fetch.sh WPT_GITDIR [${relative(process.cwd(), o.dir) || '.'}]\n` +
      `  (any git directory of web-platform-tests/wpt or a mirror such as bocoup/wpt). Nothing was run.`, 1);
  }
  const modes = o.only ? [o.only] : ['native', 'polyfill'];
  let polyfillSource = '';
  if (modes.includes('polyfill')) {
    if (!existsSync(o.polyfill)) die(`polyfill ${o.polyfill} is missing: run \`bash tools/build-wasm.sh && node tools/build-package.mjs\` first`, 1);
    // The script installs where classes are missing; forcing replaces any that remain (as the polyfill/force entries do).
    polyfillSource = `${readFileSync(o.polyfill, 'utf8')}\n;TextEncodingWasm.install(self, { force: true });\n`;
  }
  let { tests, skipped } = listTests(o.dir);
  if (o.filter.length) tests = tests.filter((t) => o.filter.some((f) => t.url.includes(f)));
  if (!tests.length) die('no test matches the filter', 1);

  let browser;
  if (o.browser === 'firefox') {
    browser = await launchFirefox();
    o.jobs = 1; // one WebDriver session drives one window at a time
  } else {
    let chromium;
    try { ({ chromium } = await import(join(ROOT, 'node_modules/playwright-core/index.mjs'))); }
    catch (e) { die(`playwright-core is not installed in ${ROOT}/node_modules (npm ci): ${e.message}`, 1); }
    const executablePath = process.env.CHROMIUM || '/usr/bin/chromium';
    if (!existsSync(executablePath)) die(`${executablePath} not found (apt-get install chromium, or set CHROMIUM=)`, 1);
    browser = await chromium.launch({ executablePath });
    browser.label = `headless Chromium ${browser.version()}`;
  }

  const wptCommit = existsSync(join(o.dir, '.wpt-commit')) ? readFileSync(join(o.dir, '.wpt-commit'), 'utf8').trim() : null;
  console.log(`WPT ${o.dir}${wptCommit ? ` @ ${wptCommit}` : ''}: ${tests.length} test pages, ${o.headers ? 'honouring' : 'IGNORING'} .headers files, ${o.jobs} pages at a time`);
  console.log(`not run: ${skipped.length} (listed in --json / --markdown output)`);

  const t0 = Date.now();
  const runs = {};
  const servers = [];
  try {
    for (const mode of modes) {
      const server = await startServer(o.dir, { mode, headers: o.headers, polyfillSource });
      servers.push(server);
      const base = `http://127.0.0.1:${server.address().port}`;
      // The browser-decoder pages never touch TextDecoder/TextEncoder: running
      // them with the polyfill would only measure its per-iframe start-up.
      const mine = mode === 'polyfill' ? tests.filter((t) => !t.section.startsWith('Browser')) : tests;
      runs[mode] = await runAll(browser, base, mine, mode, polyfillSource, o.jobs, mode === 'polyfill' ? runs.native?.results : null);
    }
  } finally {
    await browser.close().catch(() => {});
    for (const s of servers) s.close();
  }
  const seconds = +((Date.now() - t0) / 1000).toFixed(1);
  const browserVersion = browser.version();

  // Table
  const header = `WPT encoding tests, ${browser.label}${wptCommit ? `, WPT ${wptCommit.slice(0, 12)}` : ''}, ` +
    `${o.headers ? 'with' : 'without'} the tests' COOP/COEP .headers` + (modes.includes('polyfill') ? `; polyfill = ${relative(ROOT, o.polyfill)}` : '') + '.';
  const { text: table, grand } = markdownTable(tests, runs, header);
  console.log('\n' + table);
  // The earlier wptserve figure (native 11,798/11,867): the window runs of
  // the API and streams files plus unsupported-labels.window.js.
  if (runs.native) {
    const c = { pass: 0, total: 0 };
    for (const t of tests) {
      if (t.scope !== 'window' || !(['API', 'Streams'].includes(t.section) || t.url === 'encoding/unsupported-labels.window.html')) continue;
      const k = counts(runs.native.results[t.url]); c.pass += k.pass; c.total += k.total;
    }
    console.log(`native, window runs as counted by the earlier wptserve run (API + streams + unsupported-labels): ${fmt(c)}`);
  }

  // Our bugs: baseline passes, polyfill does not.
  const regressions = [];
  if (runs.native && runs.polyfill) {
    for (const t of tests) {
      const n = runs.native.results[t.url], p = runs.polyfill.results[t.url];
      if (!n || !p) continue;
      const pm = new Map(p.subtests.map((s) => [s.name, s]));
      for (const s of n.subtests) {
        if (s.status !== 'PASS') continue;
        const q = pm.get(s.name);
        // idlharness's TextDecoderStream/TextEncoderStream subtests belong to
        // the stream classes too.
        const streams = t.section.startsWith('Streams') || /^Text(De|En)coderStream\b/.test(s.name);
        if (!q || q.status !== 'PASS') regressions.push({ url: t.url, section: t.section, streams, name: s.name, status: q ? q.status : 'MISSING', message: q?.message ?? null });
      }
    }
    for (const section of SECTIONS) for (const streams of [false, true]) {
      const rs = regressions.filter((r) => r.section === section && r.streams === streams);
      if (!rs.length) continue;
      console.log(`native passes, polyfill fails — ${section}${streams ? ', stream classes' : ''}: ${rs.length} subtests`);
      for (const r of rs.slice(0, o.maxList)) console.log(`  ${r.url} :: ${r.name.slice(0, 160)} [${r.status}]${r.message ? ' ' + r.message.split('\n')[0].slice(0, 160) : ''}`);
      if (rs.length > o.maxList) console.log(`  ... and ${rs.length - o.maxList} more (see --json)`);
    }
  }
  const injectionProblems = [];
  const realmCounts = {};
  for (const [mode, run] of Object.entries(runs)) {
    for (const r of Object.values(run.results)) {
      for (const f of r.injectionFailures) injectionProblems.push({ mode, url: r.url, ...f });
    }
    realmCounts[mode] = Object.values(run.results).reduce((a, r) => a + r.realmsChecked, 0);
  }
  console.log(`realms checked (windows, iframes, workers reporting whose classes they have): ${Object.entries(realmCounts).map(([m, c]) => `${m} ${c}`).join(', ')}`);
  if (injectionProblems.length) {
    console.log(`INJECTION PROBLEMS: ${injectionProblems.length}`);
    for (const p of injectionProblems.slice(0, 20)) console.log(`  [${p.mode}] ${p.url}: ${p.realm} ${p.href ?? ''} ${p.detail ?? ''}`);
  }
  const harnessProblems = Object.entries(runs).flatMap(([mode, run]) => Object.values(run.results)
    .filter((r) => r.harness !== 'OK').map((r) => ({ mode, url: r.url, harness: r.harness, message: r.message })));
  for (const h of harnessProblems) console.log(`harness ${h.harness} [${h.mode}] ${h.url}: ${(h.message ?? '').split('\n')[0].slice(0, 200)}`);
  console.log(`run time ${seconds} s (${Object.entries(runs).map(([m, r]) => `${m} ${r.seconds} s`).join(', ')})`);

  if (o.markdown) {
    // One line per file and reason: "X.any.js: serviceworker, shadowrealm-in-window, ...".
    const grouped = new Map();
    for (const sk of skipped) {
      const m = /^(.*) \((.*)\)$/.exec(sk.what);
      const key = m ? `${m[1]}\u0000${sk.why.split(':')[0]}` : `${sk.what}\u0000${sk.why}`;
      if (!grouped.has(key)) grouped.set(key, { file: m ? m[1] : sk.what, why: m ? sk.why.split(':')[0] : sk.why, globals: [] });
      if (m) grouped.get(key).globals.push(m[2]);
    }
    const skippedMd = ['', 'Not run:', '', ...[...grouped.values()].map((g) => `- \`${g.file}\`${g.globals.length ? ` (${g.globals.join(', ')})` : ''}: ${g.why}`), ''].join('\n');
    writeFileSync(o.markdown, table + skippedMd);
    console.log(`markdown: ${o.markdown}`);
  }
  if (o.json) {
    let polyfillSha = null;
    if (polyfillSource) polyfillSha = createHash('sha256').update(polyfillSource).digest('hex');
    let ourCommit = null;
    try { ourCommit = execFileSync('git', ['-C', ROOT, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim(); } catch {}
    writeFileSync(o.json, JSON.stringify({
      date: new Date().toISOString(), browser: browser.label, chromium: o.browser === 'chromium' ? browserVersion : undefined, wptDir: o.dir, wptCommit, headers: o.headers,
      polyfill: polyfillSource ? { path: relative(ROOT, o.polyfill), sha256: polyfillSha } : null, commit: ourCommit,
      seconds, totals: grand, tests, skipped, regressions, injectionProblems, harnessProblems,
      runs: Object.fromEntries(Object.entries(runs).map(([m, r]) => [m, { seconds: r.seconds, results: r.results }])),
    }, null, 1));
    console.log(`json: ${o.json}`);
  }
  // Exit status: 1 if a realm did not have the classes it should have, or if
  // the polyfill fails a subtest the browser passes (streams included).
  const ourBugs = regressions;
  if (injectionProblems.length || ourBugs.length) {
    console.log(`FAILED: ${injectionProblems.length} injection problem(s), ${ourBugs.length} subtest(s) native passes and the polyfill fails`);
    process.exit(1);
  }
}

main().catch((e) => { console.error(e); process.exit(1); });
