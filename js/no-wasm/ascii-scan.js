// Where a run of ASCII bytes ends, found by the engine's own typed-array code
// instead of an interpreted loop: the build without WebAssembly's ASCII scan
// for UTF-8 decode (js/utf8-codec.js's typed mode), in engines that run
// typed-array built-ins as native loops (V8, so node --jitless; JavaScriptCore
// and SpiderMonkey likewise implement them in C++).
//
// How: the bytes, read as an Int8Array, are copied into a Uint8ClampedArray:
// the conversion clamps each byte from 0x80 (negative as an Int8) to 0, so the
// first 0 that indexOf finds there is the first non-ASCII byte, unless the
// input has a 0x00 byte there itself (then the search goes on after it).
// Both steps are single native calls per 16 KiB: per 256 KiB of ASCII, CPU
// time under node --jitless, 0.07 ms against 0.60 for the word loop of
// js/utf8-codec.js (four bytes per interpreted load), whose cost was about half
// of the decode (docs/speed-log.md, "Issue 15, node --jitless: UTF-8 ASCII").
//
// Not in Hermes nor QuickJS: there the conversion goes element by element
// through generic code (1.3 and 2.6 ms per 256 KiB, against 0.5-0.7 for the
// word loop), so they keep the loop. Hermes names itself (HermesInternal, a
// documented global); QuickJS has no Intl, which V8, JavaScriptCore and
// SpiderMonkey all have.
import { call, setElements, subarray } from '../intrinsics.js';
import { taBuffer, taByteOffset } from '../webidl.js';

// Taken at load, as js/intrinsics.js's are (page script may replace them later).
const OwnInt8Array = Int8Array;
const OwnUint8ClampedArray = Uint8ClampedArray;
/** `view.indexOf(value, from)` for typed arrays, as at load. */
const indexOfElement = Function.prototype.call.bind(Object.getPrototypeOf(Uint8Array.prototype).indexOf);

/** Bytes converted per native call: a chunk's work is wasted past the first non-ASCII byte. */
const CHUNK = 1 << 14;
/** The clamped copy of the current chunk, made at the first scan. */
let clamped = null;

/**
 * The index of the first byte from `from` that is not ASCII (`bytes.length`
 * if none): js/utf8-codec.js's asciiEnd, by native calls.
 */
function nativeAsciiEnd(bytes, from) {
  const length = bytes.length;
  // Up to 64 bytes, and the first 16 of more, byte by byte: short text that
  // is not all ASCII has its first other byte early, found before the native
  // calls' fixed cost (three views, ~0.2 µs under --jitless) would be paid
  // (10,000 decodes of 32 B of mixed UTF-8: 16.0 ms with the loop, 18.2 without).
  let i = from;
  const head = length - i > 64 ? i + 16 : length;
  for (; i < head; i++) if (bytes[i] >= 0x80) return i;
  if (i === length) return i;
  if (clamped === null) clamped = new OwnUint8ClampedArray(CHUNK);
  const signed = new OwnInt8Array(call(taBuffer, bytes), call(taByteOffset, bytes), length);
  for (let at = i; at < length; at += CHUNK) {
    const n = length - at < CHUNK ? length - at : CHUNK;
    const copy = n === CHUNK ? clamped : subarray(clamped, 0, n);
    setElements(copy, subarray(signed, at, at + n));
    for (let k = indexOfElement(copy, 0, 0); k >= 0; k = indexOfElement(copy, 0, k + 1)) if (bytes[at + k] !== 0) return at + k;
  }
  return length;
}

/**
 * nativeAsciiEnd where this engine runs it natively (see above) and its
 * conversion clamps as the spec says (checked once: a wrong engine would
 * hide non-ASCII bytes), else null.
 */
export function nativeAsciiScan() {
  if (typeof HermesInternal !== 'undefined' || typeof Intl !== 'object') return null;
  try {
    const probe = new OwnUint8ClampedArray(5);
    const signed = new OwnInt8Array(5);
    signed[0] = 0x41;
    signed[1] = -128;
    signed[2] = -1;
    signed[3] = 0x7f;
    setElements(probe, signed);
    return probe[0] === 0x41 && probe[1] === 0 && probe[2] === 0 && probe[3] === 0x7f && indexOfElement(probe, 0, 2) === 2 ? nativeAsciiEnd : null;
  } catch (_) {
    return null;
  }
}
