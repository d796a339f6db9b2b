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
import { dataSegments } from '../js/no-wasm/module-data.js';
import { INDEX_LENGTHS } from '../js/no-wasm/unpack-index.js';
import { encodeIndexForm } from './index-form.mjs';
import { LABELS } from '../js/encoding-labels.js';
import { createRuntime } from '../js/runtime.js';

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

/**
 * The CJK indexes (index_table's numbers: 0 jis0208, 1 jis0212, 2 EUC-KR,
 * 3 gb18030, 4 Big5) a translation carries in the interpreter's form
 * (js/no-wasm/index-form.js): the Japanese ones, 20.5 KB of the 83 KB the
 * forms of all five take. They go into both files that carry a translation
 * (the classic script, dist/no-wasm-backend.js), and the install has ~90 KB
 * left of its 1,000,000 B; the other indexes are read out of the module's
 * bytes at their first use, as before (js/no-wasm.md, "Start-up").
 */
const INDEX_FORMS = [0, 1];

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

let loads = 0;
/** Imports a built ES module afresh (its own instance, memory included): bundled by esbuild, as the package ships it. */
async function load(file) {
  const { outputFiles } = await esbuild.build({ entryPoints: [file], bundle: true, format: 'esm', platform: 'neutral', mainFields: ['module', 'main'], write: false, logLevel: 'error' });
  // A URL of its own each time: the same URL would give the instance already imported.
  const source = `${outputFiles[0].text}\n// load ${++loads}\n`;
  return import(`data:text/javascript;base64,${Buffer.from(source).toString('base64')}`);
}

/** An index as an instance of a translation holds it at `address` (Big5's u32, the others u16), as an array. */
function indexAt(exports, which, address) {
  const buffer = exports.memory.buffer;
  return Array.from(which === 4 ? new Uint32Array(buffer, address, INDEX_LENGTHS[which]) : new Uint16Array(buffer, address, INDEX_LENGTHS[which]));
}

/**
 * The data a standard decoders' translation carries itself
 * (js/no-wasm/module-data.js's `own`), from wasm2js's own translation `raw`:
 * the module's data segments without the packed CJK indexes (where they are
 * is asked of the core: index_table(which | 0x100)), and the indexes of
 * INDEX_FORMS in the interpreter's form, made from what the core's own
 * (Rust) unpacker gives. Returns the source of no-wasm-data.js and the
 * packed ranges.
 */
async function ownData(variant, dir, raw) {
  const probe = await load(raw);
  const packed = [];
  for (let which = 0; which < INDEX_LENGTHS.length; which++) {
    if (probe.index_table(which | 0x100) === 0) continue;
    const r = new Uint32Array(probe.memory.buffer, probe.scratch_results(), 2);
    packed.push({ which, start: r[0], end: r[0] + r[1] });
  }
  const rust = await load(raw);
  const forms = INDEX_LENGTHS.map(() => null);
  for (const { which } of packed) {
    if (INDEX_FORMS.includes(which)) forms[which] = encodeIndexForm(indexAt(rust, which, rust.index_table(which)));
  }
  // The image the translation starts with: every segment's bytes, the packed ranges left zero.
  const all = dataSegments(new Uint8Array(readFileSync(`${dir}/module.wasm`)));
  const base = Math.min(...all.map(([offset]) => offset)) & ~1;
  const image = new Uint8Array(Math.max(...all.map(([offset, bytes]) => offset + bytes.length)) - base + 2);
  for (const [offset, bytes] of all) image.set(bytes, offset - base);
  for (const { start, end } of packed) image.fill(0, Math.max(start - base, 0), Math.max(end - base, 0));
  // Its nonzero stretches, whole 16-bit words apart, as segments of little-endian words in the
  // index form (most of this data is the single-byte indexes' code points: 5.7 KB of text against
  // 12.1 KB of base64, decoded in half the time). Zeros need no writing: the memory starts zeroed.
  const segments = [];
  for (let i = 0; i < image.length; i += 2) {
    if (image[i] === 0 && image[i + 1] === 0) continue;
    let j = i;
    // A stretch ends at 16 zero bytes (a shorter zero run costs one character inside the form).
    while (j < image.length && !image.subarray(j, j + 16).every((x) => x === 0)) j += 2;
    const words = [];
    for (let k = i; k < j; k += 2) words.push(image[k] | (image[k + 1] << 8));
    while (words[words.length - 1] === 0) words.pop();
    segments.push([base + i, words.length, encodeIndexForm(words)]);
    i = j;
  }
  const source =
    `// GENERATED by tools/build-no-wasm.mjs from ${variant}/module.wasm: the data segments its translation starts with, all but the\n` +
    '// packed CJK indexes ([address, 16-bit words, the words in the form js/no-wasm/index-form.js decodes]), and some CJK\n' +
    '// indexes in that form (null: read from the module at first use).\n' +
    `export const segments = ${JSON.stringify(segments)};\n` +
    `export const indexForms = ${JSON.stringify(forms)};\n`;
  return { source, packed };
}

