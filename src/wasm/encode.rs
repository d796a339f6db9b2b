//! The standard's encoders as a module export (feature `encoders`, which the
//! main module has and the CJK family modules of composed builds leave out:
//! their lite entry's only encoder is TextEncoder's UTF-8, in JavaScript, and
//! the users of legacy encoders (LegacyEncoder, the hooks' encode, the CLI)
//! load the main module; 4.3 KB gzip less in the Japanese module).

use super::{supported_at, ERROR, FATAL, FRESH, INPUT_EMPTY, LAST, OUTPUT_FULL, SCRATCH, SUBSTITUTE};
use crate::{EncodeStatus, Encoder, EncoderMode, Encoding};
use wasm_bindgen::prelude::wasm_bindgen;

/// Encodes the `len` code units at `start` in the unit buffer into at most `cap`
/// bytes of the byte buffer with encoding `index` ("html" mode unless FATAL;
/// with FATAL and SUBSTITUTE, '?' for each unmappable character), from and to
/// the state bytes. Output stops at the last whole character that fits (what
/// `encodeInto` needs); `start` lets a caller go on from there without moving
/// the rest (the CLI's transcoder, js/runtime.js). results = [status, read,
/// written, unmappable code point, characters written as '?']; returns
/// written. Status ERROR with code point 0: no such encoder.
#[wasm_bindgen]
pub fn encode(index: u32, flags: u32, start: u32, len: u32, cap: u32) -> u32 {
    let mut guard = SCRATCH.lock();
    let s = &mut *guard;
    let encoder = supported_at(index).and_then(new_encoder);
    let Some(mut encoder) = encoder else {
        s.results = [ERROR, 0, 0, 0, 0, 0];
        return 0;
    };
    if flags & FRESH == 0 {
        let mut state = [0u8; 4];
        state.copy_from_slice(&s.state[..4]);
        encoder.load_state(&state);
    }
    let mode = if flags & FATAL != 0 { EncoderMode::Fatal } else { EncoderMode::Html };
    let (start, len) = (start as usize, len as usize);
    let src = s.units.get(start..start.saturating_add(len)).unwrap_or(&[]);
    let cap = (cap as usize).min(s.bytes.len());
    let last = flags & LAST != 0;
    let dst = &mut s.bytes[..cap];
    // SUBSTITUTE: each unmappable character as '?'; a character whose '?'
    // does not fit is given back, to be read again after OUTPUT_FULL.
    let (r, substituted) = if flags & SUBSTITUTE != 0 {
        encoder.encode_substituting(src, dst, last, mode)
    } else {
        (encoder.encode_from_utf16(src, dst, last, mode), 0)
    };
    let (status, cp) = match r.status {
        EncodeStatus::InputEmpty => (INPUT_EMPTY, 0),
        EncodeStatus::OutputFull => (OUTPUT_FULL, 0),
        EncodeStatus::Unmappable(c) => (ERROR, c as u32),
    };
    s.state[..4].copy_from_slice(&encoder.save_state());
    s.results = [status, r.read as u32, r.written as u32, cp, substituted as u32, 0];
    r.written as u32
}

fn new_encoder(encoding: Encoding) -> Option<Encoder> {
    Encoder::new(encoding)
}
