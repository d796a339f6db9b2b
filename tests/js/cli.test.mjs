// The command-line transcoder (package.json "bin" -> dist/cli.js), run as a
// user would: the bin link npm made in the test project, in a child process.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PROJECT, MiB } from './helpers.mjs';

const BIN = join(PROJECT, 'node_modules', '.bin', 'text-encoding-wasm');
const INDEX = new URL('../../data/whatwg-index/index-jis0208.txt', import.meta.url).pathname;
const tmp = mkdtempSync(join(tmpdir(), 'tew-cli-'));

function run(args, input) {
  const r = spawnSync(BIN, args, { cwd: PROJECT, input, maxBuffer: 64 << 20, timeout: 120_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr.toString() };
}

const SAMPLE = 'Hello, 世界! あいうえお 京都 ｶﾀｶﾅ ～①㈱ 日本語テキスト\n';

test('UTF-8 -> Shift_JIS -> UTF-8 round trip, stdin and file alike', () => {
  const sjis = run(['-f', 'utf-8', '-t', 'shift_jis'], Buffer.from(SAMPLE));
  assert.equal(sjis.status, 0, sjis.stderr);
  assert.equal(sjis.stderr, '');
  const back = run(['-f', 'sjis', '-t', 'utf8'], sjis.stdout);
  assert.equal(back.status, 0, back.stderr);
  assert.equal(back.stdout.toString(), SAMPLE);
  const file = join(tmp, 'sample.txt');
  writeFileSync(file, SAMPLE);
  const fromFile = run(['-f', 'utf-8', '-t', 'shift_jis', file]);
  assert.deepEqual(fromFile.stdout, sjis.stdout);
  // '-' is stdin, files are read in order as one stream.
  const mixed = run(['-f', 'utf-8', '-t', 'shift_jis', file, '-', file], Buffer.from(SAMPLE));
  assert.deepEqual(mixed.stdout, Buffer.concat([sjis.stdout, sjis.stdout, sjis.stdout]));
});

test('Shift_JIS bytes are those the standard index gives', () => {
  // Shift_JIS encoder (§14.3.3): pointer p (first in index jis0208 outside
  // 8272..8835) -> lead p/188 (+0x81, or +0xC1 from 0x1F), trail p%188 (+0x40, or +0x41 from 0x3F).
  const pointers = new Map();
  for (const line of readFileSync(INDEX, 'utf8').split('\n')) {
    const m = /^\s*(\d+)\s+0x([0-9A-F]+)/.exec(line);
    if (!m) continue;
    const p = Number(m[1]);
    const cp = parseInt(m[2], 16);
    if (!(p >= 8272 && p <= 8835) && !pointers.has(cp)) pointers.set(cp, p);
  }
  const expected = (ch) => {
    const p = pointers.get(ch.codePointAt(0));
    const lead = Math.floor(p / 188);
    const trail = p % 188;
    return [lead + (lead < 0x1f ? 0x81 : 0xc1), trail + (trail < 0x3f ? 0x40 : 0x41)];
  };
  assert.deepEqual(expected('あ'), [0x82, 0xa0]); // hand-checked against the index (pointer 283)
  const chars = ['あ', '京', '都', '漢', '字', 'ア', '①', '～'];
  const r = run(['-f', 'utf-8', '-t', 'shift_jis'], Buffer.from(chars.join('')));
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual([...r.stdout], chars.flatMap(expected));
});

test('--html writes &#N; for what the output encoding cannot encode; default is ? with a count', () => {
  const html = run(['-f', 'utf-8', '-t', 'windows-1252', '--html'], Buffer.from('a☃b😀c'));
  assert.equal(html.status, 0, html.stderr);
  assert.equal(html.stdout.toString('latin1'), 'a&#9731;b&#128512;c');
  const plain = run(['-f', 'utf-8', '-t', 'iso-2022-jp'], Buffer.from('あ☃い'));
  assert.equal(plain.status, 0);
  // ESC $ B, あ, ESC ( B, '?', ESC $ B, い, ESC ( B: '?' goes through the encoder.
  assert.deepEqual([...plain.stdout], [0x1b, 0x24, 0x42, 0x24, 0x22, 0x1b, 0x28, 0x42, 0x3f, 0x1b, 0x24, 0x42, 0x24, 0x24, 0x1b, 0x28, 0x42]);
  assert.match(plain.stderr, /1 character\(s\) cannot be encoded in iso-2022-jp/);
  // Without --fatal, malformed input decodes to U+FFFD.
  const repl = run(['-f', 'utf-8', '-t', 'utf-8'], Buffer.from([0x61, 0xff, 0x62]));
  assert.equal(repl.stdout.toString(), 'a\ufffdb');
});

test('--fatal decode error: exit 1, offset and bytes on stderr, partial output on stdout', () => {
  const input = Buffer.concat([Buffer.from('ok '), Buffer.from([0x82, 0xa0, 0x20, 0x82, 0x20]), Buffer.from('never')]);
  const r = run(['-f', 'shift_jis', '-t', 'utf-8', '--fatal'], input);
  assert.equal(r.status, 1);
  assert.equal(r.stdout.toString(), 'ok あ ');
  assert.match(r.stderr, /byte offset 6 \(bytes 82 20/);
  assert.match(r.stderr, /OUTPUT IS PARTIAL/);
  // An error far into the input, after a chunk boundary, with a sequence split across it.
  const big = Buffer.alloc(200_000, 0x41);
  big[65535] = 0xe3; // a 3-byte sequence across the 64 KiB boundary ...
  big[65536] = 0x81;
  big[65537] = 0x82;
  big[150_000] = 0xe3; // ... and a malformed one later
  big[150_001] = 0x41;
  const r2 = run(['-f', 'utf-8', '-t', 'utf-16le', '--fatal'], big);
  assert.equal(r2.status, 1, r2.stderr);
  assert.match(r2.stderr, /byte offset 150000 \(bytes E3 41/);
  const want = 'A'.repeat(65535) + 'あ' + 'A'.repeat(150_000 - 65538);
  const got = r2.stdout.toString('utf16le');
  assert.ok(got === want, `partial output: ${got.length} units, expected ${want.length}`);
  // Truncated at the end of the input.
  const r3 = run(['-f', 'utf-8', '-t', 'utf-8', '--fatal'], Buffer.from([0x61, 0xf0, 0x9f, 0x98]));
  assert.equal(r3.status, 1);
  assert.equal(r3.stdout.toString(), 'a');
  assert.match(r3.stderr, /ends inside a utf-8 sequence starting at byte offset 1 \(bytes F0 9F 98\)/);
});

test('--fatal unmappable character: exit 1 with its code point and character offset', () => {
  const r = run(['-f', 'utf-8', '-t', 'euc-kr', '--fatal'], Buffer.from('가나😀다'));
  assert.equal(r.status, 1);
  assert.match(r.stderr, /U\+1F600 at character offset 2 cannot be encoded in euc-kr/);
  assert.match(r.stderr, /OUTPUT IS PARTIAL/);
  assert.deepEqual([...r.stdout], [0xb0, 0xa1, 0xb3, 0xaa]);
});

test('invalid labels and bad usage: exit 2', () => {
  for (const args of [['-f', 'nope', '-t', 'utf-8'], ['-f', 'utf-8', '-t', 'nope'], ['-f', 'iso-2022-kr', '-t', 'utf-8'], ['-f', 'utf-8', '-t', 'replacement'], ['-f', 'utf-8'], ['--fatal', '--html', '-f', 'utf-8', '-t', 'utf-8']]) {
    const r = run(args, Buffer.alloc(0));
    assert.equal(r.status, 2, args.join(' '));
  }
  assert.match(run(['-f', 'nope', '-t', 'utf-8']).stderr, /'nope'/);
  assert.match(run(['-f', 'utf-8', '-t', 'hz-gb-2312']).stderr, /'hz-gb-2312' names the replacement encoding/);
  const help = run(['--help']);
  assert.equal(help.status, 0);
  assert.match(help.stdout.toString(), /UTF-16LE\/UTF-16BE have no encoder/);
});

test('-l lists the 40 encodings, and every label names its encoding', () => {
  const r = run(['-l']);
  assert.equal(r.status, 0);
  const [standard, beyond] = r.stdout.toString().split('Beyond the standard');
  const rows = standard.split('\n').slice(1).filter((l) => /^\S+\s+(yes|no)/.test(l));
  assert.equal(rows.length, 40);
  assert.match(rows.find((l) => l.startsWith('replacement')), /^replacement\s+no\s/);
  assert.match(rows.find((l) => l.startsWith('Shift_JIS')), /^Shift_JIS\s+yes\s+csshiftjis ms932 ms_kanji shift-jis shift_jis sjis windows-31j x-sjis$/);
  // Each label converts 'A' (or, for the replacement labels, is refused).
  for (const row of rows) {
    const [name, , ...labels] = row.split(/\s+/);
    if (name === 'replacement' || name.startsWith('UTF-16')) continue;
    const out = run(['-f', labels[0], '-t', labels[labels.length - 1]], Buffer.from('A'));
    assert.equal(out.status, 0, `${name}: ${out.stderr}`);
  }
  // The variants: four, each label usable both ways.
  const variants = beyond.split('\n').filter((l) => /^\S+\s+yes\s/.test(l));
  assert.deepEqual(variants.map((l) => l.split(/\s+/)[0]), ['wtf-8', 'cesu-8', 'modified-utf-8', 'iso-10646-utf-8']);
  for (const row of variants) {
    for (const label of row.split(/\s+/).slice(2)) {
      const out = run(['-f', label, '-t', label], Buffer.from('A\u00e9'));
      assert.equal(out.stdout.toString(), 'A\u00e9', `${label}: ${out.stderr}`);
    }
  }
});

/** A file of `bytes` in the test's temporary folder; returns its path. */
function file(name, bytes) {
  const path = join(tmp, name);
  writeFileSync(path, bytes);
  return path;
}

test('the UTF-8 variants, on real files: round trips through each other and UTF-8', () => {
  // Python's surrogatepass codec (an independent encoder) makes the CESU-8 file:
  // each UTF-16 unit of the text as its own 3-byte sequence.
  const text = 'caf\u00e9 \ud83d\ude00 \u4e16\u754c \u0000 end\n';
  const py = spawnSync('python3', ['-c', `import sys; u = sys.stdin.buffer.read().decode('utf-16-le', 'surrogatepass'); sys.stdout.buffer.write(''.join(chr(ord(c)) if ord(c) < 0x10000 else chr(0xD800 + ((ord(c) - 0x10000) >> 10)) + chr(0xDC00 + ((ord(c) - 0x10000) & 0x3FF)) for c in u).encode('utf-8', 'surrogatepass'))`], { input: Buffer.from(text, 'utf16le') });
  assert.equal(py.status, 0, py.stderr?.toString());
  const cesu = file('text.cesu8', py.stdout);
  const utf8 = run(['-f', 'cesu-8', '-t', 'utf-8', cesu]);
  assert.equal(utf8.status, 0, utf8.stderr);
  assert.equal(utf8.stdout.toString(), text);
  assert.deepEqual(run(['-f', 'utf-8', '-t', 'cesu-8'], Buffer.from(text)).stdout, py.stdout);
  // Modified UTF-8 = that, with U+0000 as C0 80.
  const mutf8 = run(['-f', 'utf-8', '-t', 'mutf-8'], Buffer.from(text)).stdout;
  assert.equal(mutf8.toString('hex'), py.stdout.toString('hex').replace('2000', '20c080'));
  // WTF-8 keeps a lone surrogate through modified UTF-8 and back, byte for byte.
  const wtf8 = file('lone.wtf8', Buffer.from([0x61, 0xed, 0xa0, 0x80, 0x62, 0xf0, 0x9f, 0x98, 0x80]));
  const viaModified = run(['-f', 'wtf-8', '-t', 'modified-utf-8', wtf8]);
  assert.equal(viaModified.stdout.toString('hex'), '61eda08062eda0bdedb880');
  assert.equal(run(['-f', 'mutf8', '-t', 'wtf8'], viaModified.stdout).stdout.toString('hex'), readFileSync(wtf8).toString('hex'));
  // 1996 UTF-8 of ordinary text is UTF-8; values past U+10FFFF become U+FFFD without --fatal.
  assert.equal(run(['-f', 'utf-8', '-t', 'utf-8-1996'], Buffer.from(text)).stdout.toString(), text);
  assert.equal(run(['-f', 'utf-8-1996', '-t', 'utf-8'], Buffer.from([0x41, 0xfd, 0xbf, 0xbf, 0xbf, 0xbf, 0xbf])).stdout.toString(), 'A\ufffd');
});

test('the UTF-8 variants: every error path exits 1, names the offset and marks the output partial', () => {
  const cases = [
    // [args, input, stdout written, stderr pattern]
    [['-f', 'wtf-8', '-t', 'utf-8', '--fatal'], [0x61, 0x62, 0xed, 0xa0, 0x80, 0xed, 0xb0, 0x80], 'ab', /malformed wtf-8 input at byte offset 5 \(bytes ED/],
    [['-f', 'wtf-8', '-t', 'utf-8', '--fatal'], [0x61, 0xed, 0xa0, 0x80, 0x62], 'a', /U\+D800 at character offset 1 cannot be encoded in UTF-8/],
    [['-f', 'wtf-8', '-t', 'cesu-8', '--fatal'], [0x61, 0x62, 0x63, 0xed, 0xb0, 0x80], 'abc', /U\+DC00 at character offset 3 cannot be encoded in CESU-8/],
    [['-f', 'cesu-8', '-t', 'utf-8', '--fatal'], [0x61, 0xf0, 0x9f, 0x98, 0x80], 'a', /malformed cesu-8 input at byte offset 1/],
    [['-f', 'mutf-8', '-t', 'utf-8', '--fatal'], [0x61, 0x00, 0x62], 'a', /byte offset 1 \(bytes 00/],
    [['-f', 'utf-8-1996', '-t', 'utf-8', '--fatal'], [0x61, 0xe0, 0x80, 0x41], 'a', /truncated sequence .* at byte offset 1/],
    [['-f', 'utf-8-1996', '-t', 'utf-8', '--fatal'], [0x61, 0x62, 0xfd, 0xbf, 0xbf, 0xbf, 0xbf, 0xbf], 'ab', /code value 0x7FFFFFFF at value index 2/],
  ];
  for (const [args, input, written, pattern] of cases) {
    const r = run(args, Buffer.from(input));
    assert.equal(r.status, 1, `${args} ${r.stderr}`);
    assert.equal(r.stdout.toString(), written, args.join(' '));
    assert.match(r.stderr, pattern);
    assert.match(r.stderr, /OUTPUT IS PARTIAL/);
  }
  // Without --fatal the same inputs go through.
  assert.equal(run(['-f', 'wtf-8', '-t', 'utf-8'], Buffer.from([0x61, 0xed, 0xa0, 0x80])).stdout.toString(), 'a\ufffd');
});

test('1 GiB through the command: flat memory, same bytes as glibc iconv, throughput ratio', {
  skip: process.env.TEW_SKIP_HUGE === '1' && 'TEW_SKIP_HUGE=1',
  timeout: 20 * 60_000,
}, async () => {
  // 1 GiB of Japanese and ASCII text in UTF-8, written once.
  const unit = Buffer.from('日本語のテキスト、English words and 数字 12345。\n'.repeat(1000));
  const path = join(tmp, 'one-gib.txt');
  const { openSync, writeSync, closeSync, rmSync } = await import('node:fs');
  const fd = openSync(path, 'w');
  let size = 0;
  while (size < 1024 * MiB) size += writeSync(fd, unit);
  closeSync(fd);
  const { createHash } = await import('node:crypto');
  /** Runs a command on the file; hashes stdout; samples the peak RSS. */
  const measure = (command, args) => new Promise((resolve) => {
    const started = process.hrtime.bigint();
    const child = spawn(command, [...args, path], { cwd: PROJECT, stdio: ['ignore', 'pipe', 'pipe'] });
    const hash = createHash('sha256');
    let bytes = 0;
    let stderr = '';
    let peak = 0;
    child.stdout.on('data', (d) => { hash.update(d); bytes += d.length; });
    child.stderr.on('data', (d) => (stderr += d));
    const sample = setInterval(() => {
      try {
        const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
        if (m) peak = Math.max(peak, Number(m[1]) * 1024);
      } catch (_) {}
    }, 100);
    child.on('close', (code) => {
      clearInterval(sample);
      resolve({ code, stderr, bytes, digest: hash.digest('hex'), seconds: Number(process.hrtime.bigint() - started) / 1e9, peak });
    });
  });
  try {
    const ours = await measure(BIN, ['-f', 'utf-8', '-t', 'shift_jis']);
    const theirs = await measure('iconv', ['-f', 'UTF-8', '-t', 'SHIFT_JIS']);
    assert.equal(ours.code, 0, ours.stderr);
    assert.equal(theirs.code, 0, theirs.stderr);
    assert.equal(ours.bytes, theirs.bytes);
    assert.equal(ours.digest, theirs.digest);
    const mbps = (r) => (size / 1e6 / r.seconds).toFixed(1);
    console.log(`# cli 1 GiB utf-8 -> shift_jis: ours ${ours.seconds.toFixed(1)} s (${mbps(ours)} MB/s, peak RSS ${(ours.peak / MiB).toFixed(0)} MiB); ` +
      `iconv ${theirs.seconds.toFixed(1)} s (${mbps(theirs)} MB/s, peak RSS ${(theirs.peak / MiB).toFixed(0)} MiB); time ratio ours/iconv ${(ours.seconds / theirs.seconds).toFixed(2)}`);
    assert.ok(ours.peak > 0 && ours.peak < 200 * MiB, `peak RSS ${ours.peak}`);
  } finally {
    rmSync(path, { force: true });
  }
});

test('64 MiB through stdin: completes, output length right, memory bounded', async () => {
  // Japanese text (3 UTF-8 bytes -> 2 Shift_JIS bytes per character) made on the fly.
  const unit = Buffer.from('日本語のテキストです。'.repeat(2000)); // 66 000 bytes
  const total = 64 * MiB;
  const count = Math.ceil(total / unit.length);
  const child = spawn(BIN, ['-f', 'utf-8', '-t', 'shift_jis', '--fatal'], { cwd: PROJECT });
  let outBytes = 0;
  child.stdout.on('data', (d) => (outBytes += d.length));
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  // VmHWM is the process's peak RSS so far: sampled until it exits.
  let peak = 0;
  const sample = setInterval(() => {
    try {
      const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
      if (m) peak = Math.max(peak, Number(m[1]) * 1024);
    } catch (_) {}
  }, 50);
  const done = new Promise((resolve) => child.on('close', resolve));
  for (let i = 0; i < count; i++) {
    if (!child.stdin.write(unit)) await new Promise((r) => child.stdin.once('drain', r));
  }
  child.stdin.end();
  const code = await done;
  clearInterval(sample);
  assert.equal(code, 0, stderr);
  assert.equal(outBytes, (count * unit.length * 2) / 3);
  console.log(`cli: ${(count * unit.length / MiB).toFixed(0)} MiB in, peak RSS ${(peak / MiB).toFixed(1)} MiB`);
  if (peak > 0) assert.ok(peak < 200 * MiB, `peak RSS ${peak}`);
});

test('agrees with iconv on valid input', () => {
  for (const [ours, theirs, sample] of [
    ['shift_jis', 'SHIFT_JIS', 'あいう京都漢字カナ ABC\n'],
    ['euc-jp', 'EUC-JP', '漢字とかなカナ\n'],
    ['euc-kr', 'EUC-KR', '한국어 텍스트\n'],
    ['iso-8859-2', 'ISO-8859-2', 'Zażółć gęślą jaźń\n'],
    ['windows-1251', 'WINDOWS-1251', 'Привет, мир\n'],
  ]) {
    const utf8 = Buffer.from(sample.repeat(100));
    const encoded = spawnSync('iconv', ['-f', 'UTF-8', '-t', theirs], { input: utf8 });
    assert.equal(encoded.status, 0);
    const r = run(['-f', ours, '-t', 'utf-8'], encoded.stdout);
    assert.equal(r.stdout.toString(), utf8.toString(), ours);
    const back = spawnSync('iconv', ['-f', theirs, '-t', 'UTF-8'], { input: run(['-f', 'utf-8', '-t', ours], utf8).stdout });
    assert.equal(back.stdout.toString(), utf8.toString(), ours);
  }
});
