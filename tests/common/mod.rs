//! Shared helpers for the differential tests: a seeded PRNG and one-shot /
//! streaming drivers for our coders and for encoding_rs (the oracle).
#![allow(dead_code)]

use text_encoding_wasm::{DecodeStatus, Decoder, DecoderMode, EncodeStatus, Encoder, EncoderMode, Encoding};

#[path = "../support/rng.rs"]
mod rng;
pub use rng::Rng;

/// The oracle's encoding object for ours, matched by name (which both take from
/// the standard's table). "replacement" is not a label of itself, so it is
/// taken directly.
pub fn rs(enc: Encoding) -> &'static encoding_rs::Encoding {
    let e = if enc.name() == "replacement" {
        encoding_rs::REPLACEMENT
    } else {
        encoding_rs::Encoding::for_label(enc.name().as_bytes())
            .unwrap_or_else(|| panic!("encoding_rs lacks {}", enc.name()))
    };
    assert_eq!(e.name(), enc.name(), "name mismatch between the crates");
    e
}

pub const FFFD: u16 = 0xFFFD;

// ---------------------------------------------------------------- decoding

/// Ours, one call with a `max_utf16_len` buffer and last=true. Replacement:
/// the whole output. Fatal: the output before the first error, and whether
/// there was one.
pub fn ours_decode(enc: Encoding, src: &[u8], mode: DecoderMode) -> (Vec<u16>, bool) {
    let mut d = Decoder::new(enc);
    let mut out = vec![0u16; d.max_utf16_len(src.len()).unwrap()];
    let r = d.decode_utf16(src, &mut out, true, mode);
    assert!(r.read <= src.len() && r.written <= out.len(), "{enc:?} {src:02X?}: bad counts {r:?}");
    out.truncate(r.written);
    match r.status {
        DecodeStatus::InputEmpty => {
            assert_eq!(r.read, src.len(), "{enc:?} {src:02X?} {mode:?}: InputEmpty before the end");
            (out, false)
        }
        DecodeStatus::Malformed => {
            assert_eq!(mode, DecoderMode::Fatal, "{enc:?} {src:02X?}: Malformed in replacement mode");
            (out, true)
        }
        DecodeStatus::OutputFull => panic!("{enc:?} {src:02X?} {mode:?}: OutputFull with a max_utf16_len buffer"),
    }
}

/// Ours in fatal mode run to the end: after each Malformed, U+FFFD is appended
/// and the call repeated with `src[read..]`. Returns (output, errors).
pub fn ours_decode_fatal_resumed(enc: Encoding, src: &[u8]) -> (Vec<u16>, usize) {
    let mut d = Decoder::new(enc);
    let mut all = Vec::new();
    let mut pos = 0;
    let mut errors = 0;
    for _ in 0..=(2 * src.len() + 8) {
        let mut out = vec![0u16; d.max_utf16_len(src.len() - pos).unwrap()];
        let r = d.decode_utf16(&src[pos..], &mut out, true, DecoderMode::Fatal);
        assert!(r.read <= src.len() - pos, "{enc:?} {src:02X?}: read beyond src");
        all.extend_from_slice(&out[..r.written]);
        pos += r.read;
        match r.status {
            DecodeStatus::InputEmpty => {
                assert_eq!(pos, src.len());
                return (all, errors);
            }
            DecodeStatus::Malformed => {
                all.push(FFFD);
                errors += 1;
            }
            DecodeStatus::OutputFull => panic!("{enc:?} {src:02X?}: OutputFull with a max_utf16_len buffer"),
        }
    }
    panic!("{enc:?} {src:02X?}: fatal decoding does not terminate");
}

/// encoding_rs, replacement, one-shot, no BOM handling.
pub fn rs_decode(enc: Encoding, src: &[u8]) -> Vec<u16> {
    let mut d = rs(enc).new_decoder_without_bom_handling();
    let mut out = vec![0u16; d.max_utf16_buffer_length(src.len()).unwrap()];
    let (res, read, written, _) = d.decode_to_utf16(src, &mut out, true);
    assert_eq!((res, read), (encoding_rs::CoderResult::InputEmpty, src.len()));
    out.truncate(written);
    out
}

