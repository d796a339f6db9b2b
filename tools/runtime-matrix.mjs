// `npm run matrix`: the runtime matrix. Every row is a real run of the
// portable conformance harness (tests/runtimes/conformance.js; expectations
// from the WHATWG index files, tools/runtimes/expectations.mjs) against the
// built package (pkg/dist) in one runtime, and asserts which backend the
// loader picked there (a silent fallback to the no-wasm build where
// WebAssembly works fails the row). Writes docs/runtime-matrix.md.
//
//   node tools/runtime-matrix.mjs [--markdown FILE] [--only substring]
// Needs pkg/ (built here if missing), data/whatwg-index, and for the
// browser rows /usr/bin/chromium, firefox-esr + geckodriver, WebKitWebDriver + xvfb-run.
// Exits 1 if any row that ran failed; an engine that cannot start is listed as not run, with why.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, extname, join } from 'node:path';
import { ensureBuilt } from './build-graph.mjs';
import { makeExpectations } from './runtimes/expectations.mjs';
import { nodeBinary, OTHER_NODES } from './runtimes/node-versions.mjs';
import { hermesMissing, hermesVersion, lowerLikeMetro, presetVersion, runHermes, writeConformanceScript } from './runtimes/hermes.mjs';
import { webdriverPages, webdriverRows } from './runtimes/webdriver-rows.mjs';

const root = new URL('..', import.meta.url).pathname;
const require = createRequire(import.meta.url);
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const only = option('--only', null);
// A partial run (--only) writes its table only where asked to: the committed
// docs/runtime-matrix.md is the whole matrix.
const markdownFile = option('--markdown', only ? null : `${root}docs/runtime-matrix.md`);
const dist = `${root}pkg/dist`;
const indexDir = `${root}data/whatwg-index`;

if (!existsSync(`${indexDir}/encodings.json`)) {
  console.error(`runtime-matrix: ${indexDir} is missing (the WHATWG index files the expectations come from)`);
  process.exit(1);
}
// The package as the build graph says it must be (tools/build-graph.mjs: rebuilt if any source is newer).
ensureBuilt(root.replace(/\/$/, ''));
const EXPECT = makeExpectations(indexDir);
mkdirSync(`${root}.cache/matrix`, { recursive: true });
const expectFile = `${root}.cache/matrix/expect.json`;
writeFileSync(expectFile, JSON.stringify(EXPECT));
const harness = readFileSync(`${root}tests/runtimes/conformance.js`, 'utf8');

