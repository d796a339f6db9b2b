//! Encoder fuzz target: no panic, chunk/buffer-split invariance, round trips.
//!
//! Input layout: byte 0 picks the encoding (`ALL_ENCODINGS[b % 40]`; those with
//! no encoder are skipped), byte 1 picks the mode (bit 0: fatal/html) and seeds
//! the split pattern; the rest, taken two bytes at a time (little-endian), is
//! the UTF-16 input: any values, lone surrogates included.
//!
//! Checked:
//! * one call per error with a `max_len` buffer never returns OutputFull;
//! * every call has `read <= src.len()` and `written <= dst.len()`, InputEmpty
//!   consumes the whole `src`, and progress is always made (bounded loops);
//! * the chunked encode (random chunks that may split surrogate pairs, output
//!   buffers of 1 to 8 bytes, resuming after OutputFull, and after Unmappable
//!   with `src[read..]`) gives the same bytes and the same errors (byte offset,
//!   code point) as the one-piece encode;
//! * the html encode is the fatal encode with `&#N;` at each error;
//! * after `last`, the encoder is back in its initial state;
//! * fatal encodes with no error of input with no lone surrogate decode back to
//!   the input, for the encodings where the spec makes that hold (see
//!   `round_trip_expectation`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use text_encoding_wasm::{DecodeStatus, Decoder, DecoderMode, EncodeStatus, Encoder, EncoderMode, Encoding, ALL_ENCODINGS};

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

/// A whole encode: the bytes and, in fatal mode, each Unmappable with the number
/// of bytes written before it.
#[derive(Debug, PartialEq, Eq)]
struct Encoded {
    bytes: Vec<u8>,
    errors: Vec<(usize, char)>,
}

fn new_encoder(enc: Encoding) -> Encoder {
    Encoder::new(enc).expect("checked by the caller")
}

fn check_stream_end(encoder: &Encoder, enc: Encoding) {
    assert_eq!(encoder.save_state(), new_encoder(enc).save_state(), "{enc:?}: encoder not in its initial state after last");
}

/// One piece, `max_len` buffers, `last` set; in fatal mode one call per error.
fn one_shot(enc: Encoding, src: &[u16], mode: EncoderMode) -> Encoded {
    let mut encoder = new_encoder(enc);
    let mut out = Encoded { bytes: Vec::new(), errors: Vec::new() };
    let mut pos = 0;
    let mut calls = 0;
    loop {
        calls += 1;
        // At most one error per code unit.
        assert!(calls <= src.len() + 2, "{enc:?} one-shot: no progress after {calls} calls");
        let rest = &src[pos..];
        let cap = encoder.max_len(rest.len(), mode).expect("max_len overflowed");
        let mut dst = vec![0u8; cap];
        let r = encoder.encode_from_utf16(rest, &mut dst, true, mode);
        assert!(r.read <= rest.len(), "{enc:?}: read {} > src.len() {}", r.read, rest.len());
        assert!(r.written <= dst.len(), "{enc:?}: written {} > dst.len() {}", r.written, dst.len());
        out.bytes.extend_from_slice(&dst[..r.written]);
        pos += r.read;
        match r.status {
            EncodeStatus::InputEmpty => {
                assert_eq!(pos, src.len(), "{enc:?}: InputEmpty without consuming src");
                break;
            }
            EncodeStatus::OutputFull => panic!("{enc:?} {mode:?}: OutputFull with a max_len({}) = {cap} buffer", rest.len()),
            EncodeStatus::Unmappable(c) => {
                assert_eq!(mode, EncoderMode::Fatal, "{enc:?}: Unmappable in html mode");
                out.errors.push((out.bytes.len(), c));
            }
        }
    }
    check_stream_end(&encoder, enc);
    out
}

