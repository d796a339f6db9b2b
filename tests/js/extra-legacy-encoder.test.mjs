// text-encoding-wasm/extra: LegacyEncoder, the standard's encoders (§4.1,
// §9-§14) in "fatal" and "html" error mode, streaming and encodeInto.
// Oracles independent of our encoder: the spec's encoder steps run here over
// the published index files (data/whatwg-index), and iconv-lite where it
// agrees with the spec (its disagreements: DIVERGENCES.md).
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import test from 'node:test';
import { PROJECT, loadPackage, prng, recordWasmMemories, resolveInProject, runNode } from './helpers.mjs';

const memories = recordWasmMemories();
const main = await loadPackage();
const extra = await import(await resolveInProject('text-encoding-wasm/extra'));
const { LegacyEncoder } = extra;
const list = (u8) => Array.from(u8);
/** What the extra entry exports (its TypeScript declarations list the same). */
const EXTRA_KEYS = [
  'Cesu8Decoder', 'Cesu8Encoder', 'Iso10646Utf8Decoder', 'Iso10646Utf8Encoder', 'LegacyEncoder', 'ModifiedUtf8Decoder',
  'ModifiedUtf8Encoder', 'Wtf8Decoder', 'Wtf8Encoder', 'readUTF', 'ready', 'writeUTF', 'wtf8Concat',
];
const oneShot = (label, s, mode = 'html') => new LegacyEncoder(label, { mode }).encode(s);

test('importing the main entry and /extra instantiates the main module once; the encoders module at the first encode (ESM and CommonJS)', async () => {
  // The encoders are a module of their own (js/encoders-host.js), booted at first use.
  assert.equal(memories.length, 1);
  await extra.ready();
  assert.equal(memories.length, 2);
  const code = `
    let n = 0; const I = WebAssembly.Instance;
    WebAssembly.Instance = new Proxy(I, { construct(t, a) { n++; return Reflect.construct(t, a); } });
    const m = require('text-encoding-wasm'); const x = require('text-encoding-wasm/extra');
    const before = n;
    const bytes = Array.from(new x.LegacyEncoder('shift_jis').encode('\\u3042'));
    new x.LegacyEncoder('big5').encode('\\u4e00');
    console.log(JSON.stringify({ before, n, bytes, keys: Object.keys(x).sort() }));`;
  const r = runNode(code, { type: 'commonjs' });
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(r.result, { before: 1, n: 2, bytes: [0x82, 0xa0], keys: EXTRA_KEYS });
});

test('the main entry exports nothing new', () => {
  assert.deepEqual(Object.keys(main).sort(), ['TextDecoder', 'TextDecoderStream', 'TextEncoder', 'TextEncoderStream', 'backend', 'install', 'ready', 'useTransformStream']);
});

test('labels: "get an encoding", lowercase names, no encoder is a RangeError', () => {
  assert.equal(new LegacyEncoder(' SJIS ').encoding, 'shift_jis');
  assert.equal(new LegacyEncoder('latin1').encoding, 'windows-1252');
  assert.equal(new LegacyEncoder('GB2312').encoding, 'gbk');
  assert.equal(new LegacyEncoder('csiso2022jp').encoding, 'iso-2022-jp');
  assert.equal(new LegacyEncoder('x-user-defined').encoding, 'x-user-defined');
  assert.equal(new LegacyEncoder('utf8').encoding, 'utf-8');
  assert.equal(new LegacyEncoder('big5').mode, 'fatal');
  assert.equal(new LegacyEncoder('big5', { mode: 'html' }).mode, 'html');
  assert.throws(() => new LegacyEncoder('nope'), { name: 'RangeError', message: /'nope'\) is invalid/ });
  for (const [label, name] of [['utf-16', 'utf-16le'], ['utf-16be', 'utf-16be'], ['iso-2022-kr', 'replacement']]) {
    assert.throws(() => new LegacyEncoder(label), (e) => e instanceof RangeError && e.message.includes(`names ${name}, which has no encoder`));
  }
  assert.throws(() => new LegacyEncoder(), TypeError);
  assert.throws(() => new LegacyEncoder('sjis', { mode: 'replacement' }), { name: 'TypeError', message: /not a valid enum value/ });
  assert.throws(() => new LegacyEncoder('sjis', 1), TypeError);
  assert.throws(() => LegacyEncoder.prototype.encode.call({}), { message: 'Illegal invocation' });
  assert.equal(Object.prototype.toString.call(new LegacyEncoder('sjis')), '[object LegacyEncoder]');
});

