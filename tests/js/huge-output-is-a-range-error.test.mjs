// A decode whose output would be longer than the engine's maximum string length
// (V8 on 64-bit: 2**29 - 24 = 536,870,888 UTF-16 units) must fail with the
// engine's RangeError, not a WebAssembly trap or a crash, and leave the
// decoder and the module usable. 600 MiB of input, about 1.3 GB of memory and
// 10-20 s on the 2-core test machine; TEW_SKIP_HUGE=1 skips it.
import assert from 'node:assert/strict';
import test from 'node:test';
import { deleteNatives, MiB, recordWasmMemories, resolveInProject } from './helpers.mjs';

const skip = process.env.TEW_SKIP_HUGE === '1' ? 'TEW_SKIP_HUGE=1: skipping the 600 MiB decode' : false;

test('decoding 600 MiB of UTF-8 (more units than a string can hold) throws RangeError; the decoder and the module still work', { skip, timeout: 600_000 }, async (t) => {
  // The limit this test relies on: a longer string cannot be made.
  assert.throws(() => 'x'.repeat(2 ** 29), RangeError, 'this engine allows strings of 2**29 units: the test input would not overflow');
  deleteNatives();
  const memories = recordWasmMemories();
  const { TextDecoder } = await import(await resolveInProject('text-encoding-wasm'));
  const input = new Uint8Array(600 * MiB).fill(0x61);
  input.set([0xc3, 0xa9]); // "é": a non-Latin-1-only string, and the module's path from the first byte
  const d = new TextDecoder();
  const t0 = performance.now();
  assert.throws(() => d.decode(input), (e) => e instanceof RangeError && !(e instanceof WebAssembly.RuntimeError));
  t.diagnostic(`RangeError after ${((performance.now() - t0) / 1000).toFixed(1)} s; wasm memory ${memories[0].buffer.byteLength} bytes`);
  assert.ok(memories[0].buffer.byteLength <= 16 * MiB);
  // Same decoder, afterwards: a new stream, and a streaming call with state.
  assert.equal(d.decode(new Uint8Array([0xe2, 0x82]), { stream: true }), '');
  assert.equal(d.decode(new Uint8Array([0xac])), '\u20ac');
  assert.equal(new TextDecoder('big5').decode(new Uint8Array([0x88, 0x62])), '\u00ca\u0304');
});
