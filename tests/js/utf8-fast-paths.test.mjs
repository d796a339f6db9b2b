// The JS UTF-8 fast paths (js/utf8-fast-paths.js, used by js/text-decoder.js
// and js/runtime.js), natives deleted: short valid UTF-8 decoded in JS (≤ 64
// bytes, new decoder, else the module), encode() and encodeInto() in JS at every
// size. Oracles: the spec's steps transcribed in utf8-reference.mjs, and Node's
// own TextEncoder (captured before deletion) for the multi-megabyte strings.
import assert from 'node:assert/strict';
import test from 'node:test';
import { loadPackage, NATIVE, prng } from './helpers.mjs';
import { randomUnits, randomUtf8ishBytes, referenceEncode, referenceEncodeInto, referenceUtf8Decode } from './utf8-reference.mjs';

const { TextDecoder, TextEncoder } = await loadPackage();
const enc = new TextEncoder();
/** The decode fast path's limit (js/text-decoder.js UTF8_FAST_PATH) and encode()'s short-string one (js/runtime.js ENCODE_SHORT). */
const DECODE_LIMIT = 64;
const ENCODE_LIMIT = 64;

/** What decode() must give: the reference, the BOM rule of §7.1 applied. */
function expectedDecode(bytes, fatal, ignoreBOM = false) {
  const text = referenceUtf8Decode(bytes, fatal);
  if (text === null) return null;
  return !ignoreBOM && text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

function actualDecode(bytes, options) {
  try {
    return new TextDecoder('utf-8', options).decode(bytes);
  } catch (e) {
    assert.ok(e instanceof TypeError, `${e}`);
    return null;
  }
}

const hex = (b) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join(' ');

test('short random UTF-8-ish bytes (0-80 bytes, around the 64-byte limit) decode as the spec\'s decoder does, both modes', () => {
  const random = prng(0x5eed01);
  let valid = 0;
  for (let n = 0; n < 20_000; n++) {
    const length = n < 200 ? DECODE_LIMIT - 2 + (n % 5) : Math.floor(random() * 81);
    const input = randomUtf8ishBytes(random, length);
    // Half of them valid but for the bytes drawn: the fast path's own case.
    if (n % 2 === 0) {
      const text = referenceUtf8Decode(input, false).replace(/\ufffd/g, 'é');
      const b = new NATIVE.TextEncoder().encode(text).subarray(0, length);
      input.set(b);
    }
    for (const fatal of [false, true]) {
      const want = expectedDecode(input, fatal);
      if (fatal && want !== null) valid++;
      assert.equal(actualDecode(input, { fatal }), want, `fatal ${fatal}: ${hex(input)}`);
    }
  }
  assert.ok(valid > 2000, `only ${valid} valid inputs: the fast path was barely run`);
});

test('an invalid or truncated byte at each position of a short valid input: same as the spec\'s decoder', () => {
  // 64 bytes: ASCII, 2-, 3- and 4-byte sequences.
  const base = new NATIVE.TextEncoder().encode('aé€😀'.repeat(7) + 'xyz\u07ff\uffff\u{10ffff}é').subarray(0, DECODE_LIMIT);
  assert.equal(base.length, DECODE_LIMIT);
  const bad = [0x80, 0xbf, 0xc0, 0xc1, 0xc2, 0xe0, 0xed, 0xf0, 0xf4, 0xf5, 0xff];
  for (const length of [1, 2, 3, 4, 5, 17, DECODE_LIMIT - 1, DECODE_LIMIT]) {
    for (let at = 0; at < length; at++) {
      for (const b of bad) {
        const input = base.slice(0, length);
        input[at] = b;
        for (const fatal of [false, true]) {
          assert.equal(actualDecode(input, { fatal }), expectedDecode(input, fatal), `fatal ${fatal}: ${hex(input)}`);
        }
      }
      // Cut short at `at`: a sequence missing its last bytes.
      const cut = base.slice(0, at + 1);
      for (const fatal of [false, true]) assert.equal(actualDecode(cut, { fatal }), expectedDecode(cut, fatal), `cut: ${hex(cut)}`);
    }
  }
});

test('valid input exactly at, one under and one past the 64-byte limit; sequences ending at and crossing it', () => {
  const E = (s) => new NATIVE.TextEncoder().encode(s);
  const cases = [];
  for (const length of [DECODE_LIMIT - 1, DECODE_LIMIT, DECODE_LIMIT + 1]) {
    cases.push('a'.repeat(length - 2) + 'é'); // 2-byte sequence ending at the end
    for (const tail of ['€', '😀', '\u0800', '\u{10000}', '\u{10ffff}', '\ud7ff', '\ue000']) {
      const t = E(tail).length;
      cases.push('b'.repeat(length - t) + tail);
      cases.push('c'.repeat(length - t - 1) + tail + 'd'); // the sequence ends one before
    }
  }
  cases.push('\ufeff' + 'x'.repeat(DECODE_LIMIT - 3)); // a BOM, 64 bytes in all
  for (const text of cases) {
    const input = E(text);
    for (const ignoreBOM of [false, true]) {
      for (const fatal of [false, true]) {
        assert.equal(actualDecode(input, { fatal, ignoreBOM }), expectedDecode(input, fatal, ignoreBOM), hex(input));
      }
    }
  }
});

test('streaming: the fast path runs only for a new decoder, and leaves it new', () => {
  const d = new TextDecoder();
  // Valid, complete: decoded in JS, the decoder stays new.
  assert.equal(d.decode(new Uint8Array([0xc3, 0xa9, 0x41]), { stream: true }), 'éA');
  // A sequence cut by the chunk boundary: the module keeps the state...
  assert.equal(d.decode(new Uint8Array([0xe2, 0x82]), { stream: true }), '');
  // ...and the next short valid-looking chunk must go on from it.
  assert.equal(d.decode(new Uint8Array([0xac, 0xc3, 0xa9]), { stream: true }), '€é');
  assert.equal(d.decode(new Uint8Array([0xf0, 0x9f])), '\ufffd', 'flushed: a truncated sequence is one error');
  // The BOM is stripped once per stream, whichever path decodes the chunk.
  const b = new TextDecoder();
  assert.equal(b.decode(new Uint8Array([0xef, 0xbb, 0xbf, 0x41]), { stream: true }), 'A');
  assert.equal(b.decode(new Uint8Array([0xef, 0xbb, 0xbf, 0x42]), { stream: true }), '\ufeffB');
  assert.equal(b.decode(), '');
  assert.equal(b.decode(new Uint8Array([0xef, 0xbb, 0xbf])), '', 'a new stream: a BOM again');
  // Fatal streaming: an error in a short chunk still throws, and the rest stays queued.
  const f = new TextDecoder('utf-8', { fatal: true });
  assert.throws(() => f.decode(new Uint8Array([0x41, 0xff, 0x42]), { stream: true }), TypeError);
  assert.equal(f.decode(), 'B');
});

test('encode(): random strings with lone surrogates, 0-200 units (around the 64-unit limit), equal the spec\'s encoder; exact buffers', () => {
  const random = prng(0x5eed02);
  for (let n = 0; n < 20_000; n++) {
    const length = n < 300 ? ENCODE_LIMIT - 2 + (n % 5) : Math.floor(random() * (n % 10 === 0 ? 200 : 80));
    const s = randomUnits(random, length);
    const out = enc.encode(s);
    assert.deepEqual(Array.from(out), referenceEncode(s), JSON.stringify(s));
    assert.equal(out.buffer.byteLength, out.length);
  }
});

test('encode() and encodeInto(): a lone surrogate at every position, around each limit', () => {
  for (const length of [1, 2, 3, ENCODE_LIMIT - 1, ENCODE_LIMIT, ENCODE_LIMIT + 1, 200]) {
    for (const body of ['a', 'é', '€']) {
      for (let at = 0; at < length; at++) {
        for (const lone of ['\ud800', '\udbff', '\udc00', '\udfff']) {
          const units = Array(length).fill(body);
          units[at] = lone;
          const s = units.join('');
          const want = referenceEncode(s);
          const out = enc.encode(s);
          assert.deepEqual(Array.from(out), want, JSON.stringify(s));
          assert.equal(out.buffer.byteLength, out.length);
          const dest = new Uint8Array(want.length);
          assert.deepEqual(enc.encodeInto(s, dest), { read: length, written: want.length });
          assert.deepEqual(Array.from(dest), want);
        }
      }
    }
  }
});

test('encodeInto(): every destination size 0..n+2, lone surrogates and pairs: whole characters only, never past the end', () => {
  const random = prng(0x5eed03);
  const strings = ['', 'a', 'é', '€', '😀', '\ud800', '\udc00', 'a\ud800', '\ud800a', '\udc00\ud800', '😀\ud83d', 'aé€😀\udfffz'];
  for (let n = 0; n < 400; n++) strings.push(randomUnits(random, 1 + Math.floor(random() * 24)));
  for (const s of strings) {
    const total = referenceEncode(s).length;
    for (let room = 0; room <= total + 2; room++) {
      const want = referenceEncodeInto(s, room);
      // A larger buffer around the destination: nothing outside it may change.
      const backing = new Uint8Array(room + 8).fill(0xee);
      const dest = backing.subarray(4, 4 + room);
      const r = enc.encodeInto(s, dest);
      assert.deepEqual(r, { read: want.read, written: want.written }, `${JSON.stringify(s)} into ${room}`);
      assert.deepEqual(Array.from(dest.subarray(0, r.written)), want.bytes);
      assert.ok(dest.subarray(r.written).every((b) => b === 0xee), 'bytes after `written` untouched');
      assert.ok(backing.subarray(0, 4).every((b) => b === 0xee) && backing.subarray(4 + room).every((b) => b === 0xee), 'nothing outside the view');
    }
  }
});

test('encode() of long strings: the one-buffer path and the windowed path (> 5.59 Mi units), pairs at the window boundaries', () => {
  const native = new NATIVE.TextEncoder();
  const same = (s) => {
    const out = enc.encode(s);
    const want = native.encode(s);
    assert.equal(out.length, want.length);
    assert.equal(out.buffer.byteLength, out.length);
    assert.ok(Buffer.compare(out, want) === 0, `differs (length ${s.length})`);
  };
  const random = prng(0x5eed04);
  const chunk = randomUnits(random, 4096);
  same('x'.repeat(100) + chunk); // ASCII prefix, then the rest
  same(chunk.repeat(16));
  same('\u00e9'.repeat(70_000) + '😀'); // all 2-byte: the result buffer is cut from the worst-case one
  same('\u20ac'.repeat(70_000)); // all 3-byte: the worst case is the exact size
  // Past 2**24 / 3 units after the ASCII prefix: windows of 65,536 units.
  const W = 1 << 16;
  const big = ['é'.repeat(W - 1), '😀', 'é'.repeat(W - 2), '\ud83d', '\ud83d\ude00', 'é'.repeat(W - 1), '\ud800'];
  let s = big.join('');
  s += chunk.repeat(Math.ceil((5_600_000 - s.length) / chunk.length));
  assert.ok(s.length > (1 << 24) / 3);
  same(s);
  same('a'.repeat(1000) + s.slice(0, 5_600_000) + '\ud800');
});
