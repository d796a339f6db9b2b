// The package's entry matrix, declared once. tools/build-package.mjs makes from
// it the entry modules (virtual: no file per entry), the esbuild calls, the
// `exports`, `sideEffects` and types of pkg/package.json; tools/package-sizes.mjs
// its rows; tests/js/entry-matrix.test.mjs loads every entry it lists.
//
//   backend   wasm (the embedded module; the no-WebAssembly build loaded only
//             where WebAssembly is missing or refused) | js (wasm2js, js/no-wasm.md)
//   set       full (every encoding) | utf8 (UTF-8 and UTF-16)
//   mode      plain | polyfill (fills what the scope lacks) | force (replaces)
//   format    esm (.js) | cjs (.cjs) | classic (an IIFE script: one, see CLASSIC_SETS)
// plus the entries outside the matrix: extra, js/extra, detect and the CLI.
//
// A wasm entry's "react-native" condition points at its js counterpart
// (Hermes has no WebAssembly). A polyfill entry (ESM or CommonJS) is a few
// lines over its plain entry, so both share one module instance
// (`import('text-encoding-wasm').TextDecoder === globalThis.TextDecoder`); a
// js entry imports the backend file the wasm entry falls back to, and the
// payloads (module bytes, backends) are ES modules both formats load, so each
// is in the package once, not once per entry and format (classic scripts
// excepted: they embed everything).

export const BACKENDS = ['wasm', 'js'];

/**
 * The WebAssembly modules (tools/build-wasm.sh builds each, and its wasm2js
 * translation): the Cargo features of each (Cargo.toml: every feature adds;
 * `families` are added to a build with --no-default-features, `null` keeps the
 * defaults, i.e. every family).
 */
export const MODULES = {
  // `codecs`, not `wasm`: labels and names are resolved in JavaScript
  // (js/label-index.js), so no module carries its own table of them; the
  // UTF-only and lite entries have no module at all. No `encoders`: they are
  // the encoders module's (below). Of `utf`, only `utf16`: the package decodes
  // and encodes UTF-8 in JavaScript, UTF-16 in the module (faster in V8).
  full: { features: ['codecs', 'utf16'], families: ['single-byte', 'japanese', 'chinese', 'big5', 'korean'] },
  japanese: { features: ['codecs'], families: ['japanese'] },
  chinese: { features: ['codecs'], families: ['chinese'] },
  big5: { features: ['codecs'], families: ['big5'] },
  korean: { features: ['codecs'], families: ['korean'] },
  // The standard's encoders (LegacyEncoder of /extra, the hooks' encode;
  // js/encoders-host.js): every family, no CJK or single-byte index
  // (`shared-tables`: the host copies the main module's in, as /detect does).
  encoders: { features: ['encoders', 'shared-tables'], families: null },
  // The CLI's: the same and every decoder (`transcode`), so that its
  // bytes-to-bytes path decodes and encodes in one module, with no copy of
  // the units between two (tables copied in from the main module as above).
  // Node only, so no translation (`translated: false`): without WebAssembly
  // the CLI takes its string path.
  cli: { features: ['transcode', 'shared-tables'], families: null, translated: false },
  variants: { features: ['variants'], families: ['utf'] },
};

/** The encoding sets an entry can be built over, each with its module. */
export const SETS = {
  full: { what: 'every encoding', module: 'full' },
  // No module: UTF-8 and UTF-16 are decoded and encoded in JavaScript in every build (js/utf-runtime.js).
  utf8: { what: 'UTF-8 and UTF-16', module: null },
  // No module either: the single-byte encodings are JavaScript too (js/lite-runtime.js); the CJK families bring theirs.
  lite: { what: 'UTF-8, UTF-16 and the single-byte encodings; add CJK families with their imports', module: null },
};

/**
 * The families a composed build adds to the lite set, one import each
 * (text-encoding-wasm/<family>, text-encoding-wasm/js/<family>): the family
 * entry registers its module with the lite entry's runtime. Their encodings
 * are js/encoding-table.js's FAMILY_OF (tools/gen_tables.py).
 */
export const FAMILIES = {
  japanese: 'EUC-JP, ISO-2022-JP, Shift_JIS',
  chinese: 'GBK, gb18030',
  big5: 'Big5',
  korean: 'EUC-KR',
};
/**
 * The no-WebAssembly backend a family entry uses (the wasm entries' fallback,
 * the js entries' backend): the full module's translation, whose runtime
 * decodes and encodes every encoding, so it serves each family (js/families.js
 * routes only the family's encodings to it). One translated core in the
 * package instead of one per family (50 to 70 KB each); a composed page
 * without WebAssembly then loads the full core and its module's data.
 */
