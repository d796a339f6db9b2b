// The build without WebAssembly (the classic script text-encoding-wasm/script, which runs its translation of the module where WebAssembly is missing) against
// @exodus/bytes's pure-JS build in the engines that need a polyfill most:
// Hermes (the script lowered by @react-native/babel-preset as Metro does, run
// as source and as bytecode from hermesc), QuickJS (quickjs-emscripten) and
// Node --jitless. Each contender runs in its own process; both get the same
// inputs and their outputs must hash equal. Three runs; the ratio is
// @exodus/bytes's time ÷ ours (≥ 1: ours is faster) and the minimum over the
// runs is what counts. Then start-up: a fresh process (or Chromium page or
// worker) that loads the package,
// constructs a Shift_JIS TextDecoder and decodes 1 KiB.
//
//   node tools/bench/engines.mjs [--runs 3] [--min-ms 200] [--engines hermes,hermes-bytecode,quickjs,jitless,chromium]
//        [--only substring] [--before FILE|DIR [--before-label TEXT]] [--no-startup | --no-throughput] [--dist pkg/dist] [--markdown docs/bench-engines.md]
//        [--startup-samples 15]
// --startup-samples N: fresh processes (pages, workers) per contender and start-up run;
// each run reports the best of them.
// --before FILE|DIR: also run another build of ours' classic script (e.g. one saved
// before a change; a dist/ directory names its text-encoding-wasm.script.js,
// and its index.js and js.js for the Node start-up rows) as the contender
// "ours-before", for before/after ratios from the same run, start-up included.
// Needs pkg/ (npm run build).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import * as esbuild from 'esbuild';
import { browserStartup } from './engines-startup-browser.mjs';
import { legacyText } from './legacy.mjs';
import { createRandom } from './prng.mjs';

const ROOT = new URL('../..', import.meta.url).pathname;
const CACHE = `${ROOT}.cache/bench-engines`;
const require = createRequire(import.meta.url);
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const RUNS = Number(option('--runs', 3));
const MIN_MS = Number(option('--min-ms', 100));
const ENGINES = option('--engines', 'hermes,hermes-bytecode,quickjs,jitless,chromium').split(',');
/** Engines with throughput runs (Chromium: start-up only here; its throughput is tools/bench-js.mjs). */
// --no-throughput: the start-up part alone.
const THROUGHPUT_ENGINES = args.includes('--no-throughput') ? [] : ENGINES.filter((e) => e !== 'chromium');
const ONLY = option('--only', '');
const BEFORE_ARG = option('--before', null);
/** The before build's dist/ directory (start-up's Node rows) and classic script. */
const BEFORE_DIST = BEFORE_ARG && (BEFORE_ARG.endsWith('.js') ? resolve(BEFORE_ARG, '..') : resolve(BEFORE_ARG));
const BEFORE = BEFORE_ARG && (BEFORE_ARG.endsWith('.js') ? resolve(BEFORE_ARG) : `${BEFORE_DIST}/text-encoding-wasm.script.js`);
const BEFORE_LABEL = option('--before-label', BEFORE && BEFORE.replace(ROOT, ''));
const STARTUP = !args.includes('--no-startup');
/**
 * Start-up samples per contender and run (the best counts). 15, not 7: a fresh
 * page's time origin carries ~20-40 ms of the browser's own start-up, which
 * swings more than the few ms between the contenders, so the best of 7 moved
 * the ratio by ±0.2 from run to run (docs/speed-log.md, "Start-up in Chromium").
 */
const STARTUP_SAMPLES = Number(option('--startup-samples', 15));
for (const [name, value] of [['--runs', RUNS], ['--min-ms', MIN_MS], ['--startup-samples', STARTUP_SAMPLES]]) {
  // A word where a number belongs would give zero samples and a best time of Infinity, not an error.
  if (!(Number.isInteger(value) && value > 0)) throw new Error(`engines.mjs: ${name} wants a positive whole number`);
}
const MARKDOWN = option('--markdown', `${ROOT}docs/bench-engines.md`);
const SIZE = 256 << 10;
const HERMES_DIR = `${ROOT}node_modules/hermes-engine-cli/linux64-bin`;
/** The built package's dist/ (--dist: a copy of it, to go on building while a run goes on). */
const DIST = resolve(option('--dist', `${ROOT}pkg/dist`));
const OURS_SCRIPT = `${DIST}/text-encoding-wasm.script.js`;

