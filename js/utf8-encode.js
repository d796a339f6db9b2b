// UTF-8 encoding in JavaScript: TextEncoder's encode() and encodeInto() in
// every build (§8.1.2 over the code points of the USVString conversion: a
// surrogate pair is one code point, 4 bytes; a lone surrogate is U+FFFD, 3).
// In JS, not the module: the string's units would have to be read with
// charCodeAt and copied into wasm memory anyway, and the bytes copied out;
// the loop alone measured faster than that at every size. (The module's
// `encode` export stays for the legacy encoders; TextEncoder is UTF-8 only.)
import { concatBytes } from './concat-bytes.js';
import { Uint8Array, call, charCodeAt, min, setElements, sliceElements, stringCharCodeAt, subarray } from './intrinsics.js';

/**
 * Whether writeUtf8 may take its branch-free step for text of mixed scripts:
 * not in an interpreter (the build without WebAssembly), where it measured
 * 1.3-1.5x slower (more operations per unit, and no predictor to spare).
 */
let branchFree = true;
/**
 * In an interpreter, the branching loops read a string's units through its
 * charCodeAt bound to it (`unit(i)`: one native call, no JS frame), 1.4-1.6x
 * faster there than charCodeAt's closure (two calls per unit); null in JIT
 * engines, which inline the closure and not a bound function.
 */
let unitsOf = null;
const bind = Function.prototype.bind;

/** For the runtimes that build strings for an interpreter (js/runtime.js, js/utf-runtime.js). */
export function preferBranches() {
  branchFree = false;
  unitsOf = (string) => call(bind, stringCharCodeAt, string);
}

/** Code units encoded per window when a string's UTF-8 is built in pieces. */
const ENCODE_WINDOW = 1 << 16;
/**
 * encode() writes into one buffer of the worst-case size (3 bytes per unit)
 * and copies out the used part when that buffer is at most this big; longer
 * strings go in windows, so the spare room never grows with the input.
 */
const ENCODE_ONE_SHOT_BYTES = 1 << 24;
/** encode() of strings up to this many units goes through shortBytes. */
const ENCODE_SHORT = 64;
/** Room for the UTF-8 of ENCODE_SHORT units (3 bytes each at most); no user code runs while it is in use. */
const shortBytes = new Uint8Array(3 * ENCODE_SHORT);

/** UTF-8 encode a string (lone surrogates become U+FFFD) into a new Uint8Array. */
export function encodeUtf8(string) {
  const length = string.length;
  // ASCII first: one byte per unit, often the whole string.
  const ascii = new Uint8Array(length);
  const i = asciiPrefix(string, ascii, length);
  // The rest in a function of its own: this one stays small enough for V8
  // to inline it, and asciiPrefix, into short callers (~10 % on ~20 units).
  return i === length ? ascii : encodeRest(string, ascii, i, length);
}

/** encodeUtf8 from unit `i` on, `ascii` holding the i ASCII bytes before it. */
function encodeRest(string, ascii, i, length) {
  if (length <= ENCODE_SHORT) {
    // Into a reused buffer, then one exact copy: cheaper for short
    // strings than counting the bytes first (a second pass).
    const out = shortBytes;
    for (let j = 0; j < i; j++) out[j] = ascii[j];
    return sliceElements(out, 0, writeUtf8(string, i, length, out, i));
  }
  // Counting the exact size first would cost a second pass as long as
  // the encoding itself (mixed text defeats the branch predictor).
  if (3 * (length - i) <= ENCODE_ONE_SHOT_BYTES) {
    const out = new Uint8Array(i + 3 * (length - i));
    setElements(out, subarray(ascii, 0, i));
    const end = writeUtf8(string, i, length, out, i);
    return end === out.length ? out : sliceElements(out, 0, end);
  }
  const scratch = new Uint8Array(3 * ENCODE_WINDOW);
  const pieces = [subarray(ascii, 0, i)];
  let total = i;
  while (i < length) {
    let end = min(length, i + ENCODE_WINDOW);
    // Never split a surrogate pair between windows.
    if (end < length && (charCodeAt(string, end - 1) & 0xfc00) === 0xd800) end--;
    const written = writeUtf8(string, i, end, scratch, 0);
    pieces[pieces.length] = sliceElements(scratch, 0, written);
    total += written;
    i = end;
  }
  return concatBytes(pieces, total);
}

