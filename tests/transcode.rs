//! The bytes-to-bytes transcoder (src/transcode.rs, the CLI's path) against
//! encoding_rs 0.8.44: the input decoded by encoding_rs (replacement mode, a
//! leading U+FEFF dropped for UTF-8 and UTF-16 input, TextDecoder's BOM
//! rule), then encoded by encoding_rs: "html" mode as is, '?' mode as fatal
//! mode resumed after each unmappable character with a '?' there.
//!
//! Ours is fed in random chunks (splitting multi-byte sequences, escapes
//! and ASCII runs anywhere), with random output room (OutputFull and resume)
//! and its state saved and loaded into a new transcoder between calls, as
//! the WebAssembly export does. The inputs switch often between ASCII runs
//! (of lengths around the direct path's eight-byte steps) and other scripts,
//! with characters the output cannot encode, a BOM, and damaged bytes, so
//! that UTF-8 <-> Shift_JIS goes in and out of its direct path everywhere.

mod common;

use common::*;
use text_encoding_wasm::transcode::{TranscodeStatus, Transcoder, Unmappable};
use text_encoding_wasm::Encoding;

/// A random text: runs from each pool, short and long, alternating.
fn random_text(rng: &mut Rng) -> Vec<u16> {
    let pools: [&dyn Fn(&mut Rng) -> u32; 9] = [
        &|r| r.range(0x20, 0x7E),                                       // ASCII
        &|r| r.range(0x3041, 0x3096),                                   // hiragana
        &|r| r.range(0x4E00, 0x9FA5),                                   // CJK (some unmappable)
        &|r| r.range(0xFF61, 0xFF9F),                                   // half-width katakana
        &|r| r.range(0xAC00, 0xD7A3),                                   // hangul
        &|r| r.range(0x80, 0xFF),                                       // Latin-1, C1, U+0080
        &|r| r.range(0x1F300, 0x1F5FF),                                 // emoji (astral)
        &|r| [0xA5, 0x203E, 0x2212, 0xE000, 0xE757, 0xFEFF, 0x0A, 0x1B][r.below(8)], // Shift_JIS's special cases, EUDC, ESC
        &|r| r.range(0x00, 0x7F),                                       // ASCII with controls
    ];
    let mut text = Vec::new();
    if rng.chance(1, 2) {
        text.push(0xFEFF);
    }
    let target = rng.below(600);
    while text.len() < target {
        let pool = pools[rng.below(pools.len())];
        let run = match rng.below(4) {
            0 => 1,
            1 => 6 + rng.below(5), // around one word of ASCII
            2 => 1 + rng.below(4),
            _ => rng.below(40),
        };
        for _ in 0..run {
            let cp = pool(rng);
            if cp > 0xFFFF {
                text.extend_from_slice(&surrogates(cp));
            } else {
                text.push(cp as u16);
            }
        }
    }
    text
}

fn surrogates(cp: u32) -> [u16; 2] {
    let v = cp - 0x10000;
    [0xD800 | (v >> 10) as u16, 0xDC00 | (v & 0x3FF) as u16]
}

/// `text` in encoding `enc` (encoding_rs, html mode), then a few bytes damaged or cut.
fn random_input(rng: &mut Rng, enc: Encoding, text: &[u16]) -> Vec<u8> {
    let mut bytes = match enc {
        Encoding::Utf16Le => text.iter().flat_map(|u| u.to_le_bytes()).collect(),
        Encoding::Utf16Be => text.iter().flat_map(|u| u.to_be_bytes()).collect(),
        _ => rs_encode_html(enc, text),
    };
    for _ in 0..rng.below(4) {
        if bytes.is_empty() {
            break;
        }
        let at = rng.below(bytes.len());
        bytes[at] = match rng.below(3) {
            0 => rng.below(256) as u8,
            1 => 0x80 | rng.below(128) as u8,
            _ => 0x40 + rng.below(0x3F) as u8,
        };
    }
    if rng.chance(1, 4) && !bytes.is_empty() {
        let cut = rng.below(bytes.len());
        bytes.truncate(cut); // ends inside a sequence, sometimes
    }
    bytes
}

