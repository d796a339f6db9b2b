// The JS UTF-8 codec (js/utf8-codec.js, js/utf8-encode.js: every UTF-8
// decode and encode of TextDecoder and TextEncoder), natives deleted: short
// and long input, valid and not, encode() and encodeInto() at every size. Oracles: the spec's steps transcribed in utf8-reference.mjs, and Node's
// own TextEncoder (captured before deletion) for the multi-megabyte strings.
import assert from 'node:assert/strict';
import test from 'node:test';
import { loadPackage, NATIVE, prng, resolveInProject } from './helpers.mjs';
import { randomUnits, randomUtf8ishBytes, referenceEncode, referenceEncodeInto, referenceUtf8Decode } from './utf8-reference.mjs';

const { TextDecoder, TextEncoder } = await loadPackage();
/** The build for interpreters (typed strings, js/utf8-codec.js's `typed`): the same codec, other paths. */
const typedBuild = await import(await resolveInProject('text-encoding-wasm/js/utf8'));
const enc = new TextEncoder();
/** The decode fast path's limit (js/text-decoder.js ASCII_FAST_PATH) and encode()'s short-string one (js/utf8-encode.js ENCODE_SHORT). */
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

test('all-ASCII input of every length 0-65, at every offset 0-3 in its buffer: the bytes as code points, both builds', () => {
  // The short all-ASCII path (js/text-decoder.js asciiText: 16, 4, then 1 byte per fromCharCode call).
  const random = prng(0x5eed0a);
  for (const build of [{ TextDecoder }, typedBuild]) {
    for (let length = 0; length <= DECODE_LIMIT + 1; length++) {
      for (let offset = 0; offset < 4; offset++) {
        const buffer = new Uint8Array(offset + length + 3).fill(0xff); // non-ASCII around the view
        for (let i = 0; i < length; i++) buffer[offset + i] = Math.floor(random() * 0x80);
        const input = buffer.subarray(offset, offset + length);
        assert.equal(new build.TextDecoder().decode(input), referenceUtf8Decode(input, true), `${length} bytes at ${offset}: ${hex(input)}`);
      }
    }
  }
});