const FAMILY_NO_WASM = 'full';
export const MODES = ['plain', 'polyfill', 'force'];
/**
 * Classic scripts embed everything (they cannot load a sibling file), so only
 * these sets get one, and one per set: it carries the module once and runs it
 * in WebAssembly where the engine allows, else in its wasm2js translation
 * (whose data it reads from the same module bytes: tools/build-no-wasm.mjs).
 * It installs the classes as the polyfill does and defines one global,
 * CLASSIC_GLOBAL (the entry's exports), whose install(target, { force: true })
 * replaces the scope's classes (what /polyfill/force does).
 */
const CLASSIC_SETS = ['full'];
export const CLASSIC_GLOBAL = 'TextEncodingWasm';

/** Size goals shown beside the rows of the size report (issue 16). */
const GOALS = {
  'wasm/full/plain': 80000,
  'wasm/utf8/plain': 6000,
  'wasm/lite/plain': 8689, // @exodus/bytes encoding-lite.js
  'wasm/family/japanese': 35000, // a Japanese page: Shift_JIS, EUC-JP, ISO-2022-JP
};

/** `dist/` file name (without extension) of a matrix entry: index, utf8, polyfill, js-utf8-polyfill-force, ... */
function fileName(backend, set, mode) {
  const parts = [backend === 'js' ? 'js' : null, set === 'full' ? null : set, mode === 'plain' ? null : mode === 'force' ? 'polyfill-force' : 'polyfill'];
  return parts.filter(Boolean).join('-') || 'index';
}

/** The classic script's file: text-encoding-wasm[.<set>].script.js. */
function classicName(set) {
  return `text-encoding-wasm${set === 'full' ? '' : `.${set}`}.script`;
}

function subpath(backend, set, mode, classic = false) {
  const parts = ['.', backend === 'js' ? 'js' : null, set === 'full' ? null : set, classic ? 'script' : mode === 'plain' ? null : 'polyfill', mode === 'force' ? 'force' : null];
  return parts.filter(Boolean).join('/');
}

const CLASSES = `export { TextDecoder } from '../text-decoder.js';
export { TextEncoder } from '../text-encoder.js';
export { TextDecoderStream } from '../text-decoder-stream.js';
export { TextEncoderStream } from '../text-encoder-stream.js';
export { useTransformStream } from '../transform-stream.js';
export { install } from '../install.js';
export { backend, ready } from '../loader.js';
`;

/**
 * The source of a plain entry (a virtual module resolved from js/entries/).
 * `@module/<set>` is the embedded module (base64), `@no-wasm/<set>` the
 * no-WebAssembly backend: build-package.mjs resolves both per format.
 * `classic`: the classic script's (no sibling bundle reaches its instance,
 * and its module is not deflated: it exports no inflater).
 */
