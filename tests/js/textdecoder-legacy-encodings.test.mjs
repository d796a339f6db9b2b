// Spot checks of the legacy decoders through the public API. Every expected
// value is derived by hand from the spec's decoder steps and the WHATWG index
// files (the pointer arithmetic is in each comment).
import assert from 'node:assert/strict';
import test from 'node:test';
import { bytes, codePoints, loadPackage } from './helpers.mjs';

const { TextDecoder } = await loadPackage();
const decode = (label, input, options) => new TextDecoder(label, options).decode(bytes(input));
const eq = (actual, expected, message) => assert.equal(codePoints(actual), codePoints(expected), message);

test('shift_jis: 82 A0 -> pointer (0x82-0x81)*188 + (0xA0-0x41) = 283 -> index-jis0208 U+3042; B1 (half-width) -> 0xFF61-0xA1+0xB1 = U+FF71', () => {
  eq(decode('shift_jis', [0x82, 0xa0]), '\u3042');
  eq(decode('sjis', [0xb1]), '\uff71');
  eq(decode('shift_jis', [0x5c, 0x7e, 0x80]), '\u005c\u007e\u0080');
});

test('shift_jis: a lead then an ASCII byte is an error and the ASCII byte is restored', () => {
  // 82 41: pointer (1*188)+(0x41-0x40)=189 -> index-jis0208 189 is null; "If byte is an ASCII byte, restore byte".
  eq(decode('shift_jis', [0x82, 0x41]), '\ufffdA');
  assert.throws(() => decode('shift_jis', [0x82, 0x41], { fatal: true }), TypeError);
});

test('euc-jp: A4 A2 -> pointer (0xA4-0xA1)*94 + (0xA2-0xA1) = 283 -> U+3042; 8E B1 -> U+FF71', () => {
  eq(decode('euc-jp', [0xa4, 0xa2]), '\u3042');
  eq(decode('euc-jp', [0x8e, 0xb1]), '\uff71');
});

test('iso-2022-jp: ESC $ B 24 22 ESC ( B 41 -> U+3042 A (pointer (0x24-0x21)*94 + 0x22-0x21 = 283)', () => {
  eq(decode('iso-2022-jp', [0x1b, 0x24, 0x42, 0x24, 0x22, 0x1b, 0x28, 0x42, 0x41]), '\u3042A');
});

test('iso-2022-jp: the spec\'s example — encoding U+00A5 twice and decoding the concatenation gives U+00A5 U+FFFD U+00A5', () => {
  // §12.2.2: "Encoding U+00A5 gives 0x1B 0x28 0x4A 0x5C 0x1B 0x28 0x42. Doing
  // that twice, concatenating the results, and then decoding yields U+00A5 U+FFFD U+00A5."
  const once = [0x1b, 0x28, 0x4a, 0x5c, 0x1b, 0x28, 0x42];
  eq(decode('iso-2022-jp', [...once, ...once]), '\u00a5\ufffd\u00a5');
});

test('iso-2022-jp: Roman (ESC ( J) maps 5C and 7E; katakana (ESC ( I) 31 -> 0xFF61-0x21+0x31 = U+FF71', () => {
  eq(decode('iso-2022-jp', [0x1b, 0x28, 0x4a, 0x5c, 0x7e, 0x41]), '\u00a5\u203eA');
  eq(decode('iso-2022-jp', [0x1b, 0x28, 0x49, 0x31]), '\uff71');
});

test('iso-2022-jp: an unknown escape is an error and its bytes are restored; SO/SI are errors', () => {
  // ESC ( Z: escape step 8 restores « 0x28, 0x5A »: U+FFFD ( Z.
  eq(decode('iso-2022-jp', [0x1b, 0x28, 0x5a]), '\ufffd(Z');
  // ESC at end of queue: escape start, end-of-queue: error.
  eq(decode('iso-2022-jp', [0x41, 0x1b]), 'A\ufffd');
  eq(decode('iso-2022-jp', [0x0e, 0x0f]), '\ufffd\ufffd');
  eq(decode('iso-2022-jp', [0x80]), '\ufffd');
});

test('iso-2022-jp: escape sequences split across streaming calls', () => {
  const input = [0x1b, 0x24, 0x42, 0x24, 0x22, 0x1b, 0x28, 0x42, 0x41];
  for (let cut = 0; cut <= input.length; cut++) {
    const d = new TextDecoder('iso-2022-jp');
    eq(d.decode(bytes(input.slice(0, cut)), { stream: true }) + d.decode(bytes(input.slice(cut))), '\u3042A', `cut ${cut}`);
  }
});