// --- oracle 1: the spec's encoder steps over the index files --------------------

const INDEX_DIR = new URL('../../data/whatwg-index/', import.meta.url).pathname;

/** [pointer, code point] pairs of an index file, in file order. */
function readIndex(name) {
  const pairs = [];
  for (const line of readFileSync(join(INDEX_DIR, `index-${name}.txt`), 'utf8').split('\n')) {
    const m = /^\s*(\d+)\s+0x([0-9A-F]+)/i.exec(line);
    if (m) pairs.push([Number(m[1]), parseInt(m[2], 16)]);
  }
  return pairs;
}

/** code point -> first pointer (or last, for `last` code points), skipping pointers `skip` rejects. */
function pointerMap(pairs, skip = () => false, last = new Set()) {
  const map = new Map();
  for (const [p, cp] of pairs) {
    if (skip(p)) continue;
    if (!map.has(cp) || last.has(cp)) map.set(cp, p);
  }
  return map;
}

/** The spec's encoder handlers (§9-§14), null for an error. */
function specEncoders() {
  const jis = readIndex('jis0208');
  const jisPtr = pointerMap(jis);
  const sjisPtr = pointerMap(jis, (p) => p >= 8272 && p <= 8835);
  const krPtr = pointerMap(readIndex('euc-kr'));
  const big5Ptr = pointerMap(readIndex('big5'), (p) => p < (0xa1 - 0x81) * 157, new Set([0x2550, 0x255e, 0x2561, 0x256a, 0x5341, 0x5345]));
  const gbPtr = pointerMap(readIndex('gb18030'));
  const ranges = readIndex('gb18030-ranges'); // [pointer, code point]
  const w1252 = pointerMap(readIndex('windows-1252'));
  const katakana = new Map(readIndex('iso-2022-jp-katakana').map(([p, cp]) => [0xff61 + p, cp]));
  const gb = (gbk) => (cp) => {
    if (cp < 0x80) return [cp];
    if (cp === 0xe5e5) return null;
    if (gbk && cp === 0x20ac) return [0x80];
    const p = gbPtr.get(cp);
    if (p !== undefined) {
      const trail = p % 190;
      return [Math.floor(p / 190) + 0x81, trail + (trail < 0x3f ? 0x40 : 0x41)];
    }
    if (gbk) return null;
    let pointer;
    if (cp === 0xe7c7) pointer = 7457;
    else {
      let k = 0;
      while (k + 1 < ranges.length && ranges[k + 1][1] <= cp) k++;
      pointer = ranges[k][0] + cp - ranges[k][1];
    }
    const b1 = Math.floor(pointer / 12600);
    pointer %= 12600;
    const b2 = Math.floor(pointer / 1260);
    pointer %= 1260;
    return [b1 + 0x81, b2 + 0x30, Math.floor(pointer / 10) + 0x81, (pointer % 10) + 0x30];
  };
  const encoders = {
    'windows-1252': (cp) => (cp < 0x80 ? [cp] : w1252.has(cp) ? [w1252.get(cp) + 0x80] : null),
    'x-user-defined': (cp) => (cp < 0x80 ? [cp] : cp >= 0xf780 && cp <= 0xf7ff ? [cp - 0xf780 + 0x80] : null),
    shift_jis: (cp) => {
      if (cp <= 0x80) return [cp];
      if (cp === 0xa5) return [0x5c];
      if (cp === 0x203e) return [0x7e];
      if (cp >= 0xff61 && cp <= 0xff9f) return [cp - 0xff61 + 0xa1];
      if (cp === 0x2212) cp = 0xff0d;
      const p = sjisPtr.get(cp);
      if (p === undefined) return null;
      const lead = Math.floor(p / 188);
      const trail = p % 188;
      return [lead + (lead < 0x1f ? 0x81 : 0xc1), trail + (trail < 0x3f ? 0x40 : 0x41)];
    },
    'euc-jp': (cp) => {
      if (cp < 0x80) return [cp];
      if (cp === 0xa5) return [0x5c];
      if (cp === 0x203e) return [0x7e];
      if (cp >= 0xff61 && cp <= 0xff9f) return [0x8e, cp - 0xff61 + 0xa1];
      if (cp === 0x2212) cp = 0xff0d;
      const p = jisPtr.get(cp);
      return p === undefined ? null : [Math.floor(p / 94) + 0xa1, (p % 94) + 0xa1];
    },
    'euc-kr': (cp) => {
      if (cp < 0x80) return [cp];
      const p = krPtr.get(cp);
      return p === undefined ? null : [Math.floor(p / 190) + 0x81, (p % 190) + 0x41];
    },
    big5: (cp) => {
      if (cp < 0x80) return [cp];
      const p = big5Ptr.get(cp);
      if (p === undefined) return null;
      const trail = p % 157;
      return [Math.floor(p / 157) + 0x81, trail + (trail < 0x3f ? 0x40 : 0x62)];
    },
    gbk: gb(true),
    gb18030: gb(false),
  };
  /** ISO-2022-JP (§12.2.2) over a whole string, with its state; the end returns to ASCII. */
  const iso2022jp = (cps) => {
    const out = [];
    let state = 'ascii';
    const to = (s, esc) => {
      if (state !== s) out.push(...esc);
      state = s;
    };
    for (let cp of cps) {
      if ((state === 'ascii' || state === 'roman') && (cp === 0x0e || cp === 0x0f || cp === 0x1b)) return null;
      if (state === 'ascii' && cp < 0x80) { out.push(cp); continue; }
      if (state === 'roman' && cp < 0x80 && cp !== 0x5c && cp !== 0x7e) { out.push(cp); continue; }
      if (state === 'roman' && cp === 0xa5) { out.push(0x5c); continue; }
      if (state === 'roman' && cp === 0x203e) { out.push(0x7e); continue; }
      if (cp < 0x80) { to('ascii', [0x1b, 0x28, 0x42]); out.push(cp); continue; }
      if (cp === 0xa5 || cp === 0x203e) { to('roman', [0x1b, 0x28, 0x4a]); out.push(cp === 0xa5 ? 0x5c : 0x7e); continue; }
      if (cp === 0x2212) cp = 0xff0d;
      if (cp >= 0xff61 && cp <= 0xff9f) cp = katakana.get(cp);
      const p = jisPtr.get(cp);
      if (p === undefined) return null;
      to('jis0208', [0x1b, 0x24, 0x42]);
      out.push(Math.floor(p / 94) + 0x21, (p % 94) + 0x21);
    }
    to('ascii', [0x1b, 0x28, 0x42]);
    return out;
  };
  return { encoders, iso2022jp, pointers: { shift_jis: sjisPtr, 'euc-jp': jisPtr, 'euc-kr': krPtr, big5: big5Ptr, gbk: gbPtr, gb18030: gbPtr, 'windows-1252': w1252 } };
}

