// Raw DEFLATE (RFC 1951) decoding of the embedded modules (tools/embed-module.mjs
// deflates them with zopfli), for engines without a synchronous native
// inflater: browsers and the rest; Node uses its own zlib (js/module-bytes.js).
//
// Ours rather than fflate's inflateSync, which it replaces, for two reasons:
// fflate builds its tables when the bundle loads (~3-5 ms of every Node
// start-up, which never uses them; here they are built at the first call),
// and it is twice the size. Decoding is by table: a code's bits, read least
// significant first as DEFLATE stores them, index a table of 2^(longest code)
// entries holding symbol << 4 | code length.
//
// Input is the package's own build output, but a damaged one must fail with
// an exception, never loop or write out of bounds: every length, distance and
// code is checked.
import { Uint16Array, Uint8Array, setElements, sliceElements } from './intrinsics.js';

/** The code length alphabet's order in a dynamic block header (RFC 1951 3.2.7). */
const CODE_LENGTH_ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];

/** Length and distance bases and extra bits, and the fixed codes' tables: built at the first call. */
let lengthBase = null;
let lengthExtra;
let distanceBase;
let distanceExtra;
let fixedLiterals;
let fixedDistances;

function buildConstants() {
  lengthBase = new Uint16Array(29);
  lengthExtra = new Uint8Array(29);
  for (let i = 0, base = 3; i < 29; i++) {
    const extra = i < 8 ? 0 : (i - 4) >> 2;
    lengthBase[i] = base;
    lengthExtra[i] = extra;
    base += 1 << extra;
  }
  // Code 285 is 258 with no extra bits (the pattern above would give 259-290).
  lengthBase[28] = 258;
  lengthExtra[28] = 0;
  distanceBase = new Uint16Array(30);
  distanceExtra = new Uint8Array(30);
  for (let i = 0, base = 1; i < 30; i++) {
    const extra = i < 4 ? 0 : (i - 2) >> 1;
    distanceBase[i] = base;
    distanceExtra[i] = extra;
    base += 1 << extra;
  }
  const lengths = new Uint8Array(288 + 32);
  for (let i = 0; i < 288; i++) lengths[i] = i < 144 ? 8 : i < 256 ? 9 : i < 280 ? 7 : 8;
  for (let i = 288; i < 320; i++) lengths[i] = 5;
  fixedLiterals = huffmanTable(lengths, 0, 288, true);
  fixedDistances = huffmanTable(lengths, 288, 32, true);
}

function corrupt(what) {
  return new RangeError(`text-encoding-wasm: the embedded module's deflate stream is damaged (${what})`);
}

/**
 * The decoding table of the canonical code with `count` code lengths from
 * `lengths[from]` on: a Uint16Array of 2^max entries, each symbol << 4 |
 * length (0: no code has those bits), and its `bits` = max. As zlib, an
 * incomplete code is refused, except a lone code of one bit or none at all
 * where `sparse` (the literal/length and distance codes).
 */
function huffmanTable(lengths, from, count, sparse) {
  const lengthCount = new Uint16Array(16);
  let max = 0;
  for (let i = 0; i < count; i++) {
    const length = lengths[from + i];
    lengthCount[length]++;
    if (length > max) max = length;
  }
  lengthCount[0] = 0;
  // The first code of each length (RFC 1951 3.2.2); more codes than a length allows is an error.
  const next = new Uint16Array(16);
  let code = 0;
  let left = 1;
  for (let length = 1; length <= 15; length++) {
    code = (code + lengthCount[length - 1]) << 1;
    next[length] = code;
    left = (left << 1) - lengthCount[length];
    if (left < 0) throw corrupt('over-subscribed code');
  }
  if (left > 0 && !(sparse && max <= 1)) throw corrupt('incomplete code');
  const size = 1 << max;
  const table = new Uint16Array(size);
  for (let symbol = 0; symbol < count; symbol++) {
    const length = lengths[from + symbol];
    if (length === 0) continue;
    // The code's bits reversed: DEFLATE sends a code's first bit first, in the low bit.
    let c = next[length]++;
    let reversed = 0;
    for (let k = 0; k < length; k++) {
      reversed = (reversed << 1) | (c & 1);
      c >>= 1;
    }
    const entry = (symbol << 4) | length;
    for (let j = reversed; j < size; j += 1 << length) table[j] = entry;
  }
  return { table, bits: max };
}

/** A copy of `out` with room for at least `size` bytes (doubling). */
function grown(out, size) {
  let length = out.length * 2;
  while (length < size) length *= 2;
  const bigger = new Uint8Array(length);
  setElements(bigger, out);
  return bigger;
}