test('longer input (64-3,000 bytes), mixed scripts and one script, errors spliced in: as the spec\'s decoder, both modes and both loops', () => {
  // js/utf8-codec.js takes a branch-free step per character where the first
  // 64 bytes mix sequence lengths, and branches on the lead otherwise: both
  // kinds of text are drawn here, valid and with random bytes spliced in.
  const random = prng(0x5eed05);
  const pools = [
    ['a', ' ', 'é', 'Ж', '中', '€', '😀', '\u{10ffff}', '\u07ff', '\u0800', '\ud7ff', '\ue000', '\uffff', '\u{10000}'], // mixed lengths
    ['中', '文', '。', '字'], // one script (3 bytes)
    ['Ж', 'д', 'é'], // one script (2 bytes)
    ['😀', '\u{10ffff}', '\u{1f600}'], // one script (4 bytes)
  ];
  let checked = 0;
  for (let n = 0; n < 3000; n++) {
    const pool = pools[n % pools.length];
    let text = '';
    const units = 64 + Math.floor(random() * 1000);
    while (text.length < units) text += pool[Math.floor(random() * pool.length)];
    const input = new NATIVE.TextEncoder().encode(text);
    // Two of three with bad bytes: a random one, or a valid sequence cut short.
    if (n % 3 !== 0) {
      const bad = randomUtf8ishBytes(random, 1 + Math.floor(random() * 6));
      const at = Math.floor(random() * input.length);
      input.set(bad.subarray(0, Math.min(bad.length, input.length - at)), at);
    }
    for (const fatal of [false, true]) {
      assert.equal(actualDecode(input, { fatal }), expectedDecode(input, fatal), `pool ${n % pools.length}, fatal ${fatal}: ${hex(input)}`);
      checked++;
    }
  }
  assert.equal(checked, 6000);
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

test('encodeInto(): destination sizes from 0 to 3 bytes per unit + 2, lone surrogates and pairs: whole characters only, never past the end', () => {
  const random = prng(0x5eed03);
  const strings = ['', 'a', 'é', '€', '😀', '\ud800', '\udc00', 'a\ud800', '\ud800a', '\udc00\ud800', '😀\ud83d', 'aé€😀\udfffz'];
  for (let n = 0; n < 400; n++) strings.push(randomUnits(random, 1 + Math.floor(random() * 24)));
  // Longer ones too (js/utf8-encode.js decides its loop on the first 64 units).
  for (let n = 0; n < 40; n++) strings.push(randomUnits(random, 60 + Math.floor(random() * 100)));
  for (const s of strings) {
    const total = referenceEncode(s).length;
    // Up to room for 3 bytes per unit and more (the encoder's loop without room checks).
    for (let room = 0; room <= 3 * s.length + 2; room += s.length > 30 && room > 8 && room < total - 8 ? 7 : 1) {
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

// js/utf8-codec.js decodes whole valid sequences in one test each and the
// rest (errors, cut sequences) with the spec's steps; long ASCII runs go
// through js/utf8-engine-decode.js. These inputs cross between the two.

/** Every error class of §8.1.1, each a few bytes: where the codec leaves its one-test path for the spec's steps. */
const ERROR_CLASSES = [
  [0x80], [0xbf], // a continuation byte with no lead
  [0xc0, 0x80], [0xc1, 0xbf], // overlong leads
  [0xe0, 0x80, 0x80], [0xe0, 0x9f, 0xbf], // 3-byte overlongs (E0 needs A0-BF)
  [0xed, 0xa0, 0x80], [0xed, 0xbf, 0xbf], // surrogates (ED needs 80-9F)
  [0xf0, 0x80, 0x80, 0x80], [0xf0, 0x8f, 0xbf, 0xbf], // 4-byte overlongs (F0 needs 90-BF)
  [0xf4, 0x90, 0x80, 0x80], [0xf4, 0xbf, 0xbf, 0xbf], // past U+10FFFF (F4 needs 80-8F)
  [0xf5, 0x80], [0xf8], [0xfe], [0xff], // never a lead
  [0xc2], [0xe2, 0x82], [0xf0, 0x9f, 0x98], // cut short (a valid byte follows, or the end)
  [0xc2, 0x41], [0xe2, 0x41], [0xe2, 0x82, 0x41], [0xf0, 0x9f, 0x41], [0xf0, 0x9f, 0x98, 0x41], // lead, then not a continuation
];

test('long input (65 B to 40 KiB): each error class at the start, middle and end of valid text, both modes, as the spec\'s decoder', () => {
  const E = (s) => new NATIVE.TextEncoder().encode(s);
  const bodies = [E('a'.repeat(300)), E('aé€😀'.repeat(40)), E('д'.repeat(150)), E('中文'.repeat(60)), E('x'.repeat(20_000) + 'é' + 'y'.repeat(20_000))];
  for (const body of bodies) {
    for (const bad of ERROR_CLASSES) {
      for (const at of [0, 65, body.length >> 1, body.length - 1, body.length]) {
        // Back to a character boundary so only the inserted bytes are wrong.
        let cut = at;
        while (cut > 0 && cut < body.length && (body[cut] & 0xc0) === 0x80) cut--;
        const input = new Uint8Array(body.length + bad.length);
        input.set(body.subarray(0, cut), 0);
        input.set(bad, cut);
        input.set(body.subarray(cut), cut + bad.length);
        for (const fatal of [false, true]) {
          assert.equal(actualDecode(input, { fatal }), expectedDecode(input, fatal), `fatal ${fatal}, ${hex(bad)} at ${cut} of ${body.length}`);
        }
      }
    }
  }
});

test('long random UTF-8-ish input (65 B to 100 KiB), mostly valid with sparse errors: as the spec\'s decoder, both modes', () => {
  const random = prng(0x5eed05);
  const pieces = ['a', 'hello ', 'é', 'д', '€', '中', '😀', '\u{10ffff}', '\ud7ff', '\ue000', '\ufeff', '\u0000'];
  for (let n = 0; n < 300; n++) {
    let text = '';
    const target = n % 30 === 0 ? 17_000 + Math.floor(random() * 80_000) : 65 + Math.floor(random() * 3000);
    while (text.length < target) text += random() < 0.5 ? 'ascii text ' : pieces[Math.floor(random() * pieces.length)];
    const input = new NATIVE.TextEncoder().encode(text);
    // 0 to 3 errors, from the error classes or random bytes.
    const errors = n % 4;
    for (let k = 0; k < errors; k++) {
      const bad = random() < 0.5 ? ERROR_CLASSES[Math.floor(random() * ERROR_CLASSES.length)] : randomUtf8ishBytes(random, 1 + Math.floor(random() * 4));
      input.set(bad.slice(0, input.length), Math.floor(random() * (input.length - bad.length)));
    }
    for (const fatal of [false, true]) {
      for (const ignoreBOM of [false, true]) {
        assert.equal(actualDecode(input, { fatal, ignoreBOM }), expectedDecode(input, fatal, ignoreBOM), `case ${n}, fatal ${fatal}`);
      }
    }
  }
});

test('CJK text (three-byte sequences with ASCII between: the loop\'s three-byte run) with errors at random places, across its 1,024-unit chunks, the input\'s end cutting a sequence: as the spec\'s decoder, both modes, both builds', () => {
  // js/utf8-codec.js decodes a run of three-byte sequences and ASCII in a
  // loop of its own once a three-byte sequence starts (text the first 64
  // bytes show as one script): every way out of that run is drawn here.
  const random = prng(0x5eed07);
  const pieces = ['中', '文', '字', '。', '\u3042', '\u0800', '\uffff', '\ud7ff', '\ue000', '\ufeff', ' ', 'a', '1'];
  let checked = 0;
  for (let n = 0; n < 400; n++) {
    let text = '';
    const target = n % 20 === 0 ? 5_000 + Math.floor(random() * 30_000) : 30 + Math.floor(random() * 2_500);
    while (text.length < target) text += random() < 0.9 ? pieces[Math.floor(random() * 4)] : pieces[Math.floor(random() * pieces.length)];
    let input = new NATIVE.TextEncoder().encode(text);
    // Cut at the end in one case of four (a sequence the input ends inside).
    if (n % 4 === 1) input = input.subarray(0, input.length - 1 - Math.floor(random() * 2));
    const errors = n % 5;
    for (let k = 0; k < errors; k++) {
      const bad = random() < 0.6 ? ERROR_CLASSES[Math.floor(random() * ERROR_CLASSES.length)] : randomUtf8ishBytes(random, 1 + Math.floor(random() * 4));
      input.set(bad.slice(0, input.length), Math.floor(random() * Math.max(1, input.length - bad.length)));
    }
    for (const fatal of [false, true]) {
      const want = expectedDecode(input, fatal);
      assert.equal(actualDecode(input, { fatal }), want, `case ${n}, fatal ${fatal}: ${hex(input.subarray(0, 300))}`);
      let typed;
      try {
        typed = new typedBuild.TextDecoder('utf-8', { fatal }).decode(input);
      } catch (e) {
        assert.ok(e instanceof TypeError, `${e}`);
        typed = null;
      }
      assert.equal(typed, want, `typed build, case ${n}, fatal ${fatal}`);
      checked++;
    }
  }
  assert.equal(checked, 800);
});

test('long ASCII runs (the engine\'s own decoder from 16 KiB) and past 1 MiB: equal the native decoder, errors at and around each boundary', () => {
  const native = new NATIVE.TextDecoder();
  const E = (s) => new NATIVE.TextEncoder().encode(s);
  for (const length of [16_383, 16_384, 16_385, 1 << 20, (1 << 20) + 1, (5 << 19) + 7]) {
    const ascii = new Uint8Array(length);
    for (let i = 0; i < length; i++) ascii[i] = 0x20 + (i % 95);
    assert.equal(new TextDecoder().decode(ascii), native.decode(ascii));
    // Then multi-byte text, then an error, at the run's end and one either side.
    for (const at of [length - 1, length, length + 1]) {
      for (const tail of [E('é€😀'), Uint8Array.of(0xff, 0x41), Uint8Array.of(0xed, 0xa0, 0x80), Uint8Array.of(0xf0, 0x9f)]) {
        const input = new Uint8Array(at + tail.length);
        input.set(ascii.subarray(0, Math.min(at, length)));
        if (at > length) input[length] = 0x41;
        input.set(tail, at);
        for (const fatal of [false, true]) {
          let want;
          try {
            want = new NATIVE.TextDecoder('utf-8', { fatal }).decode(input);
          } catch {
            want = null;
          }
          assert.ok(actualDecode(input, { fatal }) === want, `length ${length}, ${hex(tail)} at ${at}, fatal ${fatal}`);
        }
      }
    }
  }
  // A NUL, DEL and every ASCII byte in a long run.
  const all = new Uint8Array(40_000);
  for (let i = 0; i < all.length; i++) all[i] = i & 0x7f;
  assert.equal(new TextDecoder().decode(all), native.decode(all));
});

test('streaming, random splits (1 B to 5 KiB chunks) of long mixed input with every error class: same text as one call of the spec\'s decoder; fatal throws exactly when it has an error', () => {
  const random = prng(0x5eed06);
  const E = (s) => new NATIVE.TextEncoder().encode(s);
  const body = E('The quick brown fox, é д € 中文 😀 \u{10ffff} '.repeat(120) + 'z'.repeat(5000));
  for (let n = 0; n < 240; n++) {
    const input = body.slice(0, 200 + Math.floor(random() * (body.length - 200)));
    const errors = n % 3;
    for (let k = 0; k < errors; k++) {
      const bad = ERROR_CLASSES[Math.floor(random() * ERROR_CLASSES.length)];
      input.set(bad, Math.floor(random() * (input.length - bad.length)));
    }
    const maxChunk = [2, 8, 70, 5000][n % 4];
    const chunks = [];
    for (let i = 0; i < input.length; ) {
      const size = 1 + Math.floor(random() * maxChunk);
      chunks.push(input.slice(i, i + size));
      i += size;
    }
    for (const fatal of [false, true]) {
      const want = expectedDecode(input, fatal);
      const d = new TextDecoder('utf-8', { fatal });
      let got = '';
      try {
        for (const chunk of chunks) got += d.decode(chunk, { stream: true });
        got += d.decode();
      } catch (e) {
        assert.ok(e instanceof TypeError, `${e}`);
        got = null;
      }
      assert.equal(got, want, `case ${n}, fatal ${fatal}, chunks up to ${maxChunk}`);
      // The decoder is reusable after a whole stream (or a fatal error): a second stream decodes alike.
      const again = new TextDecoder('utf-8', { fatal });
      if (!fatal) assert.equal(chunks.map((c) => again.decode(c, { stream: true })).join('') + again.decode(), want);
    }
  }
});

test('streaming, fatal: after each error the rest of the chunk stays queued and the next calls decode it', () => {
  const E = (s) => new NATIVE.TextEncoder().encode(s);
  const head = E('é'.repeat(50)); // > 64 bytes: the long path
  for (const bad of ERROR_CLASSES) {
    // The error in the middle of a long chunk, and right after a sequence cut by the previous chunk.
    const input = new Uint8Array([...head, ...bad, ...E('tail 中文')]);
    const d = new TextDecoder('utf-8', { fatal: true });
    let out = '';
    let threw = 0;
    for (let i = 0; i < 10 && !(i > 0 && out.endsWith('中文')); i++) {
      try {
        out += d.decode(i === 0 ? input : new Uint8Array(0), { stream: true });
      } catch (e) {
        assert.ok(e instanceof TypeError);
        threw++;
      }
    }
    try {
      out += d.decode();
    } catch (e) {
      assert.ok(e instanceof TypeError);
      threw++;
    }
    // Oracle: the spec's decoder on the whole input in replacement mode gives one U+FFFD per error.
    const replaced = expectedDecode(input, false);
    const errors = replaced.split('\ufffd').length - 1;
    assert.equal(threw, errors, `${hex(bad)}: one TypeError per error`);
    // A call that throws returns nothing (its text before the error is lost); the calls after it decode the rest.
    assert.equal(out, replaced.slice(replaced.lastIndexOf('\ufffd') + 1), `${hex(bad)}: the rest decoded`);
  }
});

test('ASCII runs read four bytes at a time (past 64 bytes): one non-ASCII byte or sequence at each position, views at byte offsets 0-3, both builds', () => {
  const E = (s) => new NATIVE.TextEncoder().encode(s);
  for (const { TextDecoder: Decoder } of [{ TextDecoder }, typedBuild]) {
    for (const length of [65, 66, 67, 68, 69, 80, 131]) {
      for (const offset of [0, 1, 2, 3]) {
        for (const tail of [Uint8Array.of(0x80), E('é'), E('€'), Uint8Array.of(0xf0, 0x9f), Uint8Array.of(0xff)]) {
          for (let at = 0; at <= length; at++) {
            const backing = new Uint8Array(offset + length + tail.length);
            const input = backing.subarray(offset);
            for (let i = 0; i < input.length; i++) input[i] = 0x20 + ((i * 7) % 95);
            input.set(tail, at);
            const view = input.subarray(0, Math.max(at + tail.length, length));
            for (const fatal of [false, true]) {
              let got;
              try {
                got = new Decoder('utf-8', { fatal }).decode(view);
              } catch (e) {
                assert.ok(e instanceof TypeError, `${e}`);
                got = null;
              }
              assert.ok(got === expectedDecode(view, fatal), `length ${view.length}, offset ${offset}, ${hex(tail)} at ${at}, fatal ${fatal}`);
            }
          }
        }
      }
    }
  }
});

test('encode() and encodeInto(): the ASCII prefix read four units at a time (past 64 units): one non-ASCII unit or pair at each position, every room, both builds', () => {
  // js/utf8-encode.js asciiQuads: 4 units per test while 4 more fit before the
  // end (of the string, or of encodeInto's room), then one at a time.
  for (const { TextEncoder: Encoder } of [{ TextEncoder }, typedBuild]) {
    const encoder = new Encoder();
    for (const length of [65, 66, 67, 68, 69, 131]) {
      for (const odd of ['\x80', '\u07ff', '\u0800', '\ud800', '\udc00', '\ud83d\ude00', '\ud83d']) {
        for (let at = 0; at <= length; at++) {
          const ascii = Array.from({ length }, (_, i) => String.fromCharCode(0x20 + ((i * 7) % 95)));
          const s = ascii.slice(0, at).join('') + odd + ascii.slice(at).join('');
          const want = referenceEncode(s);
          const out = encoder.encode(s);
          assert.deepEqual(Array.from(out), want, `${JSON.stringify(odd)} at ${at} of ${length}`);
          assert.equal(out.buffer.byteLength, out.length);
          for (const room of [at - 1, at, at + 1, at + 2, at + 3, at + 4, want.length - 1, want.length]) {
            if (room < 0) continue;
            const expected = referenceEncodeInto(s, room);
            const backing = new Uint8Array(room + 2).fill(0xee);
            const dest = backing.subarray(1, 1 + room);
            assert.deepEqual(encoder.encodeInto(s, dest), { read: expected.read, written: expected.written }, `${JSON.stringify(odd)} at ${at} of ${length}, room ${room}`);
            assert.deepEqual(Array.from(dest.subarray(0, expected.written)), expected.bytes);
            assert.ok(backing[0] === 0xee && backing[room + 1] === 0xee && dest.subarray(expected.written).every((b) => b === 0xee), 'nothing written outside the characters');
          }
        }
      }
    }
  }
});
