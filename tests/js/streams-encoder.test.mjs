// TextEncoderStream (Encoding Standard §7.6) from the packed package, natives
// deleted (the global TransformStream kept). Oracle for the random strings:
// Node's own TextEncoder (captured before deletion) on the concatenation,
// which the spec's "convert code unit to scalar value" across chunks equals.
import assert from 'node:assert/strict';
import test from 'node:test';
import { loadPackage, NATIVE, prng } from './helpers.mjs';
import { joinBytes, NATIVE_STREAMS, pump } from './streams-common.mjs';

delete globalThis.TextDecoderStream;
delete globalThis.TextEncoderStream;
const { TextEncoder, TextEncoderStream } = await loadPackage();
const SEED = Number(process.env.TEW_SEED || 20261124);
const nativeEncoder = new NATIVE.TextEncoder();

const encodeStream = async (chunks) => {
  const r = await pump(new TextEncoderStream(), chunks);
  return { chunks: r.chunks.map((c) => [...c]), bytes: [...joinBytes(r.chunks)], error: r.error, raw: r.chunks };
};

test('TextEncoderStream: WebIDL shape (length 0, getters, toStringTag, Illegal invocation)', () => {
  assert.equal(TextEncoderStream.length, 0);
  assert.equal(TextEncoderStream.name, 'TextEncoderStream');
  const proto = TextEncoderStream.prototype;
  assert.deepEqual(Reflect.ownKeys(proto).map(String), ['encoding', 'readable', 'writable', 'constructor', 'Symbol(Symbol.toStringTag)']);
  for (const name of ['encoding', 'readable', 'writable']) {
    const d = Object.getOwnPropertyDescriptor(proto, name);
    assert.equal(d.enumerable, true);
    assert.equal(d.configurable, true);
    assert.equal(d.set, undefined);
    for (const bad of [{}, null, 1, Object.create(proto), new TextEncoder()]) {
      assert.throws(() => d.get.call(bad), { name: 'TypeError', message: 'Illegal invocation' });
    }
  }
  const e = new TextEncoderStream();
  assert.equal(e.encoding, 'utf-8');
  assert.equal(Object.prototype.toString.call(e), '[object TextEncoderStream]');
  assert.ok(e.readable instanceof NATIVE_STREAMS.ReadableStream);
  assert.ok(e.writable instanceof NATIVE_STREAMS.WritableStream);
});

test('TextEncoderStream: a surrogate pair split across chunks is one code point; lone high surrogates become EF BF BD', async () => {
  assert.deepEqual((await encodeStream(['a\ud83d', '\ude00b'])).chunks, [[0x61], [0xf0, 0x9f, 0x98, 0x80, 0x62]]);
  assert.deepEqual((await encodeStream(['\ud83d', '', '\ude00'])).chunks, [[0xf0, 0x9f, 0x98, 0x80]]);
  assert.deepEqual((await encodeStream(['\ud83d', 'x'])).chunks, [[0xef, 0xbf, 0xbd, 0x78]]);
  assert.deepEqual((await encodeStream(['\ud83d', '\ud83d', '\ude00'])).chunks, [[0xef, 0xbf, 0xbd], [0xf0, 0x9f, 0x98, 0x80]]);
  assert.deepEqual((await encodeStream(['x\ud83d'])).chunks, [[0x78], [0xef, 0xbf, 0xbd]]);
  assert.deepEqual((await encodeStream(['\ude00', '\ud800'])).chunks, [[0xef, 0xbf, 0xbd], [0xef, 0xbf, 0xbd]]);
  assert.deepEqual((await encodeStream(['', '', ''])).chunks, []);
  assert.deepEqual((await encodeStream([])).chunks, []);
});

test('TextEncoderStream: chunks are converted with ToString; one whose toString throws errors both sides with that error', async () => {
  assert.deepEqual((await encodeStream([undefined, null, 3.14, {}, ['hi'], true])).chunks.map((c) => String.fromCharCode(...c)),
    ['undefined', 'null', '3.14', '[object Object]', 'hi', 'true']);
  const error1 = new Error('error1');
  const e = new TextEncoderStream();
  const writer = e.writable.getWriter();
  const reader = e.readable.getReader();
  const write = writer.write({ toString() { throw error1; } });
  await assert.rejects(reader.read(), (x) => x === error1);
  await assert.rejects(write, (x) => x === error1);
  const s = await pump(new TextEncoderStream(), [Symbol('x')]);
  assert.equal(s.error, 'TypeError');
});

test('TextEncoderStream: chunks are Uint8Arrays over their own ArrayBuffer', async () => {
  const { raw } = await encodeStream(['ab', 'h\u00e9llo', '\ud83d', '']);
  for (const c of raw) {
    assert.ok(c instanceof Uint8Array);
    assert.equal(c.byteOffset, 0);
    assert.equal(c.buffer.byteLength, c.length);
  }
});

test('TextEncoderStream: random strings with split surrogate pairs, random chunkings, equal encode() of the concatenation', async (t) => {
  const random = prng(SEED);
  const pieces = ['a', 'Z', '\u00e9', '\u20ac', '\ud83d', '\ude00', '\ud800', '\udfff', '\ud83d\ude00', '\uffff', '\u0000', 'xyz'];
  let runs = 0;
  for (let i = 0; i < 1500; i++) {
    const chunks = [];
    const count = Math.floor(random() * 8);
    for (let c = 0; c < count; c++) {
      let s = '';
      const n = random() < 0.25 ? 0 : Math.floor(random() * 6);
      for (let k = 0; k < n; k++) s += pieces[Math.floor(random() * pieces.length)];
      chunks.push(s);
    }
    const r = await encodeStream(chunks);
    const expected = [...nativeEncoder.encode(chunks.join(''))];
    assert.deepEqual(r.bytes, expected, JSON.stringify(chunks));
    assert.ok(r.chunks.every((c) => c.length > 0));
    runs++;
  }
  t.diagnostic(`${runs} random streams, seed ${SEED}`);
});
