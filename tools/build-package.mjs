// Builds the npm package from the entry matrix (tools/entries.mjs):
// pkg-template/ + one esbuild call per entry and format (with the embedded
// WebAssembly modules from tools/build-wasm.sh) -> pkg/, the manifest's
// `exports`, `sideEffects`, `bin` and types generated, then `npm pack` into
// build/. Prints each sized entry, minified and gzipped. Run through the build
// graph (tools/build-graph.mjs), which decides when.
import { execFileSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import { minify as terser } from 'terser';
import { classicModule } from './classic-module.mjs';
import { BACKEND_MODULES, COMMONJS_REQUIRE_FILE, MAIN_FILE, MODULE_BYTES, OUTSIDE_MODULES, SETS, commonJsWrapper, entries, extension, manifestFields, moduleBytesFile, noWasmBackendFile } from './entries.mjs';

const root = new URL('..', import.meta.url).pathname;
const pkg = `${root}pkg`;
const dist = `${pkg}/dist`;
rmSync(pkg, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });
cpSync(`${root}pkg-template`, pkg, { recursive: true });

// Types: each pkg-template/<name>.d.ts goes to dist/ twice, as .d.ts (import)
// and .d.cts (require: a .d.ts in a "type": "module" package would describe
// an ES module to CommonJS callers), the .d.cts's relative imports pointing at
// the .cjs files.
for (const file of readdirSync(pkg).filter((f) => f.endsWith('.d.ts'))) {
  const text = readFileSync(`${pkg}/${file}`, 'utf8');
  writeFileSync(`${dist}/${file}`, text);
  writeFileSync(`${dist}/${file.replace(/\.d\.ts$/, '.d.cts')}`, text.replace(/from '\.\/([\w-]+)\.js'/g, "from './$1.cjs'"));
  rmSync(`${pkg}/${file}`);
}

const common = {
  bundle: true,
  minify: true,
  // Class names are observable (TextDecoder.name): shapeInterface (js/webidl.js)
  // sets them, so keepNames (a wrapper around every function) is not needed.
  target: 'es2020',
  legalComments: 'none',
  logLevel: 'warning',
  // Fields no user code reads get short names: the decoders' internal slots
  // (js/text-decoder.js, js/text-encoder-stream.js, js/extra/) and the
  // runtimes' own members (js/utf-runtime.js, js/runtime.js, js/loader.js),
  // which other bundles read (the family host, /extra, /hooks, the
  // no-WebAssembly backends): so every build of this run shares one
  // mangleCache (`build` below) and a name is the same in every file. Names
  // also found on other objects (index, state, fatal, name, text) stay, and
  // labelToIndex: js/loader.js names it in a string (MODULE_CALLS).
  mangleProps: /^(doNotFlush|leftover|bomSeen|pending|typedStrings|decodeUtf16|errorAt)$/,
  // Whether the bundle's entry has no module (tools/entries.mjs SETS, module
  // null), and whether it has UTF-8 and UTF-16 only (the utf8 set):
  // js/text-decoder.js then keeps only the module-free side of its UTF-16
  // branches (a UTF-only one decodes nothing else), js/loader.js no 'not
  // loaded' paths (getRuntime, ready) and no trap guard (a UTF-only one no
  // module hosts), js/utf-runtime.js no `decode` in a UTF-only one. Set
  // per entry below (entryDefines); false for every other bundle.
  define: { TEW_MODULE_FREE: 'false', TEW_UTF_ONLY: 'false' },
};

/** The defines of an entry of the matrix (`common.define`). */
function entryDefines(entry) {
  const moduleFree = entry.set !== undefined && SETS[entry.set].module === null;
  return { TEW_MODULE_FREE: String(moduleFree), TEW_UTF_ONLY: String(entry.set === 'utf8') };
}

let mangleCache = {};
/** esbuild.build with the mangle cache of the builds before it. */
async function build(options) {
  const result = await esbuild.build({ ...options, mangleCache });
  mangleCache = result.mangleCache;
  return result;
}

