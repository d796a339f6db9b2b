// The demo page's server: www/ at /, the built package (pkg/dist/, as a user
// installs it) at /pkg/. Plain Node, no framework; gzip when the browser asks,
// as any static host would, so the page's measured weight is what goes over
// the wire.
//
//   npm run www          (after npm run build)   -> http://127.0.0.1:8080/
//   PORT=0 npm run www   any free port
import { createServer } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = new URL('..', import.meta.url).pathname;
const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.svg': 'image/svg+xml', '.json': 'application/json', '.ts': 'text/plain; charset=utf-8',
};

function resolve(urlPath) {
  const path = normalize(decodeURIComponent(urlPath.split('?')[0]));
  if (path.includes('..')) return null;
  if (path.startsWith('/pkg/')) return join(root, 'pkg/dist', path.slice(5));
  return join(root, 'www', path === '/' ? 'index.html' : path);
}

/** Starts the server; resolves to { server, url }. */
export function startServer(port = 8080, host = '127.0.0.1') {
  const cache = new Map();
  const server = createServer((req, res) => {
    const file = resolve(req.url);
    if (!file || !existsSync(file) || !statSync(file).isFile() || file.endsWith('serve.mjs')) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end(file && file.includes('/pkg/dist/') ? 'not built: run npm run build' : 'not found');
      return;
    }
    const type = TYPES[extname(file)] || 'application/octet-stream';
    let body = readFileSync(file);
    const headers = { 'content-type': type, 'cache-control': 'no-cache' };
    if (/\bgzip\b/.test(req.headers['accept-encoding'] || '') && body.length > 1024) {
      const key = `${file}:${statSync(file).mtimeMs}`;
      if (!cache.has(key)) cache.set(key, gzipSync(body, { level: 9 }));
      body = cache.get(key);
      headers['content-encoding'] = 'gzip';
    }
    headers['content-length'] = body.length;
    res.writeHead(200, headers);
    res.end(body);
  });
  return new Promise((ok) => server.listen(port, host, () => ok({ server, url: `http://${host}:${server.address().port}/` })));
}

if (process.argv[1] && new URL(import.meta.url).pathname === process.argv[1]) {
  if (!existsSync(join(root, 'pkg/dist/index.js'))) console.warn('www: pkg/dist/ is missing; run npm run build first');
  const { url } = await startServer(Number(process.env.PORT ?? 8080));
  console.log(`www: serving ${url} (Ctrl-C to stop)`);
}
