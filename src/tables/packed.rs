//! Unpacking the CJK indexes stored by tools/gen_tables.py.
//!
//! An index is the list of code points for pointers 0..len (0 for "none"). Large
//! parts of every CJK index are in Unicode order (the Hangul of EUC-KR, the CJK
//! Unified Ideographs that GBK and gb18030 add, JIS level 2 by radical, Big5
//! within each stroke count), so each entry is stored as the difference from the
//! previous one, runs of consecutive code points as one token. The result gzips
//! to about half of the plain u16/u24 arrays (69 KB for the five indexes).
//!
//! Tokens are LEB128 numbers `t`, relative to `prev` (the last code point, 0 at
//! the start): `t & 3` is 0 for a run of `t >> 2` entries prev+1, prev+2, ...;
//! 1 for `t >> 2` entries without a code point; 2 for one entry prev + 2 + (t >> 2);
//! 3 for one entry prev - (t >> 2).
//!
//! The data is generated and checked by the generator and the tests; still, a
//! corrupt stream cannot make this panic: arithmetic wraps, output stops at `len`
//! and missing entries stay 0.

use alloc::vec;
use alloc::vec::Vec;

/// Unpacks to `len` code points.
pub(crate) fn unpack(data: &[u8], len: usize) -> Vec<u32> {
    unpack_into(data, len, |cp| cp)
}

/// Unpacks an index whose code points are all in the BMP, straight into u16s
/// (no transient u32 copy: the wasm module's allocator never reuses memory).
pub(crate) fn unpack_u16(data: &[u8], len: usize) -> Vec<u16> {
    // Values above U+FFFF cannot occur in these indexes (the generator checks the
    // files; tests check the unpacked tables against them), so truncation is moot.
    unpack_into(data, len, |cp| cp as u16)
}

fn unpack_into<T: Copy + Default>(data: &[u8], len: usize, convert: impl Fn(u32) -> T) -> Vec<T> {
    let mut out = vec![T::default(); len];
    let mut at = 0usize;
    let mut prev = 0u32;
    let mut pos = 0usize;
    while pos < data.len() && at < len {
        let mut token = 0u32;
        let mut shift = 0u32;
        while let Some(&byte) = data.get(pos) {
            pos += 1;
            token |= u32::from(byte & 0x7F).wrapping_shl(shift);
            shift += 7;
            if byte & 0x80 == 0 {
                break;
            }
        }
        let arg = token >> 2;
        match token & 3 {
            0 => {
                for slot in out.iter_mut().skip(at).take(arg as usize) {
                    prev = prev.wrapping_add(1);
                    *slot = convert(prev);
                }
                at = at.saturating_add(arg as usize);
            }
            1 => at = at.saturating_add(arg as usize),
            2 => {
                prev = prev.wrapping_add(arg).wrapping_add(2);
                if let Some(slot) = out.get_mut(at) {
                    *slot = convert(prev);
                }
                at += 1;
            }
            _ => {
                prev = prev.wrapping_sub(arg);
                if let Some(slot) = out.get_mut(at) {
                    *slot = convert(prev);
                }
                at += 1;
            }
        }
    }
    out
}
