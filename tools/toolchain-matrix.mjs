// The toolchain matrix (issue 19): real bundlers (webpack 5, Rollup with
// node-resolve, esbuild; pinned devDependencies) bundle a small consumer of the
// installed package for the browser, once per entry; each bundle then runs the
// portable conformance harness (tests/runtimes/conformance.js, expectations
// from the WHATWG index files) in a fresh Node process whose own TextDecoder
// and TextEncoder were deleted. Metro, with React Native's Babel transformer
// (@react-native/metro-babel-transformer over @react-native/babel-preset) and
// React Native's resolver settings, bundles the same consumers for Android the
// two ways Metro resolves a package (`exports` with the "react-native"
// condition; the "react-native"/"browser"/"main" fields when exports are off,
// as before Metro 0.82), and each Metro bundle runs in Hermes, as source and
// as hermesc bytecode (tools/runtimes/hermes.mjs), with the backend checked
// (Hermes has no WebAssembly: it must be 'js'). Fails if a bundle fails to
// build or any check fails. Reports each bundle's eager and lazy size
// (min+gzip -9): what loads at once, and what only loads when asked for (the
// no-WebAssembly fallback; Metro emits one file).
//
//   node tools/toolchain-matrix.mjs [--markdown docs/toolchain-matrix.md] [--only webpack|rollup|esbuild|metro]
// Needs the package built (it asks the build graph) and installs the tarball
// into .cache/toolchains/project.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ensureBuilt } from './build-graph.mjs';
import { makeExpectations } from './runtimes/expectations.mjs';
import { hermesMissing, hermesVersion, presetVersion, runHermes, writeConformanceScript } from './runtimes/hermes.mjs';

const root = new URL('..', import.meta.url).pathname.replace(/\/$/, '');
const args = process.argv.slice(2);
const markdown = args.includes('--markdown') ? args[args.indexOf('--markdown') + 1] : `${root}/docs/toolchain-matrix.md`;
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : null;
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
const passedText = (r, ok = r.total > 0 && r.passed === r.total) => `${r.passed}/${r.total}${ok ? '' : ` **${r.failures.slice(0, 2).join('; ')}**`}`;
for (const [bundler, build] of Object.entries(BUNDLERS)) {
  if (only && only !== bundler) continue;
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
      row = `| ${bundler} | \`exports\` (browser) | \`${consumer.entry}\` | Node, natives deleted | ${passedText(r)} | ${fmt(eager)} | ${fmt(lazy)} |`;
    } catch (error) {
      failed = true;
      row = `| ${bundler} | | \`${consumer.entry}\` | | **build failed: ${String(error.message).split('\n')[0]}** | | |`;
    }
    console.log(row);
    rows.push(row);
  }
}

// --- Metro + React Native's Babel transformer, the bundle run in Hermes ---------
/** What an app's code does: import the classes (and use the globals), or import the polyfill. */
const RN_CONSUMERS = [
  { entry: 'text-encoding-wasm', code: "import { TextDecoder, TextEncoder, backend } from 'text-encoding-wasm';\nglobalThis.TextDecoder = TextDecoder; globalThis.TextEncoder = TextEncoder;\nglobalThis.__backend = backend();\n" },
  { entry: 'text-encoding-wasm/polyfill', code: "import { backend } from 'text-encoding-wasm/polyfill';\nglobalThis.__backend = backend();\n" },
];
/** Metro's two ways to resolve a package: `exports` (Metro 0.82+ by default), or the fields (exports off, or an older Metro). */
const RESOLUTIONS = [
  { name: 'exports', label: '`exports` (`react-native` condition)', enablePackageExports: true },
  { name: 'fields', label: '`react-native` / `browser` / `main` fields', enablePackageExports: false },
];

/**
 * Bundles `entryFile` (relative to the project) with Metro as a React Native
 * release build for Android would. Returns Metro's resolver warnings (e.g. a
 * fall-back to file-based resolution past `exports`): each one fails the row.
 */
