// JavaScript decode loops for the build without WebAssembly (js/no-wasm.md).
// In an interpreter (Hermes, QuickJS, node --jitless) the Rust core translated
// by wasm2js runs several times slower than hand-written JavaScript, so the
// common case is decoded here (UTF-8 is not: TextDecoder decodes all of it in
// JS, js/utf8-codec.js, nor UTF-16: js/utf16-codec.js): single-byte lookups,
// and valid pairs of the CJK families over copies of the index arrays the core unpacks (src/wasm/standard.rs, index_table;
// jis0208 made in JavaScript from its form instead, js/no-wasm/unpack-index.js indexArray;
// single-byte maps learnt by decoding bytes 0x80-0xFF through the core). Everything else (an error, a sequence the input cuts short,
// gb18030's four-byte sequences, Big5's two-code-point pointers, EUC-JP's
// JIS X 0212, ISO-2022-JP, fatal mode's exception, streaming state)
// goes to the core's decoder, from the byte where the loop stopped: every loop
// stops only between characters, where the spec's decoder is back in its
// initial state, so its output up to there is exactly what the core would
// give. The core stays the one source of truth for anything unusual;
// tests/js/no-wasm-fast-decode.test.mjs checks the result against the wasm
// build and encoding_rs's test vectors.
import { Int32Array, Uint16Array, Uint32Array, Uint8Array, charCodeAt, fromCharCodes, max, setElements, sliceElements, subarray } from '../intrinsics.js';
import { stringOf } from './units.js';
import { decodeUtf16Result } from '../utf16-codec.js';
import { nativeAsciiScan } from './ascii-scan.js';

// Indexes in the standard's table (the Rust Encoding enum's order; js/encodings.js).
const LAST_SINGLE_BYTE = 28;
const GBK = 29;
const GB18030 = 30;
const BIG5 = 31;
const EUC_JP = 32;
const SHIFT_JIS = 34;
const EUC_KR = 35;
const X_USER_DEFINED = 39;
/** Entries of the CJK indexes by `index_table`'s number (the index files' last pointer + 1). */
const INDEX_LENGTHS = [11104, 7211, 23750, 23940, 19782];

/** Bytes per loop pass: the output buffer needs one unit per byte, plus a pair past the end. */
const WINDOW = 1 << 14;
const out = new Uint16Array(WINDOW + 4);
/**
 * Windows of up to this many bytes are decoded into a plain array instead
 * (`shortOut`, its length set to the units' before fromCharCode reads it):
 * for 10,000 decodes of 32 B Shift_JIS, CPU time, QuickJS 64.3 -> 59.7 ms,
 * Hermes bytecode 28.2 -> 26.5, node --jitless 18.1 -> 17.0 (no subarray
 * to make, and apply reads a plain array's elements directly). Not for long
 * windows: there the typed array measured faster (256 KiB Shift_JIS, Hermes
 * bytecode 6.6 against 9.8 ms with the plain array).
 */
const SHORT_WINDOW = 64;
const shortOut = [];
/** Bytes handed to the core at a time after a loop stops; doubled while the input stays unusual. */
const CORE_STEP = 64;
const CORE_STEP_MAX = 1 << 16;


/** What the last loop call decoded, as a string. */
let piece = '';

/**
 * Wraps `core` (js/runtime.js's runtime over the wasm2js exports) so that
 * decode() runs the loops first. `exports` gives the tables. `decodable`
 * ('1' or '0' per encoding index, or undefined) is the core's answer to
 * `has`, asked at build time (tools/build-no-wasm.mjs, which checks it
 * against the core): a TextDecoder's constructor then calls no core function.
 */
