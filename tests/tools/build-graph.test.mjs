// The build graph's staleness rule (tools/build-graph.mjs), on a scratch tree
// laid out like the repository: a change to the Rust sources, to Cargo.toml or
// to the index data must rebuild the modules and the package (before the graph,
// tools/ensure-package.sh looked at js/ only, so npm test could test an old
// module after a Rust change); a change to js/ only the package.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, beforeEach, test } from 'node:test';
import { STAGES, staleStages } from '../../tools/build-graph.mjs';

const root = mkdtempSync(join(tmpdir(), 'build-graph-'));
after(() => rmSync(root, { recursive: true, force: true }));

const SOURCES = ['src/lib.rs', 'src/tables/mod.rs', 'Cargo.toml', 'Cargo.lock', 'data/whatwg-index/index-jis0208.txt', 'js/runtime.js',
  'js/entries/full.js', 'pkg-template/package.json', 'detect/Cargo.toml', 'detect/src/lib.rs', 'tools/build-wasm.sh',
  'tools/build-package.mjs'];
const T0 = new Date('2026-01-01T00:00:00Z');
const T1 = new Date('2026-01-02T00:00:00Z');
const T2 = new Date('2026-01-03T00:00:00Z');

function put(file, time, text = 'x') {
  const path = join(root, file);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  utimesSync(path, time, time);
}

beforeEach(() => {
  for (const file of SOURCES) put(file, T0, file === 'detect/Cargo.toml' ? '[dependencies]\nchardetng = "1"\n' : 'x');
  for (const stage of STAGES) put(stage.stamp, T1);
});

const names = () => staleStages(root).map((s) => s.name);

test('a tree whose stamps are newer than every source is not stale', () => {
  assert.deepEqual(staleStages(root), []);
});

for (const file of ['src/lib.rs', 'src/tables/mod.rs', 'Cargo.toml', 'Cargo.lock', 'data/whatwg-index/index-jis0208.txt', 'tools/build-wasm.sh']) {
  test(`a change to ${file} rebuilds the modules and the package`, () => {
    put(file, T2);
    assert.deepEqual(names(), ['wasm', 'package']);
    assert.match(staleStages(root)[0].why, new RegExp(`^${file.replace(/\./g, '\\.')} is newer`));
  });
}

for (const file of ['js/runtime.js', 'js/entries/full.js', 'pkg-template/package.json', 'tools/build-package.mjs']) {
  test(`a change to ${file} rebuilds the package only`, () => {
    put(file, T2);
    assert.deepEqual(names(), ['package']);
  });
}

test('a change to detect/ rebuilds the detector module and the package', () => {
  put('detect/src/lib.rs', T2);
  assert.deepEqual(names(), ['detect', 'package']);
});

test('once detect/ depends on the core by path, a Rust change rebuilds the detector too', () => {
  put('detect/Cargo.toml', T0, '[dependencies]\ntext-encoding-wasm = { path = ".." }\n');
  put('src/lib.rs', T2);
  assert.deepEqual(names(), ['wasm', 'detect', 'package']);
});

test('build outputs under target/ are not sources', () => {
  put('detect/target/wasm32v1-none/release/x.wasm', T2);
  assert.deepEqual(names(), []);
});

test('a missing stamp (a build that failed or never ran) is stale, and so is what depends on it', () => {
  rmSync(join(root, STAGES[0].stamp));
  assert.deepEqual(names(), ['wasm', 'package']);
});

test('a package older than a module rebuilt by hand is stale', () => {
  put(STAGES[1].stamp, T2);
  assert.deepEqual(names(), ['package']);
});
