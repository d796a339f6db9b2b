// Where a fresh Node process's start-up goes, phase by phase, for comparing
// start-up changes: import, the first `new TextDecoder('shift_jis')`, and its
// first 1 KiB decode (the same input as tools/bench/engines.mjs's start-up
// rows, whose whole-process measure is the goal's). Each sample is a fresh
// process (natives deleted before the import), the contenders' order rotated
// each round; min / median ms of each phase.
//
//   node tools/bench/startup-phases-node.mjs [--samples 25] [--flags=--jitless] [--before DIR] [--entry FILE] [--natives]
// --natives keeps Node's own TextDecoder/TextEncoder/streams (only Buffer is
// deleted): with --entry polyfill.js, the import then includes install()'s probe of them.
// Contenders: ours (pkg/dist/js.js, the build without WebAssembly; --entry
// index.js for the wasm build), ours-before (the same file under --before, a
// copy of an earlier pkg/dist), @exodus/bytes (tools/bench/engines.mjs's
// minified bundle). Needs pkg/ (npm run build) and a run of engines.mjs's
// start-up rows before (it writes .cache/bench-engines/).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';

const ROOT = new URL('../..', import.meta.url).pathname;
const CACHE = `${ROOT}.cache/bench-engines`;

if (process.argv[2] === '--child') {
  const [modulePath, inputPath, natives] = process.argv.slice(3);
  const input = new Uint8Array(readFileSync(inputPath));
  const gone = natives === 'natives' ? ['Buffer'] : ['TextDecoder', 'TextEncoder', 'TextDecoderStream', 'TextEncoderStream', 'Buffer'];
  for (const name of gone) delete globalThis[name];
  const t0 = performance.now();
  const api = await import(modulePath);
  const t1 = performance.now();
  const decoder = new api.TextDecoder('shift_jis');
  const t2 = performance.now();
  const text = decoder.decode(input);
  const t3 = performance.now();
  // A hash of the decoded units, so that the contenders' outputs are compared, not only timed.
  let hash = text.length;
  for (let i = 0; i < text.length; i++) hash = (Math.imul(hash, 31) + text.charCodeAt(i)) | 0;
  process.stdout.write(`${JSON.stringify({ import: t1 - t0, construct: t2 - t1, decode: t3 - t2, all: t3 - t0, hash })}\n`);
} else {
  const args = process.argv.slice(2);
  const option = (name, fallback) => {
    if (!args.includes(name)) return fallback;
    const value = args[args.indexOf(name) + 1];
    if (value === undefined || value.startsWith('--')) throw new Error(`startup-phases-node.mjs: ${name} wants a value`);
    return value;
  };
  const SAMPLES = Number(option('--samples', 25));
  if (!(Number.isInteger(SAMPLES) && SAMPLES > 0)) throw new Error('startup-phases-node.mjs: --samples wants a positive whole number');
  const flags = args.filter((a) => a.startsWith('--flags=')).map((a) => a.slice('--flags='.length));
  const entry = option('--entry', 'js.js');
  const before = option('--before', null);
  const natives = args.includes('--natives') ? 'natives' : 'deleted';
  const input = `${CACHE}/startup-shift_jis.bin`;
  const peer = `${CACHE}/exodus.mjs`;
  for (const file of [input, peer]) if (!existsSync(file)) throw new Error(`startup-phases-node.mjs: ${file} is missing: run node tools/bench/engines.mjs --engines jitless --no-throughput --runs 1 first`);
  const contenders = { ours: `${ROOT}pkg/dist/${entry}`, ...(before ? { 'ours-before': `${resolve(before)}/${entry}` } : {}), '@exodus/bytes': peer };
  const names = Object.keys(contenders);
  const results = {};
  let expected = null;
  for (let i = 0; i < SAMPLES; i++) {
    for (let k = 0; k < names.length; k++) {
      const name = names[(i + k) % names.length];
      const out = JSON.parse(execFileSync(process.execPath, [...flags, new URL(import.meta.url).pathname, '--child', contenders[name], input, natives], { encoding: 'utf8' }));
      expected ??= out.hash;
      if (out.hash !== expected) throw new Error(`startup-phases-node.mjs: ${name} decoded the input differently from the first contender`);
      for (const phase of ['import', 'construct', 'decode', 'all']) ((results[name] ||= {})[phase] ||= []).push(out[phase]);
    }
  }
  const minMedian = (xs) => {
    const s = xs.slice().sort((a, b) => a - b);
    return `${s[0].toFixed(2)} / ${s[s.length >> 1].toFixed(2)}`;
  };
  console.log(`Node ${process.version} ${flags.join(' ')}: min / median ms of ${SAMPLES} fresh processes each (ours = pkg/dist/${entry}; natives ${natives === 'natives' ? 'kept' : 'deleted'})`);
  console.log('| contender | import | construct | decode | all |');
  console.log('|---|--:|--:|--:|--:|');
  for (const name of names) console.log(`| ${name} | ${['import', 'construct', 'decode', 'all'].map((p) => minMedian(results[name][p])).join(' | ')} |`);
}
