// text-encoding-wasm/extra: WTF-8, CESU-8, modified UTF-8, Java's readUTF /
// writeUTF and 1996 UTF-8, through the installed package (natives deleted).
// Oracles, none of them our code:
//   - the source documents' own examples (clauses cited per test);
//   - npm `wtf-8` (Mathias Bynens) for WTF-8;
//   - npm `mutf-8` for modified UTF-8;
//   - Python's UTF-8 codec with "surrogatepass" (tests/js/oracles/surrogatepass.py)
//     for CESU-8 and the surrogate rules of modified UTF-8;
//   - Java's own DataOutputStream.writeUTF / DataInputStream.readUTF
//     (tests/js/oracles/JavaDataUtf.java) when a JDK is installed;
//   - Perl's extended UTF-8 (tests/js/oracles/utf8-1996.pl) for 1996 UTF-8.
// Where an oracle and the documents disagree, the test asserts exactly the
// disagreement DIVERGENCES.md explains, so a new one fails.
// Plus seeded round trips and split invariance of every streaming class.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import test from 'node:test';
import { PROJECT, loadPackage, prng, resolveInProject } from './helpers.mjs';

// TEW_EXTRA_ENTRY=text-encoding-wasm/js/extra runs the same tests on the build
// without WebAssembly (tools/test-js.sh does, under node --jitless).
const ENTRY = process.env.TEW_EXTRA_ENTRY || 'text-encoding-wasm/extra';
await loadPackage(ENTRY === 'text-encoding-wasm/extra' ? 'text-encoding-wasm' : 'text-encoding-wasm/js');
const extra = await import(await resolveInProject(ENTRY));
const {
  Wtf8Decoder, Wtf8Encoder, Cesu8Decoder, Cesu8Encoder, ModifiedUtf8Decoder, ModifiedUtf8Encoder,
  wtf8Concat, readUTF, writeUTF, Iso10646Utf8Decoder, Iso10646Utf8Encoder,
} = extra;
const requireInProject = createRequire(join(PROJECT, 'package.json'));
const ORACLES = new URL('./oracles/', import.meta.url).pathname;

const hex = (u8) => Array.from(u8, (b) => b.toString(16).toUpperCase().padStart(2, '0')).join('');
const fromHex = (s) => Uint8Array.from(s.match(/../g) || [], (h) => parseInt(h, 16));
const unitsOf = (s) => Array.from({ length: s.length }, (_, i) => s.charCodeAt(i));
const stringOf = (units) => String.fromCharCode(...units);

/** Random UTF-16 with every kind of unit: ASCII, NUL, BMP, pairs, lone surrogates. */
function randomUnits(random, maxLength, { lone = true } = {}) {
  const units = [];
  const length = Math.floor(random() * (maxLength + 1));
  while (units.length < length) {
    const r = random();
    if (r < 0.3) units.push(Math.floor(random() * 0x80));
    else if (r < 0.35) units.push(0);
    else if (r < 0.6) units.push(0x80 + Math.floor(random() * 0x780));
    else if (r < 0.8) {
      let u = 0x800 + Math.floor(random() * (0x10000 - 0x800));
      if (u >= 0xd800 && u <= 0xdfff) u = 0xe000 + (u & 0xfff);
      units.push(u);
    } else if (r < 0.93 || !lone) {
      const cp = 0x10000 + Math.floor(random() * 0x100000);
      units.push(0xd800 + ((cp - 0x10000) >> 10), 0xdc00 + ((cp - 0x10000) & 0x3ff));
    } else units.push(0xd800 + Math.floor(random() * 0x800));
  }
  return units;
}

function randomBytes(random, maxLength) {
  const interesting = [0x00, 0x41, 0x7f, 0x80, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xed, 0xef, 0xf0, 0xf4, 0xf5, 0xfe, 0xff, 0xa0, 0xaf, 0xb0];
  return Uint8Array.from({ length: Math.floor(random() * (maxLength + 1)) }, () =>
    random() < 0.6 ? interesting[Math.floor(random() * interesting.length)] : Math.floor(random() * 256));
}

