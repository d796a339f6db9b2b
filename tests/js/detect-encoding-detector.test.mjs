// text-encoding-wasm/detect: EncodingDetector (chardetng in its own module).
// The inputs are made by iconv-lite, an encoder independent of this package,
// from text written for these tests; the expected answer is the encoding the
// text was encoded in (or one that decodes it identically, per iconv-lite).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import test from 'node:test';
import { PROJECT, deleteNatives, prng, recordWasmMemories, resolveInProject, runNode } from './helpers.mjs';

const memories = recordWasmMemories();
deleteNatives();
const { EncodingDetector, detect, ready } = await import(await resolveInProject('text-encoding-wasm/detect'));
await ready();
const iconv = createRequire(join(PROJECT, 'package.json'))('iconv-lite');

const TEXTS = {
  shift_jis: '古い字幕ファイルを開いたら文字化けしていたので、文字コードを調べることにした。',
  'euc-jp': '古い字幕ファイルを開いたら文字化けしていたので、文字コードを調べることにした。',
  gbk: '这个表格是用旧软件导出的，打开以后中文全部变成了乱码。',
  big5: '這個表格是用舊軟體匯出的，打開以後中文全部變成了亂碼。',
  'euc-kr': '오래된 자막 파일을 열었더니 글자가 모두 깨져 있었습니다.',
  'windows-1251': 'Старый архив почты открылся с непонятными символами вместо букв.',
  'koi8-u': 'Старый архив почты открылся с непонятными символами вместо букв.',
  'windows-1253': 'Το παλιό αρχείο αλληλογραφίας άνοιξε με ακατανόητους χαρακτήρες.',
  'windows-1255': 'הארכיון הישן של הדואר נפתח עם סימנים לא מובנים במקום אותיות.',
  'windows-1256': 'فتح أرشيف البريد القديم برموز غير مفهومة بدلا من الحروف.',
  'windows-1252': "L'ancienne archive s'est ouverte avec des caractères illisibles à la place des lettres accentuées, déjà.",
};

test('guesses the encoding the independent encoder used, confidently', () => {
  for (const [encoding, text] of Object.entries(TEXTS)) {
    // Western text has few non-ASCII bytes: six copies carry more than 24.
    const copies = encoding === 'windows-1252' ? 6 : 3;
    const bytes = iconv.encode(text.repeat(copies), encoding);
    const guess = detect(bytes);
    assert.equal(guess.encoding, encoding, `${encoding}: got ${guess.encoding}`);
    assert.equal(guess.confident, true, encoding);
    // The guess is a label the standard API takes, named as TextDecoder names it.
    assert.equal(iconv.decode(bytes, guess.encoding), text.repeat(copies));
  }
});

test('any split of the stream gives the guess of the whole (windows over the 64 KiB input buffer too)', () => {
  const random = prng(10);
  for (const [encoding, text] of Object.entries(TEXTS)) {
    const bytes = iconv.encode(text.repeat(encoding === 'gbk' ? 2000 : 3), encoding);
    const whole = detect(bytes);
    const detector = new EncodingDetector();
    let at = 0;
    while (at < bytes.length) {
      const n = Math.min(bytes.length - at, Math.floor(random() * 20));
      detector.feed(bytes.subarray(at, at + n), { stream: true });
      at += n;
    }
    detector.feed();
    assert.deepEqual(detector.guess(), whole, encoding);
  }
});

test('UTF-8 only when allowed; ASCII alone, too little text and random bytes are not confident', () => {
  const utf8 = Buffer.from('Grüße aus Köln, déjà vu, ¿qué tal?', 'utf8');
  assert.deepEqual(detect(utf8), { encoding: 'utf-8', confident: true });
  assert.notEqual(detect(utf8, { allowUtf8: false }).encoding, 'utf-8');
  assert.equal(detect(Buffer.from('plain ascii only')).confident, false);
  assert.equal(detect(iconv.encode('Старый', 'windows-1251')).confident, false);
  const random = prng(3);
  for (const n of [100, 10000]) {
    const bytes = Uint8Array.from({ length: n }, () => Math.floor(random() * 256));
    assert.equal(detect(bytes).confident, false, `${n} random bytes`);
  }
});

