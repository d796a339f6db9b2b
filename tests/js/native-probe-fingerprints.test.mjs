// The polyfill entries probe a native TextDecoder against build-time data
// (js/native-probe-fingerprints.js, written by tools/probe_fingerprints.py
// from the standard's decoders and index files) instead of running our
// decoders (js/native-probe.js, js/partial-native.js). Here: that data is what
// two other implementations give (encoding_rs and our decoders), and the
// entries that use it keep and replace exactly what install()'s decode path does.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import test from 'node:test';
import vm from 'node:vm';
import { PROBE_FINGERPRINTS } from '../../js/native-probe-fingerprints.js';
import { NATIVE, PROJECT, encodingRsOracle, loadPackage, runNode, standardEncodings } from './helpers.mjs';

const PROBE = new Uint8Array(256).map((_, i) => i);
/** The encodings TextDecoder can be constructed with, lowercased as its `encoding` reports them (the fingerprints' order). */
const NAMES = standardEncodings().map((e) => e.name.toLowerCase()).filter((n) => n !== 'replacement');

/** FNV-1a, 32 bits, over UTF-16 code units (the hash tools/probe_fingerprints.py documents), written again here. */
function fnv1a(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

test('one fingerprint per encoding TextDecoder takes, each what encoding_rs gives for the probe', () => {
  assert.equal(PROBE_FINGERPRINTS.length, 39);
  assert.equal(NAMES.length, 39);
  const oracle = encodingRsOracle();
  const wrong = [];
  NAMES.forEach((name, i) => {
    const r = spawnSync(oracle, [name, 'decode'], { input: PROBE });
    assert.equal(r.status, 0, r.stderr?.toString());
    if (fnv1a(r.stdout.toString('utf16le')) !== PROBE_FINGERPRINTS[i]) wrong.push(name);
  });
  assert.deepEqual(wrong, []);
});

test('each fingerprint is what our decoders give for the probe', async () => {
  const m = await loadPackage();
  const wrong = NAMES.filter((name, i) => fnv1a(new m.TextDecoder(name).decode(PROBE)) !== PROBE_FINGERPRINTS[i]);
  assert.deepEqual(wrong, []);
  // And a change in one character changes it (the check can fail).
  const text = new m.TextDecoder('iso-8859-2').decode(PROBE);
  assert.notEqual(fnv1a(text.slice(0, 161) + '\u0105' + text.slice(162)), PROBE_FINGERPRINTS[NAMES.indexOf('iso-8859-2')]);
});

/**
 * Code for a fresh Node process with Node's own classes: a TextDecoder that
 * counts its native decodes (iso-8859-2 made wrong if `breakLatin2`: decoded
 * as iso-8859-4, which Node gets right), installed by `how`; reports, per
 * encoding, whether the installed class decodes it with the native one.
 */
function nativeUse(how, breakLatin2) {
  return `
    const Native = globalThis.TextDecoder;
    let calls = 0;
    class TextDecoder extends Native {
      constructor(label, options) { super(label, options); this.latin4 = ${breakLatin2} && this.encoding === 'iso-8859-2' ? new Native('iso-8859-4') : null; }
      decode(input, options) { calls++; return this.latin4 ? this.latin4.decode(input, options) : super.decode(input, options); }
    }
    globalThis.TextDecoder = TextDecoder;
    ${how}
    const names = ${JSON.stringify(NAMES)};
    const byNative = [];
    const neither = [];
    for (const name of names) {
      const before = calls;
      try {
        new globalThis.TextDecoder(name).decode(new Uint8Array([0x41]));
      } catch (e) {
        neither.push(name + ' ' + e.name);
      }
      if (calls > before) byNative.push(name);
    }
    console.log(JSON.stringify({ kept: globalThis.TextDecoder === TextDecoder, byNative, neither,
      latin2: new globalThis.TextDecoder('iso-8859-2').decode(new Uint8Array([0xa3])),
      gbk: new globalThis.TextDecoder('gbk').decode(new Uint8Array([0xfe, 0xff])) }));`;
}

for (const breakLatin2 of [false, true]) {
  test(`the polyfill entries (ESM, CommonJS) keep Node's native TextDecoder for the same encodings as install()'s decode path${breakLatin2 ? ', with iso-8859-2 made wrong' : ''}`, () => {
    const decodePath = runNode(nativeUse("const m = await import('text-encoding-wasm'); m.install(globalThis);", breakLatin2));
    assert.equal(decodePath.status, 0, decodePath.stderr);
    for (const [how, type] of [["await import('text-encoding-wasm/polyfill');", 'module'], ["require('text-encoding-wasm/polyfill');", 'commonjs']]) {
      const code = nativeUse(how, breakLatin2);
      const run = runNode(type === 'commonjs' ? `(async () => {${code}})();` : code, { type });
      assert.equal(run.status, 0, run.stderr);
      assert.deepEqual(run.result, decodePath.result, type);
    }
    const r = decodePath.result;
    assert.deepEqual(r.neither, []);
    // Node rejects x-user-defined and iso-8859-16 (gaps): a TextDecoder that fills them in.
    assert.equal(r.kept, false);
    assert.ok(r.byNative.includes('utf-8') && r.byNative.includes('gb18030'));
    // gbk FE FF: FF is no trail byte (§10.2.1), so U+FFFD; Node's ICU gives U+F8F5 for the pair: ours decodes gbk.
    // (FF is not ASCII, so it is not put back: one U+FFFD.)
    assert.ok(!r.byNative.includes('gbk'));
    assert.equal(r.gbk, '\ufffd');
    // iso-8859-2 A3: index-iso-8859-2 pointer 35 = U+0141 (iso-8859-4's is U+0156): the standard's either way.
    assert.equal(r.latin2, '\u0141');
    assert.equal(r.byNative.includes('iso-8859-2'), !breakLatin2);
  });
}

test('text-encoding-wasm/utf8/polyfill: the encodings its build leaves out still go to the native class, as with install()', () => {
  // Its probe asks only about its UTF names (js/partial-native.js, encodingNames): the native is kept whatever it does in the others.
  const decodePath = runNode(nativeUse("const m = await import('text-encoding-wasm/utf8'); m.install(globalThis);", true));
  const polyfill = runNode(nativeUse("await import('text-encoding-wasm/utf8/polyfill');", true));
  assert.equal(decodePath.status, 0, decodePath.stderr);
  assert.equal(polyfill.status, 0, polyfill.stderr);
  assert.deepEqual(polyfill.result, decodePath.result);
  assert.ok(polyfill.result.byNative.includes('iso-8859-2') && polyfill.result.byNative.includes('gbk'));
  // What neither Node nor this build decodes (Node rejects them): the RangeError of ours.
  assert.deepEqual(polyfill.result.neither, ['iso-8859-16 RangeError', 'x-user-defined RangeError']);
});

test('text-encoding-wasm/lite with a family added after install(): its encodings decode as the standard says, not as a wrong native does', () => {
  // Node's full-ICU decoders give U+FFFD for 0x80 in Shift_JIS and 0x80 itself in EUC-KR, where the
  // standard gives U+0080 (§12.3.1 step 5) and U+FFFD (§13.1.1 step 5). Before /japanese or /korean
  // is added, /lite cannot decode them: the native's answer is all there is (the hybrid's fallback).
  for (const how of ["const lite = await import('text-encoding-wasm/lite'); lite.install(globalThis);", "await import('text-encoding-wasm/lite/polyfill');"]) {
    const r = runNode(`${how}
      const before = new TextDecoder('shift_jis').decode(new Uint8Array([0x80, 0x41]));
      const japanese = await import('text-encoding-wasm/japanese');
      const korean = await import('text-encoding-wasm/korean');
      await japanese.ready();
      await korean.ready();
      console.log(JSON.stringify({ before,
        sjis: new TextDecoder('shift_jis').decode(new Uint8Array([0x80, 0x41])),
        euckr: new TextDecoder('euc-kr').decode(new Uint8Array([0x80, 0x41])) }));`);
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(r.result, { before: '\ufffdA', sjis: '\u0080A', euckr: '\ufffdA' }, how);
  }
});

test('the gap-filling TextDecoder converts its label and options once, also for a label only the native one takes', () => {
  // WebIDL converts a constructor's arguments once: one toString of the label, one read of each
  // option (fatal, ignoreBOM). The hybrid class must not convert them again for a second decoder
  // when ours refuses the label (/lite's CJK ones before their family) and the native class is
  // tried. Spec-side counts, not Node's: Node's own constructor reads each option twice, so the
  // native class must be handed values already converted. (/lite, as Node lacks some of its
  // single-byte encodings, installs the hybrid class; /utf8 keeps Node's, which decodes UTF right.)
  for (const entry of ['text-encoding-wasm/lite']) {
    const r = runNode(`const m = await import('${entry}'); await m.ready(); m.install(globalThis);
      const counts = {};
      for (const name of ['shift_jis', 'utf-8']) {
        let label = 0, fatal = 0, ignoreBOM = 0;
        const d = new TextDecoder({ toString() { label++; return name; } },
          { get fatal() { fatal++; return true; }, get ignoreBOM() { ignoreBOM++; return true; } });
        counts[name] = { label, fatal, ignoreBOM, encoding: d.encoding, options: [d.fatal, d.ignoreBOM] };
      }
      console.log(JSON.stringify(counts));`);
    assert.equal(r.status, 0, r.stderr);
    const once = (encoding) => ({ label: 1, fatal: 1, ignoreBOM: 1, encoding, options: [true, true] });
    assert.deepEqual(r.result, { shift_jis: once('shift_jis'), 'utf-8': once('utf-8') }, entry);
  }
});

test("install() as a callback (forEach passes index and array): the same natives kept as install(target), its private third argument ignored unless a function", () => {
  // js/install.js: `matches` is the polyfill entries' private argument; an array in its place must not judge every native a gap.
  const decodePath = runNode(nativeUse("const m = await import('text-encoding-wasm'); m.install(globalThis);", false));
  const callback = runNode(nativeUse("const m = await import('text-encoding-wasm'); [globalThis].forEach(m.install);", false));
  assert.equal(decodePath.status, 0, decodePath.stderr);
  assert.equal(callback.status, 0, callback.stderr);
  assert.deepEqual(callback.result, decodePath.result);
  assert.ok(callback.result.byNative.includes('utf-8'));
});

test('the classic script in a realm with a native TextDecoder: natives kept where right, ours for the rest', () => {
  let calls = 0;
  class Counted extends NATIVE.TextDecoder {
    decode(input, options) {
      calls++;
      return super.decode(input, options);
    }
  }
  const context = vm.createContext({ TextDecoder: Counted });
  const require = createRequire(join(PROJECT, 'package.json'));
  vm.runInContext(readFileSync(require.resolve('text-encoding-wasm/script'), 'utf8'), context);
  const TD = vm.runInContext('TextDecoder', context);
  assert.notEqual(TD, Counted, 'Node rejects x-user-defined: a TextDecoder that fills it in');
  calls = 0;
  assert.equal(new TD('utf-8').decode(new Uint8Array([0xe2, 0x82, 0xac])), '\u20ac');
  assert.equal(calls, 1, 'UTF-8 still decoded by the native class');
  // x-user-defined 80: U+F780 + 0x80 - 0x80 (§14.5.1); gbk FE FF as above.
  assert.equal(new TD('x-user-defined').decode(new Uint8Array([0x80])), '\uf780');
  assert.equal(new TD('gbk').decode(new Uint8Array([0xfe, 0xff])), '\ufffd');
  assert.equal(calls, 1, 'what the native gets wrong or rejects goes to ours');
});