/** Cuts `length` into random pieces, empty ones included. */
function splits(random, length) {
  const cuts = [];
  let at = 0;
  while (at < length) {
    const n = random() < 0.15 ? 0 : 1 + Math.floor(random() * Math.min(7, length - at));
    cuts.push([at, at + n]);
    at += n;
  }
  cuts.push([at, at]);
  return cuts;
}

/** Decodes `bytes` whole and in random chunks with { stream: true }; returns both. */
function decodeBothWays(Decoder, options, bytes, random) {
  let whole;
  try {
    whole = new Decoder(options).decode(bytes);
  } catch (e) {
    whole = { error: e.offset };
  }
  const d = new Decoder(options);
  let split = '';
  try {
    const cuts = splits(random, bytes.length);
    cuts.forEach(([a, b], i) => {
      split += d.decode(bytes.subarray(a, b), { stream: i + 1 < cuts.length });
    });
  } catch (e) {
    split = { error: e.offset };
  }
  return [whole, split];
}

function encodeSplit(encoder, string, random) {
  const pieces = [];
  const cuts = splits(random, string.length);
  cuts.forEach(([a, b], i) => pieces.push(...encoder.encode(string.slice(a, b), { stream: i + 1 < cuts.length })));
  return Uint8Array.from(pieces);
}

// --- the documents' examples ------------------------------------------------

test('WTF-8 §6: lone surrogates as 3 bytes, pairs as 4, and back losslessly', () => {
  const e = new Wtf8Encoder();
  assert.equal(hex(e.encode('\ud800')), 'EDA080');
  assert.equal(hex(e.encode('\udfff')), 'EDBFBF');
  assert.equal(hex(e.encode('\ud83d\ude00')), 'F09F9880');
  assert.equal(hex(e.encode('\udc00\ud800')), 'EDB080EDA080'); // trail then lead: not a pair
  const d = new Wtf8Decoder({ fatal: true });
  assert.equal(d.decode(fromHex('EDA080')), '\ud800');
  assert.equal(d.decode(fromHex('EDB080EDA080')), '\udc00\ud800');
  assert.equal(e.encoding, 'wtf-8');
  assert.equal(d.encoding, 'wtf-8');
  assert.equal(d.fatal, true);
});

test('WTF-8 §6: not well-formed (surrogate byte sequence pair, overlong, F5..FF) is an error or U+FFFD', () => {
  const fatal = new Wtf8Decoder({ fatal: true });
  const lax = new Wtf8Decoder();
  for (const [bytes, replaced, offset] of [
    ['EDA080EDB080', '\ud800\ufffd\ufffd\ufffd', 3], // a surrogate pair encoded as two sequences: the second ED is the error
    ['C080', '\ufffd\ufffd', 0],
    ['E08080', '\ufffd\ufffd\ufffd', 0],
    ['F4908080', '\ufffd\ufffd\ufffd\ufffd', 0],
    ['41F5', 'A\ufffd', 1],
    ['41FF42', 'A\ufffdB', 1],
    ['41E282', 'A\ufffd', 1],
  ]) {
    assert.equal(lax.decode(fromHex(bytes)), replaced, bytes);
    assert.throws(() => fatal.decode(fromHex(bytes)), (e) => e instanceof TypeError && e.offset === offset && /not valid WTF-8/.test(e.message), bytes);
  }
});

