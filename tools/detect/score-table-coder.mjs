// A coder for chardetng's bigram score tables, written to measure whether
// coding them apart from the detector module pays (issue 16; it did not:
// docs/size-log.md, "detect: the data section"). Not part of the package:
// tools/detect/measure-data-coding.mjs runs it. Kept because the measurement
// must be reproducible, and so that the next attempt starts from numbers.
//
// What the tables are (chardetng's data.rs): per language, a score for each
// pair (previous class, current class) of character classes, A ASCII and N
// non-ASCII, as bytes: 0 (no score), 255 (implausible pair), else the score.
// The table is the (A+N) x (A+N) matrix by current class (rows) and previous
// class (columns) without its ASCII x ASCII block, rows stored one after the
// other (the first A rows only have their N non-ASCII columns).
//
// The model, per cell in row order: "zero?" then "255?" in a context of the
// kinds (zero, score, 255, none) of the cell above, the cell to the left and
// the transposed cell (same pair the other way round, when already coded:
// implausible pairs are mostly implausible both ways) and whether the column
// and the row already had 255s; a score as its bit length (a 3-bit tree, in
// the context of the transposed cell's bit length) and the bits below its top
// bit (context: length and position). Each context is one adaptive
// probability (16 bits, its step 1/(n+1.6) for the n-th use, at most 1/31.6),
// coded by a carry-less binary arithmetic coder (32-bit bounds, bytes out when
// the top bytes agree, as in lpaq1). Integers only, so every engine decodes
// the same bytes.

const LIMIT = 30;
const RECIP = [];
for (let n = 0; n <= LIMIT; n++) RECIP.push((65536 / (n + 1.6)) | 0);

/**
 * Walks the tables' cells in coding order. `bit(context, wanted)` codes or
 * decodes one bit: encoding, `out` holds the tables and `wanted` is the bit to
 * code; decoding, `out` is filled as it goes and `wanted` is meaningless.
 * `geometry` is a list of [offset in out, A, N].
 */
function walk(out, geometry, bit) {
  for (const [at, A, N] of geometry) {
    const W = A + N;
    const pos = (y, x) => (y < 0 || x < 0 ? -1 : y < A ? (x < A ? -1 : y * N + x - A) : A * N + W * (y - A) + x);
    const kind = (p) => (p < 0 ? 3 : out[at + p] === 0 ? 0 : out[at + p] === 255 ? 2 : 1);
    const length = (p) => (kind(p) === 1 ? 32 - Math.clz32(out[at + p]) : p < 0 ? 9 : 0);
    const col255 = new Uint8Array(W);
    for (let y = 0; y < W; y++) {
      let row255 = 0;
      for (let x = 0; x < W; x++) {
        const p = pos(y, x);
        if (p < 0) continue;
        const t = x < y ? pos(x, y) : -1;
        const c = (((kind(pos(y - 1, x)) * 4 + kind(pos(y, x - 1))) * 4 + kind(t)) * 3 + (col255[x] > 2 ? 2 : col255[x])) * 3 + (row255 > 2 ? 2 : row255);
        const want = out[at + p];
        let v = 0;
        if (!bit(c, want === 0)) {
          if (bit(576 + c, want === 255)) {
            v = 255;
            col255[x]++;
            row255++;
          } else {
            const wantLength = 32 - Math.clz32(want);
            let node = 1;
            const base = 1152 + length(t) * 8;
            for (let k = 2; k >= 0; k--) node = node * 2 + bit(base + node, ((wantLength - 1) >> k) & 1);
            const b = node - 7;
            v = 1;
            for (let k = b - 2; k >= 0; k--) v = v * 2 + bit(1300 + b * 8 + k, (want >> k) & 1);
          }
        }
        out[at + p] = v;
      }
    }
  }
}

/** Adaptive probabilities: 16-bit P(1) and a use count per context. */
function contexts() {
  const probs = new Uint16Array(1400).fill(32768);
  const counts = new Uint8Array(1400);
  return {
    p: (context) => probs[context],
    update(context, b) {
      const p = probs[context];
      const n = counts[context];
      const q = p + ((((b ? 65535 : 0) - p) * RECIP[n]) >> 16);
      probs[context] = q < 32 ? 32 : q > 65504 ? 65504 : q;
      if (n < LIMIT) counts[context] = n + 1;
    },
  };
}

/** The split point of [low, high] for P(1) = p / 65536, without overflowing 32 bits. */
function middle(low, high, p) {
  const range = high - low;
  return low + (range >>> 16) * p + (((range & 65535) * p) >>> 16);
}

/** Tables (in `image`, at `geometry`) -> coded bytes (Uint8Array). */
export function encodeScoreTables(image, geometry) {
  const model = contexts();
  const bytes = [];
  let low = 0;
  let high = 0xffffffff;
  walk(image.slice(), geometry, (context, wanted) => {
    const b = wanted ? 1 : 0;
    const mid = middle(low, high, model.p(context));
    if (b) high = mid;
    else low = mid + 1;
    model.update(context, b);
    while (((low ^ high) & 0xff000000) === 0) {
      bytes.push(high >>> 24);
      low = (low << 8) >>> 0;
      high = ((high << 8) | 255) >>> 0;
    }
    return b;
  });
  bytes.push(low >>> 24, 255, 255, 255);
  return Uint8Array.from(bytes);
}

/** Coded bytes -> the tables written into `out` at `geometry` (what a shipped decoder would do). */
export function decodeScoreTables(coded, out, geometry) {
  const model = contexts();
  let i = 0;
  let low = 0;
  let high = 0xffffffff;
  let x = 0;
  for (let k = 0; k < 4; k++) x = ((x << 8) | (coded[i++] | 0)) >>> 0;
  walk(out, geometry, (context) => {
    const mid = middle(low, high, model.p(context));
    const b = x <= mid ? 1 : 0;
    if (b) high = mid;
    else low = mid + 1;
    model.update(context, b);
    while (((low ^ high) & 0xff000000) === 0) {
      low = (low << 8) >>> 0;
      high = ((high << 8) | 255) >>> 0;
      x = ((x << 8) | (coded[i++] | 0)) >>> 0;
    }
    return b;
  });
  return out;
}