function plainSource(backend, set, classic = false) {
  const entryName = `text-encoding-wasm${subpath(backend, set, 'plain').slice(1)}`;
  // backend() of a module-less entry: 'js' where its strings are built for an
  // interpreter (the js entries; the wasm entries where WebAssembly is
  // missing, which is where interpreters run: Hermes, QuickJS, node --jitless), else 'wasm'.
  const typed = backend === 'js' ? 'true' : "typeof WebAssembly !== 'object'";
  const boot =
    SETS[set].module === null
      ? `import { useRuntime } from '../loader.js';
${set === 'lite' ? "import { createLiteRuntime as createRuntime } from '../lite-runtime.js';" : "import { createUtfRuntime as createRuntime } from '../utf-runtime.js';"}
const typed = ${typed};
useRuntime(createRuntime(typed), typed ? 'js' : 'wasm', '${entryName}');`
      : backend === 'wasm'
      ? `import base64 from '@module/${set}';
import loadJsBackend from '@no-wasm-fallback/${set}';
import { boot } from '../loader.js';
boot(base64, loadJsBackend, 'text-encoding-wasm${subpath(backend, set, 'plain').slice(1)}');`
      : `import instantiate from '@no-wasm/${set}';
import { useJsBackend } from '../loader.js';
useJsBackend(instantiate, 'text-encoding-wasm${subpath(backend, set, 'plain').slice(1)}');`;
  return `// Entry ${subpath(backend, set, 'plain')} (generated from tools/entries.mjs): the classes, ${SETS[set].what}, backend ${backend}.
${boot}
import { getRuntime, ready${set === 'full' && backend === 'wasm' && !classic ? ', reinstantiate' : ''} } from '../loader.js';
${set === 'full' ? '' : set === 'lite' ? `import { enableFamilies, registerFamily } from '../families.js';\nenableFamilies();` : `import { nameLeftOutImports } from '../families.js';\nnameLeftOutImports();`}
${set === 'full' ? `// How text-encoding-wasm/extra, /detect and /hooks (separate bundles) reach this module instance${backend === 'wasm' && !classic ? ',\n// and the module host it runs its own module with, its inflater included (one copy of each, saved)' : ''}.
${backend === 'wasm' && !classic ? `import { inflateRaw } from '../inflate.js';
import { hostModule } from '../module-host.js';
import { guardRuntime } from '../trap-guard.js';
import { bufferSourceBytes, bytesStillHeld, illegalInvocation, shapeInterface, toDictionary } from '../webidl.js';
ready[Symbol.for('text-encoding-wasm.host')] = (options) => hostModule({ inflate: inflateRaw, ...options });
// In this order: js/detect/encoding-detector.js (boot) takes them by position (an array: fewer bytes here than named members).
ready[Symbol.for('text-encoding-wasm.shared')] = [guardRuntime, bufferSourceBytes, bytesStillHeld, illegalInvocation, shapeInterface, toDictionary, reinstantiate];
` : ''}ready[Symbol.for('text-encoding-wasm.runtime')] = getRuntime;
` : ''}${SETS[set].module === null && backend === 'wasm' ? `// How its js twin (jsTwinSource) switches this instance to strings built for interpreters.
ready[Symbol.for('text-encoding-wasm.typed')] = (entry) => useRuntime(createRuntime(true), 'js', entry);
` : ''}${set === 'lite' ? "// How the family entries (separate bundles) add their modules to this instance.\nready[Symbol.for('text-encoding-wasm.register')] = registerFamily;\n" : ''}${CLASSES}`;
}

/**
 * The js entry of a set without a module (/js/utf8): there is no translation
 * to load, only the strings built for interpreters (js/utf-runtime.js's typed
 * mode), so it is its wasm twin's instance switched to that mode, not a second
 * bundle of the same code (as a polyfill entry is its plain entry's instance).
 */
function jsTwinSource(set) {
  const twin = fileName('wasm', set, 'plain');
  return `// Entry ${subpath('js', set, 'plain')} (generated from tools/entries.mjs): ${subpath('wasm', set, 'plain')}'s instance, its strings built for interpreters.
import { ready } from '@dist/${twin}';
ready[Symbol.for('text-encoding-wasm.typed')]('text-encoding-wasm${subpath('js', set, 'plain').slice(1)}');
export * from '@dist/${twin}';
`;
}

/**
 * What an entry that installs at load runs (`install` the imported name).
 * Without force it probes the runtime's classes: js/native-probe.js's data
 * lets it do so without running our decoders (bundled into this entry only,
 * not into the main entry whose install() it calls).
 */
function installLine(mode, install = 'install') {
  return mode === 'force'
    ? `${install}(globalThis, { force: true });`
    : `import { matchesStandard } from '../native-probe.js';\n${install}(globalThis, undefined, matchesStandard);`;
}

/**
 * Every entry: { id, subpath, file, formats, source(format) | entry, shares,
 * types, sideEffects, reactNative, size: { label, goal } }.
 * `shares` maps specifiers an entry imports to the built dist/ file (no
 * extension) it must use instead of bundling its own copy.
 */
