// The browser side of the suite: a static file server for the repository on
// 127.0.0.1 (an ephemeral port, so parallel runs never collide) and a headless
// Chromium driven by playwright-core. Debian's /usr/bin/chromium is used, never
// a downloaded browser: the machine has no access to Playwright's CDN, and the
// natives we compare against are that Chromium's.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, normalize, resolve, sep } from 'node:path';
import { chromium } from 'playwright-core';

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

/** A headless Chromium whose page errors and console errors are reported, not swallowed. */
export async function launch() {
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  return browser;
}

/**
 * Opens `url` in a new page and waits until the page sets `window.__ready`
 * (true, or an error message from the page's setup).
 */
export async function openPage(browser, url) {
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
