// The Chromium half: apt's /usr/bin/chromium driven by playwright-core, pages
// served from a local HTTP server, each contender in a fresh context and page
// where the native classes were deleted before any script loaded (the native
// contender in a page of its own, classes untouched).
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, normalize } from 'node:path';
import * as esbuild from 'esbuild';
import { chromium } from 'playwright-core';
import { CONTENDERS, bundlePeers, workloadFilter } from './contenders.mjs';
import { CACHE, ROOT } from './paths.mjs';

const TYPES = { '.js': 'text/javascript', '.mjs': 'text/javascript', '.json': 'application/json', '.html': 'text/html' };
const PAGE = '<!doctype html><meta charset="utf-8"><title>bench</title><script type="module" src="/.cache/bench/browser/page.js"></script>';

function serve() {
  const server = createServer(async (req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname));
    if (path === '/favicon.ico') {
      res.writeHead(204).end();
      return;
    }
    if (path === '/') {
      res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
      return;
    }
    // Only the package build and the bench cache (with any baseline copy of pkg/) are served.
    if (!path.startsWith('/pkg/') && !path.startsWith('/.cache/')) {
      res.writeHead(404).end();
      return;
    }
    try {
      const body = await readFile(`${ROOT}${path.slice(1)}`);
      res.writeHead(200, { 'content-type': TYPES[extname(path)] || 'application/octet-stream', 'cache-control': 'no-store' }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

function deleteNatives(hideBlobUrl) {
  for (const key of ['TextDecoder', 'TextEncoder', 'TextDecoderStream', 'TextEncoderStream']) delete globalThis[key];
  if (hideBlobUrl) delete URL.createObjectURL;
}

/** { contender name: { workload id: result } } for every contender, in headless Chromium. */
export async function runBrowser(settings, workloadIds, contenders = CONTENDERS) {
  const paths = await bundlePeers('browser', contenders);
  await esbuild.build({
    entryPoints: [new URL('./page.mjs', import.meta.url).pathname],
    outfile: `${CACHE}/browser/page.js`,
    bundle: true, format: 'esm', platform: 'browser', target: 'es2022', logLevel: 'error',
  });
  const server = await serve();
  const base = `http://127.0.0.1:${server.address().port}`;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
  const version = browser.version();
  process.stderr.write(`chromium ${version}\n`);
  const results = {};
  try {
    for (const c of contenders) {
      process.stderr.write(`chromium: ${c.name}\n`);
      const context = await browser.newContext();
      if (c.name !== 'native') await context.addInitScript(deleteNatives, !!c.hideBlobUrl);
      const page = await context.newPage();
      page.on('console', (msg) => process.stderr.write(`${msg.text()}\n`));
      page.on('pageerror', (error) => process.stderr.write(`  [chromium ${c.name}] page error: ${error.message}\n`));
      await page.goto(`${base}/`);
      await page.waitForFunction(() => typeof globalThis.benchRun === 'function');
      const moduleUrl = paths[c.name] ? `${base}/${paths[c.name].slice(ROOT.length)}` : null;
      results[c.name] = await page.evaluate((args) => globalThis.benchRun(args), {
        name: c.name, moduleUrl, settings, only: workloadFilter(c, workloadIds),
      });
      await context.close();
    }
  } finally {
    await browser.close();
    server.close();
  }
  return { results, version };
}
