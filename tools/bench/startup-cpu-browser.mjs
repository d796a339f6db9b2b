// Chromium start-up in thread CPU time, for comparing start-up changes on a
// shared machine: tools/bench/engines.mjs's start-up rows time a fresh page
// from its time origin (wall clock), which on a loaded machine swings by more
// than the 1-3 ms between the contenders; the threads' CPU time does not count
// the time other jobs take the cores. Each sample is a fresh context and page
// (or dedicated worker) under a Chrome trace, with the same classic scripts and
// 1 KiB Shift_JIS input as tools/bench/engines.mjs (the contenders' order
// rotated each round); from the trace's thread durations (`tdur`):
//   main thread:  bg = the script's parse and compile on the streaming thread,
//                 eval = its evaluation on the main thread, after = the inline
//                 script that constructs the TextDecoder and decodes, total = the sum;
//   worker:       the worker script's evaluation (importScripts, construct, decode).
// Not the goal's measure (that is engines.mjs's), a tool to see where a change
// moves the CPU work. min / median ms.
//
//   node tools/bench/startup-cpu-browser.mjs [--samples 10] [--before DIR|FILE] [--dist pkg/dist] [--natives]
// --natives keeps the browser's own TextDecoder/TextEncoder (not deleted before
// the script runs): the page a polyfill usually meets, where install() probes them.
// Needs pkg/ (npm run build) and .cache/bench-engines/startup-shift_jis.bin
// (tools/bench/engines.mjs writes it).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import * as esbuild from 'esbuild';
import { chromium } from 'playwright-core';
import { serveStartupPages } from './engines-startup-browser.mjs';

const ROOT = new URL('../..', import.meta.url).pathname;
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const SAMPLES = Number(option('--samples', 10));
if (!(Number.isInteger(SAMPLES) && SAMPLES > 0)) throw new Error('startup-cpu-browser.mjs: --samples wants a positive whole number');
const DIST = resolve(option('--dist', `${ROOT}pkg/dist`));
const BEFORE = option('--before', null);
const scriptOf = (p) => (p.endsWith('.js') ? resolve(p) : `${resolve(p)}/text-encoding-wasm.script.js`);
const ours = (file) => `${readFileSync(file, 'utf8')}\nvar __API = { TextDecoder: globalThis.TextDecoder, TextEncoder: globalThis.TextEncoder };\n`;

/** @exodus/bytes's pure-JS files as tools/bench/engines.mjs bundles them (neither "node" nor "browser" condition; minified, as ours is). */
async function exodusScript() {
  const result = await esbuild.build({
    stdin: { contents: "export { TextDecoder, TextEncoder } from '@exodus/bytes/encoding.js';\n", resolveDir: ROOT, loader: 'js' },
    bundle: true, write: false, format: 'iife', globalName: '__exodus',
    platform: 'neutral', mainFields: ['module', 'main'], conditions: [], nodePaths: [`${ROOT}node_modules`],
    logLevel: 'error', target: 'es2020', minify: true,
  });
  return `${result.outputFiles[0].text}\nvar __API = __exodus;\n`;
}

const scripts = { ours: ours(scriptOf(DIST)), peer: await exodusScript(), ...(BEFORE ? { before: ours(scriptOf(BEFORE)) } : {}) };
const input = Array.from(readFileSync(`${ROOT}.cache/bench-engines/startup-shift_jis.bin`));
const { base, close: closeServer } = await serveStartupPages(
  Object.fromEntries(Object.entries(scripts).map(([name, source]) => [name, { source, api: '__API' }])),
  input,
  { natives: args.includes('--natives') },
);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });

const cpu = (events) => events.reduce((sum, e) => sum + e.tdur, 0) / 1000;
const urlEnds = (e, tail) => (e.args?.data?.url || '').endsWith(tail);

/** Thread CPU (ms) of one fresh page (or worker) loading `name`. */
async function sample(name, worker) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await browser.startTracing(page, { categories: ['devtools.timeline', 'v8', 'disabled-by-default-v8.compile'] });
  await page.goto(`${base}/${name}${worker ? '-worker' : ''}.html`);
  await page.waitForFunction(() => window.__done, null, { timeout: 60_000 });
  const events = JSON.parse(await browser.stopTracing()).traceEvents;
  await context.close();
  const evaluations = events.filter((e) => e.name === 'EvaluateScript' && e.tdur !== undefined);
  if (worker) return { worker: cpu(evaluations.filter((e) => urlEnds(e, `/${name}-worker.js`))) };
  const parse = events.filter((e) => e.name === 'v8.parseOnBackground' && urlEnds(e, `/${name}.js`));
  const ends = parse.map((e) => e.ts + e.dur);
  // Its compile on the streaming thread: the compile tasks that thread runs within 20 ms of the parse.
  const compile = events.filter((e) => e.name === 'V8.CompileCodeBackground' && parse.some((p, i) => e.tid === p.tid && e.ts >= p.ts && e.ts < ends[i] + 20_000));
  const script = evaluations.find((e) => urlEnds(e, `/${name}.js`));
  const after = evaluations.find((e) => e.tid === script.tid && e.ts > script.ts && urlEnds(e, `/${name}.html`));
  const bg = cpu(parse) + cpu(compile);
  return { bg, eval: cpu([script]), after: cpu([after]), total: bg + cpu([script]) + cpu([after]) };
}

const names = Object.keys(scripts);
const results = {};
for (const worker of [false, true]) {
  for (let i = 0; i < SAMPLES; i++) {
    for (let k = 0; k < names.length; k++) {
      const name = names[(i + k) % names.length];
      const key = `${name === 'peer' ? '@exodus/bytes' : name}, ${worker ? 'worker' : 'main thread'}`;
      for (const [part, ms] of Object.entries(await sample(name, worker))) ((results[key] ||= {})[part] ||= []).push(ms);
    }
  }
}
await browser.close();
closeServer();
const minMedian = (xs) => {
  const s = xs.slice().sort((a, b) => a - b);
  return `${s[0].toFixed(2)} / ${s[s.length >> 1].toFixed(2)}`;
};
console.log(`Chromium ${browser.version()}, thread CPU ms (min / median of ${SAMPLES} fresh pages each; natives ${args.includes('--natives') ? 'kept' : 'deleted'})`);
for (const [key, parts] of Object.entries(results)) console.log(`${key}: ${Object.entries(parts).map(([part, xs]) => `${part} ${minMedian(xs)}`).join(' | ')}`);
