// TextDecoderStream / TextEncoderStream, ours against Chromium's, in the same
// page. The page's inline script keeps the natives in window.__nativeStreams
// before setup.js deletes the globals; ours come from the ESM build and use
// the page's own TransformStream. Only mismatches travel back to Node.
import { ourClasses } from './setup.js';
import { prng, subSeed } from './prng.js';
import { biasedBytes } from './inputs.js';
import { explain, explainModelled } from './chromium-divergences.js';
import { specDecoder } from './spec-model.js';
export { load as loadSpecIndex } from './spec-index.js';

const native = window.__nativeStreams;
const ours = await import('/pkg/dist/index.js');
const MAX_EXAMPLES = 20;

function report(label) {
  return { label, cases: 0, differences: 0, examples: [], documented: {}, documentedExamples: [] };
}

function mismatch(r, example) {
  const why = explain(r.label, example);
  if (why) {
    r.documented[why] = (r.documented[why] || 0) + 1;
    if (r.documentedExamples.length < 3) r.documentedExamples.push({ why, ...example });
    return;
  }
  r.differences++;
  if (r.examples.length < MAX_EXAMPLES) r.examples.push(example);
}

const errorName = (e) => (e && e.constructor ? e.constructor.name : typeof e);

/**
 * Writes the chunks (awaiting each write) while reading; the outcome is the
 * concatenated output and the error that ended it (null: closed normally),
 * plus whether the writable side rejected with the same kind of error.
 */
async function pump(stream, chunks, join) {
  const writer = stream.writable.getWriter();
  const reader = stream.readable.getReader();
  const out = [];
  let error = null;
  const reading = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        out.push(value);
      }
    } catch (e) {
      error = errorName(e);
    }
  })();
  let writeError = null;
  for (const chunk of [...chunks, 'close']) {
    try {
      if (chunk === 'close') await writer.close();
      else await writer.write(chunk);
    } catch (e) {
      writeError = errorName(e);
      break;
    }
  }
  await reading;
  return { output: join(out), error, writeError, empty: out.some((c) => c.length === 0) };
}

/** Random split: chunk sizes 0 (1 in 6), 1 (1 in 6), else 2..64. */
function split(rng, bytes) {
  const chunks = [];
  for (let at = 0; at < bytes.length;) {
    const r = rng.int(6);
    const size = r === 0 ? 0 : r === 1 ? 1 : 2 + rng.int(63);
    chunks.push(bytes.slice(at, at + size));
    at += size;
  }
  if (rng.chance(0.2)) chunks.splice(rng.int(chunks.length + 1), 0, new Uint8Array(0));
  return chunks;
}

const outcome = (x) => (x.error ? [x.output, { threw: x.error }] : x.output);
const sameOutcome = (a, b) => a.output === b.output && a.error === b.error;

/**
 * The spec model of a TextDecoderStream: "decode and enqueue a chunk" is a
 * streaming decode() of the chunk, "flush and enqueue" a final decode(); the
 * first TypeError errors the stream.
 */
function modelStream(label, fatal, chunks) {
  const m = specDecoder(label, { fatal });
  let output = '';
  let error = null;
  try {
    for (const chunk of chunks) output += m.decode(chunk, { stream: true });
    output += m.decode();
  } catch (e) {
    error = errorName(e);
  }
  return { output, error, events: m.events };
}

/** Seeded random byte streams for one encoding, random chunkings, both error modes, random ignoreBOM. */
export async function decode(label, seed, count) {
  const r = report(label);
  const modelled = specDecoder(label) !== null;
  const rng = prng(subSeed(seed, `stream ${label}`));
  for (let i = 0; i < count; i++) {
    const bytes = biasedBytes(rng, label, rng.int(96));
    const fatal = rng.chance(0.5);
    const ignoreBOM = rng.chance(0.3);
    const chunks = split(rng, bytes);
    const n = await pump(new native.TextDecoderStream(label, { fatal, ignoreBOM }), chunks, (c) => c.join(''));
    const o = await pump(new ours.TextDecoderStream(label, { fatal, ignoreBOM }), chunks, (c) => c.join(''));
    r.cases++;
    const example = { encoding: label, fatal, ignoreBOM, bytes: Array.from(bytes), chunks: chunks.map((c) => c.length), native: outcome(n), ours: outcome(o) };
    if (o.empty) {
      mismatch(r, { ...example, native: 'no empty chunks', ours: 'an empty chunk' });
      continue;
    }
    const model = modelled ? modelStream(label, fatal, chunks) : null;
    if (model) {
      // EUC-JP, ISO-2022-JP: ours must equal the spec model (tests/browser/page/spec-model.js);
      // where Chromium differs, the model's events name the documented divergence (C6, C7).
      if (!sameOutcome(o, model)) {
        r.differences++;
        if (r.examples.length < MAX_EXAMPLES) r.examples.push({ ...example, spec: outcome(model) });
      } else if (!sameOutcome(n, o)) {
        const why = explainModelled({ ...example, spec: outcome(model) }, model.events);
        if (why) {
          r.documented[why] = (r.documented[why] || 0) + 1;
        } else {
          r.differences++;
          if (r.examples.length < MAX_EXAMPLES) r.examples.push({ ...example, spec: outcome(model), unexplained: true });
        }
      }
    } else if (!sameOutcome(n, o) || n.writeError !== o.writeError) {
      mismatch(r, example);
    }
  }
  return r;
}

