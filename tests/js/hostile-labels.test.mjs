// Hostile labels (issue 17, item 1): a label of any length is answered in
// linear time by every constructor that takes one. The Encoding Standard's
// "get an encoding" strips leading and trailing ASCII whitespace (U+0009,
// U+000A, U+000C, U+000D, U+0020) and then matches the label list; whitespace
// inside a label is not stripped, so 'x<spaces>x' is invalid (a RangeError)
// and '<spaces>utf-8<spaces>' is UTF-8, however many spaces there are.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadPackage, resolveInProject, NATIVE, PROJECT } from './helpers.mjs';
import { assertGrowsLinearly, bestOf } from './hostile-timing.mjs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const main = await loadPackage();
const utf8Entry = await import(await resolveInProject('text-encoding-wasm/utf8'));
const jsEntry = await import(await resolveInProject('text-encoding-wasm/js'));
const extra = await import(await resolveInProject('text-encoding-wasm/extra'));
const jsExtra = await import(await resolveInProject('text-encoding-wasm/js/extra'));

const WS = '\t\n\f\r ';
const padding = (n) => WS.repeat(Math.ceil(n / WS.length)).slice(0, n);

/** Every constructor that takes a label: name -> (label) => the encoding it chose (throws RangeError when invalid). */
const CONSTRUCTORS = {
  'TextDecoder (main)': (label) => new main.TextDecoder(label).encoding,
  'TextDecoderStream (main)': (label) => new main.TextDecoderStream(label).encoding,
  'TextDecoder (/utf8)': (label) => new utf8Entry.TextDecoder(label).encoding,
  'TextDecoder (/js)': (label) => new jsEntry.TextDecoder(label).encoding,
  'TextDecoderStream (/js)': (label) => new jsEntry.TextDecoderStream(label).encoding,
  'LegacyEncoder (/extra)': (label) => new extra.LegacyEncoder(label).encoding,
  'LegacyEncoder (/js/extra)': (label) => new jsExtra.LegacyEncoder(label).encoding,
};

const throwsRange = (make) => () => {
  try {
    make();
  } catch (error) {
    if (error instanceof RangeError) return;
    throw error;
  }
  throw new Error('no RangeError');
};

for (const [name, construct] of Object.entries(CONSTRUCTORS)) {
  test(`${name}: a label padded with megabytes of ASCII whitespace still names its encoding`, () => {
    const n = 5 << 20;
    assert.equal(construct(padding(n) + 'utf-8' + padding(n)), 'utf-8');
    assert.equal(construct(padding(n) + 'UTF8'), 'utf-8');
    // U+000B and U+00A0 are not ASCII whitespace: the label is invalid.
    assert.throws(() => construct('\u000b' + padding(n) + 'utf-8'), RangeError);
    assert.throws(() => construct('\u00a0' + 'utf-8' + padding(n)), RangeError);
  });

  test(`${name}: a 10 MB label is answered in at most 50 ms (best of 5), or within 4x of Node's own constructor on a loaded machine`, () => {
    const n = 10 << 20;
    for (const label of ['x' + ' '.repeat(n) + 'x', ' '.repeat(n), 'x'.repeat(n), padding(n / 2) + 'utf-8' + padding(n / 2)]) {
      const valid = label.includes('utf-8');
      const ms = bestOf(valid ? () => construct(label) : throwsRange(() => construct(label)), 5);
      // Node's own TextDecoder (captured before the natives were deleted), in
      // the same run: the machine's load scales both.
      const native = bestOf(valid ? () => new NATIVE.TextDecoder(label) : throwsRange(() => new NATIVE.TextDecoder(label)), 5);
      assert.ok(ms <= Math.max(50, 4 * native), `${name}: ${label.length}-unit label took ${ms.toFixed(1)} ms (Node's own: ${native.toFixed(1)} ms)`);
    }
  });

  test(`${name}: label time grows linearly with its length`, () => {
    assertGrowsLinearly(assert, `${name}, 'x<spaces>x'`, (n) => {
      const label = 'x' + ' '.repeat(n) + 'x';
      return throwsRange(() => construct(label));
    }, 20_000);
  });
}

test('CLI: -f and -t with a label of 100,000 spaces inside answer at once, exit 2, one line', () => {
  const bin = join(PROJECT, 'node_modules', '.bin', 'text-encoding-wasm');
  const label = 'x' + ' '.repeat(100_000) + 'x';
  for (const args of [['-f', label, '-t', 'utf-8'], ['-f', 'utf-8', '-t', label]]) {
    const start = performance.now();
    const r = spawnSync(bin, args, { cwd: PROJECT, input: 'a', encoding: 'utf8', timeout: 30_000 });
    const ms = performance.now() - start;
    assert.equal(r.status, 2, r.stderr);
    assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr.slice(0, 500));
    // A process start is ~100 ms; the quadratic trim took 9.7 s.
    assert.ok(ms < 3000, `CLI ${args[0]} took ${ms.toFixed(0)} ms`);
  }
});
