// The build without WebAssembly (js/no-wasm.md): binaryen's wasm2js translates
// each variant's optimised module (build/wasm/<variant>/module.wasm, made by
// tools/build-wasm.sh) into plain JavaScript: the same Rust core, the same
// exports, linear memory an ArrayBuffer. Written as build/wasm/<variant>/no-wasm.js,
// an ES module whose default export instantiates it, lazily (the data
// segments, i.e. the encoding tables, are copied into memory only then).
//
//   node tools/build-no-wasm.mjs [variant ...]     (default: every module of tools/entries.mjs)
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import * as esbuild from 'esbuild';
import { gzipSync } from 'node:zlib';

const root = new URL('..', import.meta.url).pathname;
const wasm2js = `${root}node_modules/.bin/wasm2js`;
import { MODULES } from './entries.mjs';

const variants = process.argv.length > 2 ? process.argv.slice(2) : Object.keys(MODULES).filter((name) => MODULES[name].translated !== false);
/** The exports each translation must have, by the Cargo features of its module (Cargo.toml, src/wasm.rs). */
const SCRATCH = ['memory', 'scratch', 'scratch_units', 'scratch_results', 'scratch_state'];
const EXPORTS_OF_FEATURE = {
  codecs: ['decode', 'index_table'],
  encoders: ['encode'],
  utf16: [],
  'shared-tables': ['provide_index', 'index_length'],
  transcode: ['encode', 'decode', 'transcode', 'scratch_out'],
  wasm: ['decode', 'encode', 'encoding_for_label', 'encoding_name'],
  variants: ['scratch_values', 'variant_decode', 'variant_encode', 'iso10646_decode', 'iso10646_encode', 'modified_utf8_length'],
};
const EXPORTS = Object.fromEntries(Object.entries(MODULES).filter(([, m]) => m.translated !== false).map(([name, m]) => [name, [...SCRATCH, ...m.features.flatMap((f) => EXPORTS_OF_FEATURE[f])]]));

/** Base64 characters of data segments from which a translation reads them from the module's bytes instead (below: the 188 of the variants' module are not worth loading its bytes). */
const DATA_FROM_MODULE_AT = 1024;

/**
 * The translation with initActiveSegments writing the module's own data
 * segments (js/no-wasm/module-data.js) in place of wasm2js's base64 copy;
 * checkDataFromModule compares the result.
 */
function dataFromModule(source, variant) {
  const start = source.indexOf('function initActiveSegments(imports) {');
  const end = source.indexOf('\n}\n', start) + 3;
  const head = source.slice(0, start);
  if (start < 0 || !/^\s*var bufferView;\s*var base64ReverseLookup[^]*function base64DecodeToExistingUint8Array[^]*$/.test(head)) {
    throw new Error(`build-no-wasm: ${variant}: unexpected wasm2js prologue (the data segments' base64 helpers)`);
  }
  return 'var bufferView;\nfunction initActiveSegments(imports) {\n  imports.writeData(bufferView);\n}\n' + source.slice(end);
}

/**
 * Instantiates the translation as the package ships it (bundled by esbuild,
 * its data read from the module's bytes) and wasm2js's own: their memories
 * must start the same.
 */
async function checkDataFromModule(variant, dir, raw) {
  const load = async (file) => {
    const { outputFiles } = await esbuild.build({ entryPoints: [file], bundle: true, format: 'esm', platform: 'neutral', mainFields: ['module', 'main'], write: false, logLevel: 'error' });
    return import(`data:text/javascript;base64,${Buffer.from(outputFiles[0].contents).toString('base64')}`);
  };
  const own = new Uint8Array((await load(raw)).memory.buffer);
  const shipped = new Uint8Array((await load(`${dir}/no-wasm.js`)).default().memory.buffer);
  if (!Buffer.from(shipped.subarray(0, own.length)).equals(Buffer.from(own))) {
    throw new Error(`build-no-wasm: ${variant}: the module's data segments do not make the memory wasm2js's translation starts with`);
  }
}