fn expected(from: Encoding, to: Encoding, input: &[u8], unmappable: Unmappable) -> Vec<u8> {
    let mut text = rs_decode(from, input);
    if matches!(from, Encoding::Utf8 | Encoding::Utf16Le | Encoding::Utf16Be) && text.first() == Some(&0xFEFF) {
        text.remove(0);
    }
    match unmappable {
        Unmappable::Html => rs_encode_html(to, &text),
        // ISO-2022-JP's records already end in ASCII, where '?' is one byte.
        Unmappable::Question => expected_question(to, &text),
    }
}

/// Ours over `input` cut into `chunks`, with output room from `room`.
fn ours(from: Encoding, to: Encoding, input: &[u8], chunks: &[usize], unmappable: Unmappable, rng: &mut Rng) -> (Vec<u8>, usize) {
    let mut state = Transcoder::new(from, to).unwrap().save_state();
    let mut out = Vec::new();
    let mut substituted = 0;
    let mut start = 0;
    for (i, &len) in chunks.iter().enumerate() {
        let last = i + 1 == chunks.len();
        let chunk = &input[start..start + len];
        start += len;
        let mut pos = 0;
        loop {
            // A new transcoder each call, from the saved state (as the wasm export).
            let mut t = Transcoder::new(from, to).unwrap();
            t.load_state(&state);
            let room = match rng.below(4) {
                0 => 59 + rng.below(16),
                1 => 59 + rng.below(400),
                _ => 64 * 1024,
            };
            let mut buf = vec![0u8; room];
            let r = t.transcode(&chunk[pos..], &mut buf, last, unmappable);
            state = t.save_state();
            out.extend_from_slice(&buf[..r.written]);
            substituted += r.substituted;
            pos += r.read;
            match r.status {
                TranscodeStatus::InputEmpty => {
                    assert_eq!(pos, chunk.len(), "{from:?} -> {to:?}: InputEmpty before the chunk's end");
                    break;
                }
                TranscodeStatus::OutputFull => assert!(r.read > 0 || r.written > 0, "{from:?} -> {to:?}: no progress with {room} bytes of room"),
            }
        }
    }
    (out, substituted)
}

fn check_pair(from: Encoding, to: Encoding, cases: usize, seed: u64) {
    let mut rng = Rng::new(seed);
    for case in 0..cases {
        let text = random_text(&mut rng);
        let input = random_input(&mut rng, from, &text);
        for unmappable in [Unmappable::Question, Unmappable::Html] {
            let want = expected(from, to, &input, unmappable);
            let chunks = if rng.chance(1, 3) { vec![input.len()] } else { random_chunks(&mut rng, input.len()) };
            let (got, substituted) = ours(from, to, &input, &chunks, unmappable, &mut rng);
            if got != want {
                let at = got.iter().zip(&want).take_while(|(a, b)| a == b).count();
                panic!(
                    "{from:?} -> {to:?} {unmappable:?} case {case}: {} bytes vs encoding_rs's {}, first difference at {at}: ours {:02X?} vs {:02X?}\ninput {input:02X?}\nchunks {chunks:?}",
                    got.len(),
                    want.len(),
                    &got[at..(at + 12).min(got.len())],
                    &want[at..(at + 12).min(want.len())],
                );
            }
            if unmappable == Unmappable::Question {
                let questions_in = |bytes: &[u8]| bytes.iter().filter(|&&b| b == b'?').count();
                // Every '?' of the output is a substitution or a '?' of the text's ASCII.
                assert!(substituted <= questions_in(&got), "{from:?} -> {to:?}: {substituted} substitutions counted, fewer '?' written");
            }
        }
    }
}

