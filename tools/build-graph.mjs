// The build graph: the one place that decides what is stale and rebuilds it.
// Every test and bench script asks it (tools/ensure-package.sh is its shell
// face); none decides on its own.
//
//   sources                                   stage      what it makes
//   src/**, Cargo.*, data/**, tools/build-wasm.sh,
//     tools/build-no-wasm.mjs, tools/index-form.mjs,
//     js/no-wasm/index-form.js, tools/wasm-feature-census.mjs -> wasm    build/wasm/<module>/ (tools/entries.mjs MODULES)
//   detect/** (not detect/target), tools/build-detect.sh
//     (+ src/** and Cargo.* once detect/ builds on the core)
//                                             -> detect  build/wasm/detect/
//   js/**, pkg-template/**, tools/build-package.mjs, tools/classic-module.mjs (+ tools/wasm-stack-depth.mjs), tools/entries.mjs,
//     + the two stages above                  -> package pkg/ and build/text-encoding-wasm-*.tgz
//
// One rule for every stage: it is stale when its stamp is missing, when any of
// its sources is newer than its stamp, or when a stage it depends on was
// rebuilt (or is newer). A stage's stamp is written only after its command
// succeeded, so a failed build stays stale.
//
//   node tools/build-graph.mjs              builds what is stale; prints the tarball's path
//   node tools/build-graph.mjs --dry-run    prints what is stale and why, builds nothing
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The stages, in build order. Paths are relative to the repository root. */
export const STAGES = [
  {
    name: 'wasm',
    // (The index form's writer and reader too: tools/build-no-wasm.mjs writes the no-wasm data with them.)
    sources: ['src', 'Cargo.toml', 'Cargo.lock', 'data', 'tools/entries.mjs', 'tools/build-wasm.sh', 'tools/embed-module.mjs', 'tools/build-no-wasm.mjs', 'tools/index-form.mjs', 'js/no-wasm/index-form.js', 'tools/wasm-feature-census.mjs'],
    after: [],
    stamp: 'build/wasm/.stamp-wasm',
    command: ['bash', 'tools/build-wasm.sh'],
  },
  {
    name: 'detect',
    // The core's sources only matter once detect/Cargo.toml depends on it by path.
    sources: (root) => [
      'detect',
      'tools/build-detect.sh',
      'tools/embed-module.mjs',
      ...(/path\s*=\s*"\.\./.test(readText(join(root, 'detect/Cargo.toml'))) ? ['src', 'Cargo.toml', 'data'] : []),
    ],
    after: [],
    stamp: 'build/wasm/detect/.stamp-detect',
    command: ['bash', 'tools/build-detect.sh'],
  },
  {
    name: 'package',
    sources: ['js', 'pkg-template', 'tools/build-package.mjs', 'tools/classic-module.mjs', 'tools/wasm-stack-depth.mjs', 'tools/entries.mjs'],
    after: ['wasm', 'detect'],
    stamp: 'build/.stamp-package',
    command: [process.execPath, 'tools/build-package.mjs'],
  },
];

/** Directories never looked into: build outputs and dependencies. */
const IGNORED = new Set(['target', 'node_modules', '.git']);

function readText(path) {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

/** The newest file under `path` (a file or a directory): { file, mtime }, or null if there is none. */
function newest(path) {
  let best = null;
  const visit = (p) => {
    let st;
    try {
      st = statSync(p);
    } catch {
      return;
    }
    if (st.isDirectory()) {
      for (const name of readdirSync(p)) if (!IGNORED.has(name)) visit(join(p, name));
    } else if (best === null || st.mtimeMs > best.mtime) {
      best = { file: p, mtime: st.mtimeMs };
    }
  };
  visit(path);
  return best;
}

function mtimeOf(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return null;
  }
}

/**
 * The stale stages of the tree at `root`, in build order: [{ name, why }].
 * A stage downstream of a stale one is stale too.
 */
export function staleStages(root) {
  const stale = [];
  const staleNames = new Set();
  for (const stage of STAGES) {
    const stampTime = mtimeOf(join(root, stage.stamp));
    let why = null;
    if (stampTime === null) why = `${stage.stamp} is missing`;
    const upstream = stage.after.find((name) => staleNames.has(name));
    if (why === null && upstream) why = `stage ${upstream} is rebuilt`;
    if (why === null) {
      for (const name of stage.after) {
        const dep = STAGES.find((s) => s.name === name);
        const t = mtimeOf(join(root, dep.stamp));
        if (t !== null && t > stampTime) {
          why = `stage ${name} was rebuilt after it`;
          break;
        }
      }
    }
    if (why === null) {
      const sources = typeof stage.sources === 'function' ? stage.sources(root) : stage.sources;
      for (const source of sources) {
        const n = newest(join(root, source));
        if (n !== null && n.mtime > stampTime) {
          why = `${n.file.slice(root.length).replace(/^\//, '')} is newer than ${stage.stamp}`;
          break;
        }
      }
    }
    if (why !== null) {
      stale.push({ name: stage.name, why });
      staleNames.add(stage.name);
    }
  }
  return stale;
}

/** The packed tarball (build/text-encoding-wasm-<version>.tgz) the package stage makes. */
export function tarballPath(root) {
  const { version } = JSON.parse(readFileSync(join(root, 'pkg-template/package.json'), 'utf8'));
  return join(root, `build/text-encoding-wasm-${version}.tgz`);
}

/** Rebuilds every stale stage (logging to stderr); returns the tarball's path. */
export function ensureBuilt(root, log = (line) => process.stderr.write(line + '\n')) {
  for (const { name, why } of staleStages(root)) {
    const stage = STAGES.find((s) => s.name === name);
    log(`build-graph: building ${name} (${why})`);
    execFileSync(stage.command[0], stage.command.slice(1), { cwd: root, stdio: ['ignore', process.stderr, 'inherit'] });
    mkdirSync(join(root, stage.stamp, '..'), { recursive: true });
    writeFileSync(join(root, stage.stamp), `${new Date().toISOString()}\n`);
  }
  const tarball = tarballPath(root);
  if (!existsSync(tarball)) throw new Error(`build-graph: ${tarball} is missing after the package stage`);
  return tarball;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = new URL('..', import.meta.url).pathname.replace(/\/$/, '');
  if (process.argv.includes('--dry-run')) {
    const stale = staleStages(root);
    for (const { name, why } of stale) console.log(`${name}: ${why}`);
    if (stale.length === 0) console.log('build-graph: nothing is stale');
  } else {
    console.log(ensureBuilt(root));
  }
}
