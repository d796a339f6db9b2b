//! Size probe (c): what (b) does, with encoding_rs: every decoder and encoder
//! chosen at run time, plus label lookup. Same exports and the same encoding
//! numbering (the standard's table order) as size/all.
#![allow(clippy::missing_safety_doc)]

use encoding_rs::{CoderResult, DecoderResult, Encoding, EncoderResult};

/// Allocates `len` bytes (align 2, enough for u16 buffers) for the caller.
#[no_mangle]
pub extern "C" fn alloc(len: usize) -> *mut u8 {
    let mut v: Vec<u16> = Vec::with_capacity(len.div_ceil(2));
    let p = v.as_mut_ptr().cast();
    core::mem::forget(v);
    p
}

/// Frees what [`alloc`] returned.
#[no_mangle]
pub unsafe extern "C" fn dealloc(ptr: *mut u8, len: usize) {
    drop(Vec::from_raw_parts(ptr.cast::<u16>(), 0, len.div_ceil(2)));
}

fn encoding(index: u32) -> Option<&'static Encoding> {
    Some(match index {
        0 => encoding_rs::UTF_8,
        1 => encoding_rs::IBM866,
        2 => encoding_rs::ISO_8859_2,
        3 => encoding_rs::ISO_8859_3,
        4 => encoding_rs::ISO_8859_4,
        5 => encoding_rs::ISO_8859_5,
        6 => encoding_rs::ISO_8859_6,
        7 => encoding_rs::ISO_8859_7,
        8 => encoding_rs::ISO_8859_8,
        9 => encoding_rs::ISO_8859_8_I,
        10 => encoding_rs::ISO_8859_10,
        11 => encoding_rs::ISO_8859_13,
        12 => encoding_rs::ISO_8859_14,
        13 => encoding_rs::ISO_8859_15,
        14 => encoding_rs::ISO_8859_16,
        15 => encoding_rs::KOI8_R,
        16 => encoding_rs::KOI8_U,
        17 => encoding_rs::MACINTOSH,
        18 => encoding_rs::WINDOWS_874,
        19 => encoding_rs::WINDOWS_1250,
        20 => encoding_rs::WINDOWS_1251,
        21 => encoding_rs::WINDOWS_1252,
        22 => encoding_rs::WINDOWS_1253,
        23 => encoding_rs::WINDOWS_1254,
        24 => encoding_rs::WINDOWS_1255,
        25 => encoding_rs::WINDOWS_1256,
        26 => encoding_rs::WINDOWS_1257,
        27 => encoding_rs::WINDOWS_1258,
        28 => encoding_rs::X_MAC_CYRILLIC,
        29 => encoding_rs::GBK,
        30 => encoding_rs::GB18030,
        31 => encoding_rs::BIG5,
        32 => encoding_rs::EUC_JP,
        33 => encoding_rs::ISO_2022_JP,
        34 => encoding_rs::SHIFT_JIS,
        35 => encoding_rs::EUC_KR,
        36 => encoding_rs::REPLACEMENT,
        37 => encoding_rs::UTF_16BE,
        38 => encoding_rs::UTF_16LE,
        39 => encoding_rs::X_USER_DEFINED,
        _ => return None,
    })
}

fn index_of(enc: &'static Encoding) -> i32 {
    (0..40).find(|&i| encoding(i) == Some(enc)).map_or(-1, |i| i as i32)
}

/// The index of the encoding `label` names, or -1.
#[no_mangle]
pub unsafe extern "C" fn label(ptr: *const u8, len: usize) -> i32 {
    let label = core::slice::from_raw_parts(ptr, len);
    match Encoding::for_label(label) {
        Some(e) => index_of(e),
        None => -1,
    }
}

/// Decodes `src` with encoding number `enc` (no BOM handling); returns units
/// written, or `u32::MAX` on a bad index, a fatal error or a short `dst`.
#[no_mangle]
pub unsafe extern "C" fn decode(enc: u32, src: *const u8, src_len: usize, dst: *mut u16, dst_len: usize, fatal: u32) -> u32 {
    let Some(enc) = encoding(enc) else { return u32::MAX };
    let src = core::slice::from_raw_parts(src, src_len);
    let dst = core::slice::from_raw_parts_mut(dst, dst_len);
    let mut decoder = enc.new_decoder_without_bom_handling();
    if fatal != 0 {
        match decoder.decode_to_utf16_without_replacement(src, dst, true) {
            (DecoderResult::InputEmpty, _, written) => written as u32,
            _ => u32::MAX,
        }
    } else {
        match decoder.decode_to_utf16(src, dst, true) {
            (CoderResult::InputEmpty, _, written, _) => written as u32,
            _ => u32::MAX,
        }
    }
}

/// Encodes `src` with the encoder of encoding number `enc` (its output
/// encoding); returns bytes written, or `u32::MAX`.
#[no_mangle]
pub unsafe extern "C" fn encode(enc: u32, src: *const u16, src_len: usize, dst: *mut u8, dst_len: usize, html: u32) -> u32 {
    let Some(enc) = encoding(enc) else { return u32::MAX };
    let src = core::slice::from_raw_parts(src, src_len);
    let dst = core::slice::from_raw_parts_mut(dst, dst_len);
    let mut encoder = enc.output_encoding().new_encoder();
    if html != 0 {
        match encoder.encode_from_utf16(src, dst, true) {
            (CoderResult::InputEmpty, _, written, _) => written as u32,
            _ => u32::MAX,
        }
    } else {
        match encoder.encode_from_utf16_without_replacement(src, dst, true) {
            (EncoderResult::InputEmpty, _, written) => written as u32,
            _ => u32::MAX,
        }
    }
}
