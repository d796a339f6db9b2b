// A raw LZMA decoder for the detector's module (tools/embed-module.mjs
// --lzma): that module is mostly chardetng's score tables and code, which
// LZMA packs ~7 % tighter than zopfli's deflate (docs/size-log.md, "detect:
// LZMA"), more than this decoder weighs. Only what the build writes is read:
// a byte 0xFF, which no raw-deflate stream starts with (block type 3 is
// reserved), so that Node's zlib, which js/module-bytes.js tries first on
// every embedded module, rejects it at once and this decoder (the host's
// `inflate`) runs instead; the module's size (four bytes, little-endian); then an LZMA1 stream with
// lc = lp = pb = 0 (no literal or position context: the smallest stream for
// this module, and the smallest decoder), read up to that size. The steps follow the LZMA
// specification's reference decoder (LzmaSpec.cpp in the LZMA SDK), whose
// names the comments use. Runs once per compiled module (js/module-host.js).
import { Uint16Array, Uint32Array, Uint8Array, fillElements } from '../intrinsics.js';


// Offsets of each model's probabilities in one array (each starts at 1024, one half).
const IS_MATCH = 0; // [state]
const IS_REP = 12;
const IS_REP_G0 = 24;
const IS_REP_G1 = 36;
const IS_REP_G2 = 48;
const IS_REP0_LONG = 60;
const POS_SLOT = 72; // [lenState][64]
const SPEC_POS = 328; // 115: the distances of slots 4-13, reverse bit trees
const ALIGN = 443; // 16: the low four bits of longer distances
const LEN = 459; // 274 each: choice, choice2, low (8), mid (8), high (256)
const REP_LEN = 733;
const LITERAL = 1007; // 0x300
const PROBS = 1775;

