// Measures what the detector module's data would weigh coded in other ways
// than the module's own deflate (issue 16: can /detect get under 25,000 B gzip
// by coding chardetng's tables apart from the module?). Markdown on stdout;
// docs/size-log.md ("detect: the data section") quotes it.
//   node tools/detect/measure-data-coding.mjs      (after npm run build)
// Every size is what the package pays: a module as tools/embed-module.mjs
// embeds it (zopfli, base64) measured with gzip -9, and so for coded data
// (base64, gzip -9) and a decoder (esbuild --minify, gzip -9). The cost of a
// part of the data "in the module" is how much smaller the embedded module gets
// when that part is zeroed (the zeros left cost a few bytes of deflate).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync, inflateRawSync } from 'node:zlib';
import zopfli from '@gfx/zopfli';
import { build } from 'esbuild';
import { decodeScoreTables, encodeScoreTables } from './score-table-coder.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const cache = join(root, '.cache/detect-data-coding');
mkdirSync(cache, { recursive: true });
const fmt = (n) => n.toLocaleString('en-US');
const gz = (bytes) => gzipSync(bytes, { level: 9 }).length;
const xz = (bytes) => execFileSync('xz', ['-9e', '--format=raw', '--lzma2=preset=9e,lc=0,lp=0,pb=0', '-c'], { input: bytes }).length;
async function embedded(wasm) {
  const deflated = Buffer.from(await zopfli.deflateAsync(wasm, { numiterations: 15 }));
  if (!inflateRawSync(deflated).equals(wasm)) throw new Error('zopfli round trip');
  return gz(Buffer.from(deflated.toString('base64')));
}
const coded = (bytes) => gz(Buffer.from(Buffer.from(bytes).toString('base64')));

// --- the modules --------------------------------------------------------------
const shipped = readFileSync(join(root, 'build/wasm/detect/module.wasm'));
const linked = join(root, 'build/wasm/detect/linked.wasm');
const packedPath = join(cache, 'memory-packed.wasm');
// The module as built before the data stayed one segment (wasm-opt's default -O3 runs memory-packing).
execFileSync(join(root, 'node_modules/.bin/wasm-opt'), ['-O3', '--converge', '--mvp-features', '--enable-mutable-globals', '--strip-debug', '--strip-producers', linked, '-o', packedPath]);
const packed = readFileSync(packedPath);

/** The data section's active segments: [{ offset (memory), at (in the file), length }]. */
function segments(wasm) {
  let p = 8;
  const leb = () => {
    let r = 0;
    let s = 0;
    let c;
    do {
      c = wasm[p++];
      r |= (c & 0x7f) << s;
      s += 7;
    } while (c & 0x80);
    return r >>> 0;
  };
  const out = [];
  while (p < wasm.length) {
    const id = wasm[p++];
    const size = leb();
    const end = p + size;
    if (id === 11) {
      for (let n = leb(); n > 0; n--) {
        if (leb() !== 0 || wasm[p++] !== 0x41) throw new Error('only active segments at i32.const offsets are read');
        const offset = leb();
        if (wasm[p++] !== 0x0b) throw new Error('segment offset expression');
        const length = leb();
        out.push({ offset, at: p, length });
        p += length;
      }
    }
    p = end;
  }
  return out;
}

const shippedSegments = segments(shipped);
const base = shippedSegments[0].offset;
const last = shippedSegments.at(-1);
const image = Buffer.alloc(last.offset + last.length - base);
for (const s of shippedSegments) shipped.copy(image, s.offset - base, s.at, s.at + s.length);
/** A copy of the shipped module with the image's bytes [from, to) zeroed. */
function zeroed(ranges) {
  const copy = Buffer.from(shipped);
  for (const [from, to] of ranges) {
    for (const s of shippedSegments) {
      const a = Math.max(from, s.offset - base);
      const b = Math.min(to, s.offset - base + s.length);
      if (a < b) copy.fill(0, s.at + a - (s.offset - base), s.at + b - (s.offset - base));
    }
  }
  return copy;
}