export function withFastDecode(core, exports, decodable) {

  /**
   * CJK index `which` as the core has unpacked it (the `index_table` export:
   * 0 jis0208, 2 EUC-KR, 3 gb18030, 4 Big5), copied once (it never changes),
   * or null where this module leaves the family out. Where the translation
   * carries the index's form, the same array made in JavaScript
   * (js/no-wasm/unpack-index.js's `indexArray`), with no call into the core:
   * a valid input then never calls it (start-up, docs/speed-log.md).
   */
  function indexFor(which) {
    const fromForm = exports.indexArray === undefined ? undefined : exports.indexArray(which);
    if (fromForm !== undefined) return fromForm;
    if (typeof exports.index_table !== 'function') return null;
    const address = exports.index_table(which);
    if (address === 0) return null;
    // A copy through the captured slice (js/intrinsics.js): this runs at first use, after page script may have replaced built-ins.
    const buffer = exports.memory.buffer;
    return sliceElements(which === 4 ? new Uint32Array(buffer, address, INDEX_LENGTHS[which]) : new Uint16Array(buffer, address, INDEX_LENGTHS[which]), 0);
  }

  /**
   * A single-byte encoding's index, as its code points for bytes 0x80-0xFF (0:
   * none), learnt from the core itself: those 128 bytes decoded in replacement
   * mode give U+FFFD exactly where the index has no code point (no index maps
   * a byte to U+FFFD). Null if the module leaves the encoding out.
   */
  function singleByteIndex(index) {
    const high = new Uint8Array(128);
    for (let b = 0; b < 128; b++) high[b] = 0x80 + b;
    const r = core.decode(index, false, high, null, true);
    if (r.error || r.text.length !== 128) return null;
    const table = new Uint16Array(128);
    for (let b = 0; b < 128; b++) {
      const cp = charCodeAt(r.text, b);
      table[b] = cp === 0xfffd ? 0 : cp;
    }
    return table;
  }

  /** [loop, data] for encoding `index`, or null: no loop (everything goes to the core). */
  function loopFor(index) {
    // (UTF-8 never comes here: TextDecoder decodes it in JS, js/utf8-codec.js; the core is its fallback.)
    if (index === X_USER_DEFINED) return [xUserDefinedLoop, null];
    if (index <= LAST_SINGLE_BYTE) {
      const table = singleByteIndex(index);
      return table === null ? null : [singleByteLoop, singleByteMaps(table)];
    }
    const which = index === SHIFT_JIS || index === EUC_JP ? 0 : index === EUC_KR ? 2 : index === GBK || index === GB18030 ? 3 : index === BIG5 ? 4 : -1;
    const table = which < 0 ? null : indexFor(which);
    if (table === null) return null;
    if (index === SHIFT_JIS) return [pairLoop, shiftJisCodec(table)];
    if (index === GBK || index === GB18030) return [pairLoop, gbCodec(table)];
    if (index === EUC_KR) return [pairLoop, eucKrCodec(table)];
    if (index === EUC_JP) return [pairLoop, eucJpCodec(table)];
    if (index === BIG5) return [big5Loop, big5Codec(table)];
    return null;
  }

  const coreDecode = core.decode;
  const loops = [];

  /** runtime.decode's contract (js/runtime.js): { text, state, error, offset }. */
  function decode(index, fatal, input, state, last) {
    let entry = loops[index];
    if (entry === undefined) entry = loops[index] = loopFor(index);
    if (entry === null) return coreDecode(index, fatal, input, state, last);
    const loop = entry[0];
    const data = entry[1];
    const length = input.length;
    let text = '';
    let at = 0;
    let step = CORE_STEP;
    for (;;) {
      if (state === null) {
        const started = at;
        while (at < length) {
          const to = length - at > WINDOW ? at + WINDOW : length;
          const stop = loop(input, at, to, length, data, fatal);
          text += piece;
          at = stop;
          if (stop < to) break;
        }
        if (at === length) return { text, state: null, error: false, offset: length };
        // Unusual input: hand the core more at once while the loop makes no progress.
        step = at - started >= CORE_STEP ? CORE_STEP : step * 2 < CORE_STEP_MAX ? step * 2 : CORE_STEP_MAX;
      }
      const end = length - at > step ? at + step : length;
      const isLast = last && end === length;
      const r = coreDecode(index, fatal, subarray(input, at, end), state, isLast);
      text += r.text;
      if (r.error) return { text, state: r.state, error: true, offset: at + r.offset };
      at = end;
      state = r.idle ? null : r.state;
      if (at === length) return { text, state, error: false, offset: length };
    }
  }

  const wrapped = {};
  for (const key of Object.keys(core)) wrapped[key] = core[key];
  wrapped.decode = decode;
  if (decodable !== undefined) wrapped.has = (index) => decodable[index] === '1';
  // UTF-16 in JS (js/text-decoder.js calls it): its typed mode takes the input's own units.
  wrapped.decodeUtf16 = decodeUtf16Result;
  // UTF-8's ASCII scan by native calls where the engine has them fast
  // (js/no-wasm/ascii-scan.js): carried by typedStrings, which stays truthy.
  const scan = nativeAsciiScan();
  if (scan !== null) wrapped.typedStrings = scan;
  return wrapped;
}

