// decode(input) accepts every AllowSharedBufferSource: ArrayBuffer,
// SharedArrayBuffer, DataView and every typed array type, and reads exactly the
// bytes of the view (its offset and length), whatever its element type.
// Detached buffers hold no bytes. The input is copied (§7.2 step 3): changing it
// after a streaming call does not change what was queued.
import assert from 'node:assert/strict';
import test from 'node:test';
import { bytes, codePoints, loadPackage, runNode } from './helpers.mjs';

const { TextDecoder, TextEncoder } = await loadPackage();
const eq = (actual, expected, message) => assert.equal(codePoints(actual), codePoints(expected), message);

// 24 bytes: "ABCDEFGH" | E2 82 AC 61 62 C3 A9 63 ("€abéc") | "12345678".
const BYTES = [0x41, 0x42, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0xe2, 0x82, 0xac, 0x61, 0x62, 0xc3, 0xa9, 0x63, 0x31, 0x32, 0x33, 0x34, 0x35, 0x36, 0x37, 0x38];
const WHOLE = 'ABCDEFGH\u20acab\u00e9c12345678';
const MIDDLE = '\u20acab\u00e9c'; // bytes [8, 16)

function filled(Buffer) {
  const buffer = new Buffer(24);
  new Uint8Array(buffer).set(BYTES);
  return buffer;
}

const TYPED_ARRAYS = [
  Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array, Uint32Array,
  Float32Array, Float64Array, BigInt64Array, BigUint64Array,
  ...(typeof globalThis.Float16Array === 'function' ? [globalThis.Float16Array] : []),
];

test('ArrayBuffer and SharedArrayBuffer', () => {
  const d = new TextDecoder();
  eq(d.decode(filled(ArrayBuffer)), WHOLE);
  eq(d.decode(filled(SharedArrayBuffer)), WHOLE);
  eq(d.decode(new ArrayBuffer(0)), '');
});

for (const Buffer of [ArrayBuffer, SharedArrayBuffer]) {
  for (const T of TYPED_ARRAYS) {
    test(`${T.name} over ${Buffer.name}: whole buffer, and a view of bytes 8..16 only`, () => {
      const d = new TextDecoder();
      const buffer = filled(Buffer);
      eq(d.decode(new T(buffer)), WHOLE);
      eq(d.decode(new T(buffer, 8, 8 / T.BYTES_PER_ELEMENT)), MIDDLE);
      eq(d.decode(new T(buffer, 8, 0)), '');
      eq(d.decode(new T(buffer, 24)), '');
    });
  }

  test(`DataView over ${Buffer.name}: whole buffer, and bytes 8..16 only`, () => {
    const d = new TextDecoder();
    const buffer = filled(Buffer);
    eq(d.decode(new DataView(buffer)), WHOLE);
    eq(d.decode(new DataView(buffer, 8, 8)), MIDDLE);
    eq(d.decode(new DataView(buffer, 24)), '');
  });
}

test('a Uint8Array view of bytes 9..11 (82 AC: two continuation bytes without a lead) gives two U+FFFD', () => {
  // UTF-8 decoder: a byte 0x80..0xBF with bytes needed 0 is an error, each time.
  const u8 = new Uint8Array(filled(ArrayBuffer));
  eq(new TextDecoder().decode(u8.subarray(9, 11)), '\ufffd\ufffd');
  assert.throws(() => new TextDecoder('utf-8', { fatal: true }).decode(u8.subarray(9, 11)), TypeError);
});

test('typed arrays from another realm, and subclasses, are accepted', async () => {
  const vm = await import('node:vm');
  const other = vm.runInNewContext('new Uint16Array([0x4241, 0x4443])');
  eq(new TextDecoder().decode(other), 'ABCD'); // little-endian bytes 41 42 43 44
  class Sub extends Uint8Array {}
  eq(new TextDecoder().decode(new Sub([0xc3, 0xa9])), '\u00e9');
  const otherBuffer = vm.runInNewContext('const b = new ArrayBuffer(2); new Uint8Array(b).set([0x4f, 0x4b]); b');
  eq(new TextDecoder().decode(otherBuffer), 'OK');
});

test('own properties shadowing byteOffset/byteLength/buffer do not change the bytes read', () => {
  const u8 = new Uint8Array(filled(ArrayBuffer)).subarray(8, 16);
  Object.defineProperty(u8, 'byteOffset', { value: 0 });
  Object.defineProperty(u8, 'byteLength', { value: 24 });
  Object.defineProperty(u8, 'length', { value: 24 });
  Object.defineProperty(u8, 'buffer', { value: new ArrayBuffer(64) });
  eq(new TextDecoder().decode(u8), MIDDLE);
  const dv = new DataView(filled(ArrayBuffer), 8, 8);
  Object.defineProperty(dv, 'byteLength', { value: 24 });
  eq(new TextDecoder().decode(dv), MIDDLE);
});