/// Random chunks (empty ones included, surrogate pairs split) and output buffers
/// of 1 to 8 bytes (grown when a character does not fit).
fn chunked(enc: Encoding, src: &[u16], mode: EncoderMode, rng: &mut Rng) -> Encoded {
    let mut encoder = new_encoder(enc);
    let mut out = Encoded { bytes: Vec::new(), errors: Vec::new() };
    let mut pos = 0;
    let mut chunks = 0;
    let mut calls = 0;
    let max_calls = 16 * src.len() + 64;
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
        let last = pos == src.len() && (chunks > 4 * src.len() + 16 || rng.below(4) != 0);
        let mut cpos = 0;
        loop {
            calls += 1;
            assert!(calls <= max_calls, "{enc:?} chunked: no progress after {calls} calls");
            let rest = &chunk[cpos..];
            let cap = (1 + rng.below(8)).max(min_cap);
            let mut dst = vec![0u8; cap];
            let r = encoder.encode_from_utf16(rest, &mut dst, last, mode);
            assert!(r.read <= rest.len(), "{enc:?}: read {} > src.len() {}", r.read, rest.len());
            assert!(r.written <= dst.len(), "{enc:?}: written {} > dst.len() {}", r.written, dst.len());
            out.bytes.extend_from_slice(&dst[..r.written]);
            cpos += r.read;
            let progress = r.read > 0 || r.written > 0;
            match r.status {
                EncodeStatus::InputEmpty => {
                    assert_eq!(cpos, chunk.len(), "{enc:?}: InputEmpty without consuming src");
                    break;
                }
                EncodeStatus::OutputFull => {
                    // The longest step: a 3-byte escape, 2 bytes, or an escape
                    // and "&#1114111;" in html mode; 16 bytes always fit.
                    assert!(progress || cap < 16, "{enc:?} {mode:?}: OutputFull with no progress on a {cap}-byte buffer");
                    min_cap = if progress { 1 } else { cap * 2 };
                }
                EncodeStatus::Unmappable(c) => {
                    assert_eq!(mode, EncoderMode::Fatal, "{enc:?}: Unmappable in html mode");
                    out.errors.push((out.bytes.len(), c));
                    min_cap = 1;
                }
            }
        }
        if last {
            break;
        }
    }
    check_stream_end(&encoder, enc);
    out
}

fn has_lone_surrogate(units: &[u16]) -> bool {
    let mut i = 0;
    while i < units.len() {
        match units[i] {
            0xD800..=0xDBFF if matches!(units.get(i + 1), Some(0xDC00..=0xDFFF)) => i += 2,
            0xD800..=0xDFFF => return true,
            _ => i += 1,
        }
    }
    false
}

/// The 18 PUA code points of DIVERGENCES.md §1.
const GB18030_2022_PUA: [u16; 18] = [
    0xE78D, 0xE78E, 0xE78F, 0xE790, 0xE791, 0xE792, 0xE793, 0xE794, 0xE795, 0xE796, 0xE81E, 0xE826, 0xE82B, 0xE82C, 0xE832,
    0xE843, 0xE854, 0xE864,
];

