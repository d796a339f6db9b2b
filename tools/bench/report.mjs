// Markdown: per environment a throughput table (native MB/s, the others as
// ratios to native, ours against the best pure-JS peer) and a per-call table
// for the small workloads; then the goals of the issue, met or missed.
import { CONTENDERS } from './contenders.mjs';
import { workloads } from './workloads.mjs';

const PEERS = CONTENDERS.filter((c) => c.peer).map((c) => c.name);
const NAMES = CONTENDERS.map((c) => c.name);
/** notes/peers.md (Node 20, same machine class): @exodus/bytes per-call ns. */
const PEERS_MD = { 'decode-small-ascii': 535, 'decode-small-mixed': 765, 'encode-small-ascii': 420, 'encode-small-mixed': 889 };

const mbps = (r) => r.units / r.ms / 1000;
const ns = (r) => (r.ms * 1e6) / r.calls;
const timed = (r) => r && (r.status === 'ok' || r.status === 'wrong');
const mark = (r) => (r.status === 'wrong' ? ' ✗' : '');

function fmt(x) {
  if (x >= 100) return Math.round(x).toLocaleString('en-US');
  if (x >= 10) return x.toFixed(1);
  if (x >= 1) return x.toFixed(2);
  if (x >= 0.1) return x.toFixed(2);
  if (x >= 0.01) return x.toFixed(3);
  return x.toFixed(4);
}

function cell(r, text) {
  if (!r) return '·';
  if (r.status === 'unsupported') return '—';
  if (r.status === 'error') return 'throws';
  return text + mark(r);
}

/** The fastest correct pure-JS peer for a workload: { name, r } or null. */
function bestPeer(results, id) {
  let best = null;
  for (const name of PEERS) {
    const r = results[name] && results[name][id];
    if (r && r.status === 'ok' && (!best || r.ms < best.r.ms)) best = { name, r };
  }
  return best;
}

function throughputTable(results, list) {
  const head = ['workload', 'native MB/s', ...NAMES.slice(1), 'ours ÷ best pure-JS peer'];
  const rows = [`| ${head.join(' | ')} |`, `|---|${head.slice(1).map(() => '--:').join('|')}|`];
  for (const w of list) {
    const native = results.native && results.native[w.id];
    const cells = [w.label, cell(native, timed(native) ? fmt(mbps(native)) : '')];
    for (const name of NAMES.slice(1)) {
      const r = results[name] && results[name][w.id];
      cells.push(cell(r, timed(r) && timed(native) ? `${fmt(native.ms / r.ms)}×` : timed(r) ? `${fmt(mbps(r))} MB/s` : ''));
    }
    const ours = results.ours && results.ours[w.id];
    const best = bestPeer(results, w.id);
    cells.push(timed(ours) && best ? `${fmt(best.r.ms / ours.ms)}× (${best.name})` : '—');
    rows.push(`| ${cells.join(' | ')} |`);
  }
  return rows.join('\n');
}

function perCallTable(results, list) {
  const head = ['workload (ns per call)', ...NAMES, 'ours ÷ @exodus/bytes'];
  const rows = [`| ${head.join(' | ')} |`, `|---|${head.slice(1).map(() => '--:').join('|')}|`];
  for (const w of list) {
    const cells = [w.label];
    for (const name of NAMES) {
      const r = results[name] && results[name][w.id];
      cells.push(cell(r, timed(r) ? Math.round(ns(r)).toLocaleString('en-US') : ''));
    }
    const ours = results.ours && results.ours[w.id];
    const ex = results['@exodus/bytes'] && results['@exodus/bytes'][w.id];
    cells.push(timed(ours) && timed(ex) ? `${fmt(ex.ms / ours.ms)}× ${ours.ms <= ex.ms ? 'faster' : 'slower'}` : '—');
    rows.push(`| ${cells.join(' | ')} |`);
  }
  return rows.join('\n');
}

/** The environment's section: both tables. `data` only gives the workload list. */
export function envSection(title, results, data) {
  const list = workloads(data);
  return [
    `### ${title}`,
    '',
    'Throughput: `native` in MB/s of input (decode: bytes; encode/encodeInto: UTF-16 code units, as notes/peers.md), every other column as a ratio to native (>1× = faster than native); `✗` wrong output (still timed), `—` not supported, `·` not run. Last column: ours against the fastest pure-JS peer with correct output.',
    '',
    throughputTable(results, list.filter((w) => w.big)),
    '',
    'Small calls, ratio to native as above:',
    '',
    throughputTable(results, list.filter((w) => w.small)),
    '',
    'Small calls, median ns per call:',
    '',
    perCallTable(results, list.filter((w) => w.small)),
  ].join('\n');
}

/** The issue's goals per environment: lines of "met/missed" with the numbers. */
export function goals(envs, data) {
  const list = workloads(data);
  const out = ['### Goals', ''];
  for (const [env, results] of envs) {
    const ours = results.ours || {};
    const big = [];
    for (const w of list.filter((x) => x.big)) {
      const best = bestPeer(results, w.id);
      if (!timed(ours[w.id]) || !best) continue;
      big.push({ w, ratio: best.r.ms / ours[w.id].ms, best: best.name });
    }
    const bigMissed = big.filter((x) => x.ratio < 1);
    out.push(`- **${env}: ≥ 1.0× the fastest pure-JS polyfill on every 1 MiB workload**: ${bigMissed.length ? `missed on ${bigMissed.length} of ${big.length}` : `met on all ${big.length}`} ` +
      `(${big.map((x) => `${x.w.id} ${fmt(x.ratio)}× ${x.best}`).join('; ')})`);
    const legacy = [];
    for (const w of list.filter((x) => x.legacy)) {
      const te = results['text-encoding'] && results['text-encoding'][w.id];
      if (!timed(ours[w.id]) || !timed(te)) continue;
      legacy.push({ w, ratio: te.ms / ours[w.id].ms });
    }
    const legacyMissed = legacy.filter((x) => x.ratio < 3);
    out.push(`- **${env}: ≥ 3× text-encoding on the legacy decodes**: ${legacyMissed.length ? `missed on ${legacyMissed.length} of ${legacy.length}` : `met on all ${legacy.length}`} ` +
      `(${legacy.map((x) => `${x.w.id} ${fmt(x.ratio)}×`).join('; ')})`);
    const small = [];
    for (const id of Object.keys(PEERS_MD)) {
      const ex = results['@exodus/bytes'] && results['@exodus/bytes'][id];
      if (!timed(ours[id]) || !timed(ex)) continue;
      small.push({ id, ours: ns(ours[id]), ex: ns(ex), native: timed(results.native && results.native[id]) ? ns(results.native[id]) : NaN });
    }
    const smallMissed = small.filter((x) => x.ours > x.ex);
    out.push(`- **${env}: small calls no slower than @exodus/bytes**: ${smallMissed.length ? `missed on ${smallMissed.length} of ${small.length}` : `met on all ${small.length}`} ` +
      `(${small.map((x) => `${x.id} ours ${Math.round(x.ours)} ns vs ${Math.round(x.ex)} ns, native ${Math.round(x.native)} ns; peers.md ${PEERS_MD[x.id]} ns`).join('; ')})`);
  }
  return out.join('\n');
}
