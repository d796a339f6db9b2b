// Start-up in headless Chromium (apt's /usr/bin/chromium via playwright-core),
// for tools/bench/engines.mjs: a fresh context and page per sample, natives
// deleted before any script runs, then a classic script (the contender), a
// Shift_JIS TextDecoder and a 1 KiB decode, on the main thread and in a
// dedicated worker (importScripts). Measured with performance.now() when the
// decode is done: from the page's (or the worker's) time origin (the goal's
// figure), and from just before the script element or importScripts
// (engines.mjs says why that one is not the goal's).
import { createServer } from 'node:http';
import { chromium } from 'playwright-core';

const DELETE = "for (const k of ['TextDecoder', 'TextEncoder', 'TextDecoderStream', 'TextEncoderStream']) delete globalThis[k];";

/**
 * Serves, for each of `scripts` ({ name: { source, api } }, `api` an
 * expression for the { TextDecoder } object once `source` ran), the pages of
 * a sample: /<name>.html (main thread) and /<name>-worker.html, each setting
 * `window.__done`, when the decode is done, to [ms from the time origin, ms
 * from just before the script]. Returns { base, close() }. Also used by
 * tools/bench/startup-cpu-browser.mjs, so both tools time the same pages.
 * `natives`: keep the browser's own classes (a polyfill's usual page; then
 * install() probes them) instead of deleting them.
 */
export async function serveStartupPages(scripts, input, { natives = false } = {}) {
  const files = {};
  const remove = natives ? '' : DELETE;
  for (const [name, { source, api }] of Object.entries(scripts)) {
    const decode = `var __api = ${api}; var __text = new __api.TextDecoder('shift_jis').decode(new Uint8Array(${JSON.stringify(Array.from(input))}));`;
    files[`/${name}.js`] = source;
    // __done: [ms from the time origin, ms from just before the script].
    files[`/${name}.html`] = `<!doctype html><meta charset="utf-8"><script>${remove} var __t0 = performance.now();</script><script src="/${name}.js"></script><script>${decode} var __t1 = performance.now(); window.__done = [__t1, __t1 - __t0];</script>`;
    files[`/${name}-worker.js`] = `${remove} var __t0 = performance.now(); importScripts('/${name}.js'); ${decode} var __t1 = performance.now(); postMessage([__t1, __t1 - __t0]);`;
    files[`/${name}-worker.html`] = `<!doctype html><meta charset="utf-8"><script>new Worker('/${name}-worker.js').onmessage = (e) => { window.__done = e.data; };</script>`;
  }
  const server = createServer((req, res) => {
    const body = files[new URL(req.url, 'http://x').pathname];
    if (body === undefined) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': req.url.endsWith('.html') ? 'text/html' : 'text/javascript', 'cache-control': 'no-store' }).end(body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${server.address().port}`, close: () => server.close() };
}

/**
 * scripts and input as serveStartupPages. Returns sample(name, where) ->
 * { fromOrigin, fromScript } (ms to the decode done from the time origin, and
 * from just before the script), and close().
 */
export async function browserStartup(scripts, input) {
  const server = await serveStartupPages(scripts, input);
  const base = server.base;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
  return {
    version: browser.version(),
    async sample(name, where) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${base}/${name}${where === 'worker' ? '-worker' : ''}.html`);
      const [fromOrigin, fromScript] = await (await page.waitForFunction(() => window.__done, null, { timeout: 60_000 })).jsonValue();
      await context.close();
      return { fromOrigin, fromScript };
    },
    async close() {
      await browser.close();
      server.close();
    },
  };
}
