// Expected results for the portable conformance harness
// (tests/runtimes/conformance.js), made from the WHATWG index files and
// encodings.json alone (data/whatwg-index), with the spec's byte
// formulas: never from this package's output. Node's Buffer (an independent
// UTF-8 encoder) gives TextEncoder's expected bytes.
import { readFileSync } from 'node:fs';

/** The index file as a Map pointer -> code point. */
function readIndex(dir, name) {
  const map = new Map();
  for (const line of readFileSync(`${dir}/index-${name}.txt`, 'utf8').split('\n')) {
    const m = /^\s*(\d+)\s+0x([0-9A-Fa-f]+)/.exec(line);
    if (m) map.set(Number(m[1]), parseInt(m[2], 16));
  }
  return map;
}

/** A small seeded PRNG (mulberry32), so the samples are the same every run. */
function prng(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` entries of `index` picked at random (seeded), filtered by `keep`. */
function sample(index, count, seed, keep = () => true) {
  const pointers = [...index.keys()].filter(keep);
  const next = prng(seed);
  const picked = [];
  for (let i = 0; i < count && pointers.length; i++) picked.push(pointers.splice(Math.floor(next() * pointers.length), 1)[0]);
  return picked.sort((a, b) => a - b);
}

export function makeExpectations(dir, { cjkSamples = 150 } = {}) {
  const encodings = JSON.parse(readFileSync(`${dir}/encodings.json`, 'utf8'));
  const labels = [];
  const singleByte = [];
  for (const group of encodings) {
    for (const enc of group.encodings) {
      const name = enc.name.toLowerCase();
      for (const label of enc.labels) labels.push([label, name === 'replacement' ? null : name]);
      if (group.heading === 'Legacy single-byte encodings') {
        // §9.1: bytes 0x80-0xFF map through the index; a missing entry is an error.
        // iso-8859-8-i shares iso-8859-8's index (only the HTML bidi handling differs).
        const index = readIndex(dir, name === 'iso-8859-8-i' ? 'iso-8859-8' : name);
        const high = [];
        for (let p = 0; p < 128; p++) high.push(index.has(p) ? index.get(p) : -1);
        singleByte.push([name, high]);
      }
    }
  }
  // x-user-defined (§14.5): byte b >= 0x80 decodes to U+F780 + b - 0x80.
  const userDefined = [];
  for (let p = 0; p < 128; p++) userDefined.push(0xf780 + p);
  singleByte.push(['x-user-defined', userDefined]);
  // Multi-byte: [encoding, bytes, expected code points] per sample, bytes from the spec's pointer formulas.
  const cjk = [];
  const jis0208 = readIndex(dir, 'jis0208');
  const sjisTrail = (t) => (t < 0x3f ? t + 0x40 : t + 0x41);
  for (const p of sample(jis0208, cjkSamples, 1, (p) => p < 8836 || p > 10715)) {
    const lead = Math.floor(p / 188);
    cjk.push(['shift_jis', [lead < 0x1f ? lead + 0x81 : lead + 0xc1, sjisTrail(p % 188)], [jis0208.get(p)]]);
  }
  // EUC-JP and ISO-2022-JP reach rows 1-94 only (pointer < 94 * 94); the rest of index-jis0208 is Shift_JIS's IBM extensions.
  for (const p of sample(jis0208, cjkSamples, 2, (p) => p < 94 * 94)) {
    cjk.push(['euc-jp', [Math.floor(p / 94) + 0xa1, (p % 94) + 0xa1], [jis0208.get(p)]]);
    cjk.push(['iso-2022-jp', [0x1b, 0x24, 0x42, Math.floor(p / 94) + 0x21, (p % 94) + 0x21, 0x1b, 0x28, 0x42], [jis0208.get(p)]]);
  }
  const eucKr = readIndex(dir, 'euc-kr');
  for (const p of sample(eucKr, cjkSamples, 3)) cjk.push(['euc-kr', [Math.floor(p / 190) + 0x81, (p % 190) + 0x41], [eucKr.get(p)]]);
  const big5 = readIndex(dir, 'big5');
  // Pointers below (0xA1 - 0x81) * 157 are HKSCS (the decoder still maps them); 1133, 1135, 1164, 1166 decode to two code points.
  for (const p of sample(big5, cjkSamples, 4, (p) => ![1133, 1135, 1164, 1166].includes(p))) {
    const t = p % 157;
    cjk.push(['big5', [Math.floor(p / 157) + 0x81, t < 0x3f ? t + 0x40 : t + 0x62], [big5.get(p)]]);
  }
  const gb = readIndex(dir, 'gb18030');
  for (const p of sample(gb, cjkSamples, 5)) {
    const t = p % 190;
    const bytes = [Math.floor(p / 190) + 0x81, t < 0x3f ? t + 0x40 : t + 0x41];
    cjk.push(['gbk', bytes, [gb.get(p)]]);
    cjk.push(['gb18030', bytes, [gb.get(p)]]);
  }
  // gb18030 four-byte sequences: the spec's ranges index (pointer -> code point by offset).
  const ranges = [...readIndex(dir, 'gb18030-ranges').entries()].sort((a, b) => a[0] - b[0]);
  const next = prng(6);
  for (let i = 0; i < 40; i++) {
    const r = Math.floor(next() * (ranges.length - 1));
    const [p0, c0] = ranges[r];
    const p = p0 + Math.floor(next() * Math.min(ranges[r + 1][0] - p0, 50));
    const b1 = Math.floor(p / 12600), b2 = Math.floor((p % 12600) / 1260), b3 = Math.floor((p % 1260) / 10), b4 = p % 10;
    cjk.push(['gb18030', [b1 + 0x81, b2 + 0x30, b3 + 0x81, b4 + 0x30], [c0 + p - p0]]);
  }
  // TextEncoder: strings and their UTF-8 by Node's Buffer (lone surrogates: U+FFFD, EF BF BD).
  const strings = ['', 'ascii', 'h\u00e9llo', '\u20ac\u3042\ud83d\ude00', '\ud800', 'a\udc00b', '\uffff\u0000\u007f\u0080\u07ff\u0800'];
  const encode = strings.map((s) => [s, [...Buffer.from(s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'), 'utf8')]]);
  return { labels, singleByte, cjk, encode };
}
