// The workloads, the same in Node and in Chromium: each makes, from a
// contender's { TextDecoder, TextEncoder } and the inputs, an operation to
// time and a check of its output against the expected one.

import { measure } from './timing.mjs';

const DECODES = [
  ['utf8-ascii', 'utf-8', 'UTF-8 ASCII'],
  ['utf8-mixed', 'utf-8', 'UTF-8 mixed'],
  ['utf8-cjk', 'utf-8', 'UTF-8 CJK'],
  ['utf8-invalid', 'utf-8', 'UTF-8 invalid (~1 % bad bytes)'],
  ['utf-16le', 'utf-16le', 'UTF-16LE mixed'],
  ['windows-1252', 'windows-1252', 'windows-1252'],
  ['shift_jis', 'shift_jis', 'Shift_JIS'],
  ['gbk', 'gbk', 'GBK'],
  ['big5', 'big5', 'Big5'],
  ['euc-kr', 'euc-kr', 'EUC-KR'],
];
const LEGACY = new Set(['windows-1252', 'shift_jis', 'gbk', 'big5', 'euc-kr']);
/** Streaming decodes of a 1 MiB input in chunks of STREAM_CHUNK bytes (separate buffers, as read from a socket or file). */
const STREAMS = [
  ['utf8-mixed', 'utf-8', 'UTF-8 mixed'],
  ['shift_jis', 'shift_jis', 'Shift_JIS'],
];
const STREAM_CHUNK = 4096;

