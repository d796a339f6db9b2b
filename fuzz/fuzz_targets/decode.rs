//! Decoder fuzz target: no panic, and chunk/buffer-split invariance.
//!
//! Input layout: byte 0 picks the encoding (`ALL_ENCODINGS[b % 40]`), byte 1
//! picks the mode (bit 0: replacement/fatal) and seeds the split pattern (the
//! chunk lengths, empty chunks included, and the small output buffer sizes);
//! the rest is the byte stream to decode.
//!
//! Checked:
//! * one call per error with a `max_utf16_len` buffer never returns OutputFull;
//! * every call has `read <= src.len()` and `written <= dst.len()`, InputEmpty
//!   consumes the whole `src`, and progress is always made (bounded loops);
//! * the chunked decode with tiny output buffers (resuming after OutputFull, and
//!   after Malformed with `src[read..]`) gives the same code units and, in fatal
//!   mode, the same error positions as the one-piece decode;
//! * the fatal decode with U+FFFD put at each error position equals the
//!   replacement decode (resuming after Malformed continues as the spec's queue);
//! * the output never holds a lone surrogate;
//! * after `last`, the decoder is idle and back in its initial state.
#![no_main]

use libfuzzer_sys::fuzz_target;
use text_encoding_wasm::{DecodeStatus, Decoder, DecoderMode, Encoding, ALL_ENCODINGS};

/// SplitMix64: a deterministic split pattern from the input's seed byte.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A whole decode: the code units and, in fatal mode, the number of code units
/// written before each Malformed.
#[derive(Debug, PartialEq, Eq)]
struct Decoded {
    units: Vec<u16>,
    errors: Vec<usize>,
}

fn check_stream_end(decoder: &Decoder, enc: Encoding) {
    assert!(decoder.is_idle(), "{enc:?}: decoder not idle after last");
    assert_eq!(decoder.save_state(), Decoder::new(enc).save_state(), "{enc:?}: decoder not in its initial state after last");
}

/// One piece, `max_utf16_len` buffers, `last` set; in fatal mode one call per error.
fn one_shot(enc: Encoding, src: &[u8], mode: DecoderMode) -> Decoded {
    let mut decoder = Decoder::new(enc);
    let mut out = Decoded { units: Vec::new(), errors: Vec::new() };
    let mut pos = 0;
    let mut calls = 0;
    loop {
        calls += 1;
        // At most one error per byte plus one at end-of-queue.
        assert!(calls <= src.len() + 2, "{enc:?} one-shot: no progress after {calls} calls");
        let rest = &src[pos..];
        let cap = decoder.max_utf16_len(rest.len()).expect("max_utf16_len overflowed");
        let mut dst = vec![0u16; cap];
        let r = decoder.decode_utf16(rest, &mut dst, true, mode);
        assert!(r.read <= rest.len(), "{enc:?}: read {} > src.len() {}", r.read, rest.len());
        assert!(r.written <= dst.len(), "{enc:?}: written {} > dst.len() {}", r.written, dst.len());
        out.units.extend_from_slice(&dst[..r.written]);
        pos += r.read;
        match r.status {
            DecodeStatus::InputEmpty => {
                assert_eq!(pos, src.len(), "{enc:?}: InputEmpty without consuming src");
                break;
            }
            DecodeStatus::OutputFull => panic!("{enc:?}: OutputFull with a max_utf16_len({}) = {cap} buffer", rest.len()),
            DecodeStatus::Malformed => {
                assert_eq!(mode, DecoderMode::Fatal, "{enc:?}: Malformed in replacement mode");
                out.errors.push(out.units.len());
            }
        }
    }
    check_stream_end(&decoder, enc);
    out
}

