// Streams whose realm is gone (web-platform-tests
// encoding/streams/invalid-realm.window.html, as behaviour): a
// TextDecoderStream / TextEncoderStream made by an iframe's copy of the
// package, the iframe then removed. A write and a close must reject with the
// iframe realm's TypeError, and so must a read that was already waiting
// (without js/transform-stream.js's pagehide handling it hangs forever, as
// Chromium's native classes do). Runs in headless Chromium (playwright-core)
// and Firefox ESR (selenium-webdriver + geckodriver). In Firefox no promise of
// a discarded realm settles at all, its native classes' included (the
// engine drops that realm's jobs), so there ours must do exactly what
// Firefox's native classes do. Exits 1 on a failure.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const root = new URL('../..', import.meta.url).pathname;
const source = readFileSync(`${root}pkg/dist/text-encoding-wasm.force.script.js`, 'utf8');

// Runs in the page: the package runs inside each iframe (its own realm), as a
// test runner injects it; returns how each promise settled.
const probe = `
  const [source, done] = arguments;
  (async () => {
    const out = {};
    const frame = () => {
      const iframe = document.createElement('iframe');
      document.body.appendChild(iframe);
      if (source) iframe.contentWindow.eval(source);
      return iframe;
    };
    const settle = (p, NestedTypeError) => Promise.race([
      p.then((v) => 'resolved', (e) => (e instanceof NestedTypeError ? 'rejected with the iframe TypeError' : 'rejected with ' + String(e))),
      new Promise((r) => setTimeout(() => r('still pending after 2 s'), 2000)),
    ]);
    for (const type of ['TextDecoderStream', 'TextEncoderStream']) {
      let iframe = frame();
      const stream = new iframe.contentWindow[type]();
      let Nested = iframe.contentWindow.TypeError;
      const readPromise = stream.readable.getReader().read();
      const writer = stream.writable.getWriter();
      await writer.ready;
      iframe.remove();
      out[type + ': write'] = await settle(writer.write(type === 'TextDecoderStream' ? new Uint8Array([65]) : 'A'), Nested);
      out[type + ': waiting read'] = await settle(readPromise, Nested);
      iframe = frame();
      const other = new iframe.contentWindow[type]();
      Nested = iframe.contentWindow.TypeError;
      iframe.remove();
      out[type + ': close'] = await settle(other.writable.close(), Nested);
    }
    return out;
  })().then(done, (e) => done({ error: String(e && e.stack || e) }));`;

const results = {};
/** Where the engine itself cannot give the spec's outcome: its native classes' outcome, which ours must equal. */
const nativeOutcome = {};
{
  const { chromium } = require('playwright-core');
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
  const page = await browser.newPage();
  await page.setContent('<!doctype html><body></body>');
  results[`Chromium ${browser.version()}`] = await page.evaluate(([src, code]) => new Promise((resolve) => new Function(code)(src, resolve)), [source, probe]);
  await browser.close();
}
{
  const gecko = spawnSync('sh', ['-c', 'command -v geckodriver'], { encoding: 'utf8' }).stdout.trim();
  const { Builder } = require('selenium-webdriver');
  const firefox = require('selenium-webdriver/firefox');
  const driver = await new Builder().forBrowser('firefox')
    .setFirefoxOptions(new firefox.Options().addArguments('-headless').setBinary('/usr/bin/firefox-esr'))
    .setFirefoxService(new firefox.ServiceBuilder(gecko)).build();
  try {
    await driver.get('about:blank');
    await driver.executeScript('document.body || document.documentElement.appendChild(document.createElement("body"))');
    await driver.manage().setTimeouts({ script: 60_000 });
    const name = `Firefox ESR ${(await driver.getCapabilities()).get('browserVersion')}`;
    results[name] = await driver.executeAsyncScript(probe, source);
    await driver.navigate().refresh();
    await driver.executeScript('document.body || document.documentElement.appendChild(document.createElement("body"))');
    nativeOutcome[name] = await driver.executeAsyncScript(probe, '');
  } finally {
    await driver.quit();
  }
}

let failed = 0;
for (const [browser, out] of Object.entries(results)) {
  if (out.error) { console.log(`FAIL ${browser}: ${out.error}`); failed++; continue; }
  for (const [what, how] of Object.entries(out)) {
    const native = nativeOutcome[browser] && nativeOutcome[browser][what];
    const ok = native ? how === native : how === 'rejected with the iframe TypeError';
    if (!ok) failed++;
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${browser}: ${what}: ${how}${native ? ` (the engine's native class: ${native})` : ''}`);
  }
}
console.log(`invalid-realm: ${failed} failure(s)`);
process.exit(failed ? 1 : 0);
