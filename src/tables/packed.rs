//! Unpacking the CJK indexes stored by tools/gen_tables.py.
//!
//! An index is the list of code points for pointers 0..len (0 for "none"). What
//! it costs to store is the order of its code points: large parts of every CJK
//! index run upward in Unicode order (the Hangul of EUC-KR, the ideographs GBK
//! adds, JIS level 2 and GB2312 level 2 by radical, Big5 within each stroke
//! count) while others jump about (JIS level 1, GB2312 level 1 and the hanja of
//! EUC-KR by reading). So each code point is coded as a gap counted only among
//! the code points no earlier pointer used: a run in Unicode order that steps
//! over code points taken earlier still costs next to nothing, and a jump costs
//! the logarithm of how many free code points it passes. The decisions and gap
//! lengths go through an adaptive binary range coder (LZMA's), so the bytes are
//! already entropy-coded: 54.5 KB for the five indexes, which gzip keeps as
//! they are, against 69.4 KB gzip for the earlier LEB128 deltas-and-runs
//! (docs/architecture/tables.md has the measurements of both and of what else was tried).
//!
//! Per pointer, each decision with its own adaptive probability, in the context
//! of the previous pointer's kind (none, next, up, down):
//! - `null`: a run of pointers without code point; its length as a bit length
//!   (5-bit tree) and the bits below the leading one, raw.
//! - `next`: the first unused code point above `prev` (the last code point).
//! - `dup`: a code point an earlier pointer already has (jis0208's IBM
//!   extensions, Big5's duplicates): that pointer's distance back, or the same
//!   distance as the last `dup`.
//! - else `down` or up, and a gap `m >= 1`: up skips m unused code points above
//!   `prev` and takes the next; down takes the m-th unused one below. `m` as
//!   its bit length (5-bit tree), two more bits (tree), the rest raw.
//!
//! The data is generated and round-trip checked by the generator and the tests;
//! still, no input can make this panic: reads past the end give zeros, the
//! arithmetic cannot overflow, a gap that leaves the code space ends the
//! unpacking, and entries not reached stay 0.

use alloc::vec;
use alloc::vec::Vec;
use core::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

const PROB_BITS: u32 = 11;
const PROB_SHIFT: u32 = 5;
const TOP: u32 = 1 << 24;

// Probability slots (tools/gen_tables.py has the same layout).
const IS_NULL: usize = 0;
const IS_NEXT: usize = 4;
const IS_DUP: usize = 8;
const IS_DOWN: usize = 12;
const SAME_DISTANCE: usize = 16;
const NULL_LEN: usize = 17;
const DUP_LEN: usize = 49;
const LEN: usize = 81;
const MANT: usize = 337;
const PROBS: usize = 593;

/// Code points the used-bitmap covers: Big5 reaches U+2F9D4.
const CODE_SPACE: usize = 0x30000;
const WORDS: usize = CODE_SPACE / 32;
/// Words per block and per group of the used-map's counts (256 and 4096 code
/// points: what measured fastest on the five indexes).
const BLOCK: usize = 8;
const GROUP: usize = 128;

struct RangeDecoder<'a> {
    data: &'a [u8],
    pos: usize,
    range: u32,
    code: u32,
    probs: [u16; PROBS],
}

