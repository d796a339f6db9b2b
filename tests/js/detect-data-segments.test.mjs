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
import { execFileSync } from 'node:child_process';
import { PROJECT } from './helpers.mjs';

const root = new URL('../../', import.meta.url);

/**
 * The instance's memory right after instantiation. The module imports one
 * function from the main module's instance (main.decode): stubs stand in for
 * imported functions (instantiation calls none: a stub that is called fails
 * the test), and an imported memory, should there be one, is made at the
 * smallest size the module accepts.
 */
function initialMemory(bytes) {
  const module = new WebAssembly.Module(bytes);
  const imports = {};
  let imported = null;
  for (const { module: from, name, kind } of WebAssembly.Module.imports(module)) {
    imports[from] ??= {};
    if (kind === 'function') {
      imports[from][name] = () => assert.fail(`instantiation called the import ${from}.${name}`);
    } else if (kind === 'memory') {
      imported = { from, name };
    } else {
      assert.fail(`the detector module imports a ${kind} (${from}.${name}): give this test a stand-in for it`);
    }
  }
  for (let pages = 1; ; pages++) {
    let memory;
    if (imported !== null) imports[imported.from][imported.name] = memory = new WebAssembly.Memory({ initial: pages });
    let exports;
    try {
      ({ exports } = new WebAssembly.Instance(module, imports));
    } catch (error) {
      // Only an imported memory below the module's minimum is retried.
      if (imported !== null && error instanceof WebAssembly.LinkError && pages < 1024) continue;
      throw error;
    }
    memory ??= exports.memory;
    assert.ok(memory instanceof WebAssembly.Memory, 'the module exports or imports its memory');
    return new Uint8Array(memory.buffer);
  }
}

/**
 * The module text-encoding-wasm/detect embeds: dist/module-detect.js of the
 * installed package (base64 of 0xFF, its size and a raw LZMA stream, tools/embed-module.mjs),
 * decoded by liblzma (Python's lzma module), not by the package's own decoder.
 */
async function shippedModule() {
  const file = join(PROJECT, 'node_modules', 'text-encoding-wasm', 'dist', 'module-detect.js');
  const { default: base64 } = await import(file);
  assert.equal(typeof base64, 'string', `${file} exports the module as a string`);
  return liblzmaDecode(Buffer.from(base64, 'base64'));
}

/** The bytes that 0xFF, a size (four bytes, little-endian) and a raw LZMA1 stream (lc = lp = pb = 0) stand for, by liblzma. */
export function liblzmaDecode(packed) {
  return execFileSync('python3', ['-c', `
import lzma, sys
packed = sys.stdin.buffer.read()
filters = [{'id': lzma.FILTER_LZMA1, 'lc': 0, 'lp': 0, 'pb': 0, 'dict_size': 1 << 16}]
assert packed[0] == 0xff
sys.stdout.buffer.write(lzma.LZMADecompressor(lzma.FORMAT_RAW, filters=filters).decompress(packed[5:], int.from_bytes(packed[1:5], 'little')))
`], { input: packed, maxBuffer: 1 << 26 });
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
