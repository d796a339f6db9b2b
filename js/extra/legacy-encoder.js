// LegacyEncoder (text-encoding-wasm/extra): the Encoding Standard's encoder of
// any encoding that has one (§4.1; UTF-8, the single-byte encodings, gb18030,
// GBK, Big5, EUC-JP, ISO-2022-JP, Shift_JIS, EUC-KR, x-user-defined), in error
// mode "fatal" (a TypeError naming the code point) or "html" (&#N;, as form
// submission does). Streaming keeps the encoder's state (ISO-2022-JP's mode, a
// lead surrogate that ended a chunk) between calls; a call without `stream`
// ends the stream (ISO-2022-JP returns to ASCII: ESC ( B).
//
// The work happens in the main entry's WebAssembly instance (the wasm export
// `encode`, src/wasm.rs, through runtime.encodeChunk): this bundle imports the
// main entry and takes its runtime from a symbol on `ready`, so importing both
// entries instantiates the module once.
import { REPLACEMENT, UTF_16BE, UTF_16LE } from '../encodings.js';
import { bufferSourceBytes, dictionaryFlag, encodeIntoSource, shapeInterface, slotsIn, taBuffer, toDictionary, toStringValue } from '../webidl.js';
import { concatBytes } from '../concat-bytes.js';
import { ERROR, OUTPUT_FULL } from '../wasm-abi.js';
import { Uint16Array, Uint32Array, Uint8Array, WeakMap, call, charCodeAt, fromCharCodes, max, min, setElements, sliceElements, sliceString, subarray } from '../intrinsics.js';

/** Taken at load, as js/intrinsics.js's are: the encoder's name, lower-cased, decides whether it has a table (hasNoTable). */
const toLowerCase = String.prototype.toLowerCase;

const CONSTRUCT = "Failed to construct 'LegacyEncoder'";
const ENCODE = "Failed to execute 'encode' on 'LegacyEncoder'";
const ENCODE_INTO = "Failed to execute 'encodeInto' on 'LegacyEncoder'";

/**
 * Code units per call of the module. Each call gets an output buffer of the
 * worst case for its window (see maxBytes), so a window's output is never cut
 * short; 16 Ki units need at most 180 KB of scratch in "html" mode.
 */
const WINDOW = 1 << 14;

/**
 * The most bytes one call can write for `units` code units: StreamEncoder::max_len
 * (src/encode.rs) with the largest per-unit figure of any encoder (ISO-2022-JP:
 * an escape plus two bytes = 5; "html": an escape plus "&#65533;" = 11), one more
 * unit for a lead surrogate held from the previous call, and 3 for the escape
 * that ends an ISO-2022-JP stream.
 */
const maxBytes = (units, fatal) => (units + 1) * (fatal ? 5 : 11) + 3;

const isLead = (unit) => (unit & 0xfc00) === 0xd800;
const isTrail = (unit) => (unit & 0xfc00) === 0xdc00;

let runtimeSource = null;

/** Called by the entry with the main entry's getRuntime. */
export function connect(getRuntime) {
  runtimeSource = getRuntime;
}

function runtime(context) {
  if (typeof runtimeSource !== 'function') {
    throw new TypeError(`${context}: text-encoding-wasm/extra could not reach the main entry's module (mismatched package copies?).`);
  }
  return runtimeSource(context);
}

/** Per instance: { index, name, fatal, state (4 bytes, or null: a new encoder) }. */
const slots = new WeakMap();

const slotsOf = (object) => slotsIn(slots, object);

/**
 * Runs the encoder over `string`, from the instance's state; `last` ends the
 * stream. Without `destination` the output is returned whole (`bytes`); with
 * one, as many whole characters as fit are written to it. Returns
 * { bytes, read, written, codePoint } with codePoint -1 unless a fatal error
 * stopped it (then `read` includes the unmappable character). Updates the
 * instance's state: null once a stream has ended.
 */
