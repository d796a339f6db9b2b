// js/detect/lzma.js (the raw LZMA decoder of the detector's embedded module)
// against liblzma: liblzma (Python's lzma module) encodes and the decoder must
// give back the input, over text-like, random and repetitive data (literals,
// matched literals, short and long repeats, distances of every slot up to the
// 64 KiB dictionary), with the encoder settings tools/embed-module.mjs uses
// and others that make other choices (fast mode, a short nice_len); also every
// module the build makes; and damaged streams end in a TypeError or in a
// result of the stated size (LZMA has no checksum), never a hang, and a
// stream cut short or of another format is a TypeError.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import test from 'node:test';
import { compressionSamples, prng } from './helpers.mjs';
import { lzmaDecode } from '../../js/detect/lzma.js';

const root = new URL('../../', import.meta.url);

/** 0xFF, the size, then liblzma's raw LZMA1 stream (lc = lp = pb = 0), as tools/embed-module.mjs writes them; `extra`: more filter settings. */
function liblzmaEncode(input, extra = '') {
  return new Uint8Array(execFileSync('python3', ['-c', `
import lzma, sys
data = sys.stdin.buffer.read()
filters = [{'id': lzma.FILTER_LZMA1, 'preset': 9 | lzma.PRESET_EXTREME, 'lc': 0, 'lp': 0, 'pb': 0, 'dict_size': 1 << 16${extra}}]
sys.stdout.buffer.write(b'\\xff' + len(data).to_bytes(4, 'little') + lzma.compress(data, format=lzma.FORMAT_RAW, filters=filters))
`], { input, maxBuffer: 1 << 26 }));
}

const samples = () => compressionSamples(0x12a3a, [10, 1000, 70_000, 200_000], { far: true });

test('decodes what liblzma encodes, with the build settings and others', () => {
  let checked = 0;
  for (const input of samples()) {
    for (const extra of ['', ", 'nice_len': 64, 'depth': 200", ", 'mode': lzma.MODE_FAST, 'nice_len': 8"]) {
      const got = lzmaDecode(liblzmaEncode(input, extra));
      assert.ok(Buffer.from(got).equals(Buffer.from(input)), `${input.length} bytes, settings${extra || ' (preset 9e)'}`);
      checked++;
    }
  }
  assert.ok(checked >= 50);
});

test('decodes every module the build makes', () => {
  const dir = new URL('build/wasm/', root);
  const modules = readdirSync(dir).filter((m) => existsSync(new URL(`${m}/module.wasm`, dir)));
  assert.ok(modules.includes('detect') && modules.includes('full'), `build/wasm has the modules (${modules})`);
  for (const m of modules) {
    const wasm = readFileSync(new URL(`${m}/module.wasm`, dir));
    assert.ok(Buffer.from(lzmaDecode(liblzmaEncode(wasm))).equals(wasm), m);
  }
});

test('decodes the embedded detector module (tools/embed-module.mjs --lzma) to the built module file', () => {
  const source = readFileSync(new URL('build/wasm/detect/bytes.js', root), 'utf8');
  const packed = new Uint8Array(Buffer.from(/"([A-Za-z0-9+/=]{100,})"/.exec(source)[1], 'base64'));
  assert.equal(packed[0], 0xff, 'marked as LZMA');
  assert.ok(Buffer.from(lzmaDecode(packed)).equals(readFileSync(new URL('build/wasm/detect/module.wasm', root))));
});

test('a damaged stream: a TypeError or the stated size, never a hang; cut short or another format: a TypeError', () => {
  const input = new Uint8Array(Buffer.from('TextDecoder and TextEncoder, '.repeat(400)));
  const good = liblzmaEncode(input);
  const random = prng(0xbad);
  let threw = 0;
  for (let trial = 0; trial < 300; trial++) {
    const bad = good.slice();
    const at = trial < 3 ? trial * 5 : 10 + Math.floor(random() * (bad.length - 10));
    bad[at] ^= 1 << Math.floor(random() * 8);
    let result = null;
    try {
      result = lzmaDecode(bad);
    } catch (error) {
      assert.ok(error instanceof TypeError || error instanceof RangeError, `${error}`);
      threw++;
      continue;
    }
    // (LZMA has no checksum: a flip may decode to other bytes of the stated size.)
    assert.ok(result instanceof Uint8Array);
  }
  assert.ok(threw > 0);
  // Cut short: the stream ends before the size is reached.
  assert.throws(() => lzmaDecode(good.subarray(0, good.length >> 1)), TypeError);
  // Not this format (a deflate stream's first byte).
  assert.throws(() => lzmaDecode(Uint8Array.of(0x78, ...good.subarray(1))), TypeError);
});