/**
 * Instantiates the translation as the package ships it (bundled by esbuild,
 * its data read from the module's bytes or its own) and wasm2js's own: their
 * memories must start the same, but for the packed indexes where the
 * translation carries its own data (`packed`: left zero, never read by the
 * core, which is handed the indexes unpacked), and every CJK index the
 * shipped translation makes must be the one wasm2js's (the Rust unpacker over
 * the module's own segments) makes.
 */
async function checkDataFromModule(variant, dir, raw, packed) {
  const ownExports = await load(raw);
  const own = new Uint8Array(ownExports.memory.buffer);
  const shippedExports = (await load(`${dir}/no-wasm.js`)).default();
  const shipped = new Uint8Array(shippedExports.memory.buffer);
  const expected = Buffer.from(own);
  for (const { start, end } of packed) expected.fill(0, start, end);
  if (!Buffer.from(shipped.subarray(0, own.length)).equals(expected)) {
    throw new Error(`build-no-wasm: ${variant}: the module's data segments do not make the memory wasm2js's translation starts with`);
  }
  for (const { which } of packed) {
    const want = indexAt(ownExports, which, ownExports.index_table(which));
    const got = indexAt(shippedExports, which, shippedExports.index_table(which));
    const wrong = want.findIndex((cp, i) => got[i] !== cp);
    if (wrong >= 0) throw new Error(`build-no-wasm: ${variant}: index ${which} pointer ${wrong} is ${got[wrong]}, the module's own unpacker gives ${want[wrong]}`);
  }
}

/**
 * Which encodings (by index in the standard's table, js/encodings.js) the
 * translation decodes (`translated`: its raw output, loaded), as js/runtime.js's `has` asks the core (a
 * decode of nothing answers ERROR for an encoding the module leaves out):
 * '1' or '0' per index. Known here, the runtime answers without calling the
 * core (js/no-wasm/fast-decode.js), whose first call costs more at start-up
 * than the first decode (docs/speed-log.md); checkDecodable compares.
 */
function decodable(translated) {
  const runtime = createRuntime(translated);
  return LABELS.map((_, index) => (runtime.has(index) ? '1' : '0')).join('');
}

/** The shipped translation's `has` (js/no-wasm/fast-decode.js, from `decodes`) must be its core's own answer for every encoding. */
async function checkDecodable(variant, dir) {
  const exports = (await load(`${dir}/no-wasm.js`)).default();
  const shipped = createRuntime(exports);
  const core = createRuntime({ ...exports, wrapRuntime: undefined });
  const wrong = LABELS.findIndex((_, index) => shipped.has(index) !== core.has(index));
  if (wrong >= 0) throw new Error(`build-no-wasm: ${variant}: has(${wrong}) is ${shipped.has(wrong)}, the core says ${core.has(wrong)}`);
}

/**
 * The built-ins wasm2js's code calls (typed-array and ArrayBuffer
 * constructors, `Math.imul` and the other `Math_*`, `Object.create`, the
 * memory growth's `.set`) taken when the file loads, not when asmFunc runs:
 * asmFunc runs at the first call into the core (js/no-wasm/lazy-core.js),
 * which may come after page script replaced a built-in, and the package's
 * results must not change then (tests/js/hostile-tampering.test.mjs, its
 * cold-core case; js/intrinsics.js does the same for the glue). Returns the
 * module-level declarations and `code` rewritten to use them.
 */
