// §7.4 TextEncoder: encode() (USVString conversion: lone surrogates become
// U+FFFD = EF BF BD; UTF-8 encoder §8.1.2) and encodeInto() (only whole
// characters; read counts UTF-16 code units, written bytes; never past the end).
import assert from 'node:assert/strict';
import test from 'node:test';
import { loadPackage } from './helpers.mjs';

const { TextEncoder } = await loadPackage();
const enc = new TextEncoder();
const list = (u8) => Array.from(u8);

test('encoding is "utf-8"', () => {
  assert.equal(enc.encoding, 'utf-8');
});

test('encode() and encode(undefined) give a new empty Uint8Array each time', () => {
  const a = enc.encode();
  const b = enc.encode(undefined);
  assert.ok(a instanceof Uint8Array && b instanceof Uint8Array);
  assert.equal(a.length, 0);
  assert.equal(b.length, 0);
  assert.notEqual(a, b);
  assert.notEqual(enc.encode('x').buffer, enc.encode('x').buffer, '[NewObject]');
});

test('the result wraps an ArrayBuffer holding exactly the output', () => {
  for (const s of ['', 'abc', 'h\u00e9llo', '\u20ac'.repeat(70_000) + 'x']) {
    const out = enc.encode(s);
    assert.equal(Object.getPrototypeOf(out), Uint8Array.prototype);
    assert.ok(out.buffer instanceof ArrayBuffer, 'not a SharedArrayBuffer');
    assert.equal(out.byteOffset, 0);
    assert.equal(out.buffer.byteLength, out.length);
  }
});

test('UTF-8 encoder: one to four bytes per scalar value', () => {
  assert.deepEqual(list(enc.encode('A\u0080\u07ff\u0800\uffff')), [0x41, 0xc2, 0x80, 0xdf, 0xbf, 0xe0, 0xa0, 0x80, 0xef, 0xbf, 0xbf]);
  // U+1F600 = D83D DE00 -> F0 9F 98 80; U+10FFFF = DBFF DFFF -> F4 8F BF BF; U+10000 -> F0 90 80 80.
  assert.deepEqual(list(enc.encode('\ud83d\ude00\udbff\udfff\ud800\udc00')), [0xf0, 0x9f, 0x98, 0x80, 0xf4, 0x8f, 0xbf, 0xbf, 0xf0, 0x90, 0x80, 0x80]);
});

test('lone surrogates become U+FFFD (EF BF BD): lead at end, trail alone, reversed pair, two leads', () => {
  const R = [0xef, 0xbf, 0xbd];
  assert.deepEqual(list(enc.encode('\ud800')), R);
  assert.deepEqual(list(enc.encode('\udc00')), R);
  assert.deepEqual(list(enc.encode('a\ud800b')), [0x61, ...R, 0x62]);
  assert.deepEqual(list(enc.encode('\ude00\ud83d')), [...R, ...R]);
  assert.deepEqual(list(enc.encode('\ud83d\ud83d\ude00')), [...R, 0xf0, 0x9f, 0x98, 0x80]);
});

test('encode converts its argument with ToString; symbols are a TypeError', () => {
  assert.deepEqual(list(enc.encode(null)), [0x6e, 0x75, 0x6c, 0x6c]);
  assert.deepEqual(list(enc.encode(12)), [0x31, 0x32]);
  assert.deepEqual(list(enc.encode({ toString: () => '\u00e9' })), [0xc3, 0xa9]);
  assert.throws(() => enc.encode(Symbol('s')), TypeError);
});

test('a surrogate pair across the internal 64 Ki-unit window boundary is not split', () => {
  // "€" + 65534 × "a" + U+1F600 + "b": the pair sits at units 65535-65536.
  const s = '\u20ac' + 'a'.repeat(65534) + '\ud83d\ude00' + 'b';
  const expected = new Uint8Array(3 + 65534 + 4 + 1);
  expected.set([0xe2, 0x82, 0xac], 0);
  expected.fill(0x61, 3, 3 + 65534);
  expected.set([0xf0, 0x9f, 0x98, 0x80, 0x62], 3 + 65534);
  assert.deepEqual(enc.encode(s), expected);
  const dest = new Uint8Array(expected.length);
  assert.deepEqual(enc.encodeInto(s, dest), { read: s.length, written: expected.length });
  assert.deepEqual(dest, expected);
});

test('encodeInto writes only whole characters: "a€" into 2 bytes writes 1', () => {
  const dest = new Uint8Array([0xaa, 0xaa]);
  assert.deepEqual(enc.encodeInto('a\u20ac', dest), { read: 1, written: 1 });
  assert.deepEqual(list(dest), [0x61, 0xaa]);
});

test('encodeInto: read counts UTF-16 code units (2 for a supplementary character)', () => {
  const four = new Uint8Array(4);
  assert.deepEqual(enc.encodeInto('a\ud83d\ude00', four), { read: 1, written: 1 });
  const five = new Uint8Array(5);
  assert.deepEqual(enc.encodeInto('a\ud83d\ude00', five), { read: 3, written: 5 });
  assert.deepEqual(list(five), [0x61, 0xf0, 0x9f, 0x98, 0x80]);
  const three = new Uint8Array(3);
  assert.deepEqual(enc.encodeInto('\ud800x', three), { read: 1, written: 3 }, 'lone surrogate: 1 unit read, 3 bytes');
  assert.deepEqual(list(three), [0xef, 0xbf, 0xbd]);
});

