// §7.2 decode(): streaming (do not flush), end-of-queue at the final call,
// replacement vs fatal error modes (§4.1 "process an item"), and what is left
// in the I/O queue after a fatal error.
import assert from 'node:assert/strict';
import test from 'node:test';
import { bytes, codePoints, loadPackage } from './helpers.mjs';

const { TextDecoder } = await loadPackage();
const eq = (actual, expected, message) => assert.equal(codePoints(actual), codePoints(expected), message);

test('U+20AC (E2 82 AC) and U+1F600 (F0 9F 98 80) split at every position', () => {
  for (const seq of [[0xe2, 0x82, 0xac], [0xf0, 0x9f, 0x98, 0x80]]) {
    const expected = seq.length === 3 ? '\u20ac' : '\ud83d\ude00';
    for (let cut = 0; cut <= seq.length; cut++) {
      const d = new TextDecoder();
      const out = d.decode(bytes(seq.slice(0, cut)), { stream: true }) + d.decode(bytes(seq.slice(cut)));
      eq(out, expected, `cut at ${cut}`);
    }
  }
});

test('a sequence cut short at the final call is one U+FFFD (replacement) or a TypeError (fatal)', () => {
  const d = new TextDecoder();
  eq(d.decode(bytes(0x41, 0xe2, 0x82), { stream: true }), 'A');
  eq(d.decode(), '\ufffd');
  eq(new TextDecoder().decode(bytes(0xf0, 0x9f, 0x98)), '\ufffd');
  const f = new TextDecoder('utf-8', { fatal: true });
  eq(f.decode(bytes(0xe2, 0x82), { stream: true }), '');
  assert.throws(() => f.decode(), TypeError);
  eq(f.decode(bytes(0x41)), 'A', 'a new stream after the error');
});

test('decode() with stream:false after stream:true flushes, then the decoder starts afresh', () => {
  const d = new TextDecoder();
  eq(d.decode(bytes(0xe2), { stream: true }), '');
  eq(d.decode(), '\ufffd');
  eq(d.decode(bytes(0x82, 0xac)), '\ufffd\ufffd', 'the E2 is gone: continuation bytes alone');
});

test('UTF-8 errors follow the spec\'s byte ranges (bytes restored to the queue)', () => {
  const d = new TextDecoder();
  // ED A0 80: after ED the upper boundary is 0x9F, so A0 is an error and is
  // restored; A0 and 80 are then each a lone continuation byte: three U+FFFD.
  eq(d.decode(bytes(0xed, 0xa0, 0x80)), '\ufffd\ufffd\ufffd');
  // F0 9F 98 41: the 41 ends the sequence (error) and is restored.
  eq(d.decode(bytes(0xf0, 0x9f, 0x98, 0x41)), '\ufffdA');
  // E0 80: after E0 the lower boundary is 0xA0.
  eq(d.decode(bytes(0xe0, 0x80, 0x80)), '\ufffd\ufffd\ufffd');
  // C0, C1, F5..FF are never leads.
  eq(d.decode(bytes(0xc0, 0xc1, 0xf5, 0xff)), '\ufffd\ufffd\ufffd\ufffd');
  // F4 90: above U+10FFFF.
  eq(d.decode(bytes(0xf4, 0x90, 0x80, 0x80)), '\ufffd\ufffd\ufffd\ufffd');
  eq(d.decode(bytes(0xf4, 0x8f, 0xbf, 0xbf)), '\udbff\udfff');
});

test('UTF-16: an odd final byte and unpaired surrogates are U+FFFD', () => {
  eq(new TextDecoder('utf-16le').decode(bytes(0x41, 0x00, 0x42)), 'A\ufffd');
  // D800 then 0041: lead surrogate not followed by a trail: error, the unit restored.
  eq(new TextDecoder('utf-16le').decode(bytes(0x00, 0xd8, 0x41, 0x00)), '\ufffdA');
  eq(new TextDecoder('utf-16le').decode(bytes(0x00, 0xdc)), '\ufffd');
  eq(new TextDecoder('utf-16be').decode(bytes(0xd8, 0x3d, 0xde, 0x00)), '\ud83d\ude00');
  eq(new TextDecoder('utf-16le').decode(bytes(0x3d, 0xd8)), '\ufffd', 'lead surrogate at end of queue');
  const d = new TextDecoder('utf-16be');
  eq(d.decode(bytes(0xd8), { stream: true }) + d.decode(bytes(0x3d, 0xde), { stream: true }) + d.decode(bytes(0x00)), '\ud83d\ude00');
});