const spec = specEncoders();

/** A sample of code points for an encoding: every k-th mapped one, edges, and unmapped ones. */
function sample(name, rand) {
  const cps = new Set([0, 0x41, 0x7f, 0x80, 0xa5, 0x203e, 0x2212, 0xff61, 0xff9f, 0x20ac, 0xe5e5, 0xe7c7, 0xffff, 0x10000, 0x10ffff, 0x1f600, 0xf780, 0xf7ff]);
  const mapped = [...(spec.pointers[name] || new Map()).keys()];
  for (let i = 0; i < mapped.length; i += 7) cps.add(mapped[i]);
  for (let i = 0; i < 400; i++) {
    const cp = Math.floor(rand() * 0x30000);
    if (cp < 0xd800 || cp > 0xdfff) cps.add(cp);
  }
  return [...cps];
}

test('each encoder matches the spec steps over the index files (fatal and html)', () => {
  const rand = prng(8);
  let checked = 0;
  for (const [name, steps] of Object.entries(spec.encoders)) {
    const fatal = new LegacyEncoder(name);
    const html = new LegacyEncoder(name, { mode: 'html' });
    for (const cp of sample(name, rand)) {
      const s = String.fromCodePoint(cp);
      const want = steps(cp);
      const ncr = [...`&#${cp};`].map((c) => c.charCodeAt(0));
      assert.deepEqual(list(html.encode(s)), want || ncr, `${name} U+${cp.toString(16)} html`);
      if (want) assert.deepEqual(list(fatal.encode(s)), want, `${name} U+${cp.toString(16)}`);
      else assert.throws(() => fatal.encode(s), (e) => e instanceof TypeError && e.codePoint === cp && e.index === 0, `${name} U+${cp.toString(16)} fatal`);
      checked++;
    }
    // The same code points as one string (runs through the fast paths).
    const mappedOnly = sample(name, prng(1)).filter((cp) => steps(cp));
    assert.deepEqual(list(fatal.encode(String.fromCodePoint(...mappedOnly))), mappedOnly.flatMap(steps), `${name} whole string`);
  }
  console.log(`# spec-step oracle: ${checked} code points`);
});