export function entries() {
  const list = [];
  for (const backend of BACKENDS) {
    for (const set of Object.keys(SETS)) {
      for (const mode of MODES) {
        const file = fileName(backend, set, mode);
        const plain = fileName(backend, set, 'plain');
        list.push({
          id: `${backend}/${set}/${mode}`,
          subpath: subpath(backend, set, mode),
          file,
          formats: ['esm', 'cjs'],
          source:
            mode === 'plain' && backend === 'js' && SETS[set].module === null
              ? () => jsTwinSource(set)
              : mode === 'plain'
              ? () => plainSource(backend, set)
              : () => `import { install } from '@dist/${plain}';\n${installLine(mode)}\nexport * from '@dist/${plain}';\n`,
          set,
          backend,
          types: mode === 'plain' ? 'index' : 'polyfill',
          sideEffects: mode !== 'plain',
          reactNative: backend === 'wasm' ? fileName('js', set, mode) : null,
          size: mode === 'plain' ? { label: `${subpath(backend, set, mode)} (${backend}, ${SETS[set].what}, streams)`, goal: GOALS[`${backend}/${set}/${mode}`] } : null,
        });
        if (backend === 'wasm' && mode === 'polyfill' && CLASSIC_SETS.includes(set)) {
          list.push({
            id: `${backend}/${set}/${mode}/classic`,
            subpath: subpath(backend, set, 'plain', true),
            file: classicName(set),
            formats: ['classic'],
            globalName: CLASSIC_GLOBAL,
            source: () => `${plainSource(backend, set, true)}import { install as installClasses } from '../install.js';\n${installLine(mode, 'installClasses')}\n`,
            set,
            backend,
            types: null,
            sideEffects: true,
            reactNative: null,
            size: { label: `${subpath(backend, set, 'plain', true)} (classic script: wasm, and its translation where WebAssembly is missing; ${SETS[set].what})` },
          });
        }
      }
    }
  }
  for (const backend of BACKENDS) {
    for (const [family, what] of Object.entries(FAMILIES)) {
      const lite = fileName(backend, 'lite', 'plain');
      const register =
        backend === 'wasm'
          ? `import base64 from '@module/${family}';
import fallback from '@no-wasm-fallback/${FAMILY_NO_WASM}';
addFamily(ready, '${family}', { base64, fallback });`
          : `import instantiate from '@no-wasm/${FAMILY_NO_WASM}';
addFamily(ready, '${family}', { instantiate });`;
      list.push({
        id: `${backend}/family/${family}`,
        subpath: `./${backend === 'js' ? 'js/' : ''}${family}`,
        file: `${backend === 'js' ? 'js-' : ''}${family}`,
        formats: ['esm', 'cjs'],
        source: () => `// Entry ${backend === 'js' ? 'js/' : ''}${family} (generated from tools/entries.mjs): adds ${what} to ${subpath(backend, 'lite', 'plain')}.
import { ready } from '@dist/${lite}';
import { addFamily } from '@dist/family-host';
${register}
export { ready };
`,
        family,
        backend,
        types: 'family',
        sideEffects: true,
        reactNative: backend === 'wasm' ? `js-${family}` : null,
        size: { label: `${subpath(backend, 'lite', 'plain')} + ./${backend === 'js' ? 'js/' : ''}${family} (${what})`, goal: GOALS[`${backend}/family/${family}`] },
      });
    }
  }
  /** An entry outside the matrix: a hand-written module (js/entries/), ESM and CommonJS. */
  const outside = (id, subpath, entry, types, label, more = {}) =>
    ({ id, subpath, file: id, formats: ['esm', 'cjs'], entry, types, sideEffects: false, reactNative: null, size: { label }, ...more });
  // What the family entries share to host their modules (no subpath: only they import it).
  list.push({ id: 'family-host', subpath: null, file: 'family-host', formats: ['esm', 'cjs'], entry: 'js/entries/family-host.js', types: null, sideEffects: false, reactNative: null, size: null });
  list.push(
    outside('extra', './extra', 'js/entries/extra.js', 'extra',
      './extra (LegacyEncoder, UTF-8 variants with their own module; with the main entry it imports)',
      { shares: { './full.js': 'index' }, reactNative: 'js-extra' }),
    outside('js-extra', './js/extra', 'js/entries/extra-no-wasm.js', 'extra', './js/extra (the same without WebAssembly; with ./js)',
      { shares: { './no-wasm.js': 'js' } }),
    outside('detect', './detect', 'js/entries/detect.js', 'detect',
      './detect (EncodingDetector: chardetng, own module, decoders and tables from the main entry it imports)',
      { shares: { './full.js': 'index' } }),
    outside('hooks', './hooks', 'js/entries/hooks.js', 'hooks', "./hooks (the standard's hooks for other standards, §6; with the main entry it imports)",
      { shares: { './full.js': 'index' }, reactNative: 'js-hooks' }),
    outside('js-hooks', './js/hooks', 'js/entries/hooks-no-wasm.js', 'hooks', './js/hooks (the same without WebAssembly; with ./js)',
      { shares: { './no-wasm.js': 'js' } }),
    {
      id: 'cli',
      subpath: null,
      bin: 'text-encoding-wasm',
      file: 'cli',
      formats: ['esm'],
      platform: 'node',
      entry: 'js/cli/main.js',
      shares: { '../entries/full.js': 'index', '../entries/extra.js': 'extra' },
      types: null,
      sideEffects: true,
      reactNative: null,
      size: null,
    },
  );
  return list;
}

