// Shared by the tests in tests/js/ (not a test file itself). The package under
// test is the packed tarball installed into a temporary project by
// tools/test-js.sh, whose path is in TEW_TEST_PROJECT; every import of the
// package goes through that project's node_modules and the package's exports map.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export const PROJECT = process.env.TEW_TEST_PROJECT;
if (!PROJECT || !existsSync(join(PROJECT, 'node_modules', 'text-encoding-wasm', 'package.json'))) {
  throw new Error('TEW_TEST_PROJECT must name a project with text-encoding-wasm installed: run `bash tools/test-js.sh`.');
}

const ROOT = new URL('../../', import.meta.url).pathname;

/**
 * encoding_rs as a command (examples/encoding_rs_oracle.rs, release build),
 * the independent oracle several tests pipe bytes through. Its path, or an
 * error that says how to build it.
 */
export function encodingRsOracle() {
  const path = `${ROOT}target/release/examples/encoding_rs_oracle`;
  if (!existsSync(path)) throw new Error(`${path} is missing: tools/test-js.sh builds it (cargo build --release --example encoding_rs_oracle)`);
  return path;
}

/** The standard's encodings, in encodings.json's order: [{ name, labels, heading }]. */
export function standardEncodings() {
  const groups = JSON.parse(readFileSync(`${ROOT}data/whatwg-index/encodings.json`, 'utf8'));
  return groups.flatMap((group) => group.encodings.map((e) => ({ name: e.name, labels: e.labels, heading: group.heading })));
}

/** Node's own classes, captured before any test deletes them. */
export const NATIVE = { TextDecoder: globalThis.TextDecoder, TextEncoder: globalThis.TextEncoder };

/** Deletes the runtime's classes from globalThis, and checks they are gone. */
export function deleteNatives() {
  delete globalThis.TextDecoder;
  delete globalThis.TextEncoder;
  if ('TextDecoder' in globalThis || 'TextEncoder' in globalThis) throw new Error('could not delete the native classes');
}

/** Resolves a specifier as code inside the user's project would (ESM conditions). */
export async function resolveInProject(specifier) {
  const resolver = join(PROJECT, 'resolve.mjs');
  if (!existsSync(resolver)) writeFileSync(resolver, 'export const resolve = (s) => import.meta.resolve(s);\n');
  const { resolve } = await import(pathToFileURL(resolver).href);
  return resolve(specifier);
}

/** Deletes the natives, then imports `specifier` (default: the main entry) from the project. */
export async function loadPackage(specifier = 'text-encoding-wasm') {
  deleteNatives();
  return import(await resolveInProject(specifier));
}

/**
 * Runs `code` in a new Node process inside the project (so bare specifiers
 * resolve to the installed package). `type` is 'module' or 'commonjs'. The code
 * reports its result with `console.log(JSON.stringify(...))` as its last line.
 */
export function runNode(code, { type = 'module', args = [], timeout = 60_000 } = {}) {
  // `node -e` runs CommonJS code as a classic script: its top-level `const`s
  // would be global lexical bindings that every other script (the package's
  // CJS bundle) sees, so the code gets a function scope of its own.
  if (type === 'commonjs') code = `(() => {\n${code}\n})();`;
  const r = spawnSync(process.execPath, [...args, `--input-type=${type}`, '-e', code], {
    cwd: PROJECT,
    encoding: 'utf8',
    timeout,
    maxBuffer: 16 << 20,
  });
  const lines = (r.stdout || '').trim().split('\n');
  let result;
  try {
    result = JSON.parse(lines[lines.length - 1]);
  } catch (_) {
    result = undefined;
  }
  return { status: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr, result };
}

/** A Uint8Array of the given bytes. */
export const bytes = (...values) => new Uint8Array(values.flat());

/** "U+0041 U+FFFD" for messages and comparisons. */
export function codePoints(string) {
  return [...string].map((c) => 'U+' + c.codePointAt(0).toString(16).toUpperCase().padStart(4, '0')).join(' ');
}

/** Mulberry32: a small seeded PRNG, so that random tests are reproducible. */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Wraps WebAssembly.Instance so that the memory of every instance created from
 * now on is recorded (the package does not expose its memory; this test-only
 * hook observes it without any change to the package). Returns the list.
 */
export function recordWasmMemories() {
  const memories = [];
  const Original = WebAssembly.Instance;
  WebAssembly.Instance = new Proxy(Original, {
    construct(target, args, newTarget) {
      const instance = Reflect.construct(target, args, newTarget === WebAssembly.Instance ? target : newTarget);
      if (instance.exports.memory instanceof WebAssembly.Memory) memories.push(instance.exports.memory);
      return instance;
    },
  });
  return memories;
}

export const MiB = 1 << 20;

/** The CJK index files in the order of the core's index numbers (`index_table(which)`), and their lengths in pointers. */
export const CJK_INDEX_FILES = ['jis0208', 'jis0212', 'euc-kr', 'gb18030', 'big5'];
export const CJK_INDEX_LENGTHS = [11104, 7211, 23750, 23940, 19782];

/** WHATWG index file `name` (data/whatwg-index) as an array by pointer (0: no code point). */
export function whatwgIndex(name, length) {
  const table = new Array(length).fill(0);
  for (const line of readFileSync(new URL(`../../data/whatwg-index/index-${name}.txt`, import.meta.url), 'utf8').split('\n')) {
    const m = /^\s*(\d+)\t0x([0-9A-F]+)/.exec(line);
    if (m) table[Number(m[1])] = parseInt(m[2], 16);
  }
  return table;
}

/**
 * Inputs for a compressor's round trip (js/inflate.js, js/detect/lzma.js):
 * per size, random bytes, long runs, text-like words and, with `far`, blocks
 * repeated 40,000 bytes back (long distances); seeded.
 */
export function compressionSamples(seed, sizes, { far = false } = {}) {
  const random = prng(seed);
  const out = [new Uint8Array(0), Uint8Array.of(0), Uint8Array.of(1, 2, 3), new Uint8Array(5000)];
  for (const size of sizes) {
    const noise = new Uint8Array(size);
    for (let i = 0; i < size; i++) noise[i] = Math.floor(random() * 256);
    out.push(noise);
    const runs = new Uint8Array(size);
    for (let i = 0; i < size; i++) runs[i] = random() < 0.02 ? Math.floor(random() * 256) : i > 0 ? runs[i - 1] : 7;
    out.push(runs);
    const words = ['TextDecoder', 'encoding', ' ', 'Shift_JIS', '\n', 'ü', '日本語', 'x', 'TextDecoderStream'];
    let text = '';
    while (text.length < size) text += words[Math.floor(random() * words.length)];
    out.push(new Uint8Array(Buffer.from(text)));
    if (!far) continue;
    const back = new Uint8Array(size);
    for (let i = 0; i < size; i++) back[i] = i >= 40_000 && random() < 0.97 ? back[i - 40_000 + (i % 7)] : Math.floor(random() * 256);
    out.push(back);
  }
  return out;
}
