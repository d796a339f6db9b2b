// TextDecoder, ours against Chromium's, compared inside the page (only
// mismatches travel back to Node: millions of results would not).
import { native, ourClasses } from './setup.js';
import { run, same } from './outcome.js';
import { prng, subSeed } from './prng.js';
import { biasedBytes } from './inputs.js';
import { callsOf, specDecoder, specFatalStream } from './spec-model.js';
import { explain, explainModelled } from './chromium-divergences.js';

const MAX_EXAMPLES = 20;

function report(label) {
  return { label, cases: 0, differences: 0, examples: [], documented: {}, documentedExamples: [] };
}

/** Counts a mismatch: as a documented Chromium divergence when one explains it, else as a difference. */
function mismatch(r, example) {
  const why = explain(r.label, example);
  if (why) documented(r, why, example);
  else difference(r, example);
}

function documented(r, why, example) {
  r.documented[why] = (r.documented[why] || 0) + 1;
  if (r.documentedExamples.length < 3) r.documentedExamples.push({ why, ...example });
}

function difference(r, example) {
  r.differences++;
  if (r.examples.length < MAX_EXAMPLES) r.examples.push(example);
}

/**
 * One case. `spec` is the spec model's outcome for encodings that have one
 * (spec-model.js specDecoder(): EUC-JP, ISO-2022-JP), else undefined. With a
 * model, ours must equal it on every case, whether or not Chromium agrees
 * (this also tests the model where Chromium is right); where Chromium then
 * differs, explainModelled() names the documented divergence (C1, C6, C7) or
 * it is a difference. Without a model, ours must equal Chromium's unless
 * explain() finds a documented divergence.
 */
function check(r, example, model) {
  if (model === undefined) {
    if (!same(example.native, example.ours)) mismatch(r, example);
    return;
  }
  const spec = model.outcome;
  if (!same(example.ours, spec)) return difference(r, { ...example, spec });
  if (same(example.native, example.ours)) return;
  const why = explainModelled({ ...example, spec }, model.events);
  if (why) documented(r, why, example);
  else difference(r, { ...example, spec, unexplained: 'ours = spec model; the input reaches no step of a documented Chromium bug' });
}

/** Runs `f` on a new spec-model decoder: { outcome, events } (spec-decoder.js). */
function modelRun(m, f) {
  const outcome = f(m);
  return { outcome, events: [...m.events] };
}

/**
 * Every 1-byte and every 2-byte input (or, with `quick`, the 2-byte inputs
 * whose first byte is a multiple of 7, which still hits every lead-byte class),
 * decoded whole, replacement and fatal mode. Our decoder is reused (a
 * non-streaming decode() starts from a new decoder by spec, §7.2 step 1, which
 * this also exercises); Chromium's is made anew for each input, because
 * Chromium's leaks state from one non-streaming call into the next
 * (DIVERGENCES.md, "Chromium", C2; random() below counts that).
 */
export function exhaustive(label, quick) {
  const r = report(label);
  for (const fatal of [false, true]) {
    const n = { decode: (bytes) => new native.TextDecoder(label, { fatal }).decode(bytes) };
    const o = new ourClasses.TextDecoder(label, { fatal });
    const m = specDecoder(label, { fatal }); // reused like ours: §7.2 step 1 starts anew
    const one = new Uint8Array(1);
    const two = new Uint8Array(2);
    for (let a = 0; a < 256; a++) {
      one[0] = a;
      compareWhole(r, fatal, n, o, m, one);
      if (quick && a % 7 !== 0) continue;
      two[0] = a;
      for (let b = 0; b < 256; b++) {
        two[1] = b;
        compareWhole(r, fatal, n, o, m, two);
      }
    }
  }
  return r;
}

function compareWhole(r, fatal, n, o, m, bytes) {
  r.cases++;
  const expected = run(() => n.decode(bytes));
  const actual = run(() => o.decode(bytes));
  check(r, { fatal, bytes: Array.from(bytes), native: expected, ours: actual }, m ? modelRun(m, () => run(() => m.decode(bytes))) : undefined);
}

/**
 * Seeded random inputs biased to the encoding's lead, trail and escape bytes,
 * decoded whole and in a random split into streaming calls, in both modes.
 * Both sides get exactly the same sequence of calls and each call's outcome is
 * compared, including what happens after a fatal error in the middle of a stream.
 */