function sameBytes(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The workload list. Each: { id, label, group, big, legacy, units, calls, make(api, data) }
 * where `units` is what MB/s counts (decode: input bytes; encode: UTF-16 code
 * units), `calls` the calls per op (per-call cost), and
 * make() returns { op, check } or throws if the contender lacks the feature.
 */
export function workloads(data) {
  const list = [];
  for (const [id, label, title] of DECODES) {
    const bytes = data[`${id}.bytes`];
    const expected = data[`${id}.text`];
    list.push({
      id: `decode-${id}`, label: `decode 1 MiB ${title}`, group: 'decode', big: true, legacy: LEGACY.has(id),
      units: bytes.length, calls: 1,
      make(api) {
        const decoder = new api.TextDecoder(label);
        return { op: () => decoder.decode(bytes), check: () => decoder.decode(bytes) === expected };
      },
    });
  }
  for (const [id, label, title] of STREAMS) {
    const bytes = data[`${id}.bytes`];
    const expected = data[`${id}.text`];
    const chunks = [];
    for (let i = 0; i < bytes.length; i += STREAM_CHUNK) chunks.push(bytes.slice(i, i + STREAM_CHUNK));
    list.push({
      id: `decode-stream-${id}`, label: `decode 1 MiB ${title}, stream: true, 4 KiB chunks`, group: 'decode', big: true, legacy: LEGACY.has(id),
      units: bytes.length, calls: chunks.length + 1,
      make(api) {
        const decoder = new api.TextDecoder(label);
        const run = () => {
          let text = '';
          for (let i = 0; i < chunks.length; i++) text += decoder.decode(chunks[i], { stream: true });
          return text + decoder.decode();
        };
        return { op: run, check: () => run() === expected };
      },
    });
  }
  for (const kind of ['ascii', 'mixed']) {
    const inputs = data[`small-${kind}.bytes`];
    const texts = data[`small-${kind}.texts`];
    list.push({
      id: `decode-small-${kind}`, label: `decode 16–64 B ×${inputs.length} UTF-8 ${kind}`, group: 'decode', small: true,
      units: inputs.reduce((n, b) => n + b.length, 0), calls: inputs.length,
      make(api) {
        const decoder = new api.TextDecoder();
        return {
          op: () => {
            let n = 0;
            for (let i = 0; i < inputs.length; i++) n += decoder.decode(inputs[i]).length;
            return n;
          },
          check: () => inputs.every((b, i) => decoder.decode(b) === texts[i]),
        };
      },
    });
  }
  for (const kind of ['ascii', 'mixed']) {
    const text = data[`encode-${kind}.text`];
    const expected = data[`encode-${kind}.bytes`];
    list.push({
      id: `encode-${kind}`, label: `encode() 1 Mi units ${kind}`, group: 'encode', big: true,
      units: text.length, calls: 1,
      make(api) {
        const encoder = new api.TextEncoder();
        return { op: () => encoder.encode(text), check: () => sameBytes(encoder.encode(text), expected) };
      },
    });
    list.push({
      id: `encodeinto-${kind}`, label: `encodeInto() 1 Mi units ${kind}`, group: 'encode', big: true,
      units: text.length, calls: 1,
      make(api) {
        const encoder = new api.TextEncoder();
        if (typeof encoder.encodeInto !== 'function') throw new TypeError('no encodeInto');
        const out = new Uint8Array(text.length * 3);
        return {
          op: () => encoder.encodeInto(text, out).written,
          check: () => {
            out.fill(0);
            const r = encoder.encodeInto(text, out);
            return r.read === text.length && r.written === expected.length && sameBytes(out.subarray(0, r.written), expected);
          },
        };
      },
    });
  }
  for (const kind of ['ascii', 'mixed']) {
    const texts = data[`encode-small-${kind}.texts`];
    const expected = data[`encode-small-${kind}.bytes`];
    const units = texts.reduce((n, t) => n + t.length, 0);
    list.push({
      id: `encode-small-${kind}`, label: `encode() ~20 units ×${texts.length} ${kind}`, group: 'encode', small: true,
      units, calls: texts.length,
      make(api) {
        const encoder = new api.TextEncoder();
        return {
          op: () => {
            let n = 0;
            for (let i = 0; i < texts.length; i++) n += encoder.encode(texts[i]).length;
            return n;
          },
          check: () => texts.every((t, i) => sameBytes(encoder.encode(t), expected[i])),
        };
      },
    });
    list.push({
      id: `encodeinto-small-${kind}`, label: `encodeInto() ~20 units ×${texts.length} ${kind}`, group: 'encode', small: true,
      units, calls: texts.length,
      make(api) {
        const encoder = new api.TextEncoder();
        if (typeof encoder.encodeInto !== 'function') throw new TypeError('no encodeInto');
        const out = new Uint8Array(128);
        return {
          op: () => {
            let n = 0;
            for (let i = 0; i < texts.length; i++) n += encoder.encodeInto(texts[i], out).written;
            return n;
          },
          check: () => texts.every((t, i) => {
            const r = encoder.encodeInto(t, out);
            return r.read === t.length && sameBytes(out.subarray(0, r.written), expected[i]);
          }),
        };
      },
    });
  }
  return list;
}

/**
 * Runs the workloads (all, or those `only` lists) for one contender:
 * { id: { status: 'ok' | 'wrong' | 'unsupported' | 'error', ms, ... } }.
 * Wrong output is still timed; a contender that throws is not.
 */
export function runWorkloads(api, data, { settings, now, only, log = () => {}, beforeEach = () => {} }) {
  const results = {};
  for (const w of workloads(data)) {
    if (only && !only.includes(w.id)) continue;
    let job;
    try {
      job = w.make(api);
    } catch (error) {
      results[w.id] = { status: 'unsupported', note: String(error && error.message).slice(0, 120) };
      continue;
    }
    let ok;
    try {
      ok = job.check();
    } catch (error) {
      results[w.id] = { status: 'error', note: String(error && error.message).slice(0, 120) };
      log(`${w.id}: throws ${results[w.id].note}`);
      continue;
    }
    beforeEach();
    const m = measure(job.op, settings, now);
    results[w.id] = { status: ok ? 'ok' : 'wrong', ms: m.ms, runs: m.runs, repeat: m.repeat, spread: m.spread, units: w.units, calls: w.calls };
    log(`${w.id}: ${ok ? '' : 'WRONG '}${(w.units / m.ms / 1000).toFixed(1)} MB/s, ${((m.ms * 1e6) / w.calls).toFixed(0)} ns/call (${m.runs}×${m.repeat})`);
  }
  return results;
}