/**
 * An index single-byte (128 code points, 0: none) as maps of all 256 bytes:
 * `fatal` has -1 where there is no code point (the loop stops there: the core
 * throws), `replacing` has U+FFFD there, which is exactly what the spec's
 * decoder emits for such a byte in replacement mode, so that loop never stops.
 */
function singleByteMaps(index) {
  const fatal = new Int32Array(256);
  const replacing = new Uint16Array(256);
  for (let b = 0; b < 0x100; b++) {
    const cp = b < 0x80 ? b : index[b - 0x80];
    fatal[b] = cp === 0 && b !== 0 ? -1 : cp;
    replacing[b] = cp === 0 && b !== 0 ? 0xfffd : cp;
  }
  return { fatal, replacing };
}

// Each loop decodes input[from, to) (reading up to `limit` to finish the
// last character), sets `piece` and returns where it stopped: `to`, or the
// start of the first character it leaves to the core.

function singleByteLoop(input, from, to, limit, maps, fatal) {
  const o = out;
  if (!fatal) {
    // One index for both arrays (the window as a subarray) and four bytes
    // per loop test: fewer interpreted steps per byte (windows-1252, 256
    // KiB: 12 % less CPU in Hermes, source and bytecode).
    const map = maps.replacing;
    const bytes = subarray(input, from, to);
    const n = to - from;
    let k = 0;
    for (const last4 = n - 3; k < last4; k += 4) {
      o[k] = map[bytes[k]];
      o[k + 1] = map[bytes[k + 1]];
      o[k + 2] = map[bytes[k + 2]];
      o[k + 3] = map[bytes[k + 3]];
    }
    for (; k < n; k++) o[k] = map[bytes[k]];
    piece = stringOf(o, 0, n);
    return to;
  }
  let j = 0;
  let i = from;
  const map = maps.fatal;
  // Four bytes per step (fewer loop tests in an interpreter); any unmapped one ends the fast steps.
  for (const last4 = to - 3; i < last4; i += 4, j += 4) {
    const a = map[input[i]];
    const b = map[input[i + 1]];
    const c = map[input[i + 2]];
    const d = map[input[i + 3]];
    if ((a | b | c | d) < 0) break;
    o[j] = a;
    o[j + 1] = b;
    o[j + 2] = c;
    o[j + 3] = d;
  }
  for (; i < to; i++) {
    const c = map[input[i]];
    if (c < 0) break;
    o[j++] = c;
  }
  piece = j === 0 ? '' : stringOf(o, 0, j);
  return i;
}

function xUserDefinedLoop(input, from, to) {
  let j = 0;
  for (let i = from; i < to; i++) {
    const b = input[i];
    out[j++] = b < 0x80 ? b : 0xf700 + b; // U+F780 + byte - 0x80
  }
  piece = stringOf(out, 0, j);
  return to;
}

/**
 * The two-byte families as tables, so that the loop tests one value per
 * character: `single[byte]` is the code point of a one-byte character or -1;
 * `lead[byte]` + `trail[byte]` is the position in `table` of a pair's code
 * point, and is negative (so `table[...]` is undefined) when either byte
 * cannot be part of a pair the loop decodes; `table` holds 0 where the core
 * must decide (no code point: an error, or a case the loop leaves out).
 */
const NO = -0x1000000;
function byteTable(fill) {
  const t = new Int32Array(256);
  for (let b = 0; b < 256; b++) t[b] = fill(b);
  return t;
}
const ASCII_ONLY = (b) => (b < 0x80 ? b : -1);