/** TextEncoder.encodeInto: as many whole characters as fit in `destination[0, room)`; { read, written }. In JS, as encodeUtf8. */
export function encodeInto(string, destination, room) {
  const length = string.length;
  const read = asciiPrefix(string, destination, min(length, room));
  // The rest in a function of its own, as in encodeUtf8: this one stays small
  // enough for V8 to inline it, the WebIDL checks and asciiPrefix into a caller.
  return read === length || read === room ? { read, written: read } : encodeIntoRest(string, destination, room, read);
}

/** encodeInto from unit `read` on, the `read` ASCII bytes before it written. */
function encodeIntoRest(string, destination, room, read) {
  const length = string.length;
  // Room for the worst case (3 bytes per unit) left: the loop without room checks.
  if (3 * (length - read) <= room - read) return { read: length, written: writeUtf8(string, read, length, destination, read) };
  return encodeUtf8Into(string, destination, room, read, read);
}

/** Whether the UTF-8 lengths of the 64 units from `from` change often (text of mixed scripts; see js/utf8-codec.js). */
function mixedUnits(string, from) {
  let changes = 0;
  let last = 0;
  for (let i = from; i < from + 64; i++) {
    const u = charCodeAt(string, i);
    const n = u < 0x80 ? 1 : u < 0x800 ? 2 : 3;
    if (n !== last) {
      changes++;
      last = n;
    }
  }
  return changes > 16;
}

/** Copies `string`'s units from 0 into `out` while they are ASCII, up to `end`; returns where it stopped. */
function asciiPrefix(string, out, end) {
  let i = 0;
  // Two loops: a test per unit for the mode cost V8 ~15 % on 1 Mi ASCII units.
  if (unitsOf === null) {
    if (end > ENCODE_SHORT) i = asciiQuads(string, out, end);
    for (; i < end; i++) {
      const u = charCodeAt(string, i);
      if (u >= 0x80) break;
      out[i] = u;
    }
  } else {
    const unit = unitsOf(string);
    for (; i < end; i++) {
      const u = unit(i);
      if (u >= 0x80) break;
      out[i] = u;
    }
  }
  return i;
}

/**
 * asciiPrefix four units per test (@exodus/bytes's form) while four more fit
 * before `end`; returns where it stopped. ~15 % faster than one unit per
 * test on 1 Mi ASCII units in Node, in a function of its own (with the
 * one-at-a-time loop after it in the same function: no faster). Not for
 * short strings: slower there.
 */
function asciiQuads(string, out, end) {
  let i = 0;
  for (const last = end - 3; i < last; i += 4) {
    const a = charCodeAt(string, i);
    const b = charCodeAt(string, i + 1);
    const c = charCodeAt(string, i + 2);
    const d = charCodeAt(string, i + 3);
    if ((a | b | c | d) >= 0x80) break;
    out[i] = a;
    out[i + 1] = b;
    out[i + 2] = c;
    out[i + 3] = d;
  }
  return i;
}

/**
 * UTF-8 of `string[from, to)` written into `out` from byte `at`; `out` must
 * have room for all of it (3 bytes per unit will do). A pair split by
 * `to` would be two lone surrogates: callers cut only between characters.
 * Returns the end of what was written.
 *
 * encodeUtf8Into below is the same loop with a room check per character.
 * Kept apart on purpose: routing encode() through it (room = out.length)
 * measured ~12 % slower on ~20-unit strings in Node (253 vs 223 µs per 1,000
 * calls, best of 7), the small-call case the benchmark goals are about.
 * tests/js/utf8-fast-paths.test.mjs checks both against a reference encoder.
 */
