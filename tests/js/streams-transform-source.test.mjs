// Where the stream classes get their TransformStream: with every native stream
// class deleted (Node as old Node, React Native or QuickJS would be), the
// constructors throw a TypeError that names what is missing; once a
// TransformStream is supplied (Node's node:stream/web, or web-streams-polyfill
// 4.x pinned in devDependencies), they work, including pipeThrough. Also: the
// polyfill entries install all four classes, CommonJS and the utf8 build.
import assert from 'node:assert/strict';
import test from 'node:test';
import * as nodeStreams from 'node:stream/web';
import { loadPackage, resolveInProject, runNode } from './helpers.mjs';
import { deleteNativeStreams, joinBytes } from './streams-common.mjs';

deleteNativeStreams();
const pkg = await loadPackage();
const polyfill = await import(await resolveInProject('web-streams-polyfill'));

test('without a TransformStream the constructors throw a TypeError that says what is missing and how to supply it', () => {
  assert.equal(typeof globalThis.TransformStream, 'undefined');
  pkg.useTransformStream(null);
  for (const make of [() => new pkg.TextDecoderStream(), () => new pkg.TextEncoderStream()]) {
    assert.throws(make, (e) => e instanceof TypeError && /no TransformStream/.test(e.message) && /useTransformStream/.test(e.message) && /web-streams-polyfill/.test(e.message));
  }
  // Argument errors come first, as in the spec's order of steps.
  assert.throws(() => new pkg.TextDecoderStream('nonsense'), RangeError);
  assert.throws(() => pkg.useTransformStream({}), TypeError);
});

/** Bytes in -> TextDecoderStream -> TextEncoderStream -> bytes out, with `impl`'s ReadableStream as the source. */
async function roundTrip(impl, label, input, chunkSize) {
  let at = 0;
  const source = new impl.ReadableStream({
    pull(controller) {
      if (at >= input.length) return controller.close();
      controller.enqueue(input.subarray(at, at + chunkSize));
      at += chunkSize;
    },
  });
  const out = [];
  const readable = source.pipeThrough(new pkg.TextDecoderStream(label)).pipeThrough(new pkg.TextEncoderStream());
  const reader = readable.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    out.push(value);
  }
  return joinBytes(out);
}

for (const [name, impl] of [['node:stream/web', nodeStreams], ['web-streams-polyfill', polyfill]]) {
  test(`with ${name}'s TransformStream supplied by useTransformStream(): decode, encode, pipeThrough, errors`, async () => {
    assert.equal(pkg.useTransformStream(impl.TransformStream), null);
    try {
      const d = new pkg.TextDecoderStream('shift_jis');
      assert.ok(d.readable instanceof impl.ReadableStream);
      assert.ok(d.writable instanceof impl.WritableStream);
      const text = 'h\u00e9llo \u3042\u3044 \ud83d\ude00'.repeat(50);
      const utf8 = new pkg.TextEncoder().encode(text);
      for (const size of [1, 3, 7, 1000]) {
        assert.deepEqual([...(await roundTrip(impl, 'utf-8', utf8, size))], [...utf8], `chunk size ${size}`);
      }
      // Fatal: both sides errored with a TypeError.
      const f = new pkg.TextDecoderStream('utf-8', { fatal: true });
      const writer = f.writable.getWriter();
      const read = f.readable.getReader().read();
      const write = writer.write(new Uint8Array([0xff]));
      await assert.rejects(read, TypeError);
      await assert.rejects(write, TypeError);
      // A bad chunk.
      const b = new pkg.TextDecoderStream();
      const bw = b.writable.getWriter();
      const br = b.readable.getReader().read();
      bw.write('not bytes').catch(() => {});
      await assert.rejects(br, TypeError);
    } finally {
      assert.equal(pkg.useTransformStream(null), impl.TransformStream);
    }
  });
}

test('setting globalThis.TransformStream later is enough (the lookup happens at construction)', () => {
  globalThis.TransformStream = polyfill.TransformStream;
  try {
    assert.ok(new pkg.TextEncoderStream().readable instanceof polyfill.ReadableStream);
  } finally {
    delete globalThis.TransformStream;
  }
});

