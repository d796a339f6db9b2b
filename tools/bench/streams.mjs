// Streaming benchmark: MB/s through a pipe (ReadableStream -> our or the
// native TextDecoderStream / TextEncoderStream -> counting sink), 64 KiB and
// 1 KiB chunks, in Node (a child process per contender; ours with the native
// TextDecoder, TextEncoder and stream classes deleted, the global
// TransformStream kept) and in headless Chromium (a page per contender).
//
//   node tools/bench/streams.mjs [--node-only | --browser-only] [--runs N]
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const args = process.argv.slice(2);
const runs = args.includes('--runs') ? Number(args[args.indexOf('--runs') + 1]) : 5;

if (args[0] === '--child') {
  const { inputs, run } = await import('./streams-workload.mjs');
  let api = { TextDecoderStream: globalThis.TextDecoderStream, TextEncoderStream: globalThis.TextEncoderStream };
  if (args[1] === 'ours') {
    for (const k of ['TextDecoder', 'TextEncoder', 'TextDecoderStream', 'TextEncoderStream']) delete globalThis[k];
    api = await import(`${here}../../pkg/dist/index.js`);
  }
  process.stdout.write(JSON.stringify(await run(api, inputs(), { runs })) + '\n');
  process.exit(0);
}

const table = (title, native, ours) => {
  const rows = Object.keys(native).map((k) => `| ${k} | ${native[k].toFixed(0)} | ${ours[k].toFixed(0)} | ${(ours[k] / native[k]).toFixed(2)} |`);
  return [`### ${title}`, '', '| workload | native MB/s | ours MB/s | ours / native |', '|---|--:|--:|--:|', ...rows, ''].join('\n');
};

const out = [];
if (!args.includes('--browser-only')) {
  const child = (who) => JSON.parse(spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--child', who, '--runs', String(runs)], { encoding: 'utf8' }).stdout.trim().split('\n').pop());
  out.push(table(`Node ${process.version}`, child('native'), child('ours')));
}
if (!args.includes('--node-only')) {
  const { launch, serve } = await import('../../tests/browser/harness.mjs');
  const server = await serve({ '/bench-streams.html': '<!doctype html><meta charset="utf-8"><title>streams bench</title>' });
  const browser = await launch();
  const results = {};
  try {
    for (const who of ['native', 'ours']) {
      const page = await browser.newPage();
      if (who === 'ours') await page.addInitScript(() => { for (const k of ['TextDecoder', 'TextEncoder', 'TextDecoderStream', 'TextEncoderStream']) delete globalThis[k]; });
      await page.goto(`${server.url}/bench-streams.html`);
      results[who] = await page.evaluate(async ([w, n]) => {
        const { inputs, run } = await import('/tools/bench/streams-workload.mjs');
        const api = w === 'ours' ? await import('/pkg/dist/index.js') : globalThis;
        return run(api, inputs(), { runs: n });
      }, [who, runs]);
      await page.close();
    }
    out.push(table(`headless Chromium ${browser.version()}`, results.native, results.ours));
  } finally {
    await browser.close();
    await server.close();
  }
}
console.log(out.join('\n'));