test('single-byte encoders: a character that stops the fast path at every offset of its 8-unit steps (fatal and html)', () => {
  // The single-byte loop (js/extra/legacy-encoder.js encodeNarrow) reads 8 units
  // a step and stores them as words; a stop anywhere in a step must still give
  // every byte before it, the spec's error there, and the rest after it.
  const rand = prng(1252);
  const stops = [0x2603, 0xd800, 0xdc00, 0x1f600, 0x81 /* mapped by the windows-1252 index */, 0];
  let checked = 0;
  for (const name of ['windows-1252', 'x-user-defined']) {
    const steps = spec.encoders[name];
    const fillers = [0x41, 0x00, 0x7f, ...(name === 'windows-1252' ? [0x20ac, 0xe9, 0x178, 0xff] : [0xf780, 0xf7ff])];
    for (let length = 1; length <= 27; length++) {
      for (let at = 0; at < length; at++) {
        const stop = stops[Math.floor(rand() * stops.length)];
        const cps = Array.from({ length }, () => fillers[Math.floor(rand() * fillers.length)]);
        cps[at] = stop;
        const s = cps.map((cp) => String.fromCodePoint(cp)).join('');
        // Lone surrogates are U+FFFD to the encoder.
        const scalar = (cp) => (cp >= 0xd800 && cp <= 0xdfff ? 0xfffd : cp);
        const want = cps.flatMap((cp) => steps(scalar(cp)) || [...`&#${scalar(cp)};`].map((c) => c.charCodeAt(0)));
        assert.deepEqual(list(new LegacyEncoder(name, { mode: 'html' }).encode(s)), want, `${name} ${cps.map((c) => c.toString(16))}`);
        const bad = cps.findIndex((cp) => !steps(scalar(cp)));
        if (bad < 0) {
          assert.deepEqual(list(new LegacyEncoder(name).encode(s)), want, `${name} ${cps.map((c) => c.toString(16))} fatal`);
        } else {
          const units = cps.slice(0, bad).reduce((n, cp) => n + (cp > 0xffff ? 2 : 1), 0);
          assert.throws(() => new LegacyEncoder(name).encode(s), (e) => {
            assert.equal(e.codePoint, scalar(cps[bad]));
            assert.equal(e.index, units);
            assert.deepEqual(list(e.bytes), cps.slice(0, bad).flatMap(steps));
            return e instanceof TypeError;
          }, `${name} ${cps.map((c) => c.toString(16))} fatal`);
        }
        checked++;
      }
    }
  }
  console.log(`# single-byte stop offsets: ${checked} strings`);
});

