// LegacyEncoder (text-encoding-wasm/extra) against encoding_rs, the independent
// Rust implementation of the standard: every scalar value through every
// encoder that has one, in both error modes, whole and in random stream
// chunks. encoding_rs runs as examples/encoding_rs_oracle.rs (built by
// tools/test-js.sh), since JS cannot link it. Where encoding_rs and the spec
// text we follow disagree (DIVERGENCES.md §1, the 18 GB18030-2022 PUA code
// points in gb18030 and GBK) the test asserts exactly that difference.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import test from 'node:test';
import { encodingRsOracle, loadPackage, prng, resolveInProject, standardEncodings } from './helpers.mjs';

await loadPackage();
const { LegacyEncoder } = await import(await resolveInProject('text-encoding-wasm/extra'));

const ORACLE = encodingRsOracle();

/** Every encoding of the standard that has an encoder (all but replacement, UTF-16BE/LE). */
const ENCODERS = standardEncodings().map((e) => e.name).filter((name) => !['replacement', 'UTF-16BE', 'UTF-16LE'].includes(name));

/** DIVERGENCES.md §1: GB18030-2022's PUA mappings, in encoding_rs but not in the spec text we follow. */
const GB18030_2022_PUA = [
  0xe78d, 0xe78e, 0xe78f, 0xe790, 0xe791, 0xe792, 0xe793, 0xe794, 0xe795, 0xe796,
  0xe81e, 0xe826, 0xe82b, 0xe82c, 0xe832, 0xe843, 0xe854, 0xe864,
];
const skipFor = (name) => (name === 'GBK' || name === 'gb18030' ? new Set(GB18030_2022_PUA) : new Set());

/** Every scalar value (but those in `skip`, a Set or a 0x110000-entry flag array) as one string, in order. */
function allScalars(skip) {
  const skipped = skip instanceof Uint8Array ? (cp) => skip[cp] === 1 : (cp) => skip.has(cp);
  const parts = [];
  let chunk = [];
  for (let cp = 0; cp <= 0x10ffff; cp++) {
    if ((cp >= 0xd800 && cp <= 0xdfff) || skipped(cp)) continue;
    chunk.push(cp);
    if (chunk.length === 8192) {
      parts.push(String.fromCodePoint(...chunk));
      chunk = [];
    }
  }
  parts.push(String.fromCodePoint(...chunk));
  return parts.join('');
}

function oracle(name, mode, string) {
  const r = spawnSync(ORACLE, [name, mode], { input: Buffer.from(string, 'utf16le'), maxBuffer: 1 << 30 });
  assert.equal(r.status, 0, r.stderr?.toString());
  return r.stdout;
}

/** Where encoding_rs's fatal encode of `string` met each unmappable character (units consumed, it included). */
function oracleErrorEnds(name, string) {
  const out = oracle(name, 'fatal', string);
  const ends = [];
  for (let at = 0; at < out.length;) {
    const n = out.readUInt32LE(at);
    if (out.readUInt32LE(at + 4 + n) !== 0xffffffff) ends.push(out.readUInt32LE(at + 8 + n));
    at += 12 + n;
  }
  return ends;
}

/** Many strings in one oracle run (a fresh encoder each): html -> [Buffer], fatal -> [records]. */
function oracleBatch(name, mode, strings) {
  const parts = [];
  for (const string of strings) {
    const head = Buffer.alloc(4);
    head.writeUInt32LE(string.length);
    parts.push(head, Buffer.from(string, 'utf16le'));
  }
  const r = spawnSync(ORACLE, [name, `${mode}-batch`], { input: Buffer.concat(parts), maxBuffer: 1 << 30 });
  assert.equal(r.status, 0, r.stderr?.toString());
  const out = r.stdout;
  const answers = [];
  let at = 0;
  for (let k = 0; k < strings.length; k++) {
    if (mode === 'html') {
      const n = out.readUInt32LE(at);
      answers.push(out.subarray(at + 4, at + 4 + n));
      at += 4 + n;
      continue;
    }
    const records = [];
    for (;;) {
      const n = out.readUInt32LE(at);
      const cp = out.readUInt32LE(at + 4 + n);
      records.push({ bytes: out.subarray(at + 4, at + 4 + n), codePoint: cp === 0xffffffff ? -1 : cp, consumed: out.readUInt32LE(at + 8 + n) });
      at += 12 + n;
      if (cp === 0xffffffff) break;
    }
    answers.push(records);
  }
  return answers;
}