function shiftJisCodec(jis0208) {
  // Index jis0208 with the EUDC range (pointers 8836-10715 -> U+E000-U+E757,
  // which Shift_JIS decodes before looking at the index) written in.
  const table = new Uint16Array(max(jis0208.length, 10716));
  setElements(table, jis0208);
  for (let p = 8836; p <= 10715; p++) table[p] = 0xe000 - 8836 + p;
  return {
    single: byteTable((b) => (b <= 0x80 ? b : b >= 0xa1 && b <= 0xdf ? 0xfec0 + b : -1)),
    lead: byteTable((b) => ((b >= 0x81 && b <= 0x9f) || (b >= 0xe0 && b <= 0xfc) ? (b - (b < 0xa0 ? 0x81 : 0xc1)) * 188 : NO)),
    trail: byteTable((t) => (t >= 0x40 && t <= 0xfc && t !== 0x7f ? t - (t < 0x7f ? 0x40 : 0x41) : NO)),
    table,
    pairs: null,
    seen: 0,
  };
}

/** GBK and gb18030: two-byte pairs only; a second byte 0x30-0x39 (four bytes) is left to the core. */
function gbCodec(gb18030) {
  return {
    single: byteTable((b) => (b < 0x80 ? b : b === 0x80 ? 0x20ac : -1)),
    lead: byteTable((b) => (b >= 0x81 && b <= 0xfe ? (b - 0x81) * 190 : NO)),
    trail: byteTable((t) => (t >= 0x40 && t <= 0xfe && t !== 0x7f ? t - (t < 0x7f ? 0x40 : 0x41) : NO)),
    table: gb18030,
    pairs: null,
    seen: 0,
  };
}

function eucKrCodec(eucKr) {
  return {
    single: byteTable(ASCII_ONLY),
    lead: byteTable((b) => (b >= 0x81 && b <= 0xfe ? (b - 0x81) * 190 : NO)),
    trail: byteTable((t) => (t >= 0x41 && t <= 0xfe ? t - 0x41 : NO)),
    table: eucKr,
    pairs: null,
    seen: 0,
  };
}

/** EUC-JP: index jis0208, with 0x8E's half-width katakana as 94 more entries after it; 0x8F (JIS X 0212) is left to the core. */
function eucJpCodec(jis0208) {
  const kana = 94 * 94;
  const table = new Uint16Array(kana + 94);
  setElements(table, subarray(jis0208, 0, kana));
  for (let t = 0xa1; t <= 0xdf; t++) table[kana + t - 0xa1] = 0xfec0 + t; // U+FF61 - 0xA1 + byte
  return {
    single: byteTable(ASCII_ONLY),
    lead: byteTable((b) => (b >= 0xa1 && b <= 0xfe ? (b - 0xa1) * 94 : b === 0x8e ? kana : NO)),
    trail: byteTable((t) => (t >= 0xa1 && t <= 0xfe ? t - 0xa1 : NO)),
    table,
    pairs: null,
    seen: 0,
  };
}

/** Big5: the four pointers that decode to two code points are zeroed here, so the core does them. */
function big5Codec(big5) {
  const table = sliceElements(big5);
  table[1133] = table[1135] = table[1164] = table[1166] = 0;
  return {
    single: byteTable(ASCII_ONLY),
    lead: byteTable((b) => (b >= 0x81 && b <= 0xfe ? (b - 0x81) * 157 : NO)),
    trail: byteTable((t) => ((t >= 0x40 && t <= 0x7e) || (t >= 0xa1 && t <= 0xfe) ? t - (t < 0x7f ? 0x40 : 0x62) : NO)),
    table,
  };
}

/** Bytes the lead/trail loop decodes in an encoding before its pair table is made (~1 ms in Hermes: not for a start-up's first decode). */
const PAIR_TABLE_AFTER = 1 << 16;

/**
 * The two-byte families' valid pairs as one table of 64 Ki code points,
 * `pairs[(lead << 8) | trail]` (0: the core decides, as in `table`): one
 * load per pair instead of three (`lead`, `trail`, `table`), 15-20 % faster
 * in Hermes bytecode, QuickJS and node --jitless (EUC-KR, 256 KiB).
 */
