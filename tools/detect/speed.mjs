// Detection speed of text-encoding-wasm/detect on the accuracy corpus
// (tools/detect/corpus.mjs, the samples tools/detect/accuracy.mjs uses), and,
// given a baseline build, the same guesses: the two builds run in one process,
// alternating round by round (the machine is shared: never one timing), and
// every sample's guess (no hint, each language's domain hint, UTF-8 denied)
// must be identical, or the run fails.
//
//   node tools/detect/speed.mjs [BASELINE_DIST] [ROUNDS]
//     BASELINE_DIST: a pkg/dist/ of the build before (e.g. a copy of main's)
//     ROUNDS: timed rounds per build (default 7); prints ms per round, min and median
import { performance } from 'node:perf_hooks';
import { ENCODINGS, LENGTHS, prng, sample } from './corpus.mjs';

const root = new URL('../..', import.meta.url).pathname;
const baselineDir = process.argv[2] && process.argv[2] !== '-' ? process.argv[2].replace(/\/$/, '') : null;
const ROUNDS = Number(process.argv[3] || 7);
const SAMPLES = Number(process.env.DETECT_SAMPLES || 12);

const TLD = {
  japanese: 'jp', chinese_simplified: 'cn', chinese_traditional: 'tw', korean: 'kr', russian: 'ru',
  greek: 'gr', hebrew: 'il', arabic: 'eg', western: 'fr',
};

async function load(dir) {
  const m = await import(`${dir}/detect.js`);
  await m.ready();
  return m.EncodingDetector;
}

const builds = [['this build', await load(`${root}pkg/dist`)]];
if (baselineDir) builds.unshift(['baseline', await load(baselineDir)]);

// The inputs, made once: the accuracy corpus's samples and random bytes.
const inputs = [];
for (const [language, encodings] of Object.entries(ENCODINGS)) {
  for (const length of LENGTHS) {
    const count = length >= 100000 ? Math.max(2, SAMPLES >> 2) : SAMPLES;
    for (const encoding of encodings) {
      for (let i = 0; i < count; i++) {
        inputs.push({ language, bytes: sample(language, encoding, length, 1000 * length + 17 * i + encoding.length).bytes });
      }
    }
  }
}
for (const length of LENGTHS) {
  const random = prng(length);
  for (let i = 0; i < SAMPLES; i++) inputs.push({ language: 'random', bytes: Uint8Array.from({ length }, () => Math.floor(random() * 256)) });
}
const total = inputs.reduce((n, { bytes }) => n + bytes.length, 0);

function guesses(EncodingDetector, { language, bytes }) {
  const d = new EncodingDetector();
  d.feed(bytes);
  const g = [d.guess(), d.guess({ allowUtf8: false })];
  if (TLD[language]) g.push(d.guess({ tld: TLD[language] }));
  return JSON.stringify(g);
}

if (baselineDir) {
  let differ = 0;
  for (const input of inputs) {
    const [a, b] = builds.map(([, E]) => guesses(E, input));
    if (a !== b && differ++ < 10) console.error(`differs (${input.language}, ${input.bytes.length} B): baseline ${a}, this build ${b}`);
  }
  if (differ) {
    console.error(`speed: ${differ} of ${inputs.length} inputs guessed differently`);
    process.exit(1);
  }
  console.log(`same guesses: ${inputs.length} inputs x (no hint, allowUtf8 false, the language's domain hint)`);
}

function round(EncodingDetector) {
  const t = performance.now();
  for (const { bytes } of inputs) {
    const d = new EncodingDetector();
    d.feed(bytes);
    d.guess();
  }
  return performance.now() - t;
}

for (const [, E] of builds) round(E); // warm-up
const times = builds.map(() => []);
for (let r = 0; r < ROUNDS; r++) builds.forEach(([, E], i) => times[i].push(round(E)));
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
console.log(`${inputs.length} inputs, ${(total / 1e6).toFixed(2)} MB per round, ${ROUNDS} rounds each, alternating`);
builds.forEach(([name], i) => {
  console.log(`${name}: min ${Math.min(...times[i]).toFixed(0)} ms, median ${median(times[i]).toFixed(0)} ms (${times[i].map((t) => t.toFixed(0)).join(' ')})`);
});
if (baselineDir) {
  const ratio = (f) => (f(times[1]) / f(times[0])).toFixed(2);
  console.log(`this build / baseline: min ${ratio((t) => Math.min(...t))}, median ${ratio(median)}`);
}