export function random(label, seed, count) {
  const r = report(label);
  const rng = prng(subSeed(seed, label));
  r.chromiumReuseLeaks = 0;
  const reused = [false, true].map((fatal) => ({ n: new native.TextDecoder(label, { fatal }), o: new ourClasses.TextDecoder(label, { fatal }) }));
  const modelled = specDecoder(label) !== null;
  // The spec model's outcome (spec-model.js) where there is one, else undefined.
  const model = (options, f) => (modelled ? modelRun(specDecoder(label, options), f) : undefined);
  for (let i = 0; i < count; i++) {
    // UTF-8: every 4th input long (past the 64-byte short cut: the JS decode
    // of valid runs, the engine's decoder for ASCII runs of 16 KiB, the module
    // at each error), split in chunks of up to 5 KiB.
    const long = label === 'UTF-8' && i % 4 === 0;
    const bytes = long ? longUtf8(rng, i % 40 === 0 ? 17000 + rng.int(30000) : 65 + rng.int(3000)) : biasedBytes(rng, label, 1 + rng.int(64));
    const ignoreBOM = rng.chance(0.5);
    const plan = long ? longSplitPlan(rng, bytes.length) : splitPlan(rng, bytes.length);
    const form = rng.int(4);
    for (const fatal of [false, true]) {
      const options = { fatal, ignoreBOM };
      // Whole.
      r.cases++;
      const n = new native.TextDecoder(label, options);
      const o = new ourClasses.TextDecoder(label, options);
      const ew = run(() => n.decode(bytes));
      const aw = run(() => o.decode(bytes));
      const sw = model(options, (m) => run(() => m.decode(bytes)));
      check(r, { fatal, ignoreBOM, bytes: Array.from(bytes), native: ew, ours: aw }, sw);
      // Whole again, on one decoder per side used for every input of this
      // encoding: by §7.2 step 1 that must not matter. Ours must still give
      // what a new Chromium decoder gives; Chromium's own reused decoder is
      // only counted where it does not (its state leak, C2).
      if (!ignoreBOM) {
        r.cases++;
        const { n: nr, o: or } = reused[Number(fatal)];
        const ar = run(() => or.decode(bytes));
        check(r, { fatal, reused: true, bytes: Array.from(bytes), native: ew, ours: ar }, sw);
        if (!same(ew, run(() => nr.decode(bytes)))) r.chromiumReuseLeaks++;
      }
      // Streamed, on new decoders.
      r.cases++;
      const es = stream(new native.TextDecoder(label, options), bytes, plan, form);
      const as = stream(new ourClasses.TextDecoder(label, options), bytes, plan, form);
      if (modelled) {
        check(r, { fatal, ignoreBOM, bytes: Array.from(bytes), plan, form, native: es, ours: as }, model(options, (m) => stream(m, bytes, plan, form)));
      } else if (!same(es, as)) {
        // In fatal mode, what the spec says after an error (Chromium differs: C1).
        const spec = fatal ? specFatalStream(label, ignoreBOM, callsOf(bytes, plan)) : undefined;
        mismatch(r, { fatal, ignoreBOM, bytes: Array.from(bytes), plan, form, native: es, ours: as, spec });
      }
    }
  }
  return r;
}

/**
 * A random split: chunk lengths with many empty and 1-byte chunks (where a
 * decoder must carry state), and how the stream ends: 'flush' = a final
 * decode() with no argument, 'last' = the last chunk passed without stream.
 */
function splitPlan(rng, length) {
  const chunks = [];
  let left = length;
  while (left > 0) {
    const k = rng.int(10);
    const size = k === 0 ? 0 : k < 5 ? 1 : 1 + rng.int(Math.min(left, 16));
    chunks.push(Math.min(size, left));
    left -= Math.min(size, left);
  }
  if (rng.chance(0.2)) chunks.splice(rng.int(chunks.length + 1), 0, 0);
  return { chunks, end: rng.chance(0.5) ? 'flush' : 'last' };
}

const LONG_PIECES = ['a', 'The quick brown fox ', 'é', 'д', '€', '中文', '😀', '\u{10ffff}', '\ud7ff', '\ue000', '\ufeff', '\u0000', '\u07ff', '\u0800'];

/** Valid UTF-8 of about `length` bytes (long ASCII runs now and then), with 0-3 short runs of biased bytes (errors, cut sequences) put in. */
function longUtf8(rng, length) {
  let text = rng.chance(0.2) ? 'x'.repeat(length) : '';
  while (text.length < length) text += LONG_PIECES[rng.int(LONG_PIECES.length)];
  const bytes = new native.TextEncoder().encode(text);
  for (let k = rng.int(4); k > 0; k--) {
    const bad = biasedBytes(rng, 'UTF-8', 1 + rng.int(4));
    bytes.set(bad, rng.int(bytes.length - bad.length));
  }
  return bytes;
}

