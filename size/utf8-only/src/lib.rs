//! Size probe (a): only the UTF-8 decoder and encoder. Nothing here may name
//! another family, so the module should hold no legacy table.
//! Exports take raw pointers/lengths so the optimiser cannot drop any path.
//!
//! With `--features lean` (a diagnostic for the size report, not the goal
//! build) the probe is `no_std`: a panic handler that is a bare `unreachable`
//! (so no `core::fmt` is linked) and a bump allocator instead of std's dlmalloc.
#![allow(clippy::missing_safety_doc)]
#![cfg_attr(feature = "lean", no_std)]

#[cfg(feature = "lean")]
extern crate alloc;
#[cfg(feature = "lean")]
use alloc::vec::Vec;

#[cfg(feature = "lean")]
#[path = "../../lean.rs"]
mod lean;

use text_encoding_wasm::{DecoderMode, EncodeStatus, EncoderMode, Utf8Decoder, Utf8Encoder};

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

/// Decodes `src` (bytes) into `dst` (u16 units); returns units written, or
/// `u32::MAX` when fatal mode hit an error or `dst` was too short.
#[no_mangle]
pub unsafe extern "C" fn decode(src: *const u8, src_len: usize, dst: *mut u16, dst_len: usize, fatal: u32) -> u32 {
    let src = core::slice::from_raw_parts(src, src_len);
    let dst = core::slice::from_raw_parts_mut(dst, dst_len);
    let mode = if fatal != 0 { DecoderMode::Fatal } else { DecoderMode::Replacement };
    let r = Utf8Decoder::new().decode_utf16(src, dst, true, mode);
    if r.read == src.len() { r.written as u32 } else { u32::MAX }
}

/// Encodes `src` (u16 units) into `dst` (bytes); returns bytes written, or
/// `u32::MAX` when `dst` was too short.
#[no_mangle]
pub unsafe extern "C" fn encode(src: *const u16, src_len: usize, dst: *mut u8, dst_len: usize, html: u32) -> u32 {
    let src = core::slice::from_raw_parts(src, src_len);
    let dst = core::slice::from_raw_parts_mut(dst, dst_len);
    let mode = if html != 0 { EncoderMode::Html } else { EncoderMode::Fatal };
    let r = Utf8Encoder::new().encode_from_utf16(src, dst, true, mode);
    match r.status {
        EncodeStatus::InputEmpty => r.written as u32,
        _ => u32::MAX,
    }
}
