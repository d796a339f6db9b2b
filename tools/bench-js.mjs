// `npm run bench`, the JavaScript half: text-encoding-wasm's TextDecoder and
// TextEncoder against the native classes and, with the natives deleted,
// against the pure-JS polyfills (@exodus/bytes, text-encoding,
// fast-text-encoding), in Node and in headless Chromium, on seeded generated
// inputs. Prints markdown tables and the issue's goals, met or missed.
//
//   node tools/bench-js.mjs [--quick] [--node-only | --browser-only] [--markdown FILE] [--only id,id] [--no-streams] [--no-legacy-encode]
//                           [--runs N] [--contenders name,name] [--baseline DIR]
//
// --quick: few, short runs (a smoke run); --only: workload ids (see
// tools/bench/workloads.mjs), e.g. decode-small-ascii,encode-small-mixed.
// --runs: whole runs of every contender in each environment (default 3, 1
// with --quick); the tables show the last run, the goals the minimum ratio
// over all of them. --contenders: a subset (tools/bench/contenders.mjs names).
// --baseline DIR: also time the package built in DIR (relative to the
// repository, e.g. a copy of pkg/ taken before a change) as "ours (baseline)".
// Needs the package in pkg/ (built here if missing) and, for Chromium,
// /usr/bin/chromium. Files: tools/bench/*.mjs, cache in .cache/bench/.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname } from 'node:path';
import { runBrowser } from './bench/browser.mjs';
import { ensureBuilt } from './build-graph.mjs';
import { envSection, goals } from './bench/report.mjs';
import { generateInputs } from './bench/inputs.mjs';
import { runNode } from './bench/node.mjs';
import { CACHE, ROOT } from './bench/paths.mjs';
import { selectContenders } from './bench/contenders.mjs';
import { serialize } from './bench/store.mjs';
import { TIMING } from './bench/timing.mjs';
import { workloads } from './bench/workloads.mjs';

const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const quick = flag('--quick');
const markdownFile = option('--markdown', `${ROOT}build/bench-js.md`);
const settings = quick ? TIMING.quick : TIMING.full;
const runs = Number(option('--runs', quick ? 1 : 3));
const contenders = selectContenders(option('--contenders', null)?.split(','), option('--baseline', null));
const started = Date.now();
const loadBefore = loadavg()[0];

// The package as the build graph says it must be (tools/build-graph.mjs: rebuilt if any source is newer).
ensureBuilt(ROOT.replace(/\/$/, ''));

// Inputs, and a check that they are what they claim: our own decoders must
// give the expected text (the legacy bytes were made from the index files
// alone), and Node's natives are reported where they differ.
const data = generateInputs({ TextDecoder: globalThis.TextDecoder, TextEncoder: globalThis.TextEncoder });
const ours = await import(`${ROOT}pkg/dist/index.js`);
for (const key of Object.keys(data).filter((k) => k.endsWith('.bytes') && !k.startsWith('small') && !k.startsWith('encode'))) {
  const id = key.slice(0, -'.bytes'.length);
  const label = id.startsWith('utf8') ? 'utf-8' : id;
  const expected = data[`${id}.text`];
  if (new ours.TextDecoder(label).decode(data[key]) !== expected) throw new Error(`input check: text-encoding-wasm does not decode ${id} to its text`);
  if (new TextDecoder(label).decode(data[key]) !== expected) process.stderr.write(`input check: Node's native TextDecoder decodes ${id} differently (marked ✗)\n`);
}
const { manifest, files } = serialize(data);
mkdirSync(`${CACHE}/inputs`, { recursive: true });
for (const [file, bytes] of Object.entries(files)) writeFileSync(`${CACHE}/inputs/${file}`, bytes);
writeFileSync(`${CACHE}/inputs/manifest.json`, JSON.stringify(manifest));

