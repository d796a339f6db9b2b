// TextDecoderStream (Encoding Standard §7.5) from the packed package, with
// Node's TextDecoder/TextEncoder and its own stream classes deleted (the
// global TransformStream is kept: it is what the class is built on).
// Oracle for the random tests: the spec's equivalence of a streamed decode
// with one whole decode() of the concatenated bytes by our TextDecoder
// (itself tested against the spec elsewhere); the browser differential
// (tests/browser/streams-differential.mjs) compares with Chromium's classes.
import assert from 'node:assert/strict';
import test from 'node:test';
import { bytes, loadPackage, prng } from './helpers.mjs';
import { errorName, NATIVE_STREAMS, pump, randomSplit } from './streams-common.mjs';

delete globalThis.TextDecoderStream;
delete globalThis.TextEncoderStream;
const { TextDecoder, TextDecoderStream } = await loadPackage();
const SEED = Number(process.env.TEW_SEED || 20261124);

const decodeStream = async (label, options, chunks) => {
  const r = await pump(new TextDecoderStream(label, options), chunks);
  return { text: r.chunks.join(''), chunks: r.chunks, error: r.error };
};

test('TextDecoderStream: WebIDL shape (length 0, enumerable configurable getters, toStringTag, Illegal invocation)', () => {
  assert.equal(TextDecoderStream.length, 0);
  assert.equal(TextDecoderStream.name, 'TextDecoderStream');
  const proto = TextDecoderStream.prototype;
  assert.deepEqual(Reflect.ownKeys(proto).map(String), ['encoding', 'fatal', 'ignoreBOM', 'readable', 'writable', 'constructor', 'Symbol(Symbol.toStringTag)']);
  for (const name of ['encoding', 'fatal', 'ignoreBOM', 'readable', 'writable']) {
    const d = Object.getOwnPropertyDescriptor(proto, name);
    assert.equal(typeof d.get, 'function');
    assert.equal(d.set, undefined);
    assert.equal(d.enumerable, true);
    assert.equal(d.configurable, true);
    assert.equal(d.get.name, `get ${name}`);
    for (const bad of [{}, null, undefined, 1, Object.create(proto), new TextDecoder()]) {
      assert.throws(() => d.get.call(bad), { name: 'TypeError', message: 'Illegal invocation' });
    }
  }
  assert.equal(Object.prototype.toString.call(new TextDecoderStream()), '[object TextDecoderStream]');
  assert.throws(() => TextDecoderStream(), TypeError);
  // Same as Node's own class where it has one.
  if (NATIVE_STREAMS.TextDecoderStream) assert.equal(TextDecoderStream.length, NATIVE_STREAMS.TextDecoderStream.length);
});

test('TextDecoderStream: label and options as TextDecoder (RangeError, TypeError, getters)', () => {
  const d = new TextDecoderStream(' Shift_JIS ', { fatal: 1, ignoreBOM: 'yes' });
  assert.equal(d.encoding, 'shift_jis');
  assert.equal(d.fatal, true);
  assert.equal(d.ignoreBOM, true);
  assert.equal(new TextDecoderStream(undefined).encoding, 'utf-8');
  assert.equal(new TextDecoderStream().fatal, false);
  for (const label of ['replacement', 'iso-2022-kr', 'nonsense', '']) assert.throws(() => new TextDecoderStream(label), RangeError, label);
  assert.throws(() => new TextDecoderStream('utf-8', 1), TypeError);
  assert.throws(() => new TextDecoderStream(Symbol('x')), TypeError);
  const order = [];
  new TextDecoderStream('utf-8', { get fatal() { order.push('fatal'); return false; }, get ignoreBOM() { order.push('ignoreBOM'); return false; } });
  assert.deepEqual(order, ['fatal', 'ignoreBOM']);
});

test('TextDecoderStream: readable and writable are the TransformStream\'s, the same object every time', () => {
  const d = new TextDecoderStream();
  assert.ok(d.readable instanceof NATIVE_STREAMS.ReadableStream);
  assert.ok(d.writable instanceof NATIVE_STREAMS.WritableStream);
  assert.equal(d.readable, d.readable);
  assert.equal(d.writable, d.writable);
});

test('TextDecoderStream: every BufferSource kind is a chunk, SharedArrayBuffer included; empty output is not enqueued', async () => {
  const ab = new ArrayBuffer(2);
  new Uint8Array(ab).set([0x41, 0x42]);
  const sab = new SharedArrayBuffer(1);
  new Uint8Array(sab)[0] = 0x43;
  const r = await decodeStream('utf-8', {}, [ab, new DataView(ab, 1), new Uint16Array([0x4544]), new Uint8Array(sab), sab, new Uint8Array(0), new ArrayBuffer(0), bytes(0xe2), bytes(0x82), bytes(0xac)]);
  assert.equal(r.error, null);
  assert.deepEqual(r.chunks, ['AB', 'B', 'DE', 'C', 'C', '\u20ac']);
});

test('TextDecoderStream: a chunk that is not a BufferSource errors both sides with a TypeError', async () => {
  for (const bad of ['abc', 1, null, undefined, {}, [65], { byteLength: 1 }]) {
    const d = new TextDecoderStream();
    const writer = d.writable.getWriter();
    const reader = d.readable.getReader();
    const write = writer.write(bad);
    await assert.rejects(reader.read(), TypeError);
    await assert.rejects(write, TypeError);
    await assert.rejects(writer.closed, TypeError);
    await assert.rejects(reader.closed, TypeError);
  }
});

