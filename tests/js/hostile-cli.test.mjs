// The CLI as a hostile user drives it (issue 17, item 4): the default mode
// (characters the output cannot encode become '?') stays linear however many
// there are, and every read or write error is one line on stderr that names
// the file and the cause, with exit status 1 (no stack trace, no "undefined").
import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, openSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PROJECT } from './helpers.mjs';

const CLI = join(PROJECT, 'node_modules', 'text-encoding-wasm', 'dist', 'cli.js');
const tmp = mkdtempSync(join(tmpdir(), 'tew-hostile-cli-'));

function run(args, { input, stdout = 'pipe', env = {}, nodeArgs = [] } = {}) {
  const r = spawnSync(process.execPath, [...nodeArgs, CLI, ...args], {
    cwd: PROJECT, input, stdio: [input === undefined ? 'ignore' : 'pipe', stdout, 'pipe'],
    env: { ...process.env, ...env }, maxBuffer: 64 << 20, timeout: 120_000,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr.toString() };
}

/** Asserts one line on stderr that says `...parts` (and nothing of a stack trace). */
function assertOneLine(r, ...parts) {
  const lines = r.stderr.trimEnd().split('\n');
  assert.equal(lines.length, 1, `one line expected:\n${r.stderr}`);
  for (const part of parts) assert.ok(lines[0].includes(part), `'${part}' missing from: ${lines[0]}`);
  assert.ok(!/undefined|\n\s+at /.test(r.stderr), r.stderr);
}

test("'?' substitution: every unencodable character is one '?', the rest unchanged", () => {
  const text = 'aąb€ž\u{1F600}c'.repeat(1000); // ą, U+1F600 are not in windows-1252; €, ž are
  const r = run(['-f', 'utf-8', '-t', 'windows-1252'], { input: Buffer.from(text) });
  assert.equal(r.status, 0, r.stderr);
  const expected = Buffer.from('a?b\x80\x9e?c'.repeat(1000), 'latin1');
  assert.ok(r.stdout.equals(expected));
  assert.match(r.stderr, /2000 character\(s\) cannot be encoded in windows-1252/);
  // ISO-2022-JP returns to ASCII before each '?'.
  const jis = run(['-f', 'utf-8', '-t', 'iso-2022-jp'], { input: Buffer.from('あąあ') });
  assert.deepEqual([...jis.stdout], [0x1b, 0x24, 0x42, 0x24, 0x22, 0x1b, 0x28, 0x42, 0x3f, 0x1b, 0x24, 0x42, 0x24, 0x22, 0x1b, 0x28, 0x42]);
});

test("'?' substitution costs a bounded amount per character: within 40x of --html on the same input", () => {
  // One byte per character (ISO-8859-2's 0xB1 is U+0105 ą, which
  // windows-1252 lacks), 64,000 of them: all of it one 64 KiB read. Both
  // modes see every character unencodable; --html writes &#261; in the
  // module, '?' mode takes an error and a '?' each. Calling the encoder with
  // the whole rest of the chunk after each one made that 100x slower.
  const time = (n, mode) => {
    const input = Buffer.alloc(n, 0xb1);
    let best = Infinity;
    for (let i = 0; i < 3; i++) {
      const start = performance.now();
      const r = run(['-f', 'iso-8859-2', '-t', 'windows-1252', ...mode], { input });
      best = Math.min(best, performance.now() - start);
      assert.equal(r.status, 0, r.stderr);
      assert.equal(r.stdout.length, mode.length === 0 ? n : 6 * n);
    }
    return best;
  };
  // A process start (~0.5 s here) is in every timing: take it out, as the
  // best of three runs on an empty input.
  const startup = time(0, []);
  const html = Math.max(time(64_000, ['--html']) - startup, 200);
  const substituted = time(64_000, []) - startup;
  assert.ok(substituted < 40 * html, `'?' mode ${substituted.toFixed(0)} ms, --html ${html.toFixed(0)} ms (beyond the ${startup.toFixed(0)} ms of a start)`);
});

test('a directory as FILE: one line naming it and EISDIR, exit 1', () => {
  const dir = join(tmp, 'a-directory');
  mkdirSync(dir);
  const r = run(['-f', 'utf-8', '-t', 'utf-8', dir]);
  assert.equal(r.status, 1);
  assertOneLine(r, dir, 'EISDIR');
});

test('a missing FILE: one line naming it and ENOENT, exit 1; the files before it went out', () => {
  const first = join(tmp, 'first.txt');
  writeFileSync(first, 'first\n');
  const missing = join(tmp, 'no-such-file.txt');
  const r = run(['-f', 'utf-8', '-t', 'utf-8', first, missing]);
  assert.equal(r.status, 1);
  assertOneLine(r, missing, 'ENOENT');
  assert.equal(r.stdout.toString(), 'first\n');
});

test('an unreadable FILE: one line naming it and EACCES, exit 1', () => {
  // The tests may run as root, whom a mode of 000 does not stop: the denial
  // is injected where Node opens the file (fs.open), as the kernel gives it.
  const file = join(tmp, 'secret.txt');
  writeFileSync(file, 'secret\n');
  const hook = join(tmp, 'deny.cjs');
  writeFileSync(hook, `const fs = require('node:fs');
const open = fs.open;
fs.open = function (path, ...rest) {
  if (String(path) === ${JSON.stringify(file)}) {
    const error = Object.assign(new Error("EACCES: permission denied, open '" + path + "'"), { code: 'EACCES', errno: -13, syscall: 'open', path });
    return process.nextTick(rest[rest.length - 1], error);
  }
  return open.call(this, path, ...rest);
};
`);
  const r = run(['-f', 'utf-8', '-t', 'utf-8', file], { nodeArgs: ['--require', hook] });
  assert.equal(r.status, 1);
  assertOneLine(r, file, 'EACCES');
});

test('output to /dev/full: one line naming standard output and ENOSPC, exit 1', () => {
  const full = openSync('/dev/full', 'w');
  const r = run(['-f', 'utf-8', '-t', 'utf-8'], { input: Buffer.from('x'.repeat(100_000)), stdout: full });
  assert.equal(r.status, 1);
  assertOneLine(r, 'standard output', 'ENOSPC');
});