/// encoding_rs without replacement: output before the first error, and whether there was one.
pub fn rs_decode_fatal(enc: Encoding, src: &[u8]) -> (Vec<u16>, bool) {
    let mut d = rs(enc).new_decoder_without_bom_handling();
    let mut out = vec![0u16; d.max_utf16_buffer_length(src.len()).unwrap()];
    let (res, _read, written) = d.decode_to_utf16_without_replacement(src, &mut out, true);
    out.truncate(written);
    match res {
        encoding_rs::DecoderResult::InputEmpty => (out, false),
        encoding_rs::DecoderResult::Malformed(..) => (out, true),
        encoding_rs::DecoderResult::OutputFull => panic!("encoding_rs OutputFull"),
    }
}

/// Ours, streaming: `src` cut into `chunks` (lengths, empty ones allowed, summing
/// to src.len()); each call gets an output buffer of `cap()` units (a cap of
/// usize::MAX means exactly `max_utf16_len` of the rest of the chunk, which
/// must never come back OutputFull). Fatal mode resumes after each error with a
/// U+FFFD. Returns (output, errors).
pub fn ours_decode_stream(
    enc: Encoding,
    src: &[u8],
    chunks: &[usize],
    mode: DecoderMode,
    mut cap: impl FnMut() -> usize,
) -> (Vec<u16>, usize) {
    let ctx = || format!("{enc:?} {mode:?} src={src:02X?} chunks={chunks:?}");
    assert_eq!(chunks.iter().sum::<usize>(), src.len());
    let mut d = Decoder::new(enc);
    let mut all = Vec::new();
    let mut errors = 0;
    let mut start = 0;
    for (i, &len) in chunks.iter().enumerate() {
        let chunk = &src[start..start + len];
        start += len;
        let last = i + 1 == chunks.len();
        let mut pos = 0;
        let mut guard = 0;
        let mut min_cap = 0;
        loop {
            guard += 1;
            assert!(guard < 10 * src.len() + 50, "no progress: {}", ctx());
            let want = cap();
            let exact = want == usize::MAX;
            let n = if exact { d.max_utf16_len(chunk.len() - pos).unwrap() } else { want.max(min_cap) };
            let mut out = vec![0u16; n];
            let r = d.decode_utf16(&chunk[pos..], &mut out, last, mode);
            assert!(r.read <= chunk.len() - pos && r.written <= n, "bad counts {r:?}: {}", ctx());
            all.extend_from_slice(&out[..r.written]);
            pos += r.read;
            match r.status {
                DecodeStatus::InputEmpty => {
                    assert_eq!(pos, chunk.len(), "InputEmpty before the chunk's end: {}", ctx());
                    break;
                }
                DecodeStatus::OutputFull => {
                    assert!(!exact, "OutputFull with a max_utf16_len buffer: {}", ctx());
                    if r.read == 0 && r.written == 0 {
                        // Nothing fitted: the next code point needs more room, and
                        // no step ever writes more than two units.
                        assert!(n < 2, "OutputFull with {n} units free and no progress: {}", ctx());
                        min_cap = n + 1;
                    } else {
                        min_cap = 0;
                    }
                }
                DecodeStatus::Malformed => {
                    assert_eq!(mode, DecoderMode::Fatal, "Malformed in replacement mode: {}", ctx());
                    all.push(FFFD);
                    errors += 1;
                }
            }
        }
    }
    (all, errors)
}

// ---------------------------------------------------------------- encoding

/// The result of encoding a whole input in fatal mode, resuming after each
/// unmappable: the bytes, and (byte offset, scalar) for each error.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct FatalRun {
    pub bytes: Vec<u8>,
    pub errors: Vec<(usize, char)>,
}

