// Differential suite: our TextDecoder/TextEncoder against headless Chromium's
// own classes, in the same page (see page/setup.js for how both are kept).
//
//   node tests/browser/differential.mjs [--seed N|random] [--quick] [--browser firefox]
//
// --browser firefox compares with Firefox ESR's classes instead (encoding_rs
// underneath), over WebDriver; the documented divergences are then Firefox's
// (DIVERGENCES.md, "Firefox").
//
// Decoders: for each of the 39 decodable encodings of encodings.json, every 1-
// and 2-byte input whole, and seeded random inputs biased to the encoding's
// lead/trail/escape bytes whole and in random streaming splits, both error modes;
// BOM handling. Encoder: seeded random strings with lone surrogates through
// encode() and encodeInto(). WebIDL: shape, brand checks, argument conversion.
// EUC-JP and ISO-2022-JP are also compared, case by case, with a model of the
// spec's decoders (page/spec-model.js), since Chromium's are wrong there (C6, C7).
// Classic-script builds: what they install on the global object.
// Exits 1 on any difference not listed in expected-divergences.mjs.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { launch, openPage, root, serve } from './harness.mjs';
import { classify } from './expected-divergences.mjs';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const verbose = args.includes('--verbose');
const seedArg = args.includes('--seed') ? args[args.indexOf('--seed') + 1] : process.env.SEED;
// A fixed default keeps `npm test` deterministic; `--seed random` explores.
const seed = seedArg === undefined ? 20261123 : seedArg === 'random' ? (Math.random() * 2 ** 32) >>> 0 : Number(seedArg) >>> 0;
// --report FILE: every report (with its first examples) as JSON, for analysis.
const reportFile = args.includes('--report') ? args[args.indexOf('--report') + 1] : null;
const reports = [];
const RANDOM_DECODE = quick ? 300 : 2000;
const RANDOM_ENCODE = quick ? 5000 : 50000;

// The spec's data, where the Rust tests read it (data/whatwg-index or
// $WHATWG_INDEX_DIR).
const indexDir = process.env.WHATWG_INDEX_DIR || `${root}/data/whatwg-index`;
const haveIndex = existsSync(`${indexDir}/encodings.json`);
const NAMES = ['UTF-8', 'IBM866', 'ISO-8859-2', 'ISO-8859-3', 'ISO-8859-4', 'ISO-8859-5', 'ISO-8859-6', 'ISO-8859-7', 'ISO-8859-8', 'ISO-8859-8-I',
  'ISO-8859-10', 'ISO-8859-13', 'ISO-8859-14', 'ISO-8859-15', 'ISO-8859-16', 'KOI8-R', 'KOI8-U', 'macintosh', 'windows-874', 'windows-1250',
  'windows-1251', 'windows-1252', 'windows-1253', 'windows-1254', 'windows-1255', 'windows-1256', 'windows-1257', 'windows-1258',
  'x-mac-cyrillic', 'GBK', 'gb18030', 'Big5', 'EUC-JP', 'ISO-2022-JP', 'Shift_JIS', 'EUC-KR', 'replacement', 'UTF-16BE', 'UTF-16LE', 'x-user-defined'];
const groups = haveIndex
  ? JSON.parse(readFileSync(`${indexDir}/encodings.json`, 'utf8'))
  : [{ encodings: NAMES.map((name) => ({ name, labels: [name.toLowerCase()] })) }];
const all = groups.flatMap((g) => g.encodings);

/** §5: an index file as [pointer, code point] pairs (lines split on U+000A, "#" lines and empty ones dropped, fields split on U+0009). */
function readIndex(name) {
  return readFileSync(`${indexDir}/index-${name}.txt`, 'utf8').split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => { const [p, cp] = line.split('\t'); return [Number(p.trim()), parseInt(cp.trim().slice(2), 16)]; });
}
const specIndexFiles = haveIndex ? { jis0208: readIndex('jis0208'), jis0212: readIndex('jis0212') } : null;
// TextDecoder rejects the replacement encoding (its labels are probed in webidl.js).
// --only NAME: one encoding's decoder tests (for reproducing).
const only = args.includes('--only') ? args[args.indexOf('--only') + 1].toLowerCase() : null;
const encodings = all.map((e) => e.name).filter((n) => n !== 'replacement' && (!only || n.toLowerCase() === only));
const allLabels = all.flatMap((e) => e.labels);

const started = Date.now();
console.log(`browser differential: seed ${seed}${quick ? ' (quick)' : ''}; reproduce with --seed ${seed}${quick ? ' --quick' : ''}`);

const page = (body) => `<!doctype html><meta charset="utf-8"><title>differential</title><body><script type="module">${body}</script>`;
const server = await serve({
  '/suite.html': page(`import('/tests/browser/page/main.js').then((m) => { window.suite = m; window.__ready = true; }, (e) => { window.__ready = String(e && e.stack || e); });`),
  '/script.html': page(`import('/tests/browser/page/script-build.js').then((m) => { window.scriptBuild = m; window.__ready = true; }, (e) => { window.__ready = String(e); });`),
});
const browserKind = args.includes('--browser') ? args[args.indexOf('--browser') + 1] : 'chromium';
const browser = await launch(browserKind);
console.log(`native classes: ${browser.name}`);
let unexpected = 0;
let expected = 0;
let compared = 0;
const lines = [];

