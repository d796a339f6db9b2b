// text-encoding-wasm/hooks (and /js/hooks): the Encoding Standard's hooks for
// other standards (§6), checked against the spec's algorithm text and the
// index files (pointer arithmetic in the comments), with the natives deleted.
import assert from 'node:assert/strict';
import test from 'node:test';
import { bytes, loadPackage, resolveInProject } from './helpers.mjs';

await loadPackage();

for (const specifier of ['text-encoding-wasm/hooks', 'text-encoding-wasm/js/hooks']) {
  const h = await import(await resolveInProject(specifier));

  test(`${specifier}: BOM sniff (§6: EF BB BF, FE FF, FF FE; else null)`, () => {
    assert.equal(h.bomSniff(bytes(0xef, 0xbb, 0xbf, 0x41)), 'utf-8');
    assert.equal(h.bomSniff(bytes(0xfe, 0xff)), 'utf-16be');
    assert.equal(h.bomSniff(bytes(0xff, 0xfe, 0x41, 0x00)), 'utf-16le');
    assert.equal(h.bomSniff(bytes(0xef, 0xbb)), null);
    assert.equal(h.bomSniff(new ArrayBuffer(0)), null);
    assert.throws(() => h.bomSniff('EFBBBF'), TypeError);
  });

  test(`${specifier}: get an encoding (labels trimmed, ASCII case-insensitive; replacement included) and get an output encoding`, () => {
    assert.equal(h.getEncoding(' Shift_JIS\n'), 'shift_jis');
    assert.equal(h.getEncoding('latin1'), 'windows-1252');
    assert.equal(h.getEncoding('iso-2022-kr'), 'replacement');
    assert.equal(h.getEncoding('utf-32'), null);
    // encodings.json's names, as spelled there.
    assert.equal(h.labelToName('sjis'), 'Shift_JIS');
    assert.equal(h.labelToName('unicode-1-1-utf-8'), 'UTF-8');
    assert.equal(h.labelToName('csiso2022kr'), 'replacement');
    assert.equal(h.labelToName('nope'), null);
    assert.equal(h.getOutputEncoding('iso-2022-kr'), 'utf-8');
    assert.equal(h.getOutputEncoding('utf-16le'), 'utf-8');
    assert.equal(h.getOutputEncoding('unicodefffe'), 'utf-8');
    assert.equal(h.getOutputEncoding('sjis'), 'shift_jis');
    assert.throws(() => h.getOutputEncoding('bogus'), RangeError);
  });

  test(`${specifier}: decode: the BOM wins over the fallback and is removed; without one the fallback decodes, errors as U+FFFD`, () => {
    // FF FE 41 00 with fallback shift_jis: UTF-16LE "A".
    assert.equal(h.decode(bytes(0xff, 0xfe, 0x41, 0x00), 'shift_jis'), 'A');
    // EF BB BF E2 82 AC: the BOM removed, U+20AC.
    assert.equal(h.decode(bytes(0xef, 0xbb, 0xbf, 0xe2, 0x82, 0xac), 'windows-1252'), '\u20ac');
    // No BOM, fallback shift_jis: 82 A0 -> pointer 283 -> U+3042; 82 (end) -> U+FFFD.
    assert.equal(h.decode(bytes(0x82, 0xa0, 0x82), 'shift_jis'), '\u3042\ufffd');
    // A second BOM is content: only the first is the sniffed one.
    assert.equal(h.decode(bytes(0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf), 'utf-8'), '\ufeff');
    // Fallback replacement (§14.1): one U+FFFD for non-empty input, nothing for empty.
    assert.equal(h.decode(bytes(0x41, 0x42), 'iso-2022-kr'), '\ufffd');
    assert.equal(h.decode(bytes(), 'iso-2022-kr'), '');
    assert.throws(() => h.decode(bytes(0x41), 'bogus'), RangeError);
  });

  test(`${specifier}: UTF-8 decode, without BOM, without BOM or fail`, () => {
    assert.equal(h.utf8Decode(bytes(0xef, 0xbb, 0xbf, 0x41, 0xff)), 'A\ufffd');
    assert.equal(h.utf8DecodeWithoutBOM(bytes(0xef, 0xbb, 0xbf, 0x41)), '\ufeffA');
    assert.equal(h.utf8DecodeWithoutBOMOrFail(bytes(0xef, 0xbb, 0xbf, 0x41)), '\ufeffA');
    assert.equal(h.utf8DecodeWithoutBOMOrFail(bytes(0x41, 0xc0, 0x80)), null);
    assert.equal(h.utf8DecodeWithoutBOMOrFail(bytes(0xe2, 0x82)), null);
    assert.throws(() => h.utf8DecodeWithoutBOMOrFail(null), TypeError);
  });

  test(`${specifier}: UTF-8 encode and encode (output encoding, "html" mode)`, () => {
    assert.deepEqual([...h.utf8Encode('\u20ac\ud800')], [0xe2, 0x82, 0xac, 0xef, 0xbf, 0xbd]);
    // U+3042 in Shift_JIS: index-jis0208 pointer 283 -> lead 283/188 = 1 -> 0x82, trail 283%188 = 95 -> 95+0x41 = 0xA0.
    assert.deepEqual([...h.encode('\u3042', 'shift_jis')], [0x82, 0xa0]);
    // U+1F600 has no Shift_JIS pointer: "html" mode writes &#128512;.
    assert.deepEqual([...h.encode('\u{1f600}', 'sjis')], [...Buffer.from('&#128512;')]);
    // UTF-16LE's output encoding is UTF-8.
    assert.deepEqual([...h.encode('\u00e9', 'utf-16le')], [0xc3, 0xa9]);
  });
}
