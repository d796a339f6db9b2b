// The CJK indexes' unpacker for the build without WebAssembly: the same
// decoding as src/tables/packed.rs (read it first: the format, the range
// coder, the used-code-point map), written in JavaScript. wasm2js's
// translation of the Rust unpacker took 30 to 130 ms per index at first use in
// Node (it runs once, so mostly before the JIT has optimised it) and ~250 ms
// interpreted; this one is small enough for the JIT to optimise at once.
//
// The core keeps its own copy of each index (and the loops of
// js/no-wasm/fast-decode.js a second, JavaScript one of jis0208 and jis0212,
// `indexArray` below, from which the core's is then filled): `index_table(which | 0x100)`
// (src/wasm/standard.rs) installs a zeroed array in the core and says where
// its packed bytes are; this fills the array in the core's memory before the core's first
// call that needs it (withJsIndexes, below): from the index's form in
// js/no-wasm/index-form.js where the translation carries one (the Japanese
// indexes: a few interpreted steps per entry instead of the range decoder's
// decisions), else by unpacking the packed bytes, which the translation's
// memory image leaves out and js/no-wasm/module-data.js reads out of the
// module at that first use. tests/js/no-wasm-unpack-index.test.mjs checks
// every index against the WHATWG index files.
import { Uint16Array, Uint32Array, Uint8Array, fillElements, setElements } from '../intrinsics.js';
import { decodeIndexForm } from './index-form.js';

// Taken at load, as js/intrinsics.js takes the others (page script that
// replaces them later changes nothing).
const OwnInt32Array = Int32Array;
const { imul, clz32, floor } = Math;

const PROB_BITS = 11;
const PROB_SHIFT = 5;
const PROB_INIT = 1 << (PROB_BITS - 1);
const SIGN = -0x80000000;

// Probability slots (src/tables/packed.rs, tools/gen_tables.py).
const IS_NULL = 0;
const IS_NEXT = 4;
const IS_DUP = 8;
const IS_DOWN = 12;
const SAME_DISTANCE = 16;
const NULL_LEN = 17;
const DUP_LEN = 49;
const LEN = 81;
const MANT = 337;
const PROBS = 593;

/** Code points the used-map covers (Big5 reaches U+2F9D4), in 32-bit words, blocks of 8 words, groups of 128. */
const WORDS = 0x30000 / 32;
const BLOCK = 8;
const GROUP = 128;

/** Bits set in a 32-bit value. */
function popcount(x) {
  x = (x - ((x >>> 1) & 0x55555555)) | 0;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24);
}

/**
 * Unpacks `packed` (bytes) into `out` (a Uint16Array or Uint32Array of the
 * index's length). Damaged input cannot throw or loop: reads past the end give
 * zeros, a gap that leaves the code space ends it, entries not reached stay 0
 * (as in Rust).
 */