function firstDifference(a, b) {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i;
  return n;
}

function assertSameBytes(ours, theirs, what) {
  const a = Buffer.from(ours.buffer, ours.byteOffset, ours.length);
  if (a.equals(theirs)) return;
  const at = firstDifference(a, theirs);
  assert.fail(`${what}: differs at byte ${at} of ${a.length}/${theirs.length}: ours ${a.subarray(at, at + 12).toString('hex')} encoding_rs ${theirs.subarray(at, at + 12).toString('hex')}`);
}

/** Encodes `string` in random chunks with { stream: true }, the last one ending the stream. */
function encodeInChunks(encoder, string, random) {
  const pieces = [];
  let total = 0;
  for (let at = 0; ;) {
    const n = Math.min(string.length - at, Math.floor(random() ** 3 * 5000));
    const last = at + n === string.length && random() < 0.5;
    const bytes = encoder.encode(string.slice(at, at + n), { stream: !last });
    pieces.push(bytes);
    total += bytes.length;
    at += n;
    if (last) break;
    if (at === string.length) {
      const end = encoder.encode('');
      pieces.push(end);
      total += end.length;
      break;
    }
  }
  const out = new Uint8Array(total);
  let o = 0;
  for (const p of pieces) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

test('"html" mode: every scalar value, whole and in random stream chunks, equals encoding_rs', () => {
  const random = prng(0x5eed1e);
  for (const name of ENCODERS) {
    const all = allScalars(skipFor(name));
    const expected = oracle(name, 'html', all);
    assertSameBytes(new LegacyEncoder(name, { mode: 'html' }).encode(all), expected, `${name} whole`);
    assertSameBytes(encodeInChunks(new LegacyEncoder(name, { mode: 'html' }), all, random), expected, `${name} chunks`);
  }
  console.log(`# html: ${ENCODERS.length} encoders x ${allScalars(new Set()).length} code units, whole and chunked`);
});

test('"fatal" mode: every scalar value: the encodable ones give encoding_rs\'s bytes, every unencodable BMP one throws', () => {
  // encoding_rs, resuming after each unmappable character, gives the
  // unmappable set. Ours must encode all the other scalars in one call with
  // no error, to encoding_rs's bytes for that string, and throw for unmappable
  // ones naming the code point: 3,000 sampled BMP and 500 supplementary ones
  // per encoder, one call each (every one would be 1.9 million exceptions,
  // minutes; the "html" test already checks every scalar's mappability, and
  // the next test checks errors and resumption).
  let unmappable = 0;
  let checked = 0;
  const random = prng(0xfa7a1);
  for (const name of ENCODERS) {
    const skip = skipFor(name);
    const all = allScalars(skip);
    // The input character at each error (ISO-2022-JP reports U+000E, U+000F
    // and U+001B as U+FFFD, so the reported code point is not always it).
    const skipped = new Uint8Array(0x110000);
    for (const cp of skip) skipped[cp] = 1;
    const bmp = [];
    const astral = [];
    for (const end of oracleErrorEnds(name, all)) {
      const last = all.charCodeAt(end - 1);
      const cp = (last & 0xfc00) === 0xdc00 ? all.codePointAt(end - 2) : last;
      skipped[cp] = 1;
      (cp > 0xffff ? astral : bmp).push(cp);
    }
    unmappable += bmp.length + astral.length;
    const encodable = allScalars(skipped);
    const [expected] = oracleBatch(name, 'fatal', [encodable]);
    assert.equal(expected.length, 1, `${name}: encoding_rs finds no error in the encodable scalars`);
    assertSameBytes(new LegacyEncoder(name, { mode: 'fatal' }).encode(encodable), expected[0].bytes, `${name} encodable`);
    const encoder = new LegacyEncoder(name, { mode: 'fatal' });
    const pick = (list, n) => (list.length <= n ? list : Array.from({ length: n }, () => list[Math.floor(random() * list.length)]));
    const sample = [...pick(bmp, 3000), ...pick(astral, 500)];
    for (const cp of sample) {
      const reported = name === 'ISO-2022-JP' && (cp === 0x0e || cp === 0x0f || cp === 0x1b) ? 0xfffd : cp;
      assert.throws(() => encoder.encode(String.fromCodePoint(cp)), (e) => e instanceof TypeError && e.codePoint === reported && e.index === 0, `${name} U+${cp.toString(16)}`);
      checked++;
    }
  }
  console.log(`# fatal: ${ENCODERS.length} encoders; every encodable scalar in one call; ${unmappable} unmappable (encoder, scalar) pairs per encoding_rs, ${checked} sampled ones thrown one by one`);
});

test('"fatal" mode: random strings, each error and the resumption after it equal encoding_rs', () => {
  const random = prng(0xe770);
  let errors = 0;
  for (const name of ENCODERS) {
    const strings = Array.from({ length: 300 }, () => {
      const cps = Array.from({ length: Math.floor(random() * 30) }, () => {
        const r = random();
        return r < 0.4 ? Math.floor(random() * 0x80) : r < 0.7 ? 0x80 + Math.floor(random() * 0x780) : r < 0.9 ? 0x3000 + Math.floor(random() * 0x7000) : 0x10000 + Math.floor(random() * 0x30000);
      });
      return String.fromCodePoint(...cps.filter((cp) => !skipFor(name).has(cp)));
    });
    const answers = oracleBatch(name, 'fatal', strings);
    strings.forEach((string, i) => {
      const cps = Array.from(string, (c) => c.codePointAt(0));
      const expected = answers[i];
      const encoder = new LegacyEncoder(name, { mode: 'fatal' });
      let rest = string;
      let consumed = 0;
      for (const want of expected) {
        let bytes;
        let codePoint = -1;
        try {
          bytes = encoder.encode(rest);
          consumed += rest.length;
        } catch (e) {
          if (typeof e.codePoint !== 'number') throw e;
          ({ bytes, codePoint } = e);
          consumed += e.read;
          rest = rest.slice(e.read);
          errors++;
        }
        assertSameBytes(bytes, want.bytes, `${name} ${cps}`);
        assert.equal(codePoint, want.codePoint, `${name} ${cps}`);
        assert.equal(consumed, want.consumed, `${name} ${cps}`);
      }
    });
  }
  console.log(`# fatal random strings: ${ENCODERS.length * 300} strings, ${errors} errors resumed`);
});

test('random strings with lone surrogates and split pairs, both modes, random chunks', () => {
  const random = prng(0x10e);
  let runs = 0;
  for (const name of ENCODERS) {
    const strings = [];
    for (let i = 0; i < 200; i++) {
      const units = [];
      const length = Math.floor(random() * 40);
      for (let k = 0; k < length; k++) {
        const r = random();
        units.push(r < 0.3 ? Math.floor(random() * 0x80) : r < 0.5 ? 0xd800 + Math.floor(random() * 0x800) : r < 0.6 ? 0x3000 + Math.floor(random() * 0x100) : Math.floor(random() * 0x10000));
      }
      strings.push(String.fromCharCode(...units.filter((u) => !skipFor(name).has(u))));
    }
    const answers = oracleBatch(name, 'html', strings);
    strings.forEach((string, i) => {
      assertSameBytes(encodeInChunks(new LegacyEncoder(name, { mode: 'html' }), string, random), answers[i], `${name} ${JSON.stringify(string)}`);
      runs++;
    });
  }
  console.log(`# ${runs} random strings with lone surrogates`);
});

test('DIVERGENCES.md §1: the 18 GB18030-2022 PUA code points, as documented', () => {
  for (const cp of GB18030_2022_PUA) {
    const s = String.fromCodePoint(cp);
    const theirs = oracle('gb18030', 'html', s);
    assert.equal(theirs.length, 2, `encoding_rs maps U+${cp.toString(16)} to two bytes`);
    assert.equal(oracle('GBK', 'html', s).toString('hex'), theirs.toString('hex'));
    const ours = new LegacyEncoder('gb18030').encode(s);
    assert.equal(ours.length, 4);
    assert.deepEqual([ours[0], ours[1]], [0x83, 0x36]);
    assert.equal(Buffer.from(new LegacyEncoder('gbk', { mode: 'html' }).encode(s)).toString(), `&#${cp};`);
  }
});
