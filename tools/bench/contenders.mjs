// The contenders and how each is loaded. Peers are bundled with esbuild into
// .cache/bench/ (git-ignored) with neither the "node" nor the "browser"
// export condition: @exodus/bytes's "node" files import node:buffer and its
// "browser" files call the native TextEncoder at load, so only its default
// files are its pure-JS polyfill (what an engine without the natives gets).
import { mkdirSync, writeFileSync } from 'node:fs';
import * as esbuild from 'esbuild';
import { CACHE, ROOT } from './paths.mjs';

/**
 * name: the column; module: a file importable as is (ours); entry: source of
 * a module exporting { TextDecoder, TextEncoder }, bundled per platform;
 * peer: a pure-JS polyfill (counts for "best pure-JS peer");
 * utf8Only: only UTF-8 (and UTF-16) workloads are run;
 * hideBlobUrl: URL.createObjectURL is deleted too, else fast-text-encoding
 * decodes through a Blob and a synchronous XHR: in Chromium the browser's own
 * decoder, in Node (no XMLHttpRequest) an exception caught on every call.
 */
export const CONTENDERS = [
  { name: 'native' },
  { name: 'ours', module: 'pkg/dist/index.js' },
  { name: 'ours-utf8', module: 'pkg/dist/utf8.js', utf8Only: true },
  // The build without WebAssembly (wasm2js of the same module, js/no-wasm.md).
  { name: 'ours-js', module: 'pkg/dist/js.js' },
  { name: '@exodus/bytes', file: 'exodus', peer: true, entry: "export { TextDecoder, TextEncoder } from '@exodus/bytes/encoding.js';" },
  { name: 'text-encoding', file: 'text-encoding', peer: true, entry: "import te from 'text-encoding';\nexport const { TextDecoder, TextEncoder } = te;" },
  {
    name: 'fast-text-encoding', file: 'fast-text-encoding', peer: true, utf8Only: true, hideBlobUrl: true,
    entry: "import 'fast-text-encoding';\nexport const { TextDecoder, TextEncoder } = globalThis;",
  },
];

/**
 * The contenders of one bench run: those named in `names` (all if null), in
 * the table's order, plus `ours (baseline)` when `baseline` names another
 * built package directory under the repository (e.g. a copy of pkg/ from
 * before a change), for before/after ratios measured in the same run.
 */
export function selectContenders(names, baseline) {
  const list = CONTENDERS.filter((c) => !names || names.includes(c.name));
  if (baseline) list.splice(list.findIndex((c) => c.name === 'ours') + 1, 0, { name: 'ours (baseline)', module: `${baseline.replace(/\/$/, '')}/dist/index.js` });
  return list;
}

/** Workloads a contender runs: utf8Only ones skip the legacy decodes. */
export function workloadFilter(contender, ids) {
  if (!contender.utf8Only) return ids;
  return ids.filter((id) => !/^decode-(stream-)?(windows-1252|shift_jis|gbk|big5|euc-kr)$/.test(id));
}

/**
 * Bundles the peers for `platform` ('node' | 'browser'); returns
 * { contender name: absolute path of its module }.
 */
export async function bundlePeers(platform, contenders = CONTENDERS) {
  const dir = `${CACHE}/${platform}`;
  mkdirSync(`${CACHE}/entries`, { recursive: true });
  mkdirSync(dir, { recursive: true });
  const paths = {};
  for (const c of contenders) {
    if (c.module) paths[c.name] = `${ROOT}${c.module}`;
    if (!c.entry) continue;
    const entry = `${CACHE}/entries/${c.file}.mjs`;
    writeFileSync(entry, `${c.entry}\n`);
    const outfile = `${dir}/${c.file}.mjs`;
    await esbuild.build({
      entryPoints: [entry],
      outfile,
      bundle: true,
      format: 'esm',
      platform: 'neutral',
      mainFields: ['module', 'main'],
      conditions: [],
      nodePaths: [`${ROOT}node_modules`],
      logLevel: 'error',
      target: 'es2022',
    });
    paths[c.name] = outfile;
  }
  return paths;
}