test('WTF-8 §6.5: concatenation joins a trailing lead and a leading trail surrogate', () => {
  const e = new Wtf8Encoder();
  const left = e.encode('a\ud83d');
  const right = e.encode('\ude00b');
  assert.equal(hex(left) + hex(right), '61EDA0BDEDB88062');
  assert.equal(hex(wtf8Concat(left, right)), '61F09F988062');
  assert.equal(hex(wtf8Concat(e.encode('\ud83d'), e.encode('x'))), 'EDA0BD78');
  assert.throws(() => wtf8Concat(fromHex('FF'), left), TypeError);
  // The streaming encoder never produces the hazard: a lead that ends a chunk waits for the next.
  assert.equal(hex(encodeSplit(new Wtf8Encoder(), 'a\ud83d\ude00b', () => 0.5)), '61F09F988062');
});

test('CESU-8 (UTR #26): supplementary characters as two 3-byte surrogates; lone surrogates are errors', () => {
  // UTR #26 §2, "Definition": U+10400 is <ED A0 81 ED B0 80>.
  assert.equal(hex(new Cesu8Encoder().encode('\ud801\udc00')), 'EDA081EDB080');
  assert.equal(new Cesu8Decoder({ fatal: true }).decode(fromHex('EDA081EDB080')), '\ud801\udc00');
  // A 4-byte UTF-8 sequence is not CESU-8.
  assert.throws(() => new Cesu8Decoder({ fatal: true }).decode(fromHex('F0909080')), TypeError);
  assert.equal(new Cesu8Decoder().decode(fromHex('F0909080')), '\ufffd\ufffd\ufffd\ufffd');
  // A lone surrogate has no CESU-8 form.
  assert.throws(() => new Cesu8Encoder({ fatal: true }).encode('ab\udc00'), (e) => e.index === 2 && e.codeUnit === 0xdc00 && /U\+DC00 at index 2/.test(e.message));
  assert.equal(hex(new Cesu8Encoder().encode('a\ud800')), '61EFBFBD');
  assert.equal(new Cesu8Decoder().decode(fromHex('EDA081')), '\ufffd');
  assert.equal(hex(new Cesu8Encoder().encode('\u0000')), '00');
});

test('modified UTF-8: U+0000 as C0 80, supplementary as two surrogates, lone surrogates kept', () => {
  const e = new ModifiedUtf8Encoder();
  assert.equal(hex(e.encode('\u0000')), 'C080');
  assert.equal(hex(e.encode('\ud801\udc00')), 'EDA081EDB080');
  assert.equal(hex(e.encode('\udc00')), 'EDB080');
  const d = new ModifiedUtf8Decoder({ fatal: true });
  assert.equal(d.decode(fromHex('C080EDB080')), '\u0000\udc00');
  assert.equal(d.encoding, 'modified-utf-8');
});

test("Java DataOutput.writeUTF / DataInput.readUTF: u16 length prefix, 65,535-byte limit", () => {
  assert.equal(hex(writeUTF('')), '0000');
  assert.equal(hex(writeUTF('A\u0000')), '000341C080');
  const record = writeUTF('\u0800'.repeat(21845)); // 65,535 bytes: the largest record
  assert.equal(record.length, 65537);
  assert.throws(() => writeUTF('\u0800'.repeat(21845) + 'a'), (e) => e instanceof RangeError && e.encodedLength === 65536 && /65536 bytes/.test(e.message));
  const two = Uint8Array.from([...writeUTF('hé'), ...writeUTF('\ud83d\ude00')]);
  const first = readUTF(two);
  assert.deepEqual(first, { value: 'hé', byteLength: 5 });
  assert.deepEqual(readUTF(two, first.byteLength), { value: '\ud83d\ude00', byteLength: 8 });
  assert.throws(() => readUTF(fromHex('0005414243')), (e) => e instanceof RangeError && e.needed === 7 && e.available === 5);
  assert.throws(() => readUTF(fromHex('00')), RangeError);
  assert.throws(() => readUTF(fromHex('000241FF')), (e) => e instanceof TypeError && e.offset === 3);
});