test('big5: 88 62 -> pointer (0x88-0x81)*157 + (0x62-0x40) = 1133 -> two code points U+00CA U+0304; 88 64 (1135) -> U+00CA U+030C', () => {
  eq(decode('big5', [0x88, 0x62]), '\u00ca\u0304');
  eq(decode('big5', [0x88, 0x64]), '\u00ca\u030c');
  // A4 40 -> pointer 35*157 = 5495 -> index-big5 U+4E00.
  eq(decode('big5-hkscs', [0xa4, 0x40]), '\u4e00');
});

test('big5: the two-code-point output is not split by streaming', () => {
  const d = new TextDecoder('big5');
  eq(d.decode(bytes(0x88), { stream: true }), '');
  eq(d.decode(bytes(0x62)), '\u00ca\u0304');
});

test('gb18030: 81 30 81 30 -> four-byte pointer 0 -> index-gb18030-ranges U+0080; 80 -> U+20AC; A1 A1 -> pointer 32*190+96 = 6176 -> U+3000', () => {
  eq(decode('gb18030', [0x81, 0x30, 0x81, 0x30]), '\u0080');
  eq(decode('gb18030', [0x80]), '\u20ac');
  eq(decode('gb18030', [0xa1, 0xa1]), '\u3000');
  // GBK's decoder is gb18030's.
  eq(decode('gbk', [0x81, 0x30, 0x81, 0x30]), '\u0080');
  eq(decode('gb2312', [0xa1, 0xa1]), '\u3000');
});

test('gb18030: a four-byte sequence split 1+1+1+1 across streaming calls', () => {
  const d = new TextDecoder('gb18030');
  let out = '';
  for (const b of [0x81, 0x30, 0x81, 0x30]) out += d.decode(bytes(b), { stream: true });
  eq(out + d.decode(), '\u0080');
});

test('euc-kr: 81 41 -> pointer 0 -> index-euc-kr U+AC02; B0 A1 -> pointer 47*190+96 = 9026 -> U+AC00', () => {
  eq(decode('euc-kr', [0x81, 0x41]), '\uac02');
  eq(decode('korean', [0xb0, 0xa1]), '\uac00');
});

test('x-user-defined: 00-7F are ASCII, 80 -> U+F780, FF -> U+F7FF', () => {
  eq(decode('x-user-defined', [0x41, 0x80, 0xff]), 'A\uf780\uf7ff');
});

test('single-byte: windows-1252 80 -> U+20AC (pointer 0); koi8-r C1 -> pointer 65 -> U+0430; iso-8859-8 A1 (pointer 33, unmapped) -> U+FFFD', () => {
  eq(decode('windows-1252', [0x80]), '\u20ac');
  eq(decode('latin1', [0x80, 0xe9]), '\u20ac\u00e9', 'latin1 is windows-1252');
  eq(decode('koi8-r', [0xc1]), '\u0430');
  eq(decode('iso-8859-8', [0xa1]), '\ufffd');
  assert.throws(() => decode('iso-8859-8', [0xa1], { fatal: true }), TypeError);
});

test('utf-16be / utf-16le: a surrogate pair and plain BMP text', () => {
  eq(decode('utf-16be', [0x00, 0x41, 0xd8, 0x3d, 0xde, 0x00]), 'A\ud83d\ude00');
  eq(decode('utf-16le', [0x41, 0x00, 0x3d, 0xd8, 0x00, 0xde]), 'A\ud83d\ude00');
});

test('every encoding decodes ASCII-only input as itself except the ones whose ASCII bytes mean something else', () => {
  const ascii = 'Hello, world! 0123456789';
  const input = [...ascii].map((c) => c.charCodeAt(0));
  for (const label of ['utf-8', 'ibm866', 'iso-8859-2', 'koi8-u', 'macintosh', 'windows-874', 'windows-1258', 'x-mac-cyrillic', 'gbk', 'gb18030', 'big5', 'euc-jp', 'iso-2022-jp', 'shift_jis', 'euc-kr', 'x-user-defined']) {
    eq(decode(label, input), ascii, label);
  }
  // UTF-16LE: "He" is 0x6548 (bytes 48 65).
  eq(decode('utf-16le', [0x48, 0x65]), '\u6548');
});