/// What decoding an error-free fatal encode of `src` must give, or None where the
/// spec does not promise a round trip.
fn round_trip_expectation(enc: Encoding, src: &[u16]) -> Option<Vec<u16>> {
    use Encoding::*;
    match enc {
        // §12.2.2: concatenated ISO-2022-JP outputs may not decode back (and the
        // encoder maps halfwidth katakana to fullwidth): no promise.
        Iso2022Jp => None,
        // DIVERGENCES.md §1: the spec text we follow has no GB18030-2022 PUA
        // table, so with the 2022 index files these 18 PUA code points take
        // §10.2.2 steps 8-15 and their four bytes decode to other code points
        // (U+E792 -> 83 36 CB 37 -> U+E835). GBK returns an error for them.
        Gb18030 if src.iter().any(|u| GB18030_2022_PUA.contains(u)) => None,
        // §12.1.2 / §12.3.2: steps 3, 4 and 6 map U+00A5 to 0x5C, U+203E to 0x7E
        // and U+2212 to U+FF0D's bytes, which decode as U+005C, U+007E and
        // U+FF0D. Every other step inverts the decoder: halfwidth katakana
        // (0x8E-prefixed in EUC-JP, 0xA1..=0xDF in Shift_JIS), and index pointers
        // that are "less than 8836" (the step 7 note), so never the PUA range the
        // decoders map 8836..=10715 to; U+0080 is 0x80 both ways in Shift_JIS.
        EucJp | ShiftJis => Some(
            src.iter()
                .map(|&u| match u {
                    0x00A5 => 0x005C,
                    0x203E => 0x007E,
                    0x2212 => 0xFF0D,
                    u => u,
                })
                .collect(),
        ),
        // UTF-8 (§8.1.2), single-byte (§9.2: "index pointer for code point in
        // index single-byte", whose index code point is that code point),
        // gb18030/GBK (§10.2.2: U+E5E5, the one code point that cannot round trip,
        // is an error; index pointers and ranges pointers invert the decoder's
        // lookups, U+E7C7 <-> 7457 both ways; GBK's U+20AC <-> 0x80 both ways),
        // Big5 (§11.1.2: pointers below (0xA1 − 0x81) × 157 are excluded, so never
        // the two-code-point pointers 1133/1135/1164/1166), EUC-KR (§13.1.2) and
        // x-user-defined (§14.5.2: U+F780..=U+F7FF <-> 0x80..=0xFF).
        _ => Some(src.to_vec()),
    }
}

fn decode_replacement(enc: Encoding, bytes: &[u8]) -> Vec<u16> {
    let mut decoder = Decoder::new(enc);
    let mut dst = vec![0u16; decoder.max_utf16_len(bytes.len()).expect("max_utf16_len overflowed")];
    let r = decoder.decode_utf16(bytes, &mut dst, true, DecoderMode::Replacement);
    assert_eq!((r.status, r.read), (DecodeStatus::InputEmpty, bytes.len()));
    dst.truncate(r.written);
    dst
}

fuzz_target!(|data: &[u8]| {
    if data.len() < 2 {
        return;
    }
    let enc = ALL_ENCODINGS[usize::from(data[0]) % ALL_ENCODINGS.len()];
    if Encoder::new(enc).is_none() {
        return;
    }
    let mode = if data[1] & 1 == 0 { EncoderMode::Fatal } else { EncoderMode::Html };
    let src: Vec<u16> = data[2..].chunks_exact(2).map(|p| u16::from_le_bytes([p[0], p[1]])).collect();
    let mut rng = Rng(u64::from(data[1] >> 1) ^ ((src.len() as u64) << 8));

    let whole = one_shot(enc, &src, mode);
    let split = chunked(enc, &src, mode, &mut rng);
    assert_eq!(whole, split, "{enc:?} {mode:?}: chunked encode differs from one-piece encode");

    // Html is fatal with "&#N;" at each error.
    let (fatal, html) = match mode {
        EncoderMode::Fatal => (whole, one_shot(enc, &src, EncoderMode::Html)),
        EncoderMode::Html => (one_shot(enc, &src, EncoderMode::Fatal), whole),
    };
    let mut expected = Vec::with_capacity(html.bytes.len());
    let mut from = 0;
    for &(at, c) in &fatal.errors {
        expected.extend_from_slice(&fatal.bytes[from..at]);
        expected.extend_from_slice(format!("&#{};", c as u32).as_bytes());
        from = at;
    }
    expected.extend_from_slice(&fatal.bytes[from..]);
    assert_eq!(expected, html.bytes, "{enc:?}: html encode differs from fatal encode with &#N; at its errors");

    if fatal.errors.is_empty() && !has_lone_surrogate(&src) {
        if let Some(expected) = round_trip_expectation(enc, &src) {
            let decoded = decode_replacement(enc, &fatal.bytes);
            assert_eq!(decoded, expected, "{enc:?}: decoding the encoder's output does not give the input back");
        }
    }
});
