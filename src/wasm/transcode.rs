//! The CLI's bytes-to-bytes export (feature `transcode`; src/transcode.rs
//! has the why): input from the byte buffer, output into a buffer of its own
//! ([`scratch_out`]), both states in the state bytes, so that one call
//! carries a whole read of the CLI (js/cli/transcode.js) with no unit buffer
//! crossing to JavaScript.

use super::{at_least, supported_at, ERROR, FRESH, INPUT_EMPTY, LAST, OUTPUT_FULL, SCRATCH, SUBSTITUTE};
use crate::transcode::{TranscodeStatus, Transcoder, Unmappable};
use wasm_bindgen::prelude::wasm_bindgen;

/// Ensures the output buffer holds at least `cap` bytes; returns its address.
#[wasm_bindgen]
pub fn scratch_out(cap: u32) -> u32 {
    at_least(&mut SCRATCH.lock().out, cap)
}

/// Transcodes the `len` bytes at `start` in the byte buffer from encoding
/// `from` (replacement mode) to encoding `to` into at most `cap` bytes of the
/// output buffer: each unmappable character as '?' with SUBSTITUTE, else as
/// `&#N;` ("html"). The state (21 bytes) is read from the state bytes unless
/// FRESH and saved there. results = [status, read, written, 0, characters
/// written as '?']; returns written. Status OUTPUT_FULL: call again from
/// `start + read` with the output taken; ERROR: no such pair.
#[wasm_bindgen]
pub fn transcode(from: u32, to: u32, flags: u32, start: u32, len: u32, cap: u32) -> u32 {
    let mut guard = SCRATCH.lock();
    let s = &mut *guard;
    let transcoder = match (supported_at(from), supported_at(to)) {
        (Some(from), Some(to)) => Transcoder::new(from, to),
        _ => None,
    };
    let Some(mut transcoder) = transcoder else {
        s.results = [ERROR, 0, 0, 0, 0, 0];
        return 0;
    };
    if flags & FRESH == 0 {
        let mut state = [0u8; 21];
        state.copy_from_slice(&s.state[..21]);
        transcoder.load_state(&state);
    }
    let unmappable = if flags & SUBSTITUTE != 0 { Unmappable::Question } else { Unmappable::Html };
    let (start, len) = (start as usize, len as usize);
    let src = s.bytes.get(start..start.saturating_add(len)).unwrap_or(&[]);
    let cap = (cap as usize).min(s.out.len());
    let r = transcoder.transcode(src, &mut s.out[..cap], flags & LAST != 0, unmappable);
    s.state[..21].copy_from_slice(&transcoder.save_state());
    let status = match r.status {
        TranscodeStatus::InputEmpty => INPUT_EMPTY,
        TranscodeStatus::OutputFull => OUTPUT_FULL,
    };
    s.results = [status, r.read as u32, r.written as u32, 0, r.substituted as u32, 0];
    r.written as u32
}
