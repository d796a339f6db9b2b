// §4.2 "get an encoding" through new TextDecoder(label): every label of
// encodings.json, ASCII whitespace trimming (only ASCII whitespace), ASCII
// case-insensitivity (only ASCII), and RangeError for failure and replacement.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import test from 'node:test';
import { loadPackage, resolveInProject } from './helpers.mjs';

const { TextDecoder } = await loadPackage();
const utf8Build = await import(await resolveInProject('text-encoding-wasm/utf8'));

const ENCODINGS_JSON = new URL('../../data/whatwg-index/encodings.json', import.meta.url);
const encodings = JSON.parse(readFileSync(ENCODINGS_JSON, 'utf8')).flatMap((g) => g.encodings);

// ASCII whitespace (Infra): TAB, LF, FF, CR, SPACE.
const ASCII_WHITESPACE = ['\t', '\n', '\f', '\r', ' '];

test('every label of encodings.json gives its encoding (name ASCII-lowercased), in any ASCII case, with ASCII whitespace around it', () => {
  let checked = 0;
  for (const { name, labels } of encodings) {
    for (const label of labels) {
      const spellings = [label, label.toUpperCase(), `${ASCII_WHITESPACE.join('')}${label}${ASCII_WHITESPACE.join('')}`, `\f ${label.replace(/[a-z]/g, (c, i) => (i % 2 ? c.toUpperCase() : c))}\t`];
      for (const spelling of spellings) {
        if (name === 'replacement') {
          assert.throws(() => new TextDecoder(spelling), RangeError, `replacement label ${JSON.stringify(spelling)}`);
        } else {
          assert.equal(new TextDecoder(spelling).encoding, name.toLowerCase(), `label ${JSON.stringify(spelling)}`);
        }
        checked++;
      }
    }
  }
  assert.ok(checked > 800, `only ${checked} spellings checked`);
});

test('the default label is utf-8; undefined means the default, null is the label "null"', () => {
  assert.equal(new TextDecoder().encoding, 'utf-8');
  assert.equal(new TextDecoder(undefined).encoding, 'utf-8');
  assert.throws(() => new TextDecoder(null), (e) => e instanceof RangeError && e.message.includes('null'));
});

test('the label is converted with ToString (objects, numbers)', () => {
  assert.equal(new TextDecoder({ toString: () => ' Latin1 ' }).encoding, 'windows-1252');
  assert.equal(new TextDecoder(['utf8']).encoding, 'utf-8');
});

test('866 (number) converts to the label "866" (IBM866)', () => {
  assert.equal(new TextDecoder(866).encoding, 'ibm866');
});

test('non-ASCII whitespace is not trimmed, and vertical tab is not ASCII whitespace', () => {
  for (const ws of ['\u000b', '\u00a0', '\u1680', '\u2000', '\u2028', '\u3000', '\ufeff', '\u0085']) {
    assert.throws(() => new TextDecoder(`${ws}utf-8`), RangeError, `U+${ws.charCodeAt(0).toString(16)} before`);
    assert.throws(() => new TextDecoder(`utf-8${ws}`), RangeError, `U+${ws.charCodeAt(0).toString(16)} after`);
  }
  assert.throws(() => new TextDecoder('utf -8'), RangeError, 'inner whitespace is not trimmed');
  assert.throws(() => new TextDecoder('utf-8\0'), RangeError, 'NUL is not whitespace');
});

test('case-insensitivity is ASCII only: KELVIN SIGN is not "k", LONG S is not "s", dotless i is not "i"', () => {
  // U+212A lowercases to "k" and U+017F uppercases to "S" in Unicode, not in ASCII.
  assert.throws(() => new TextDecoder('\u212Aoi8-r'), RangeError);
  assert.throws(() => new TextDecoder('\u017Fhift_jis'), RangeError);
  assert.throws(() => new TextDecoder('\u0131so-8859-2'), RangeError);
  assert.throws(() => new TextDecoder('\u0130SO-8859-2'), RangeError);
  assert.equal(new TextDecoder('KOI8-R').encoding, 'koi8-r');
});

test('unknown labels are a RangeError whose message names the label', () => {
  for (const label of ['', ' ', 'bogus', 'utf-7', 'utf-32', 'latin-1', 'x-user-defined2', 'a'.repeat(5000), ` ${'\t'.repeat(5000)}utf-8x`]) {
    assert.throws(() => new TextDecoder(label), (e) => e instanceof RangeError && e.constructor === RangeError && (label.length > 100 || e.message.includes(`'${label}'`) || e.message.includes(label)), JSON.stringify(label.slice(0, 20)));
  }
});

test('very long labels still match after trimming a lot of ASCII whitespace', () => {
  assert.equal(new TextDecoder(`${' '.repeat(10000)}sjis${'\n'.repeat(10000)}`).encoding, 'shift_jis');
});

test('labels of the replacement encoding are a RangeError naming the label', () => {
  for (const label of ['replacement', 'iso-2022-kr', 'csiso2022kr', 'hz-gb-2312', 'iso-2022-cn', 'ISO-2022-CN-EXT', ' iso-2022-kr ']) {
    assert.throws(() => new TextDecoder(label), (e) => e instanceof RangeError && e.message.includes(label), label);
  }
});

test('utf8 build: UTF-8 and UTF-16 labels work; a legacy label is a RangeError naming the label and saying the build leaves it out', () => {
  const D = utf8Build.TextDecoder;
  assert.equal(new D('unicode-1-1-utf-8').encoding, 'utf-8');
  assert.equal(new D(' UTF-16 ').encoding, 'utf-16le');
  assert.equal(new D('unicodefffe').encoding, 'utf-16be');
  for (const label of ['shift_jis', 'windows-1252', 'latin1', 'x-user-defined', 'gb18030']) {
    assert.throws(() => new D(label), (e) => e instanceof RangeError && e.message.includes(`'${label}'`) && /utf-?8/i.test(e.message), label);
  }
  assert.throws(() => new D('bogus'), (e) => e instanceof RangeError && e.message.includes("'bogus'"));
});

test('utf8 build: replacement labels are invalid in every build, so their RangeError must not send the user to the full build', () => {
  const D = utf8Build.TextDecoder;
  for (const label of ['replacement', 'iso-2022-kr', 'HZ-GB-2312']) {
    assert.throws(
      () => new D(label),
      (e) => e instanceof RangeError && e.message.includes(label) && !/import 'text-encoding-wasm'/.test(e.message),
      label,
    );
  }
});
