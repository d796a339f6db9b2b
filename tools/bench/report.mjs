// Markdown: per environment a throughput table (native MB/s, the others as
// ratios to native, ours against the best pure-JS peer) and a per-call table
// for the small workloads; then the goals of the issues, met or missed, from
// every run: a ratio counts by its minimum over the runs (the machine is noisy).
import { CONTENDERS } from './contenders.mjs';
import { workloads } from './workloads.mjs';

const PEERS = CONTENDERS.filter((c) => c.peer).map((c) => c.name);
/** The table's columns: the contenders that ran (set by envSection). */
let NAMES = CONTENDERS.map((c) => c.name);
/** The per-call workloads of the "small calls" goal. */
const SMALL_CALLS = ['decode-small-ascii', 'decode-small-mixed', 'encode-small-ascii', 'encode-small-mixed'];

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
export function envSection(title, results, data, contenders = CONTENDERS) {
  NAMES = contenders.map((c) => c.name).filter((name) => results[name]);
  const list = workloads(data);
  return [
    `### ${title}`,
    '',
    'Throughput: `native` in MB/s of input (decode: bytes; encode/encodeInto: UTF-16 code units), every other column as a ratio to native (>1× = faster than native); `✗` wrong output (still timed), `—` not supported, `·` not run. Last column: ours against the fastest pure-JS peer with correct output.',
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

const minimum = (xs) => (xs.length ? Math.min(...xs) : NaN);

/** peer.ms / ours.ms in each run where both were timed and ours was right (> 1: ours faster). */
function ratios(runs, id, peer, ours = 'ours') {
  const out = [];
  for (const results of runs) {
    const o = results[ours] && results[ours][id];
    const p = results[peer] && results[peer][id];
    if (o && o.status === 'ok' && timed(p)) out.push(p.ms / o.ms);
  }
  return out;
}

/**
 * Issue 15's table for one environment: every workload, ours (the wasm
 * build) against @exodus/bytes in each run and the minimum, and the minimum
 * against the other pure-JS polyfills; "ours (baseline)" (--baseline) the
 * same way, for before/after in one run. A goal is met when the minimum is ≥ 1.
 */
function issue15Table(env, runs, list) {
  const baseline = runs.some((r) => r['ours (baseline)']);
  const head = ['workload', ...runs.map((_, i) => `run ${i + 1}`), 'min ÷ @exodus/bytes', 'min ÷ fast-text-encoding', 'min ÷ text-encoding'];
  if (baseline) head.push('baseline: min ÷ @exodus/bytes', 'min ours ÷ baseline');
  const rows = [`| ${head.join(' | ')} |`, `|---|${head.slice(1).map(() => '--:').join('|')}|`];
  let met = 0;
  let counted = 0;
  for (const w of list) {
    const ex = ratios(runs, w.id, '@exodus/bytes');
    if (!ex.length) continue;
    const perRun = runs.map((results) => {
      const r = ratios([results], w.id, '@exodus/bytes');
      return r.length ? `${fmt(r[0])}×` : '·';
    });
    const low = minimum(ex);
    counted++;
    if (low >= 1) met++;
    const other = (peer, ours) => {
      const r = ratios(runs, w.id, peer, ours);
      return r.length ? `${fmt(minimum(r))}×` : '—';
    };
    const cells = [w.label, ...perRun, `**${fmt(low)}×** ${low >= 1 ? 'met' : 'missed'}`, other('fast-text-encoding'), other('text-encoding')];
    if (baseline) cells.push(other('@exodus/bytes', 'ours (baseline)'), other('ours (baseline)'));
    rows.push(`| ${cells.join(' | ')} |`);
  }
  return [`#### ${env}: ours (wasm build) ÷ @exodus/bytes, ${runs.length} run(s); met on ${met} of ${counted}`, '', 'Ratio = their time ÷ ours (> 1×: ours faster). A goal is met when the minimum over the runs is ≥ 1.0×.', '', ...rows].join('\n');
}

/**
 * The issues' goals per environment. `envs`: [name, [results of run 1, run 2, ...]].
 * Lines of "met/missed" with the numbers (minimum over the runs), then issue 15's table.
 */
export function goals(envs, data) {
  const list = workloads(data);
  const out = ['### Goals', ''];
  const tables = [];
  for (const [env, runs] of envs) {
    const last = runs[runs.length - 1];
    const ours = last.ours || {};
    const big = [];
    for (const w of list.filter((x) => x.big)) {
      // The peer that was fastest in the last run, its minimum ratio over every run.
      const best = bestPeer(last, w.id);
      if (!timed(ours[w.id]) || !best) continue;
      big.push({ w, ratio: minimum(ratios(runs, w.id, best.name)), best: best.name });
    }
    const bigMissed = big.filter((x) => !(x.ratio >= 1));
    out.push(`- **${env}: ≥ 1.0× the fastest pure-JS polyfill on every 1 MiB workload** (minimum over ${runs.length} run(s)): ${bigMissed.length ? `missed on ${bigMissed.length} of ${big.length}` : `met on all ${big.length}`} ` +
      `(${big.map((x) => `${x.w.id} ${fmt(x.ratio)}× ${x.best}`).join('; ')})`);
    const legacy = [];
    for (const w of list.filter((x) => x.legacy)) {
      const r = ratios(runs, w.id, 'text-encoding');
      if (r.length) legacy.push({ w, ratio: minimum(r) });
    }
    const legacyMissed = legacy.filter((x) => x.ratio < 3);
    // Only where text-encoding ran (a run with --contenders may leave it out).
    if (legacy.length) {
      out.push(`- **${env}: ≥ 3× text-encoding on the legacy decodes**: ${legacyMissed.length ? `missed on ${legacyMissed.length} of ${legacy.length}` : `met on all ${legacy.length}`} ` +
        `(${legacy.map((x) => `${x.w.id} ${fmt(x.ratio)}×`).join('; ')})`);
    }
    const small = [];
    for (const id of SMALL_CALLS) {
      const ex = last['@exodus/bytes'] && last['@exodus/bytes'][id];
      if (!timed(ours[id]) || !timed(ex)) continue;
      small.push({ id, ratio: minimum(ratios(runs, id, '@exodus/bytes')), ours: ns(ours[id]), ex: ns(ex), native: timed(last.native && last.native[id]) ? ns(last.native[id]) : NaN });
    }
    const smallMissed = small.filter((x) => !(x.ratio >= 1));
    out.push(`- **${env}: small calls no slower than @exodus/bytes** (minimum over ${runs.length} run(s)): ${smallMissed.length ? `missed on ${smallMissed.length} of ${small.length}` : `met on all ${small.length}`} ` +
      `(${small.map((x) => `${x.id} ${fmt(x.ratio)}×, last run ours ${Math.round(x.ours)} ns vs ${Math.round(x.ex)} ns${Number.isFinite(x.native) ? `, native ${Math.round(x.native)} ns` : ''}`).join('; ')})`);
    tables.push(issue15Table(env, runs, list));
  }
  return [...out, '', ...tables.flatMap((t) => [t, ''])].join('\n');
}