test('1996 UTF-8 (ISO/IEC 10646-1 Amd. 2, R.2 Table 3 and R.7) through the package', () => {
  const e = new Iso10646Utf8Encoder();
  // Table 3's examples include the largest value, 7FFF FFFF.
  assert.equal(hex(e.encode(Uint32Array.of(0x7fffffff, 0x41, 0x4000000, 0x200000))), 'FDBFBFBFBFBF41FC8480808080F888808080');
  assert.throws(() => new Iso10646Utf8Encoder({ fatal: true }).encode([0x41, 0x80000000]), (err) => err.index === 1 && /0x80000000 at index 1/.test(err.message));
  assert.throws(() => new Iso10646Utf8Encoder({ fatal: true }).encode([1.5]), TypeError);
  assert.equal(hex(e.encode([-1])), 'EFBFBD');
  const d = new Iso10646Utf8Decoder();
  assert.deepEqual(Array.from(d.decode(fromHex('FDBFBFBFBFBF'))), [0x7fffffff]);
  const r = d.decodeDetailed(fromHex('41808080FEC341'));
  assert.deepEqual(Array.from(r.values), [0x41, 0xfffd, 0xfffd, 0xfffd, 0x41]);
  assert.deepEqual(r.malformations, [
    { offset: 1, kind: 'unexpected-continuation' },
    { offset: 4, kind: 'invalid-octet' },
    { offset: 5, kind: 'truncated' },
  ]);
  assert.throws(() => new Iso10646Utf8Decoder({ fatal: true }).decode(fromHex('4142E08041')), (err) => err.offset === 2 && err.kind === 'truncated');
  // Overlong forms are not among R.7's malformed sequences: C0 80 is 0000 0000.
  assert.deepEqual(Array.from(d.decode(fromHex('C080'))), [0]);
});

// --- independent implementations --------------------------------------------

test('WTF-8 against npm wtf-8 (random strings with lone surrogates, random bytes)', () => {
  const wtf8 = requireInProject('wtf-8');
  const random = prng(0x77f8);
  const encoder = new Wtf8Encoder();
  const decoder = new Wtf8Decoder({ fatal: true });
  let strings = 0;
  for (let i = 0; i < 3000; i++) {
    const string = stringOf(randomUnits(random, 40));
    const ours = encoder.encode(string);
    assert.equal(hex(ours), hex(Buffer.from(wtf8.encode(string), 'latin1')), JSON.stringify(string));
    assert.equal(decoder.decode(ours), string);
    assert.equal(wtf8.decode(Buffer.from(ours).toString('latin1')), string);
    strings++;
  }
  // Random bytes: wtf-8 accepts what we reject only where it decodes a surrogate
  // byte sequence pair (ED A0..AF xx ED B0..BF xx) to a supplementary code point,
  // which the specification (§6) says well-formed WTF-8 never contains.
  let agree = 0;
  let pairOnly = 0;
  for (let i = 0; i < 20000; i++) {
    const bytes = randomBytes(random, 12);
    let ours;
    let theirs;
    try { ours = decoder.decode(bytes); } catch (_) { ours = null; }
    try { theirs = wtf8.decode(Buffer.from(bytes).toString('latin1')); } catch (_) { theirs = null; }
    if (ours === theirs) { agree++; continue; }
    assert.equal(ours, null, `we accept what wtf-8 rejects: ${hex(bytes)}`);
    assert.match(hex(bytes), /ED[AB][0-9A-F][89AB][0-9A-F]ED[B][0-9A-F][89AB][0-9A-F]/, `unexplained difference: ${hex(bytes)}`);
    pairOnly++;
  }
  // The one divergence, explicitly: a surrogate pair written as two 3-byte sequences.
  assert.equal(wtf8.decode('\xed\xa0\x80\xed\xb0\x80'), '\u{10000}');
  assert.throws(() => decoder.decode(fromHex('EDA080EDB080')), TypeError);
  console.log(`# wtf-8 oracle: ${strings} strings equal; ${agree} of 20000 random inputs agree, ${pairOnly} differ only by an encoded surrogate pair`);
  assert.ok(agree > 1000);
});

