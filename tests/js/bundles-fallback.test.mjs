// What a bundler puts in a browser bundle of the package (issue 19): the
// no-WebAssembly backend (~100 KB gzip) must cost nothing where WebAssembly
// runs. ESM with code splitting: the fallback is a lazy chunk. require()
// through "main" (Browserify's way, which reads neither `exports` nor the
// "module" condition): the package's browser field leaves the backend out, and
// without WebAssembly the error says what to import instead. esbuild (the
// repository's pinned devDependency) plays the bundler.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import test from 'node:test';
import vm from 'node:vm';
import { PROJECT } from './helpers.mjs';

const esbuild = createRequire(import.meta.url)('esbuild');
const work = join(PROJECT, 'bundles');
mkdirSync(work, { recursive: true });

test('ESM, code splitting: the no-WebAssembly backend is a lazy chunk, not in the eager ones', async () => {
  writeFileSync(join(work, 'esm.mjs'), "import { TextDecoder } from 'text-encoding-wasm'; globalThis.out = new TextDecoder('gbk').decode(new Uint8Array([0x81, 0x40]));\n");
  const r = await esbuild.build({ entryPoints: [join(work, 'esm.mjs')], bundle: true, splitting: true, format: 'esm', platform: 'browser', outdir: join(work, 'esm-out'), write: false, metafile: true, logLevel: 'silent' });
  const outputs = r.metafile.outputs;
  const main = Object.keys(outputs).find((o) => outputs[o].entryPoint);
  const eager = new Set();
  const visit = (o) => { if (!eager.has(o)) { eager.add(o); for (const i of outputs[o].imports) if (i.kind === 'import-statement') visit(i.path); } };
  visit(main);
  const inputsOf = (o) => Object.keys(outputs[o].inputs).map((i) => i.split('/').pop());
  assert.ok(![...eager].some((o) => inputsOf(o).includes('no-wasm-backend.js')), 'the backend is in an eager chunk');
  assert.ok(Object.keys(outputs).some((o) => !eager.has(o) && inputsOf(o).includes('no-wasm-backend.js')), 'no lazy chunk holds the backend');
});

test('require() through "main" (Browserify): the browser field leaves the backend out; without WebAssembly the error names text-encoding-wasm/js', async () => {
  writeFileSync(join(work, 'cjs.cjs'), "const { TextDecoder } = require('text-encoding-wasm'); try { globalThis.out = new TextDecoder('gbk').decode(new Uint8Array([0x81, 0x40])); } catch (e) { globalThis.out = e.name + ': ' + e.message; }\n");
  // Browserify reads neither `exports` nor ES modules: the package is its "main" file, and the browser field applies inside it.
  const installed = join(PROJECT, 'node_modules/text-encoding-wasm');
  const { main } = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
  const throughMain = { name: 'main-field', setup: (build) => build.onResolve({ filter: /^text-encoding-wasm$/ }, () => ({ path: join(installed, main) })) };
  const r = await esbuild.build({ entryPoints: [join(work, 'cjs.cjs')], bundle: true, format: 'iife', platform: 'browser', mainFields: ['browser', 'main'], plugins: [throughMain], write: false, metafile: true, logLevel: 'silent' });
  // esbuild lists a file the browser field maps to false as "(disabled):path": an empty module.
  const bundled = Object.keys(r.metafile.inputs).filter((i) => !i.startsWith('(disabled)')).map((i) => i.split('/').pop());
  assert.ok(bundled.includes('main.cjs'), `bundled: ${bundled.join(' ')}`);
  assert.ok(!bundled.some((f) => f.endsWith('.js') && f !== 'module-full.js'), `an ES module in the bundle: ${bundled.join(' ')}`);
  assert.ok(!bundled.includes('no-wasm-backend.cjs') && !bundled.includes('no-wasm-backend.js'), `bundled: ${bundled.join(' ')}`);
  const code = r.outputFiles[0].text;
  const withWasm = vm.createContext({});
  vm.runInContext(code, withWasm);
  // GBK 81 40: pointer (0x81-0x81)*190 + (0x40-0x40) = 0, index-gb18030 0 = U+4E02.
  assert.equal(withWasm.out, '\u4e02');
  const withoutWasm = vm.createContext({});
  vm.runInContext('delete globalThis.WebAssembly;', withoutWasm);
  vm.runInContext(code, withoutWasm);
  assert.match(withoutWasm.out, /^TypeError: .*leaves out the build without WebAssembly.*text-encoding-wasm\/js/);
});