async function metroBundle(entryFile, out, enablePackageExports) {
  const warnings = [];
  const Metro = require('metro');
  const { getDefaultConfig, mergeConfig } = require('metro-config');
  // Files outside the project that Metro must see: its require runtime and the Babel helpers the preset imports.
  const outside = ['metro-runtime', '@babel/runtime'].map((name) => dirname(require.resolve(`${name}/package.json`)));
  const config = mergeConfig(await getDefaultConfig(project), {
    projectRoot: project,
    watchFolders: [project, ...outside], // loadConfig would add the project root itself; mergeConfig does not
    cacheStores: [],
    reporter: { update: (event) => event.type === 'resolver_warning' && warnings.push(`Metro: ${event.message}`) },
    resolver: {
      // What @react-native/metro-config sets (without react-native installed: no InitializeCore, no RN polyfills).
      resolverMainFields: ['react-native', 'browser', 'main'],
      platforms: ['android', 'ios'],
      unstable_conditionNames: ['react-native'],
      unstable_enablePackageExports: enablePackageExports,
      useWatchman: false,
      extraNodeModules: { '@babel/runtime': outside[1] },
    },
    transformer: { babelTransformerPath: require.resolve('@react-native/metro-babel-transformer') },
  });
  // Profile 'default' (lowers classes): 'hermes-stable' keeps them for the Hermes React Native ships now, which Hermes 0.12's CLI cannot parse.
  await Metro.runBuild(config, { entry: entryFile, out, platform: 'android', dev: false, minify: true, unstable_transformProfile: 'default' });
  return warnings;
}

const hermesWhy = hermesMissing();
for (const resolution of only && only !== 'metro' ? [] : RESOLUTIONS) {
  for (const consumer of RN_CONSUMERS) {
    const name = `rn-${consumer.entry.replace(/\W+/g, '-')}`;
    writeFileSync(`${project}/${name}.js`, consumer.code);
    const outdir = `${work}/out/metro-${resolution.name}/${name}`;
    rmSync(outdir, { recursive: true, force: true });
    mkdirSync(outdir, { recursive: true });
    const bundle = `${outdir}/main.js`; // runBuild writes `out` with .js appended unless it ends in .js
    let row;
    try {
      const warnings = await metroBundle(`${name}.js`, bundle, resolution.enablePackageExports);
      const eager = gz(readFileSync(bundle));
      if (hermesWhy) throw new Error(`Hermes not run: ${hermesWhy}`);
      const script = `${outdir}/run.js`;
      writeConformanceScript(script, readFileSync(bundle, 'utf8'), harness, EXPECT, 'globalThis.__backend');
      const results = [false, true].map((bytecode) => {
        const r = runHermes(script, { bytecode });
        // Hermes has no WebAssembly: the build without it must be what ran.
        if (r.backend !== 'js') r.result.failures.unshift(`backend ${r.backend}, expected js`);
        r.result.failures.unshift(...warnings);
        return { ...r.result, ok: r.backend === 'js' && warnings.length === 0 && r.result.total > 0 && r.result.passed === r.result.total };
      });
      if (!results.every((r) => r.ok)) failed = true;
      row = `| metro | ${resolution.label} | \`${consumer.entry}\` | Hermes ${hermesVersion()}: source / bytecode, backend js | ${results.map((r) => passedText(r, r.ok)).join(' / ')} | ${fmt(eager)} | 0 |`;
    } catch (error) {
      failed = true;
      row = `| metro | ${resolution.label} | \`${consumer.entry}\` | | **${String(error.message).split('\n')[0].slice(0, 300)}** | | |`;
    }
    console.log(row);
    rows.push(row);
  }
}
const table = [
  '# Toolchain matrix',
  '',
  `Generated by \`npm run toolchains\` (tools/toolchain-matrix.mjs) on ${new Date().toISOString().slice(0, 10)}: each bundler bundles a consumer of the packed package,`,
  'and the bundle runs tests/runtimes/conformance.js with the natives deleted. webpack 5 (production), Rollup 4 + node-resolve and esbuild (splitting)',
  'bundle for the browser and run in Node. Metro ' + require('metro/package.json').version + ' bundles for Android with React Native\'s Babel transformer',
  `(@react-native/metro-babel-transformer ${require('@react-native/metro-babel-transformer/package.json').version}, @react-native/babel-preset ${presetVersion()}, transform profile \`default\`) and resolver settings`,
  '(main fields `react-native`, `browser`, `main`; condition `react-native`), once through `exports` and once through the fields alone (exports off, as',
  'Metro before 0.82 resolves); the bundle runs in Hermes as source and compiled by hermesc -O, and must report the js backend (Hermes has no WebAssembly).',
  'Eager: what loads at once; lazy: what loads only when asked for (the no-WebAssembly fallback; Metro emits one file, and the `react-native`',
  'condition and field pick the build without WebAssembly, so there is no fallback to load). Bytes gzip -9 of the files as emitted (the package',
  'files are minified already; Rollup adds no minifier here; Metro minifies with its default, terser).',
  '',
  '| bundler | resolution | entry | runs in | conformance checks passed | eager gzip | lazy gzip |',
  '|---|---|---|---|--:|--:|--:|',
  ...rows,
  '',
].join('\n');
writeFileSync(markdown, table);
if (failed) {
  console.error('toolchain-matrix: a bundle failed to build or failed a check');
  process.exit(1);
}