// --- chardetng's tables, located in the image from its own source ---------------
const metadata = JSON.parse(execFileSync('cargo', ['metadata', '--format-version', '1', '--manifest-path', join(root, 'detect/Cargo.toml')], { maxBuffer: 1 << 26 }));
const chardetng = metadata.packages.find((p) => p.name === 'chardetng');
const source = readFileSync(join(chardetng.manifest_path, '../src/data.rs'), 'utf8');
const detectorData = source.slice(source.indexOf('pub static DETECTOR_DATA'));
const parts = [];
for (const [, name, values] of detectorData.slice(0, detectorData.indexOf('\n};')).matchAll(/\n {4}(\w+): \[(.*?)\n {4}\],/gs)) {
  const numbers = values.replace(/\/\/[^\n]*/g, '').match(/0x[0-9A-Fa-f]+|\d+/g).map(Number);
  const wide = name.startsWith('frequent_');
  const bytes = Buffer.alloc(numbers.length * (wide ? 2 : 1));
  numbers.forEach((n, i) => (wide ? bytes.writeUInt16LE(n, 2 * i) : (bytes[i] = n)));
  const at = image.indexOf(bytes);
  if (at < 0 || image.indexOf(bytes, at + 1) >= 0) throw new Error(`${name}: not found once in the module's data`);
  const upper = name.toUpperCase();
  const ascii = source.match(new RegExp(`const ${upper}_ASCII: usize = (\\d+);`));
  const nonAscii = source.match(new RegExp(`const ${upper}_NON_ASCII: usize = (\\d+);`));
  parts.push({ name, at, length: bytes.length, score: ascii !== null ? [Number(ascii[1]), Number(nonAscii[1])] : null });
}
const scoreTables = parts.filter((p) => p.score !== null);
const classMaps = parts.filter((p) => p.score === null);
const geometry = scoreTables.map((p) => [p.at, p.score[0], p.score[1]]);
for (const p of scoreTables) {
  const [A, N] = p.score;
  if (A * N + N * (A + N) !== p.length) throw new Error(`${p.name}: ${p.length} bytes, not a ${A}+${N} class table`);
}
const ranges = (list) => list.map((p) => [p.at, p.at + p.length]);
const bytesOf = (list) => Buffer.concat(list.map((p) => image.subarray(p.at, p.at + p.length)));

// --- the module, whole and with parts zeroed ------------------------------------
const packedGz = await embedded(packed);
const shippedGz = await embedded(shipped);
const noTablesGz = await embedded(zeroed(ranges(scoreTables)));
const noChardetngGz = await embedded(zeroed(ranges(parts)));
const noDataGz = await embedded(zeroed([[0, image.length]]));
const tablesInModule = shippedGz - noTablesGz;
const dataInModule = shippedGz - noDataGz;

const out = [];
out.push('### The detector module and its data (base64 of zopfli, gzip -9)', '');
out.push('| module | raw | embedded, gzip -9 |', '|---|--:|--:|');
out.push(`| wasm-opt -O3 (memory-packing: ${segments(packed).length} segments) | ${fmt(packed.length)} | ${fmt(packedGz)} |`);
out.push(`| wasm-opt -O3 --skip-pass=memory-packing (${shippedSegments.length} segments; shipped) | ${fmt(shipped.length)} | ${fmt(shippedGz)} |`);
out.push(`| the same, data image zeroed (${fmt(image.length)} B) | | ${fmt(noDataGz)} (data costs ${fmt(dataInModule)}) |`);
out.push(`| the same, chardetng's ${parts.length} arrays zeroed (${fmt(bytesOf(parts).length)} B) | | ${fmt(noChardetngGz)} (they cost ${fmt(shippedGz - noChardetngGz)}) |`);
out.push(`| the same, its ${scoreTables.length} score tables zeroed (${fmt(bytesOf(scoreTables).length)} B) | | ${fmt(noTablesGz)} (they cost ${fmt(tablesInModule)}) |`);
out.push('');

// --- standalone coders on the image and on the score tables -----------------------
const tables = bytesOf(scoreTables);
out.push('### Standalone (no decoder counted; compare with the cost in the module above)', '');
out.push('| bytes | raw | gzip -9 | zopfli+base64, gzip -9 | xz -9e (raw LZMA2, lc0 lp0 pb0) |', '|---|--:|--:|--:|--:|');
for (const [what, bytes] of [['data image', image], ['score tables', tables], ["chardetng's class maps and frequent CJK", bytesOf(classMaps)]]) {
  out.push(`| ${what} | ${fmt(bytes.length)} | ${fmt(gz(bytes))} | ${fmt(await embedded(bytes))} | ${fmt(xz(bytes))} |`);
}
out.push('');