test('modified UTF-8 against npm mutf-8 (round trips, random bytes)', async () => {
  const { MUtf8Decoder, MUtf8Encoder } = await import(await resolveInProject('mutf-8'));
  const random = prng(0x3f8);
  const ourEncoder = new ModifiedUtf8Encoder();
  const ourDecoder = new ModifiedUtf8Decoder({ fatal: true });
  const theirEncoder = new MUtf8Encoder();
  const theirDecoder = new MUtf8Decoder('mutf-8', { fatal: true });
  for (let i = 0; i < 3000; i++) {
    const string = stringOf(randomUnits(random, 40));
    const ours = ourEncoder.encode(string);
    assert.equal(hex(ours), hex(theirEncoder.encode(string)), JSON.stringify(string));
    assert.equal(ourDecoder.decode(ours), string);
    assert.equal(theirDecoder.decode(ours), string);
  }
  let agree = 0;
  const differ = new Map();
  for (let i = 0; i < 20000; i++) {
    const bytes = randomBytes(random, 10);
    let ours;
    let theirs;
    try { ours = ourDecoder.decode(bytes); } catch (_) { ours = null; }
    try { theirs = theirDecoder.decode(bytes); } catch (_) { theirs = null; }
    if (ours === theirs) { agree++; continue; }
    // The only disagreements DIVERGENCES.md explains: mutf-8 accepts a raw 00
    // byte, overlong 2- and 3-byte forms, and the 4-byte sequences of UTF-8,
    // none of which modified UTF-8 ever writes; we reject them.
    assert.equal(ours, null, `we accept what mutf-8 rejects: ${hex(bytes)}`);
    const why = /^(..)*00/.test(hex(bytes)) ? 'raw 00'
      : /^(..)*(C[01]|E0[89])/.test(hex(bytes)) ? 'overlong'
      : /^(..)*F[0-4]/.test(hex(bytes)) ? '4-byte'
      : 'unexplained';
    assert.notEqual(why, 'unexplained', `unexplained difference: ${hex(bytes)} ours=${JSON.stringify(ours)} theirs=${JSON.stringify(theirs)}`);
    differ.set(why, (differ.get(why) || 0) + 1);
  }
  console.log(`# mutf-8 oracle: 3000 strings equal both ways; ${agree} of 20000 random inputs agree; differ: ${JSON.stringify(Object.fromEntries(differ))}`);
});