impl RangeDecoder<'_> {
    /// Reads the first four bytes of the code (the decoder is built in
    /// `unpack_into`'s frame: see there).
    fn start(&mut self) {
        for _ in 0..4 {
            self.code = (self.code << 8) | self.next_byte();
        }
    }

    /// The next byte; zeros past the end (the encoder drops trailing zeros).
    fn next_byte(&mut self) -> u32 {
        let byte = self.data.get(self.pos).copied().unwrap_or(0);
        self.pos = self.pos.saturating_add(1);
        u32::from(byte)
    }

    fn normalize(&mut self) {
        while self.range < TOP {
            self.range <<= 8;
            self.code = (self.code << 8) | self.next_byte();
        }
    }

    /// One decision with the adaptive probability in slot `at`. Without
    /// branches on the decoded bit (selects instead): half of these decisions
    /// are close to a coin toss, which a branch predictor cannot guess.
    #[inline(never)]
    fn bit(&mut self, at: usize) -> usize {
        let Some(p) = self.probs.get_mut(at) else { return 0 };
        // p stays within 31..=2017, so 0 < bound < range.
        let bound = (self.range >> PROB_BITS) * u32::from(*p);
        let one = self.code >= bound;
        self.code -= if one { bound } else { 0 };
        self.range = if one { self.range - bound } else { bound };
        *p = if one { *p - (*p >> PROB_SHIFT) } else { *p + (((1 << PROB_BITS) - *p) >> PROB_SHIFT) };
        self.normalize();
        usize::from(one)
    }

    /// `bits` decisions as a binary tree rooted at slot `base + 1`.
    #[inline(never)]
    fn tree(&mut self, base: usize, bits: u32) -> u32 {
        let mut m = 1usize;
        for _ in 0..bits {
            m = (m << 1) | self.bit(base + m);
        }
        (m as u32).wrapping_sub(1 << bits)
    }

    /// `bits` (at most 16) equiprobable bits as one symbol: one division
    /// instead of a step per bit.
    fn raw(&mut self, bits: u32) -> u32 {
        let bits = bits.min(16);
        self.range >>= bits; // still >= 2^8: it was >= 2^24
        let value = self.code.checked_div(self.range).unwrap_or(0).min((1 << bits) - 1);
        self.code -= value * self.range;
        self.normalize();
        value
    }

    /// A gap `m >= 1` up (`down` 0) or down after a pointer of `kind`: its
    /// bit length (5-bit tree), two more bits (tree), the rest raw.
    #[inline(never)]
    fn gap(&mut self, down: usize, kind: usize) -> u32 {
        let bits = self.tree(LEN + (down * 4 + kind) * 32, 5);
        let rest = bits.saturating_sub(1);
        let top = rest.min(2);
        let high = (1 << top) | self.tree(MANT + (down * 32 + bits as usize) * 4, top);
        (high << (rest - top)) | self.raw(rest - top)
    }

    /// A number >= 1 stored as its bit length (5-bit tree at `base`) and the
    /// bits below the leading one, raw.
    #[inline(never)]
    fn length(&mut self, base: usize) -> u32 {
        let bits = self.tree(base, 5).saturating_sub(1);
        (1 << bits) | self.raw(bits)
    }
}

/// Unpacks to `len` code points.
pub(crate) fn unpack(data: &[u8], len: usize) -> Vec<u32> {
    let mut out = vec![0u32; len];
    if !left_to_caller(data) {
        unpack_into(data, Entries::U32(&mut out));
    }
    out
}

/// Unpacks an index whose code points are all in the BMP, straight into u16s
/// (no transient u32 copy: the wasm module's allocator never reuses memory).
pub(crate) fn unpack_u16(data: &[u8], len: usize) -> Vec<u16> {
    let mut out = vec![0u16; len];
    if !left_to_caller(data) {
        unpack_into(data, Entries::U16(&mut out));
    }
    out
}

/// While set, an index unpacked at first use is left zeroed for the caller to
/// fill, and the packed bytes' address and length are noted in [`LEFT`]: the
/// build without WebAssembly unpacks in JavaScript (js/no-wasm/unpack-index.js),
/// where this code translated by wasm2js runs 10 to 30 times slower; the
/// `index_table` export sets it (src/wasm/standard.rs). A flag on the existing
/// path rather than a second one: 60 bytes of code instead of 1.2 KB.
pub(crate) static LEAVE_TO_CALLER: AtomicBool = AtomicBool::new(false);
/// The packed bytes of the index last left to the caller: address, length.
pub(crate) static LEFT: [AtomicUsize; 2] = [AtomicUsize::new(0), AtomicUsize::new(0)];

fn left_to_caller(data: &[u8]) -> bool {
    if !LEAVE_TO_CALLER.load(Ordering::Relaxed) {
        return false;
    }
    LEFT[0].store(data.as_ptr() as usize, Ordering::Relaxed);
    LEFT[1].store(data.len(), Ordering::Relaxed);
    true
}