test('ISO-2022-JP matches the spec steps (states, escapes, katakana, end of stream)', () => {
  const rand = prng(2022);
  const pool = [0x41, 0x5c, 0x7e, 0xa5, 0x203e, 0x2212, 0x3042, 0x65e5, 0xff76, 0xff9e, 0xff61, 0x0a, 0x20];
  const enc = new LegacyEncoder('iso-2022-jp');
  for (let i = 0; i < 500; i++) {
    const cps = Array.from({ length: 1 + Math.floor(rand() * 12) }, () => pool[Math.floor(rand() * pool.length)]);
    assert.deepEqual(list(enc.encode(String.fromCodePoint(...cps))), spec.iso2022jp(cps), cps.map((c) => c.toString(16)).join(' '));
  }
  assert.throws(() => enc.encode('a\x1bb'), (e) => e.codePoint === 0xfffd && e.index === 1); // §12.2.2 step 2: ESC, SO, SI are an error with U+FFFD
});

// --- oracle 2: iconv-lite -----------------------------------------------------------

const iconv = createRequire(join(PROJECT, 'package.json'))('iconv-lite');

/**
 * Where iconv-lite 0.7.3 and the spec differ, by encoding: code points where
 * our (spec) output and iconv-lite's differ. See DIVERGENCES.md.
 */
const ICONV_DIVERGES = {
  shift_jis: 1, // U+2212: the spec maps it to U+FF0D (0x81 0x7C)
  'euc-jp': 6068, // iconv-lite encodes JIS X 0212 (0x8F ..); the spec's EUC-JP encoder does not (index jis0212 is decode-only)
  big5: 2415, // iconv-lite's big5 is Big5-HKSCS; the spec excludes pointers < (0xA1 - 0x81) × 157
  gbk: 37, // GB18030-2005 PUA mappings vs the 2022 index; U+E7C7 is an error for GBK
  gb18030: 37, // same, plus U+E5E5 (an error in the spec)
  'windows-1252': 6, // U+0081 U+008D U+008F U+0090 U+009D (the index maps them), U+FFFD
  'windows-1251': 2, // U+0098 (the index maps it), U+FFFD
  macintosh: 6, // U+00A4 U+03A9 U+20AC U+2126 U+F8FF (iconv's table), U+FFFD
};

test('iconv-lite agrees on every BMP scalar value except the documented cases', () => {
  const found = {};
  const labels = ['shift_jis', 'euc-jp', 'euc-kr', 'big5', 'gbk', 'gb18030', 'windows-1252', 'windows-1251', 'iso-8859-2', 'koi8-r', 'ibm866', 'macintosh'];
  for (const label of labels) {
    const ours = new LegacyEncoder(label, { mode: 'html' });
    const diffs = [];
    for (let cp = 0; cp < 0x10000; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const s = String.fromCharCode(cp);
      const a = ours.encode(s);
      const unmapped = a.length > 2 && a[0] === 0x26 && a[1] === 0x23;
      const b = iconv.encode(s, label);
      const same = unmapped ? b.length === 1 && b[0] === 0x3f && cp !== 0x3f : Buffer.compare(Buffer.from(a), b) === 0;
      if (!same) diffs.push(cp);
    }
    if (diffs.length) found[label] = diffs;
  }
  const summary = Object.fromEntries(Object.entries(found).map(([k, v]) => [k, v.length]));
  console.log(`# iconv-lite divergences: ${JSON.stringify(summary)}`);
  for (const [label, cps] of Object.entries(found)) console.log(`# ${label}: ${cps.slice(0, 40).map((c) => c.toString(16)).join(' ')}${cps.length > 40 ? ' ...' : ''}`);
  assert.deepEqual(summary, Object.fromEntries(Object.entries(ICONV_DIVERGES).map(([k, v]) => [k, v])));
});

// --- streaming, errors, html, encodeInto -----------------------------------------

const POOL = ['a', 'Z', '\\', '~', '\n', '\u00a5', '\u203e', '\u00e9', '\u20ac', '\u3042', '\u65e5', '\uff76', '\uff9e', '\u2212', '\ud83d\ude00', '\ud840\udc0b', '\ud800', '\udc00', '\uf780', '\ue5e5', '\u0416'];
const LABELS = ['shift_jis', 'euc-jp', 'iso-2022-jp', 'euc-kr', 'big5', 'gbk', 'gb18030', 'windows-1252', 'x-user-defined', 'utf-8', 'koi8-u'];