test('install() and the polyfill entries install the four classes as interface objects', () => {
  const target = {};
  assert.deepEqual(pkg.install(target), ['TextDecoder', 'TextEncoder', 'TextDecoderStream', 'TextEncoderStream']);
  assert.deepEqual(Object.getOwnPropertyDescriptor(target, 'TextDecoderStream'), { value: pkg.TextDecoderStream, writable: true, enumerable: false, configurable: true });
  // A TextDecoderStream that accepts no label is a gap like a missing one (js/install.js probes it).
  const existing = { TextDecoderStream: function Native() {} };
  assert.deepEqual(pkg.install(existing), ['TextDecoder', 'TextEncoder', 'TextDecoderStream', 'TextEncoderStream']);
  const working = { TextDecoderStream: pkg.TextDecoderStream };
  assert.deepEqual(pkg.install(working), ['TextDecoder', 'TextEncoder', 'TextEncoderStream']);
  assert.deepEqual(pkg.install(existing, { force: true }), ['TextDecoder', 'TextEncoder', 'TextDecoderStream', 'TextEncoderStream']);
  assert.equal(existing.TextDecoderStream, pkg.TextDecoderStream);
});

test('polyfill entry (ESM and CommonJS) installs the stream classes only where missing; force replaces them; natives deleted', () => {
  const check = `
    const Native = globalThis.TextDecoderStream;
    delete globalThis.TextDecoder; delete globalThis.TextEncoder; delete globalThis.TextEncoderStream;
    const results = {};
    const done = (m) => {
      results.decoderKept = globalThis.TextDecoderStream === Native;
      results.encoderOurs = globalThis.TextEncoderStream === m.TextEncoderStream;
      results.useExported = typeof m.useTransformStream === 'function';
      return new globalThis.TextEncoderStream().readable.getReader();
    };`;
  const esm = runNode(`${check}
    const m = await import('text-encoding-wasm/polyfill');
    const reader = done(m);
    const forced = await import('text-encoding-wasm/polyfill/force');
    results.forced = globalThis.TextDecoderStream === forced.TextDecoderStream;
    console.log(JSON.stringify(results));`);
  assert.equal(esm.status, 0, esm.stderr);
  // Node's native TextDecoderStream rejects iso-8859-16 and x-user-defined: a gap, so
  // the polyfill replaces it (js/install.js probes every encoding's name).
  assert.deepEqual(esm.result, { decoderKept: false, encoderOurs: true, useExported: true, forced: true });
  const cjs = runNode(`${check}
    const m = require('text-encoding-wasm/polyfill');
    done(m);
    console.log(JSON.stringify(results));`, { type: 'commonjs' });
  assert.equal(cjs.status, 0, cjs.stderr);
  assert.deepEqual(cjs.result, { decoderKept: false, encoderOurs: true, useExported: true });
});

test('the utf8 build has the stream classes; its other labels throw the same RangeError as TextDecoder', () => {
  const r = runNode(`
    delete globalThis.TextDecoder; delete globalThis.TextEncoder; delete globalThis.TextDecoderStream; delete globalThis.TextEncoderStream;
    const m = await import('text-encoding-wasm/utf8');
    let message = null;
    try { new m.TextDecoderStream('shift_jis'); } catch (e) { message = e.constructor.name + ': ' + e.message; }
    const d = new m.TextDecoderStream('utf-16le');
    const w = d.writable.getWriter();
    const read = d.readable.getReader().read();
    w.write(new Uint8Array([0x41, 0x00]));
    console.log(JSON.stringify({ message, text: (await read).value }));`);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.result.message, /^RangeError: .*TextDecoderStream.*'shift_jis'\) is not a label of UTF-8 or UTF-16, the only encodings text-encoding-wasm\/utf8 has; .*'text-encoding-wasm\/japanese'/);
  assert.equal(r.result.text, 'A');
});