impl FatalRun {
    /// The bytes with `&#N;` spliced in at each error: what "html" mode must give.
    pub fn with_ncrs(&self) -> Vec<u8> {
        let mut out = Vec::new();
        let mut at = 0;
        for &(offset, c) in &self.errors {
            out.extend_from_slice(&self.bytes[at..offset]);
            out.extend_from_slice(format!("&#{};", c as u32).as_bytes());
            at = offset;
        }
        out.extend_from_slice(&self.bytes[at..]);
        out
    }
}

/// Ours, one call, fatal, max_len buffer: (bytes before the first error, the error).
pub fn ours_encode_fatal(enc: Encoding, src: &[u16]) -> (Vec<u8>, Option<char>) {
    let mut e = Encoder::new(enc).unwrap();
    let mut out = vec![0u8; e.max_len(src.len(), EncoderMode::Fatal).unwrap()];
    let r = e.encode_from_utf16(src, &mut out, true, EncoderMode::Fatal);
    assert!(r.read <= src.len() && r.written <= out.len());
    out.truncate(r.written);
    match r.status {
        EncodeStatus::InputEmpty => {
            assert_eq!(r.read, src.len());
            (out, None)
        }
        EncodeStatus::Unmappable(c) => (out, Some(c)),
        EncodeStatus::OutputFull => panic!("{enc:?} {src:04X?}: OutputFull with a max_len buffer"),
    }
}

/// Ours, one call, html, max_len buffer.
pub fn ours_encode_html(enc: Encoding, src: &[u16]) -> Vec<u8> {
    let mut e = Encoder::new(enc).unwrap();
    let mut out = vec![0u8; e.max_len(src.len(), EncoderMode::Html).unwrap()];
    let r = e.encode_from_utf16(src, &mut out, true, EncoderMode::Html);
    assert_eq!((r.status, r.read), (EncodeStatus::InputEmpty, src.len()), "{enc:?} {src:04X?} html");
    out.truncate(r.written);
    out
}

/// encoding_rs without replacement, one-shot: (bytes before the first error, the error).
pub fn rs_encode_fatal(enc: Encoding, src: &[u16]) -> (Vec<u8>, Option<char>) {
    let mut e = rs(enc).new_encoder();
    let mut out = vec![0u8; e.max_buffer_length_from_utf16_without_replacement(src.len()).unwrap()];
    let (res, _read, written) = e.encode_from_utf16_without_replacement(src, &mut out, true);
    out.truncate(written);
    match res {
        encoding_rs::EncoderResult::InputEmpty => (out, None),
        encoding_rs::EncoderResult::Unmappable(c) => (out, Some(c)),
        encoding_rs::EncoderResult::OutputFull => panic!("encoding_rs OutputFull"),
    }
}

/// encoding_rs with NCR replacement, one-shot (growing the buffer if needed).
pub fn rs_encode_html(enc: Encoding, src: &[u16]) -> Vec<u8> {
    let mut e = rs(enc).new_encoder();
    let mut all = Vec::new();
    let mut pos = 0;
    loop {
        let n = e.max_buffer_length_from_utf16_if_no_unmappables(src.len() - pos).unwrap() + 16;
        let mut out = vec![0u8; n];
        let (res, read, written, _) = e.encode_from_utf16(&src[pos..], &mut out, true);
        all.extend_from_slice(&out[..written]);
        pos += read;
        if res == encoding_rs::CoderResult::InputEmpty {
            return all;
        }
    }
}

/// encoding_rs without replacement, resumed after each unmappable.
pub fn rs_encode_fatal_resumed(enc: Encoding, src: &[u16]) -> FatalRun {
    let mut e = rs(enc).new_encoder();
    let mut run = FatalRun::default();
    let mut pos = 0;
    loop {
        let mut out = vec![0u8; e.max_buffer_length_from_utf16_without_replacement(src.len() - pos).unwrap()];
        let (res, read, written) = e.encode_from_utf16_without_replacement(&src[pos..], &mut out, true);
        run.bytes.extend_from_slice(&out[..written]);
        pos += read;
        match res {
            encoding_rs::EncoderResult::InputEmpty => return run,
            encoding_rs::EncoderResult::Unmappable(c) => run.errors.push((run.bytes.len(), c)),
            encoding_rs::EncoderResult::OutputFull => panic!("encoding_rs OutputFull"),
        }
    }
}

