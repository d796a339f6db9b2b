//! Size probe (b): every decoder and encoder, chosen at run time, plus label
//! lookup. Exports take raw pointers/lengths so the optimiser cannot drop any path.
//!
//! With `--features lean` (a diagnostic for the size report, not the goal
//! build) the probe is `no_std`: see ../../lean.rs.
#![allow(clippy::missing_safety_doc)]
#![cfg_attr(feature = "lean", no_std)]

#[cfg(feature = "lean")]
extern crate alloc;
#[cfg(feature = "lean")]
use alloc::vec::Vec;

#[cfg(feature = "lean")]
#[path = "../../lean.rs"]
mod lean;

use text_encoding_wasm::{Decoder, DecoderMode, EncodeStatus, Encoder, EncoderMode, Encoding, ALL_ENCODINGS};

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

/// The index in `ALL_ENCODINGS` of the encoding `label` names, or -1.
#[no_mangle]
pub unsafe extern "C" fn label(ptr: *const u8, len: usize) -> i32 {
    let label = core::slice::from_raw_parts(ptr, len);
    match Encoding::for_label(label) {
        Some(e) => e as i32,
        None => -1,
    }
}

fn encoding(index: u32) -> Option<Encoding> {
    ALL_ENCODINGS.get(index as usize).copied()
}

/// Decodes `src` with encoding number `enc`; returns units written, or
/// `u32::MAX` on a bad index, a fatal error or a short `dst`.
#[no_mangle]
pub unsafe extern "C" fn decode(enc: u32, src: *const u8, src_len: usize, dst: *mut u16, dst_len: usize, fatal: u32) -> u32 {
    let Some(enc) = encoding(enc) else { return u32::MAX };
    let src = core::slice::from_raw_parts(src, src_len);
    let dst = core::slice::from_raw_parts_mut(dst, dst_len);
    let mode = if fatal != 0 { DecoderMode::Fatal } else { DecoderMode::Replacement };
    let r = Decoder::new(enc).decode_utf16(src, dst, true, mode);
    if r.read == src.len() { r.written as u32 } else { u32::MAX }
}

/// Encodes `src` with the encoder of encoding number `enc` (its output
/// encoding); returns bytes written, or `u32::MAX`.
#[no_mangle]
pub unsafe extern "C" fn encode(enc: u32, src: *const u16, src_len: usize, dst: *mut u8, dst_len: usize, html: u32) -> u32 {
    let Some(enc) = encoding(enc) else { return u32::MAX };
    let Some(mut encoder) = Encoder::new(enc.output_encoding()) else { return u32::MAX };
    let src = core::slice::from_raw_parts(src, src_len);
    let dst = core::slice::from_raw_parts_mut(dst, dst_len);
    let mode = if html != 0 { EncoderMode::Html } else { EncoderMode::Fatal };
    let r = encoder.encode_from_utf16(src, dst, true, mode);
    match r.status {
        EncodeStatus::InputEmpty => r.written as u32,
        _ => u32::MAX,
    }
}