/// Random chunks (empty ones included) and output buffers of 1 to 5 units.
fn chunked(enc: Encoding, src: &[u8], mode: DecoderMode, rng: &mut Rng) -> Decoded {
    let mut decoder = Decoder::new(enc);
    let mut out = Decoded { units: Vec::new(), errors: Vec::new() };
    let mut pos = 0;
    let mut chunks = 0;
    let mut calls = 0;
    let max_calls = 8 * src.len() + 64;
    let mut min_cap = 1;
    loop {
        chunks += 1;
        let remaining = src.len() - pos;
        let len = if chunks > 4 * src.len() + 16 {
            remaining
        } else {
            match rng.below(8) {
                0 => 0,
                1..=4 => 1 + rng.below(3),
                _ => rng.below(17),
            }
            .min(remaining)
        };
        let chunk = &src[pos..pos + len];
        pos += len;
        // Sometimes an extra empty, non-last chunk before the last one.
        let last = pos == src.len() && (chunks > 4 * src.len() + 16 || rng.below(4) != 0);
        let mut cpos = 0;
        loop {
            calls += 1;
            assert!(calls <= max_calls, "{enc:?} chunked: no progress after {calls} calls");
            let rest = &chunk[cpos..];
            let cap = (1 + rng.below(5)).max(min_cap);
            let mut dst = vec![0u16; cap];
            let r = decoder.decode_utf16(rest, &mut dst, last, mode);
            assert!(r.read <= rest.len(), "{enc:?}: read {} > src.len() {}", r.read, rest.len());
            assert!(r.written <= dst.len(), "{enc:?}: written {} > dst.len() {}", r.written, dst.len());
            out.units.extend_from_slice(&dst[..r.written]);
            cpos += r.read;
            min_cap = 1;
            match r.status {
                DecodeStatus::InputEmpty => {
                    assert_eq!(cpos, chunk.len(), "{enc:?}: InputEmpty without consuming src");
                    break;
                }
                DecodeStatus::OutputFull => {
                    // One step writes at most two units, so two always fit.
                    assert!(cap < 2 || r.written > 0, "{enc:?}: OutputFull with nothing written to a {cap}-unit buffer");
                    if r.written == 0 {
                        min_cap = 2;
                    }
                }
                DecodeStatus::Malformed => {
                    assert_eq!(mode, DecoderMode::Fatal, "{enc:?}: Malformed in replacement mode");
                    out.errors.push(out.units.len());
                }
            }
        }
        if last {
            break;
        }
    }
    check_stream_end(&decoder, enc);
    out
}

fn assert_no_lone_surrogate(enc: Encoding, units: &[u16]) {
    let mut i = 0;
    while i < units.len() {
        match units[i] {
            0xD800..=0xDBFF => {
                assert!(
                    matches!(units.get(i + 1), Some(0xDC00..=0xDFFF)),
                    "{enc:?}: lone lead surrogate {:#06X} at {i}",
                    units[i]
                );
                i += 2;
            }
            0xDC00..=0xDFFF => panic!("{enc:?}: lone trail surrogate {:#06X} at {i}", units[i]),
            _ => i += 1,
        }
    }
}

fuzz_target!(|data: &[u8]| {
    if data.len() < 2 {
        return;
    }
    let enc = ALL_ENCODINGS[usize::from(data[0]) % ALL_ENCODINGS.len()];
    let mode = if data[1] & 1 == 0 { DecoderMode::Replacement } else { DecoderMode::Fatal };
    let src = &data[2..];
    let mut rng = Rng(u64::from(data[1] >> 1) ^ ((src.len() as u64) << 8));

    let whole = one_shot(enc, src, mode);
    assert_no_lone_surrogate(enc, &whole.units);

    let split = chunked(enc, src, mode, &mut rng);
    assert_eq!(whole, split, "{enc:?} {mode:?}: chunked decode differs from one-piece decode");

    // Fatal with U+FFFD at each error position is the replacement decode.
    let (fatal, replacement) = match mode {
        DecoderMode::Fatal => (whole, one_shot(enc, src, DecoderMode::Replacement)),
        DecoderMode::Replacement => (one_shot(enc, src, DecoderMode::Fatal), whole),
    };
    let mut expected = Vec::with_capacity(fatal.units.len() + fatal.errors.len());
    let mut from = 0;
    for &at in &fatal.errors {
        expected.extend_from_slice(&fatal.units[from..at]);
        expected.push(0xFFFD);
        from = at;
    }
    expected.extend_from_slice(&fatal.units[from..]);
    assert_eq!(expected, replacement.units, "{enc:?}: fatal decode with U+FFFD at its errors differs from replacement decode");
});