test('encodeInto never writes past the end of a view (sentinels around a subarray)', () => {
  for (let room = 0; room <= 12; room++) {
    const backing = new Uint8Array(room + 8).fill(0xee);
    const dest = backing.subarray(4, 4 + room);
    const s = 'a\u00e9\u20ac\ud83d\ude00b'; // 1+2+3+4+1 = 11 bytes, 6 units
    const r = enc.encodeInto(s, dest);
    // Whole characters that fit: prefix byte lengths 1, 3, 6, 10, 11.
    const fits = [0, 1, 3, 6, 10, 11].filter((n) => n <= room).pop();
    const units = { 0: 0, 1: 1, 3: 2, 6: 3, 10: 5, 11: 6 }[fits];
    assert.deepEqual(r, { read: units, written: fits }, `room ${room}`);
    assert.deepEqual(list(backing.subarray(0, 4)), [0xee, 0xee, 0xee, 0xee]);
    assert.ok(backing.subarray(4 + fits).every((b) => b === 0xee), `room ${room}: bytes after what was written are untouched`);
  }
});

test('encodeInto into a Uint8Array over a SharedArrayBuffer', () => {
  const dest = new Uint8Array(new SharedArrayBuffer(8), 2, 5);
  assert.deepEqual(enc.encodeInto('\u00e9\u20ac', dest), { read: 2, written: 5 });
  assert.deepEqual(list(new Uint8Array(dest.buffer)), [0, 0, 0xc3, 0xa9, 0xe2, 0x82, 0xac, 0]);
});

test('encodeInto into a detached or empty destination writes nothing', () => {
  const buffer = new ArrayBuffer(4);
  const dest = new Uint8Array(buffer);
  structuredClone(buffer, { transfer: [buffer] });
  assert.deepEqual(enc.encodeInto('abc', dest), { read: 0, written: 0 });
  assert.deepEqual(enc.encodeInto('abc', new Uint8Array(0)), { read: 0, written: 0 });
  assert.deepEqual(enc.encodeInto('', new Uint8Array(4)), { read: 0, written: 0 });
});

test('encodeInto: a destination that is not a Uint8Array is a TypeError', () => {
  for (const dest of [new Uint8ClampedArray(4), new Int8Array(4), new Uint16Array(4), new DataView(new ArrayBuffer(4)), new ArrayBuffer(4), [0, 0, 0, 0], null, undefined, 'xxxx', { length: 4 }, Object.create(Uint8Array.prototype)]) {
    assert.throws(() => enc.encodeInto('a', dest), TypeError, Object.prototype.toString.call(dest));
  }
});

test('encodeInto: fewer than two arguments is a TypeError (even with a valid first one)', () => {
  assert.throws(() => enc.encodeInto(), TypeError);
  assert.throws(() => enc.encodeInto('a'), TypeError);
});

test('encodeInto converts source (ToString) before checking destination', () => {
  const log = [];
  assert.throws(() => enc.encodeInto({ toString() { log.push('source'); return 'x'; } }, 'not a Uint8Array'), TypeError);
  assert.deepEqual(log, ['source']);
  const dest = new Uint8Array(9);
  assert.deepEqual(enc.encodeInto(undefined, dest), { read: 9, written: 9 }, 'undefined is the string "undefined"');
  assert.throws(() => enc.encodeInto(Symbol('s'), new Uint8Array(4)), TypeError);
});

test('encodeInto returns a new plain object with own data properties read, written (in that order)', () => {
  const r = enc.encodeInto('ab', new Uint8Array(4));
  assert.equal(Object.getPrototypeOf(r), Object.prototype);
  assert.deepEqual(Object.keys(r), ['read', 'written']);
  for (const key of ['read', 'written']) {
    assert.deepEqual(Object.getOwnPropertyDescriptor(r, key), { value: 2, writable: true, enumerable: true, configurable: true });
  }
  assert.notEqual(enc.encodeInto('', new Uint8Array(0)), enc.encodeInto('', new Uint8Array(0)));
});

test('encodeInto reads the destination\'s real length, not an own "length" property', () => {
  const backing = new Uint8Array(8).fill(0xee);
  const dest = backing.subarray(0, 2);
  Object.defineProperty(dest, 'length', { value: 8 });
  const r = enc.encodeInto('abcdef', dest);
  assert.deepEqual(r, { read: 2, written: 2 });
  assert.deepEqual(list(backing), [0x61, 0x62, 0xee, 0xee, 0xee, 0xee, 0xee, 0xee]);
});

test('encodeInto works on a Uint8Array from another realm', async () => {
  const vm = await import('node:vm');
  const dest = vm.runInNewContext('new Uint8Array(3)');
  assert.deepEqual(enc.encodeInto('\u20ac', dest), { read: 1, written: 3 });
  assert.deepEqual(Array.from(dest), [0xe2, 0x82, 0xac]);
});
