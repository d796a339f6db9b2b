// The build without WebAssembly unpacks the CJK indexes in JavaScript
// (js/no-wasm/unpack-index.js, a second implementation of
// src/tables/packed.rs) into the core's memory: every entry of every index, as
// the no-wasm core then holds it, must be the WHATWG index file's, in plain
// Node and interpreted (`node --jitless`, as Hermes and QuickJS run it); the
// composed no-wasm build (js/lite + a family) must decode with it too. And the
// unpacker must survive damaged input.
import assert from 'node:assert/strict';
import test from 'node:test';
import { CJK_INDEX_FILES, CJK_INDEX_LENGTHS, prng, runNode, whatwgIndex } from './helpers.mjs';
import { unpackIndex } from '../../js/no-wasm/unpack-index.js';

/**
 * The five indexes as the no-wasm core holds them after first use, from a
 * fresh process; `loopsFirst`: after valid Shift_JIS and EUC-JP of more than
 * 64 KiB each (the JavaScript loops alone, which take jis0208 as an array of
 * their own and make their pair tables from it, js/no-wasm/fast-decode.js),
 * so that the core's copy is filled from that array afterwards.
 */
function noWasmIndexes(args, loopsFirst = false) {
  const run = runNode(
    `delete globalThis.TextDecoder; delete globalThis.TextEncoder;
    const { ready, TextDecoder } = await import('text-encoding-wasm/js');
    await ready();
    if (${loopsFirst}) {
      for (const [label, pair] of [['shift_jis', [0x88, 0x9f]], ['euc-jp', [0xb0, 0xa1]]]) {
        const bytes = new Uint8Array(70000 * 2).map((_, i) => pair[i & 1]);
        if (new TextDecoder(label, { fatal: true }).decode(bytes) !== '\u4e9c'.repeat(70000)) throw new Error(label + ': not U+4E9C throughout');
      }
    }
    const runtime = ready[Symbol.for('text-encoding-wasm.runtime')]('test');
    const lengths = ${JSON.stringify(CJK_INDEX_LENGTHS)};
    const out = lengths.map((n, which) => {
      const bytes = runtime.indexTable(which, n * (which === 4 ? 4 : 2));
      return Array.from(which === 4 ? new Uint32Array(bytes.buffer, bytes.byteOffset, n) : new Uint16Array(bytes.buffer, bytes.byteOffset, n));
    });
    console.log(JSON.stringify(out));`,
    { args },
  );
  assert.equal(run.status, 0, run.stderr);
  return run.result;
}

for (const [name, args, loopsFirst] of [['Node', [], false], ['node --jitless', ['--jitless', '--no-warnings'], false], ['Node, after the loops decoded first', [], true]]) {
  test(`no-wasm build, ${name}: every CJK index as the core holds it equals the index file`, () => {
    const tables = noWasmIndexes(args, loopsFirst);
    CJK_INDEX_FILES.forEach((file, which) => {
      const want = whatwgIndex(file, CJK_INDEX_LENGTHS[which]);
      const got = tables[which];
      const wrong = want.findIndex((cp, pointer) => got[pointer] !== cp);
      assert.equal(wrong, -1, `index ${file}: pointer ${wrong} is ${got[wrong]}, the file says ${want[wrong]}`);
    });
  });
}

test('composed no-wasm build (js/lite + each family): a pair needing each index decodes as the index file says', () => {
  const probes = [
    ['japanese', 'shift_jis', [0x88, 0x9f], 'jis0208', 0, 1410 - 0],
    ['japanese', 'euc-jp', [0x8f, 0xb0, 0xa1], 'jis0212', 1, 1410],
    ['korean', 'euc-kr', [0xb0, 0xa1], 'euc-kr', 2, (0xb0 - 0x81) * 190 + (0xa1 - 0x41)],
    ['chinese', 'gbk', [0xb0, 0xa1], 'gb18030', 3, (0xb0 - 0x81) * 190 + (0xa1 - 0x41)],
    ['big5', 'big5', [0xa4, 0x40], 'big5', 4, (0xa4 - 0x81) * 157 + (0x40 - 0x40)],
  ];
  for (const [family, label, bytes, file, which, pointer] of probes) {
    const run = runNode(
      `delete globalThis.TextDecoder; delete globalThis.TextEncoder;
      const { TextDecoder, ready } = await import('text-encoding-wasm/js/lite');
      await import('text-encoding-wasm/js/${family}');
      await ready();
      console.log(JSON.stringify(new TextDecoder('${label}').decode(new Uint8Array(${JSON.stringify(bytes)})).codePointAt(0)));`,
    );
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.result, whatwgIndex(file, CJK_INDEX_LENGTHS[which])[pointer], `${label} ${bytes.map((b) => b.toString(16))}`);
  }
});

test('the JavaScript unpacker on damaged input: never throws, writes only code points in range', () => {
  // The packed bytes are not shipped separately; random and truncated inputs stand for damage.
  const random = prng(0x2545f491);
  const below = (n) => Math.floor(random() * n);
  for (let round = 0; round < 200; round++) {
    const data = new Uint8Array(below(4096)).map(() => below(256));
    const out = round % 2 ? new Uint32Array(below(30000)) : new Uint16Array(below(30000));
    unpackIndex(data, out);
    for (const cp of out) assert.ok(cp < 0x30000);
  }
  unpackIndex(new Uint8Array(0), new Uint16Array(5));
  unpackIndex(new Uint8Array(64).fill(0xff), new Uint32Array(1000));
});