test('ISO-2022-JP (all ASCII bytes) is guessed only when allowed', () => {
  // ESC $ B <JIS X 0208 for あいう> ESC ( B, written out from the JIS table by hand.
  const bytes = Uint8Array.from([0x1b, 0x24, 0x42, 0x24, 0x22, 0x24, 0x24, 0x24, 0x26, 0x1b, 0x28, 0x42]);
  assert.deepEqual(detect(bytes), { encoding: 'iso-2022-jp', confident: true });
  assert.notEqual(detect(bytes, { allowIso2022jp: false }).encoding, 'iso-2022-jp');
});

test('a top-level-domain hint is a regional prior', () => {
  // Short Cyrillic is ambiguous between windows-1251 and KOI8; the hint tips it.
  const bytes = iconv.encode('Привет', 'koi8-r');
  const d = new EncodingDetector();
  d.feed(bytes);
  assert.equal(d.guess({ tld: 'RU' }).encoding, d.guess({ tld: 'ru' }).encoding);
  assert.equal(d.guess({ tld: '.ru' }).encoding, d.guess({ tld: 'ru' }).encoding);
});

test('bad input: a TypeError or RangeError naming the problem, never a trap', () => {
  const d = new EncodingDetector();
  assert.throws(() => d.feed('text'), { name: 'TypeError', message: /ArrayBuffer or ArrayBufferView/ });
  assert.throws(() => d.feed(new Uint8Array(1), 5), { name: 'TypeError', message: /EncodingDetectorFeedOptions/ });
  for (const tld of ['a.b', 'ü', '', ' ', 'x'.repeat(64)]) {
    if (tld === '') { assert.doesNotThrow(() => d.guess({ tld })); continue; }
    assert.throws(() => d.guess({ tld }), { name: 'RangeError', message: /top-level domain/ }, JSON.stringify(tld));
  }
  d.feed(new Uint8Array([0xe9]));
  assert.throws(() => d.feed(new Uint8Array(1)), { name: 'TypeError', message: /stream has ended/ });
  assert.throws(() => EncodingDetector.prototype.guess.call({}), { name: 'TypeError', message: 'Illegal invocation' });
  assert.equal(Object.prototype.toString.call(d), '[object EncodingDetector]');
  assert.equal(EncodingDetector.name, 'EncodingDetector');
});

test('nothing per detector stays in the module: 20,000 detectors, memory does not grow', () => {
  const memory = memories.find((m) => m.buffer.byteLength > 0);
  const before = memories.map((m) => m.buffer.byteLength);
  const bytes = iconv.encode(TEXTS.shift_jis, 'shift_jis');
  for (let i = 0; i < 20000; i++) {
    const d = new EncodingDetector();
    d.feed(bytes, { stream: true });
  }
  assert.ok(memory);
  assert.deepEqual(memories.map((m) => m.buffer.byteLength), before);
});

test('its own entry: the main entry does not contain the detector, and CommonJS works', () => {
  const dist = join(PROJECT, 'node_modules', 'text-encoding-wasm', 'dist');
  for (const file of ['index.js', 'utf8.js', 'extra.js']) {
    assert.ok(!readFileSync(join(dist, file), 'utf8').includes('EncodingDetector'), file);
  }
  const r = runNode(`
    delete globalThis.TextDecoder;
    const { detect } = require('text-encoding-wasm/detect');
    console.log(JSON.stringify(detect(Buffer.from([${Array.from(iconv.encode(TEXTS.big5, 'big5')).join(',')}]))));`, { type: 'commonjs' });
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(JSON.parse(r.stdout), { encoding: 'big5', confident: true });
});
