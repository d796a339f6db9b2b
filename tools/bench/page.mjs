// The page side of the Chromium half (bundled by browser.mjs): loads the
// inputs and the contender, runs the workloads, returns the results.
import { deserialize } from './store.mjs';
import { runWorkloads } from './workloads.mjs';

globalThis.benchRun = async ({ name, moduleUrl, settings, only }) => {
  // The native page keeps the browser's classes; every other page had them
  // deleted by an init script before any of its scripts ran.
  const api = moduleUrl ? await import(moduleUrl) : { TextDecoder: globalThis.TextDecoder, TextEncoder: globalThis.TextEncoder };
  const manifest = await (await fetch('/.cache/bench/inputs/manifest.json')).json();
  const data = await deserialize(manifest, async (file) => new Uint8Array(await (await fetch(`/.cache/bench/inputs/${file}`)).arrayBuffer()));
  return runWorkloads(api, data, {
    settings,
    now: () => performance.now(),
    only,
    log: (line) => console.log(`  [chromium ${name}] ${line}`),
  });
};
