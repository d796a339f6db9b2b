// The Node half: each contender in its own child process (node-child.mjs),
// one after the other so that they do not compete for the two cores.
import { spawn } from 'node:child_process';
import { CONTENDERS, bundlePeers, workloadFilter } from './contenders.mjs';

const CHILD = new URL('./node-child.mjs', import.meta.url).pathname;

function runChild(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', CHILD, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`child for ${args[0]} exited with ${code}`));
      resolve(JSON.parse(out.trim().split('\n').pop()));
    });
  });
}

/** { contender name: { workload id: result } } for every contender, in Node. */
export async function runNode(settings, workloadIds, contenders = CONTENDERS) {
  const paths = await bundlePeers('node', contenders);
  const results = {};
  for (const c of contenders) {
    process.stderr.write(`node: ${c.name}\n`);
    results[c.name] = await runChild([c.name, paths[c.name] || '', JSON.stringify(settings), JSON.stringify(workloadFilter(c, workloadIds)), c.hideBlobUrl ? 'hide-blob-url' : '']);
  }
  return results;
}
