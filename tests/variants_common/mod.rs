//! Shared helpers for the tests of `text_encoding_wasm::variants`: a tiny seeded
//! PRNG, random inputs, and drivers that run a streaming decoder or encoder over
//! random splits (empty chunks included) with random, often 1-unit, output buffers.
#![allow(dead_code)]

use text_encoding_wasm::decode::ByteHandler;
use text_encoding_wasm::variants::{VariantEncodeResult, VariantEncodeStatus};
use text_encoding_wasm::{DecodeStatus, DecoderMode, StreamDecoder};

#[path = "../support/rng.rs"]
mod rng;
pub use rng::Rng;

/// Random UTF-16 code units, lone surrogates and pairs included.
pub fn random_units(rng: &mut Rng, max_len: usize, surrogates: bool) -> Vec<u16> {
    let len = rng.below(max_len + 1);
    let mut out = Vec::with_capacity(len + 1);
    while out.len() < len {
        match rng.below(if surrogates { 8 } else { 6 }) {
            0 => out.push(rng.range(0, 0x7F) as u16),
            1 => out.push(rng.pick(&[0u16, 0x7F, 0x80, 0x7FF, 0x800, 0xD7FF, 0xE000, 0xFFFD, 0xFFFF])),
            2 => out.push(rng.range(0x80, 0x7FF) as u16),
            3 => out.push(rng.range(0x800, 0xD7FF) as u16),
            4 => out.push(rng.range(0xE000, 0xFFFF) as u16),
            5 => {
                let cp = rng.range(0x10000, 0x10FFFF) - 0x10000;
                out.push(0xD800 | (cp >> 10) as u16);
                out.push(0xDC00 | (cp & 0x3FF) as u16);
            }
            6 => out.push(rng.range(0xD800, 0xDBFF) as u16),
            _ => out.push(rng.range(0xDC00, 0xDFFF) as u16),
        }
    }
    out
}

/// Random bytes weighted towards the ones UTF-8 variants care about.
pub fn random_bytes(rng: &mut Rng, max_len: usize) -> Vec<u8> {
    const SPECIAL: [u8; 24] = [
        0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xAF, 0xB0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xED, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFD, 0xFE,
    ];
    let len = rng.below(max_len + 1);
    (0..len)
        .map(|_| match rng.below(4) {
            0 => rng.below(256) as u8,
            1 => rng.range(0x80, 0xBF) as u8,
            _ => rng.pick(&SPECIAL),
        })
        .collect()
}

/// Splits `len` into random chunk lengths (empty ones included) summing to `len`.
pub fn random_splits(rng: &mut Rng, len: usize) -> Vec<usize> {
    let mut out = Vec::new();
    let mut left = len;
    loop {
        if left == 0 {
            // Sometimes a trailing empty chunk carries `last`.
            if rng.below(3) == 0 {
                out.push(0);
            }
            if out.is_empty() {
                out.push(0);
            }
            return out;
        }
        let n = match rng.below(4) {
            0 => 0,
            1 => 1,
            _ => rng.below(left.min(9) + 1),
        };
        let n = n.min(left);
        out.push(n);
        left -= n;
    }
}

/// Decodes `src` in one call with a `max_utf16_len` buffer, going on after each
/// fatal error with `src[read..]`; returns the output with U+FFFD put where each
/// fatal error was (so it must equal the replacement-mode output) and the stream
/// offsets at which the errors were reported.
pub fn decode_whole<H: ByteHandler + Copy>(decoder: StreamDecoder<H>, src: &[u8], mode: DecoderMode) -> (Vec<u16>, Vec<usize>) {
    let mut d = decoder;
    let mut out = Vec::new();
    let mut errors = Vec::new();
    let mut read = 0;
    loop {
        let mut buf = vec![0u16; d.max_utf16_len(src.len() - read).unwrap()];
        let r = d.decode_utf16(&src[read..], &mut buf, true, mode);
        out.extend_from_slice(&buf[..r.written]);
        read += r.read;
        match r.status {
            DecodeStatus::InputEmpty => {
                assert_eq!(read, src.len());
                assert!(d.is_idle());
                return (out, errors);
            }
            DecodeStatus::OutputFull => panic!("{src:02X?}: OutputFull with a max_utf16_len buffer"),
            DecodeStatus::Malformed => {
                assert_eq!(mode, DecoderMode::Fatal, "Malformed in replacement mode");
                out.push(0xFFFD);
                errors.push(read);
            }
        }
    }
}