/// Ours, streaming, as [`ours_decode_stream`]: `src` cut into `chunks`, output
/// buffers of `cap()` bytes (usize::MAX: exactly `max_len` of the rest). In
/// fatal mode errors are recorded and encoding resumes; in html mode there are none.
pub fn ours_encode_stream(
    enc: Encoding,
    src: &[u16],
    chunks: &[usize],
    mode: EncoderMode,
    mut cap: impl FnMut() -> usize,
) -> FatalRun {
    let ctx = || format!("{enc:?} {mode:?} src={src:04X?} chunks={chunks:?}");
    assert_eq!(chunks.iter().sum::<usize>(), src.len());
    let mut e = Encoder::new(enc).unwrap();
    let mut run = FatalRun::default();
    let mut start = 0;
    for (i, &len) in chunks.iter().enumerate() {
        let chunk = &src[start..start + len];
        start += len;
        let last = i + 1 == chunks.len();
        let mut pos = 0;
        let mut guard = 0;
        let mut min_cap = 0;
        loop {
            guard += 1;
            assert!(guard < 20 * src.len() + 50, "no progress: {}", ctx());
            let want = cap();
            let exact = want == usize::MAX;
            let n = if exact { e.max_len(chunk.len() - pos, mode).unwrap() } else { want.max(min_cap) };
            let mut out = vec![0u8; n];
            let r = e.encode_from_utf16(&chunk[pos..], &mut out, last, mode);
            assert!(r.read <= chunk.len() - pos && r.written <= n, "bad counts {r:?}: {}", ctx());
            run.bytes.extend_from_slice(&out[..r.written]);
            pos += r.read;
            match r.status {
                EncodeStatus::InputEmpty => {
                    assert_eq!(pos, chunk.len(), "InputEmpty before the chunk's end: {}", ctx());
                    break;
                }
                EncodeStatus::OutputFull => {
                    assert!(!exact, "OutputFull with a max_len buffer: {}", ctx());
                    if r.read == 0 && r.written == 0 {
                        // One step writes at most an escape and two bytes (8 with
                        // room to spare) plus, in html mode, "&#1114111;" (10).
                        assert!(n < 18, "OutputFull with {n} bytes free and no progress: {}", ctx());
                        min_cap = n + 1;
                    } else {
                        min_cap = 0;
                    }
                }
                EncodeStatus::Unmappable(c) => {
                    assert_eq!(mode, EncoderMode::Fatal, "Unmappable in html mode: {}", ctx());
                    run.errors.push((run.bytes.len(), c));
                }
            }
        }
    }
    run
}

/// Random chunk lengths (empty ones included) summing to `len`.
pub fn random_chunks(rng: &mut Rng, len: usize) -> Vec<usize> {
    let mut chunks = Vec::new();
    let mut left = len;
    while left > 0 {
        let n = match rng.below(6) {
            0 => 0,
            1 | 2 => 1,
            3 => 2,
            4 => 3,
            _ => rng.below(left + 1),
        }
        .min(left);
        chunks.push(n);
        left -= n;
    }
    if rng.chance(1, 2) {
        chunks.push(0); // an empty final chunk ends the stream
    }
    if chunks.is_empty() {
        chunks.push(0);
    }
    chunks
}

/// Output-buffer sizes: mostly 1, 2 or 3, sometimes exactly the bound.
pub fn tiny_cap(rng: &mut Rng) -> usize {
    match rng.below(8) {
        0 => usize::MAX,
        1 => 4 + rng.below(16),
        n => 1 + (n % 3),
    }
}
