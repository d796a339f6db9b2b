// WebIDL conversion of TextDecoder's arguments: the options dictionaries
// (members read with [[Get]] in lexicographic order, values by ToBoolean;
// undefined/null = {}; other non-objects TypeError), the order label -> options
// -> "get an encoding", and decode(input, options) argument checks.
import assert from 'node:assert/strict';
import test from 'node:test';
import { bytes, loadPackage } from './helpers.mjs';

const { TextDecoder } = await loadPackage();

/** A Proxy that logs every trap it sees (only [[Get]] of the members is allowed). */
function loggingProxy(target, log) {
  const handler = {};
  for (const trap of Object.getOwnPropertyNames(Reflect)) {
    handler[trap] = (...args) => {
      log.push(trap === 'get' ? `get ${String(args[1])}` : trap);
      return Reflect[trap](...args);
    };
  }
  return new Proxy(target, handler);
}

test('TextDecoderOptions: exactly [[Get]] fatal then [[Get]] ignoreBOM, nothing else', () => {
  const log = [];
  const d = new TextDecoder('utf-8', loggingProxy({ fatal: 1, ignoreBOM: 'yes' }, log));
  assert.deepEqual(log, ['get fatal', 'get ignoreBOM']);
  assert.equal(d.fatal, true);
  assert.equal(d.ignoreBOM, true);
});

test('TextDecoderOptions getters run in order fatal, ignoreBOM, after the label\'s ToString, before the label lookup', () => {
  const log = [];
  const label = { toString() { log.push('label'); return 'no-such-label'; } };
  const options = {
    get ignoreBOM() { log.push('ignoreBOM'); return true; },
    get fatal() { log.push('fatal'); return true; },
  };
  assert.throws(() => new TextDecoder(label, options), RangeError);
  assert.deepEqual(log, ['label', 'fatal', 'ignoreBOM']);
});

test('inherited members count (dictionaries read through the prototype chain)', () => {
  const d = new TextDecoder('utf-8', Object.create({ fatal: true, ignoreBOM: true }));
  assert.equal(d.fatal, true);
  assert.equal(d.ignoreBOM, true);
});

test('members are converted with ToBoolean', () => {
  const truthy = [1, -1, 'false', '0', [], {}, Symbol('s'), 1n, () => {}, Infinity];
  const falsy = [0, -0, NaN, '', null, undefined, 0n, false];
  for (const v of truthy) {
    const d = new TextDecoder('utf-8', { fatal: v, ignoreBOM: v });
    assert.equal(d.fatal, true, `fatal: ${String(v)}`);
    assert.equal(d.ignoreBOM, true, `ignoreBOM: ${String(v)}`);
  }
  for (const v of falsy) {
    const d = new TextDecoder('utf-8', { fatal: v, ignoreBOM: v });
    assert.equal(d.fatal, false, `fatal: ${String(v)}`);
    assert.equal(d.ignoreBOM, false, `ignoreBOM: ${String(v)}`);
  }
});

test('fatal and ignoreBOM default to false; undefined and null options are the empty dictionary', () => {
  for (const options of [undefined, null, {}, { other: true }]) {
    const d = new TextDecoder('utf-8', options);
    assert.equal(d.fatal, false);
    assert.equal(d.ignoreBOM, false);
  }
});

test('a function is an object, so it is a valid dictionary', () => {
  const d = new TextDecoder('utf-8', Object.assign(() => {}, { fatal: true }));
  assert.equal(d.fatal, true);
});

test('non-object options (boolean, number, string, symbol, bigint) are a TypeError', () => {
  for (const options of [true, false, 0, 1, 'fatal', Symbol('x'), 1n]) {
    assert.throws(() => new TextDecoder('utf-8', options), TypeError, String(options));
  }
});

test('a non-object options argument is a TypeError even for a bad label (options are converted first)', () => {
  assert.throws(() => new TextDecoder('no-such-label', 1), TypeError);
});

test('TextDecodeOptions: [[Get]] stream only; ToBoolean; non-objects are a TypeError', () => {
  const d = new TextDecoder();
  const log = [];
  assert.equal(d.decode(bytes(0xe2, 0x82), loggingProxy({ stream: 'yes' }, log)), '');
  assert.deepEqual(log, ['get stream']);
  // stream was true: the next call continues the sequence E2 82 AC = U+20AC.
  assert.equal(d.decode(bytes(0xac)), '\u20ac');
  for (const options of [true, 1, 'stream', Symbol('s'), 1n]) {
    assert.throws(() => d.decode(bytes(0x41), options), TypeError, String(options));
  }
  assert.equal(d.decode(bytes(0x41), null), 'A');
});

test('decode converts input before options: a bad input throws before any option getter runs', () => {
  const d = new TextDecoder();
  const log = [];
  assert.throws(() => d.decode(42, { get stream() { log.push('stream'); return true; } }), TypeError);
  assert.deepEqual(log, []);
});

test('decode with no input: undefined is "not given"; null, numbers, strings, arrays and plain objects are a TypeError', () => {
  const d = new TextDecoder();
  assert.equal(d.decode(), '');
  assert.equal(d.decode(undefined), '');
  assert.equal(d.decode(undefined, { stream: true }), '');
  for (const input of [null, 0, 65, 'AB', [0x41], { length: 1, 0: 0x41 }, true, Symbol('x'), 1n, () => {}]) {
    assert.throws(() => d.decode(input), TypeError, typeof input);
  }
});

test('an object faking a typed array (Symbol.toStringTag, prototype) is not a BufferSource', () => {
  const d = new TextDecoder();
  const fake = Object.create(Uint8Array.prototype);
  assert.throws(() => d.decode(fake), TypeError);
  const tagged = { [Symbol.toStringTag]: 'Uint8Array', length: 1, 0: 0x41, buffer: new ArrayBuffer(1) };
  assert.throws(() => d.decode(tagged), TypeError);
  const arrayBufferLike = Object.create(ArrayBuffer.prototype);
  assert.throws(() => d.decode(arrayBufferLike), TypeError);
});