export function writeUtf8(string, from, to, out, at) {
  // Mixed scripts: see writeMixed (which comes back here for its last units).
  if (branchFree && to - from >= 64 && mixedUnits(string, from)) return writeMixed(string, from, to, out, at);
  // One reader per call, not a test of the mode per unit (QuickJS: 1.3x
  // slower with the test). V8 inlines the arrow and drops its allocation.
  const unit = unitsOf === null ? (k) => charCodeAt(string, k) : unitsOf(string);
  // `var`, not `let`: QuickJS checks a `let` binding's temporal dead zone at
  // every read (encode of 256 Ki mixed units: 9 % slower with `let` here).
  for (var i = from; i < to; i++) {
    var u = unit(i);
    // Indexes from `at`, then one step (fewer operations for QuickJS than `at++` each).
    if (u < 0x80) {
      out[at++] = u;
    } else if (u < 0x800) {
      out[at] = 0xc0 | (u >> 6);
      out[at + 1] = 0x80 | (u & 0x3f);
      at += 2;
    } else {
      if ((u & 0xf800) === 0xd800) {
        const next = i + 1 >= to ? 0 : unit(i + 1);
        if (u <= 0xdbff && (next & 0xfc00) === 0xdc00) {
          at = writePair(out, at, u, next);
          i++;
          continue;
        }
        u = 0xfffd;
      }
      out[at] = 0xe0 | (u >> 12);
      out[at + 1] = 0x80 | ((u >> 6) & 0x3f);
      out[at + 2] = 0x80 | (u & 0x3f);
      at += 3;
    }
  }
  return at;
}

/**
 * writeUtf8 for mixed scripts (JIT engines): no branch on the unit's length,
 * which such text makes unpredictable (2.1x faster in Node on the
 * benchmark's mixed text; for strings under 64 units the branches measured
 * faster, Node and Chromium). Three bytes are written for every unit and the
 * cursor moves by its length: the spare ones are overwritten by the units
 * after it, and the last two units go through writeUtf8's loop, so that
 * nothing is written past the end of the UTF-8 (encodeInto's destination is
 * the caller's). A function of its own: writeUtf8's arrow captures `string`,
 * which V8 then reads from the closure's context at each use (~10 % here).
 */
function writeMixed(string, i, to, out, at) {
  for (const end = to - 2; i < end; i++) {
    let u = charCodeAt(string, i);
    if ((u & 0xf800) === 0xd800) {
      const next = charCodeAt(string, i + 1);
      if (u <= 0xdbff && (next & 0xfc00) === 0xdc00) {
        at = writePair(out, at, u, next);
        i++;
        continue;
      }
      u = 0xfffd;
    }
    const n = 1 + ((0x7f - u) >>> 31) + ((0x7ff - u) >>> 31);
    // The lead's marker bits (none, C0, E0) are byte n of E0C00000.
    out[at] = ((0xe0c00000 >> (8 * n)) & 0xff) | (u >> (6 * n - 6));
    out[at + 1] = 0x80 | ((u >> (6 * n - 12)) & 0x3f);
    out[at + 2] = 0x80 | (u & 0x3f);
    at += n;
  }
  return writeUtf8(string, i, to, out, at);
}

/** The 4 UTF-8 bytes of the surrogate pair `lead`, `trail` at `out[at]`; returns the index after them. */
function writePair(out, at, lead, trail) {
  const cp = 0x10000 + ((lead - 0xd800) << 10) + (trail - 0xdc00);
  out[at] = 0xf0 | (cp >> 18);
  out[at + 1] = 0x80 | ((cp >> 12) & 0x3f);
  out[at + 2] = 0x80 | ((cp >> 6) & 0x3f);
  out[at + 3] = 0x80 | (cp & 0x3f);
  return at + 4;
}

/**
 * TextEncoder.encodeInto's loop (§7.4 "encode into"): from unit `read` and
 * byte `written` on, every whole character that fits in `destination[0,
 * room)`, none cut short. Returns { read, written }.
 */
export function encodeUtf8Into(string, destination, room, read, written) {
  const length = string.length;
  while (read < length) {
    let u = charCodeAt(string, read);
    if (u < 0x80) {
      if (written >= room) break;
      destination[written++] = u;
      read++;
    } else if (u < 0x800) {
      if (written + 2 > room) break;
      destination[written++] = 0xc0 | (u >> 6);
      destination[written++] = 0x80 | (u & 0x3f);
      read++;
    } else {
      if ((u & 0xf800) === 0xd800) {
        // Past the end, charCodeAt gives NaN, which is no trail.
        const next = charCodeAt(string, read + 1);
        if (u <= 0xdbff && (next & 0xfc00) === 0xdc00) {
          if (written + 4 > room) break;
          written = writePair(destination, written, u, next);
          read += 2;
          continue;
        }
        u = 0xfffd;
      }
      if (written + 3 > room) break;
      destination[written++] = 0xe0 | (u >> 12);
      destination[written++] = 0x80 | ((u >> 6) & 0x3f);
      destination[written++] = 0x80 | (u & 0x3f);
      read++;
    }
  }
  return { read, written };
}