/** The bytes `input` (a Uint8Array: size, then the raw LZMA stream) stands for. */
export function lzmaDecode(input) {
  // (No size unless marked: a stray input must not allocate up to 4 GiB before it fails.)
  const size = input[0] === 0xff ? (input[1] | (input[2] << 8) | (input[3] << 16) | (input[4] << 24)) >>> 0 : 0;
  const probs = fillElements(new Uint16Array(PROBS), 1024);
  const out = new Uint8Array(size);
  // The range decoder's range, code and read position (its first byte is
  // always 0, checked at the end; the next four are the code), in a typed
  // array: as variables the first two (32 bits, past a small integer's 31)
  // were a new heap number at every step (Node, cold: ~25 -> ~20 ms for the
  // detector's module).
  const rc = new Uint32Array(3);
  rc[0] = 0xffffffff;
  rc[1] = (input[6] << 24) | (input[7] << 16) | (input[8] << 8) | input[9];
  rc[2] = 10;

  function bit(p) {
    const prob = probs[p];
    const range = rc[0];
    const code = rc[1];
    const bound = (range >>> 11) * prob;
    let b;
    if (code < bound) {
      rc[0] = bound;
      probs[p] = prob + ((2048 - prob) >> 5);
      b = 0;
    } else {
      rc[0] = range - bound;
      rc[1] = code - bound;
      probs[p] = prob - (prob >> 5);
      b = 1;
    }
    if (rc[0] < 0x1000000) {
      rc[0] <<= 8;
      rc[1] = (rc[1] << 8) | input[rc[2]++];
    }
    return b;
  }

  /** A bit tree of `bits` levels at `base`: the symbol, high bit first. */
  function tree(base, bits) {
    let m = 1;
    for (let i = 0; i < bits; i++) m = (m << 1) | bit(base + m);
    return m - (1 << bits);
  }

  /** The same, the symbol's low bit first. */
  function reverseTree(base, bits) {
    let m = 1;
    let symbol = 0;
    for (let i = 0; i < bits; i++) {
      const b = bit(base + m);
      m = (m << 1) | b;
      symbol |= b << i;
    }
    return symbol;
  }

  /** `count` bits at even odds (the middle bits of long distances). */
  function direct(count) {
    let result = 0;
    for (; count > 0; count--) {
      rc[0] >>>= 1;
      let b = 0;
      if (rc[1] >= rc[0]) {
        rc[1] -= rc[0];
        b = 1;
      }
      result = (result << 1) | b;
      if (rc[0] < 0x1000000) {
        rc[0] <<= 8;
        rc[1] = (rc[1] << 8) | input[rc[2]++];
      }
    }
    return result;
  }

  /** A match length less 2 (the length decoder at `base`). */
  function length(base) {
    if (bit(base) === 0) return tree(base + 2, 3);
    if (bit(base + 1) === 0) return 8 + tree(base + 10, 3);
    return 16 + tree(base + 18, 8);
  }

  let state = 0;
  let rep0 = 0;
  let rep1 = 0;
  let rep2 = 0;
  let rep3 = 0;
  let pos = 0;
  while (pos < size) {
    if (bit(IS_MATCH + state) === 0) {
      // A literal; after a match, its bits are coded against the byte the match would give next.
      let symbol = 1;
      if (state >= 7) {
        let match = out[pos - rep0 - 1];
        do {
          const matchBit = (match >> 7) & 1;
          match <<= 1;
          const b = bit(LITERAL + ((1 + matchBit) << 8) + symbol);
          symbol = (symbol << 1) | b;
          if (matchBit !== b) break;
        } while (symbol < 0x100);
      }
      while (symbol < 0x100) symbol = (symbol << 1) | bit(LITERAL + symbol);
      out[pos++] = symbol;
      state = state < 4 ? 0 : state < 10 ? state - 3 : state - 6;
      continue;
    }
    let len;
    if (bit(IS_REP + state) !== 0) {
      if (pos === 0) break;
      if (bit(IS_REP_G0 + state) === 0) {
        if (bit(IS_REP0_LONG + state) === 0) {
          // A "short rep": one byte at the last distance.
          state = state < 7 ? 9 : 11;
          out[pos] = out[pos - rep0 - 1];
          pos++;
          continue;
        }
      } else {
        let distance;
        if (bit(IS_REP_G1 + state) === 0) {
          distance = rep1;
        } else {
          if (bit(IS_REP_G2 + state) === 0) {
            distance = rep2;
          } else {
            distance = rep3;
            rep3 = rep2;
          }
          rep2 = rep1;
        }
        rep1 = rep0;
        rep0 = distance;
      }
      len = length(REP_LEN);
      state = state < 7 ? 8 : 11;
    } else {
      rep3 = rep2;
      rep2 = rep1;
      rep1 = rep0;
      len = length(LEN);
      state = state < 7 ? 7 : 10;
      // The distance: a slot (its top two bits), then its low bits.
      const slot = tree(POS_SLOT + (len < 3 ? len : 3) * 64, 6);
      if (slot < 4) {
        rep0 = slot;
      } else {
        // Products, not shifts: a distance may reach 2^32 - 1 (the end marker), past int32.
        const bits = (slot >> 1) - 1;
        rep0 = (2 | (slot & 1)) * 2 ** bits;
        if (slot < 14) rep0 += reverseTree(SPEC_POS + rep0 - slot, bits);
        else rep0 += direct(bits - 4) * 16 + reverseTree(ALIGN, 4);
      }
    }
    // Before the start (a damaged stream, or the end marker before `size` bytes).
    if (rep0 >= pos) break;
    for (len += 2; len > 0 && pos < size; len--, pos++) out[pos] = out[pos - rep0 - 1];
  }
  // (Reads past the end gave zeros: a stream cut short.)
  if (pos !== size || rc[2] > input.length || input[0] !== 0xff || input[5] !== 0) throw new TypeError('text-encoding-wasm/detect: its embedded module is damaged (not a whole LZMA stream)');
  return out;
}