const rows = [];
/** Runs one row: `run` returns { backend, passed, total, failures, notes }; `want` is the backend it must report. */
async function row(runtime, build, want, run, known = []) {
  if (only && !runtime.includes(only)) return;
  const started = Date.now();
  let r;
  try {
    r = await run();
  } catch (error) {
    r = { backend: null, passed: 0, total: 0, failures: [String(error && error.stack || error).slice(0, 500)], notes: [] };
  }
  const seconds = (Date.now() - started) / 1000;
  // Known failures (each explained where the row is declared) are shown, not hidden: the row passes only if nothing else failed.
  const unexplained = r.failures.filter((f) => !known.some((k) => f.startsWith(k)));
  const knownHit = r.failures.length - unexplained.length;
  if (knownHit) r.notes = [...(r.notes || []), `${knownHit} known failure(s): ${r.failures.filter((f) => known.some((k) => f.startsWith(k))).join('; ')}`];
  r.failures = unexplained;
  const ok = r.total > 0 && r.passed + knownHit === r.total && (want === null || r.backend === want);
  if (want !== null && r.backend !== want) r.failures.unshift(`backend ${r.backend}, expected ${want}`);
  rows.push({ runtime, build, want, ...r, ok, seconds });
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${runtime}: ${r.passed}/${r.total}, backend ${r.backend} (${seconds.toFixed(1)} s)${r.failures.length ? '\n     ' + r.failures.slice(0, 5).join('\n     ') : ''}`);
}

/** Engines that could not run a row, and why: listed in the table, not counted as failures (they did not run). */
const notRun = [];
const noteNotRun = (runtime, why) => {
  if (only && !runtime.toLowerCase().includes(only.toLowerCase())) return;
  notRun.push({ runtime, why });
  console.log(`not run: ${runtime}: ${why}`);
};

/** tools/runtimes/node-row.mjs (Node's APIs: vm, createRequire) under `command`, e.g. node, bun or deno. */
function nodeRow(mode, entry, flags = [], command = process.execPath) {
  const p = spawnSync(command, [...flags, `${root}tools/runtimes/node-row.mjs`, mode, entry, expectFile], { encoding: 'utf8', timeout: 300_000, maxBuffer: 16 << 20 });
  const last = (p.stdout || '').trim().split('\n').pop();
  try {
    return JSON.parse(last);
  } catch (_) {
    throw new Error(`exit ${p.status}: ${(p.stderr || '').slice(0, 400)}`);
  }
}

// --- Node ----------------------------------------------------------------------
await row(`Node ${process.version}, natives deleted`, 'text-encoding-wasm (ESM)', 'wasm', () => nodeRow('deleted', `${dist}/index.js`));
await row(`Node ${process.version} --jitless (no WebAssembly), natives deleted`, 'text-encoding-wasm (ESM): falls back by itself', 'js', () => nodeRow('deleted', `${dist}/index.js`, ['--jitless']));
await row(`Node ${process.version} --jitless, CommonJS`, 'text-encoding-wasm (require): falls back synchronously', 'js', () => nodeRow('deleted', `${dist}/index.cjs`, ['--jitless']));
await row(`Node ${process.version}, natives deleted`, 'text-encoding-wasm/js (explicit)', 'js', () => nodeRow('deleted', `${dist}/js.js`));
await row(`Node ${process.version}, small-icu TextDecoder (UTF-8, UTF-16LE, windows-1252 only)`, 'text-encoding-wasm/polyfill', 'wasm', () => nodeRow('small-icu', `${dist}/polyfill.js`));
// The other Node lines the package's engines name (tools/runtimes/node-versions.mjs).
for (const version of OTHER_NODES) {
  let bin;
  try {
    bin = nodeBinary(version);
  } catch (error) {
    noteNotRun(`Node v${version}`, String(error.message).split('\n')[0]);
    continue;
  }
  await row(`Node v${version}, natives deleted`, 'text-encoding-wasm (ESM)', 'wasm', () => nodeRow('deleted', `${dist}/index.js`, [], bin));
  await row(`Node v${version}, CommonJS`, 'text-encoding-wasm (require)', 'wasm', () => nodeRow('deleted', `${dist}/index.cjs`, [], bin));
  await row(`Node v${version} --jitless (no WebAssembly), natives deleted`, 'text-encoding-wasm (ESM): falls back by itself', 'js', () => nodeRow('deleted', `${dist}/index.js`, ['--jitless'], bin));
}
await row(`jsdom ${require('jsdom/package.json').version} window (a vm realm, no TextDecoder)`, 'classic script, wasm', 'wasm', () => nodeRow('jsdom', `${dist}/text-encoding-wasm.script.js`));

// --- Bun (JavaScriptCore) and Deno (V8), from their npm packages -------------------
const bun = `${root}node_modules/.bin/bun`;
const deno = `${root}node_modules/.bin/deno`;
const versionOf = (bin) => (spawnSync(bin, ['--version'], { encoding: 'utf8' }).stdout || '').split('\n')[0].replace(/^deno /, '').replace(/ \(.*/, '');
if (existsSync(bun)) {
  const v = versionOf(bun);
  await row(`Bun ${v} (JavaScriptCore), natives deleted`, 'text-encoding-wasm (ESM)', 'wasm', () => nodeRow('deleted', `${dist}/index.js`, [], bun));
  await row(`Bun ${v}, CommonJS`, 'text-encoding-wasm (require)', 'wasm', () => nodeRow('deleted', `${dist}/index.cjs`, [], bun));
} else noteNotRun('Bun', 'node_modules/.bin/bun missing (npm devDependency bun)');
if (existsSync(deno)) {
  const v = versionOf(deno);
  await row(`Deno ${v}, natives deleted`, 'text-encoding-wasm (ESM)', 'wasm', () => nodeRow('deleted', `${dist}/index.js`, ['run', '-A'], deno));
  await row(`Deno ${v} --v8-flags=--jitless (no WebAssembly)`, 'text-encoding-wasm (ESM): falls back by itself', 'js', () => nodeRow('deleted', `${dist}/index.js`, ['run', '-A', '--v8-flags=--jitless'], deno));
} else noteNotRun('Deno', 'node_modules/.bin/deno missing (npm devDependency deno)');

// --- QuickJS (quickjs-emscripten: no WebAssembly, no TextDecoder in the guest) ---
await row(`QuickJS (quickjs-emscripten ${require('quickjs-emscripten/package.json').version})`, 'classic script (text-encoding-wasm/script): its translation of the module, as there is no WebAssembly', 'js', async () => {
  const { getQuickJS } = require('quickjs-emscripten');
  const QuickJS = await getQuickJS();
  const runtime = QuickJS.newRuntime();
  runtime.setMemoryLimit(512 << 20);
  const vm = runtime.newContext();
  const evalText = (code) => {
    const result = vm.evalCode(code);
    if (result.error) {
      const error = vm.dump(result.error);
      result.error.dispose();
      throw new Error(`QuickJS: ${JSON.stringify(error).slice(0, 300)}`);
    }
    const value = vm.dump(result.value);
    result.value.dispose();
    return value;
  };
  const before = evalText('typeof WebAssembly + "/" + typeof TextDecoder');
  evalText(readFileSync(`${dist}/text-encoding-wasm.script.js`, 'utf8'));
  const backend = evalText('TextEncodingWasm.backend()');
  evalText(harness);
  const r = JSON.parse(evalText(`JSON.stringify(runConformance(${JSON.stringify(EXPECT)}))`));
  vm.dispose();
  runtime.dispose();
  return { backend, ...r, notes: [`guest WebAssembly/TextDecoder before: ${before}`] };
});

// --- Hermes (hermes-engine-cli; React Native's engine), source and bytecode ---
// The classic script and the harness lowered by @react-native/babel-preset, as
// Metro lowers an app's files (tools/runtimes/hermes.mjs); the Metro bundle
// itself runs in Hermes in the toolchain matrix (tools/toolchain-matrix.mjs).
{
  const why = hermesMissing();
  const label = `Hermes (hermes-engine-cli ${hermesVersion()})`;
  if (why) noteNotRun(label, why);
  else {
    const build = `classic script (text-encoding-wasm/script: its translation of the module, as there is no WebAssembly), lowered by @react-native/babel-preset ${presetVersion()}`;
    const prepare = () => {
      const file = `${root}.cache/matrix/hermes.js`;
      writeConformanceScript(file, lowerLikeMetro(readFileSync(`${dist}/text-encoding-wasm.script.js`, 'utf8')), harness, EXPECT, 'TextEncodingWasm.backend()');
      return file;
    };
    for (const bytecode of [false, true]) {
      await row(`${label}${bytecode ? ', bytecode (hermesc -O)' : ''}`, build, 'js', () => {
        const r = runHermes(prepare(), { bytecode });
        return { backend: r.backend, ...r.result, notes: [`WebAssembly/TextDecoder before: ${r.before}`] };
      });
    }
  }
}

// --- browsers: headless Chromium (playwright-core), Firefox ESR and WebKitGTK (WebDriver) ---
if (!only || /chromium|firefox|webkit|worker|worklet|csp/i.test(only)) await browserRows();

async function browserRows() {
  const types = { '.js': 'text/javascript', '.mjs': 'text/javascript', '.html': 'text/html', '.json': 'application/json' };
  const pages = {
    '/blank.html': '<!doctype html><meta charset="utf-8"><title>matrix</title>',
    // CSP without 'wasm-unsafe-eval' (nor 'unsafe-eval'): compiling WebAssembly is refused.
    '/csp.html': '<!doctype html><meta charset="utf-8"><title>csp</title><script type="module" src="/csp-main.js"></script>',
    '/csp-main.js': `
      const result = { notes: [] };
      try {
        try { new WebAssembly.Module(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0])); result.notes.push('WebAssembly compiles (CSP not in force!)'); }
        catch (e) { result.notes.push('WebAssembly refused: ' + e.name); }
        delete globalThis.TextDecoder; delete globalThis.TextEncoder;
        const m = await import('/dist/index.js');
        await m.ready();
        m.install();
        result.backend = m.backend();
        await new Promise((resolve, reject) => { const s = document.createElement('script'); s.src = '/conformance.js'; s.onload = resolve; s.onerror = reject; document.head.append(s); });
        Object.assign(result, runConformance(await (await fetch('/expect.json')).json()));
      } catch (e) { result.error = String(e && e.stack || e); }
      window.__result = result;`,
    '/worker.js': `
      const before = typeof TextDecoder;
      delete self.TextDecoder; delete self.TextEncoder;
      importScripts('/dist/text-encoding-wasm.script.js', '/conformance.js');
      onmessage = (e) => postMessage({ before, wasm: typeof WebAssembly, ...runConformance(e.data) });`,
    ...webdriverPages,
    '/worklet-probe.js': 'globalThis.__before = typeof TextDecoder + "/" + typeof WebAssembly;',
    '/worklet-run.js': `${harness}
      const EXPECT = ${JSON.stringify(EXPECT)};
      class Conformance extends AudioWorkletProcessor {
        constructor() {
          super();
          let r;
          try { r = runConformance(EXPECT); } catch (e) { r = { passed: 0, total: 0, failures: [String(e)] }; }
          this.port.postMessage({ before: globalThis.__before, ...r });
        }
        process() { return false; }
      }
      registerProcessor('conformance', Conformance);`,
  };
  const server = createServer((req, res) => {
    const path = req.url.split('?')[0];
    const headers = {};
    let body = pages[path];
    if (path === '/csp.html') headers['Content-Security-Policy'] = "script-src 'self'";
    if (body === undefined && path === '/conformance.js') body = harness;
    if (body === undefined && path === '/expect.json') body = JSON.stringify(EXPECT);
    if (body === undefined && path.startsWith('/dist/') && !path.includes('..') && existsSync(join(dist, path.slice(6)))) body = readFileSync(join(dist, path.slice(6)));
    if (body === undefined) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': types[extname(path)] || 'application/octet-stream', ...headers }).end(body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${server.address().port}`;
  try {
    if (existsSync('/usr/bin/chromium')) await chromiumRows(base);
    else noteNotRun('Chromium', '/usr/bin/chromium missing (tools/setup.sh installs it)');
    await webdriverRows(row, base, noteNotRun);
  } finally {
    server.close();
  }
}