/**
 * The CommonJS file of an entry: a thin wrapper over its ES module (Node's
 * require(esm), which every Node line `engines` names has), so import and
 * require share one module instance and the package carries each entry's code
 * once. It first hands its require to js/commonjs-require.js, through which
 * a wasm entry's fallback requires the no-WebAssembly backend synchronously.
 */
export function commonJsWrapper(file) {
  return `'use strict';
// ${file}.js through require(esm): one module instance for import and require (tools/entries.mjs).
require('./commonjs-require.js').useRequire(require);
module.exports = require('./${file}.js');
`;
}

/** The shared file js/commonjs-require.js becomes (dist/<name>.js). */
export const COMMONJS_REQUIRE_FILE = 'commonjs-require';

/**
 * "main": a CommonJS bundle of the main entry, standalone, for tools that read
 * neither `exports` nor ES modules (Browserify; Metro without `exports` maps it
 * to js.cjs through the "react-native" field). Its no-WebAssembly fallback is a
 * require of the stub no-wasm-backend.cjs, which the browser field maps to nothing.
 */
export const MAIN_FILE = 'main';

/** The no-WebAssembly backends, one file per set and format, shared by the wasm entries' fallback and the js entries. */
export function noWasmBackendFile(module) {
  return `no-wasm-backend${module === 'full' ? '' : `-${module}`}`;
}

/** `dist/` file name (without extension) of a module's bytes (deflated, base64): module-<name>. */
export function moduleBytesFile(module) {
  return `module-${module}`;
}

/** The modules whose bytes the package ships as a file of their own (the wasm entries', detect's, extra's; a set without a module has none). */
export const MODULE_BYTES = [...Object.keys(SETS).filter((set) => SETS[set].module !== null).map((set) => SETS[set].module), ...Object.keys(FAMILIES), 'encoders', 'cli', 'variants', 'detect'];

/** The modules whose no-WebAssembly backend the package ships as a file of its own (besides the encoders' and the variants'). */
export const BACKEND_MODULES = Object.keys(SETS).filter((set) => SETS[set].module !== null);

/** The modules of the entries outside the matrix (/extra, /hooks, the CLI), each with its no-WebAssembly backend file. */
export const OUTSIDE_MODULES = ['encoders', 'variants'];

// `node tools/entries.mjs --modules`: one line per module, "name cargo-arguments" (tools/build-wasm.sh).
if (import.meta.url === `file://${process.argv[1]}` && process.argv.includes('--modules')) {
  for (const [name, { features, families }] of Object.entries(MODULES)) {
    const args = families === null ? `--features ${features.join(',')}` : `--no-default-features --features ${[...features, ...families].join(',')}`;
    console.log(`${name} ${args}`);
  }
}

/** The extension of a format's output file. */
export function extension(format) {
  return format === 'cjs' ? '.cjs' : '.js';
}

/**
 * The wasm polyfill entries, whose ESM file has a Node twin that waits for the
 * no-WebAssembly fallback (an ESM import cannot load it synchronously): with
 * it `import 'text-encoding-wasm/polyfill'` is usable on the next line under
 * node --jitless too. The js entries load synchronously already.
 */
export function firstUseWaits(entry) {
  return entry.backend === 'wasm' && entry.types === 'polyfill' && entry.formats.includes('esm');
}

