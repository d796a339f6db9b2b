// Where Chromium's TextDecoder does not do what the Encoding Standard says
// (DIVERGENCES.md, section "Chromium"). A mismatch counts as one of these only
// if our output equals the spec's answer, derived here without our code.
import { same } from './outcome.js';

// C3. Big5 pointers 1133, 1135, 1164, 1166 decode to two code points each
// (spec §11.1.1 Big5 decoder, step 3.4 table). Chromium 156 returns other,
// ill-formed strings for them (a lone trail surrogate); the expected value is
// Chromium's output with exactly those strings replaced by the spec's pairs.
const BIG5_CHROMIUM = new Map([
  ['\u0093\udf04', '\u00ca\u0304'],
  ['\u0093\udf0c', '\u00ca\u030c'],
  ['\u00b3\udf04', '\u00ea\u0304'],
  ['\u00b3\udf0c', '\u00ea\u030c'],
]);
const big5Pattern = new RegExp([...BIG5_CHROMIUM.keys()].join('|'), 'g');

function big5Spec(outcome) {
  if (typeof outcome === 'string') return outcome.replace(big5Pattern, (m) => BIG5_CHROMIUM.get(m));
  if (Array.isArray(outcome)) return outcome.map(big5Spec);
  return outcome;
}

/** The calls' stream flags of a plan (see decode.js stream()). */
function streamFlags(plan) {
  const flags = plan.chunks.map((_, i) => !(i === plan.chunks.length - 1 && plan.end === 'last'));
  if (plan.end === 'flush' || plan.chunks.length === 0) flags.push(false);
  return flags;
}

/**
 * C1: after a TypeError from a streaming (stream: true) fatal call, Chromium
 * drops the rest of the queue. Both sides must agree up to and including that
 * first throw, and ours must equal the spec model afterwards.
 */
function fatalStreamAfterError(ex, native, spec) {
  if (!ex.fatal || !ex.plan || !spec) return false;
  const runs = Array.isArray(native[0]) ? native.map((n, k) => [n, ex.ours[k], spec[k]]) : [[native, ex.ours, spec]];
  const flags = streamFlags(ex.plan);
  let diverged = false;
  for (const [n, o, s] of runs) {
    if (!same(o, s)) return false;
    const k = n.findIndex((x, i) => typeof x === 'object' && flags[i]);
    if (k < 0) { if (!same(n, o)) return false; continue; }
    if (!same(n.slice(0, k + 1), o.slice(0, k + 1))) return false;
    if (!same(n, o)) diverged = true;
  }
  return diverged;
}

/**
 * F1 (Firefox ESR 153, DIVERGENCES.md "Firefox"): a decoder whose fatal,
 * non-streaming call threw keeps its BOM-seen flag, so the next call on it
 * does not strip the BOM again. decode() step 1 says otherwise: "If this's do
 * not flush is false, then set this's decoder to a new instance ..., this's
 * I/O queue to ..., and this's BOM seen to false" (the throwing call set do
 * not flush to false at step 2). Recognised only where ours equals the spec
 * model and the browser's runs differ from ours only by a leading U+FEFF in
 * their strings.
 */
function bomNotStrippedAfterError(ex) {
  if (!ex.fatal || !ex.spec || !same(ex.ours, ex.spec) || !Array.isArray(ex.native[0])) return false;
  // The suite reuses one decoder for every split of an input, so the throw that
  // leaves the flag set may come from an earlier split: every run may show it.
  const strip = (run) => run.map((x) => (typeof x === 'string' && x.startsWith('\ufeff') ? x.slice(1) : x));
  return !same(ex.native, ex.ours) && same(ex.native.map(strip), ex.ours);
}

/** Which documented divergence explains a decode mismatch, or null. */
export function explain(label, ex) {
  if (bomNotStrippedAfterError(ex)) return 'F1 BOM not stripped after a fatal error';
  const big5 = label.toLowerCase() === 'big5' || ex.encoding === 'big5';
  const native = big5 ? big5Spec(ex.native) : ex.native;
  const spec = big5 && ex.spec ? big5Spec(ex.spec) : ex.spec;
  if (big5 && !same(native, ex.native) && same(native, ex.ours)) return 'C3 big5 pointers';
  if (fatalStreamAfterError(ex, native, spec)) return big5 && !same(native, ex.native) ? 'C1+C3' : 'C1 fatal stream after error';
  return null;
}

/**
 * EUC-JP and ISO-2022-JP, where the expected value is the spec model's
 * (spec-model.js specDecoder(); the caller has checked ours = model and
 * Chromium ≠ ours). The difference is documented only if the input reached a
 * step that a documented Chromium bug gets wrong: `events` from the model
 * (C6: §12.1.1 step 5.3 clearing jis0212 before an error return; C7: §12.2.1
 * escape step 8, a failed escape sequence restored), or C1: a fatal streaming
 * call threw and the stream went on, with Chromium agreeing up to that throw.
 */
export function explainModelled(ex, events) {
  const why = [...events].sort();
  const flags = ex.plan ? streamFlags(ex.plan) : [];
  const streamingThrow = ex.fatal && ex.plan && ex.spec.some((x, i) => typeof x === 'object' && flags[i] && i < ex.spec.length - 1);
  if (streamingThrow && (why.length || fatalStreamAfterError(ex, ex.native, ex.spec))) why.unshift('C1');
  return why.length ? why.join('+') : null;
}