/// As [`decode_whole`], over random splits with random output buffer sizes
/// (1 unit a third of the time).
pub fn decode_split<H: ByteHandler + Copy>(decoder: StreamDecoder<H>, src: &[u8], mode: DecoderMode, rng: &mut Rng) -> (Vec<u16>, Vec<usize>) {
    let mut d = decoder;
    let mut out = Vec::new();
    let mut errors = Vec::new();
    let splits = random_splits(rng, src.len());
    let mut offset = 0;
    for (k, &n) in splits.iter().enumerate() {
        let last = k + 1 == splits.len();
        let chunk = &src[offset..offset + n];
        let mut read = 0;
        let mut stuck = 0;
        loop {
            // Sometimes exactly `max_utf16_len`, which must always be enough.
            let max = d.max_utf16_len(chunk.len() - read).unwrap();
            let cap = if stuck > 0 { 2 } else { [1, 1, 2, 3, 7, 64, max][rng.below(7)] };
            let mut buf = vec![0u16; cap];
            let r = d.decode_utf16(&chunk[read..], &mut buf, last, mode);
            assert!(r.written <= cap);
            assert!(cap != max || r.status != DecodeStatus::OutputFull, "{src:02X?}: OutputFull with max_utf16_len");
            out.extend_from_slice(&buf[..r.written]);
            read += r.read;
            match r.status {
                DecodeStatus::InputEmpty => {
                    assert_eq!(read, chunk.len());
                    break;
                }
                DecodeStatus::OutputFull => {
                    // Only a 2-unit step can fail to fit a non-empty buffer.
                    stuck = if r.read == 0 && r.written == 0 { stuck + 1 } else { 0 };
                    assert!(stuck < 2, "{src:02X?}: no progress with a 2-unit buffer");
                }
                DecodeStatus::Malformed => {
                    out.push(0xFFFD);
                    errors.push(offset + read);
                    stuck = 0;
                }
            }
        }
        offset += n;
    }
    assert!(d.is_idle());
    (out, errors)
}

/// Runs an encoder (`encode(src, dst, last)`) over all of `src` in one call with
/// a `max_len`-sized buffer, going on after each error; returns the bytes and the
/// stream offsets (in units) of the units that were errors.
pub fn encode_whole<F: FnMut(&[u16], &mut [u8], bool) -> VariantEncodeResult>(mut encode: F, max_len: usize, src: &[u16]) -> (Vec<u8>, Vec<usize>) {
    let mut out = Vec::new();
    let mut errors = Vec::new();
    let mut read = 0;
    loop {
        let mut buf = vec![0u8; max_len];
        let r = encode(&src[read..], &mut buf, true);
        out.extend_from_slice(&buf[..r.written]);
        read += r.read;
        match r.status {
            VariantEncodeStatus::InputEmpty => {
                assert_eq!(read, src.len());
                return (out, errors);
            }
            VariantEncodeStatus::OutputFull => panic!("{src:04X?}: OutputFull with a max_len buffer"),
            VariantEncodeStatus::Malformed => errors.push(read - 1),
        }
    }
}

/// As [`encode_whole`], over random splits with random small output buffers.
pub fn encode_split<T: Copy, F: FnMut(&[T], &mut [u8], bool) -> VariantEncodeResult>(mut encode: F, src: &[T], rng: &mut Rng) -> (Vec<u8>, Vec<usize>) {
    let mut out = Vec::new();
    let mut errors = Vec::new();
    let splits = random_splits(rng, src.len());
    let mut offset = 0;
    for (k, &n) in splits.iter().enumerate() {
        let last = k + 1 == splits.len();
        let chunk = &src[offset..offset + n];
        let mut read = 0;
        let mut stuck = 0;
        loop {
            let cap = if stuck > 0 { 6 } else { [1, 1, 2, 3, 4, 7, 64][rng.below(7)] };
            let mut buf = vec![0u8; cap];
            let r = encode(&chunk[read..], &mut buf, last);
            assert!(r.written <= cap);
            out.extend_from_slice(&buf[..r.written]);
            read += r.read;
            match r.status {
                VariantEncodeStatus::InputEmpty => {
                    assert_eq!(read, chunk.len());
                    break;
                }
                VariantEncodeStatus::OutputFull => {
                    stuck = if r.read == 0 && r.written == 0 { stuck + 1 } else { 0 };
                    assert!(stuck < 2, "no progress with a 6-byte buffer");
                }
                VariantEncodeStatus::Malformed => {
                    // The offending unit is the last one consumed (maybe in an earlier call).
                    errors.push(offset + read - 1);
                    stuck = 0;
                }
            }
        }
        offset += n;
    }
    (out, errors)
}
