// The package's entry points beside the JS peers, min+gzip: what a user of each
// downloads. Ours are the built files in pkg/dist/ (already bundled and
// minified, the module embedded); each peer is bundled with esbuild
// (--bundle --minify, ESM, default export conditions: the peers' "node" and
// "browser" files lean on Buffer or the native classes) from node_modules,
// where package.json pins them as devDependencies.
//
//   node tools/package-sizes.mjs     (run by tools/size-report.sh after a build)
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';

const root = new URL('..', import.meta.url).pathname;
const gz = (bytes) => gzipSync(bytes, { level: 9 }).length;
const fmt = (n) => n.toLocaleString('en-US');

const ours = [
  ['text-encoding-wasm (all encodings, streams)', 'index.js', '≤ 80,000 gzip, and below @exodus/bytes'],
  ['text-encoding-wasm/utf8 (UTF-8, UTF-16, streams)', 'utf8.js', '< 10 KB gzip'],
  ['text-encoding-wasm/script (classic script, all encodings)', 'text-encoding-wasm.script.js', ''],
  ['text-encoding-wasm/detect (EncodingDetector: chardetng and the encoding_rs decoders it validates with; own module)', 'detect.js', 'separate: not in the entries above'],
  ['text-encoding-wasm/extra (LegacyEncoder, and the UTF-8 variants with their own 17 KB module; imports the main entry, so add its size)', 'extra.js', 'separate: not in the entries above'],
  ['text-encoding-wasm/js/extra (the same without WebAssembly: the variants module through wasm2js; imports /js)', 'js-extra.js', 'separate: not in the entries above'],
  ['text-encoding-wasm/js (no WebAssembly: wasm2js, all encodings, streams)', 'js.js', ''],
  ['text-encoding-wasm/js/utf8 (no WebAssembly, UTF-8, UTF-16)', 'js-utf8.js', ''],
  ['fallback the wasm entries load only without WebAssembly (no-wasm-backend.js)', 'no-wasm-backend.js', ''],
];
const peers = [
  ['@exodus/bytes encoding.js (all encodings)', "export { TextDecoder, TextEncoder } from '@exodus/bytes/encoding.js';"],
  ['@exodus/bytes encoding-lite.js (UTF + single-byte)', "export { TextDecoder, TextEncoder } from '@exodus/bytes/encoding-lite.js';"],
  ['text-encoding (all encodings)', "import te from 'text-encoding'; export const { TextDecoder, TextEncoder } = te;"],
  ['fast-text-encoding (UTF-8 only, wrong on invalid input)', "import 'fast-text-encoding';"],
];

const rows = [];
for (const [name, file, goal] of ours) {
  const path = `${root}pkg/dist/${file}`;
  if (!existsSync(path)) {
    console.error(`package-sizes: ${path} is missing; run npm run build first`);
    process.exit(1);
  }
  const bytes = readFileSync(path);
  let met = '';
  if (file === 'index.js') met = gz(bytes) <= 80000 ? 'yes' : gz(bytes) < 91689 ? 'below @exodus/bytes only' : '**no**';
  if (file === 'utf8.js') met = gz(bytes) < 10240 ? 'yes' : '**no**';
  rows.push(`| ${name} | ${fmt(bytes.length)} | ${fmt(gz(bytes))} | ${goal} | ${met} |`);
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
console.log(['', '## Package entry points (min+gzip -9)', '', '| entry | bytes | gzip -9 | goal | met? |', '|---|--:|--:|---|---|', ...rows].join('\n'));
