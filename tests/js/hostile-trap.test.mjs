// Recovery after a trap (issue 17, item 2). Under `node --wasm-max-mem-pages=24`
// (1.5 MiB of linear memory) a Shift_JIS decode of 300,000 bytes runs the
// module out of memory: it traps (RuntimeError: unreachable). The call that
// trapped must get a RangeError saying so, and every later call, on any
// object (an older decoder, a stream, an encoder), must work: before, the next
// decode of an older decoder looped for ever inside the module.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runNode } from './helpers.mjs';

const PROBE = `
delete globalThis.TextDecoder;
delete globalThis.TextEncoder;
const m = await import('text-encoding-wasm');
const x = await import('text-encoding-wasm/extra');
const older = new m.TextDecoder('shift_jis');
const streaming = new m.TextDecoder('euc-jp');
const head = streaming.decode(Uint8Array.of(0xa4), { stream: true });
const out = {};
try {
  new m.TextDecoder('shift_jis').decode(new Uint8Array(3e5));
  out.trap = 'no error';
} catch (e) {
  out.trap = [e.constructor.name, e.message];
}
out.older = older.decode(Uint8Array.of(0x82, 0xa0));
out.fresh = new m.TextDecoder('gbk').decode(Uint8Array.of(0xc4, 0xe3));
out.streamingTail = head + streaming.decode(Uint8Array.of(0xa2));
out.encoded = [...new m.TextEncoder().encode('é')];
out.legacy = [...new x.LegacyEncoder('shift_jis').encode('あ')];
const wtf = new x.Wtf8Decoder();
out.wtf8 = wtf.decode(Uint8Array.of(0xed, 0xa0, 0x80)).charCodeAt(0);
try {
  new m.TextDecoder('big5').decode(new Uint8Array(3e5).fill(0x81));
  out.again = 'no error';
} catch (e) {
  out.again = e.constructor.name;
}
out.afterAgain = new m.TextDecoder('shift_jis').decode(Uint8Array.of(0x82, 0xa0));
console.log(JSON.stringify(out));
`;

test('after a trap (out of memory under --wasm-max-mem-pages=24): a RangeError, then every object works', () => {
  const r = runNode(PROBE, { args: ['--wasm-max-mem-pages=24'], timeout: 60_000 });
  assert.equal(r.signal, null, `the process hung (killed by ${r.signal}): ${r.stderr}`);
  assert.equal(r.status, 0, r.stderr);
  const out = r.result;
  assert.equal(out.trap[0], 'RangeError', JSON.stringify(out.trap));
  assert.match(out.trap[1], /trapped/);
  assert.match(out.trap[1], /unreachable/);
  assert.equal(out.older, '\u3042'); // Shift_JIS 82 A0 is あ (index jis0208 pointer 283)
  assert.equal(out.fresh, '\u4f60'); // GBK C4 E3 is 你
  // EUC-JP A4 A2 is あ: the state (a lead byte) lived in the JS object and survived the new instance.
  assert.equal(out.streamingTail, '\u3042');
  assert.deepEqual(out.encoded, [0xc3, 0xa9]);
  assert.deepEqual(out.legacy, [0x82, 0xa0]);
  assert.equal(out.wtf8, 0xd800);
  assert.ok(out.again === 'RangeError' || out.again === 'no error', out.again);
  assert.equal(out.afterAgain, '\u3042');
});

// The same in a composed build (text-encoding-wasm/lite, which has no module,
// plus /japanese, whose module is guarded by dist/family-host.js): the trap
// names the family's import, and afterwards the family's module and the lite
// entry's own encodings work.
const COMPOSED_PROBE = `
delete globalThis.TextDecoder;
delete globalThis.TextEncoder;
const lite = await import('text-encoding-wasm/lite');
await import('text-encoding-wasm/japanese');
await lite.ready();
const older = new lite.TextDecoder('shift_jis');
const streaming = new lite.TextDecoder('euc-jp');
const head = streaming.decode(Uint8Array.of(0xa4), { stream: true });
const out = {};
try {
  new lite.TextDecoder('shift_jis').decode(new Uint8Array(3e5));
  out.trap = 'no error';
} catch (e) {
  out.trap = [e.constructor.name, e.message];
}
out.older = older.decode(Uint8Array.of(0x82, 0xa0));
out.streamingTail = head + streaming.decode(Uint8Array.of(0xa2));
out.single = new lite.TextDecoder('windows-1251').decode(Uint8Array.of(0xc0));
out.encoded = [...new lite.TextEncoder().encode('é')];
console.log(JSON.stringify(out));
`;