function run(rt, s, string, last, destination) {
  const length = string.length;
  const pieces = [];
  let read = 0;
  let written = 0;
  let state = s.state;
  let full = false;
  for (;;) {
    let end = min(length, read + WINDOW);
    // Never split a surrogate pair between windows.
    if (end < length && isLead(charCodeAt(string, end - 1))) end--;
    const units = end - read;
    const isLast = last && end === length;
    const need = maxBytes(units, s.fatal);
    const room = destination ? destination.length - written : need;
    const cap = min(room, need);
    let r = rt.encodeChunk(s.index, s.fatal, isLast, string, read, end, state, cap);
    if (destination && isLast && r[0] === OUTPUT_FULL && r[1] === units) {
      // Every character fit but the stream's end (ESC ( B, or the U+FFFD of a
      // held lead surrogate) did not: give back the last character, so that
      // "all of the input read" always means "the stream has ended".
      let k = units - 1;
      if (k > 0 && isTrail(charCodeAt(string, read + k)) && isLead(charCodeAt(string, read + k - 1))) k--;
      r = rt.encodeChunk(s.index, s.fatal, false, string, read, read + max(k, 0), state, cap);
      full = true;
    }
    const [status, n, w, codePoint, after, bytes] = r;
    if (destination) setElements(destination, bytes, written);
    else pieces[pieces.length] = sliceElements(bytes);
    read += n;
    written += w;
    state = after;
    if (status === ERROR) {
      s.state = state;
      return { bytes: concatBytes(pieces, written), read, written, codePoint };
    }
    if (full || (status === OUTPUT_FULL && cap === room && destination)) {
      s.state = state;
      return { bytes: null, read, written, codePoint: -1 };
    }
    if (status !== OUTPUT_FULL && end === length) {
      // After the stream's end the encoder is new again.
      s.state = isLast ? null : state;
      return { bytes: destination ? null : concatBytes(pieces, written), read, written, codePoint: -1 };
    }
    // Otherwise the next window (an OUTPUT_FULL with a worst-case buffer
    // cannot happen, but would also just go on from `read`).
  }
}

/**
 * Per encoding index: its table entry (see tableEntry) or null, made at the
 * encoding's first encode() (a few milliseconds; 128 KB, plus a 64 KB byte
 * map for single-byte encodings; see tools/bench/legacy-encode.mjs). A
 * null-prototype object, not a Map: that first encode() may come after page
 * script replaced Map.prototype.get (tests/js/hostile-tampering.test.mjs), and
 * a property read calls nothing.
 */
const tables = { __proto__: null };

/** Encodings whose encoder the table cannot stand for: stateful, or better served elsewhere. */
const hasNoTable = (name) => name === 'iso-2022-jp' || name === 'utf-8';

/** Non-ASCII BMP scalar values (U+0080 to U+FFFF less the surrogates), each followed by U+000A: tableEntry's probe. */
const PROBE_UNITS = 2 * (0x10000 - 0x80 - 0x800);

/** Whether a saved encoder state is the initial one (no held surrogate, handler at rest). */
const isInitial = (state) => state === null || (state[0] === 0 && state[2] === 0 && state[3] === 0);

/**
 * encode()'s fast path: the units of `string` that are ASCII or in the
 * encoding's table, from the start, written into a new array in JS (no copy
 * into the module and out again); stops at the first unit that is not (a
 * surrogate, an unmappable character, a four-byte gb18030 sequence). Returns
 * { out, read, written }.
 */
function encodeWithTable(entry, string, rt, index) {
  return entry.narrow !== null ? encodeNarrow(entry.narrow, string) : encodeWide(entry, string, rt, index);
}

/** Whether a Uint32Array store puts its low byte first (encodeNarrow's word stores assume it). */
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/**
 * Single-byte encodings: `map` gives every unit's byte (ASCII included), 0 for
 * none (U+0000 itself is 0x00). Eight units a step, their bytes stored as two
 * words through a Uint32Array view of the output (which has the input's
 * length): in V8 that beat four units a step with byte stores (@exodus/bytes's
 * loop) by ~10 % (docs/speed-log.md, "Issue 15, LegacyEncoder windows-1252").
 * A big-endian machine takes the unit-at-a-time loop for all of it.
 */
function encodeNarrow(map, string) {
  const length = string.length;
  const out = new Uint8Array(length);
  const words = new Uint32Array(call(taBuffer, out), 0, length >> 2);
  const wordEnd = LITTLE_ENDIAN ? (length >> 3) << 1 : 0;
  let i = 0;
  for (let k = 0; k < wordEnd; k += 2, i += 8) {
    const x0 = charCodeAt(string, i);
    const x1 = charCodeAt(string, i + 1);
    const x2 = charCodeAt(string, i + 2);
    const x3 = charCodeAt(string, i + 3);
    const x4 = charCodeAt(string, i + 4);
    const x5 = charCodeAt(string, i + 5);
    const x6 = charCodeAt(string, i + 6);
    const x7 = charCodeAt(string, i + 7);
    const c0 = map[x0];
    const c1 = map[x1];
    const c2 = map[x2];
    const c3 = map[x3];
    const c4 = map[x4];
    const c5 = map[x5];
    const c6 = map[x6];
    const c7 = map[x7];
    if (
      (c0 === 0 && x0 !== 0) || (c1 === 0 && x1 !== 0) || (c2 === 0 && x2 !== 0) || (c3 === 0 && x3 !== 0) ||
      (c4 === 0 && x4 !== 0) || (c5 === 0 && x5 !== 0) || (c6 === 0 && x6 !== 0) || (c7 === 0 && x7 !== 0)
    ) break;
    words[k] = c0 | (c1 << 8) | (c2 << 16) | (c3 << 24);
    words[k + 1] = c4 | (c5 << 8) | (c6 << 16) | (c7 << 24);
  }
  for (; i < length; i++) {
    const x = charCodeAt(string, i);
    const c = map[x];
    if (c === 0 && x !== 0) break;
    out[i] = c;
  }
  return { out, read: i, written: i };
}

