// Every class and function of the extra entry as a hostile caller uses it
// (issue 17, item 3): lengths and views are taken through the intrinsics
// (internal slots), never from the argument's own properties, so a lying
// subclass of a typed array, an overridden subarray or length, a revoked
// proxy or a getter that detaches the buffer gets the same answer as the
// honest value (or the TypeError WebIDL gives), and never bytes of the
// module's memory left from an earlier call. Run on the WebAssembly build
// (text-encoding-wasm/extra) and the build without it (text-encoding-wasm/js/extra).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadPackage, resolveInProject } from './helpers.mjs';

await loadPackage();
const ENTRIES = {
  extra: await import(await resolveInProject('text-encoding-wasm/extra')),
  'js/extra': await import(await resolveInProject('text-encoding-wasm/js/extra')),
};

const SECRET = Uint8Array.from(Buffer.from('password=hunter2; user=alice; token=0123456789abcdef;'));
const secretValues = () => Uint32Array.from(SECRET);

/** Subclasses that lie about what they hold. */
const liars = {
  'length getter': (C, values) => new (class extends C { get length() { return 64; } })(values),
  'byteLength getter': (C, values) => new (class extends C { get byteLength() { return 256; } })(values),
  'subarray that widens': (C, values) => {
    const v = new (class extends C {})(values);
    v.subarray = () => new C(4096).fill(0x41);
    return v;
  },
  'own length property': (C, values) => Object.defineProperty(new C(values), 'length', { value: 1 << 20 }),
};