test('CESU-8 and modified UTF-8 against Python surrogatepass', () => {
  const random = prng(0xce5);
  const strings = Array.from({ length: 2000 }, () => randomUnits(random, 30, { lone: false }));
  const loneStrings = Array.from({ length: 1000 }, () => randomUnits(random, 30));
  const inputs = Array.from({ length: 10000 }, () => Array.from(randomBytes(random, 10)));
  const r = spawnSync('python3', [join(ORACLES, 'surrogatepass.py')], {
    input: JSON.stringify({ encode: [...strings, ...loneStrings], decode: inputs }),
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  assert.equal(r.status, 0, r.stderr);
  const oracle = JSON.parse(r.stdout);
  const cesu = new Cesu8Encoder({ fatal: true });
  const modified = new ModifiedUtf8Encoder();
  strings.forEach((units, i) => {
    assert.equal(hex(cesu.encode(stringOf(units))), hex(oracle.encode[i]), `${units}`);
  });
  loneStrings.forEach((units, i) => {
    // Modified UTF-8 is surrogatepass UTF-8 with U+0000 as C0 80.
    const expected = hex(oracle.encode[strings.length + i]).replace(/^((?:..)*?)00/g, '$1C080');
    const withNul = oracle.encode[strings.length + i].flatMap((b) => (b === 0 ? [0xc0, 0x80] : [b]));
    assert.equal(hex(modified.encode(stringOf(units))), hex(withNul), `${units} ${expected.length}`);
  });
  // Decoding: every input Python decodes without a 4-byte sequence is CESU-8
  // (a pair's two 3-byte sequences join into one supplementary character in both);
  // Python also accepts 4-byte sequences (UTF-8) and lone surrogates, which CESU-8 does not.
  const decoder = new Cesu8Decoder({ fatal: true });
  let agree = 0;
  let explained = 0;
  inputs.forEach((bytes, i) => {
    let ours;
    try { ours = unitsOf(decoder.decode(Uint8Array.from(bytes))); } catch (_) { ours = null; }
    const theirs = oracle.decode[i];
    if (JSON.stringify(ours) === JSON.stringify(theirs)) { agree++; return; }
    assert.equal(ours, null, `we accept what Python rejects: ${hex(bytes)}`);
    const lone = theirs.some((u, k) => (u & 0xfc00) === 0xd800 ? (theirs[k + 1] & 0xfc00) !== 0xdc00 : (u & 0xfc00) === 0xdc00 && (theirs[k - 1] & 0xfc00) !== 0xd800);
    assert.ok(/^(..)*F[0-4]/.test(hex(bytes)) || lone, `unexplained difference: ${hex(bytes)}`);
    explained++;
  });
  console.log(`# surrogatepass oracle: 3000 strings equal; ${agree} of 10000 random inputs agree, ${explained} differ by 4-byte or lone-surrogate sequences`);
});

test("Java's own writeUTF/readUTF (JDK; tools/setup.sh installs one where missing)", () => {
  const random = prng(0x1a7a);
  const strings = Array.from({ length: 2000 }, () => randomUnits(random, 30));
  strings.push(Array(21845).fill(0x800), Array(21846).fill(0x800), [0]);
  const records = Array.from({ length: 5000 }, () => {
    const body = randomBytes(random, 8);
    return Uint8Array.from([0, body.length, ...body]);
  });
  const lines = [
    ...strings.map((u) => `W ${u.map((x) => x.toString(16).toUpperCase().padStart(4, '0')).join('')}`),
    ...records.map((b) => `R ${hex(b)}`),
  ];
  const r = spawnSync('java', [join(ORACLES, 'JavaDataUtf.java')], { input: lines.join('\n') + '\n', encoding: 'utf8', maxBuffer: 64 << 20 });
  assert.equal(r.status, 0, r.stderr);
  const answers = r.stdout.trim().split('\n');
  assert.equal(answers.length, lines.length);
  strings.forEach((units, i) => {
    let ours;
    try { ours = hex(writeUTF(stringOf(units))); } catch (e) { ours = e instanceof RangeError ? 'ERR UTFDataFormatException' : e.message; }
    assert.equal(ours, answers[i], `writeUTF ${units.slice(0, 8)}`);
  });
  let agree = 0;
  let overlong = 0;
  records.forEach((record, i) => {
    let ours;
    try {
      const { value, byteLength } = readUTF(record);
      ours = `${unitsOf(value).map((x) => x.toString(16).toUpperCase().padStart(4, '0')).join('')} ${byteLength}`;
    } catch (e) {
      ours = 'ERR';
    }
    const theirs = answers[strings.length + i].startsWith('ERR') ? 'ERR' : answers[strings.length + i];
    if (ours === theirs) { agree++; return; }
    // Java's readUTF checks only the bit patterns: it accepts raw 00 bytes and
    // overlong forms (C1 81 for "A"), which modified UTF-8 never writes and we
    // reject (DIVERGENCES.md); anything else is a failure.
    assert.equal(ours, 'ERR', `we accept what Java rejects: ${hex(record)}`);
    assert.match(hex(record.subarray(2)), /^(..)*(00|C[01]|E0[89])/, `unexplained difference: ${hex(record)} java=${theirs}`);
    overlong++;
  });
  console.log(`# Java oracle: ${strings.length} writeUTF equal; ${agree} of ${records.length} readUTF agree, ${overlong} are raw 00 / overlong forms Java accepts`);
});

test('1996 UTF-8 encoder against Perl extended UTF-8, and round trips', () => {
  const random = prng(0x1996);
  const values = [];
  for (let i = 0; i < 20000; i++) {
    const bits = 1 + Math.floor(random() * 31);
    values.push(Math.floor(random() * 2 ** bits));
  }
  values.push(0, 0x7f, 0x80, 0x7ff, 0x800, 0xffff, 0x10000, 0x1fffff, 0x200000, 0x3ffffff, 0x4000000, 0x7fffffff);
  const r = spawnSync('perl', [join(ORACLES, 'utf8-1996.pl')], { input: values.map((v) => v.toString(16)).join('\n') + '\n', encoding: 'utf8', maxBuffer: 64 << 20 });
  assert.equal(r.status, 0, r.stderr);
  const expected = r.stdout.trim().split('\n');
  const encoder = new Iso10646Utf8Encoder({ fatal: true });
  const decoder = new Iso10646Utf8Decoder({ fatal: true });
  values.forEach((v, i) => assert.equal(hex(encoder.encode([v])), expected[i], v.toString(16)));
  const all = Uint32Array.from(values);
  const bytes = encoder.encode(all);
  assert.equal(hex(bytes), expected.join(''));
  assert.deepEqual(decoder.decode(bytes), all);
});

// --- round trips and split invariance ---------------------------------------

test('round trips over seeded random strings, every UTF-16 variant', () => {
  const random = prng(0x70d);
  for (let i = 0; i < 2000; i++) {
    const string = stringOf(randomUnits(random, 60));
    const wellFormed = string.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
    assert.equal(new Wtf8Decoder({ fatal: true }).decode(new Wtf8Encoder().encode(string)), string);
    assert.equal(new ModifiedUtf8Decoder({ fatal: true }).decode(new ModifiedUtf8Encoder().encode(string)), string);
    assert.equal(new Cesu8Decoder({ fatal: true }).decode(new Cesu8Encoder().encode(string)), wellFormed);
    assert.equal(readUTF(writeUTF(string)).value, string);
  }
});

test('split invariance: every streaming decoder over random chunks equals the whole, both modes', () => {
  const random = prng(0x5b17);
  let runs = 0;
  for (const Decoder of [Wtf8Decoder, Cesu8Decoder, ModifiedUtf8Decoder]) {
    for (let i = 0; i < 1500; i++) {
      const bytes = i % 2 ? randomBytes(random, 16) : new Wtf8Encoder().encode(stringOf(randomUnits(random, 12)));
      for (const fatal of [false, true]) {
        const [whole, split] = decodeBothWays(Decoder, { fatal }, bytes, random);
        assert.deepEqual(split, whole, `${Decoder.name} ${hex(bytes)} fatal=${fatal}`);
        runs++;
      }
    }
  }
  const decoder96 = (fatal) => new Iso10646Utf8Decoder({ fatal });
  for (let i = 0; i < 1500; i++) {
    const bytes = randomBytes(random, 16);
    for (const fatal of [false, true]) {
      let whole;
      try { whole = decoder96(fatal).decodeDetailed(bytes); } catch (e) { whole = { error: e.offset, kind: e.kind }; }
      const d = decoder96(fatal);
      let split = { values: [], malformations: [] };
      try {
        const cuts = splits(random, bytes.length);
        cuts.forEach(([a, b], k) => {
          const r = d.decodeDetailed(bytes.subarray(a, b), { stream: k + 1 < cuts.length });
          split.values.push(...r.values);
          split.malformations.push(...r.malformations);
        });
        split.values = Uint32Array.from(split.values);
      } catch (e) {
        split = { error: e.offset, kind: e.kind };
      }
      assert.deepEqual(split, whole, `1996 ${hex(bytes)} fatal=${fatal}`);
      runs++;
    }
  }
  console.log(`# ${runs} split-invariance runs`);
});

test('split invariance: every streaming encoder, and encodeInto never cuts a character', () => {
  const random = prng(0xe5c);
  for (const Encoder of [Wtf8Encoder, Cesu8Encoder, ModifiedUtf8Encoder]) {
    for (let i = 0; i < 1500; i++) {
      const string = stringOf(randomUnits(random, 20));
      assert.equal(hex(encodeSplit(new Encoder(), string, random)), hex(new Encoder().encode(string)), `${Encoder.name} ${JSON.stringify(string)}`);
      const whole = new Encoder().encode(string);
      const room = Math.floor(random() * (whole.length + 2));
      const destination = new Uint8Array(room);
      const { read, written } = new Encoder().encodeInto(string, destination);
      // What was written is the encoding of what was read, and nothing more fit.
      assert.equal(hex(destination.subarray(0, written)), hex(new Encoder().encode(string.slice(0, read))), `${Encoder.name} ${room}`);
      if (read < string.length) assert.ok(new Encoder().encode(string.slice(0, read + 1)).length > room || (string.charCodeAt(read) & 0xfc00) === 0xd800);
      else assert.equal(written, whole.length);
    }
  }
});

test('fatal errors name the offset and bytes, then the stream starts over', () => {
  const d = new Wtf8Decoder({ fatal: true });
  assert.equal(d.decode(fromHex('6162'), { stream: true }), 'ab');
  assert.throws(() => d.decode(fromHex('63FF'), { stream: true }), (e) => e.offset === 3 && hex(e.bytes) === 'FF' && /FF at byte offset 3/.test(e.message));
  assert.equal(d.decode(fromHex('41')), 'A');
  // A sequence begun in an earlier chunk.
  assert.equal(d.decode(fromHex('E2'), { stream: true }), '');
  assert.throws(() => d.decode(fromHex('41')), (e) => e.offset === 0 && /at byte offset 0 \(begun in an earlier chunk/.test(e.message));
  // CESU-8: a lead surrogate held across chunks, then no trail: the lead's 3 bytes are the subpart.
  const c = new Cesu8Decoder({ fatal: true });
  assert.equal(c.decode(fromHex('4142ED'), { stream: true }), 'AB');
  assert.equal(c.decode(fromHex('A0'), { stream: true }), '');
  assert.throws(() => c.decode(fromHex('8041'), { stream: true }), (e) => e.offset === 2 && hex(e.bytes) === '80');
  assert.equal(c.decode(fromHex('4142ED'), { stream: true }), 'AB');
  assert.equal(c.decode(fromHex('A080'), { stream: true }), '');
  assert.throws(() => c.decode(fromHex('42')), (e) => e.offset === 2 && e.bytes.length === 0);
  // Brand checks, as the standard classes have.
  assert.throws(() => Wtf8Decoder.prototype.decode.call({}, new Uint8Array(1)), TypeError);
  assert.equal(Object.prototype.toString.call(new Cesu8Encoder()), '[object Cesu8Encoder]');
  assert.equal(Wtf8Encoder.name, 'Wtf8Encoder');
});

test('large inputs go through in windows (memory stays bounded)', () => {
  const big = 'a\u00e9\u4e00\ud83d\ude00\ud800'.repeat(200000); // 1.2 M units
  const bytes = new Wtf8Encoder().encode(big);
  assert.equal(new Wtf8Decoder({ fatal: true }).decode(bytes), big);
  const values = new Iso10646Utf8Decoder().decode(new Iso10646Utf8Encoder().encode(Uint32Array.from({ length: 300000 }, (_, i) => i * 7000)));
  assert.equal(values.length, 300000);
  assert.equal(values[299999], 299999 * 7000);
});