/// The array an index is unpacked into: u16 or u32 entries, behind one enum
/// so that the module holds one copy of the decoder, not two (a `dyn` trait
/// measured slower: an indirect call per entry).
enum Entries<'a> {
    U16(&'a mut [u16]),
    U32(&'a mut [u32]),
}

impl Entries<'_> {
    fn len(&self) -> usize {
        match self {
            Entries::U16(t) => t.len(),
            Entries::U32(t) => t.len(),
        }
    }

    fn get(&self, at: usize) -> Option<u32> {
        match self {
            Entries::U16(t) => t.get(at).map(|&cp| u32::from(cp)),
            Entries::U32(t) => t.get(at).copied(),
        }
    }

    fn set(&mut self, at: usize, cp: u32) {
        match self {
            // Values above U+FFFF cannot occur in the u16 indexes (the generator
            // checks the files; tests check the unpacked tables against them).
            Entries::U16(t) => {
                if let Some(slot) = t.get_mut(at) {
                    *slot = cp as u16;
                }
            }
            Entries::U32(t) => {
                if let Some(slot) = t.get_mut(at) {
                    *slot = cp;
                }
            }
        }
    }
}

#[inline(never)]
fn fill(words: &mut [u32], value: u32) {
    for w in words {
        *w = value;
    }
}

fn unpack_into(data: &[u8], mut out: Entries<'_>) {
    let len = out.len();
    // On the stack, as the heap's bump allocator would never get it back.
    // Built here, in this frame (see `RangeDecoder::start`): nothing used yet,
    // every block and group all free.
    // Zeroed and then filled here, in this frame: an array literal of a value
    // that is not a repeated byte is built aside and copied in, and a value
    // returned from a constructor is moved, either way through a 900-byte memcpy.
    let mut used = Used { words: [0; WORDS], blocks: [0; WORDS / BLOCK], groups: [0; WORDS / GROUP] };
    fill(&mut used.blocks, 32 * BLOCK as u32);
    fill(&mut used.groups, 32 * GROUP as u32);
    used.set(0);
    let mut rc = RangeDecoder { data, pos: 0, range: u32::MAX, code: 0, probs: [0; PROBS] };
    for p in rc.probs.iter_mut() {
        *p = 1 << (PROB_BITS - 1);
    }
    rc.start();
    let (mut at, mut prev, mut kind, mut distance) = (0usize, 0u32, 0usize, 0usize);
    while at < len {
        if rc.bit(IS_NULL + kind) == 1 {
            at = at.saturating_add(rc.length(NULL_LEN) as usize);
            kind = 0;
            continue;
        }
        let found = if rc.bit(IS_NEXT + kind) == 1 {
            kind = 1;
            used.up(prev, 0)
        } else if rc.bit(IS_DUP + kind) == 1 {
            if rc.bit(SAME_DISTANCE) == 0 {
                distance = rc.length(DUP_LEN) as usize;
            }
            kind = 1;
            at.checked_sub(distance).and_then(|from| out.get(from))
        } else {
            let down = rc.bit(IS_DOWN + kind);
            let gap = rc.gap(down, kind);
            kind = 2 + down;
            if down == 1 {
                used.down(prev, gap)
            } else {
                used.up(prev, gap)
            }
        };
        let Some(cp) = found else { break };
        out.set(at, cp);
        used.set(cp);
        prev = cp;
        at += 1;
    }
}

/// Which code points are used: a bit per code point, and the count of unused
/// ones per block of 256 and per group of 4096, so that a long gap (Big5's
/// jumps between the BMP and plane 2, the reading-ordered levels' jumps across
/// the ideographs) skips whole blocks and groups instead of walking words.
struct Used {
    words: [u32; WORDS],
    blocks: [u32; WORDS / BLOCK],
    groups: [u32; WORDS / GROUP],
}

impl Used {


    fn set(&mut self, cp: u32) {
        let word = cp as usize / 32;
        let (Some(bits), Some(block), Some(group)) =
            (self.words.get_mut(word), self.blocks.get_mut(word / BLOCK), self.groups.get_mut(word / GROUP))
        else {
            return;
        };
        let bit = 1 << (cp % 32);
        if *bits & bit == 0 {
            *bits |= bit;
            *block = block.saturating_sub(1);
            *group = group.saturating_sub(1);
        }
    }