async function chromiumRows(base) {
  const { chromium } = require('playwright-core');
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--autoplay-policy=no-user-gesture-required'] });
  const version = browser.version();
  const fresh = async (url = '/blank.html') => {
    const page = await browser.newPage();
    await page.goto(base + url);
    return page;
  };
  try {
    await row(`Chromium ${version}, main thread, natives deleted`, 'classic script (text-encoding-wasm/script)', 'wasm', async () => {
      const page = await fresh();
      const r = await page.evaluate(async (EXPECT) => {
        delete globalThis.TextDecoder;
        delete globalThis.TextEncoder;
        for (const src of ['/dist/text-encoding-wasm.script.js', '/conformance.js']) {
          await new Promise((resolve, reject) => { const s = document.createElement('script'); s.src = src; s.onload = resolve; s.onerror = reject; document.head.append(s); });
        }
        return runConformance(EXPECT);
      }, EXPECT);
      await page.close();
      return { backend: 'wasm', ...r, notes: [] };
    });
    await row(`Chromium ${version}, main thread, ESM`, 'text-encoding-wasm (ESM), natives deleted', 'wasm', async () => {
      const page = await fresh();
      const r = await page.evaluate(async (EXPECT) => {
        delete globalThis.TextDecoder;
        delete globalThis.TextEncoder;
        const m = await import('/dist/index.js');
        await m.ready();
        m.install();
        await new Promise((resolve, reject) => { const s = document.createElement('script'); s.src = '/conformance.js'; s.onload = resolve; s.onerror = reject; document.head.append(s); });
        return { backend: m.backend(), ...runConformance(EXPECT) };
      }, EXPECT);
      await page.close();
      return { notes: [], ...r };
    });
    await row(`Chromium ${version}, dedicated worker`, 'classic script via importScripts, natives deleted', 'wasm', async () => {
      const page = await fresh();
      const r = await page.evaluate((EXPECT) => new Promise((resolve, reject) => {
        const w = new Worker('/worker.js');
        w.onmessage = (e) => resolve(e.data);
        w.onerror = (e) => reject(new Error(e.message));
        w.postMessage(EXPECT);
      }), EXPECT);
      await page.close();
      return { backend: r.wasm === 'object' ? 'wasm' : 'js', ...r, notes: [`native TextDecoder before: ${r.before}`] };
    });
    await row(`Chromium ${version}, AudioWorklet (no TextDecoder)`, 'classic script via audioWorklet.addModule', 'wasm', async () => {
      const page = await fresh();
      const r = await page.evaluate(async () => {
        const ctx = new OfflineAudioContext(1, 128, 44100);
        await ctx.audioWorklet.addModule('/worklet-probe.js');
        await ctx.audioWorklet.addModule('/dist/text-encoding-wasm.script.js');
        await ctx.audioWorklet.addModule('/worklet-run.js');
        return new Promise((resolve) => {
          const node = new AudioWorkletNode(ctx, 'conformance');
          node.port.onmessage = (e) => resolve(e.data);
        });
      });
      await page.close();
      return { backend: /object$/.test(r.before) ? 'wasm' : 'js', ...r, notes: [`TextDecoder/WebAssembly in the scope before: ${r.before}`] };
    });
    await row(`Chromium ${version}, page whose CSP forbids WebAssembly`, "text-encoding-wasm (ESM), script-src 'self'", 'js', async () => {
      const page = await fresh('/csp.html');
      await page.waitForFunction(() => window.__result, null, { timeout: 120_000 });
      const r = await page.evaluate(() => window.__result);
      await page.close();
      if (r.error) throw new Error(r.error);
      return r;
    });
  } finally {
    await browser.close();
  }
}

