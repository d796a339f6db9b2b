// The browser side of the suite: a static file server for the repository on
// 127.0.0.1 (an ephemeral port, so parallel runs never collide) and a headless
// browser: Chromium driven by playwright-core, or Firefox ESR driven by
// selenium-webdriver through geckodriver (Playwright drives only its own
// Firefox build, which these machines cannot download). Debian's browsers are
// used, never a downloaded one, and the natives we compare against are theirs.
// Both kinds offer the same small surface: launch(), openPage() -> page with
// evaluate(fn, arg) and close(), browser.close(), browser.name.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, normalize, resolve, sep } from 'node:path';
import { chromium } from 'playwright-core';
import { firefoxDriver } from '../../tools/webdriver.mjs';

export const root = resolve(new URL('../..', import.meta.url).pathname);
export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

const TYPES = { '.js': 'text/javascript', '.mjs': 'text/javascript', '.html': 'text/html', '.json': 'application/json' };

/** Serves files under the repository root; `pages` maps a path to inline HTML. */
export async function serve(pages = {}) {
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    if (path === '/favicon.ico') {
      res.writeHead(204).end(); // the browser asks for it; a 404 would show as a console error
      return;
    }
    if (Object.hasOwn(pages, path)) {
      res.writeHead(200, { 'content-type': 'text/html', 'cache-control': 'no-store' });
      res.end(pages[path]);
      return;
    }
    const file = normalize(resolve(root, '.' + path));
    if (!file.startsWith(root + sep)) {
      res.writeHead(403).end();
      return;
    }
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] || 'application/octet-stream', 'cache-control': 'no-store' });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address();
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((ok) => server.close(ok)) };
}

/** A headless browser ('chromium' or 'firefox'); Chromium's page errors and console errors are reported, not swallowed. */
export async function launch(kind = 'chromium') {
  if (kind === 'firefox') return launchFirefox();
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  browser.name = `Chromium ${browser.version()}`;
  return browser;
}

/** Firefox ESR over WebDriver (tools/webdriver.mjs): one window, each openPage() navigates it. */
async function launchFirefox() {
  const { driver, name, close } = await firefoxDriver();
  await driver.manage().setTimeouts({ script: 30 * 60_000 });
  return { kind: 'firefox', name, driver, close };
}

/** page.evaluate(fn, arg) over WebDriver: fn's source runs in the page, its (awaited) result comes back as JSON. */
function webdriverPage(driver) {
  return {
    async evaluate(fn, arg) {
      const r = await driver.executeAsyncScript(`const done = arguments[arguments.length - 1];
        Promise.resolve().then(() => (${fn.toString()})(arguments[0]))
          .then((value) => done({ value: JSON.stringify(value === undefined ? null : value) }), (e) => done({ error: String(e && e.stack || e) }));`, arg === undefined ? null : arg);
      if (r.error) throw new Error(`in the page: ${r.error}`);
      return JSON.parse(r.value);
    },
    async waitForReady() {
      for (let i = 0; i < 120; i++) {
        const ready = await driver.executeScript('return window.__ready === undefined ? null : window.__ready');
        if (ready !== null) return ready;
        await new Promise((ok) => setTimeout(ok, 250));
      }
      return 'timed out';
    },
    close: async () => {},
  };
}

/**
 * Opens `url` in a new page and waits until the page sets `window.__ready`
 * (true, or an error message from the page's setup).
 */
export async function openPage(browser, url) {
  if (browser.kind === 'firefox') {
    await browser.driver.get(url);
    const page = webdriverPage(browser.driver);
    const ready = await page.waitForReady();
    if (ready !== true) throw new Error(`page setup failed at ${url}: ${ready}`);
    return page;
  }
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto(url);
  await page.waitForFunction(() => window.__ready !== undefined, null, { timeout: 30000 });
  const ready = await page.evaluate(() => window.__ready);
  if (ready !== true || errors.length) throw new Error(`page setup failed at ${url}: ${ready} ${errors.join('; ')}`);
  return page;
}
