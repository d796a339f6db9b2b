//! The indexes, as the decoders and encoders use them.
//!
//! Single-byte indexes are plain `[u16; 128]` arrays (7 KB in all, and each is
//! linked only by code that names it). The five CJK indexes are stored packed
//! (see [`packed`]) and unpacked into plain arrays the first time a decoder or
//! encoder of their encoding runs (or, with the feature "shared-tables",
//! provided from outside: [`provide_index`]); the encoders' reverse maps are derived from
//! the unpacked arrays at first use too, so no table is shipped twice. Each
//! accessor below is a separate function with its own static, so the linker
//! keeps only the tables that reachable code names.

#[cfg_attr(feature = "shared-tables", allow(dead_code))]
pub(crate) mod packed;
pub(crate) mod reverse;

use crate::generated::multi_byte as gen;
use alloc::vec::Vec;
use once_cell::race::OnceBox;
pub(crate) use reverse::{ReverseMap, Source};

// Each index's array, unpacked at first use; with the feature "shared-tables"
// (text-encoding-wasm/detect's module) nothing is unpacked here: the arrays are
// provided from outside ([`provide_index`]), copied from the main module's, so
// that module carries no packed data. Until provided, an index is empty (every
// lookup misses: no panic).
macro_rules! index {
    ($(#[$doc:meta])* $name:ident, $cell:ident, $ty:ty, $unpack:path, $packed:ident, $len:expr) => {
        static $cell: OnceBox<Vec<$ty>> = OnceBox::new();
        $(#[$doc])*
        pub(crate) fn $name() -> &'static [$ty] {
            #[cfg(not(feature = "shared-tables"))]
            let table = match $cell.get() {
                Some(table) => table.as_slice(),
                None => $unpack(&$cell, &gen::$packed, $len),
            };
            #[cfg(feature = "shared-tables")]
            let table = $cell.get().map_or(&[][..], |t| t.as_slice());
            table
        }
    };
}

// The first use of an index: one builder per element type, not one per index
// (a closure each would be a copy of `OnceBox::init` each).
#[cfg(not(feature = "shared-tables"))]
#[cold]
#[inline(never)]
fn unpack_u16(cell: &'static OnceBox<Vec<u16>>, data: &'static [u8], len: usize) -> &'static [u16] {
    cell.get_or_init(|| alloc::boxed::Box::new(packed::unpack_u16(data, len)))
}

#[cfg(not(feature = "shared-tables"))]
#[cold]
#[inline(never)]
fn unpack_u32(cell: &'static OnceBox<Vec<u32>>, data: &'static [u8], len: usize) -> &'static [u32] {
    cell.get_or_init(|| alloc::boxed::Box::new(packed::unpack(data, len)))
}

index!(
    /// index jis0208, by pointer; 0 where the index has no code point.
    jis0208, JIS0208, u16, unpack_u16, JIS0208_PACKED, gen::JIS0208_LEN);
index!(
    /// index jis0212, by pointer.
    jis0212, JIS0212, u16, unpack_u16, JIS0212_PACKED, gen::JIS0212_LEN);
index!(
    /// index EUC-KR, by pointer.
    euc_kr, EUC_KR, u16, unpack_u16, EUC_KR_PACKED, gen::EUC_KR_LEN);
index!(
    /// index gb18030, by pointer.
    gb18030, GB18030, u16, unpack_u16, GB18030_PACKED, gen::GB18030_LEN);
index!(
    /// index Big5, by pointer; it is the only index with code points above U+FFFF.
    big5, BIG5, u32, unpack_u32, BIG5_PACKED, gen::BIG5_LEN);

/// The unpacked CJK index `which` (0 jis0208, 1 jis0212, 2 EUC-KR, 3 gb18030:
/// u16 entries; 4 Big5: u32), unpacked now if it was not, or for `which` 5 to
/// 31 the index single-byte in slot `which - 5` (128 u16s): its address, for
/// the main module's `index_table` export, which text-encoding-wasm/detect's
/// module and the encoders module copy the tables from.
#[cfg(all(feature = "codecs", not(feature = "shared-tables")))]
pub(crate) fn index_address(which: u32) -> usize {
    match which {
        #[cfg(feature = "single-byte")]
        5..=31 => crate::single_byte::table(which as usize - 5).map_or(0, |t| t.as_ptr() as usize),
        #[cfg(feature = "japanese")]
        0 => jis0208().as_ptr() as usize,
        #[cfg(feature = "japanese")]
        1 => jis0212().as_ptr() as usize,
        #[cfg(feature = "korean")]
        2 => euc_kr().as_ptr() as usize,
        #[cfg(feature = "chinese")]
        3 => gb18030().as_ptr() as usize,
        #[cfg(feature = "big5")]
        4 => big5().as_ptr() as usize,
        _ => 0,
    }
}

