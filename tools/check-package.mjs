// The packed package as toolchains see it (issue 19): @arethetypeswrong/cli
// (types resolve per condition: node16 from CommonJS and from ESM, bundler;
// the main entry under node10 too) and publint (the manifest), both pinned
// devDependencies. Fails on any problem either reports. The classic scripts
// (entries with no module types: loaded by <script>, importScripts or
// vm.runInContext) are left out of attw's check, from the entry matrix.
//
//   node tools/check-package.mjs     (npm test runs it; builds what is stale first)
import { execFileSync } from 'node:child_process';
import { ensureBuilt } from './build-graph.mjs';
import { entries } from './entries.mjs';

const root = new URL('..', import.meta.url).pathname.replace(/\/$/, '');
const tarball = ensureBuilt(root);
const bin = (name) => `${root}/node_modules/.bin/${name}`;
const classic = entries().filter((e) => e.formats[0] === 'classic').map((e) => e.subpath);

const run = (what, command, args) => {
  console.log(`check-package: ${what}`);
  execFileSync(command, args, { cwd: root, stdio: 'inherit' });
};
// Every subpath under node16 (both module kinds) and bundler resolution...
run('attw, every typed entry, node16 (CJS, ESM) and bundler', bin('attw'), [tarball, '--profile', 'node16', '--format', 'table-flipped', '--exclude-entrypoints', ...classic]);
// ...and the main entry under node10 as well (node10 knows no subpaths: `exports` is ignored there).
run('attw, the main entry, every resolution including node10', bin('attw'), [tarball, '--entrypoints', '.', '--format', 'table-flipped']);
run('publint --strict (warnings fail too)', bin('publint'), ['--strict', `${root}/pkg`]);
console.log('check-package: attw and publint report no problem');