for (const [entryName, x] of Object.entries(ENTRIES)) {
  test(`${entryName}: Iso10646Utf8Encoder takes a Uint32Array's length and data from its slots, not its properties`, () => {
    // Leave the secret in the module's memory first.
    new x.Iso10646Utf8Decoder().decode(SECRET);
    new x.Iso10646Utf8Encoder().encode(secretValues());
    const encoder = new x.Iso10646Utf8Encoder();
    for (const [lie, make] of Object.entries(liars)) {
      assert.deepEqual([...encoder.encode(make(Uint32Array, [0x41]))], [0x41], lie);
      assert.deepEqual([...encoder.encode(make(Uint32Array, [0x41, 0x7fffffff]))], [0x41, 0xfd, 0xbf, 0xbf, 0xbf, 0xbf, 0xbf], lie);
    }
    // A Uint32Array of another realm is a Uint32Array (its slots say so).
    const { runInNewContext } = process.getBuiltinModule ? process.getBuiltinModule('node:vm') : { runInNewContext: null };
    if (runInNewContext) assert.deepEqual([...encoder.encode(runInNewContext('new Uint32Array([0x42])'))], [0x42]);
  });

  test(`${entryName}: every decoder reads only the bytes a lying Uint8Array holds`, () => {
    const decoders = {
      Iso10646Utf8Decoder: (bytes) => [...new x.Iso10646Utf8Decoder().decode(bytes)],
      Wtf8Decoder: (bytes) => new x.Wtf8Decoder().decode(bytes),
      Cesu8Decoder: (bytes) => new x.Cesu8Decoder().decode(bytes),
      ModifiedUtf8Decoder: (bytes) => new x.ModifiedUtf8Decoder().decode(bytes),
      readUTF: (bytes) => x.readUTF(bytes).value,
      wtf8Concat: (bytes) => [...x.wtf8Concat(bytes, bytes)],
    };
    for (const [name, decode] of Object.entries(decoders)) {
      decode(SECRET.length > 0 && name === 'readUTF' ? Uint8Array.of(0, SECRET.length, ...SECRET) : SECRET);
      const honest = name === 'readUTF' ? Uint8Array.of(0, 1, 0x41) : Uint8Array.of(0x41);
      const expected = decode(honest);
      for (const [lie, make] of Object.entries(liars)) assert.deepEqual(decode(make(Uint8Array, honest)), expected, `${name}, ${lie}`);
    }
  });

  test(`${entryName}: encodeInto writes through the destination's slots, whatever it claims`, () => {
    const encoders = [new x.Wtf8Encoder(), new x.Cesu8Encoder(), new x.ModifiedUtf8Encoder(), new x.LegacyEncoder('shift_jis')];
    for (const encoder of encoders) {
      for (const [lie, make] of Object.entries(liars)) {
        const destination = make(Uint8Array, new Uint8Array(4));
        const r = encoder.encodeInto('ABCDEFGH', destination);
        assert.deepEqual(r, { read: 4, written: 4 }, `${encoder.constructor.name}, ${lie}`);
        assert.deepEqual([...new Uint8Array(destination.buffer)], [0x41, 0x42, 0x43, 0x44]);
      }
    }
  });

  test(`${entryName}: revoked proxies and throwing getters are TypeErrors (or the getter's own error), never a wrong answer`, () => {
    const { proxy, revoke } = Proxy.revocable(new Uint8Array(4), {});
    revoke();
    const targets = [
      () => new x.Wtf8Decoder().decode(proxy),
      () => new x.Iso10646Utf8Decoder().decode(proxy),
      () => new x.Iso10646Utf8Encoder().encode(proxy),
      () => new x.Cesu8Encoder().encodeInto('a', proxy),
      () => new x.LegacyEncoder('gbk').encodeInto('a', proxy),
      () => x.readUTF(proxy),
      () => x.wtf8Concat(proxy, new Uint8Array(0)),
      () => new x.LegacyEncoder(proxy),
      () => new x.Wtf8Decoder(proxy),
      () => new x.Wtf8Decoder().decode(new Uint8Array(1), proxy),
    ];
    for (const run of targets) assert.throws(run, TypeError, String(run));
    const boom = new Error('boom');
    const throwing = { get fatal() { throw boom; }, get stream() { throw boom; }, get mode() { throw boom; } };
    for (const run of [
      () => new x.Wtf8Decoder(throwing),
      () => new x.Wtf8Decoder().decode(new Uint8Array(1), throwing),
      () => new x.LegacyEncoder('big5', throwing),
      () => new x.LegacyEncoder('big5').encode('a', throwing),
      () => new x.Iso10646Utf8Decoder(throwing),
    ]) assert.throws(run, (e) => e === boom, String(run));
  });

  test(`${entryName}: an options getter that detaches the input: the bytes were taken before, or none are read`, () => {
    const decoders = [new x.Wtf8Decoder(), new x.Cesu8Decoder(), new x.ModifiedUtf8Decoder(), new x.Iso10646Utf8Decoder()];
    for (const decoder of decoders) {
      const input = Uint8Array.from(Buffer.from('hello'));
      const options = { get stream() { structuredClone(input.buffer, { transfer: [input.buffer] }); return false; } };
      const out = decoder.decode(input, options);
      const text = typeof out === 'string' ? out : String.fromCodePoint(...out);
      // WebIDL converts the arguments in order: the input's bytes are read
      // after the dictionary, when the buffer is detached (no bytes), or
      // before it (all of them); never anything else.
      assert.ok(text === '' || text === 'hello', `${decoder.constructor.name}: ${JSON.stringify(text)}`);
    }
  });

  test(`${entryName}: a getter that re-enters the same object keeps its state consistent`, () => {
    const decoder = new x.Wtf8Decoder();
    const inner = [];
    const options = { get stream() { inner.push(decoder.decode(Uint8Array.of(0x42))); return true; } };
    const out = decoder.decode(Uint8Array.of(0xe2, 0x82), options);
    assert.deepEqual(inner, ['B']);
    assert.equal(out + decoder.decode(Uint8Array.of(0xac)), '\u20ac');
    const encoder = new x.LegacyEncoder('iso-2022-jp');
    const reentered = [];
    const encOptions = { get stream() { reentered.push([...encoder.encode('あ')]); return true; } };
    const bytes = [...encoder.encode('あ', encOptions), ...encoder.encode('')];
    assert.deepEqual(reentered, [[0x1b, 0x24, 0x42, 0x24, 0x22, 0x1b, 0x28, 0x42]]);
    assert.deepEqual(bytes, [0x1b, 0x24, 0x42, 0x24, 0x22, 0x1b, 0x28, 0x42]);
  });
}

test('readUTF: an offset whose valueOf detaches the bytes reads none of them (a RangeError: too few bytes)', () => {
  for (const x of Object.values(ENTRIES)) {
    const bytes = Uint8Array.of(0, 1, 0x41);
    const offset = { valueOf() { structuredClone(bytes.buffer, { transfer: [bytes.buffer] }); return 0; } };
    assert.throws(() => x.readUTF(bytes, offset), RangeError);
  }
});