/**
 * Two-byte encodings: `table` entries < 0x100 are one byte (ASCII
 * included), others two (lead << 8 | trail), 0 none (U+0000 itself is
 * 0x00). Surrogate pairs go through `astral`, a cache filled one code point
 * at a time by the module (Big5 has thousands of supplementary characters,
 * most encodings none). One byte or two are stored without a branch on
 * which: in most text ASCII and two-byte characters alternate at random, and
 * a branch on it was mispredicted so often that the loop took 2.3x the time
 * (Shift_JIS, GBK and EUC-KR text a third ASCII, Node 20, paired runs:
 * docs/speed-log.md, "LegacyEncoder: the two-byte loop without a branch").
 */
function encodeWide(entry, string, rt, index) {
  const table = entry.table;
  const length = string.length;
  const out = new Uint8Array(length * 2);
  let read = 0;
  let written = 0;
  for (; read < length; read++) {
    const unit = charCodeAt(string, read);
    let bytes = table[unit];
    if (bytes === 0 && unit !== 0) {
      const trail = charCodeAt(string, read + 1);
      if ((unit & 0xfc00) !== 0xd800 || (trail & 0xfc00) !== 0xdc00) break;
      const cp = 0x10000 + ((unit - 0xd800) << 10) + (trail - 0xdc00);
      bytes = entry.astral[cp];
      if (bytes === undefined) {
        const r = run(rt, { index, fatal: true, state: null }, sliceString(string, read, read + 2), true, null);
        bytes = r.codePoint < 0 && r.bytes.length === 2 ? (r.bytes[0] << 8) | r.bytes[1] : 0;
        entry.astral[cp] = bytes;
      }
      if (bytes === 0) break;
      read++;
    }
    // two: 1 for a two-byte entry (0x100-0xFFFF), 0 for one byte. The first
    // store writes the lead (or the one byte), the second the trail (or the
    // one byte again, at the same place; a Uint8Array keeps the low byte).
    const two = (bytes + 0xff00) >>> 16;
    out[written] = bytes >>> (two << 3);
    out[written + two] = bytes;
    written += 1 + two;
  }
  return { out, read, written };
}

/**
 * The table entry for encoding `index` (named `name`): { table, narrow,
 * astral }, or null. `table` (Uint16Array, per BMP code unit): 0 for "not
 * through the table" (U+0000, surrogates, unmappable, four-byte sequences;
 * the other ASCII units are themselves),
 * < 0x100 one byte, else two (lead << 8 | trail). It is read off the module's
 * own encoder, so it is the same code, spec rules included: every non-ASCII
 * BMP scalar value, each followed by U+000A, encoded in one run in "html"
 * mode; the output splits at the 0x0A bytes (no encoding's one or two bytes
 * for a non-ASCII character contain 0x0A), and a piece starting with "&" is an
 * unmappable character's &#N;. `narrow`: for single-byte encodings, a byte per
 * unit with ASCII included.
 */
function tableEntry(rt, index, name) {
  if (index in tables) return tables[index];
  let entry = null;
  if (!hasNoTable(name)) {
    const units = new Uint16Array(PROBE_UNITS);
    for (let unit = 0x80, k = 0; unit < 0x10000; unit++) {
      if (unit >= 0xd800 && unit <= 0xdfff) continue;
      units[k++] = unit;
      units[k++] = 0x0a;
    }
    let probe = '';
    for (let i = 0; i < PROBE_UNITS; i += 8192) probe += fromCharCodes(subarray(units, i, min(i + 8192, PROBE_UNITS)));
    const out = run(rt, { index, fatal: false, state: null }, probe, true, null).bytes;
    const table = new Uint16Array(0x10000);
    let wide = false;
    for (let at = 0, k = 0; at < out.length; k += 2) {
      let end = at;
      while (out[end] !== 0x0a) end++;
      const length = end - at;
      if (length === 1 && out[at] !== 0x26) table[units[k]] = out[at];
      else if (length === 2) {
        table[units[k]] = (out[at] << 8) | out[at + 1];
        wide = true;
      }
      at = end + 1;
    }
    // ASCII is itself in every encoding with a table (ISO-2022-JP has none):
    // encodeWide then needs no branch for it. (U+0000 stays 0, read as 0x00.)
    for (let i = 1; i < 0x80; i++) table[i] = i;
    let narrow = null;
    if (!wide) {
      narrow = new Uint8Array(0x10000);
      setElements(narrow, table);
      for (let i = 0; i < 0x80; i++) narrow[i] = i;
    }
    entry = { table, narrow, astral: { __proto__: null } };
  }
  tables[index] = entry;
  return entry;
}

