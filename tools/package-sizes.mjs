// The package's entry points beside the JS peers, min+gzip: what a user of each
// downloads. Ours are the rows of the entry matrix (tools/entries.mjs), bundled
// from pkg/dist/ as a code-splitting bundler would (eager chunks); each peer is bundled with esbuild
// (--bundle --minify, ESM, default export conditions: the peers' "node" and
// "browser" files lean on Buffer or the native classes) from node_modules,
// where package.json pins them as devDependencies.
//
//   node tools/package-sizes.mjs     (run by tools/size-report.sh after a build)
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import { entries } from './entries.mjs';

const root = new URL('..', import.meta.url).pathname;
const gz = (bytes) => gzipSync(bytes, { level: 9 }).length;
const fmt = (n) => n.toLocaleString('en-US');

const peers = [
  ['@exodus/bytes encoding.js (all encodings)', "export { TextDecoder, TextEncoder } from '@exodus/bytes/encoding.js';"],
  ['@exodus/bytes encoding-lite.js (UTF + single-byte)', "export { TextDecoder, TextEncoder } from '@exodus/bytes/encoding-lite.js';"],
  ['text-encoding (all encodings)', "import te from 'text-encoding'; export const { TextDecoder, TextEncoder } = te;"],
  ['fast-text-encoding (UTF-8 only, wrong on invalid input)', "import 'fast-text-encoding';"],
];

const rows = [];
// Ours, from the entry matrix (tools/entries.mjs): each entry as a user's
// code-splitting bundler emits it (esbuild --bundle --minify --splitting,
// ESM): the eager chunks only, i.e. what loads before the first line runs;
// what an entry imports lazily (the no-WebAssembly fallback) is not counted.
const work = `${root}.cache/package-sizes`;
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
// An entry that builds on another (a family on its lite entry, /extra on the
// main entry) is bundled with all of that one's exports too: it imports only
// some, and the dist files keep their pure annotations
// (tools/build-package.mjs), so the rest would be left out.
async function eagerBytes(file, base = [], names = '*') {
  const entry = `${work}/${file.replace(/\W/g, '_')}${names === '*' ? '' : '_named'}.mjs`;
  writeFileSync(entry, [file, ...base].map((f, i) => `export ${i === 0 ? names : '*'} from ${JSON.stringify(`${root}pkg/dist/${f}`)};\n`).join(''));
  const result = await esbuild.build({
    entryPoints: [entry], bundle: true, minify: true, splitting: true, format: 'esm', outdir: `${work}/out`,
    write: false, metafile: true, logLevel: 'silent', platform: 'neutral',
  });
  const byPath = new Map(result.outputFiles.map((f) => [f.path.slice(process.cwd().length + 1), f.contents]));
  const outputs = result.metafile.outputs;
  const main = Object.keys(outputs).find((o) => outputs[o].entryPoint);
  const eager = new Set();
  const visit = (o) => {
    if (eager.has(o)) return;
    eager.add(o);
    for (const i of outputs[o].imports) if (i.kind === 'import-statement' && outputs[i.path]) visit(i.path);
  };
  visit(main);
  const chunks = [...eager].map((o) => result.outputFiles.find((f) => f.path.endsWith(o)).contents);
  const raw = chunks.reduce((n, c) => n + c.length, 0);
  return { raw, gzip: chunks.reduce((n, c) => n + gz(c), 0) };
}
for (const entry of entries()) {
  if (!entry.size) continue;
  const file = `${entry.file}.js`;
  if (!existsSync(`${root}pkg/dist/${file}`)) {
    console.error(`package-sizes: pkg/dist/${file} is missing; run npm run build first`);
    process.exit(1);
  }
  const { raw, gzip } = entry.formats[0] === 'classic'
    ? { raw: readFileSync(`${root}pkg/dist/${file}`).length, gzip: gz(readFileSync(`${root}pkg/dist/${file}`)) }
    : await eagerBytes(file, (entry.family ? [`${entry.backend === 'js' ? 'js-' : ''}lite`] : Object.values(entry.shares || {})).map((f) => `${f}.js`));
  const goal = entry.size.goal;
  rows.push(`| ${entry.size.label} | ${fmt(raw)} | ${fmt(gzip)} | ${goal ? `≤ ${fmt(goal)} gzip` : ''} | ${goal ? (gzip <= goal ? 'yes' : `**no** (+${fmt(gzip - goal)})`) : ''} |`);
  // A wasm plain entry as the peers below are measured: an importer of the
  // two classes only, whose bundler leaves out the stream classes and install
  // (the dist files' pure annotations, tools/build-package.mjs).
  if (entry.types === 'index' && entry.backend === 'wasm') {
    const named = await eagerBytes(file, [], '{ TextDecoder, TextEncoder }');
    rows.push(`| ${entry.subpath}: TextDecoder and TextEncoder only (as the peers are measured) | ${fmt(named.raw)} | ${fmt(named.gzip)} | | |`);
  }
}
for (const [name, contents] of peers) {
  let line;
  try {
    const result = await esbuild.build({
      stdin: { contents, resolveDir: root, loader: 'js' },
      bundle: true, minify: true, format: 'esm', write: false, logLevel: 'silent', platform: 'neutral',
      mainFields: ['module', 'main'],
    });
    const bytes = result.outputFiles[0].contents;
    line = `| ${name} | ${fmt(bytes.length)} | ${fmt(gz(bytes))} | peer | |`;
  } catch (error) {
    line = `| ${name} | not installed (npm install) | | peer | |`;
  }
  rows.push(line);
}
// The install: what `npm pack --dry-run` reports for pkg/.
const [packed] = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json'], { cwd: `${root}pkg`, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
rows.push(`| install (npm pack --dry-run: unpacked; ${packed.entryCount} files, ${fmt(packed.size)} B packed) | ${fmt(packed.unpackedSize)} | | ≤ 1,000,000 unpacked | ${packed.unpackedSize <= 1e6 ? 'yes' : `**no** (+${fmt(packed.unpackedSize - 1e6)})`} |`);
console.log(['', '## Package entry points (eager chunks, min+gzip -9)', '', '| entry | bytes | gzip -9 | goal | met? |', '|---|--:|--:|---|---|', ...rows].join('\n'));