function randomString(rand, max) {
  let s = '';
  const n = Math.floor(rand() * max);
  for (let i = 0; i < n; i++) s += POOL[Math.floor(rand() * POOL.length)];
  return s;
}

test('streaming: random splits (surrogate pairs included) give the one-shot bytes', () => {
  const rand = prng(42);
  let runs = 0;
  for (const label of LABELS) {
    for (let i = 0; i < 150; i++) {
      const s = randomString(rand, 24);
      const want = list(oneShot(label, s));
      const enc = new LegacyEncoder(label, { mode: 'html' });
      const got = [];
      let at = 0;
      while (at < s.length) {
        const to = Math.min(s.length, at + Math.floor(rand() * 5));
        got.push(...enc.encode(s.slice(at, to), { stream: true }));
        at = to;
      }
      got.push(...enc.encode());
      assert.deepEqual(got, want, `${label} ${JSON.stringify(s)}`);
      // The encoder is new again after the final call.
      assert.deepEqual(list(enc.encode(s)), want);
      runs++;
    }
  }
  console.log(`# streaming split runs: ${runs}`);
});

test('a long string goes through in windows without splitting pairs or losing bytes', () => {
  const s = '\u3042' + 'a'.repeat((1 << 14) - 2) + '\ud83d\ude00' + '\u65e5'.repeat(40000) + '\u00a5';
  for (const label of ['iso-2022-jp', 'gb18030', 'shift_jis']) {
    const whole = oneShot(label, s);
    const pieces = [];
    const enc = new LegacyEncoder(label, { mode: 'html' });
    for (let i = 0; i < s.length; i += 1000) pieces.push(...enc.encode(s.slice(i, i + 1000), { stream: true }));
    pieces.push(...enc.encode());
    assert.deepEqual(list(whole), pieces, label);
  }
  assert.equal(new main.TextDecoder('gb18030').decode(oneShot('gb18030', s)), s);
});

test('fatal: the TypeError names the code point and its index, and the call can be resumed', () => {
  const enc = new LegacyEncoder('shift_jis');
  assert.throws(() => enc.encode('ab\u00e9c'), (e) => {
    assert.ok(e instanceof TypeError);
    assert.match(e.message, /U\+00E9 at index 2 cannot be encoded in shift_jis/);
    assert.equal(e.codePoint, 0xe9);
    assert.equal(e.index, 2);
    assert.equal(e.read, 3);
    assert.deepEqual(list(e.bytes), [0x61, 0x62]);
    return true;
  });
  assert.throws(() => enc.encode('\u3042\ud83d\ude00'), (e) => e.codePoint === 0x1f600 && e.index === 1 && e.read === 3 && /U\+1F600 at index 1/.test(e.message));
  assert.throws(() => enc.encode('ab\udc00'), (e) => e.codePoint === 0xfffd && e.index === 2);
  assert.throws(() => enc.encode('ab\ud800'), (e) => e.codePoint === 0xfffd && e.index === 2);
  // A pair split between calls: the error belongs to the second call, index -1.
  assert.deepEqual(list(enc.encode('a\ud83d', { stream: true })), [0x61]);
  assert.throws(() => enc.encode('\ude00b'), (e) => e.codePoint === 0x1f600 && e.index === -1 && e.read === 1);
  // ISO-2022-JP: the escape back to ASCII is written before the error; resuming continues the stream.
  const jp = new LegacyEncoder('iso-2022-jp');
  const s = '\u65e5\u20ac\u00a5\\';
  let out = [];
  let rest = s;
  for (;;) {
    try {
      out.push(...jp.encode(rest));
      break;
    } catch (e) {
      out.push(...e.bytes, 0x3f);
      rest = rest.slice(e.read);
    }
  }
  assert.deepEqual(out, [0x1b, 0x24, 0x42, 0x46, 0x7c, 0x1b, 0x28, 0x42, 0x3f, 0x1b, 0x28, 0x4a, 0x5c, 0x1b, 0x28, 0x42, 0x5c]);
  for (const label of LABELS.filter((l) => l !== 'utf-8')) {
    const cp = label === 'gb18030' ? 0xe5e5 : 0x10ffff;
    assert.throws(() => new LegacyEncoder(label).encode('x' + String.fromCodePoint(cp)), (e) => e.codePoint === cp && e.index === 1, label);
  }
});

