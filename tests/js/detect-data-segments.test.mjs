// The detector's module as the package ships it starts with the same memory as
// the module the linker wrote. tools/build-detect.sh post-processes the
// linker's output (wasm-opt, and the data segments kept as one: docs/size-log.md,
// "detect: the data section"), and chardetng's score tables live in that data:
// a byte changed there changes guesses without failing anything else. The
// oracle is the engine itself: it lays out each module's data segments at
// instantiation, and the linker's module (build/wasm/detect/linked.wasm, kept
// by the build, never shipped) has not been through any of our steps.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import test from 'node:test';
import { inflateRawSync } from 'node:zlib';
import { PROJECT } from './helpers.mjs';

const root = new URL('../../', import.meta.url);

/** The instance's memory right after instantiation (the modules import nothing). */
function initialMemory(bytes) {
  const module = new WebAssembly.Module(bytes);
  assert.deepEqual(WebAssembly.Module.imports(module), [], 'the detector module imports nothing');
  const { memory } = new WebAssembly.Instance(module, {}).exports;
  assert.ok(memory instanceof WebAssembly.Memory, 'the module exports its memory');
  return new Uint8Array(memory.buffer);
}

/** The module text-encoding-wasm/detect embeds: dist/module-detect.js of the installed package (base64 of raw deflate). */
async function shippedModule() {
  const file = join(PROJECT, 'node_modules', 'text-encoding-wasm', 'dist', 'module-detect.js');
  const { default: base64 } = await import(file);
  assert.equal(typeof base64, 'string', `${file} exports the module as a string`);
  return inflateRawSync(Buffer.from(base64, 'base64'));
}

test("the shipped detector module's initial memory is the linker's, byte for byte", async () => {
  const linked = initialMemory(readFileSync(new URL('build/wasm/detect/linked.wasm', root)));
  const shipped = initialMemory(await shippedModule());
  assert.equal(shipped.length, linked.length, 'memory size');
  // The data lies above the 1 MiB stack; compare everything, but say where the first difference is.
  let nonZero = 0;
  for (let i = 0; i < linked.length; i++) {
    if (shipped[i] !== linked[i]) assert.fail(`first difference at ${i}: shipped ${shipped[i]}, linker's ${linked[i]}`);
    if (linked[i] !== 0) nonZero++;
  }
  // chardetng's tables alone are ~28 KB, most bytes of them non-zero: an empty image would be no check.
  assert.ok(nonZero > 15_000, `the linker's data has ${nonZero} non-zero bytes`);
});
