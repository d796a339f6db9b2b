// Issue text: "1,000,000 decoders and encoders constructed, used in streaming
// mode mid-sequence and dropped leave wasm memory at most 1 MiB above where it
// started (after GC)". The package does not expose its memory: the test wraps
// WebAssembly.Instance before importing it (helpers.recordWasmMemories) and
// reads the instance's exported memory. Run with --expose-gc (tools/test-js.sh).
import assert from 'node:assert/strict';
import test from 'node:test';
import { bytes, deleteNatives, MiB, recordWasmMemories, resolveInProject } from './helpers.mjs';

deleteNatives();
const memories = recordWasmMemories();
const { TextDecoder, TextEncoder } = await import(await resolveInProject('text-encoding-wasm'));
assert.equal(memories.length, 1, 'one wasm instance, created at import');
const memory = memories[0];

function collect() {
  if (typeof globalThis.gc !== 'function') throw new Error('run with --expose-gc');
  globalThis.gc();
  globalThis.gc();
}

// Inputs that stop in the middle of a sequence, so each decoder holds state
// when it is dropped (lead bytes, a lead surrogate, a half escape sequence).
const MID_SEQUENCE = [
  ['utf-8', bytes(0x41, 0xe2, 0x82)],
  ['shift_jis', bytes(0x82)],
  ['gb18030', bytes(0x81, 0x30, 0x81)],
  ['big5', bytes(0x88)],
  ['euc-kr', bytes(0x81)],
  ['euc-jp', bytes(0x8f, 0xa2)],
  ['iso-2022-jp', bytes(0x1b, 0x24)],
  ['utf-16le', bytes(0x41, 0x00, 0x3d, 0xd8)],
  ['utf-16be', bytes(0xd8)],
  ['windows-1252', bytes(0x80, 0x41)],
];

test('1,000,000 decoders and encoders used mid-sequence and dropped: wasm memory grows at most 1 MiB; JS heap returns to its level', { timeout: 600_000 }, (t) => {
  collect();
  const start = memory.buffer.byteLength;
  const heapStart = process.memoryUsage().heapUsed;
  const dest = new Uint8Array(2);
  let checksum = 0;
  const t0 = performance.now();
  for (let i = 0; i < 1_000_000; i++) {
    const [label, input] = MID_SEQUENCE[i % MID_SEQUENCE.length];
    const d = new TextDecoder(label);
    checksum += d.decode(input, { stream: true }).length;
    const e = new TextEncoder();
    // 2 bytes of room for "a€": the € does not fit, so encodeInto stops mid-string.
    checksum += e.encodeInto('a\u20ac', dest).written;
  }
  const elapsed = performance.now() - t0;
  collect();
  const end = memory.buffer.byteLength;
  const heapEnd = process.memoryUsage().heapUsed;
  t.diagnostic(`wasm memory: ${start} bytes at start, ${end} after 1,000,000 decoders + encoders (+${end - start}); JS heap ${(heapStart / MiB).toFixed(1)} -> ${(heapEnd / MiB).toFixed(1)} MiB; ${(elapsed / 1000).toFixed(1)} s`);
  // Per 10 rounds: "A" + "" + "" + "" + "" + "" + "" + "A" + "" + "€A" = 4 units, and 1 byte written per encoder.
  assert.equal(checksum, 1_000_000 / 10 * 4 + 1_000_000);
  assert.ok(end - start <= 1 * MiB, `wasm memory grew by ${end - start} bytes`);
  assert.ok(heapEnd - heapStart <= 16 * MiB, `JS heap grew by ${heapEnd - heapStart} bytes after GC`);
});