#[test]
fn utf8_and_shift_jis_both_ways_as_encoding_rs() {
    check_pair(Encoding::Utf8, Encoding::ShiftJis, 1500, 1);
    check_pair(Encoding::ShiftJis, Encoding::Utf8, 1500, 2);
}

#[test]
fn every_kind_of_pair_as_encoding_rs() {
    let from = [
        Encoding::Utf8,
        Encoding::Utf16Le,
        Encoding::Utf16Be,
        Encoding::ShiftJis,
        Encoding::EucJp,
        Encoding::Iso2022Jp,
        Encoding::Gbk,
        Encoding::Gb18030,
        Encoding::Big5,
        Encoding::EucKr,
        Encoding::Windows1252,
    ];
    let to = [
        Encoding::Utf8,
        Encoding::ShiftJis,
        Encoding::EucJp,
        Encoding::Iso2022Jp,
        Encoding::Gb18030,
        Encoding::Big5,
        Encoding::EucKr,
        Encoding::Windows1252,
    ];
    let mut seed = 100;
    for &f in &from {
        for &t in &to {
            seed += 1;
            check_pair(f, t, 60, seed);
        }
    }
}

#[test]
fn no_encoder_no_transcoder() {
    assert!(Transcoder::new(Encoding::Utf8, Encoding::Utf16Le).is_none());
    assert!(Transcoder::new(Encoding::Utf8, Encoding::Replacement).is_none());
}

/// A state saved while the encoder held a lead surrogate (what `load_state`
/// accepts, as the wasm export restores it between calls) must not take the
/// direct path, which knows nothing of the held unit: the unit is encoded
/// before the next input, as encoding_rs encodes the same units in one call
/// (a lone lead surrogate is U+FFFD, unmappable in Shift_JIS).
#[test]
fn a_held_lead_surrogate_is_encoded_before_the_direct_path_resumes() {
    use text_encoding_wasm::{Encoder, EncoderMode};
    for to in [Encoding::ShiftJis, Encoding::Utf8] {
        let mut encoder = Encoder::new(to).unwrap();
        let r = encoder.encode_from_utf16(&[0xD83D], &mut [0u8; 16], false, EncoderMode::Fatal);
        assert_eq!((r.read, r.written), (1, 0), "{to:?}: the lead surrogate is held, nothing written");
        let from = if to == Encoding::Utf8 { Encoding::ShiftJis } else { Encoding::Utf8 };
        let mut state = Transcoder::new(from, to).unwrap().save_state();
        state[16..20].copy_from_slice(&encoder.save_state());
        // The BOM is no longer pending: the direct path would be taken but for the held unit.
        state[20] = 0;
        let input = b"ASCII text, long enough for the direct path's eight-byte steps";
        for unmappable in [Unmappable::Question, Unmappable::Html] {
            let mut t = Transcoder::new(from, to).unwrap();
            t.load_state(&state);
            let mut out = vec![0u8; 1024];
            let r = t.transcode(input, &mut out, true, unmappable);
            assert_eq!(r.read, input.len());
            let units: Vec<u16> = std::iter::once(0xD83D).chain(input.iter().map(|&b| u16::from(b))).collect();
            let want = match unmappable {
                Unmappable::Html => rs_encode_html(to, &units),
                Unmappable::Question => expected_question(to, &units),
            };
            assert_eq!(&out[..r.written], &want[..], "{from:?} -> {to:?} {unmappable:?}");
        }
    }
}

/// encoding_rs's fatal run with '?' at each unmappable character.
fn expected_question(to: Encoding, text: &[u16]) -> Vec<u8> {
    let run = rs_encode_fatal_resumed(to, text);
    let mut out = Vec::new();
    let mut at = 0;
    for &(offset, _) in &run.errors {
        out.extend_from_slice(&run.bytes[at..offset]);
        out.push(b'?');
        at = offset;
    }
    out.extend_from_slice(&run.bytes[at..]);
    out
}
