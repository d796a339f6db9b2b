// The toolchain matrix (issue 19): real bundlers (webpack 5, Rollup with
// node-resolve, esbuild; pinned devDependencies) bundle a small consumer of the
// installed package for the browser, once per entry; each bundle then runs the
// portable conformance harness (tests/runtimes/conformance.js, expectations
// from the WHATWG index files) in a fresh Node process whose own TextDecoder
// and TextEncoder were deleted. Fails if a bundle fails to build or any check
// fails. Reports each bundle's eager and lazy size (min+gzip -9): what loads
// at once, and what only loads when asked for (the no-WebAssembly fallback).
//
//   node tools/toolchain-matrix.mjs [--markdown docs/toolchain-matrix.md]
// Needs the package built (it asks the build graph) and installs the tarball
// into .cache/toolchains/project.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ensureBuilt } from './build-graph.mjs';
import { makeExpectations } from './runtimes/expectations.mjs';

const root = new URL('..', import.meta.url).pathname.replace(/\/$/, '');
const args = process.argv.slice(2);
const markdown = args.includes('--markdown') ? args[args.indexOf('--markdown') + 1] : `${root}/docs/toolchain-matrix.md`;
const require = createRequire(import.meta.url);
const gz = (bytes) => gzipSync(bytes, { level: 9 }).length;
const fmt = (n) => n.toLocaleString('en-US');

