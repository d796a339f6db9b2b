// text-encoding-wasm/detect as a hostile or unlucky user meets it (issue 17,
// item 6): without WebAssembly it says so (a TypeError naming what to do, not
// a ReferenceError), `confident` means what its type says, and feed() takes
// its bytes the way WebIDL does (after the options, so a detaching getter
// leaves none).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadPackage, resolveInProject, runNode, PROJECT } from './helpers.mjs';

await loadPackage();
const d = await import(await resolveInProject('text-encoding-wasm/detect'));
const x = await import(await resolveInProject('text-encoding-wasm/extra'));
await d.ready();

test('without WebAssembly (node --jitless): ready() rejects with a TypeError that says there is no such build; detect() throws one', () => {
  const r = runNode(`
const d = await import('text-encoding-wasm/detect');
const out = {};
try { await d.ready(); out.ready = 'resolved'; } catch (e) { out.ready = [e.constructor.name, e.message]; }
try { d.detect(new Uint8Array(4)); out.detect = 'returned'; } catch (e) { out.detect = [e.constructor.name, e.message]; }
console.log(JSON.stringify(out));
`, { args: ['--jitless'] });
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.result.ready[0], 'TypeError', JSON.stringify(r.result));
  assert.match(r.result.ready[1], /no WebAssembly/);
  assert.match(r.result.ready[1], /no build without WebAssembly/);
  assert.equal(r.result.detect[0], 'TypeError');
  assert.match(r.result.detect[1], /no build without WebAssembly/);
});

test("confident: the issue's EUC-KR text is confident under every hint, and the types no longer say a hint cannot change it", () => {
  const bytes = new x.LegacyEncoder('euc-kr').encode('日本語のテキストです。これはテストです。');
  const guesses = [undefined, 'kr', 'jp', 'cn'].map((tld) => d.detect(bytes, { tld }));
  for (const g of guesses) assert.equal(g.confident, true, JSON.stringify(guesses));
  // The hint does change the encoding here: what the documentation must not deny.
  assert.ok(new Set(guesses.map((g) => g.encoding)).size > 1, JSON.stringify(guesses));
  const types = readFileSync(join(PROJECT, 'node_modules', 'text-encoding-wasm', 'dist', 'detect.d.ts'), 'utf8');
  assert.ok(!/no top-level-domain hint would change the guess/.test(types));
  assert.match(types, /does not mean that no `tld` hint could change the/);
});

test('feed(): a stream getter that detaches the input leaves no bytes, never an exception from a detached view', () => {
  const input = Uint8Array.from(Buffer.from('\u00e9t\u00e9 \u00e0 la plage, d\u00e9j\u00e0 vu', 'latin1'));
  const detector = new d.EncodingDetector();
  const options = { get stream() { structuredClone(input.buffer, { transfer: [input.buffer] }); return false; } };
  assert.equal(detector.feed(input, options), false); // no non-ASCII byte was fed
  const { proxy, revoke } = Proxy.revocable(new Uint8Array(4), {});
  revoke();
  assert.throws(() => new d.EncodingDetector().feed(proxy), TypeError);
  assert.throws(() => new d.EncodingDetector().guess(proxy), TypeError);
});