test('detached buffers and views decode as empty (and do not disturb a stream)', () => {
  const d = new TextDecoder();
  const buffer = filled(ArrayBuffer);
  const view = new Uint8Array(buffer, 8, 8);
  const dv = new DataView(buffer, 8, 8);
  const f64 = new Float64Array(buffer);
  structuredClone(buffer, { transfer: [buffer] });
  assert.equal(buffer.byteLength, 0, 'the buffer must be detached');
  eq(d.decode(buffer), '');
  eq(d.decode(view), '');
  eq(d.decode(dv), '');
  eq(d.decode(f64), '');
  // E2 82 | detached | AC = U+20AC.
  eq(d.decode(bytes(0xe2, 0x82), { stream: true }), '');
  eq(d.decode(view, { stream: true }), '');
  eq(d.decode(bytes(0xac)), '\u20ac');
});

test('the input is copied: changing it after a streaming call does not change the queued bytes', () => {
  const d = new TextDecoder();
  const input = bytes(0x41, 0xe2);
  eq(d.decode(input, { stream: true }), 'A');
  input[1] = 0x41; // too late: E2 is already in the decoder
  eq(d.decode(bytes(0x82, 0xac)), '\u20ac');
  // Same after a fatal error leaves bytes in the queue.
  const f = new TextDecoder('utf-8', { fatal: true });
  const bad = bytes(0xff, 0xc3, 0xa9);
  assert.throws(() => f.decode(bad, { stream: true }), TypeError);
  bad.fill(0x58);
  eq(f.decode(), '\u00e9');
});

test('resizable and growable buffers are a TypeError, as WebIDL says without [AllowResizable] (and as Chromium does)', (t) => {
  // decode() takes AllowSharedBufferSource and encodeInto() [AllowShared]
  // Uint8Array, neither marked [AllowResizable]: WebIDL's conversion throws a
  // TypeError for a resizable ArrayBuffer or growable SharedArrayBuffer and for
  // any view on one (length-tracking or not).
  let rab;
  try {
    rab = new ArrayBuffer(2, { maxByteLength: 8 });
  } catch (_) {
    t.skip('no resizable ArrayBuffer in this engine');
    return;
  }
  if (!rab.resizable) return t.skip('no resizable ArrayBuffer in this engine');
  const gsab = new SharedArrayBuffer(2, { maxByteLength: 8 });
  const d = new TextDecoder();
  for (const input of [rab, new Uint8Array(rab), new Uint8Array(rab, 0, 1), new DataView(rab), gsab, new Int16Array(gsab)]) {
    assert.throws(() => d.decode(input), TypeError);
  }
  const e = new TextEncoder();
  assert.throws(() => e.encodeInto('a', new Uint8Array(rab)), TypeError);
  assert.throws(() => e.encodeInto('a', new Uint8Array(gsab)), TypeError);
  // The decoder is still usable.
  eq(d.decode(bytes(0x4f, 0x4b)), 'OK');
});

// Realms that are not cross-origin isolated (and Node with the global removed)
// hide the SharedArrayBuffer constructor, yet a shared buffer can still reach
// them (postMessage, a shared WebAssembly.Memory): it is still an
// [AllowShared] BufferSource. Found by the WPT shared-worker run.
test('a SharedArrayBuffer is accepted where the global SharedArrayBuffer is hidden', () => {
  const r = runNode(`
    const memory = new WebAssembly.Memory({ shared: true, initial: 1, maximum: 1 });
    new Uint8Array(memory.buffer).set([0x68, 0xc3, 0xa9]);
    delete globalThis.SharedArrayBuffer; delete globalThis.TextDecoder; delete globalThis.TextEncoder;
    const { TextDecoder } = await import('text-encoding-wasm');
    const text = new TextDecoder().decode(memory.buffer);
    console.log(JSON.stringify({ head: text.slice(0, 2), length: text.length }));
  `);
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(r.result, { head: 'h\u00e9', length: 65536 - 1 });
});

test('a buffer detached by the options getter holds no bytes when step 3 reads it (WebIDL converts input, then options)', () => {
  for (const make of [(b) => b, (b) => new Uint8Array(b), (b) => new DataView(b)]) {
    const buffer = new Uint8Array([0x41, 0x42]).buffer;
    const input = make(buffer);
    const d = new TextDecoder();
    const text = d.decode(input, { get stream() { structuredClone(buffer, { transfer: [buffer] }); return false; } });
    eq(text, '');
    eq(d.decode(bytes(0x43)), 'C');
  }
});