/** A split of a long input: chunks of 1 B to 5 KiB, a few empty ones. */
function longSplitPlan(rng, length) {
  const chunks = [];
  for (let left = length; left > 0; ) {
    const size = rng.chance(0.1) ? 0 : Math.min(left, 1 + rng.int(rng.chance(0.5) ? 70 : 5000));
    chunks.push(size);
    left -= size;
  }
  return { chunks, end: rng.chance(0.5) ? 'flush' : 'last' };
}

/** The argument forms a BufferSource can take; both sides get identical ones. */
function asForm(chunk, form) {
  switch (form) {
    case 0: return chunk;
    case 1: { // a view in the middle of a larger buffer
      const big = new Uint8Array(chunk.length + 7);
      big.fill(0xaa);
      big.set(chunk, 3);
      return big.subarray(3, 3 + chunk.length);
    }
    case 2: return chunk.slice().buffer;
    default: return new DataView(chunk.slice().buffer);
  }
}

function stream(decoder, bytes, plan, form) {
  const out = [];
  let pos = 0;
  const { chunks, end } = plan;
  for (let i = 0; i < chunks.length; i++) {
    const chunk = asForm(bytes.subarray(pos, pos + chunks[i]), form);
    pos += chunks[i];
    const last = i === chunks.length - 1 && end === 'last';
    out.push(run(() => (last ? decoder.decode(chunk) : decoder.decode(chunk, { stream: true }))));
  }
  if (end === 'flush' || chunks.length === 0) out.push(run(() => decoder.decode()));
  return out;
}

/**
 * The BOM rules (§7.1 "serialize I/O queue", and UTF-8/UTF-16 decode's BOM
 * sniffing that TextDecoder does NOT do): fixed inputs, every split of each,
 * ignoreBOM on and off, both modes, each decoder used for two streams in a row
 * (BOM seen must reset).
 */
export function bom() {
  const r = report('BOM');
  const inputs = {
    'utf-8': [[0xef, 0xbb, 0xbf], [0xef, 0xbb, 0xbf, 0x41], [0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf, 0x42], [0xef, 0xbb], [0xef, 0xbb, 0x41], [0x41, 0xef, 0xbb, 0xbf], [0xfe, 0xff, 0x41], [0xff, 0xfe, 0x41, 0x00]],
    'utf-16le': [[0xff, 0xfe], [0xff, 0xfe, 0x41, 0x00], [0xff, 0xfe, 0xff, 0xfe], [0xfe, 0xff, 0x00, 0x41], [0xff], [0xff, 0xfe, 0x3d], [0x41, 0x00, 0xff, 0xfe], [0xef, 0xbb, 0xbf, 0x00]],
    'utf-16be': [[0xfe, 0xff], [0xfe, 0xff, 0x00, 0x41], [0xfe, 0xff, 0xfe, 0xff], [0xff, 0xfe, 0x41, 0x00], [0xfe], [0xfe, 0xff, 0xd8], [0x00, 0x41, 0xfe, 0xff]],
  };
  // The other encodings never strip U+FEFF (they have no BOM in TextDecoder).
  inputs['windows-1252'] = [[0xef, 0xbb, 0xbf]];
  inputs.gb18030 = [[0x84, 0x31, 0x95, 0x33, 0x41]];
  for (const [label, list] of Object.entries(inputs)) {
    for (const raw of list) {
      const bytes = Uint8Array.from(raw);
      for (const ignoreBOM of [false, true]) {
        for (const fatal of [false, true]) {
          const n = new native.TextDecoder(label, { fatal, ignoreBOM });
          const o = new ourClasses.TextDecoder(label, { fatal, ignoreBOM });
          // Every split point, including an empty first chunk.
          for (let cut = -1; cut <= bytes.length; cut++) {
            const plan = cut < 0
              ? { chunks: [0, bytes.length], end: 'flush' }
              : { chunks: [cut, bytes.length - cut], end: 'last' };
            r.cases++;
            const e = [stream(n, bytes, plan, 0), stream(n, bytes, plan, 0)];
            const a = [stream(o, bytes, plan, 0), stream(o, bytes, plan, 0)];
            if (!same(e, a)) {
              const one = fatal ? specFatalStream(label, ignoreBOM, callsOf(bytes, plan)) : null;
              mismatch(r, { encoding: label, fatal, ignoreBOM, bytes: raw, plan, native: e, ours: a, spec: one && [one, one] });
            }
          }
        }
      }
    }
  }
  return r;
}
