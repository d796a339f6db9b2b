// Hostile arguments give the WebIDL conversion's exception (or the user's own
// exception, unchanged) and leave the classes and the module working.
import assert from 'node:assert/strict';
import test from 'node:test';
import { bytes, loadPackage } from './helpers.mjs';

const { TextDecoder, TextEncoder } = await loadPackage();

function revoked() {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
}

class Sentinel extends Error {}
const throwing = () => ({
  get fatal() { throw new Sentinel('fatal'); },
  get stream() { throw new Sentinel('stream'); },
  toString() { throw new Sentinel('toString'); },
  valueOf() { throw new Sentinel('valueOf'); },
});

function stillWorks() {
  assert.equal(new TextDecoder('shift_jis').decode(bytes(0x82, 0xa0)), '\u3042');
  assert.deepEqual(Array.from(new TextEncoder().encode('\u20ac')), [0xe2, 0x82, 0xac]);
}

test('a revoked Proxy as options, label, input or source is a TypeError', () => {
  assert.throws(() => new TextDecoder('utf-8', revoked()), TypeError);
  assert.throws(() => new TextDecoder(revoked()), TypeError);
  assert.throws(() => new TextDecoder().decode(bytes(0x41), revoked()), TypeError);
  assert.throws(() => new TextDecoder().decode(revoked()), TypeError);
  assert.throws(() => new TextEncoder().encode(revoked()), TypeError);
  assert.throws(() => new TextEncoder().encodeInto(revoked(), new Uint8Array(4)), TypeError);
  assert.throws(() => new TextEncoder().encodeInto('a', revoked()), TypeError);
  stillWorks();
});

test('a Proxy around a typed array or ArrayBuffer is not a BufferSource (no internal slots)', () => {
  assert.throws(() => new TextDecoder().decode(new Proxy(new Uint8Array([0x41]), {})), TypeError);
  assert.throws(() => new TextDecoder().decode(new Proxy(new ArrayBuffer(1), {})), TypeError);
  assert.throws(() => new TextEncoder().encodeInto('a', new Proxy(new Uint8Array(4), {})), TypeError);
});

test('exceptions thrown by the user\'s getters and toString propagate unchanged', () => {
  assert.throws(() => new TextDecoder('utf-8', throwing()), (e) => e instanceof Sentinel && e.message === 'fatal');
  assert.throws(() => new TextDecoder(throwing()), (e) => e instanceof Sentinel && e.message === 'toString');
  assert.throws(() => new TextDecoder().decode(bytes(0x41), throwing()), (e) => e instanceof Sentinel && e.message === 'stream');
  assert.throws(() => new TextEncoder().encode(throwing()), (e) => e instanceof Sentinel && e.message === 'toString');
  assert.throws(() => new TextEncoder().encodeInto(throwing(), new Uint8Array(1)), (e) => e instanceof Sentinel);
  stillWorks();
});

test('a throwing getter in decode options leaves a streaming decoder\'s state as it was', () => {
  // The options are converted before the method steps run, so nothing changed.
  const d = new TextDecoder();
  assert.equal(d.decode(bytes(0xe2, 0x82), { stream: true }), '');
  assert.throws(() => d.decode(bytes(0x41), throwing()), Sentinel);
  assert.equal(d.decode(bytes(0xac)), '\u20ac');
});

test('Symbol labels and Symbol strings are a TypeError', () => {
  assert.throws(() => new TextDecoder(Symbol('utf-8')), TypeError);
  assert.throws(() => new TextDecoder(Symbol.iterator), TypeError);
  assert.throws(() => new TextEncoder().encode(Symbol('x')), TypeError);
  assert.throws(() => new TextEncoder().encodeInto(Symbol('x'), new Uint8Array(1)), TypeError);
});

test('labels with lone surrogates, NULs and very long strings are just invalid', () => {
  for (const label of ['\ud800', 'utf-8\udc00', '\0', 'utf\0-8', 'x'.repeat(1 << 20), ' '.repeat(1 << 20)]) {
    assert.throws(() => new TextDecoder(label), RangeError);
  }
  stillWorks();
});

test('a label object whose toString returns an object falls back to valueOf; one returning objects from both is a TypeError', () => {
  assert.equal(new TextDecoder({ toString: () => ({}), valueOf: () => 'sjis' }).encoding, 'shift_jis');
  assert.throws(() => new TextDecoder({ toString: () => ({}), valueOf: () => ({}) }), TypeError);
});

test('re-entrancy: a getter that decodes with another decoder mid-conversion does not disturb either', () => {
  const outer = new TextDecoder();
  assert.equal(outer.decode(bytes(0xe2), { stream: true }), '');
  const options = {
    get stream() {
      // Uses the module (and its scratch memory) while the outer call is converting its arguments.
      const inner = new TextDecoder('gb18030');
      assert.equal(inner.decode(bytes(0x81, 0x30), { stream: true }), '');
      assert.equal(inner.decode(bytes(0x81, 0x30)), '\u0080');
      assert.equal(new TextDecoder('utf-16le').decode(bytes(0xac, 0x20)), '\u20ac');
      return true;
    },
  };
  assert.equal(outer.decode(bytes(0x82), options), '');
  assert.equal(outer.decode(bytes(0xac)), '\u20ac');
});

test('a SharedArrayBuffer input changed by another agent while decoding still gives a string of valid length', async () => {
  // Not a data-race test (single thread here): just that a shared input is read
  // once per call and the call completes.
  const sab = new SharedArrayBuffer(1 << 20);
  const u8 = new Uint8Array(sab);
  for (let i = 0; i < u8.length; i++) u8[i] = i % 3 === 0 ? 0xe2 : i % 3 === 1 ? 0x82 : 0xac;
  const out = new TextDecoder().decode(u8);
  assert.equal(out.length, Math.floor(u8.length / 3) + (u8.length % 3 ? 1 : 0));
});

test('decode/encode on every encoding with random bytes never throws in replacement mode and never hangs', () => {
  const labels = ['utf-8', 'ibm866', 'iso-8859-8', 'windows-874', 'gbk', 'gb18030', 'big5', 'euc-jp', 'iso-2022-jp', 'shift_jis', 'euc-kr', 'utf-16be', 'utf-16le', 'x-user-defined'];
  let seed = 12345;
  const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 24;
  for (const label of labels) {
    const d = new TextDecoder(label);
    for (let round = 0; round < 50; round++) {
      const input = new Uint8Array(1 + (next() % 64));
      for (let i = 0; i < input.length; i++) input[i] = next();
      const s = d.decode(input, { stream: round % 2 === 0 });
      assert.equal(typeof s, 'string');
    }
  }
  stillWorks();
});