test('fatal: a TypeError, and the decoder is usable afterwards (non-streaming call: a new stream)', () => {
  const d = new TextDecoder('utf-8', { fatal: true });
  assert.throws(() => d.decode(bytes(0x41, 0xff, 0x42)), (e) => e instanceof TypeError && e.constructor === TypeError);
  eq(d.decode(bytes(0x43)), 'C');
  eq(d.decode(bytes(0xe2, 0x82, 0xac)), '\u20ac');
});

test('fatal in a streaming call: do not flush stays true and the bytes after the error stay queued', () => {
  // Step 2 sets do not flush to true before the error is thrown, so the next
  // call keeps the decoder and its I/O queue, which still holds 0x42.
  const d = new TextDecoder('utf-8', { fatal: true });
  assert.throws(() => d.decode(bytes(0x41, 0xff, 0x42), { stream: true }), TypeError);
  eq(d.decode(bytes(0x43)), 'BC');
  // And several errors in one queue are reported one call at a time.
  assert.throws(() => d.decode(bytes(0xff, 0x41, 0xfe, 0x42), { stream: true }), TypeError);
  assert.throws(() => d.decode(undefined, { stream: true }), TypeError);
  eq(d.decode(), 'B');
});

test('fatal: replacement-mode output would have had U+FFFD exactly where fatal throws', () => {
  const cases = [[0x80], [0xc2], [0xe2, 0x28], [0xed, 0xa0, 0x80], [0xf8, 0x88, 0x80, 0x80, 0x80]];
  for (const c of cases) {
    assert.ok(new TextDecoder().decode(bytes(c)).includes('\ufffd'));
    assert.throws(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes(c)), TypeError, c.join(' '));
  }
  eq(new TextDecoder('utf-8', { fatal: true }).decode(bytes(0xef, 0xbf, 0xbd)), '\ufffd', 'U+FFFD itself is valid');
});

test('a lead byte at the end of a streaming call is held, not output, and does not block ASCII after it', () => {
  const d = new TextDecoder('shift_jis');
  eq(d.decode(bytes(0x41, 0x82), { stream: true }), 'A');
  // shift_jis 82 A0: pointer (0x82-0x81)*188 + (0xA0-0x41) = 283 -> index-jis0208 U+3042.
  eq(d.decode(bytes(0xa0, 0x42)), '\u3042B');
});

test('many decoders interleaved keep their own state', () => {
  const a = new TextDecoder();
  const b = new TextDecoder('utf-16le');
  const c = new TextDecoder('gb18030');
  eq(a.decode(bytes(0xe2), { stream: true }), '');
  eq(b.decode(bytes(0xac), { stream: true }), '');
  eq(c.decode(bytes(0x81, 0x30), { stream: true }), '');
  eq(a.decode(bytes(0x82), { stream: true }), '');
  eq(c.decode(bytes(0x81), { stream: true }), '');
  eq(b.decode(bytes(0x20)), '\u20ac');
  eq(a.decode(bytes(0xac)), '\u20ac');
  // gb18030 81 30 81 30: pointer 0 -> index-gb18030-ranges "0 0x0080".
  eq(c.decode(bytes(0x30)), '\u0080');
});

test('long input (more than one internal window): output equals the expected text', () => {
  // 300,000 copies of "é€" (C3 A9 E2 82 AC): 1.5 MB, crossing window boundaries mid-sequence.
  const unit = [0xc3, 0xa9, 0xe2, 0x82, 0xac];
  const input = new Uint8Array(unit.length * 300_000);
  for (let i = 0; i < input.length; i++) input[i] = unit[i % unit.length];
  const out = new TextDecoder().decode(input);
  assert.equal(out.length, 600_000);
  assert.ok(out === '\u00e9\u20ac'.repeat(300_000));
});