/** The `exports` map, `sideEffects` list and `bin` of pkg/package.json, from the matrix. */
export function manifestFields(list = entries()) {
  const exports = {};
  const sideEffects = [];
  const bin = {};
  const typesOf = (entry, format) => entry.types && `./dist/${entry.types}.d.${format === 'cjs' ? 'cts' : 'ts'}`;
  for (const entry of list) {
    for (const format of entry.formats) if (entry.sideEffects && entry.subpath) sideEffects.push(`./dist/${entry.file}${extension(format)}`);
    if (firstUseWaits(entry)) sideEffects.push(`./dist/${entry.file}.node.js`);
    if (entry.bin) bin[entry.bin] = `./dist/${entry.file}.js`;
    if (!entry.subpath) continue;
    if (entry.formats[0] === 'classic') {
      exports[entry.subpath] = `./dist/${entry.file}.js`;
      continue;
    }
    const conditions = {};
    if (entry.reactNative) {
      conditions['react-native'] = { types: typesOf(entry, 'esm'), default: `./dist/${entry.reactNative}.js` };
    }
    // Bundlers (webpack, esbuild, Rollup's node-resolve) match "module" for
    // require() too: they get the ESM file, whose no-WebAssembly fallback is a
    // dynamic import (a lazy chunk), not the CommonJS file's require, which
    // would put both backends in every bundle. Node ignores "module".
    conditions.module = { types: typesOf(entry, 'esm'), default: `./dist/${entry.file}.js` };
    // Nested under "import", not a "node" condition holding "import": TypeScript
    // mishandles a condition that matches but whose nested ones do not (attw's "Used fallback condition").
    if (firstUseWaits(entry)) conditions.import = { types: typesOf(entry, 'esm'), node: `./dist/${entry.file}.node.js`, default: `./dist/${entry.file}.js` };
    conditions.require = { types: typesOf(entry, 'cjs'), default: `./dist/${entry.file}.cjs` };
    // import takes `default` (the same file and types as an "import" condition would name), except where it waits (above).
    conditions.default = { types: typesOf(entry, 'esm'), default: `./dist/${entry.file}.js` };
    for (const c of Object.values(conditions)) if (!c.types) delete c.types;
    exports[entry.subpath] = conditions;
  }
  exports['./package.json'] = './package.json';
  // TypeScript's node10 resolution ignores `exports`: typesVersions gives it each subpath's types.
  const typesVersions = { '*': {} };
  for (const entry of list) if (entry.subpath && entry.types) typesVersions['*'][entry.subpath.slice(2)] = [`./dist/${entry.types}.d.ts`];
  // Browserify and other bundlers that read neither `exports` nor the "module"
  // field take "main" (CommonJS): the browser field keeps the no-WebAssembly
  // backends out of their bundles (where WebAssembly is missing, the error
  // then says to import text-encoding-wasm/js).
  const browser = { [`./dist/${noWasmBackendFile('full')}.cjs`]: false };
  // Metro without `exports` (before 0.82, or unstable_enablePackageExports
  // off) takes the "react-native" field, then "browser", then "main", and
  // applies both fields' maps (react-native's first) to the main file and to
  // the package's own requires: main goes to the build without WebAssembly,
  // and the no-WebAssembly backends map to themselves, undoing the browser
  // field's `false` (the js files require them). A subpath such as
  // `text-encoding-wasm/polyfill` is looked up there as the file "./polyfill":
  // a stub `polyfill.native.js` (Metro tries `.native.js` first for Android
  // and iOS; no other tool reads it) requires the file the "react-native"
  // condition names. The subpaths are not keys of the map, because Metro
  // applies the map before `exports` too, which would bypass `exports` (with
  // a warning) where Metro reads it.
  const reactNative = { [`./dist/${MAIN_FILE}.cjs`]: './dist/js.cjs' };
  // Files written as they are (no esbuild): the stubs above, and the polyfill entries' Node files (firstUseWaits).
  const extraFiles = {};
  for (const entry of list.filter(firstUseWaits)) {
    extraFiles[`dist/${entry.file}.node.js`] = `// ${entry.subpath} for Node, Bun and Deno (the "node" condition inside "import"; bundlers match "module"
// before it, require() takes the .cjs): the same module as ${entry.file}.js, and where the runtime has no
// WebAssembly (node --jitless) this waits for the build without it, so the importer's next line can use the
// classes. Top-level await only here: a bundle or a require() of the other files never meets it.
import { ready } from './${entry.file}.js';
export * from './${entry.file}.js';
await ready().catch(() => {}); // if nothing loaded, the first use throws the TypeError that says what to import
`;
  }
  for (const file of Object.keys(browser)) reactNative[file] = file;
  for (const entry of list) {
    if (!entry.subpath || entry.subpath === '.' || !entry.formats.includes('cjs')) continue;
    const stub = `${entry.subpath.slice(2)}.native.js`;
    const up = '../'.repeat(stub.split('/').length - 1) || './';
    extraFiles[stub] = `// For Metro without \`exports\` (see package.json "react-native"): ${entry.subpath}\nmodule.exports = require('${up}dist/${entry.reactNative || entry.file}.cjs');\n`;
  }
  return { main: `./dist/${MAIN_FILE}.cjs`, exports, sideEffects, bin, typesVersions, browser, reactNative, extraFiles };
}
