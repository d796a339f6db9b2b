// The CLI's byte-to-byte path (js/cli/transcode.js: decode and encode in the
// module, no string between) against encoding_rs (examples/encoding_rs_oracle.rs):
// random input in 10 encodings, each converted to 8 output encodings in the
// default mode ('?' for what cannot be encoded) and with --html, inputs long
// enough to cross the transcoder's 4 KiB windows (src/transcode.rs; the
// default runs read a file, in 1 MiB reads) and the 64 KiB reads of a pipe
// (the --html runs read standard input), with invalid bytes, a leading BOM, supplementary characters, and
// scripts that alternate (ISO-2022-JP's escapes, the output buffer filling up).
//
// Expected bytes: encoding_rs decodes the input (replacement mode; a leading
// U+FEFF dropped for UTF-8 and UTF-16, the TextDecoder's BOM rule), then
// encodes the text: "html" mode as is, and the default as fatal mode with a
// '?' (0x3F; ISO-2022-JP's records already end in ASCII) after each record
// that stops at an unmappable character.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'node:test';
import { PROJECT, encodingRsOracle, prng } from './helpers.mjs';

const BIN = join(PROJECT, 'node_modules', '.bin', 'text-encoding-wasm');
const ORACLE = encodingRsOracle();
const tmp = mkdtempSync(join(tmpdir(), 'tew-cli-transcode-'));

const FROM = ['UTF-8', 'UTF-16LE', 'UTF-16BE', 'Shift_JIS', 'EUC-JP', 'ISO-2022-JP', 'GBK', 'gb18030', 'Big5', 'EUC-KR', 'windows-1252'];
const TO = ['UTF-8', 'Shift_JIS', 'EUC-JP', 'ISO-2022-JP', 'gb18030', 'Big5', 'EUC-KR', 'windows-1252'];
const BOM_RULE = new Set(['UTF-8', 'UTF-16LE', 'UTF-16BE']);

function oracle(label, mode, input) {
  const r = spawnSync(ORACLE, [label, mode], { input, maxBuffer: 1 << 28 });
  assert.equal(r.status, 0, r.stderr && r.stderr.toString());
  return r.stdout;
}

const units = (text) => Buffer.from(text, 'utf16le');

/** Text the inputs are made of: runs of ASCII, kana and kanji, hangul, hanzi, Latin-1, emoji, alternating often. */
function randomText(random, length) {
  const pools = [
    () => String.fromCharCode(0x20 + Math.floor(random() * 95)),
    () => String.fromCharCode(0x3041 + Math.floor(random() * 86)),
    () => String.fromCharCode(0x4e00 + Math.floor(random() * 0x5000)),
    () => String.fromCharCode(0xac00 + Math.floor(random() * 11172)),
    () => String.fromCharCode(0xa0 + Math.floor(random() * 96)),
    () => String.fromCodePoint(0x1f300 + Math.floor(random() * 0x300)),
    () => '\n',
  ];
  let text = '';
  while (text.length < length) {
    const pool = pools[Math.floor(random() * pools.length)];
    // Short runs alternate scripts; long runs let the fast paths run.
    const run = random() < 0.7 ? 1 + Math.floor(random() * 4) : 1 + Math.floor(random() * 400);
    for (let i = 0; i < run; i++) text += pool();
  }
  return text;
}

/** Input bytes in `from`: the text encoded by encoding_rs, then a few random bytes overwritten (invalid sequences). */
function randomInput(random, from, length) {
  let text = randomText(random, length);
  if (random() < 0.5) text = '\ufeff' + text;
  let bytes;
  if (from === 'UTF-16LE') bytes = units(text);
  else if (from === 'UTF-16BE') bytes = units(text).swap16();
  else bytes = oracle(from, 'html', units(text));
  bytes = Buffer.from(bytes);
  const damage = Math.floor(random() * 20);
  for (let i = 0; i < damage; i++) bytes[Math.floor(random() * bytes.length)] = Math.floor(random() * 256);
  return bytes;
}