/**
 * An ES module entry is a library file: the user's bundler bundles and
 * minifies it again. esbuild's whitespace minification drops the
 * `/* @__PURE__ *\/` annotations that let that bundler leave out what the
 * user's code never uses (the stream classes, install: js/text-encoder.js,
 * js/transform-stream.js), so esbuild minifies identifiers and syntax only,
 * and terser, with its own compression and mangling off, then takes out the
 * whitespace and keeps the annotations (`keepAnnotations`).
 */
const ANNOTATED = { minify: false, minifySyntax: true, minifyIdentifiers: true };

async function keepAnnotations(file) {
  const { code } = await terser(readFileSync(file, 'utf8'), {
    module: true, compress: false, mangle: false, format: { comments: false, preserve_annotations: true },
  });
  writeFileSync(file, code);
}

const esbuildFormat = { esm: 'esm', cjs: 'cjs', classic: 'iife' };

/**
 * How an entry's imports resolve in one output format:
 *   @module/<set>            the embedded module (build/wasm/<set>/bytes.js)
 *   @no-wasm/<set>           the no-WebAssembly backend: the shared dist file
 *                            (ESM, CommonJS), or bundled (classic scripts)
 *   @no-wasm-fallback/<set>  how a wasm entry loads that backend where
 *                            WebAssembly is missing or refused (js/loader.js):
 *                            a dynamic import (ESM, async: ready() resolves
 *                            later), a require (CommonJS), the bundled
 *                            translation (classic: its data is the module's
 *                            bytes the script carries anyway)
 *   @dist/<file>             another built entry (shared, never bundled again)
 *   entry.shares             the same, for a hand-written entry's relative imports
 */
