// One contender in its own Node process:
//   node --expose-gc node-child.mjs <contender name> <module path or ""> <settings JSON> <workload ids JSON> [hide-blob-url]
// The native classes and Buffer are deleted before the contender is imported
// (except for "native"), so no contender can lean on them; with
// hide-blob-url also URL.createObjectURL (fast-text-encoding would otherwise
// try a Blob + synchronous XHR on every decode, which throws in Node). Prints the results
// as JSON on the last line of stdout; progress goes to stderr.
import { readFileSync } from 'node:fs';
import { CACHE } from './paths.mjs';
import { deserialize } from './store.mjs';
import { runWorkloads } from './workloads.mjs';

const [name, modulePath, settingsJson, onlyJson, hide] = process.argv.slice(2);
let api;
if (name === 'native') {
  api = { TextDecoder: globalThis.TextDecoder, TextEncoder: globalThis.TextEncoder };
} else {
  for (const key of ['TextDecoder', 'TextEncoder', 'TextDecoderStream', 'TextEncoderStream', 'Buffer']) delete globalThis[key];
  if (hide === 'hide-blob-url') delete URL.createObjectURL;
  api = await import(modulePath);
}
const dir = `${CACHE}/inputs`;
const manifest = JSON.parse(readFileSync(`${dir}/manifest.json`, 'utf8'));
const data = await deserialize(manifest, async (file) => new Uint8Array(readFileSync(`${dir}/${file}`)));
const results = runWorkloads(api, data, {
  settings: JSON.parse(settingsJson),
  now: () => performance.now(),
  only: JSON.parse(onlyJson),
  log: (line) => process.stderr.write(`  [node ${name}] ${line}\n`),
  beforeEach: () => globalThis.gc && globalThis.gc(),
});
process.stdout.write(`${JSON.stringify(results)}\n`);
