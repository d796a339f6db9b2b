// Differential suite for the stream classes: our TextDecoderStream and
// TextEncoderStream against headless Chromium's, in the same page (the
// harness and page modules of differential.mjs, page/streams.js).
//
//   node tests/browser/streams-differential.mjs [--seed N|random] [--quick]
//
// Decoder: for each of the 39 decodable encodings, seeded random byte streams
// (biased to the encoding's lead/trail/escape bytes) in random chunks (empty
// and 1-byte chunks included), both error modes, random ignoreBOM; compared:
// the concatenated output, the error that ends the readable side and the
// writable side's rejection. Encoder: random strings with pairs split across
// chunks, lone surrogates, empty and non-string chunks. Shape: descriptors,
// brand checks, label handling. Exits 1 on any undocumented difference.
import { readFileSync } from 'node:fs';
import { launch, openPage, root, serve } from './harness.mjs';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const seedArg = args.includes('--seed') ? args[args.indexOf('--seed') + 1] : process.env.SEED;
const seed = seedArg === undefined ? 20261124 : seedArg === 'random' ? (Math.random() * 2 ** 32) >>> 0 : Number(seedArg) >>> 0;
const DECODE = quick ? 60 : 400;
const ENCODE = quick ? 1000 : 10000;

const indexDir = process.env.WHATWG_INDEX_DIR || `${root}/data/whatwg-index`;
const groups = JSON.parse(readFileSync(`${indexDir}/encodings.json`, 'utf8'));
// The EUC-JP and ISO-2022-JP spec models (page/spec-model.js) look pointers up in the index files.
const readIndex = (name) => readFileSync(`${indexDir}/index-${name}.txt`, 'utf8').split('\n')
  .filter((line) => line !== '' && !line.startsWith('#'))
  .map((line) => { const [p, cp] = line.split('\t'); return [Number(p.trim()), parseInt(cp.trim().slice(2), 16)]; });
const encodings = groups.flatMap((g) => g.encodings).map((e) => e.name).filter((n) => n !== 'replacement');
const started = Date.now();
console.log(`browser streams differential: seed ${seed}${quick ? ' (quick)' : ''}; reproduce with --seed ${seed}`);

const page = `<!doctype html><meta charset="utf-8"><title>streams differential</title><body><script type="module">
window.__nativeStreams = { TextDecoderStream: globalThis.TextDecoderStream, TextEncoderStream: globalThis.TextEncoderStream };
import('/tests/browser/page/streams.js').then((m) => { window.streams = m; window.__ready = true; }, (e) => { window.__ready = String(e && e.stack || e); });
</script>`;
const server = await serve({ '/streams.html': page });
const browser = await launch();
let compared = 0;
let unexpected = 0;
let documented = 0;

function account(category, r) {
  compared += r.cases;
  unexpected += r.differences;
  const notes = Object.entries(r.documented).map(([k, v]) => `${k} ×${v}`);
  documented += Object.values(r.documented).reduce((a, b) => a + b, 0);
  console.log(`${category.padEnd(8)} ${r.label.padEnd(15)} ${String(r.cases).padStart(6)} cases  ${r.differences ? `${r.differences} DIFFERENCES` : 'ok'}${notes.length ? `  (documented Chromium divergences: ${notes.join(', ')})` : ''}`);
  for (const ex of r.examples.slice(0, 5)) console.log(`    ${JSON.stringify(ex).slice(0, 600)}`);
}

try {
  const p = await openPage(browser, `${server.url}/streams.html`);
  await p.evaluate((f) => window.streams.loadSpecIndex(f), { jis0208: readIndex('jis0208'), jis0212: readIndex('jis0212') });
  const s = await p.evaluate(() => window.streams.shape());
  const shapeExamples = [];
  for (const side of ['decoder', 'encoder']) {
    if (JSON.stringify(s[side].native) !== JSON.stringify(s[side].ours)) shapeExamples.push({ path: side, native: s[side].native, ours: s[side].ours });
  }
  for (const [label, v] of Object.entries(s.labels)) {
    if (JSON.stringify(v.native) !== JSON.stringify(v.ours)) shapeExamples.push({ path: `label ${JSON.stringify(label)}`, ...v });
  }
  account('shape', { label: 'webidl+labels', cases: 2 + Object.keys(s.labels).length, differences: shapeExamples.length, examples: shapeExamples, documented: {} });
  for (const label of encodings) {
    account('decode', await p.evaluate(([l, sd, n]) => window.streams.decode(l, sd, n), [label, seed, DECODE]));
  }
  account('encode', await p.evaluate(([sd, n]) => window.streams.encode(sd, n), [seed, ENCODE]));
} finally {
  await browser.close();
  await server.close();
}
console.log(`total: ${compared} stream cases compared, ${unexpected} undocumented differences, ${documented} documented Chromium divergences; seed ${seed}; ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(unexpected ? 1 : 0);