function randomUnits(rng, length) {
  const units = [];
  while (units.length < length) {
    switch (rng.int(7)) {
      case 0: case 1: units.push(rng.int(0x80)); break;
      case 2: units.push(0x80 + rng.int(0x780)); break;
      case 3: units.push(0xe000 + rng.int(0x1fff)); break;
      case 4: units.push(0xd800 + rng.int(0x400), 0xdc00 + rng.int(0x400)); break; // a pair (often split below)
      case 5: units.push(0xd800 + rng.int(0x400)); break; // lone high
      default: units.push(0xdc00 + rng.int(0x400)); break; // lone low
    }
  }
  return units;
}

const joinBytes = (chunks) => {
  const out = [];
  for (const c of chunks) for (let i = 0; i < c.length; i++) out.push(c[i]);
  return out.join(',');
};

/** Random strings cut into random chunks (pairs split across chunks often; empty chunks), ours against Chromium's. */
export async function encode(seed, count) {
  const r = report('utf-8');
  const rng = prng(subSeed(seed, 'stream encoder'));
  for (let i = 0; i < count; i++) {
    const units = randomUnits(rng, rng.int(40));
    const chunks = [];
    for (let at = 0; at < units.length;) {
      const size = rng.chance(0.2) ? 0 : 1 + rng.int(6);
      chunks.push(String.fromCharCode(...units.slice(at, at + size)));
      at += size;
    }
    if (rng.chance(0.1)) chunks.push(rng.pick([undefined, null, 42, {}, ['x']]));
    const n = await pump(new native.TextEncoderStream(), chunks, joinBytes);
    const o = await pump(new ours.TextEncoderStream(), chunks, joinBytes);
    r.cases++;
    if (o.empty || n.output !== o.output || n.error !== o.error) {
      mismatch(r, { op: 'TextEncoderStream', string: chunks.map(String).join('|'), native: n.output, ours: o.output });
    }
  }
  return r;
}

/** Shape facts of both classes, ours against Chromium's, and the checks a browser's bindings do. */
export function shape() {
  const facts = (C) => {
    const proto = C.prototype;
    const d = Object.fromEntries(Reflect.ownKeys(proto).filter((k) => typeof k === 'string' && k !== 'constructor').map((k) => {
      const x = Object.getOwnPropertyDescriptor(proto, k);
      return [k, { get: typeof x.get, set: typeof x.set, enumerable: x.enumerable, configurable: x.configurable, getName: x.get && x.get.name }];
    }));
    let illegal;
    try { Object.getOwnPropertyDescriptor(proto, 'readable').get.call({}); } catch (e) { illegal = errorName(e); }
    let noNew;
    try { C(); } catch (e) { noNew = errorName(e); }
    const instance = new C();
    return {
      name: C.name, length: C.length, keys: Reflect.ownKeys(proto).map(String), descriptors: d, illegal, noNew,
      tag: Object.prototype.toString.call(instance),
      readable: instance.readable instanceof ReadableStream, writable: instance.writable instanceof WritableStream,
      same: instance.readable === instance.readable,
    };
  };
  const labels = {};
  for (const label of ['utf8', ' UTF-16 ', 'sjis', 'replacement', 'iso-2022-kr', 'bogus', '']) {
    const one = (C) => { try { return new C(label).encoding; } catch (e) { return { threw: errorName(e) }; } };
    labels[label] = { native: one(native.TextDecoderStream), ours: one(ours.TextDecoderStream) };
  }
  return {
    decoder: { native: facts(native.TextDecoderStream), ours: facts(ours.TextDecoderStream) },
    encoder: { native: facts(native.TextEncoderStream), ours: facts(ours.TextEncoderStream) },
    labels,
  };
}

void ourClasses;
