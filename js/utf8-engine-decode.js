// Long valid UTF-8 decoded by the engine's own UTF-8 decoder, reached without
// TextDecoder: as the name of an import of a tiny WebAssembly module.
//
// Why: for long input, turning UTF-16 units into a string costs more than
// decoding (String.fromCharCode over plain arrays, ~3.5 ns per unit in V8; see
// docs/architecture/decode-speed.md), while the engine makes the string of
// a module's import name natively. Compiling a module whose only content is
// one function import named by our bytes costs ~3 ns per byte in Node and
// ~5 in Chromium, plus a fixed ~5-60 µs: worth it from a few KiB on.
//
// Why it is exact: WebAssembly names must be valid UTF-8 (core spec, 5.2.4
// "Names": the shortest form of a Unicode scalar value, so no overlongs, no
// surrogates, nothing past U+10FFFF, no sequence cut short), which is exactly
// input on which the Encoding Standard's UTF-8 decoder (§8.1.1) meets no error;
// and the JS API gives the name as the string of those scalar values. A module
// that does not compile is input with an error (or an engine that refuses to
// compile: a CSP, a size limit): the caller then decodes with the Rust core,
// which alone handles errors, fatal mode and streaming state.
//
// Checked against the spec's steps (tests/js/utf8-fast-paths.test.mjs) and
// Chromium's own TextDecoder (tests/browser/).

// Captured at load: the module must work whatever user code does to globals later.
import { setElements, subarray } from './intrinsics.js';

const Wasm = typeof WebAssembly === 'object' && WebAssembly !== null ? WebAssembly : null;
const WasmModule = Wasm && typeof Wasm.Module === 'function' ? Wasm.Module : null;
const moduleImports = WasmModule && typeof WasmModule.imports === 'function' ? WasmModule.imports : null;

/** Input bytes per module: well under every engine's limit for synchronous compiling on a page's main thread. */
export const ENGINE_WINDOW = 1 << 20;

/**
 * The module up to the name: magic, version, a type section with one type
 * `[] -> []`, then the import section's id. The section's size, the import
 * count (1), the module name (""), the field name's length and the field
 * name follow; then kind 0 (function) and type index 0.
 */
const HEAD = [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, 0x01, 0x04, 0x01, 0x60, 0x00, 0x00, 0x02];
/** Room for two LEB128 sizes of up to 4 bytes (2**28 > ENGINE_WINDOW + 8). */
const HEADER_ROOM = HEAD.length + 4 + 2 + 4;

/** The module's bytes are written here (the engine copies them), grown as needed, never past a window. */
let wire = null;
/** true: the engine decodes names as it must (self-test passed); false: never try; null: not tested yet. */
let usable = null;

/** Writes `n` as a fixed 4-byte LEB128 at `at` (padded: no length to compute first). */
function leb4(out, at, n) {
  out[at] = (n & 0x7f) | 0x80;
  out[at + 1] = ((n >>> 7) & 0x7f) | 0x80;
  out[at + 2] = ((n >>> 14) & 0x7f) | 0x80;
  out[at + 3] = (n >>> 21) & 0x7f;
}

/** The name of one import named by `bytes` (≤ ENGINE_WINDOW), or null if the engine does not compile the module. */
function nameOf(bytes) {
  const n = bytes.length;
  if (wire === null || wire.length < HEADER_ROOM + n + 2) {
    const doubled = wire === null ? 0 : 2 * wire.length;
    const room = n > doubled ? n : doubled < ENGINE_WINDOW ? doubled : ENGINE_WINDOW;
    wire = new Uint8Array(HEADER_ROOM + room + 2);
    for (let i = 0; i < HEAD.length; i++) wire[i] = HEAD[i];
  }
  let at = HEAD.length;
  // Section size: count (1) + module name (1) + name length (4) + name + kind and type (2).
  leb4(wire, at, 1 + 1 + 4 + n + 2);
  at += 4;
  wire[at++] = 1; // one import
  wire[at++] = 0; // module name ""
  leb4(wire, at, n);
  at += 4;
  setElements(wire, bytes, at);
  at += n;
  wire[at++] = 0x00; // a function
  wire[at++] = 0x00; // of type 0
  try {
    // A view of exactly the module: the engine copies it, so `wire` is free again at once.
    return moduleImports(new WasmModule(subarray(wire, 0, at)))[0].name;
  } catch (_) {
    return null;
  }
}

function selfTest() {
  // Every sequence length, the spec's boundary values, and a lone surrogate's bytes (must be refused).
  const valid = [0x41, 0x00, 0x7f, 0xc2, 0x80, 0xdf, 0xbf, 0xe0, 0xa0, 0x80, 0xed, 0x9f, 0xbf, 0xee, 0x80, 0x80, 0xef, 0xbb, 0xbf, 0xf0, 0x90, 0x80, 0x80, 0xf4, 0x8f, 0xbf, 0xbf];
  const expected = 'A\u0000\u007f\u0080\u07ff\u0800\ud7ff\ue000\ufeff\ud800\udc00\udbff\udfff';
  try {
    return nameOf(new Uint8Array(valid)) === expected && nameOf(new Uint8Array([0x41, 0xed, 0xa0, 0x80])) === null && nameOf(new Uint8Array([0xc0, 0x80])) === null;
  } catch (_) {
    return false;
  }
}

/**
 * The string of `bytes` if they are all valid UTF-8 (no error in §8.1.1, bytes
 * needed 0 at the end), else null; also null where the engine cannot do it
 * (no WebAssembly, compiling refused). Long input goes in windows cut between
 * characters.
 */
export function decodeValidUtf8Long(bytes) {
  if (usable === null) usable = moduleImports !== null && selfTest();
  if (!usable) return null;
  const length = bytes.length;
  if (length <= ENGINE_WINDOW) return nameOf(bytes);
  let text = '';
  for (let from = 0; from < length; ) {
    let to = length - from > ENGINE_WINDOW ? from + ENGINE_WINDOW : length;
    // Back to the start of a character (at most 3 continuation bytes; more is an error the window reports).
    if (to < length) for (let k = 0; k < 3 && (bytes[to] & 0xc0) === 0x80; k++) to--;
    const part = nameOf(subarray(bytes, from, to));
    if (part === null) return null;
    text += part;
    from = to;
  }
  return text;
}
