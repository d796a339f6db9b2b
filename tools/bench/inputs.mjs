// Generates every benchmark input from a seeded PRNG, with the output each
// contender must produce (store.mjs writes them to files that every Node child
// and Chromium page reads, so all of them measure the very same data).
//
// The expected outputs: for valid input, the text the input was made from;
// for invalid UTF-8 and for encode(), Node's native classes, whose UTF-8 is
// the spec's (the parent checks that text-encoding-wasm agrees).
import { createRandom } from './prng.mjs';
import { legacyText } from './legacy.mjs';
import { utf16le } from './store.mjs';

export const MIB = 1 << 20;
/** Small encode workloads: this many distinct strings per pass. */
export const SMALL_COUNT = 1000;
/** Small decode workloads: this many distinct 16-64 B inputs per pass (issue 15: 20,000 decodes). */
export const SMALL_DECODES = 20000;
const SEED = 0x5eed2026;

/** A mixed-script code point: ASCII 40 %, Latin 20 %, Cyrillic 15 %, CJK 20 %, emoji 5 %. */
function mixedCodePoint(random) {
  const r = random();
  if (r < 0.4) return random() < 0.15 ? 0x20 : random.int(0x21, 0x7e);
  if (r < 0.6) return random.int(0xc0, 0x17f);
  if (r < 0.75) return random.int(0x410, 0x44f);
  if (r < 0.95) return random.int(0x4e00, 0x9fff);
  return random.int(0x1f300, 0x1f64f);
}

/** CJK text as it comes: ideographs, with some ASCII (spaces, digits, punctuation) and CJK punctuation. */
function cjkCodePoint(random) {
  const r = random();
  if (r < 0.1) return asciiCodePoint(random);
  if (r < 0.15) return random.int(0x3000, 0x30ff);
  return random.int(0x4e00, 0x9fff);
}

function asciiCodePoint(random) {
  return random() < 0.15 ? 0x20 : random.int(0x21, 0x7e);
}

function utf8Length(cp) {
  return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
}

function pushUnits(units, cp) {
  if (cp > 0xffff) units.push(0xd800 + ((cp - 0x10000) >> 10), 0xdc00 + ((cp - 0x10000) & 0x3ff));
  else units.push(cp);
}

function unitsToString(units) {
  let s = '';
  for (let i = 0; i < units.length; i += 8192) s += String.fromCharCode.apply(null, units.slice(i, i + 8192));
  return s;
}

/** Text whose UTF-8 form is exactly `bytes` long (topped up with ASCII). */
function textOfUtf8Size(bytes, random, codePoint) {
  const units = [];
  let size = 0;
  while (size < bytes) {
    let cp = codePoint(random);
    if (size + utf8Length(cp) > bytes) cp = asciiCodePoint(random);
    size += utf8Length(cp);
    pushUnits(units, cp);
  }
  return unitsToString(units);
}

/** Text of exactly `count` UTF-16 code units (never ending in half a pair). */
function textOfUnits(count, random, codePoint) {
  const units = [];
  while (units.length < count) {
    let cp = codePoint(random);
    if (cp > 0xffff && units.length + 2 > count) cp = asciiCodePoint(random);
    pushUnits(units, cp);
  }
  return unitsToString(units);
}


/**
 * All inputs: { name: value } where a value is a Uint8Array, a string, or a
 * list of either. `native` = { TextDecoder, TextEncoder } of the parent.
 */
export function generateInputs(native) {
  const random = createRandom(SEED);
  const enc = new native.TextEncoder();
  const dec = (label, bytes) => new native.TextDecoder(label).decode(bytes);
  const data = {};

  // UTF-8 decode, 1 MiB.
  const ascii = textOfUtf8Size(MIB, random, asciiCodePoint);
  data['utf8-ascii.bytes'] = enc.encode(ascii);
  data['utf8-ascii.text'] = ascii;
  const mixed = textOfUtf8Size(MIB, random, mixedCodePoint);
  data['utf8-mixed.bytes'] = enc.encode(mixed);
  data['utf8-mixed.text'] = mixed;
  // Invalid: the mixed bytes with ~1 % of the bytes replaced by random bytes >= 0x80.
  const invalid = data['utf8-mixed.bytes'].slice();
  for (let i = 0; i < invalid.length; i++) if (random() < 0.01) invalid[i] = random.int(0x80, 0xff);
  data['utf8-invalid.bytes'] = invalid;
  data['utf8-invalid.text'] = dec('utf-8', invalid);

  // CJK, 1 MiB: mostly 3-byte sequences (a PRNG of its own: the other inputs stay as they were).
  const cjk = textOfUtf8Size(MIB, createRandom(SEED ^ 0xc1c), cjkCodePoint);
  data['utf8-cjk.bytes'] = enc.encode(cjk);
  data['utf8-cjk.text'] = cjk;

  // UTF-16LE, 1 MiB (512 Ki code units of mixed text).
  const wide = textOfUnits(MIB / 2, random, mixedCodePoint);
  data['utf-16le.bytes'] = utf16le(wide);
  data['utf-16le.text'] = wide;

  // Legacy, 1 MiB each: Latin text is mostly ASCII, CJK text mostly not.
  for (const [encoding, asciiShare] of [['windows-1252', 0.7], ['shift_jis', 0.2], ['gbk', 0.2], ['big5', 0.2], ['euc-kr', 0.2]]) {
    const { bytes, text } = legacyText(encoding, MIB, random, asciiShare);
    data[`${encoding}.bytes`] = bytes;
    data[`${encoding}.text`] = text;
  }

  // Small decodes: SMALL_DECODES inputs of 16-64 bytes (whole characters).
  for (const [name, codePoint] of [['ascii', asciiCodePoint], ['mixed', mixedCodePoint]]) {
    const texts = [];
    for (let i = 0; i < SMALL_DECODES; i++) texts.push(textOfUtf8Size(random.int(16, 64), random, codePoint));
    data[`small-${name}.texts`] = texts;
    data[`small-${name}.bytes`] = texts.map((t) => enc.encode(t));
  }

  // Encodes: 1 Mi code units, and SMALL_COUNT strings of 15-25 code units.
  for (const [name, codePoint] of [['ascii', asciiCodePoint], ['mixed', mixedCodePoint]]) {
    const text = textOfUnits(MIB, random, codePoint);
    data[`encode-${name}.text`] = text;
    data[`encode-${name}.bytes`] = enc.encode(text);
    const texts = [];
    for (let i = 0; i < SMALL_COUNT; i++) texts.push(textOfUnits(random.int(15, 25), random, codePoint));
    data[`encode-small-${name}.texts`] = texts;
    data[`encode-small-${name}.bytes`] = texts.map((t) => enc.encode(t));
  }
  return data;
}