for (const variant of variants) {
  const dir = `${root}build/wasm/${variant}`;
  const raw = `${dir}/no-wasm.raw.js`;
  // -O3 as the wasm build: measured the same size as -Oz once minified (±0.1 %).
  execFileSync(wasm2js, ['-O3', `${dir}/module.wasm`, '-o', raw], { stdio: 'inherit' });
  let source = readFileSync(raw, 'utf8');
  // wasm2js ends with `var retasmFunc = asmFunc({...}); export var name = retasmFunc.name; ...`:
  // instantiating at import time would build memory even where the wasm
  // backend is used, so the module exports a function instead.
  let tail = source.indexOf('var retasmFunc = asmFunc(');
  if (tail < 0) throw new Error(`build-no-wasm: unexpected wasm2js output in ${raw} (no retasmFunc)`);
  const exported = [...source.slice(tail).matchAll(/export var (\w+) = retasmFunc\.\1;/g)].map((m) => m[1]);
  for (const name of EXPORTS[variant]) {
    if (!exported.includes(name)) throw new Error(`build-no-wasm: ${variant}: wasm2js output lacks the export ${name}`);
  }
  // The module imports nothing (tools/build-wasm.sh checks), so neither does the translation.
  if (/^import /m.test(source.slice(0, tail))) throw new Error(`build-no-wasm: ${variant}: wasm2js output imports something`);
  // The data segments: wasm2js writes each as a base64 string that
  // initActiveSegments copies into memory. Where the package ships the
  // module's bytes anyway (module-*.js: every module with data worth a file),
  // the translation reads the segments out of those bytes instead
  // (js/no-wasm/module-data.js) and carries code only; checked below against
  // wasm2js's own copy.
  const inline = [...source.slice(0, tail).matchAll(/base64DecodeToExistingUint8Array\(bufferView, \d+, "([^"]*)"\)/g)].reduce((n, m) => n + m[1].length, 0);
  const fromModule = inline >= DATA_FROM_MODULE_AT;
  if (fromModule) {
    source = dataFromModule(source, variant);
    tail = source.indexOf('var retasmFunc = asmFunc(');
  }
  // The standard decoders' modules (full, the families) also get the JavaScript decode
  // loops for the common case (js/no-wasm/fast-decode.js): js/loader.js wraps
  // the runtime with `wrapRuntime` when the exports have it. Not the encoders
  // module, whose indexes are provided from outside and which decodes UTF-8 only.
  const fast = MODULES[variant].features.includes('codecs');
  source =
    '// GENERATED by tools/build-no-wasm.mjs: binaryen wasm2js of module.wasm (the same Rust core, as JavaScript).\n' +
    (fromModule ? "import base64 from './bytes.js';\nimport { moduleData } from '../../../js/no-wasm/module-data.js';\n" : '') +
    (fast ? "import { withFastDecode } from '../../../js/no-wasm/fast-decode.js';\nimport { withJsIndexes } from '../../../js/no-wasm/unpack-index.js';\n" : '') +
    source.slice(0, tail) +
    (fast
      ? `export default function instantiate() {\n  const exports = withJsIndexes(asmFunc(${fromModule ? '{ writeData }' : '{}'}));\n  exports.wrapRuntime = (runtime) => withFastDecode(runtime, exports);\n  return exports;\n}\n`
      : `export default function instantiate() {\n  return asmFunc(${fromModule ? '{ writeData }' : '{}'});\n}\n`) +
    (fromModule ? 'const writeData = moduleData(base64);\n' : '');
  writeFileSync(`${dir}/no-wasm.js`, source);
  if (fromModule) await checkDataFromModule(variant, dir, raw);
  const bytes = Buffer.from(source);
  console.log(`build-no-wasm: ${variant.padEnd(5)} ${String(bytes.length).padStart(7)} bytes js, ${String(gzipSync(bytes, { level: 9 }).length).padStart(6)} gzip (unminified)`);
}