function builtinsAtLoad(code, variant) {
  const declarations = [];
  code = code.replace(/^ var (Math_\w+) = Math\.(\w+);\n/gm, (_, name, member) => {
    declarations.push(`const ${name} = Math.${member};`);
    return '';
  });
  const constructors = new Set();
  code = code.replace(/\bnew (ArrayBuffer|Int8Array|Int16Array|Int32Array|Uint8Array|Uint16Array|Uint32Array|Float32Array|Float64Array)\(/g, (_, name) => {
    constructors.add(name);
    return `new loaded${name}(`;
  });
  for (const name of constructors) declarations.push(`const loaded${name} = ${name};`);
  let grows = 0;
  code = code.replace(/^(\s*)newHEAP8\.set\(HEAP8\);$/m, (_, indent) => {
    grows++;
    return `${indent}setElements(newHEAP8, HEAP8);`;
  });
  // wasm2js's decoder of inline data segments (modules too small to read them out of the module's bytes).
  let reads = 0;
  code = code.replace(/\bb64\.charCodeAt\(/g, () => {
    reads++;
    return 'charCodeAt(b64, ';
  });
  let creates = 0;
  code = code.replace(/\bObject\.create\(Object\.prototype, /g, () => {
    creates++;
    return 'objectCreate(objectPrototype, ';
  });
  if (creates > 0) declarations.push('const objectCreate = Object.create;', 'const objectPrototype = Object.prototype;');
  // Anything else of the global object read inside asmFunc would be read late: refuse to build.
  const late = code.match(/\b(?:Math\.\w+|Object\.\w+|(?<![\w$])(?:Array|Reflect|JSON|Number|String)\.\w+|\.set\(|\.charCodeAt\()/);
  if (late) throw new Error(`build-no-wasm: ${variant}: wasm2js output reads ${late[0]} when asmFunc runs, not at load: add it to builtinsAtLoad`);
  if (grows !== 1) throw new Error(`build-no-wasm: ${variant}: expected one memory growth copy (newHEAP8.set(HEAP8)), found ${grows}`);
  const imported = reads > 0 ? 'charCodeAt, setElements' : 'setElements';
  return { declarations: `import { ${imported} } from '../../../js/intrinsics.js';\n` + declarations.join('\n') + '\n', code };
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
  // A standard decoders' translation carries the rest of its data itself (ownData).
  const own = fromModule && fast ? await ownData(variant, dir, raw) : null;
  if (own !== null) writeFileSync(`${dir}/no-wasm-data.js`, own.source);
  // wasm2js's own output, loaded once for the questions below.
  const translated = fast ? await load(raw) : null;
  const decodes = fast ? decodable(translated) : null;
  // A standard decoders' translation is instantiated at its first call (js/no-wasm/lazy-core.js):
  // its functions by name (not `memory`, made in the stand-in; nor wasm2js's `__` globals, which nothing reads).
  const coreFunctions = exported.filter((name) => name !== 'memory' && !name.startsWith('__'));
  if (fast) {
    // The stand-ins pass five arguments on (lazy-core.js): an export that takes more would lose some.
    const wide = coreFunctions.find((name) => translated[name].length > 5);
    if (wide !== undefined) throw new Error(`build-no-wasm: ${variant}: ${wide} takes ${translated[wide].length} arguments; js/no-wasm/lazy-core.js passes five`);
  }
  const atLoad = builtinsAtLoad(source.slice(0, tail), variant);
  source =
    '// GENERATED by tools/build-no-wasm.mjs: binaryen wasm2js of module.wasm (the same Rust core, as JavaScript).\n' +
    (fromModule ? "import base64 from './bytes.js';\nimport { moduleData } from '../../../js/no-wasm/module-data.js';\n" : '') +
    (own !== null ? "import * as ownData from './no-wasm-data.js';\n" : '') +
    (fast ? "import { withFastDecode } from '../../../js/no-wasm/fast-decode.js';\nimport { lazyCore } from '../../../js/no-wasm/lazy-core.js';\nimport { withJsIndexes } from '../../../js/no-wasm/unpack-index.js';\n" : '') +
    atLoad.declarations +
    atLoad.code +
    (fast
      ? `export default function instantiate() {\n  const exports = withJsIndexes(lazyCore(() => asmFunc(${fromModule ? '{ writeData: data.write }' : '{}'}), ${JSON.stringify(coreFunctions)})${fromModule ? ', data' : ''});\n  exports.wrapRuntime = (runtime) => withFastDecode(runtime, exports, ${JSON.stringify(decodes)});\n  return exports;\n}\n`
      : `export default function instantiate() {\n  return asmFunc(${fromModule ? '{ writeData: data.write }' : '{}'});\n}\n`) +
    (fromModule ? `const data = moduleData(base64${own !== null ? ', ownData' : ''});\n` : '');
  writeFileSync(`${dir}/no-wasm.js`, source);
  if (fromModule) await checkDataFromModule(variant, dir, raw, own === null ? [] : own.packed);
  if (fast) await checkDecodable(variant, dir);
  const bytes = Buffer.from(source);
  console.log(`build-no-wasm: ${variant.padEnd(5)} ${String(bytes.length).padStart(7)} bytes js, ${String(gzipSync(bytes, { level: 9 }).length).padStart(6)} gzip (unminified)`);
}