// --- generic context mixing (ideal code length, float: an estimate of the best such coder) ---
function mixingEstimate(bytes, orders) {
  const tablesOf = orders.map(() => new Map());
  const weights = new Map();
  let bits = 0;
  const clamp = (p) => Math.min(Math.max(p, 1 / 4096), 1 - 1 / 4096);
  for (let i = 0; i < bytes.length; i++) {
    const keys = orders.map((o) => {
      let k = o;
      for (let j = 1; j <= o; j++) k = k * 256 + (i >= j ? bytes[i - j] : 0);
      return k;
    });
    let node = 1;
    for (let b = 7; b >= 0; b--) {
      const bit = (bytes[i] >> b) & 1;
      const slots = keys.map((k, m) => {
        const key = k * 256 + node;
        let s = tablesOf[m].get(key);
        if (!s) tablesOf[m].set(key, (s = { p: 0.5, n: 0 }));
        return s;
      });
      const st = slots.map((s) => Math.log(clamp(s.p) / (1 - clamp(s.p))));
      let w = weights.get(node);
      if (!w) weights.set(node, (w = orders.map(() => 0.3)));
      const p = clamp(1 / (1 + Math.exp(-st.reduce((a, s, m) => a + s * w[m], 0))));
      bits -= Math.log2(bit ? p : 1 - p);
      for (let m = 0; m < w.length; m++) w[m] += 0.02 * (bit - p) * st[m];
      for (const s of slots) {
        s.n = Math.min(s.n + 1, 60);
        s.p += (bit - s.p) / (s.n + 0.5);
      }
      node = node * 2 + bit;
    }
  }
  return Math.ceil(bits / 8);
}
out.push('### Bitwise context mixing, orders 0-2 (ideal code length, float; no decoder counted)', '');
out.push('| bytes | orders 1 | orders 0+1+2 |', '|---|--:|--:|');
for (const [what, bytes] of [['data image', image], ['score tables', tables]]) {
  out.push(`| ${what} | ${fmt(mixingEstimate(bytes, [1]))} | ${fmt(mixingEstimate(bytes, [0, 1, 2]))} |`);
}
out.push('');

// --- the structured coder (tools/detect/score-table-coder.mjs): real bytes, real decoder ---
const codedTables = encodeScoreTables(image, geometry);
const decoded = decodeScoreTables(codedTables, new Uint8Array(image.length), geometry);
for (const p of scoreTables) {
  if (!Buffer.from(decoded.subarray(p.at, p.at + p.length)).equals(image.subarray(p.at, p.at + p.length))) throw new Error(`${p.name}: decodes differently`);
}
const decoder = await build({
  stdin: { contents: `import { decodeScoreTables } from './score-table-coder.mjs'; export { decodeScoreTables };`, resolveDir: join(root, 'tools/detect') },
  bundle: true, minify: true, format: 'esm', write: false,
});
const decoderText = Buffer.from(decoder.outputFiles[0].contents);
const times = [];
for (let run = 0; run < 21; run++) {
  const t0 = process.hrtime.bigint();
  decodeScoreTables(codedTables, new Uint8Array(image.length), geometry);
  times.push(Number(process.hrtime.bigint() - t0) / 1e6);
}
times.sort((a, b) => a - b);
const structured = coded(codedTables);
const structuredNet = tablesInModule - structured - gz(decoderText);
out.push('### Structured coder for the score tables (tools/detect/score-table-coder.mjs)', '');
out.push(`Coded: ${fmt(codedTables.length)} B, ${fmt(structured)} as base64 + gzip -9 (the tables cost ${fmt(tablesInModule)} in the module).`);
out.push(`Decoder: ${fmt(decoderText.length)} B min, ${fmt(gz(decoderText))} gzip -9 (it still carries the encoder's side of the shared model, ~100 B; the geometry, the base64 decoding and the write into the instance's memory are not counted).`);
out.push(`Net saving: ${fmt(tablesInModule)} - ${fmt(structured)} - ${fmt(gz(decoderText))} = **${fmt(structuredNet)} B** gzip.`);
out.push(`Decode in Node (this process, ${times.length} runs after each other, so optimised after the first few): min ${times[0].toFixed(2)} ms, median ${times[10].toFixed(2)} ms.`);
out.push('');

// --- the tables split into two streams for deflate (the package's inflater is free) ---
const kinds = Buffer.alloc(Math.ceil(tables.length / 4));
const scores = [];
tables.forEach((v, i) => {
  kinds[i >> 2] |= (v === 0 ? 0 : v === 255 ? 2 : 1) << (2 * (i & 3));
  if (v !== 0 && v !== 255) scores.push(v);
});
const split = await embedded(Buffer.concat([kinds, Buffer.from(scores)]));
out.push('### The score tables as two streams for deflate (kinds, 2 bits a cell; then the scores), zopfli + base64', '');
out.push(`${fmt(split)} B gzip against ${fmt(tablesInModule)} in the module: ${fmt(tablesInModule - split)} B before the code that interleaves them again.`);

console.log(out.join('\n'));