test('html mode writes &#N; (form submission), in ASCII state for ISO-2022-JP', () => {
  const ascii = (s) => [...s].map((c) => c.charCodeAt(0));
  assert.deepEqual(list(oneShot('windows-1252', '\u20ac\u00e9\ud83d\ude00\u0416')), [0x80, 0xe9, ...ascii('&#128512;&#1046;')]);
  assert.deepEqual(list(oneShot('iso-2022-jp', '\u65e5\u20ac')), [0x1b, 0x24, 0x42, 0x46, 0x7c, 0x1b, 0x28, 0x42, ...ascii('&#8364;')]);
  assert.deepEqual(list(oneShot('shift_jis', 'a\ud800b')), ascii('a&#65533;b'));
  assert.deepEqual(list(oneShot('gbk', '\ue5e5\u20ac')), [...ascii('&#58853;'), 0x80]);
  assert.deepEqual(list(oneShot('x-user-defined', '\uf780\u0080')), [0x80, ...ascii('&#128;')]);
});

test('encodeInto: sizes 0..n write whole characters only, never past `written`, and resume', () => {
  const rand = prng(7);
  let cases = 0;
  for (const label of LABELS) {
    for (let i = 0; i < 12; i++) {
      const s = randomString(rand, 10);
      const full = oneShot(label, s);
      for (let size = 0; size <= full.length + 2; size++) {
        const dest = new Uint8Array(size + 4).fill(0xee);
        const r = new LegacyEncoder(label, { mode: 'html' }).encodeInto(s, dest.subarray(0, size));
        assert.ok(r.written <= size && r.read <= s.length);
        assert.deepEqual(list(dest.subarray(r.written)), new Array(size + 4 - r.written).fill(0xee), 'nothing past written');
        // All read: the whole (ended) encoding. Cut short: a prefix of it that
        // ends at a character: the streaming encoding of what was read (plus
        // the U+FFFD of a lone lead surrogate it ends with, resolved by the
        // next unit), which the encoder continues from.
        const got = list(dest.subarray(0, r.written));
        if (r.read === s.length) assert.deepEqual(got, list(full), `${label} ${JSON.stringify(s)} size ${size}`);
        else {
          assert.deepEqual(got, list(full.subarray(0, r.written)), `${label} ${JSON.stringify(s)} size ${size}`);
          const streamed = new LegacyEncoder(label, { mode: 'html' }).encode(s.slice(0, r.read), { stream: true }).length;
          const lone = /[\ud800-\udbff]$/.test(s.slice(0, r.read));
          assert.ok(r.written === streamed || (lone && r.written > streamed), `${label} ${JSON.stringify(s)} size ${size}: a whole character`);
        }
        if (size >= full.length) assert.equal(r.read, s.length);
        cases++;
      }
      // Filling 16-byte buffers one after another gives the one-shot bytes.
      const enc = new LegacyEncoder(label, { mode: 'html' });
      const got = [];
      let rest = s;
      do {
        const dest = new Uint8Array(16);
        const r = enc.encodeInto(rest, dest);
        got.push(...dest.subarray(0, r.written));
        rest = rest.slice(r.read);
      } while (rest.length > 0);
      assert.deepEqual(got, list(full), `${label} ${JSON.stringify(s)} in 16-byte pieces`);
    }
  }
  console.log(`# encodeInto cases: ${cases}`);
  assert.deepEqual(new LegacyEncoder('sjis').encodeInto('\u3042b', new Uint8Array(1)), { read: 0, written: 0 });
  assert.throws(() => new LegacyEncoder('sjis').encodeInto('a'), TypeError);
  assert.throws(() => new LegacyEncoder('sjis').encodeInto('a', new Uint16Array(2)), TypeError);
  assert.throws(() => new LegacyEncoder('sjis').encodeInto('a\u00e9', new Uint8Array(8)), (e) => e.codePoint === 0xe9 && e.index === 1 && e.written === 1);
});