function resolver(entry, format) {
  const ext = extension(format);
  const sibling = (file) => ({ path: `./${file}${ext}`, external: true });
  // The payloads (a module's bytes, a wasm2js backend) are ES modules that
  // both formats load (CommonJS through require(esm)); a classic script embeds them.
  const payload = (file) => ({ path: `./${file}.js`, external: true });
  const shared = format !== 'classic';
  return {
    name: 'entry-matrix',
    setup(build) {
      build.onResolve({ filter: /^@module\// }, (args) =>
        shared ? payload(moduleBytesFile(args.path.slice(8))) : { path: args.path.slice(8), namespace: 'raw-module' });
      if (!shared) {
        // A classic script embeds its module uncompressed (base64 of the
        // binary): no inflate at start-up, which cold in JavaScript was most of
        // the script's time in Chromium (docs/architecture/start-up.md). Its
        // translation reads the same string (its ./bytes.js), and
        // js/module-bytes.js and js/inflate.js become js/module-bytes-raw.js,
        // which decodes base64 only, so the inflater is not bundled.
        build.onResolve({ filter: /^\.\/bytes\.js$/ }, (args) =>
          /build\/wasm\/\w+$/.test(args.resolveDir) ? { path: args.resolveDir.match(/(\w+)$/)[1], namespace: 'raw-module' } : undefined);
        // The full module's copy decodes jis0208 itself (tools/classic-module.mjs).
        build.onLoad({ filter: /.*/, namespace: 'raw-module' }, async (args) => ({
          contents: `export default ${JSON.stringify((args.path === 'full' ? await classicModule() : readFileSync(`${root}build/wasm/${args.path}/module.wasm`)).toString('base64'))};`,
          loader: 'js',
        }));
        build.onResolve({ filter: /\/(module-bytes|inflate)\.js$/ }, (args) =>
          args.resolveDir.startsWith(`${root}js`) ? { path: `${root}js/module-bytes-raw.js` } : undefined);
        // Its module takes the Japanese indexes from the forms its translation
        // carries (build/wasm/<set>/no-wasm-data.js, bundled once) instead of
        // range-decoding them: js/classic-runtime.js, js/wasm-index-forms.js.
        build.onResolve({ filter: /^\.\/runtime\.js$/ }, (args) =>
          args.importer === `${root}js/loader.js` ? { path: `${root}js/classic-runtime.js` } : undefined);
        build.onResolve({ filter: /^@index-forms$/ }, () => ({ path: `${root}build/wasm/${entry.set}/no-wasm-data.js` }));
        // Its label list written out, as js/encoding-labels.js makes it at
        // load (four regular-expression passes and a split, ~0.2 ms cold in
        // Chromium: docs/speed-log.md, "Start-up in Chromium"): the list the
        // ES module computes, evaluated here, so the two cannot differ. The
        // ESM entries keep the short form (the main entry's size goal).
        build.onResolve({ filter: /^\.\/encoding-labels\.js$/ }, (args) =>
          args.resolveDir === `${root}js` ? { path: 'LABELS', namespace: 'expanded-labels' } : undefined);
        build.onLoad({ filter: /.*/, namespace: 'expanded-labels' }, async () => ({
          contents: `export const LABELS = ${JSON.stringify((await import(`${root}js/encoding-labels.js`)).LABELS)};`,
          loader: 'js',
        }));
      }
      // A hand-written entry's own imports of a built module (detect, extra's variants).
      build.onResolve({ filter: /build\/wasm\/\w+\/(bytes|no-wasm)\.js$/ }, (args) => {
        if (!shared) return undefined;
        const [, module, kind] = args.path.match(/build\/wasm\/(\w+)\/(bytes|no-wasm)\.js$/);
        return payload(kind === 'bytes' ? moduleBytesFile(module) : noWasmBackendFile(module));
      });
      build.onResolve({ filter: /^@no-wasm\// }, (args) => {
        const set = args.path.slice(9);
        return format === 'classic' ? { path: `${root}build/wasm/${set}/no-wasm.js` } : sibling(noWasmBackendFile(set));
      });
      build.onResolve({ filter: /^@no-wasm-fallback\// }, (args) => ({ path: args.path, namespace: 'fallback' }));
      build.onLoad({ filter: /.*/, namespace: 'fallback' }, (args) => {
        const file = `./${noWasmBackendFile(args.path.slice(18))}${ext}`;
        const contents = {
          // Synchronous where a CommonJS wrapper handed over its require (js/commonjs-require.js), else a lazy import.
          esm: `import { requireBackend } from '@commonjs-require';\nexport default () => requireBackend('${file}') || import('${file}').then((m) => m.default);`,
          cjs: `export default () => require('${file}').default;`,
          classic: `import instantiate from '@no-wasm/${args.path.slice(18)}';\nexport default () => instantiate;`,
        }[format];
        return { contents, loader: 'js', resolveDir: root };
      });
      build.onResolve({ filter: /^@dist\// }, (args) => sibling(args.path.slice(6)));
      build.onResolve({ filter: /^@commonjs-require$/ }, () => payload(COMMONJS_REQUIRE_FILE));
      // The fallback's own require/import of the backend file stays a reference to it.
      build.onResolve({ filter: /^\.\/no-wasm-backend/ }, (args) => ({ path: args.path, external: true }));
      for (const [specifier, file] of Object.entries(entry.shares || {})) {
        const filter = new RegExp(`^${specifier.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`);
        build.onResolve({ filter }, () => sibling(file));
      }
    },
  };
}

for (const entry of entries()) {
  for (const format of entry.formats) {
    let outfile = `${dist}/${entry.file}${extension(format)}`;
    // CommonJS: a wrapper over the ES module (tools/entries.mjs, commonJsWrapper); the main entry's is also bundled standalone as "main".
    if (format === 'cjs') {
      writeFileSync(outfile, commonJsWrapper(entry.file));
      if (entry.subpath !== '.') continue;
      outfile = `${dist}/${MAIN_FILE}.cjs`;
    }
    const input = entry.source
      ? { stdin: { contents: entry.source(format), resolveDir: `${root}js/entries`, sourcefile: `${entry.id}.js`, loader: 'js' } }
      : { entryPoints: [`${root}${entry.entry}`] };
    await build({
      ...common,
      ...input,
      format: esbuildFormat[format],
      platform: entry.platform || 'neutral',
      mainFields: ['module', 'main'],
      outfile,
      ...(entry.globalName ? { globalName: entry.globalName } : {}),
      plugins: [resolver(entry, format)],
      ...(entry.bin ? { banner: { js: '#!/usr/bin/env node' } } : {}),
      ...(format === 'esm' && !entry.bin ? ANNOTATED : {}),
      define: entryDefines(entry),
    });
    if (format === 'esm' && !entry.bin) await keepAnnotations(outfile);
    if (entry.bin) chmodSync(outfile, 0o755);
  }
}

// The no-WebAssembly backends: one ES module per set, which the wasm entries
// load only where WebAssembly is missing or refused, and the js entries
// import (the families use the full one: tools/entries.mjs, FAMILY_NO_WASM).
// main.cjs requires the full one through a stub (require(esm): Node 20.19+,
// 22.12+), which the browser field maps to nothing for bundlers that read only
// "main"; the other CommonJS files are wrappers over the ES entries.
for (const module of [...BACKEND_MODULES, ...OUTSIDE_MODULES]) {
  const entryPoints = [`${root}build/wasm/${module}/no-wasm.js`];
  // A backend that reads its data segments from the module's bytes (tools/build-no-wasm.mjs) imports the module's file, not a copy.
  const moduleFile = { name: 'module-bytes', setup: (build) => build.onResolve({ filter: /^\.\/bytes\.js$/ }, () => ({ path: `./${moduleBytesFile(module)}.js`, external: true })) };
  await build({ ...common, entryPoints, format: 'esm', outfile: `${dist}/${noWasmBackendFile(module)}.js`, plugins: [moduleFile] });
  if (module === 'full') writeFileSync(`${dist}/${noWasmBackendFile(module)}.cjs`, `'use strict';\nmodule.exports = require('./${noWasmBackendFile(module)}.js');\n`);
}
await build({ ...common, entryPoints: [`${root}js/commonjs-require.js`], format: 'esm', outfile: `${dist}/${COMMONJS_REQUIRE_FILE}.js` });
// The embedded modules (deflated, base64), one ES module each, imported by
// the ESM and CommonJS entries alike.
for (const module of MODULE_BYTES) {
  await build({ ...common, entryPoints: [`${root}build/wasm/${module}/bytes.js`], format: 'esm', outfile: `${dist}/${moduleBytesFile(module)}.js` });
}

// The manifest: the template's fields, and what the matrix declares.
const manifest = JSON.parse(readFileSync(`${pkg}/package.json`, 'utf8'));
const { main, exports, sideEffects, bin, typesVersions, browser, reactNative, extraFiles } = manifestFields();
Object.assign(manifest, { main, bin, exports, typesVersions, sideEffects, browser, 'react-native': reactNative });
for (const [file, text] of Object.entries(extraFiles)) {
  mkdirSync(`${pkg}/${file}`.replace(/\/[^/]+$/, ''), { recursive: true });
  writeFileSync(`${pkg}/${file}`, text);
  if (!file.startsWith('dist/')) manifest.files.push(file);
}
// One line: the generated fields (exports above all) are a third of the file's size indented.
writeFileSync(`${pkg}/package.json`, JSON.stringify(manifest) + '\n');

const rows = [];
for (const entry of entries()) {
  if (!entry.size) continue;
  const file = `${entry.file}${extension(entry.formats[0])}`;
  const bytes = readFileSync(`${dist}/${file}`);
  rows.push(`| ${file} | ${bytes.length} | ${gzipSync(bytes, { level: 9 }).length} |`);
}
const table = ['| entry (minified; wasm embedded, except extra.*, which import index.*) | bytes | gzip -9 |', '|---|--:|--:|', ...rows].join('\n');
console.log(table);
mkdirSync(`${root}build`, { recursive: true });
writeFileSync(`${root}build/package-sizes.md`, table + '\n');

if (!existsSync(`${dist}/detect.js`)) throw new Error('build-package: dist/detect.js is missing');
const tarball = execFileSync('npm', ['pack', '--pack-destination', `${root}build`, '--silent'], { cwd: pkg, encoding: 'utf8' }).trim();
console.log(`packed build/${tarball}`);