/** The expected output of `-f from -t to [--html]` on `input`, from encoding_rs. */
function expected(from, to, html, input) {
  let decoded = oracle(from, 'decode', input);
  if (BOM_RULE.has(from) && decoded.length >= 2 && decoded.readUInt16LE(0) === 0xfeff) decoded = decoded.subarray(2);
  if (html) return oracle(to, 'html', decoded);
  // Fatal records: u32 byte count, bytes, u32 code point (0xFFFFFFFF: the end), u32 units consumed.
  const records = oracle(to, 'fatal', decoded);
  const out = [];
  for (let at = 0; at < records.length;) {
    const n = records.readUInt32LE(at);
    out.push(records.subarray(at + 4, at + 4 + n));
    const codePoint = records.readUInt32LE(at + 4 + n);
    at += 12 + n;
    if (codePoint !== 0xffffffff) out.push(Buffer.from('?'));
  }
  return Buffer.concat(out);
}

test('the CLI transcodes as encoding_rs decodes and encodes: 11 inputs x 8 outputs, default and --html', { timeout: 20 * 60_000 }, () => {
  const random = prng(20261125);
  let compared = 0;
  for (const from of FROM) {
    // Long enough to cross a pipe's 64 KiB reads and many 4 KiB windows.
    const input = randomInput(random, from, 40_000 + Math.floor(random() * 120_000));
    const file = join(tmp, `${from}.bin`);
    writeFileSync(file, input);
    for (const to of TO) {
      for (const html of [false, true]) {
        // --html from standard input (the pipe's 64 KiB reads), the default from the file.
        const args = ['-f', from, '-t', to, ...(html ? ['--html'] : [file])];
        const r = spawnSync(BIN, args, { cwd: PROJECT, maxBuffer: 1 << 28, ...(html ? { input } : {}) });
        assert.equal(r.status, 0, `${args.join(' ')}: ${r.stderr}`);
        const want = expected(from, to, html, input);
        if (!want.equals(r.stdout)) {
          let at = 0;
          while (at < want.length && want[at] === r.stdout[at]) at++;
          assert.fail(`${args.join(' ')}: ${r.stdout.length} bytes vs encoding_rs's ${want.length}, first difference at byte ${at}: ` +
            `ours ${r.stdout.subarray(at, at + 12).toString('hex')} vs ${want.subarray(at, at + 12).toString('hex')}`);
        }
        compared++;
      }
    }
  }
  assert.equal(compared, FROM.length * TO.length * 2);
});

test("output beyond the transcoder's 2 MiB output buffer in one read: it fills, is written, and the read goes on", { timeout: 5 * 60_000 }, () => {
  // windows-1252 bytes whose characters Shift_JIS lacks (the euro sign, the
  // trade mark sign, é) become 7-8 bytes each with --html: a 1 MiB read gives
  // ~5 MiB of output, and the default's '?' for each keeps the counts honest.
  const random = prng(20261126);
  const pool = [0x80, 0x99, 0xe9, 0x41, 0x0a];
  const input = Buffer.alloc(3_000_000);
  for (let i = 0; i < input.length; i++) input[i] = pool[Math.floor(random() * pool.length)];
  const file = join(tmp, 'windows-1252-large.bin');
  writeFileSync(file, input);
  for (const html of [true, false]) {
    const args = ['-f', 'windows-1252', '-t', 'Shift_JIS', ...(html ? ['--html'] : []), file];
    const r = spawnSync(BIN, args, { cwd: PROJECT, maxBuffer: 1 << 28 });
    assert.equal(r.status, 0, `${args.join(' ')}: ${r.stderr}`);
    const want = expected('windows-1252', 'Shift_JIS', html, input);
    // 1 MiB reads: more than 2 bytes out per byte in overflows the 2 MiB buffer (js/cli/transcode-call.js).
    if (html) assert.ok(want.length > 3 * input.length, `the case must overflow the output buffer: ${want.length}`);
    assert.ok(want.equals(r.stdout), `${args.join(' ')}: ${r.stdout.length} bytes vs encoding_rs's ${want.length}`);
  }
});
