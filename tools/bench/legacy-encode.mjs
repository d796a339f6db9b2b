// Legacy encode throughput (part of `npm run bench`; alone:
// `node tools/bench/legacy-encode.mjs [--quick] [--runs N]`): text-encoding-wasm/extra's
// LegacyEncoder against @exodus/bytes (createMultibyteEncoder /
// createSinglebyteEncoder) and iconv-lite, in Node, on 1 Mi-character texts
// made from the WHATWG index files (tools/bench/legacy.mjs; every character
// encodable, so "fatal" mode never throws). Each contender runs in its own
// child process; every output is checked against the bytes the text was made
// from. Also the first call's cost (tables or reverse maps built at first use).
// Prints a markdown section.
import { execFileSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { legacyText } from './legacy.mjs';
import { mkdirSync, writeFileSync } from 'node:fs';
import { CACHE, ROOT } from './paths.mjs';
import { createRandom } from './prng.mjs';
import { measure, TIMING } from './timing.mjs';

const ENCODINGS = ['shift_jis', 'gbk', 'gb18030', 'big5', 'euc-kr', 'windows-1252'];
// @exodus/bytes twice: its default files (pure JS, what a runtime without
// Buffer gets; bundled without the "node" condition as tools/bench/contenders.mjs
// does for the decoders) and its Node files (Buffer's latin1 fast path).
const CONTENDERS = ['text-encoding-wasm', '@exodus/bytes', '@exodus/bytes (node)', 'iconv-lite'];
const MI = 1 << 20;

/** 1 Mi characters of `encoding` text (a third ASCII) and the bytes it must encode to. */
function input(encoding) {
  // gb18030 encodes GBK's two-byte repertoire the same way.
  const family = encoding === 'gb18030' ? 'gbk' : encoding;
  const random = createRandom(0x1e9ac7 + ENCODINGS.indexOf(encoding));
  // Two-byte characters take 2 bytes, ASCII 1: about 1.67 bytes per character.
  const size = family === 'windows-1252' ? MI : Math.round(MI * 1.67);
  const { bytes, text } = legacyText(family, size, random, 1 / 3);
  return { bytes, text };
}

async function makeEncoder(contender, encoding) {
  if (contender === 'text-encoding-wasm') {
    const { LegacyEncoder } = await import(`${ROOT}pkg/dist/extra.js`);
    const encoder = new LegacyEncoder(encoding, { mode: 'fatal' });
    return (text) => encoder.encode(text);
  }
  if (contender.startsWith('@exodus/bytes')) {
    const node = contender.endsWith('(node)');
    if (encoding === 'windows-1252') {
      const m = node ? await import('@exodus/bytes/single-byte.js') : await import(await pureExodus());
      return m.createSinglebyteEncoder(encoding, { mode: 'fatal' });
    }
    const m = node ? await import('@exodus/bytes/multi-byte.js') : await import(await pureExodus());
    return m.createMultibyteEncoder(encoding, { mode: 'fatal' });
  }
  const iconv = (await import('iconv-lite')).default;
  return (text) => iconv.encode(text, encoding);
}

/** @exodus/bytes's encoders bundled with no export condition (its pure-JS files); returns the bundle's path. */
async function pureExodus() {
  const esbuild = await import('esbuild');
  mkdirSync(`${CACHE}/entries`, { recursive: true });
  const entry = `${CACHE}/entries/exodus-encoders.mjs`;
  writeFileSync(entry, "export { createSinglebyteEncoder } from '@exodus/bytes/single-byte.js';\nexport { createMultibyteEncoder } from '@exodus/bytes/multi-byte.js';\n");
  const outfile = `${CACHE}/node/exodus-encoders.mjs`;
  await esbuild.build({
    entryPoints: [entry], outfile, bundle: true, format: 'esm', platform: 'neutral', mainFields: ['module', 'main'],
    conditions: [], nodePaths: [`${ROOT}node_modules`], logLevel: 'error', target: 'es2022',
  });
  return outfile;
}

/** In a child: time one contender on every encoding; prints JSON. */
async function child(contender, quick) {
  delete globalThis.TextDecoder;
  delete globalThis.TextEncoder;
  const results = {};
  for (const encoding of ENCODINGS) {
    const { bytes, text } = input(encoding);
    const t = performance.now();
    const encode = await makeEncoder(contender, encoding);
    encode(text.slice(0, 65));
    const firstMs = performance.now() - t;
    const out = encode(text);
    const same = out.length === bytes.length && Buffer.from(out.buffer, out.byteOffset, out.length).equals(Buffer.from(bytes));
    const timing = measure(() => encode(text), quick ? TIMING.quick : TIMING.full, () => performance.now());
    results[encoding] = { ms: timing.ms, firstMs, bytes: bytes.length, chars: text.length, same };
  }
  process.stdout.write(JSON.stringify(results));
}

async function main() {
  const quick = process.argv.includes('--quick');
  const runsAt = process.argv.indexOf('--runs');
  const runCount = runsAt > 0 ? Math.max(1, Number(process.argv[runsAt + 1]) || 1) : 1;
  // Whole runs, each contender in a fresh child per run; a goal is judged on
  // the least ratio over the runs (the machine is shared and noisy).
  const runs = [];
  for (let run = 0; run < runCount; run++) {
    const all = {};
    for (const contender of CONTENDERS) {
      const args = [new URL(import.meta.url).pathname, '--child', contender, ...(quick ? ['--quick'] : [])];
      all[contender] = JSON.parse(execFileSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 24 }));
    }
    runs.push(all);
  }
  const all = runs[runs.length - 1];
  const mbps = (r) => (r.bytes / 1e6 / (r.ms / 1000)).toFixed(0);
  const ratio = (a, encoding, peer) => a[peer][encoding].ms / a['text-encoding-wasm'][encoding].ms;
  const lines = [
    `Node ${process.version}; 1 Mi characters per text (a third ASCII), "fatal" mode; MB/s of output (the last of ${runCount} run(s), each the median repetition). ✗: output differs from the bytes the text was made from.`,
    '',
    `| encoding | ${CONTENDERS.join(' | ')} | ours / @exodus/bytes, each run | **min** | ours / iconv-lite | first call (ours / @exodus, ms) |`,
    `|---|${CONTENDERS.map(() => '--:').join('|')}|--:|--:|--:|--:|`,
  ];
  let met = 0;
  for (const encoding of ENCODINGS) {
    const cell = (c) => `${mbps(all[c][encoding])}${all[c][encoding].same ? '' : ' ✗'}`;
    const ours = all['text-encoding-wasm'][encoding];
    const vsExodus = runs.map((a) => ratio(a, encoding, '@exodus/bytes'));
    const least = Math.min(...vsExodus);
    const vsIconv = ratio(all, encoding, 'iconv-lite');
    if (least >= 1 && runs.every((a) => a['text-encoding-wasm'][encoding].same)) met++;
    lines.push(`| ${encoding} | ${CONTENDERS.map(cell).join(' | ')} | ${vsExodus.map((r) => r.toFixed(2)).join(' / ')} | **${least.toFixed(2)}** | ${vsIconv.toFixed(2)} | ${ours.firstMs.toFixed(1)} / ${all['@exodus/bytes'][encoding].firstMs.toFixed(1)} |`);
  }
  lines.push('', `Goal ≥ 1.0× @exodus/bytes on all ${ENCODINGS.length} (minimum over ${runCount} run(s)): ${met === ENCODINGS.length ? 'met' : `**met on ${met} of ${ENCODINGS.length}**`}. ` +
    'First call: making the encoder and encoding 65 characters in a fresh process (for ours the CJK reverse map is built then, for @exodus/bytes its encode table).');
  process.stdout.write(lines.join('\n') + '\n');
}

if (process.argv.includes('--child')) await child(process.argv[process.argv.indexOf('--child') + 1], process.argv.includes('--quick'));
else await main();