    /// The unused code point after skipping `skip` unused ones above `prev`.
    #[inline(never)]
    fn up(&self, prev: u32, mut skip: u32) -> Option<u32> {
        let from = prev.checked_add(1)? as usize;
        let mut word = from / 32;
        let mut free = !*self.words.get(word)? & (u32::MAX << (from % 32));
        loop {
            let count = free.count_ones();
            if count > skip {
                for _ in 0..skip {
                    free &= free - 1; // drop the lowest free bit
                }
                return Some((word * 32) as u32 + free.trailing_zeros());
            }
            skip -= count;
            word += 1;
            // Whole groups and blocks at once where the gap passes them.
            loop {
                let (count, span) = match (self.groups.get(word / GROUP), self.blocks.get(word / BLOCK)) {
                    (Some(&n), _) if word % GROUP == 0 && n <= skip => (n, GROUP),
                    (_, Some(&n)) if word % BLOCK == 0 && n <= skip => (n, BLOCK),
                    _ => break,
                };
                skip -= count;
                word += span;
            }
            free = !*self.words.get(word)?;
        }
    }

    /// The `nth` (>= 1) unused code point below `prev`.
    #[inline(never)]
    fn down(&self, prev: u32, mut nth: u32) -> Option<u32> {
        let last = prev.checked_sub(1)? as usize;
        let mut word = last / 32;
        let mut free = !*self.words.get(word)? & (u32::MAX >> (31 - last % 32));
        loop {
            let count = free.count_ones();
            if count >= nth {
                for _ in 1..nth {
                    free &= !(1 << (31 - free.leading_zeros())); // drop the highest free bit
                }
                return Some((word * 32) as u32 + 31 - free.leading_zeros());
            }
            nth -= count;
            word = word.checked_sub(1)?;
            loop {
                let (count, span) = match (self.groups.get(word / GROUP), self.blocks.get(word / BLOCK)) {
                    (Some(&n), _) if word % GROUP == GROUP - 1 && n < nth => (n, GROUP),
                    (_, Some(&n)) if word % BLOCK == BLOCK - 1 && n < nth => (n, BLOCK),
                    _ => break,
                };
                nth -= count;
                word = word.checked_sub(span)?;
            }
            free = !*self.words.get(word)?;
        }
    }
}


#[cfg(test)]
mod tests {
    //! The unpacker against damaged input: it must never panic (overflow
    //! checks are on in tests) and always return `len` entries. That the real
    //! tables unpack right is tests/spec_index.rs's job (against the files).
    use super::{unpack, unpack_u16};
    use crate::generated::multi_byte as gen;

    /// A small deterministic generator (xorshift), so failures reproduce.
    fn next(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    #[test]
    fn damaged_input_never_panics() {
        let mut state = 0x2545_F491_4F6C_DD1D;
        let real: [&[u8]; 3] = [&gen::JIS0212_PACKED, &gen::EUC_KR_PACKED, &gen::BIG5_PACKED];
        for round in 0..300 {
            let len = (next(&mut state) % 30_000) as usize;
            let mut data: alloc::vec::Vec<u8> = match round % 3 {
                // Random bytes.
                0 => (0..next(&mut state) % 4096).map(|_| next(&mut state) as u8).collect(),
                // A real table, cut short.
                1 => {
                    let table = real[round % real.len()];
                    table[..(next(&mut state) as usize % table.len())].to_vec()
                }
                // A real table with bits flipped.
                _ => real[round % real.len()].to_vec(),
            };
            if round % 3 == 2 {
                for _ in 0..8 {
                    let at = next(&mut state) as usize % data.len();
                    data[at] ^= 1 << (next(&mut state) % 8);
                }
            }
            assert_eq!(unpack(&data, len).len(), len);
            assert_eq!(unpack_u16(&data, len).len(), len);
        }
        assert_eq!(unpack(&[], 5).len(), 5);
        assert_eq!(unpack(&[0xFF; 64], 1000).len(), 1000);
    }
}