const hex = (cp) => cp.toString(16).toUpperCase().padStart(4, '0');

/** The TypeError of a fatal error: names the code point and where it is. */
function unmappable(context, s, r) {
  const units = r.codePoint > 0xffff ? 2 : 1;
  const index = r.read - units;
  const where = index >= 0 ? `at index ${index}` : 'at index -1 (its lead surrogate ended the previous chunk)';
  const error = new TypeError(`${context}: U+${hex(r.codePoint)} ${where} cannot be encoded in ${s.name}.`);
  error.codePoint = r.codePoint;
  error.index = index;
  error.read = r.read;
  error.written = r.written;
  return error;
}

export class LegacyEncoder {
  constructor(label, options) {
    const rt = runtime(CONSTRUCT);
    if (arguments.length < 1) throw new TypeError(`${CONSTRUCT}: 1 argument required, but only 0 present.`);
    label = toStringValue(label);
    const dict = toDictionary(options, CONSTRUCT, 'LegacyEncoderOptions');
    let mode = 'fatal';
    if (dict !== null && dict.mode !== undefined) {
      mode = toStringValue(dict.mode);
      if (mode !== 'fatal' && mode !== 'html') {
        throw new TypeError(`${CONSTRUCT}: The provided value '${mode}' is not a valid enum value of type LegacyEncoderMode ('fatal' or 'html').`);
      }
    }
    const index = rt.labelToIndex(label);
    if (index < 0) throw new RangeError(`${CONSTRUCT}: The encoding label provided ('${label}') is invalid.`);
    const name = call(toLowerCase, rt.name(index));
    if (index === REPLACEMENT || index === UTF_16BE || index === UTF_16LE) {
      // The standard gives these no encoder. Its "get an output encoding"
      // (forms, URLs) would substitute UTF-8; we do not do that silently.
      throw new RangeError(`${CONSTRUCT}: The encoding label provided ('${label}') names ${name}, which has no encoder in the Encoding Standard; use 'utf-8' (what form submission and URLs use instead).`);
    }
    slots.set(this, { index, name, fatal: mode === 'fatal', state: null });
  }

  get encoding() {
    return slotsOf(this).name;
  }

  get mode() {
    return slotsOf(this).fatal ? 'fatal' : 'html';
  }

  encode(input, options) {
    const s = slotsOf(this);
    const string = input === undefined ? '' : toStringValue(input);
    const stream = dictionaryFlag(options, 'stream', ENCODE, 'LegacyEncodeOptions');
    const rt = runtime(ENCODE);
    let prefix = null;
    if (isInitial(s.state)) {
      const table = tableEntry(rt, s.index, s.name);
      if (table !== null) {
        prefix = encodeWithTable(table, string, rt, s.index);
        if (prefix.read === string.length) {
          if (!stream) s.state = null;
          return prefix.written === prefix.out.length ? prefix.out : sliceElements(prefix.out, 0, prefix.written);
        }
      }
    }
    // The rest (or all) through the module; after a prefix nothing is held, so
    // the encoder state there is the initial one.
    const skip = prefix === null ? 0 : prefix.read;
    const r = run(rt, s, skip === 0 ? string : sliceString(string, skip), !stream, null);
    if (prefix !== null && prefix.written > 0) {
      r.bytes = concatBytes([subarray(prefix.out, 0, prefix.written), r.bytes], prefix.written + r.bytes.length);
      r.read += skip;
      r.written += prefix.written;
    } else if (skip > 0) {
      r.read += skip;
    }
    if (r.codePoint >= 0) {
      const error = unmappable(ENCODE, s, r);
      error.bytes = r.bytes;
      throw error;
    }
    return r.bytes;
  }

  encodeInto(source, destination, options) {
    const s = slotsOf(this);
    const string = encodeIntoSource(arguments, ENCODE_INTO);
    const stream = dictionaryFlag(options, 'stream', ENCODE_INTO, 'LegacyEncodeOptions');
    const r = run(runtime(ENCODE_INTO), s, string, !stream, bufferSourceBytes(destination, ENCODE_INTO));
    if (r.codePoint >= 0) throw unmappable(ENCODE_INTO, s, r);
    return { read: r.read, written: r.written };
  }
}

shapeInterface(LegacyEncoder, 'LegacyEncoder', ['encoding', 'mode', 'encode', 'encodeInto']);