test('composed build (lite + japanese): a trap in the family module is a RangeError naming it, then everything works', () => {
  const r = runNode(COMPOSED_PROBE, { args: ['--wasm-max-mem-pages=24'], timeout: 60_000 });
  assert.equal(r.signal, null, `the process hung (killed by ${r.signal}): ${r.stderr}`);
  assert.equal(r.status, 0, r.stderr);
  const out = r.result;
  assert.equal(out.trap[0], 'RangeError', JSON.stringify(out.trap));
  assert.match(out.trap[1], /^text-encoding-wasm\/japanese: the module trapped/);
  assert.equal(out.older, '\u3042');
  assert.equal(out.streamingTail, '\u3042');
  assert.equal(out.single, '\u0410'); // windows-1251 C0 is А (index-windows-1251.txt pointer 64)
  assert.deepEqual(out.encoded, [0xc3, 0xa9]);
});

// A trap where the stack runs out (the page calls us from deep recursion):
// the RangeError "Maximum call stack size exceeded" may be thrown inside a
// module while it holds its scratch lock, and recovering at that depth may
// fail too. Before, the next Shift_JIS decode spun for ever on the held lock.
// Now the fresh instance is owed and made by the next call at a normal depth
// (js/loader.js, js/detect/encoding-detector.js), and where even that was cut
// short, the module finds its lock held and traps instead of waiting
// (src/wasm.rs, ScratchLock): that one call gets the trap's RangeError and
// the next is right. Every depth in the last 1,500 frames before the limit is
// tried, for a plain decode and for detect(), whose CJK candidates run inside
// the main module through an import.
const DEEP = `
delete globalThis.TextDecoder;
delete globalThis.TextEncoder;
const m = await import('text-encoding-wasm');
const d = await import('text-encoding-wasm/detect');
const sjis = new Uint8Array(4000);
for (let i = 0; i < sjis.length; i += 2) { sjis[i] = 0x88 + ((i / 2) % 20); sjis[i + 1] = 0x9f + ((i / 2) % 50); }
const td = new m.TextDecoder('shift_jis');
const out = { plain: 0, detect: 0, errors: {}, staleLock: 0 };
// The next decode after a call that trapped: right, or (a lock left held) the trap's RangeError once, then right.
const after = (depth) => {
  let text;
  try {
    text = td.decode(Uint8Array.of(0x88, 0x9f));
  } catch (e) {
    if (!(e instanceof RangeError) || !/trapped/.test(e.message)) throw new Error('at depth ' + depth + ': ' + e);
    out.staleLock++;
    text = td.decode(Uint8Array.of(0x88, 0x9f));
  }
  // Shift_JIS 88 9F is 亜.
  if (text !== '\u4e9c') throw new Error('wrong decode after a trap at depth ' + depth);
};
for (const [kind, call] of [['plain', () => td.decode(sjis)], ['detect', () => d.detect(sjis)]]) {
  call();
  const at = (n) => { if (n > 0) return at(n - 1); try { call(); return null; } catch (e) { return e; } };
  let edge = 0;
  for (let depth = 1; ; depth += 50) { try { at(depth); } catch { edge = depth; break; } }
  for (let depth = edge; depth > edge - 1500; depth--) {
    let error;
    try { error = at(depth); } catch { continue; }
    if (error) {
      out[kind]++;
      out.errors[error.constructor.name] = (out.errors[error.constructor.name] || 0) + 1;
    }
    after(depth);
  }
  if (kind === 'detect' && d.detect(sjis).encoding !== 'shift_jis') throw new Error('detect wrong after the traps');
}
console.log(JSON.stringify(out));
`;

test('a trap where the stack runs out (deep recursion): every later call returns, and right', () => {
  const r = runNode(DEEP, { timeout: 120_000 });
  assert.equal(r.signal, null, `the process hung (killed by ${r.signal}): ${r.stderr.slice(0, 500)}`);
  // (The last lines of stderr: the bundle's source line comes first in a stack trace.)
  assert.equal(r.status, 0, r.stderr.slice(-1500));
  // Some depths must have trapped inside the module (else this test tests nothing).
  assert.ok(r.result.plain > 0 && r.result.detect > 0, JSON.stringify(r.result));
});