function pairTable(codec) {
  const pairs = new Uint16Array(0x10000);
  const lead = codec.lead;
  const trail = codec.trail;
  const table = codec.table;
  for (let b = 0x80; b < 0x100; b++) {
    const row = lead[b];
    if (row < 0) continue;
    for (let t = 0x40; t < 0x100; t++) {
      const column = trail[t];
      if (column >= 0) pairs[(b << 8) | t] = table[row + column] | 0;
    }
  }
  return pairs;
}

function pairLoop(input, from, to, limit, codec) {
  var pairs = codec.pairs;
  if (pairs === null) {
    codec.seen += to - from;
    if (codec.seen < PAIR_TABLE_AFTER) return leadTrailLoop(input, from, to, limit, codec);
    pairs = codec.pairs = pairTable(codec);
  }
  // Locals, not literals or module bindings: in an interpreter each is one
  // step less per use (a module binding is an environment load; Hermes
  // loads a literal into a register at every use). `var`, not `let` or
  // `const`: QuickJS checks a lexical binding's temporal dead zone at every
  // read (as js/utf8-encode.js's writeUtf8).
  var single = codec.single;
  var o = to - from > SHORT_WINDOW ? out : shortOut;
  var ascii = 0x80;
  var one = 1;
  var two = 2;
  var eight = 8;
  var j = 0;
  var i = from;
  // Every pair that starts before `last` is whole: no length check in the loop.
  var last = to < limit ? to : limit - 1;
  var b, c;
  while (i < last) {
    b = input[i];
    // Every family decodes ASCII bytes to themselves.
    if (b < ascii) {
      o[j] = b;
      j = j + one;
      i = i + one;
      continue;
    }
    c = pairs[(b << eight) | input[i + one]];
    if (c) {
      o[j] = c;
      j = j + one;
      i = i + two;
      continue;
    }
    // Not a pair the loop decodes: a one-byte character (GBK's 0x80, Shift_JIS's 0x80 and katakana), or the core's.
    c = single[b];
    if (c < 0) break;
    o[j] = c;
    j = j + one;
    i = i + one;
  }
  if (i === last && i < to && single[input[i]] >= 0) o[j++] = single[input[i++]]; // a last one-byte character
  if (j === 0) piece = '';
  else if (o === out) piece = stringOf(o, 0, j);
  else {
    o.length = j;
    piece = fromCharCodes(o);
  }
  return i;
}

/** pairLoop before the pair table: three loads per pair. */
function leadTrailLoop(input, from, to, limit, codec) {
  const single = codec.single;
  const lead = codec.lead;
  const trail = codec.trail;
  const table = codec.table;
  const o = out;
  let j = 0;
  let i = from;
  const last = to < limit ? to : limit - 1;
  while (i < last) {
    const b = input[i];
    const s = single[b];
    if (s >= 0) {
      o[j++] = s;
      i++;
    } else {
      const c = table[lead[b] + trail[input[i + 1]]];
      if (!c) break;
      o[j++] = c;
      i += 2;
    }
  }
  if (i === last && i < to && single[input[i]] >= 0) o[j++] = single[input[i++]]; // a last one-byte character
  piece = j === 0 ? '' : stringOf(o, 0, j);
  return i;
}

function big5Loop(input, from, to, limit, codec) {
  const lead = codec.lead;
  const trail = codec.trail;
  const table = codec.table;
  let j = 0;
  let i = from;
  const last = to < limit ? to : limit - 1;
  while (i < last) {
    const b = input[i];
    if (b < 0x80) {
      out[j++] = b;
      i++;
    } else {
      const c = table[lead[b] + trail[input[i + 1]]];
      if (!c) break;
      if (c > 0xffff) {
        out[j++] = 0xd7c0 + (c >> 10); // 0xD800 + ((c - 0x10000) >> 10)
        out[j++] = 0xdc00 | (c & 0x3ff);
      } else {
        out[j++] = c;
      }
      i += 2;
    }
  }
  if (i === last && i < to && input[i] < 0x80) out[j++] = input[i++]; // a last ASCII byte
  piece = j === 0 ? '' : stringOf(out, 0, j);
  return i;
}