/** Prints one row and the unexpected examples; counts into the totals. */
function account(category, r) {
  reports.push({ category, ...r });
  compared += r.cases;
  const { documented, unexpected: bad, unexpectedCount } = classify(category, r, browserKind);
  const known = Object.values(documented).reduce((a, b) => a + b, 0);
  unexpected += unexpectedCount;
  expected += known;
  const notes = Object.entries(documented).map(([k, v]) => `${k} ×${v}`);
  if (r.chromiumReuseLeaks) notes.push(`C2 Chromium reused-decoder leak ×${r.chromiumReuseLeaks}`);
  const status = unexpectedCount ? `${unexpectedCount} DIFFERENCES` : 'ok';
  lines.push(`${category.padEnd(11)} ${r.label.padEnd(15)} ${String(r.cases).padStart(8)} cases  ${status}${notes.length ? `  (documented ${browser.name} divergences: ${notes.join(', ')})` : ''}`);
  console.log(lines[lines.length - 1]);
  for (const ex of bad.slice(0, verbose ? 20 : 5)) console.log(`    ${describe(ex)}`);
}

const hex = (bytes) => bytes.map((b) => b.toString(16).padStart(2, '0')).join(' ');
const show = (v) => (typeof v === 'string' ? JSON.stringify(v).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`) : JSON.stringify(v, (k, x) => (typeof x === 'string' ? show(x).slice(1, -1) : x)));
function describe(ex) {
  if (ex.path) return `${ex.path}: native ${JSON.stringify(ex.native)} / ours ${JSON.stringify(ex.ours)}`;
  if (ex.op) return `${ex.op} ${show(ex.string)} ${ex.size !== undefined ? `size ${ex.size} offset ${ex.offset}` : ''}: native ${JSON.stringify(ex.native).slice(0, 300)} / ours ${JSON.stringify(ex.ours).slice(0, 300)}`;
  const where = ex.plan ? ` chunks ${JSON.stringify(ex.plan.chunks)} end ${ex.plan.end} form ${ex.form}` : '';
  return `${ex.encoding ? ex.encoding + ' ' : ''}${ex.fatal ? 'fatal' : 'replacement'}${ex.ignoreBOM ? ' ignoreBOM' : ''} [${hex(ex.bytes)}]${where}: native ${show(ex.native)} / ours ${show(ex.ours)}`;
}

try {
  const p = await openPage(browser, `${server.url}/suite.html`);
  const indexSource = await p.evaluate((f) => window.suite.specIndex.load(f), specIndexFiles);
  if (!haveIndex) console.log(`NOTE: ${indexDir} not found: labels are the encodings' names only; EUC-JP/ISO-2022-JP spec-model lookups use ${indexSource}`);
  // Whether that fallback would be exact with this Chromium (0 pointers differ for Chromium 156).
  const tables = haveIndex ? await p.evaluate(() => window.suite.specIndex.tableCheck()) : [];
  if (tables.length) console.log(`NOTE: Chromium's EUC-JP decoder differs from index jis0208/jis0212 at ${tables.length} pointers (first: ${JSON.stringify(tables.slice(0, 3))}); the no-index fallback would be wrong there`);
  for (const label of encodings) {
    account('exhaustive', await p.evaluate(([l, q]) => window.suite.decode.exhaustive(l, q), [label, quick]));
    account('random', await p.evaluate(([l, s, n]) => window.suite.decode.random(l, s, n), [label, seed, RANDOM_DECODE]));
  }
  account('bom', await p.evaluate(() => window.suite.decode.bom()));
  account('encoder', await p.evaluate(([s, n]) => window.suite.encode.random(s, n), [seed, RANDOM_ENCODE]));
  account('webidl', { label: 'shape+args', ...(await p.evaluate((l) => window.suite.webidl.compare(l), allLabels)) });
  await p.close();

  for (const force of [false, true]) {
    const s = await openPage(browser, `${server.url}/script.html`);
    const r = await s.evaluate((f) => window.scriptBuild.check(f), force);
    await s.close();
    const examples = [];
    // Installed like the interface objects they stand for: same descriptors.
    for (const name of ['TextDecoder', 'TextEncoder']) {
      if (JSON.stringify(r.before[name]) !== JSON.stringify(r.after[name])) examples.push({ path: `global ${name} descriptor`, native: r.before[name], ours: r.after[name] });
    }
    if (!r.replacedNatives) examples.push({ path: 'globals are ours', native: true, ours: false });
    if (!r.works) examples.push({ path: 'installed classes decode/encode', native: true, ours: false });
    if (r.names.join() !== 'TextDecoder,TextEncoder') examples.push({ path: 'names', native: 'TextDecoder,TextEncoder', ours: r.names.join() });
    account('script', { label: force ? 'script.js + install(globalThis, { force: true })' : 'script.js', cases: 5, differences: examples.length, examples });
  }
} finally {
  await browser.close();
  await server.close();
}

if (reportFile) writeFileSync(reportFile, JSON.stringify(reports, null, 1));
const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(`total: ${compared} cases compared, ${unexpected} undocumented differences, ${expected} documented ${browser.name} divergences (DIVERGENCES.md); seed ${seed}; ${seconds} s`);
process.exit(unexpected ? 1 : 0);
