// Composed builds (issue 16): text-encoding-wasm/lite (UTF-8, UTF-16, every
// single-byte encoding) plus one import per CJK family, with and without
// WebAssembly (/js/...). For each composition, in a fresh process with the
// runtime's classes deleted:
//   - every label of every included encoding gives a TextDecoder of that
//     encoding, and its decoder agrees with encoding_rs (the independent Rust
//     implementation, examples/encoding_rs_oracle.rs) on every single byte and
//     every lead/trail pair of the family, plus seeded random input;
//   - every label of an encoding left out is a RangeError naming the import
//     that adds it.
// Expected values come from encodings.json (labels, families) and encoding_rs.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import test from 'node:test';
import { FAMILIES } from '../../tools/entries.mjs';
import { PROJECT, encodingRsOracle, prng, runNode } from './helpers.mjs';

const ROOT = new URL('../../', import.meta.url).pathname;
const ORACLE = encodingRsOracle();

// The families, from encodings.json's groups (the same rule as tools/gen_tables.py, restated).
const HEADINGS = {
  'The Encoding': 'utf',
  'Legacy single-byte encodings': 'single-byte',
  'Legacy multi-byte Chinese (simplified) encodings': 'chinese',
  'Legacy multi-byte Chinese (traditional) encodings': 'big5',
  'Legacy multi-byte Japanese encodings': 'japanese',
  'Legacy multi-byte Korean encodings': 'korean',
};
const ENCODINGS = [];
for (const group of JSON.parse(readFileSync(`${ROOT}data/whatwg-index/encodings.json`, 'utf8'))) {
  for (const e of group.encodings) {
    const family = group.heading === 'Legacy miscellaneous encodings' ? (e.name === 'x-user-defined' ? 'single-byte' : 'utf') : HEADINGS[group.heading];
    ENCODINGS.push({ name: e.name, labels: e.labels, family });
  }
}

/** Inputs for an encoding: every byte, every lead/trail pair of 0x80-0xFF x 0x21-0xFF (multi-byte), random bytes. */
function inputFor(encoding, rand) {
  const parts = [];
  for (let b = 0; b < 256; b++) parts.push(b, 0x20);
  if (encoding.family !== 'single-byte' && encoding.family !== 'utf') {
    for (let lead = 0x80; lead < 0x100; lead++) for (let trail = 0x21; trail < 0x100; trail++) parts.push(lead, trail, 0x20);
    if (encoding.name === 'gb18030' || encoding.name === 'GBK') {
      for (let i = 0; i < 4000; i++) parts.push(0x81 + Math.floor(rand() * 0x7e), 0x30 + Math.floor(rand() * 10), 0x81 + Math.floor(rand() * 0x7e), 0x30 + Math.floor(rand() * 10));
    }
    if (encoding.name === 'ISO-2022-JP') for (const esc of [[0x1b, 0x24, 0x42], [0x1b, 0x28, 0x4a], [0x1b, 0x28, 0x49], [0x1b, 0x24, 0x40], [0x1b, 0x28, 0x42]]) parts.push(...esc, 0x24, 0x22, 0x31, 0x5c);
  }
  for (let i = 0; i < 20000; i++) parts.push(Math.floor(rand() * 256));
  return Buffer.from(parts);
}

function oracleDecode(name, input) {
  const r = spawnSync(ORACLE, [name, 'decode'], { input, maxBuffer: 1 << 28 });
  assert.equal(r.status, 0, r.stderr?.toString());
  return r.stdout.toString('utf16le');
}

const COMPOSITIONS = [];
for (const prefix of ['text-encoding-wasm', 'text-encoding-wasm/js']) {
  COMPOSITIONS.push({ prefix, families: [] });
  for (const family of Object.keys(FAMILIES)) COMPOSITIONS.push({ prefix, families: [family] });
}
COMPOSITIONS.push({ prefix: 'text-encoding-wasm', families: ['japanese', 'korean'] });

const rand = prng(16);
const inputs = new Map(ENCODINGS.filter((e) => e.family !== 'utf').map((e) => [e.name, inputFor(e, rand)]));
const work = join(PROJECT, 'composed');
spawnSync('mkdir', ['-p', work]);
for (const [name, input] of inputs) writeFileSync(join(work, `${name}.bin`), input);
const expected = new Map([...inputs].map(([name, input]) => [name, oracleDecode(name, input)]));

