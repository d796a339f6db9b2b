// Builds the npm package: pkg-template/ + bundles of js/ (with the embedded
// WebAssembly module from tools/build-wasm.sh) -> pkg/, then `npm pack` into
// build/. Prints each entry's size, minified and gzipped.
import { execFileSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';

const root = new URL('..', import.meta.url).pathname;
const pkg = `${root}pkg`;
const dist = `${pkg}/dist`;
rmSync(pkg, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });
cpSync(`${root}pkg-template`, pkg, { recursive: true });
for (const types of ['index.d.ts', 'polyfill.d.ts', 'extra.d.ts']) {
  cpSync(`${pkg}/${types}`, `${dist}/${types}`);
  rmSync(`${pkg}/${types}`);
}

const common = {
  bundle: true,
  minify: true,
  // Class names are observable (TextDecoder.name): shapeInterface (js/webidl.js)
  // sets them, so keepNames (a wrapper around every function) is not needed.
  target: 'es2020',
  legalComments: 'none',
  logLevel: 'warning',
  // wasm-bindgen's async loader mentions import.meta.url; only the synchronous path is used.
  logOverride: { 'empty-import-meta': 'silent' },
  // fflate runs `new TextDecoder()` when it loads (for strFromU8, unused here):
  // where the runtime's TextDecoder is missing that is skipped, but where it is
  // a stub that throws, the package failed to load. Only unbound (global)
  // references are replaced: our own TextDecoder class is untouched.
  define: { TextDecoder: 'undefined' },
};

const entries = { index: 'full', utf8: 'utf8' };
for (const [name, source] of Object.entries(entries)) {
  const entryPoints = [`${root}js/entries/${source}.js`];
  await esbuild.build({ ...common, entryPoints, format: 'esm', outfile: `${dist}/${name}.js`, plugins: [noWasmFallback(source, 'esm')] });
  await esbuild.build({ ...common, entryPoints, format: 'cjs', outfile: `${dist}/${name}.cjs`, plugins: [noWasmFallback(source, 'cjs')] });
}
// The polyfill entries use the main entry's module instance (one wasm instance,
// and `import('text-encoding-wasm').TextDecoder === globalThis.TextDecoder`).
for (const [name, force] of [['polyfill', false], ['polyfill-force', true]]) {
  const args = force ? 'globalThis, { force: true }' : 'globalThis';
  writeFileSync(`${dist}/${name}.js`, `import { install } from './index.js';\ninstall(${args});\nexport * from './index.js';\n`);
  writeFileSync(`${dist}/${name}.cjs`, `'use strict';\nconst m = require('./index.cjs');\nm.install(${args});\nmodule.exports = m;\n`);
}
// text-encoding-wasm/extra: its own code only; './full.js' stays an import of
// the built main entry, so that both entries share one module instance and the
// standard entries carry none of the extra code.
for (const [format, main] of [['esm', './index.js'], ['cjs', './index.cjs']]) {
  const shareMain = {
    name: 'share-main',
    setup(build) {
      build.onResolve({ filter: /^\.\/full\.js$/ }, () => ({ path: main, external: true }));
    },
  };
  const outfile = `${dist}/extra.${format === 'esm' ? 'js' : 'cjs'}`;
  await esbuild.build({ ...common, entryPoints: [`${root}js/entries/extra.js`], format, outfile, plugins: [shareMain] });
}
// text-encoding-wasm/js/extra: the same for the build without WebAssembly
// (js/entries/extra-no-wasm.js); './no-wasm.js' points at the built ./js.js.
for (const [format, main] of [['esm', './js.js'], ['cjs', './js.cjs']]) {
  const shareMain = {
    name: 'share-main',
    setup(build) {
      build.onResolve({ filter: /^\.\/no-wasm\.js$/ }, () => ({ path: main, external: true }));
    },
  };
  const outfile = `${dist}/js-extra.${format === 'esm' ? 'js' : 'cjs'}`;
  await esbuild.build({ ...common, entryPoints: [`${root}js/entries/extra-no-wasm.js`], format, outfile, plugins: [shareMain] });
}
// The command-line transcoder (package.json "bin"): ESM with a shebang, its own
// code only; the main and extra entries stay imports of the built ./index.js and
// ./extra.js (one module instance, as for extra above).
await esbuild.build({
  ...common,
  entryPoints: [`${root}js/cli/main.js`],
  format: 'esm',
  platform: 'node',
  outfile: `${dist}/cli.js`,
  banner: { js: '#!/usr/bin/env node' },
  plugins: [
    {
      name: 'share-entries',
      setup(build) {
        build.onResolve({ filter: /^\.\.\/entries\/(full|extra)\.js$/ }, (args) => ({
          path: args.path.endsWith('full.js') ? './index.js' : './extra.js',
          external: true,
        }));
      },
    },
  ],
});
chmodSync(`${dist}/cli.js`, 0o755);
// text-encoding-wasm/detect: EncodingDetector (chardetng) with its own module
// (tools/build-detect.sh; built here if missing, e.g. when test-js rebuilds).
if (!existsSync(`${root}build/wasm/detect/bytes.js`)) execFileSync('bash', [`${root}tools/build-detect.sh`], { stdio: 'inherit' });
cpSync(`${pkg}/detect.d.ts`, `${dist}/detect.d.ts`);
rmSync(`${pkg}/detect.d.ts`);
// Like extra: './full.js' stays an import of the built main entry, whose module
// instance provides the detector's CJK tables (js/detect/encoding-detector.js).
for (const [format, ext, main] of [['esm', 'js', './index.js'], ['cjs', 'cjs', './index.cjs']]) {
  const shareMain = {
    name: 'share-main',
    setup(build) {
      build.onResolve({ filter: /^\.\/full\.js$/ }, () => ({ path: main, external: true }));
    },
  };
  await esbuild.build({ ...common, entryPoints: [`${root}js/entries/detect.js`], format, outfile: `${dist}/detect.${ext}`, plugins: [shareMain] });
}
for (const [name, source] of [['text-encoding-wasm.script', 'polyfill'], ['text-encoding-wasm.force.script', 'polyfill-force']]) {
  await esbuild.build({ ...common, entryPoints: [`${root}js/entries/${source}.js`], format: 'iife', outfile: `${dist}/${name}.js` });
}