export function unpackIndex(packed, out) {
  const len = out.length;
  const end = packed.length;
  const probs = fillElements(new Uint16Array(PROBS), PROB_INIT);
  // range and code are uint32 values held as int32 (`| 0`), and compared
  // through `^ SIGN` (signed order of the flipped values is unsigned order):
  // Node's V8 keeps int32 values unboxed even in its interpreter, while
  // numbers >= 2^31 would be a heap allocation at each step before the JIT
  // has optimised this (it runs once per index, mostly unoptimised).
  let pos = 0;
  let range = -1;
  let code = 0;
  for (let i = 0; i < 4; i++) code = (code << 8) | (pos < end ? packed[pos++] : 0);

  // One decision with the adaptive probability in slot `at` (0 or 1).
  function bit(at) {
    const p = probs[at];
    const bound = imul(range >>> PROB_BITS, p);
    let one;
    if ((code ^ SIGN) >= (bound ^ SIGN)) {
      code = (code - bound) | 0;
      range = (range - bound) | 0;
      probs[at] = p - (p >>> PROB_SHIFT);
      one = 1;
    } else {
      range = bound;
      probs[at] = p + (((1 << PROB_BITS) - p) >>> PROB_SHIFT);
      one = 0;
    }
    while (range >>> 24 === 0) {
      range <<= 8;
      code = (code << 8) | (pos < end ? packed[pos++] : 0);
    }
    return one;
  }
  // `bits` decisions as a binary tree rooted at slot `base + 1`.
  function tree(base, bits) {
    let m = 1;
    for (let i = 0; i < bits; i++) m = (m << 1) | bit(base + m);
    return m - (1 << bits);
  }
  // `bits` (at most 16) equiprobable bits as one symbol.
  function raw(bits) {
    if (bits > 16) bits = 16;
    range = range >>> bits;
    let value = range === 0 ? 0 : floor((code >>> 0) / range);
    if (value > (1 << bits) - 1) value = (1 << bits) - 1;
    code = (code - imul(value, range)) | 0;
    while (range >>> 24 === 0) {
      range <<= 8;
      code = (code << 8) | (pos < end ? packed[pos++] : 0);
    }
    return value;
  }
  // A number >= 1: its bit length (5-bit tree at `base`), the bits below the leading one raw.
  function length(base) {
    const t = tree(base, 5);
    const bits = t > 0 ? t - 1 : 0;
    return (1 << bits) + raw(bits);
  }

  // The used code points: a bit each, and the unused ones counted per block and group.
  const words = new OwnInt32Array(WORDS);
  const blocks = fillElements(new OwnInt32Array(WORDS / BLOCK), 32 * BLOCK);
  const groups = fillElements(new OwnInt32Array(WORDS / GROUP), 32 * GROUP);
  function use(cp) {
    const word = cp >>> 5;
    if (word >= WORDS) return;
    const b = 1 << (cp & 31);
    if ((words[word] & b) === 0) {
      words[word] |= b;
      if (blocks[word >>> 3] > 0) blocks[word >>> 3]--;
      if (groups[word >>> 7] > 0) groups[word >>> 7]--;
    }
  }
  // The unused code point after skipping `skip` unused ones above `prev`; -1 if none.
  function up(prev, skip) {
    const from = prev + 1;
    let word = from >>> 5;
    if (word >= WORDS) return -1;
    let free = ~words[word] & (-1 << (from & 31));
    for (;;) {
      const count = popcount(free);
      if (count > skip) {
        for (; skip > 0; skip--) free &= free - 1;
        return word * 32 + (31 - clz32(free & -free));
      }
      skip -= count;
      word++;
      for (;;) {
        if ((word & (GROUP - 1)) === 0 && word < WORDS && groups[word >>> 7] <= skip) {
          skip -= groups[word >>> 7];
          word += GROUP;
        } else if ((word & (BLOCK - 1)) === 0 && word < WORDS && blocks[word >>> 3] <= skip) {
          skip -= blocks[word >>> 3];
          word += BLOCK;
        } else break;
      }
      if (word >= WORDS) return -1;
      free = ~words[word];
    }
  }
  // The `nth` (>= 1) unused code point below `prev`; -1 if none.
  function down(prev, nth) {
    if (prev < 1) return -1;
    const last = prev - 1;
    let word = last >>> 5;
    if (word >= WORDS) return -1;
    let free = ~words[word] & (-1 >>> (31 - (last & 31)));
    for (;;) {
      const count = popcount(free);
      if (count >= nth) {
        for (; nth > 1; nth--) free &= ~(1 << (31 - clz32(free)));
        return word * 32 + 31 - clz32(free);
      }
      nth -= count;
      if (word === 0) return -1;
      word--;
      for (;;) {
        if ((word & (GROUP - 1)) === GROUP - 1 && word < WORDS && groups[word >>> 7] < nth) {
          nth -= groups[word >>> 7];
          if (word < GROUP) return -1;
          word -= GROUP;
        } else if ((word & (BLOCK - 1)) === BLOCK - 1 && word < WORDS && blocks[word >>> 3] < nth) {
          nth -= blocks[word >>> 3];
          if (word < BLOCK) return -1;
          word -= BLOCK;
        } else break;
      }
      free = ~words[word];
    }
  }

  use(0);
  let at = 0;
  let prev = 0;
  let kind = 0;
  let distance = 0;
  while (at < len) {
    if (bit(IS_NULL + kind) === 1) {
      at += length(NULL_LEN);
      kind = 0;
      continue;
    }
    let cp;
    if (bit(IS_NEXT + kind) === 1) {
      kind = 1;
      cp = up(prev, 0);
    } else if (bit(IS_DUP + kind) === 1) {
      if (bit(SAME_DISTANCE) === 0) distance = length(DUP_LEN);
      kind = 1;
      cp = distance <= at ? out[at - distance] : -1;
    } else {
      const isDown = bit(IS_DOWN + kind);
      const bits = tree(LEN + (isDown * 4 + kind) * 32, 5);
      const rest = bits > 0 ? bits - 1 : 0;
      const top = rest < 2 ? rest : 2;
      const high = (1 << top) | tree(MANT + (isDown * 32 + bits) * 4, top);
      const gap = high * (1 << (rest - top)) + raw(rest - top);
      kind = 2 + isDown;
      cp = isDown === 1 ? down(prev, gap) : up(prev, gap);
    }
    if (cp < 0) break;
    out[at] = cp;
    use(cp);
    prev = cp;
    at++;
  }
}