for (const { prefix, families } of COMPOSITIONS) {
  const included = new Set(['utf', 'single-byte', ...families]);
  const title = [`${prefix}/lite`, ...families.map((f) => `${prefix}/${f}`)].join(' + ');
  test(`${title}: every label of an included encoding decodes as encoding_rs does; every other label is a RangeError naming its import`, () => {
    const run = runNode(`
      delete globalThis.TextDecoder; delete globalThis.TextEncoder;
      const { readFileSync, writeFileSync } = await import('node:fs');
      const m = await import('${prefix}/lite');
      ${families.map((f) => `await import('${prefix}/${f}');`).join('\n')}
      await m.ready();
      const encodings = ${JSON.stringify(ENCODINGS)};
      const r = { backend: m.backend(), labels: {}, errors: {} };
      for (const e of encodings) {
        for (const label of e.labels) {
          try { r.labels[label] = new m.TextDecoder(label).encoding; } catch (error) { r.errors[label] = error.name + ': ' + error.message; }
        }
        if (e.family !== 'utf' && r.labels[e.labels[0]]) {
          const text = new m.TextDecoder(e.labels[0]).decode(readFileSync(${JSON.stringify(work)} + '/' + e.name + '.bin'));
          writeFileSync(${JSON.stringify(work)} + '/' + e.name + '.out', text, 'utf16le');
        }
      }
      console.log(JSON.stringify(r));`);
    assert.equal(run.status, 0, run.stderr);
    const r = run.result;
    assert.equal(r.backend, prefix.endsWith('/js') ? 'js' : 'wasm');
    for (const e of ENCODINGS) {
      for (const label of e.labels) {
        if (e.name === 'replacement') {
          assert.match(r.errors[label], /^RangeError: .*is invalid/, label);
        } else if (included.has(e.family)) {
          assert.equal(r.labels[label], e.name.toLowerCase(), `${label}: ${r.errors[label]}`);
        } else {
          assert.match(r.errors[label], new RegExp(`^RangeError: .*'${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}'.*leaves out; import '${prefix.replace('/', '\\/')}\\/${e.family}'`), label);
        }
      }
      if (included.has(e.family) && e.family !== 'utf') {
        const ours = readFileSync(join(work, `${e.name}.out`), 'utf16le');
        assert.ok(ours === expected.get(e.name), `${e.name}: differs from encoding_rs`);
      }
    }
  });
}

test('the lite entry and a family entry share one module instance per family: the family adds no second copy of the classes', () => {
  const run = runNode(`
    delete globalThis.TextDecoder;
    const lite = await import('text-encoding-wasm/lite');
    const family = await import('text-encoding-wasm/japanese');
    console.log(JSON.stringify({ keys: Object.keys(family), same: family.ready === lite.ready }));`);
  assert.equal(run.status, 0, run.stderr);
  assert.deepEqual(run.result, { keys: ['ready'], same: true });
});

// The portable conformance harness (tests/runtimes/conformance.js, expectations
// from the index files: tools/runtimes/expectations.mjs), which the runtime
// matrix runs on the full entries, on /lite with every family added: the
// module-free lite runtime (its JavaScript single-byte codec) and the family
// modules behind it, with WebAssembly, without it (--jitless: the families'
// fallback) and in the /js twins.
test('the conformance harness passes on /lite + every family (wasm, --jitless, /js)', async () => {
  const { makeExpectations } = await import('../../tools/runtimes/expectations.mjs');
  const expectFile = join(work, 'expect.json');
  writeFileSync(expectFile, JSON.stringify(makeExpectations(`${ROOT}data/whatwg-index`)));
  for (const [prefix, flags, backend] of [['text-encoding-wasm', [], 'wasm'], ['text-encoding-wasm', ['--jitless'], 'js'], ['text-encoding-wasm/js', [], 'js']]) {
    const entry = join(work, `all-families-${prefix.replace(/\W/g, '-')}.mjs`);
    writeFileSync(entry, `export * from '${prefix}/lite';\n${Object.keys(FAMILIES).map((f) => `import '${prefix}/${f}';`).join('\n')}\n`);
    const r = spawnSync(process.execPath, [...flags, `${ROOT}tools/runtimes/node-row.mjs`, 'deleted', entry, expectFile], { encoding: 'utf8', maxBuffer: 16 << 20 });
    assert.equal(r.status, 0, r.stderr);
    const result = JSON.parse(r.stdout.trim().split('\n').pop());
    assert.ok(result.total > 6000, `${prefix} ${flags}: only ${result.total} checks ran`);
    assert.deepEqual([result.backend, result.passed, result.failures], [backend, result.total, []], `${prefix} ${flags}`);
  }
});
