// Runtime-matrix rows for browsers driven over WebDriver (selenium-webdriver):
// Firefox ESR through geckodriver, WebKitGTK through WebKitWebDriver (under
// xvfb-run: its MiniBrowser needs a display). Playwright drives only its own
// builds of these engines, which these machines cannot download; Chromium's
// rows stay on playwright-core (tools/runtime-matrix.mjs).
//
// Every page here computes its own result and leaves it in window.__result, so
// the driver only loads a URL and polls: the same pages serve every engine.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { firefoxDriver, firefoxMissing, which } from '../webdriver.mjs';

const require = createRequire(import.meta.url);

/** Scripts that load a classic script and wait for it. */
const LOAD = `const load = (src) => new Promise((resolve, reject) => {
  const s = document.createElement('script'); s.src = src; s.onload = resolve;
  s.onerror = () => reject(new Error('could not load ' + src)); document.head.append(s); });`;

/** The pages of the WebDriver rows (served by the matrix's server). */
export const webdriverPages = {
  '/wd-classic.html': `<!doctype html><meta charset="utf-8"><title>classic</title><script>
    ${LOAD}
    (async () => {
      const result = { notes: ['TextDecoder/WebAssembly before: ' + typeof TextDecoder + '/' + typeof WebAssembly] };
      try {
        delete globalThis.TextDecoder; delete globalThis.TextEncoder;
        await load('/dist/text-encoding-wasm.script.js');
        await load('/conformance.js');
        result.backend = typeof WebAssembly === 'object' ? 'wasm' : 'js';
        Object.assign(result, runConformance(await (await fetch('/expect.json')).json()));
      } catch (e) { result.error = String(e && e.stack || e); }
      window.__result = result;
    })();</script>`,
  '/wd-esm.html': `<!doctype html><meta charset="utf-8"><title>esm</title><script type="module">
    ${LOAD}
    const result = { notes: [] };
    try {
      delete globalThis.TextDecoder; delete globalThis.TextEncoder;
      const m = await import('/dist/index.js');
      await m.ready();
      m.install();
      result.backend = m.backend();
      await load('/conformance.js');
      Object.assign(result, runConformance(await (await fetch('/expect.json')).json()));
    } catch (e) { result.error = String(e && e.stack || e); }
    window.__result = result;</script>`,
  '/wd-worker.html': `<!doctype html><meta charset="utf-8"><title>worker</title><script>
    (async () => {
      const result = { notes: [] };
      try {
        const expect = await (await fetch('/expect.json')).json();
        const r = await new Promise((resolve, reject) => {
          const w = new Worker('/worker.js');
          w.onmessage = (e) => resolve(e.data);
          w.onerror = (e) => reject(new Error(e.message || 'worker error'));
          w.postMessage(expect);
        });
        result.backend = r.wasm === 'object' ? 'wasm' : 'js';
        result.notes.push('native TextDecoder in the worker before: ' + r.before);
        Object.assign(result, { passed: r.passed, total: r.total, failures: r.failures });
      } catch (e) { result.error = String(e && e.stack || e); }
      window.__result = result;
    })();</script>`,
};

/** Loads `url` and waits for window.__result (up to 240 s). */
async function resultOf(driver, url) {
  await driver.get(url);
  const started = Date.now();
  for (;;) {
    const r = await driver.executeScript('return window.__result ? JSON.stringify(window.__result) : null');
    if (r) {
      const parsed = JSON.parse(r);
      if (parsed.error) throw new Error(parsed.error);
      return { notes: [], ...parsed };
    }
    if (Date.now() - started > 240_000) throw new Error(`no result from ${url} after 240 s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Firefox ESR over geckodriver, headless (tools/webdriver.mjs); where it cannot run, the reason instead. */
async function firefoxSession() {
  const missing = firefoxMissing();
  return missing ? { why: missing } : firefoxDriver();
}

/** WebKitGTK's MiniBrowser over WebKitWebDriver, on a virtual display. */
async function webkitDriver() {
  const webdriver = which('WebKitWebDriver');
  const xvfb = which('xvfb-run');
  const miniBrowser = ['/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser', '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.0/MiniBrowser'].find(existsSync);
  if (!webdriver || !xvfb || !miniBrowser) return { why: 'needs WebKitWebDriver (webkit2gtk-driver) and xvfb-run (tools/setup.sh installs both)' };
  const port = 4400 + Math.floor(Math.random() * 500);
  // Its own process group, so that closing kills Xvfb and the driver together.
  const child = spawn(xvfb, ['-a', webdriver, `--port=${port}`], { stdio: 'ignore', detached: true });
  const kill = () => { try { process.kill(-child.pid, 'SIGTERM'); } catch (_) { /* gone */ } };
  const { Builder, Capabilities } = require('selenium-webdriver');
  const caps = new Capabilities({ browserName: 'MiniBrowser', 'webkitgtk:browserOptions': { binary: miniBrowser, args: ['--automation'] } });
  let driver = null;
  for (let attempt = 0; attempt < 40 && !driver; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    try {
      driver = await new Builder().usingServer(`http://127.0.0.1:${port}`).withCapabilities(caps).build();
    } catch (error) {
      if (attempt === 39) { kill(); throw error; }
    }
  }
  const ua = await driver.executeScript('return navigator.userAgent');
  const version = (/AppleWebKit\/([\d.]+)/.exec(ua) || [])[1];
  const gtk = spawnSync('dpkg-query', ['-W', '-f=${Version}', 'libwebkit2gtk-4.1-0'], { encoding: 'utf8' }).stdout || '?';
  return { driver, name: `WebKitGTK ${gtk.split('-')[0]} (AppleWebKit ${version})`, close: async () => { try { await driver.quit(); } finally { kill(); } } };
}

/**
 * The rows: `row` is the matrix's row function, `base` the server's URL.
 * A browser that cannot start gives one row that says why (not counted as a
 * failure: it did not run); a row that ran and disagreed fails.
 */
export async function webdriverRows(row, base, notRun) {
  const engines = [
    { start: firefoxSession, label: 'Firefox ESR', rows: ['classic', 'worker', 'esm', 'csp'] },
    { start: webkitDriver, label: 'WebKitGTK', rows: ['classic', 'worker'] },
  ];
  for (const engine of engines) {
    let session;
    try {
      session = await engine.start();
    } catch (error) {
      session = { why: `could not start: ${String(error && error.message || error).split('\n')[0].slice(0, 200)}` };
    }
    if (!session.driver) {
      notRun(engine.label, session.why);
      continue;
    }
    try {
      for (const kind of engine.rows) {
        if (kind === 'classic') await row(`${session.name}, main thread, natives deleted`, 'classic script (text-encoding-wasm/script)', 'wasm', () => resultOf(session.driver, `${base}/wd-classic.html`));
        if (kind === 'worker') await row(`${session.name}, dedicated worker`, 'classic script via importScripts, natives deleted', 'wasm', () => resultOf(session.driver, `${base}/wd-worker.html`));
        if (kind === 'esm') await row(`${session.name}, main thread, ESM`, 'text-encoding-wasm (ESM), natives deleted', 'wasm', () => resultOf(session.driver, `${base}/wd-esm.html`));
        if (kind === 'csp') await row(`${session.name}, page whose CSP forbids WebAssembly`, "text-encoding-wasm (ESM), script-src 'self'", 'js', () => resultOf(session.driver, `${base}/csp.html`));
      }
    } finally {
      await session.close();
    }
  }
}