// --- the table ------------------------------------------------------------------
const table = [
  '| runtime | build loaded | backend that ran (expected) | conformance checks passed | notes |',
  '|---|---|---|--:|---|',
  ...rows.map((r) => `| ${r.runtime} | ${r.build} | ${r.backend} (${r.want ?? 'any'})${r.ok ? '' : ' **FAIL**'} | ${r.passed}/${r.total} | ${(r.notes || []).join('; ')}${r.failures.length ? `; first failure: ${r.failures[0].replace(/\|/g, '\\|')}` : ''} |`),
  ...notRun.map((n) => `| ${n.runtime} | — | not run | — | ${n.why.replace(/\|/g, '\\|')} |`),
];
const markdown = [
  '# Runtime matrix',
  '',
  `Generated by \`npm run matrix\` (tools/runtime-matrix.mjs) on ${new Date().toISOString().slice(0, 10)}. Each row runs tests/runtimes/conformance.js`,
  '(labels of encodings.json, every byte of every single-byte encoding and its fatal errors, 1,090 multi-byte samples whole and byte by byte,',
  'BOM handling, UTF-8/UTF-16 errors, TextEncoder and encodeInto, WebIDL brand checks; expectations from the WHATWG index files and the spec\'s',
  'byte formulas, tools/runtimes/expectations.mjs) in that runtime against the built package, and checks which backend the loader picked.',
  '',
  ...table,
  '',
].join('\n');
if (markdownFile) {
  mkdirSync(dirname(markdownFile), { recursive: true });
  writeFileSync(markdownFile, markdown);
  console.log(`written ${markdownFile.replace(root, '')}`);
}
process.exit(rows.every((r) => r.ok) ? 0 : 1);