if (!existsSync(OURS_SCRIPT)) {
  console.error('bench-engines: pkg/dist is missing: run npm run build first');
  process.exit(1);
}
mkdirSync(CACHE, { recursive: true });

// --- inputs (seeded: the same every run) -----------------------------------------
const random = createRandom(0x5eed0015);
const asciiCp = () => (random() < 0.15 ? 0x20 : random.int(0x21, 0x7e));
const mixedCp = () => {
  const r = random();
  if (r < 0.4) return asciiCp();
  if (r < 0.6) return random.int(0xc0, 0x17f);
  if (r < 0.75) return random.int(0x410, 0x44f);
  if (r < 0.95) return random.int(0x4e00, 0x9fff);
  return random.int(0x1f300, 0x1f64f);
};
const utf8Length = (cp) => (cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4);
/** Text whose UTF-8 is exactly `size` bytes. */
function textOfUtf8Size(size, codePoint) {
  let text = '';
  let bytes = 0;
  while (bytes < size) {
    let cp = codePoint();
    if (bytes + utf8Length(cp) > size) cp = asciiCp();
    bytes += utf8Length(cp);
    text += String.fromCodePoint(cp);
  }
  return text;
}
/** Text of `count` code units (no pair cut). */
function textOfUnits(count, codePoint) {
  let text = '';
  while (text.length < count) {
    let cp = codePoint();
    if (cp > 0xffff && text.length + 2 > count) cp = asciiCp();
    text += String.fromCodePoint(cp);
  }
  return text;
}
const utf8 = (text) => Buffer.from(text, 'utf8');
const b64 = (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('base64');
const INPUTS = {
  utf8Ascii: b64(utf8(textOfUtf8Size(SIZE, asciiCp))),
  utf8Mixed: b64(utf8(textOfUtf8Size(SIZE, mixedCp))),
  shiftJis: b64(legacyText('shift_jis', SIZE, random, 0.2).bytes),
  gbk: b64(legacyText('gbk', SIZE, random, 0.2).bytes),
  windows1252: b64(legacyText('windows-1252', SIZE, random, 0.7).bytes),
  eucKr: b64(legacyText('euc-kr', SIZE, random, 0.2).bytes),
  big5: b64(legacyText('big5', SIZE, random, 0.2).bytes),
  utf16le: b64(Buffer.from(textOfUnits(SIZE / 2, mixedCp), 'utf16le')),
  encodeMixed: textOfUnits(SIZE, mixedCp),
  smallAscii: Array.from({ length: 100 }, () => b64(utf8(textOfUtf8Size(32, asciiCp)))),
  smallMixed: Array.from({ length: 100 }, () => b64(utf8(textOfUtf8Size(32, mixedCp)))),
  smallShiftJis: Array.from({ length: 100 }, () => b64(legacyText('shift_jis', 32, random, 0.2).bytes)),
};
const STARTUP_INPUT = legacyText('shift_jis', 1024, random, 0.2).bytes;
writeFileSync(`${CACHE}/startup-shift_jis.bin`, STARTUP_INPUT);

// --- contenders: classic scripts that leave { TextDecoder, TextEncoder } in __API -----
async function exodusScript() {
  const entry = `${CACHE}/exodus-entry.mjs`;
  writeFileSync(entry, "export { TextDecoder, TextEncoder } from '@exodus/bytes/encoding.js';\n");
  // Neither the "node" nor the "browser" condition: its default files are the pure-JS polyfill.
  // Minified, as ours is (pkg/dist is minified): parsing 461 KB of unminified source would cost it
  // ~0.5-0.8 ms more at start-up than a page or app that ships it minified pays.
  const result = await esbuild.build({
    entryPoints: [entry], bundle: true, write: false, format: 'iife', globalName: '__exodus',
    platform: 'neutral', mainFields: ['module', 'main'], conditions: [], nodePaths: [`${ROOT}node_modules`],
    logLevel: 'error', target: 'es2020', minify: true,
  });
  return `${result.outputFiles[0].text}\nvar __API = __exodus;\n`;
}
const oursScript = (file) => `${readFileSync(file, 'utf8')}\nvar __API = { TextDecoder: globalThis.TextDecoder, TextEncoder: globalThis.TextEncoder };\n`;
const CONTENDERS = [
  { name: 'ours', script: oursScript(OURS_SCRIPT) },
  { name: '@exodus/bytes', script: await exodusScript() },
];
if (BEFORE) CONTENDERS.push({ name: 'ours-before', script: oursScript(BEFORE) });

/** What Metro does to every file of an app: @react-native/babel-preset. */
function lowerLikeMetro(code) {
  const babel = require('@babel/core');
  return babel.transformSync(code, {
    babelrc: false, configFile: false, sourceType: 'script', compact: true, comments: false,
    // The profile for engines before Hermes V1 (Hermes 0.12 parses no
    // classes); the preset's default, 'hermes-stable', keeps classes for Hermes V1.
    // Helpers inlined instead of required from @babel/runtime (Metro would bundle those).
    presets: [[require.resolve('@react-native/babel-preset'), { unstable_transformProfile: 'default', enableBabelRuntime: false }]],
  }).code;
}

const guest = readFileSync(new URL('./engines-guest.js', import.meta.url), 'utf8');
const prelude = `var __MIN_MS = ${MIN_MS}; var __ONLY = ${JSON.stringify(ONLY)}; var __INPUTS = ${JSON.stringify(INPUTS)};\n`;
const slug = (name) => name.replace(/[^a-z0-9]+/gi, '-');

/** Writes the combined file for `engine` and returns the command that runs it. */
function prepare(engine, contender, body, tag) {
  const base = `${CACHE}/${tag}-${engine}-${slug(contender.name)}`;
  if (engine === 'hermes' || engine === 'hermes-bytecode') {
    const source = `${base}.js`;
    writeFileSync(source, `var __emit = function (s) { print(s); };\n${body.prelude}${lowerLikeMetro(contender.script)}\n${lowerLikeMetro(body.guest)}`);
    if (engine === 'hermes') return [`${HERMES_DIR}/hermes`, ['-w', source]];
    const compiled = spawnSync(`${HERMES_DIR}/hermesc`, ['-emit-binary', '-O', '-w', '-out', `${base}.hbc`, source], { encoding: 'utf8', maxBuffer: 256 << 20 });
    if (compiled.status !== 0) throw new Error(`hermesc ${source}: ${(compiled.stderr || '').slice(0, 600)}`);
    return [`${HERMES_DIR}/hermes`, [`${base}.hbc`]];
  }
  const file = `${base}.js`;
  writeFileSync(file, `${body.prelude}${contender.script}\n${body.guest}`);
  if (engine === 'quickjs') return [process.execPath, [new URL('./engines-quickjs-child.mjs', import.meta.url).pathname, file]];
  if (engine === 'jitless') return [process.execPath, ['--jitless', new URL('./engines-node-child.cjs', import.meta.url).pathname, file]];
  throw new Error(`unknown engine ${engine}`);
}

function runProcess([command, commandArgs]) {
  const started = performance.now();
  const p = spawnSync(command, commandArgs, { encoding: 'utf8', maxBuffer: 64 << 20, timeout: 1_800_000 });
  const wallMs = performance.now() - started;
  if (p.status !== 0) throw new Error(`${command} ${commandArgs.join(' ')}: exit ${p.status}\n${(p.stderr || p.stdout || '').slice(0, 800)}`);
  return { lines: p.stdout.trim().split('\n'), wallMs };
}

// --- throughput: RUNS runs, each engine and contender in its own process ------------
const ENGINE_NAMES = {
  hermes: `Hermes ${require('hermes-engine-cli/package.json').version}, source lowered by @react-native/babel-preset ${require('@react-native/babel-preset/package.json').version}`,
  'hermes-bytecode': `Hermes ${require('hermes-engine-cli/package.json').version}, the same as bytecode (hermesc -O)`,
  quickjs: `QuickJS (quickjs-emscripten ${require('quickjs-emscripten/package.json').version})`,
  jitless: `Node ${process.version} --jitless, natives deleted`,
};
/** results[engine][contender][workload] = [{ ms, out } per run] */
const results = {};
const commands = {};
for (const engine of THROUGHPUT_ENGINES) {
  results[engine] = {};
  commands[engine] = {};
  for (const c of CONTENDERS) {
    results[engine][c.name] = {};
    commands[engine][c.name] = prepare(engine, c, { prelude, guest }, 'throughput');
  }
}
const mismatches = [];
for (let run = 0; run < RUNS; run++) {
  for (const engine of THROUGHPUT_ENGINES) {
    for (const c of CONTENDERS) {
      const { lines } = runProcess(commands[engine][c.name]);
      const measured = JSON.parse(lines[0]);
      for (const [workload, r] of Object.entries(measured)) (results[engine][c.name][workload] ||= []).push(r);
      console.error(`bench-engines: run ${run + 1}/${RUNS} ${engine} ${c.name} done`);
    }
  }
}

const fmtMs = (ms) => (ms >= 10 ? ms.toFixed(1) : ms >= 1 ? ms.toFixed(2) : ms.toFixed(3));
const lines = [];
const out = (line = '') => lines.push(line);
out('# The build without WebAssembly in Hermes, QuickJS and Node --jitless');
out();
out(`Written by \`node tools/bench/engines.mjs\` (part of \`npm run bench\`) on ${new Date().toISOString().slice(0, 10)}, ${process.platform}/${process.arch}, a shared 2-core machine under load from other jobs: read the ratios, not the times.`);
out();
out(`Contenders: **ours** = \`pkg/dist/text-encoding-wasm.script.js\` (where WebAssembly is missing: the Rust core through wasm2js, with the JavaScript decode loops of js/no-wasm/); **@exodus/bytes** ${JSON.parse(readFileSync(`${ROOT}node_modules/@exodus/bytes/package.json`, 'utf8')).version} = its pure-JS files (\`@exodus/bytes/encoding.js\` bundled and minified by esbuild with neither the "node" nor the "browser" condition)${BEFORE ? `; **ours-before** = ${BEFORE_LABEL}` : ''}. Each contender runs in its own process; TextDecoder, TextEncoder and Buffer are absent (Hermes and QuickJS have none; Node's are deleted before loading). Inputs: ${SIZE >> 10} KiB each (seeded), the small calls cycle over 100 distinct 32-byte inputs. Time per operation = the best of 5 repetitions of at least ${MIN_MS} ms after a warm-up call (the least disturbed by the other jobs); ${RUNS} runs.`);
out();
out('**ratio** = @exodus/bytes\'s time ÷ ours (≥ 1.00: ours is faster); **min** = the least of the runs, which is what a goal is judged on. Every output was checked equal (hash of the code units or bytes) between the contenders.');
out();
const summary = [];
for (const engine of THROUGHPUT_ENGINES) {
  out(`## ${ENGINE_NAMES[engine]}`);
  out();
  const head = ['workload', 'ours ms', '@exodus/bytes ms', ...Array.from({ length: RUNS }, (_, i) => `ratio run ${i + 1}`), '**min ratio**'];
  if (BEFORE) head.push('ours-before ms', 'before: min ratio');
  out(`| ${head.join(' | ')} |`);
  out(`|${head.map((_, i) => (i === 0 ? '---' : '--:')).join('|')}|`);
  const ours = results[engine].ours;
  const peer = results[engine]['@exodus/bytes'];
  const before = BEFORE ? results[engine]['ours-before'] : null;
  for (const workload of Object.keys(ours)) {
    const o = ours[workload];
    const p = peer[workload];
    const ratios = o.map((r, i) => p[i].ms / r.ms);
    const min = Math.min(...ratios);
    for (const [name, rs] of [['@exodus/bytes', p], ...(before ? [['ours-before', before[workload]]] : [])]) {
      if (rs.some((r) => r.out !== o[0].out) || o.some((r) => r.out !== o[0].out)) mismatches.push(`${engine} ${workload}: ours ${o[0].out} vs ${name} ${rs.map((r) => r.out).join(',')}`);
    }
    const best = (rs) => fmtMs(Math.min(...rs.map((r) => r.ms)));
    const row = [workload, best(o), best(p), ...ratios.map((r) => r.toFixed(2)), `**${min.toFixed(2)}**`];
    if (before) row.push(best(before[workload]), Math.min(...before[workload].map((r, i) => p[i].ms / r.ms)).toFixed(2));
    out(`| ${row.join(' | ')} |`);
    summary.push({ engine, workload, min, before: before ? Math.min(...before[workload].map((r, i) => p[i].ms / r.ms)) : null });
  }
  out();
}

// --- start-up -------------------------------------------------------------------------
if (STARTUP) {
  const startupGuest = `(function () { var b = __INPUTS_1K; var bytes = new Uint8Array(b.length); for (var i = 0; i < b.length; i++) bytes[i] = b[i];
    var text = new __API.TextDecoder('shift_jis').decode(bytes); __emit(String(text.length)); })();\n`;
  const startupPrelude = `var __INPUTS_1K = ${JSON.stringify(Array.from(STARTUP_INPUT))};\n`;
  const emptyContender = { name: 'nothing', script: 'var __API = { TextDecoder: function () { this.decode = function (b) { return String.fromCharCode.apply(null, b); }; } };\n' };
  out('## Start-up: load, construct a Shift_JIS TextDecoder, decode 1 KiB');
  out();
  out(`Fresh process (or browser context) each time, the contenders interleaved; the best of ${STARTUP_SAMPLES} per run (the least disturbed by other jobs), the order of the contenders rotated from one round to the next; ratio = @exodus/bytes ÷ ours. "nothing" is the same process with a stub instead of a package (the engine's own start-up).`);
  out();
  out(`| engine | measured | ${Array.from({ length: RUNS }, (_, i) => `run ${i + 1}: ours / @exodus/bytes / nothing ms (ratio)`).join(' | ')} | **min ratio** |${BEFORE ? ' ours-before ms, run 1 | before: min ratio |' : ''}`);
  out(`|---|---|${Array.from({ length: RUNS + 1 + (BEFORE ? 2 : 0) }, () => '--:').join('|')}|`);
  const startupRows = [];
  // `secondFigure`: what a second figure of the same samples measures, shown
  // in a row of its own that is not a goal (`sample` then returns
  // { ms, second }); that row is filled by its goal row's samples.
  const row = (engine, measured, sample, secondFigure = null) => {
    const r = { engine, measured, sample, runs: [] };
    startupRows.push(r);
    if (secondFigure !== null) startupRows.push(r.second = { engine, measured: secondFigure, runs: [], notGoal: true });
  };
  for (const engine of ['hermes-bytecode', 'hermes', 'quickjs']) {
    if (!ENGINES.includes(engine)) continue;
    const cmds = {};
    for (const c of [...CONTENDERS, emptyContender]) cmds[c.name] = prepare(engine, c, { prelude: startupPrelude, guest: startupGuest }, 'startup');
    const measured = engine === 'quickjs' ? 'host time of evaluating script + first decode in a fresh context (ms)' : 'whole process, wall (ms)';
    row(ENGINE_NAMES[engine], measured, (name) => {
      const r = runProcess(cmds[name === 'ours' ? 'ours' : name === 'peer' ? '@exodus/bytes' : name === 'before' ? 'ours-before' : 'nothing']);
      return engine === 'quickjs' ? JSON.parse(r.lines[r.lines.length - 1]).evalMs : r.wallMs;
    });
  }
  const exodusEsm = `${CACHE}/exodus.mjs`;
  await esbuild.build({
    entryPoints: [`${CACHE}/exodus-entry.mjs`], outfile: exodusEsm, bundle: true, format: 'esm',
    platform: 'neutral', mainFields: ['module', 'main'], conditions: [], nodePaths: [`${ROOT}node_modules`], logLevel: 'error', target: 'es2020', minify: true,
  });
  const stub = `${CACHE}/nothing.mjs`;
  writeFileSync(stub, 'export class TextDecoder { decode(b) { return String.fromCharCode.apply(null, b); } }\n');
  const nodeChild = new URL('./engines-startup-node.mjs', import.meta.url).pathname;
  const nodeStartup = (flags, oursModule) => (name) => {
    const module = name === 'ours' ? oursModule : name === 'before' ? oursModule.replace(DIST, BEFORE_DIST) : name === 'peer' ? exodusEsm : stub;
    const r = runProcess([process.execPath, [...flags, nodeChild, module, `${CACHE}/startup-shift_jis.bin`]]);
    return JSON.parse(r.lines[0]).firstDecodeMs;
  };
  if (ENGINES.includes('jitless')) {
    row(`Node ${process.version}`, 'import → first decode done, in process (ms); ours = the wasm build (pkg/dist/index.js)', nodeStartup([], `${DIST}/index.js`));
    row(`Node ${process.version}`, 'the same; ours = the no-wasm build (pkg/dist/js.js)', nodeStartup([], `${DIST}/js.js`));
    row(`Node ${process.version} --jitless`, 'the same; ours = pkg/dist/js.js', nodeStartup(['--jitless'], `${DIST}/js.js`));
  }
  let chromiumStartup = null;
  if (ENGINES.includes('chromium') && existsSync('/usr/bin/chromium')) {
    chromiumStartup = await browserStartup({
      ours: { source: oursScript(`${DIST}/text-encoding-wasm.script.js`), api: '__API' },
      peer: { source: CONTENDERS[1].script, api: '__API' },
      nothing: { source: emptyContender.script, api: '__API' },
      ...(BEFORE ? { before: { source: oursScript(BEFORE), api: '__API' } } : {}),
    }, STARTUP_INPUT);
    // The goal's figure is the time from the page's (or worker's) time
    // origin to the decode done. A second figure of the same pages, from just
    // before the script element or importScripts, is shown in a row of its own
    // (not a goal): in a worker it leaves out the browser's start-up of the
    // worker (its own script's fetch, a thread), but it swings as much (stop
    // 29: runs from 0.77 to 1.48 for one build); on the main thread the
    // preload scanner starts fetching the script (at times finishes), and V8
    // may parse part of it on a streaming thread, before an inline script just
    // above it can read the clock, so it leaves out part of the load
    // (docs/speed-log.md, "Chromium start-up: two clocks").
    const FROM_SCRIPT = { main: "from just before the script element (the preload scanner's fetch of it already under way)", worker: 'from just before importScripts' };
    const FROM_ORIGIN = { main: "from the page's time origin", worker: "from the worker's time origin" };
    for (const where of ['main', 'worker']) {
      row(`Chromium ${chromiumStartup.version}, ${where === 'main' ? 'main thread' : 'worker'}`, `performance.now() ${FROM_ORIGIN[where]} to first decode done; ours = the wasm classic script (pkg/dist/text-encoding-wasm.script.js)`,
        async (name) => {
          const { fromOrigin, fromScript } = await chromiumStartup.sample(name, where);
          return { ms: fromOrigin, second: fromScript };
        },
        `the same pages ${FROM_SCRIPT[where]} to first decode done (not a goal)`);
    }
  }
  for (let run = 0; run < RUNS; run++) {
    for (const r of startupRows) {
      if (r.notGoal) continue;
      // Interleaved (ours, peer, nothing, ...; then again), so that a burst of
      // load from other jobs falls on every contender alike, not on one's block;
      // the order rotated each round (peer, nothing, ..., ours; then ...), so
      // that no contender always comes first, or always after the same one.
      const names = BEFORE ? ['ours', 'peer', 'nothing', 'before'] : ['ours', 'peer', 'nothing'];
      const xs = Object.fromEntries(names.map((name) => [name, []]));
      const ys = Object.fromEntries(names.map((name) => [name, []]));
      for (let i = 0; i < STARTUP_SAMPLES; i++) {
        for (let k = 0; k < names.length; k++) {
          const name = names[(i + k) % names.length];
          const v = await r.sample(name);
          if (typeof v === 'number') xs[name].push(v);
          else xs[name].push(v.ms), ys[name].push(v.second);
        }
      }
      r.runs.push(Object.fromEntries(names.map((name) => [name, Math.min(...xs[name])])));
      if (r.second) r.second.runs.push(Object.fromEntries(names.map((name) => [name, Math.min(...ys[name])])));
    }
    console.error(`bench-engines: start-up run ${run + 1}/${RUNS} done`);
  }
  if (chromiumStartup !== null) await chromiumStartup.close();
  for (const r of startupRows) {
    const ratios = r.runs.map((m) => m.peer / m.ours);
    const before = BEFORE ? ` ${r.runs[0].before.toFixed(1)} | ${Math.min(...r.runs.map((m) => m.peer / m.before)).toFixed(2)} |` : '';
    out(`| ${r.engine} | ${r.measured} | ${r.runs.map((m, i) => `${m.ours.toFixed(1)} / ${m.peer.toFixed(1)} / ${m.nothing.toFixed(1)} (${ratios[i].toFixed(2)})`).join(' | ')} | **${Math.min(...ratios).toFixed(2)}** |${before}`);
    if (!r.notGoal) summary.push({ engine: r.engine, workload: `start-up: ${r.measured}`, min: Math.min(...ratios) });
  }
  out();
}

if (mismatches.length) {
  out('## OUTPUT MISMATCHES');
  out();
  for (const m of mismatches) out(`- ${m}`);
  out();
}
const below = summary.filter((s) => s.min < 1);
out(`Below 1.00 (minimum over the runs): ${below.length ? below.map((s) => `${s.engine}: ${s.workload} ${s.min.toFixed(2)}`).join('; ') : 'none'}.`);
writeFileSync(MARKDOWN, `${lines.join('\n')}\n`);
console.log(lines.join('\n'));
if (mismatches.length) {
  console.error(`bench-engines: ${mismatches.length} output mismatch(es)`);
  process.exit(1);
}