const ids = option('--only', null)?.split(',') ?? workloads(data).map((w) => w.id);
const sections = [];
const envs = [];
const envRuns = (name, list) => (envs.find((e) => e[0] === name) || envs[envs.push([name, []]) - 1])[1].push(...list);
// Whole runs one after the other (Node then Chromium, N times), so that a
// burst of load on the shared machine hits one run, not every run of one side.
for (let run = 1; run <= runs; run++) {
  const last = run === runs;
  if (!flag('--browser-only')) {
    const t = Date.now();
    process.stderr.write(`run ${run} of ${runs}: node\n`);
    const results = await runNode(settings, ids, contenders);
    if (last) sections.push(envSection(`Node ${process.version} (run ${run} of ${runs}, ${((Date.now() - t) / 1000).toFixed(0)} s)`, results, data, contenders));
    envRuns(`Node ${process.version}`, [results]);
  }
  if (!flag('--node-only')) {
    const t = Date.now();
    process.stderr.write(`run ${run} of ${runs}: chromium\n`);
    const { results, version } = await runBrowser(settings, ids, contenders);
    if (last) sections.push(envSection(`headless Chromium ${version} (run ${run} of ${runs}, ${((Date.now() - t) / 1000).toFixed(0)} s)`, results, data, contenders));
    envRuns(`Chromium ${version}`, [results]);
  }
}

// The streaming workloads (tools/bench/streams.mjs): native vs ours through a pipe, 64 KiB and 1 KiB chunks.
if (!flag('--no-streams')) {
  const where = flag('--node-only') ? ['--node-only'] : flag('--browser-only') ? ['--browser-only'] : [];
  const streams = execFileSync(process.execPath, [`${ROOT}tools/bench/streams.mjs`, ...where, '--runs', quick ? '1' : '5'], { encoding: 'utf8' });
  sections.push(`## Streams: MB/s through a pipe (TextDecoderStream / TextEncoderStream)\n\n${streams.trim()}`);
}

// Legacy encode throughput (tools/bench/legacy-encode.mjs): LegacyEncoder vs @exodus/bytes and iconv-lite, in Node.
if (!flag('--browser-only') && !flag('--no-legacy-encode')) {
  const legacy = execFileSync(process.execPath, [`${ROOT}tools/bench/legacy-encode.mjs`, ...(quick ? ['--quick'] : []), '--runs', String(runs)], { encoding: 'utf8' });
  sections.push(`## Legacy encode: text-encoding-wasm/extra's LegacyEncoder (MB/s of output)\n\n${legacy.trim()}`);
}

const cpu = cpus();
const header = [
  '## JavaScript benchmark (tools/bench-js.mjs)',
  '',
  `${new Date().toISOString()} · ${cpu.length}× ${cpu[0] ? cpu[0].model.trim() : '?'} · ${runs} whole run(s) per environment, tables from the last, goals from the minimum over all · ${quick ? '--quick (smoke run: numbers are rough)' : `each cell the median of ≤ ${settings.runs} timings of ≥ ${settings.runMs} ms after ${settings.warmupMs} ms warm-up`} · total ${((Date.now() - started) / 1000).toFixed(0)} s · load average ${loadBefore.toFixed(1)} at start, ${loadavg()[0].toFixed(1)} at end.`,
  'Inputs: seeded PRNG, 1 MiB per decode input (legacy text made from the WHATWG index files; streaming: the same input in 4 KiB chunks, `stream: true`), 1 Mi-unit strings for encode, 20,000 distinct 16–64 B inputs for the small decodes, 1,000 distinct 15–25-unit strings for the small encodes.',
  'Each contender in its own Node child process / fresh Chromium page; for all but `native`, TextDecoder, TextEncoder (+ streams, and Buffer in Node) were deleted before it was imported. Peers are esbuild bundles without the `node` and `browser` export conditions (the `node` files of @exodus/bytes use node:buffer, its `browser` files the native classes: its default files are the pure-JS polyfill); fast-text-encoding also runs without URL.createObjectURL (else it decodes through a Blob and a synchronous XHR: in Chromium the browser\'s own decoder, in Node an exception caught per call).',
  'Shared 2-core machine: expect ±10–30 % run to run; read ratios, not digits.',
];
const markdown = [...header, '', ...sections.flatMap((s) => [s, '']), goals(envs, data), ''].join('\n');
process.stdout.write(markdown);
mkdirSync(dirname(markdownFile), { recursive: true });
writeFileSync(markdownFile, markdown);
process.stderr.write(`written ${markdownFile}\n`);