/// Feature "shared-tables": the number of entries of CJK index `which` (as
/// for [`provide_index`]), 0 for an unknown one.
#[cfg(feature = "shared-tables")]
pub fn index_length(which: u32) -> usize {
    [gen::JIS0208_LEN, gen::JIS0212_LEN, gen::EUC_KR_LEN, gen::GB18030_LEN, gen::BIG5_LEN, SINGLE_BYTE_LEN].get(which as usize).copied().unwrap_or(0)
}

/// Feature "shared-tables": the 27 indexes single-byte, one after another in
/// the slots' order (`crate::single_byte::table`), provided as `which` 5.
#[cfg(feature = "shared-tables")]
const SINGLE_BYTE_LEN: usize = crate::single_byte::SLOTS * 128;
#[cfg(feature = "shared-tables")]
static SINGLE_BYTE: OnceBox<Vec<u16>> = OnceBox::new();

/// Feature "shared-tables": the provided single-byte indexes (empty until then).
#[cfg(feature = "shared-tables")]
pub(crate) fn single_byte() -> &'static [u16] {
    SINGLE_BYTE.get().map_or(&[][..], |t| t.as_slice())
}

/// Feature "shared-tables": installs a zeroed array for CJK index `which` (as
/// for `index_address`; 5: the 27 single-byte indexes, 128 u16s each in slot
/// order) and returns its address and its number of entries, for
/// the caller to fill through linear memory with the unpacked index of another
/// module before any decoder of that index runs; `None` if `which` is unknown
/// or the index was already provided.
#[cfg(feature = "shared-tables")]
pub fn provide_index(which: u32) -> Option<(usize, usize)> {
    use alloc::boxed::Box;
    use alloc::vec;
    fn u16s(cell: &OnceBox<Vec<u16>>, len: usize) -> Option<(usize, usize)> {
        cell.set(Box::new(vec![0; len])).ok()?;
        cell.get().map(|t| (t.as_ptr() as usize, len))
    }
    match which {
        0 => u16s(&JIS0208, gen::JIS0208_LEN),
        1 => u16s(&JIS0212, gen::JIS0212_LEN),
        2 => u16s(&EUC_KR, gen::EUC_KR_LEN),
        3 => u16s(&GB18030, gen::GB18030_LEN),
        5 => u16s(&SINGLE_BYTE, SINGLE_BYTE_LEN),
        4 => {
            BIG5.set(Box::new(vec![0; gen::BIG5_LEN])).ok()?;
            BIG5.get().map(|t| (t.as_ptr() as usize, gen::BIG5_LEN))
        }
        _ => None,
    }
}

/// The code point for `pointer` in an unpacked index, or `None` (spec §5,
/// "index code point").
#[inline]
pub(crate) fn code_point(index: &[u16], pointer: usize) -> Option<u16> {
    match index.get(pointer) {
        Some(&0) | None => None,
        Some(&cp) => Some(cp),
    }
}

pub(crate) use gen::{GB18030_RANGES, ISO_2022_JP_KATAKANA};

/// "Index pointer" in index jis0208 (the first pointer for a code point), as the
/// EUC-JP and ISO-2022-JP encoders use it (spec §12.1.2 step 7, §12.2.2 step 10).
pub(crate) fn jis0208_pointer(cp: u32) -> Option<usize> {
    static MAP: OnceBox<ReverseMap> = OnceBox::new();
    reverse::lazy(&MAP, || Source::U16(jis0208()), 0..0, &[]).get(cp)
}

/// "Index Shift_JIS pointer" (spec §5): index jis0208 without pointers 8272 to
/// 8835 (the NEC-selected IBM extensions, whose code points appear again later,
/// at the IBM extensions proper).
pub(crate) fn shift_jis_pointer(cp: u32) -> Option<usize> {
    static MAP: OnceBox<ReverseMap> = OnceBox::new();
    reverse::lazy(&MAP, || Source::U16(jis0208()), 8272..8836, &[]).get(cp)
}