/** The bytes that `data` (a raw DEFLATE stream) decodes to, as a new Uint8Array. */
export function inflateRaw(data) {
  if (lengthBase === null) buildConstants();
  const end = data.length * 8;
  let out = new Uint8Array(data.length * 4 + 64);
  let o = 0;
  let pos = 0;
  /** The next up to 16 bits, unconsumed (bytes past the end read as 0; `pos` is checked against `end`). */
  const peek = () => {
    const p = pos >> 3;
    return (data[p] | (data[p + 1] << 8) | (data[p + 2] << 16)) >>> (pos & 7);
  };
  const bits = (n) => {
    const value = peek() & ((1 << n) - 1);
    pos += n;
    return value;
  };
  const decode = (code) => {
    const entry = code.table[peek() & ((1 << code.bits) - 1)];
    if (entry === 0) throw corrupt('no such code');
    pos += entry & 15;
    return entry >> 4;
  };
  let last = 0;
  do {
    last = bits(1);
    const type = bits(2);
    if (type === 0) {
      // Stored: the next byte boundary, LEN, NLEN, then LEN bytes as they are.
      pos = (pos + 7) & ~7;
      const p = pos >> 3;
      const length = data[p] | (data[p + 1] << 8);
      if (p + 4 > data.length || (length ^ 0xffff) !== (data[p + 2] | (data[p + 3] << 8))) throw corrupt('stored block length');
      if (p + 4 + length > data.length) throw corrupt('stored block past the end');
      if (o + length > out.length) out = grown(out, o + length);
      for (let i = 0; i < length; i++) out[o++] = data[p + 4 + i];
      pos += (4 + length) * 8;
      continue;
    }
    let literals;
    let distances;
    if (type === 1) {
      literals = fixedLiterals;
      distances = fixedDistances;
    } else if (type === 2) {
      const literalCount = bits(5) + 257;
      const distanceCount = bits(5) + 1;
      const codeLengthCount = bits(4) + 4;
      if (literalCount > 286 || distanceCount > 30) throw corrupt('too many length or distance codes');
      const codeLengths = new Uint8Array(19);
      for (let i = 0; i < codeLengthCount; i++) codeLengths[CODE_LENGTH_ORDER[i]] = bits(3);
      const codeLengthCode = huffmanTable(codeLengths, 0, 19, false);
      const lengths = new Uint8Array(literalCount + distanceCount);
      for (let i = 0; i < lengths.length;) {
        const symbol = decode(codeLengthCode);
        if (symbol < 16) {
          lengths[i++] = symbol;
          continue;
        }
        let repeat;
        let value = 0;
        if (symbol === 16) {
          if (i === 0) throw corrupt('repeat with no previous length');
          value = lengths[i - 1];
          repeat = 3 + bits(2);
        } else {
          repeat = symbol === 17 ? 3 + bits(3) : 11 + bits(7);
        }
        if (i + repeat > lengths.length) throw corrupt('code lengths past the end');
        while (repeat-- > 0) lengths[i++] = value;
      }
      if (lengths[256] === 0) throw corrupt('no end-of-block code');
      literals = huffmanTable(lengths, 0, literalCount, true);
      distances = huffmanTable(lengths, literalCount, distanceCount, true);
    } else {
      throw corrupt('block type 3');
    }
    // The block's symbols with the reader's state in locals, read inline: the
    // closures above keep `pos` in their shared context, a load and a store
    // per use, and a call per read, which a cold engine (every realm's first
    // inflate, and the interpreters) pays for each of ~80,000 symbols.
    const literalTable = literals.table;
    const literalMask = (1 << literals.bits) - 1;
    const distanceTable = distances.table;
    const distanceMask = (1 << distances.bits) - 1;
    let p = pos;
    let bytes = out;
    let at = o;
    for (;;) {
      if (p > end) throw corrupt('past the end');
      let q = p >> 3;
      let entry = literalTable[((data[q] | (data[q + 1] << 8) | (data[q + 2] << 16)) >>> (p & 7)) & literalMask];
      if (entry === 0) throw corrupt('no such code');
      p += entry & 15;
      const symbol = entry >> 4;
      if (symbol < 256) {
        if (at === bytes.length) bytes = grown(bytes, at + 1);
        bytes[at++] = symbol;
        continue;
      }
      if (symbol === 256) break;
      const lengthCode = symbol - 257;
      if (lengthCode >= 29) throw corrupt('length code');
      // Extra bits: at most 5 for a length, 13 for a distance, so 3 bytes hold them at any bit offset.
      q = p >> 3;
      const length = lengthBase[lengthCode] + (((data[q] | (data[q + 1] << 8) | (data[q + 2] << 16)) >>> (p & 7)) & ((1 << lengthExtra[lengthCode]) - 1));
      p += lengthExtra[lengthCode];
      q = p >> 3;
      entry = distanceTable[((data[q] | (data[q + 1] << 8) | (data[q + 2] << 16)) >>> (p & 7)) & distanceMask];
      if (entry === 0) throw corrupt('no such code');
      p += entry & 15;
      const distanceCode = entry >> 4;
      if (distanceCode >= 30) throw corrupt('distance code');
      q = p >> 3;
      const distance = distanceBase[distanceCode] + (((data[q] | (data[q + 1] << 8) | (data[q + 2] << 16)) >>> (p & 7)) & ((1 << distanceExtra[distanceCode]) - 1));
      p += distanceExtra[distanceCode];
      if (distance > at) throw corrupt('distance before the start');
      if (at + length > bytes.length) bytes = grown(bytes, at + length);
      // Byte by byte: a copy may overlap what it writes (distance < length).
      for (let i = 0; i < length; i++, at++) bytes[at] = bytes[at - distance];
    }
    pos = p;
    out = bytes;
    o = at;
  } while (last === 0);
  if (pos > end) throw corrupt('past the end');
  return sliceElements(out, 0, o);
}
