// Opcode census of the shipped WebAssembly modules: proves they need only
// WebAssembly 1.0 (the "MVP") + mutable globals, i.e. load on every engine
// with WebAssembly 1.0 + mutable-globals. The target_features custom section
// is not proof: wasm-opt can add ops without updating it,
// so the instructions themselves are counted in binaryen's text form.
//
//   node tools/wasm-feature-census.mjs [module.wasm ...]   (default: build/wasm/*/module.wasm)
// Exits 1 (after printing the census) if any post-MVP feature is used.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

const root = new URL('..', import.meta.url).pathname;
const wasmDis = `${root}node_modules/.bin/wasm-dis`;

/** Post-MVP features and the text-format patterns that reveal them (binaryen's spelling). */
const FEATURES = {
  'bulk-memory': /\b(memory\.(copy|fill|init)|data\.drop|table\.(copy|init)|elem\.drop)\b/g,
  'sign-ext': /\bi(32|64)\.extend(8|16|32)_s\b/g,
  'nontrapping-fptoint': /\btrunc_sat_/g,
  'reference-types': /\b(ref\.(null|is_null|func)|table\.(get|set|grow|size|fill)|externref)\b/g,
  // A function or block type with more than one result.
  multivalue: /\(result \w+ \w+[^)]*\)|\btuple\./g,
  simd: /\bv128\b|\bi8x16\.|\bi16x8\.|\bi32x4\.|\bf32x4\.|\bf64x2\./g,
  threads: /\b(memory\.atomic|i(32|64)\.atomic)|\(memory \$\w+ \(shared/g,
  'exception-handling': /\b(try|catch|throw|rethrow|try_table)\b(?![\w$])/g,
  'tail-call': /\breturn_call/g,
  memory64: /\(memory \$\w+ i64/g,
  'multi-memory': /\(memory \$\w+ [^\n]*\n\s*\(memory /g,
};

const files = process.argv.length > 2
  ? process.argv.slice(2)
  : readdirSync(`${root}build/wasm`).map((v) => `${root}build/wasm/${v}/module.wasm`).filter((f) => existsSync(f));
if (files.length === 0) {
  console.error('wasm-feature-census: no modules (run tools/build-wasm.sh)');
  process.exit(1);
}
let bad = 0;
for (const file of files) {
  const text = execFileSync(wasmDis, [file], { encoding: 'utf8', maxBuffer: 256 << 20 });
  // Only code counts: data segments are strings that may contain anything.
  const code = text.replace(/\(data [^\n]*/g, '');
  const counts = {};
  for (const [feature, pattern] of Object.entries(FEATURES)) counts[feature] = (code.match(pattern) || []).length;
  const used = Object.entries(counts).filter(([, n]) => n > 0);
  // Mutable globals are MVP inside a module; importing or exporting one is the
  // mutable-globals feature (Chrome 74, Firefox 61, Safari 13.1 per MDN's table; not measured here).
  const mutable = new Set([...code.matchAll(/\(global (\$\S+) \(mut /g)].map((m) => m[1]));
  const crossing = [...code.matchAll(/\((?:export "[^"]*"|import "[^"]*" "[^"]*") \(global (\$\S+)/g)].filter((m) => mutable.has(m[1]) || /\(import [^\n]*\(mut /.test(m[0])).length;
  const mutableGlobals = `${mutable.size} mutable globals (${crossing} imported/exported: ${crossing ? 'needs' : 'does not need'} mutable-globals)`;
  const instructions = code.split('\n').length;
  console.log(`wasm-feature-census: ${file.replace(root, '')}: ${instructions} lines, ${mutableGlobals}; post-MVP ops: ${used.length ? used.map(([f, n]) => `${f} ${n}`).join(', ') : 'none'}`);
  bad += used.length;
}
if (bad) {
  console.error('wasm-feature-census: the module needs more than WebAssembly 1.0 + mutable-globals (build with --mvp-features --enable-mutable-globals, tools/build-wasm.sh)');
  process.exit(1);
}