/** The CJK indexes (index_table's numbers: 0 jis0208, 1 jis0212, 2 EUC-KR, 3 gb18030, 4 Big5) each encoding uses, by its number in the standard's table (js/encodings.js). */
const INDEXES_OF = { 29: [3], 30: [3], 31: [4], 32: [0, 1], 33: [0], 34: [0], 35: [2] };

/** Entries of each CJK index (the index files' last pointer + 1). */
export const INDEX_LENGTHS = [11104, 7211, 23750, 23940, 19782];
/** `index_table(which | LEAVE_TO_CALLER)`: install the index zeroed, for us to fill (src/wasm/standard.rs). */
export const LEAVE_TO_CALLER = 0x100;

/**
 * Wraps the wasm2js exports of a module so that each CJK index is unpacked
 * here, once, before the first call that may use it: `decode` and `encode`
 * of an encoding that has one, `index_table`. `data` (js/no-wasm/module-data.js's
 * moduleData, or undefined: the packed bytes are in the core's memory) gives
 * an index in js/no-wasm/index-form.js's form where the translation carries
 * one, else its packed bytes, which the core's image leaves out.
 *
 * Adds `indexArray(which)`: the index as an array of JavaScript's own, made
 * from its form without calling the core at all (undefined where there is no
 * form), for js/no-wasm/fast-decode.js's loops, which then need no core call
 * for a valid Shift_JIS or EUC-JP input: at start-up the core's first calls
 * (compiling the translated allocator and decoder, growing its memory) cost
 * more than the decode itself under `node --jitless` (docs/speed-log.md,
 * "Start-up of the build without WebAssembly"). The same array later fills
 * the core's (a copy, not a second decode of the form). Read-only for callers.
 */
export function withJsIndexes(exports, data) {
  const arrays = [];
  const indexTable = exports.index_table;
  function formArray(which) {
    if (arrays[which] !== undefined) return arrays[which];
    const form = data === undefined ? undefined : data.form(which);
    if (form === undefined) return undefined;
    const array = which === 4 ? new Uint32Array(INDEX_LENGTHS[which]) : new Uint16Array(INDEX_LENGTHS[which]);
    decodeIndexForm(form, array);
    return (arrays[which] = array);
  }
  function provide(which) {
    const address = indexTable(which | LEAVE_TO_CALLER);
    if (address === 0) return;
    const buffer = exports.memory.buffer;
    const out = which === 4 ? new Uint32Array(buffer, address, INDEX_LENGTHS[which]) : new Uint16Array(buffer, address, INDEX_LENGTHS[which]);
    const array = formArray(which);
    if (array !== undefined) {
      setElements(out, array);
      return;
    }
    const r = new Uint32Array(buffer, exports.scratch_results(), 2);
    const packedAt = r[0];
    const packedLength = r[1];
    unpackIndex(data === undefined ? new Uint8Array(buffer, packedAt, packedLength) : data.packed(packedAt, packedLength), out);
  }
  withIndexProvider(exports, exports, provide);
  exports.indexArray = formArray;
  return exports;
}

/**
 * Makes `target`'s decode, encode (where `exports` has one) and index_table
 * call `provide(which)` once for each CJK index before the first call into
 * `exports` that may read it (the encoding's indexes, INDEXES_OF, or the
 * index asked for), then `exports`' own function. `provide` fills the index
 * the core installs with `index_table(which | LEAVE_TO_CALLER)`: from its form
 * or packed bytes here (withJsIndexes), from the classic script's forms in
 * js/wasm-index-forms.js.
 */
export function withIndexProvider(target, exports, provide) {
  const done = [false, false, false, false, false];
  const { decode, encode, index_table: indexTable } = exports;
  function need(index) {
    const list = INDEXES_OF[index];
    if (list !== undefined) {
      for (let i = 0; i < list.length; i++) {
        if (!done[list[i]]) {
          done[list[i]] = true;
          provide(list[i]);
        }
      }
    }
  }
  target.decode = (index, flags, len) => {
    need(index);
    return decode(index, flags, len);
  };
  // (The main module has no encoders: they are the encoders module's, whose indexes are provided from outside.)
  if (encode !== undefined) {
    target.encode = (index, flags, start, len, cap) => {
      need(index);
      return encode(index, flags, start, len, cap);
    };
  }
  target.index_table = (which) => {
    if (which >= 0 && which < 5 && !done[which]) {
      done[which] = true;
      provide(which);
    }
    return indexTable(which);
  };
}
