//! The indexes, as the decoders and encoders use them.
//!
//! Single-byte indexes are plain `[u16; 128]` arrays (7 KB in all, and each is
//! linked only by code that names it). The five CJK indexes are stored packed
//! (see [`packed`]) and unpacked into plain arrays the first time a decoder or
//! encoder of their encoding runs; the encoders' reverse maps are derived from
//! the unpacked arrays at first use too, so no table is shipped twice. Each
//! accessor below is a separate function with its own static, so the linker
//! keeps only the tables that reachable code names.

pub(crate) mod packed;
pub(crate) mod reverse;

use crate::generated::multi_byte as gen;
use alloc::vec::Vec;
use once_cell::race::OnceBox;
pub(crate) use reverse::ReverseMap;

macro_rules! unpacked_u16 {
    ($(#[$doc:meta])* $name:ident, $packed:expr, $len:expr) => {
        $(#[$doc])*
        pub(crate) fn $name() -> &'static [u16] {
            static TABLE: OnceBox<Vec<u16>> = OnceBox::new();
            TABLE.get_or_init(|| alloc::boxed::Box::new(packed::unpack_u16(&$packed, $len)))
        }
    };
}

unpacked_u16!(
    /// index jis0208, by pointer; 0 where the index has no code point.
    jis0208, gen::JIS0208_PACKED, gen::JIS0208_LEN);
unpacked_u16!(
    /// index jis0212, by pointer.
    jis0212, gen::JIS0212_PACKED, gen::JIS0212_LEN);
unpacked_u16!(
    /// index EUC-KR, by pointer.
    euc_kr, gen::EUC_KR_PACKED, gen::EUC_KR_LEN);
unpacked_u16!(
    /// index gb18030, by pointer.
    gb18030, gen::GB18030_PACKED, gen::GB18030_LEN);

/// index Big5, by pointer; it is the only index with code points above U+FFFF.
pub(crate) fn big5() -> &'static [u32] {
    static TABLE: OnceBox<Vec<u32>> = OnceBox::new();
    TABLE.get_or_init(|| alloc::boxed::Box::new(packed::unpack(&gen::BIG5_PACKED, gen::BIG5_LEN)))
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
    MAP.get_or_init(|| ReverseMap::first_pointers(jis0208().iter().map(|&c| u32::from(c)), |_| false))
        .get(cp)
}

/// "Index Shift_JIS pointer" (spec §5): index jis0208 without pointers 8272 to
/// 8835 (the NEC-selected IBM extensions, whose code points appear again later,
/// at the IBM extensions proper).
pub(crate) fn shift_jis_pointer(cp: u32) -> Option<usize> {
    static MAP: OnceBox<ReverseMap> = OnceBox::new();
    MAP.get_or_init(|| {
        ReverseMap::first_pointers(jis0208().iter().map(|&c| u32::from(c)), |p| (8272..=8835).contains(&p))
    })
    .get(cp)
}
