// What the Encoding Standard says a FATAL STREAMING decode does after an
// error, derived from Chromium's own decoder where Chromium is right and the
// spec's structure where it is not (DIVERGENCES.md, "Chromium", C1):
//
// §7.2 decode(): an error in "fatal" mode throws from inside the read loop;
// the items not yet read stay in the decoder's I/O queue, the bytes a handler
// restored are put back in front of them (§3 "restore"), and since do not
// flush stays true the next call continues with that queue and that decoder.
// Chromium instead drops the rest of the call's input.
//
// Method, without our implementation: the decoders this is used for are back
// in their initial state after returning error (each error step resets its
// lead/needed/surrogate state). So after an error the stream continues like a
// new native decoder fed the remaining bytes Q[e:]. The error's byte t is
// found by feeding native prefixes; e (t+1 minus the bytes restored, 0 to 3)
// is the unique candidate for which the native replacement-mode output of the
// whole queue equals output-before-the-error + U+FFFD + output-of-Q[e:].
//
// EUC-JP and ISO-2022-JP are different: Chromium's decoders themselves do not
// follow the spec there (DIVERGENCES.md C6, C7), so they get an independent
// model, transcribed from the spec's steps (spec-decoder.js, spec-euc-jp.js,
// spec-iso-2022-jp.js), which decode.js compares ours with on every case
// (specFatalStream() is not used for them).
import { native } from './setup.js';
import { SpecTextDecoder } from './spec-decoder.js';
import { eucJpDecoder } from './spec-euc-jp.js';
import { iso2022JpDecoder } from './spec-iso-2022-jp.js';

const MODELLED = { 'euc-jp': eucJpDecoder, 'iso-2022-jp': iso2022JpDecoder };

/** A TextDecoder per the spec model for `label` (an encoding name), or null when there is no model for it. */
export function specDecoder(label, options) {
  const newDecoder = MODELLED[label.toLowerCase()];
  return newDecoder ? new SpecTextDecoder(newDecoder, options) : null;
}

const N = native.TextDecoder;
const FFFD = '\ufffd';

const cat = (a, b) => {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
};
const tryDecode = (d, bytes, stream) => {
  try {
    return d.decode(bytes, { stream });
  } catch {
    return null;
  }
};

/** The calls a stream plan makes: [{ input, stream }] (same construction as decode.js's stream()). */
export function callsOf(bytes, plan) {
  const calls = [];
  let pos = 0;
  plan.chunks.forEach((n, i) => {
    calls.push({ input: bytes.subarray(pos, pos + n), stream: !(i === plan.chunks.length - 1 && plan.end === 'last') });
    pos += n;
  });
  if (plan.end === 'flush' || plan.chunks.length === 0) calls.push({ input: new Uint8Array(0), stream: false });
  return calls;
}

/** The spec's outcomes of a fatal streaming decode, or null when they cannot be derived unambiguously. */
export function specFatalStream(label, ignoreBOM, calls) {
  if (MODELLED[label.toLowerCase()]) throw new Error(`specFatalStream: use specDecoder() for ${label}`);
  // Candidate branches can meet again: remember where each one led.
  const memo = new Map();
  const go = (i, leftover, bomSeen) => {
    const key = `${i}|${leftover.join()}|${bomSeen}`;
    if (!memo.has(key)) memo.set(key, walk(i, leftover, bomSeen));
    return memo.get(key);
  };
  const walk = (i, leftover, bomSeen) => {
    const seg = new N(label, { fatal: true, ignoreBOM: ignoreBOM || bomSeen });
    // A twin that never strips a BOM: it tells whether any item was serialized.
    const twin = new N(label, { fatal: true, ignoreBOM: true });
    let head = leftover;
    let q = head;
    const out = [];
    for (; i < calls.length; i++) {
      const { input, stream } = calls[i];
      const feed = cat(head, input);
      q = cat(q, input);
      head = new Uint8Array(0);
      const r = tryDecode(seg, feed, stream);
      const raw = tryDecode(twin, feed, stream);
      if (r !== null) {
        if (raw !== null && raw.length > 0) bomSeen = true;
        out.push(r);
        if (!stream) return out; // the stream is over; later calls start anew
        continue;
      }
      out.push({ threw: 'TypeError' });
      if (!stream) return out;
      // The rest of the stream's bytes help tell candidates apart.
      const future = calls.slice(i + 1).reduce((acc, c) => cat(acc, c.input), new Uint8Array(0));
      const next = afterError(label, q, future);
      if (next.length === 0) return null;
      // Ambiguous candidates are fine only if they lead to the same outcomes.
      const futures = next.map((e) => go(i + 1, q.subarray(e), bomSeen));
      const first = JSON.stringify(futures[0]);
      if (futures.some((f) => f === null || JSON.stringify(f) !== first)) return null;
      return out.concat(futures[0]);
    }
    return out;
  };
  return go(0, new Uint8Array(0), false);
}

function replacementFlush(label, bytes) {
  return new N(label, { ignoreBOM: true }).decode(bytes);
}

/** Candidates e for where the queue resumes after the first error in q. */
function afterError(label, q, future) {
  let t = -1;
  for (let j = 1; j <= q.length; j++) {
    if (tryDecode(new N(label, { fatal: true, ignoreBOM: true }), q.subarray(0, j), true) === null) {
      t = j - 1;
      break;
    }
  }
  if (t < 0) return [];
  const before = tryDecode(new N(label, { fatal: true, ignoreBOM: true }), q.subarray(0, t), true);
  // The equation must hold whatever follows: the real rest of the stream,
  // nothing, and a few bytes that complete or break a pending sequence.
  const suffixes = [future, [], [0x30], [0x41], [0x81, 0x30], [0xa1, 0xa1], [0x80], [0x21, 0x21]].map((x) => Uint8Array.from(x));
  const out = [];
  for (let e = t + 1; e >= Math.max(0, t - 2); e--) {
    const holds = suffixes.every((sfx) => replacementFlush(label, cat(q, sfx)) === before + FFFD + replacementFlush(label, cat(q.subarray(e), sfx)));
    if (holds) out.push(e);
  }
  return out;
}