// --- The build without WebAssembly (js/no-wasm.md) ---------------------------
// Its own entries (text-encoding-wasm/js, /js/utf8, /js/polyfill[/force],
// /js/script) and the backends alone, which the wasm entries load only where
// WebAssembly is missing or refused (js/no-wasm-fallback.js).
function noWasmFallback(variant, format) {
  const file = `./no-wasm-backend${variant === 'full' ? '' : `-${variant}`}`;
  const contents = {
    esm: `export default () => import('${file}.js').then((m) => m.default);`,
    cjs: `export default () => require('${file}.cjs').default;`,
    iife: 'export default null;',
  }[format];
  return {
    name: 'no-wasm-fallback',
    setup(build) {
      build.onLoad({ filter: /[\\/]js[\\/]no-wasm-fallback\.js$/ }, () => ({ contents, loader: 'js' }));
      build.onResolve({ filter: /^\.\/no-wasm-backend/ }, (args) => ({ path: args.path, external: true }));
    },
  };
}
for (const variant of ['full', 'utf8']) {
  const name = `no-wasm-backend${variant === 'full' ? '' : `-${variant}`}`;
  const entryPoints = [`${root}build/wasm/${variant}/no-wasm.js`];
  await esbuild.build({ ...common, entryPoints, format: 'esm', outfile: `${dist}/${name}.js` });
  await esbuild.build({ ...common, entryPoints, format: 'cjs', outfile: `${dist}/${name}.cjs` });
}
for (const [name, source] of [['js', 'no-wasm'], ['js-utf8', 'no-wasm-utf8']]) {
  const entryPoints = [`${root}js/entries/${source}.js`];
  await esbuild.build({ ...common, entryPoints, format: 'esm', outfile: `${dist}/${name}.js` });
  await esbuild.build({ ...common, entryPoints, format: 'cjs', outfile: `${dist}/${name}.cjs` });
}
for (const [name, force] of [['js-polyfill', false], ['js-polyfill-force', true]]) {
  const args = force ? 'globalThis, { force: true }' : 'globalThis';
  writeFileSync(`${dist}/${name}.js`, `import { install } from './js.js';\ninstall(${args});\nexport * from './js.js';\n`);
  writeFileSync(`${dist}/${name}.cjs`, `'use strict';\nconst m = require('./js.cjs');\nm.install(${args});\nmodule.exports = m;\n`);
}
for (const [name, source] of [['text-encoding-wasm.js.script', 'no-wasm-polyfill'], ['text-encoding-wasm.js.force.script', 'no-wasm-polyfill-force']]) {
  await esbuild.build({ ...common, entryPoints: [`${root}js/entries/${source}.js`], format: 'iife', outfile: `${dist}/${name}.js` });
}

const rows = [];
for (const file of ['index.js', 'utf8.js', 'text-encoding-wasm.script.js', 'extra.js', 'extra.cjs', 'js-extra.js', 'detect.js', 'js.js', 'js-utf8.js', 'text-encoding-wasm.js.script.js']) {
  const bytes = readFileSync(`${dist}/${file}`);
  rows.push(`| ${file} | ${bytes.length} | ${gzipSync(bytes, { level: 9 }).length} |`);
}
const table = ['| entry (minified; wasm embedded, except extra.*, which import index.*) | bytes | gzip -9 |', '|---|--:|--:|', ...rows].join('\n');
console.log(table);
mkdirSync(`${root}build`, { recursive: true });
writeFileSync(`${root}build/package-sizes.md`, table + '\n');

const tarball = execFileSync('npm', ['pack', '--pack-destination', `${root}build`, '--silent'], { cwd: pkg, encoding: 'utf8' }).trim();
console.log(`packed build/${tarball}`);
