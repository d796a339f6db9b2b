// Issue text: "decoding a 256 MiB input and encoding a 128 Mi-character string
// succeed and never grow wasm memory past 16 MiB". Linear memory never shrinks,
// so its size after the calls is its peak. The memory is observed through a
// wrapper around WebAssembly.Instance installed before the import.
import assert from 'node:assert/strict';
import test from 'node:test';
import { deleteNatives, MiB, recordWasmMemories, resolveInProject } from './helpers.mjs';

deleteNatives();
const memories = recordWasmMemories();
const { TextDecoder, TextEncoder } = await import(await resolveInProject('text-encoding-wasm'));
assert.equal(memories.length, 1);
const memory = memories[0];
const LIMIT = 16 * MiB;

test('decoding a 256 MiB UTF-8 input succeeds, and wasm memory stays within 16 MiB', { timeout: 600_000 }, (t) => {
  // 16-byte unit "é€😀abcdefg": C3 A9 | E2 82 AC | F0 9F 98 80 | 61..67, i.e. 11 UTF-16 units.
  const unit = [0xc3, 0xa9, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98, 0x80, 0x61, 0x62, 0x63, 0x64, 0x65, 0x66, 0x67];
  const input = new Uint8Array(256 * MiB);
  input.set(unit, 0);
  for (let filled = unit.length; filled < input.length; filled *= 2) input.copyWithin(filled, 0, filled);
  const start = memory.buffer.byteLength;
  const t0 = performance.now();
  const text = new TextDecoder().decode(input);
  const elapsed = performance.now() - t0;
  const peak = memory.buffer.byteLength;
  t.diagnostic(`decode 256 MiB: wasm memory ${start} -> ${peak} bytes; ${(elapsed / 1000).toFixed(1)} s`);
  const copies = input.length / unit.length;
  assert.equal(text.length, copies * 11);
  assert.ok(text === '\u00e9\u20ac\ud83d\ude00abcdefg'.repeat(copies), 'decoded text differs from the expected repetition');
  assert.ok(peak <= LIMIT, `wasm memory reached ${peak} bytes`);
});

test('decoding a 64 MiB shift_jis input (in streaming chunks of 1 MiB + 1 bytes) succeeds within 16 MiB', { timeout: 600_000 }, (t) => {
  // 82 A0 -> U+3042 (pointer 283 in index-jis0208); chunks of odd size split the pairs.
  const input = new Uint8Array(64 * MiB);
  input.set([0x82, 0xa0]);
  for (let filled = 2; filled < input.length; filled *= 2) input.copyWithin(filled, 0, filled);
  const d = new TextDecoder('shift_jis');
  let length = 0;
  let ok = true;
  const t0 = performance.now();
  for (let at = 0; at < input.length; at += MiB + 1) {
    const s = d.decode(input.subarray(at, at + MiB + 1), { stream: true });
    length += s.length;
    if (ok && s !== '\u3042'.repeat(s.length)) ok = false;
  }
  length += d.decode().length;
  t.diagnostic(`shift_jis 64 MiB streamed: wasm memory ${memory.buffer.byteLength} bytes; ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  assert.ok(ok, 'every chunk decodes to U+3042 only');
  assert.equal(length, input.length / 2);
  assert.ok(memory.buffer.byteLength <= LIMIT);
});

test('encoding a 128 Mi-character string (encode and encodeInto) succeeds, and wasm memory stays within 16 MiB', { timeout: 600_000 }, (t) => {
  // "é€" × 64 Mi: 128 Mi UTF-16 units; UTF-8 C3 A9 E2 82 AC, 5 bytes per pair.
  const pairs = 64 * MiB;
  const s = '\u00e9\u20ac'.repeat(pairs);
  assert.equal(s.length, 128 * MiB);
  const t0 = performance.now();
  const out = new TextEncoder().encode(s);
  const elapsed = performance.now() - t0;
  assert.equal(out.length, pairs * 5);
  const pattern = [0xc3, 0xa9, 0xe2, 0x82, 0xac];
  let bad = -1;
  for (let i = 0; i < out.length; i += 5) {
    if (out[i] !== 0xc3 || out[i + 1] !== 0xa9 || out[i + 2] !== 0xe2 || out[i + 3] !== 0x82 || out[i + 4] !== 0xac) { bad = i; break; }
  }
  assert.equal(bad, -1, `unexpected bytes at ${bad}: ${out.subarray(bad, bad + 5)} instead of ${pattern}`);
  // encodeInto the same buffer, one byte short: the last "€" does not fit.
  const dest = new Uint8Array(pairs * 5 - 1);
  const t1 = performance.now();
  const r = new TextEncoder().encodeInto(s, dest);
  const elapsedInto = performance.now() - t1;
  assert.deepEqual(r, { read: s.length - 1, written: pairs * 5 - 3 });
  t.diagnostic(`encode 128 Mi chars: ${(elapsed / 1000).toFixed(1)} s; encodeInto ${(elapsedInto / 1000).toFixed(1)} s; wasm memory ${memory.buffer.byteLength} bytes`);
  assert.ok(memory.buffer.byteLength <= LIMIT, `wasm memory reached ${memory.buffer.byteLength} bytes`);
});