test('TextDecoderStream: fatal errors both sides with a TypeError, mid-stream and at flush', async () => {
  const mid = await decodeStream('utf-8', { fatal: true }, [bytes(0x41), bytes(0xff), bytes(0x42)]);
  assert.deepEqual(mid.chunks, ['A']);
  assert.equal(mid.error, 'TypeError');
  const d = new TextDecoderStream('utf-8', { fatal: true });
  const writer = d.writable.getWriter();
  const reading = d.readable.getReader().read();
  writer.write(bytes(0xf0, 0x9f));
  await assert.rejects(writer.close(), TypeError);
  await assert.rejects(reading, TypeError);
  const flush = await decodeStream('shift_jis', { fatal: true }, [bytes(0x41, 0x82)]);
  assert.deepEqual(flush.chunks, ['A']);
  assert.equal(flush.error, 'TypeError');
});

test('TextDecoderStream: the end of the queue gives U+FFFD for a truncated sequence in replacement mode', async () => {
  assert.deepEqual((await decodeStream('utf-8', {}, [bytes(0x41, 0xf0, 0x9f), bytes(0x98)])).chunks, ['A', '\ufffd']);
  assert.deepEqual((await decodeStream('utf-16le', {}, [bytes(0x41, 0x00, 0x42)])).chunks, ['A', '\ufffd']);
  assert.deepEqual((await decodeStream('gb18030', {}, [bytes(0x81, 0x30, 0x81)])).chunks, ['\ufffd']);
  assert.deepEqual((await decodeStream('utf-8', {}, [])).chunks, []);
});

test('TextDecoderStream: BOM handling as TextDecoder, across chunk boundaries', async () => {
  const cases = [
    ['utf-8', [[0xef], [0xbb], [0xbf, 0x41]], false, 'A'],
    ['utf-8', [[0xef], [0xbb], [0xbf, 0x41]], true, '\ufeffA'],
    ['utf-8', [[], [0xef, 0xbb], [], [0xbf], [0xef, 0xbb, 0xbf]], false, '\ufeff'],
    ['utf-16le', [[0xff], [0xfe], [0x41], [0x00]], false, 'A'],
    ['utf-16be', [[0xfe, 0xff, 0x00], [0x41]], false, 'A'],
    ['utf-16be', [[0xfe, 0xff, 0x00], [0x41]], true, '\ufeffA'],
    ['shift_jis', [[0xef, 0xbb, 0xbf]], false, new TextDecoder('shift_jis').decode(bytes(0xef, 0xbb, 0xbf))],
  ];
  for (const [label, chunks, ignoreBOM, expected] of cases) {
    const r = await decodeStream(label, { ignoreBOM }, chunks.map((c) => new Uint8Array(c)));
    assert.equal(r.text, expected, `${label} ${JSON.stringify(chunks)} ignoreBOM ${ignoreBOM}`);
  }
});

test('TextDecoderStream: a chunk is copied when written (later changes to its buffer do not matter)', async () => {
  const d = new TextDecoderStream();
  const writer = d.writable.getWriter();
  const reader = d.readable.getReader();
  const chunk = bytes(0x41, 0x42);
  const reading = reader.read();
  await writer.write(chunk);
  chunk[0] = 0x5a;
  assert.equal((await reading).value, 'AB');
});

test('TextDecoderStream: random chunkings (empty and 1-byte chunks) of random bytes equal one decode(), every encoding, both modes', async (t) => {
  const random = prng(SEED);
  const labels = ['utf-8', 'ibm866', 'iso-8859-2', 'iso-8859-8-i', 'koi8-u', 'macintosh', 'windows-874', 'windows-1252', 'windows-1258', 'x-mac-cyrillic',
    'gbk', 'gb18030', 'big5', 'euc-jp', 'iso-2022-jp', 'shift_jis', 'euc-kr', 'utf-16be', 'utf-16le', 'x-user-defined'];
  const interesting = [0x1b, 0x24, 0x28, 0x42, 0x4a, 0x40, 0x7e, 0x80, 0x81, 0x82, 0xa1, 0xc3, 0xd8, 0xdc, 0xe2, 0xef, 0xbb, 0xbf, 0xf0, 0xfe, 0xff, 0x30, 0x00, 0x41];
  let runs = 0;
  for (const label of labels) {
    for (let i = 0; i < 60; i++) {
      const length = Math.floor(random() * 80);
      const input = new Uint8Array(length);
      for (let k = 0; k < length; k++) input[k] = random() < 0.6 ? interesting[Math.floor(random() * interesting.length)] : Math.floor(random() * 256);
      const fatal = random() < 0.5;
      const ignoreBOM = random() < 0.3;
      const chunks = randomSplit(random, input);
      let expected;
      try {
        expected = { text: new TextDecoder(label, { fatal, ignoreBOM }).decode(input), error: null };
      } catch (e) {
        expected = { error: errorName(e) };
      }
      const actual = await decodeStream(label, { fatal, ignoreBOM }, chunks);
      runs++;
      if (expected.error) {
        assert.equal(actual.error, expected.error, `${label} fatal [${input}]`);
      } else {
        assert.equal(actual.error, null, `${label} [${input}]`);
        assert.equal(actual.text, expected.text, `${label} fatal ${fatal} ignoreBOM ${ignoreBOM} [${input}] chunks ${JSON.stringify(chunks.map((c) => [...c]))}`);
        assert.ok(actual.chunks.every((c) => c.length > 0), 'no empty chunk enqueued');
      }
    }
  }
  t.diagnostic(`${runs} random streams, seed ${SEED}`);
});