const tarball = ensureBuilt(root);
const work = `${root}/.cache/toolchains`;
const project = `${work}/project`;
const sum = execFileSync('sha256sum', [tarball], { encoding: 'utf8' }).split(' ')[0];
if (!existsSync(`${project}/.tarball-sha256`) || readFileSync(`${project}/.tarball-sha256`, 'utf8') !== sum) {
  rmSync(project, { recursive: true, force: true });
  mkdirSync(project, { recursive: true });
  writeFileSync(`${project}/package.json`, JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', tarball], { cwd: project, stdio: 'inherit' });
  writeFileSync(`${project}/.tarball-sha256`, sum);
}
const EXPECT = makeExpectations(`${root}/data/whatwg-index`);
const harness = readFileSync(`${root}/tests/runtimes/conformance.js`, 'utf8');

/** The consumers: what a page imports; each puts the classes on globalThis (the harness checks the globals). */
const CONSUMERS = [
  { entry: 'text-encoding-wasm', code: "import * as m from 'text-encoding-wasm';\nglobalThis.TextDecoder = m.TextDecoder; globalThis.TextEncoder = m.TextEncoder;\nglobalThis.__ready = m.ready();\n" },
  { entry: 'text-encoding-wasm/polyfill', code: "import { ready } from 'text-encoding-wasm/polyfill';\nglobalThis.__ready = ready();\n" },
  { entry: 'text-encoding-wasm/js', code: "import * as m from 'text-encoding-wasm/js';\nglobalThis.TextDecoder = m.TextDecoder; globalThis.TextEncoder = m.TextEncoder;\nglobalThis.__ready = m.ready();\n" },
];

/** Each bundler: builds `input` into `outdir`, returns the entry file's name there. */
const BUNDLERS = {
  async webpack(input, outdir) {
    const webpack = require('webpack');
    const stats = await new Promise((resolve, reject) =>
      webpack({ mode: 'production', target: 'web', entry: input, context: project, output: { path: outdir, filename: 'main.js', publicPath: '' }, performance: { hints: false } }, (error, s) =>
        error ? reject(error) : resolve(s)),
    );
    if (stats.hasErrors()) throw new Error(stats.toString('errors-only'));
    return 'main.js';
  },
  async rollup(input, outdir) {
    const { rollup } = await import('rollup');
    const { nodeResolve } = await import('@rollup/plugin-node-resolve');
    const bundle = await rollup({ input, plugins: [nodeResolve({ browser: true })], onwarn: () => {} });
    await bundle.write({ dir: outdir, format: 'es', entryFileNames: 'main.js' });
    return 'main.js';
  },
  async esbuild(input, outdir) {
    const esbuild = require('esbuild');
    await esbuild.build({ entryPoints: { main: input }, bundle: true, minify: true, splitting: true, format: 'esm', platform: 'browser', outdir, logLevel: 'silent' });
    return 'main.js';
  },
};

/** Eager: the entry file and the files it imports statically; lazy: the rest (gzip -9 of each file as emitted). */
function sizes(outdir, main) {
  const files = readdirSync(outdir).filter((f) => f.endsWith('.js'));
  const eager = new Set();
  const visit = (file) => {
    if (eager.has(file)) return;
    eager.add(file);
    const text = readFileSync(join(outdir, file), 'utf8');
    for (const m of text.matchAll(/(?:^|[;\n}])\s*import\s*(?:[^'"();]*?from\s*)?["']\.\/([^"']+)["']/g)) if (files.includes(m[1])) visit(m[1]);
  };
  visit(main);
  const sum = (list) => list.reduce((n, f) => n + gz(readFileSync(join(outdir, f))), 0);
  return { eager: sum([...eager]), lazy: sum(files.filter((f) => !eager.has(f))) };
}

/** Runs the bundle in a new Node process with the natives deleted, then the harness over the globals it set. */
function conformance(outdir, main, esm) {
  const runner = `${outdir}/run.mjs`;
  writeFileSync(runner, `
    import { readFileSync } from 'node:fs';
    import vm from 'node:vm';
    delete globalThis.TextDecoder; delete globalThis.TextEncoder;
    globalThis.self = globalThis;
    ${esm ? `await import('./${main}');` : `vm.runInThisContext(readFileSync(new URL('./${main}', import.meta.url), 'utf8'));`}
    await globalThis.__ready;
    vm.runInThisContext(${JSON.stringify(harness)});
    console.log(JSON.stringify(runConformance(JSON.parse(readFileSync(${JSON.stringify(`${work}/expect.json`)}, 'utf8')))));
  `);
  const r = spawnSync(process.execPath, [runner], { encoding: 'utf8', maxBuffer: 64 << 20 });
  if (r.status !== 0) return { passed: 0, total: 0, failures: [r.stderr.trim().split('\n').slice(-3).join(' ')] };
  return JSON.parse(r.stdout.trim().split('\n').pop());
}

writeFileSync(`${work}/expect.json`, JSON.stringify(EXPECT));
const rows = [];
let failed = false;
for (const [bundler, build] of Object.entries(BUNDLERS)) {
  for (const consumer of CONSUMERS) {
    const name = consumer.entry.replace(/\W+/g, '-');
    const input = `${project}/${name}.mjs`;
    writeFileSync(input, consumer.code);
    const outdir = `${work}/out/${bundler}/${name}`;
    rmSync(outdir, { recursive: true, force: true });
    mkdirSync(outdir, { recursive: true });
    let row;
    try {
      const main = await build(input, outdir);
      const { eager, lazy } = sizes(outdir, main);
      const r = conformance(outdir, main, bundler !== 'webpack');
      const ok = r.total > 0 && r.passed === r.total;
      if (!ok) failed = true;
      row = `| ${bundler} | \`${consumer.entry}\` | ${r.passed}/${r.total}${ok ? '' : ` **${r.failures.slice(0, 2).join('; ')}**`} | ${fmt(eager)} | ${fmt(lazy)} |`;
    } catch (error) {
      failed = true;
      row = `| ${bundler} | \`${consumer.entry}\` | **build failed: ${String(error.message).split('\n')[0]}** | | |`;
    }
    console.log(row);
    rows.push(row);
  }
}
const table = [
  '# Toolchain matrix',
  '',
  `Generated by \`node tools/toolchain-matrix.mjs\` on ${new Date().toISOString().slice(0, 10)}: each bundler bundles a consumer of the packed package for the browser`,
  '(webpack 5 production, Rollup 4 + node-resolve, esbuild with splitting), and the bundle runs tests/runtimes/conformance.js in Node with the natives deleted.',
  'Eager: what loads at once; lazy: what loads only when asked for (the no-WebAssembly fallback). Bytes gzip -9 of the files as emitted (the package files are minified already; Rollup adds no minifier here).',
  '',
  '| bundler | entry | conformance checks passed | eager gzip | lazy gzip |',
  '|---|---|--:|--:|--:|',
  ...rows,
  '',
].join('\n');
writeFileSync(markdown, table);
if (failed) {
  console.error('toolchain-matrix: a bundle failed to build or failed a check');
  process.exit(1);
}
