//! CESU-8, Java's modified UTF-8 and Java's length-prefixed `readUTF` /
//! `writeUTF` (`text_encoding_wasm::variants::{cesu8, java}`), against the
//! CESU-8 document (quoted per test), Rust's UTF-8 and a per-unit "UCS-2 to
//! UTF-8 converter" as oracles, and an independent reference decoder.

mod variants_common;

use text_encoding_wasm::variants::cesu8::{self, modified_utf8_len, Cesu8Decoder, Cesu8Encoder, ModifiedUtf8Decoder, ModifiedUtf8Encoder};
use text_encoding_wasm::variants::java::MAX_UTF_LEN;
use text_encoding_wasm::variants::{read_utf, write_utf, DecodeError, JavaUtfError, VariantEncodeStatus};
use text_encoding_wasm::{DecodeStatus, DecoderMode};
use variants_common::*;

use DecoderMode::{Fatal, Replacement};

/// "an older UCS-2 to UTF-8 converter": each code unit, surrogates included, as
/// its own 1-3 byte UTF-8 form (written out here, independently of the crate).
fn ucs2_to_utf8(units: &[u16], modified: bool) -> Vec<u8> {
    let mut out = Vec::new();
    for &u in units {
        match u {
            0 if modified => out.extend_from_slice(&[0xC0, 0x80]),
            0..=0x7F => out.push(u as u8),
            0x80..=0x7FF => out.extend_from_slice(&[0xC0 | (u >> 6) as u8, 0x80 | (u & 0x3F) as u8]),
            _ => out.extend_from_slice(&[0xE0 | (u >> 12) as u8, 0x80 | ((u >> 6) & 0x3F) as u8, 0x80 | (u & 0x3F) as u8]),
        }
    }
    out
}

fn is_well_formed(units: &[u16]) -> bool {
    String::from_utf16(units).is_ok()
}

/// The index of the first unpaired surrogate.
fn first_lone(units: &[u16]) -> Option<usize> {
    let mut i = 0;
    while i < units.len() {
        match units[i] {
            0xD800..=0xDBFF if units.get(i + 1).is_some_and(|t| (0xDC00..=0xDFFF).contains(t)) => i += 2,
            0xD800..=0xDFFF => return Some(i),
            _ => i += 1,
        }
    }
    None
}

/// An independent model of both decoders: U+FFFD per maximal subpart over the
/// UTF-8 table restricted to BMP sequences (F0..F4 "will not appear in CESU-8"),
/// ED's second byte up to AF in CESU-8 (B0..BF, a trail surrogate, only as the
/// second half of a pair) and BF in modified UTF-8, C0 80 for U+0000 and no raw
/// 00 in modified UTF-8; in CESU-8 a lead surrogate's 3 bytes must be followed by
/// a trail surrogate's 3 bytes, else those 3 bytes are one error and decoding
/// goes on right after them. Returns the units and the errors as (start, length).
fn reference(bytes: &[u8], modified: bool) -> (Vec<u16>, Vec<(usize, usize)>) {
    let mut out = Vec::new();
    let mut errors = Vec::new();
    let mut i = 0;
    let cont = |b: Option<&u8>, lo: u8, hi: u8| b.is_some_and(|&b| (lo..=hi).contains(&b));
    while i < bytes.len() {
        let b = bytes[i];
        let (len, lo, hi) = match b {
            0x00 if modified => (0, 0, 0),
            0x00..=0x7F => (1, 0, 0),
            0xC0 if modified => (2, 0x80, 0x80),
            0xC2..=0xDF => (2, 0x80, 0xBF),
            0xE0 => (3, 0xA0, 0xBF),
            0xED => (3, 0x80, if modified { 0xBF } else { 0xAF }),
            0xE1..=0xEF => (3, 0x80, 0xBF),
            _ => (0, 0, 0),
        };
        let mut k = 1;
        while k < len && cont(bytes.get(i + k), if k == 1 { lo } else { 0x80 }, if k == 1 { hi } else { 0xBF }) {
            k += 1;
        }
        if len == 0 || k < len {
            out.push(0xFFFD);
            errors.push((i, k));
            i += k;
            continue;
        }
        let unit = match len {
            1 => u16::from(b),
            2 => (u16::from(b & 0x1F) << 6) | u16::from(bytes[i + 1] & 0x3F),
            _ => (u16::from(b & 0x0F) << 12) | (u16::from(bytes[i + 1] & 0x3F) << 6) | u16::from(bytes[i + 2] & 0x3F),
        };
        if !modified && (0xD800..=0xDBFF).contains(&unit) {
            if bytes.get(i + 3) == Some(&0xED) && cont(bytes.get(i + 4), 0xB0, 0xBF) && cont(bytes.get(i + 5), 0x80, 0xBF) {
                out.push(unit);
                out.push((u16::from(bytes[i + 4] & 0x0F) << 6 | u16::from(bytes[i + 5] & 0x3F)) | 0xDC00);
                i += 6;
            } else {
                out.push(0xFFFD);
                errors.push((i, 3));
                i += 3;
            }
            continue;
        }
        out.push(unit);
        i += len;
    }
    (out, errors)
}

/// The document's "Examples" table: U+0045, U+0205, U+10400 in UTF-8, UTF-16
/// and CESU-8 (modified UTF-8 is the same for these).
#[test]
fn document_examples() {
    let utf16: &[u16] = &[0x0045, 0x0205, 0xD801, 0xDC00];
    let cesu: &[u8] = &[0x45, 0xC8, 0x85, 0xED, 0xA0, 0x81, 0xED, 0xB0, 0x80];
    assert_eq!("E\u{205}\u{10400}".encode_utf16().collect::<Vec<_>>(), utf16);
    assert_eq!("E\u{205}\u{10400}".as_bytes(), &[0x45, 0xC8, 0x85, 0xF0, 0x90, 0x90, 0x80]);
    assert_eq!(cesu8::encode_cesu8(utf16, Fatal).unwrap(), cesu);
    assert_eq!(cesu8::encode_modified_utf8(utf16), cesu);
    assert_eq!(cesu8::decode_cesu8(cesu, Fatal).unwrap(), utf16);
    assert_eq!(cesu8::decode_modified_utf8(cesu, Fatal).unwrap(), utf16);
    // "CESU-8 needs six bytes (3 bytes per surrogate) for each Unicode
    // supplementary character while UTF-8 needs only four."
    assert_eq!(cesu8::encode_cesu8(&utf16[2..], Fatal).unwrap().len(), 6);
}

/// "The encoding of Unicode non-BMP characters works out to 11101101 1010yyyy
/// 10xxxxxx 11101101 1011xxxx 10xxxxxx (yyyy represents the top five bits of the
/// character minus one)", for every plane.
#[test]
fn supplementary_bit_pattern() {
    let mut rng = Rng(0xCE5B_0001);
    for plane in 1..=16u32 {
        for _ in 0..64 {
            let cp = (plane << 16) | rng.range(0, 0xFFFF);
            let units: Vec<u16> = char::from_u32(cp).unwrap().encode_utf16(&mut [0; 2]).to_vec();
            let b = cesu8::encode_cesu8(&units, Fatal).unwrap();
            assert_eq!(b.len(), 6);
            assert_eq!((b[0], b[1] & 0xF0, b[2] & 0xC0, b[3], b[4] & 0xF0, b[5] & 0xC0), (0xED, 0xA0, 0x80, 0xED, 0xB0, 0x80));
            assert_eq!(u32::from(b[1] & 0x0F), (cp >> 16) - 1, "yyyy of U+{cp:X}");
            let x = (u32::from(b[2] & 0x3F) << 10) | (u32::from(b[4] & 0x0F) << 6) | u32::from(b[5] & 0x3F);
            assert_eq!(x, cp & 0xFFFF, "the x bits of U+{cp:X}");
            assert_eq!(cesu8::decode_cesu8(&b, Fatal).unwrap(), units);
        }
    }
}

/// "Java's Modified UTF-8 is CESU-8 with a special overlong encoding of the NUL
/// character (U+0000) as the two-byte sequence C0 80": U+0000 is C0 80 in
/// modified UTF-8 and 00 in CESU-8; C0 80 is an error in CESU-8 (an overlong, as
/// in UTF-8) and a raw 00 is one in modified UTF-8 (never produced); no other
/// overlong is accepted by either.
#[test]
fn nul_and_overlongs() {
    assert_eq!(cesu8::encode_modified_utf8(&[0x41, 0, 0x42]), [0x41, 0xC0, 0x80, 0x42]);
    assert_eq!(cesu8::encode_cesu8(&[0x41, 0, 0x42], Fatal).unwrap(), [0x41, 0x00, 0x42]);
    assert_eq!(cesu8::decode_modified_utf8(&[0xC0, 0x80], Fatal), Ok(vec![0]));
    assert_eq!(cesu8::decode_cesu8(&[0x00], Fatal), Ok(vec![0]));
    assert_eq!(cesu8::decode_cesu8(&[0xC0, 0x80], Replacement).unwrap(), [0xFFFD, 0xFFFD]);
    assert_eq!(cesu8::decode_modified_utf8(&[0x41, 0x00, 0x42], Replacement).unwrap(), [0x41, 0xFFFD, 0x42]);
    assert_eq!(cesu8::decode_modified_utf8(&[0x41, 0x00], Fatal), Err(DecodeError { valid_up_to: 1, error_len: 1 }));
    for modified in [false, true] {
        for bad in [&[0xC0, 0x81][..], &[0xC1, 0xBF], &[0xE0, 0x80, 0x80], &[0xE0, 0x9F, 0xBF]] {
            let got = if modified { cesu8::decode_modified_utf8(bad, Replacement) } else { cesu8::decode_cesu8(bad, Replacement) };
            assert_eq!(got.unwrap(), vec![0xFFFD; bad.len()], "{bad:02X?} modified={modified}");
        }
    }
    // C0 followed by anything but 80 is the maximal subpart C0.
    assert_eq!(cesu8::decode_modified_utf8(&[0xC0, 0x41], Replacement).unwrap(), [0xFFFD, 0x41]);
}

/// "The byte values 0xF0—0xF4 will not appear in CESU-8, as they start the
/// 4-byte encodings used by UTF-8": a 4-byte UTF-8 sequence is an error for its
/// first byte and for each continuation byte, in both variants.
#[test]
fn four_byte_utf8_is_an_error() {
    let utf8 = "\u{10400}".as_bytes();
    for modified in [false, true] {
        let (got, errors) = reference(utf8, modified);
        assert_eq!(got, [0xFFFD; 4]);
        assert_eq!(errors, [(0, 1), (1, 1), (2, 1), (3, 1)]);
        let ours = if modified { cesu8::decode_modified_utf8(utf8, Replacement) } else { cesu8::decode_cesu8(utf8, Replacement) };
        assert_eq!(ours.unwrap(), got);
        let fatal = if modified { cesu8::decode_modified_utf8(utf8, Fatal) } else { cesu8::decode_cesu8(utf8, Fatal) };
        assert_eq!(fatal, Err(DecodeError { valid_up_to: 0, error_len: 1 }));
    }
    for b in 0xF0..=0xFFu8 {
        assert_eq!(cesu8::decode_cesu8(&[b], Replacement).unwrap(), [0xFFFD]);
    }
}

/// Lone surrogates. "Though not specified in the technical report, unpaired
/// surrogates are also encoded as 3 bytes each": CESU-8 follows the technical
/// report (a lone surrogate is an error both ways); modified UTF-8 is "the same
/// as applying an older UCS-2 to UTF-8 converter to UTF-16 data" (with C0 80)
/// and keeps them.
#[test]
fn lone_surrogates() {
    // CESU-8 encoder: fatal reports the unit's index, replacement writes U+FFFD.
    assert_eq!(cesu8::encode_cesu8(&[0x41, 0xD800, 0x42], Fatal), Err(1));
    assert_eq!(cesu8::encode_cesu8(&[0x41, 0xDC00], Fatal), Err(1));
    assert_eq!(cesu8::encode_cesu8(&[0x41, 0xD800], Fatal), Err(1));
    assert_eq!(cesu8::encode_cesu8(&[0xDC00, 0xD800], Replacement).unwrap(), [0xEF, 0xBF, 0xBD, 0xEF, 0xBF, 0xBD]);
    // CESU-8 decoder: a lone lead's 3 bytes are one error, a lone trail's bytes
    // the maximal subparts ED, B0, 80 (as in UTF-8).
    assert_eq!(cesu8::decode_cesu8(&[0xED, 0xA0, 0x80, 0x41], Replacement).unwrap(), [0xFFFD, 0x41]);
    assert_eq!(cesu8::decode_cesu8(&[0xED, 0xA0, 0x80], Replacement).unwrap(), [0xFFFD]);
    assert_eq!(cesu8::decode_cesu8(&[0xED, 0xB0, 0x80], Replacement).unwrap(), [0xFFFD; 3]);
    assert_eq!(cesu8::decode_cesu8(&[0xED, 0xA0, 0x80, 0x41], Fatal), Err(DecodeError { valid_up_to: 0, error_len: 3 }));
    // A lone lead before a valid pair: the pair still decodes.
    let pair = [0xED, 0xA0, 0x81, 0xED, 0xB0, 0x80];
    let bytes = [&[0xED, 0xA0, 0x80][..], &pair].concat();
    assert_eq!(cesu8::decode_cesu8(&bytes, Replacement).unwrap(), [0xFFFD, 0xD801, 0xDC00]);
    // A lone lead before ED + a BMP continuation: the BMP character still decodes.
    assert_eq!(cesu8::decode_cesu8(&[0xED, 0xA0, 0x80, 0xED, 0x9F, 0xBF], Replacement).unwrap(), [0xFFFD, 0xD7FF]);
    // ...before a truncated trail.
    assert_eq!(cesu8::decode_cesu8(&[0xED, 0xA0, 0x80, 0xED, 0xB0], Replacement).unwrap(), [0xFFFD; 3]);
    assert_eq!(cesu8::decode_cesu8(&[0xED, 0xA0, 0x80, 0xED, 0xB0, 0x41], Fatal), Err(DecodeError { valid_up_to: 0, error_len: 3 }));
    // Modified UTF-8 keeps them, in any order.
    for units in [&[0xD800][..], &[0xDC00], &[0xDC00, 0xD800], &[0x41, 0xDBFF, 0x42], &[0xD800, 0xD800, 0xDC00]] {
        let bytes = cesu8::encode_modified_utf8(units);
        assert_eq!(bytes, ucs2_to_utf8(units, true));
        assert_eq!(cesu8::decode_modified_utf8(&bytes, Fatal).unwrap(), units);
    }
}

/// Oracles for the encoders: CESU-8 without supplementary characters is UTF-8
/// (Rust's `String::from_utf16`); CESU-8 of well-formed UTF-16 and modified UTF-8
/// of any UTF-16 is the UCS-2 to UTF-8 converter's output; both decode back.
#[test]
fn encoders_against_oracles() {
    let mut rng = Rng(0xCE5B_0002);
    for _ in 0..5000 {
        let surrogates = rng.below(2) == 0;
        let units = random_units(&mut rng, 32, surrogates);
        let modified = cesu8::encode_modified_utf8(&units);
        assert_eq!(modified, ucs2_to_utf8(&units, true), "{units:04X?}");
        assert_eq!(modified.len(), modified_utf8_len(&units));
        assert_eq!(cesu8::decode_modified_utf8(&modified, Fatal), Ok(units.clone()));
        if is_well_formed(&units) {
            let cesu = cesu8::encode_cesu8(&units, Fatal).unwrap();
            assert_eq!(cesu, ucs2_to_utf8(&units, false), "{units:04X?}");
            assert_eq!(cesu8::decode_cesu8(&cesu, Fatal), Ok(units.clone()));
            if units.iter().all(|u| !(0xD800..=0xDFFF).contains(u)) {
                assert_eq!(cesu, String::from_utf16(&units).unwrap().into_bytes());
            }
        } else {
            assert_eq!(cesu8::encode_cesu8(&units, Fatal), Err(first_lone(&units).unwrap()), "{units:04X?}");
            let lossy: Vec<u16> = String::from_utf16_lossy(&units).encode_utf16().collect();
            assert_eq!(cesu8::encode_cesu8(&units, Replacement).unwrap(), ucs2_to_utf8(&lossy, false));
        }
    }
}

/// Both decoders against the reference model, in both modes, on random bytes.
#[test]
fn random_bytes_against_reference() {
    let mut rng = Rng(0xCE5B_0003);
    for _ in 0..20000 {
        let bytes = random_bytes(&mut rng, 24);
        for modified in [false, true] {
            let (want, want_errors) = reference(&bytes, modified);
            let run = |mode| if modified { decode_whole(ModifiedUtf8Decoder::new(), &bytes, mode) } else { decode_whole(Cesu8Decoder::new(), &bytes, mode) };
            let (got, _) = run(Replacement);
            assert_eq!(got, want, "{bytes:02X?} modified={modified}");
            let (got_fatal, at) = run(Fatal);
            assert_eq!(got_fatal, want, "fatal {bytes:02X?} modified={modified}");
            assert_eq!(at.len(), want_errors.len());
            let one_shot = if modified { cesu8::decode_modified_utf8(&bytes, Fatal) } else { cesu8::decode_cesu8(&bytes, Fatal) };
            match want_errors.first() {
                None => assert_eq!(one_shot, Ok(want.clone())),
                Some(&(start, len)) => assert_eq!(one_shot, Err(DecodeError { valid_up_to: start, error_len: len }), "{bytes:02X?} modified={modified}"),
            }
        }
    }
}

/// Split invariance of both decoders (random splits, empty chunks, 1-unit
/// buffers), in both modes, on random bytes and on encoder output.
#[test]
fn decoder_split_invariance() {
    let mut rng = Rng(0xCE5B_0004);
    for i in 0..5000 {
        let bytes = if i % 2 == 0 { random_bytes(&mut rng, 24) } else { cesu8::encode_modified_utf8(&random_units(&mut rng, 10, true)) };
        for mode in [Replacement, Fatal] {
            assert_eq!(decode_split(Cesu8Decoder::new(), &bytes, mode, &mut rng), decode_whole(Cesu8Decoder::new(), &bytes, mode), "{bytes:02X?} {mode:?}");
            assert_eq!(decode_split(ModifiedUtf8Decoder::new(), &bytes, mode, &mut rng), decode_whole(ModifiedUtf8Decoder::new(), &bytes, mode), "{bytes:02X?} {mode:?}");
        }
    }
}

/// Split invariance of both encoders, pairs split across calls included, with
/// errors at the same unit offsets.
#[test]
fn encoder_split_invariance() {
    let mut rng = Rng(0xCE5B_0005);
    for _ in 0..5000 {
        let units = random_units(&mut rng, 24, true);
        for mode in [Replacement, Fatal] {
            let mut e = Cesu8Encoder::new();
            let max_len = e.max_len(units.len()).unwrap();
            let whole = encode_whole(|s: &[u16], d: &mut [u8], last| e.encode_from_utf16(s, d, last, mode), max_len, &units);
            let mut e = Cesu8Encoder::new();
            let split = encode_split(|s: &[u16], d: &mut [u8], last| e.encode_from_utf16(s, d, last, mode), &units, &mut rng);
            assert!(e.is_idle());
            assert_eq!(split, whole, "{units:04X?} {mode:?}");
            if mode == Fatal {
                // Going on after each error skips the lone surrogate.
                let kept: Vec<u16> = units.iter().enumerate().filter(|(i, _)| !whole.1.contains(i)).map(|(_, &u)| u).collect();
                assert_eq!(whole.0, ucs2_to_utf8(&kept, false));
            }
            let mut e = ModifiedUtf8Encoder::new();
            let split = encode_split(|s: &[u16], d: &mut [u8], last| e.encode_from_utf16(s, d, last, mode), &units, &mut rng);
            assert_eq!(split, (ucs2_to_utf8(&units, true), vec![]), "{units:04X?}");
        }
    }
    // A pair's 6 bytes go together, also across calls.
    let mut e = Cesu8Encoder::new();
    let mut out = [0u8; 8];
    let r = e.encode_from_utf16(&[0xD801], &mut out, false, Fatal);
    assert_eq!((r.status, r.read, r.written), (VariantEncodeStatus::InputEmpty, 1, 0));
    let r = e.encode_from_utf16(&[0xDC00], &mut out[..5], true, Fatal);
    assert_eq!((r.status, r.read, r.written), (VariantEncodeStatus::OutputFull, 0, 0));
    let r = e.encode_from_utf16(&[0xDC00], &mut out[..6], true, Fatal);
    assert_eq!((r.status, r.read, &out[..r.written]), (VariantEncodeStatus::InputEmpty, 1, &[0xED, 0xA0, 0x81, 0xED, 0xB0, 0x80][..]));
    // A held lead that turns out lone: reported with read 0 (it was consumed before).
    let mut e = Cesu8Encoder::new();
    e.encode_from_utf16(&[0x41, 0xD801], &mut out, false, Fatal);
    let r = e.encode_from_utf16(&[0x42], &mut out, true, Fatal);
    assert_eq!((r.status, r.read, r.written), (VariantEncodeStatus::Malformed, 0, 0));
    let r = e.encode_from_utf16(&[0x42], &mut out, true, Fatal);
    assert_eq!((r.status, r.read, &out[..r.written]), (VariantEncodeStatus::InputEmpty, 1, &[0x42][..]));
}

/// The decoders' 16-byte states survive a trip through bytes mid-stream, and
/// arbitrary state bytes never panic.
#[test]
fn decoder_state_round_trip() {
    let mut rng = Rng(0xCE5B_0006);
    for _ in 0..3000 {
        let bytes = random_bytes(&mut rng, 16);
        let cut = rng.below(bytes.len() + 1);
        let want = decode_whole(Cesu8Decoder::new(), &bytes, Replacement).0;
        let mut d = Cesu8Decoder::new();
        let mut out = vec![0u16; 64];
        let r = d.decode_utf16(&bytes[..cut], &mut out, false, Replacement);
        let mut e = Cesu8Decoder::new();
        e.load_state(&d.save_state());
        let r2 = e.decode_utf16(&bytes[cut..], &mut out[r.written..], true, Replacement);
        assert_eq!(&out[..r.written + r2.written], &want[..], "{bytes:02X?} cut {cut}");
    }
    for _ in 0..3000 {
        let mut state = [0u8; 16];
        state.iter_mut().for_each(|b| *b = rng.below(256) as u8);
        if rng.below(2) == 0 {
            state[2] = rng.below(3) as u8;
            state[3] = rng.below(3) as u8;
            state[6] = 0;
            state[7] = rng.pick(&[0, 0xD8, 0xDB]);
            state[15] = rng.below(4) as u8;
        }
        let bytes = random_bytes(&mut rng, 12);
        let mut d = Cesu8Decoder::new();
        d.load_state(&state);
        // (A state no decoder reaches may need more than `max_utf16_len`.)
        let mut out = vec![0u16; bytes.len() + 16];
        assert_eq!(d.decode_utf16(&bytes, &mut out, true, Replacement).status, DecodeStatus::InputEmpty);
        let mut d = ModifiedUtf8Decoder::new();
        d.load_state(&state);
        assert_eq!(d.decode_utf16(&bytes, &mut out, true, Replacement).status, DecodeStatus::InputEmpty);
    }
}

/// Java's `DataOutput.writeUTF` / `DataInput.readUTF`: a big-endian u16 byte
/// count, then modified UTF-8; more than 65,535 bytes is an error value.
#[test]
fn java_length_prefixed_form() {
    assert_eq!(write_utf(&[]).unwrap(), [0, 0]);
    assert_eq!(write_utf(&[0x41]).unwrap(), [0, 1, 0x41]);
    assert_eq!(write_utf(&[0]).unwrap(), [0, 2, 0xC0, 0x80]);
    assert_eq!(write_utf(&[0xD801, 0xDC00]).unwrap(), [0, 6, 0xED, 0xA0, 0x81, 0xED, 0xB0, 0x80]);
    // The limit: 21,845 three-byte units are 65,535 bytes; one more is too long.
    let at_limit = vec![0x0800u16; 21845];
    let record = write_utf(&at_limit).unwrap();
    assert_eq!(&record[..2], &[0xFF, 0xFF]);
    assert_eq!(record.len(), 2 + MAX_UTF_LEN);
    assert_eq!(read_utf(&record), Ok((at_limit.clone(), record.len())));
    assert_eq!(write_utf(&vec![0x0800u16; 21846]), Err(JavaUtfError::TooLong { encoded_len: 65538 }));
    assert_eq!(write_utf(&vec![0x41u16; 65536]), Err(JavaUtfError::TooLong { encoded_len: 65536 }));
    assert_eq!(write_utf(&vec![0u16; 32768]), Err(JavaUtfError::TooLong { encoded_len: 65536 }));
    assert!(write_utf(&vec![0x41u16; 65535]).is_ok());
    // Reading: what follows the record is left alone.
    let mut stream = write_utf(&[0x48, 0x69]).unwrap();
    stream.extend_from_slice(&write_utf(&[0xDC00]).unwrap());
    let (first, used) = read_utf(&stream).unwrap();
    assert_eq!((first, used), (vec![0x48, 0x69], 4));
    assert_eq!(read_utf(&stream[used..]), Ok((vec![0xDC00], 5)));
    // Errors.
    assert_eq!(read_utf(&[0]), Err(JavaUtfError::Truncated { needed: 2, available: 1 }));
    assert_eq!(read_utf(&[0, 3, 0x41]), Err(JavaUtfError::Truncated { needed: 5, available: 3 }));
    assert_eq!(read_utf(&[0, 3, 0x41, 0x00, 0x42]), Err(JavaUtfError::Malformed { position: 3, len: 1 }));
    assert_eq!(read_utf(&[0, 4, 0x41, 0xF0, 0x90, 0x80]), Err(JavaUtfError::Malformed { position: 3, len: 1 }));
    // The count covers whole sequences only: a sequence cut by it is malformed.
    assert_eq!(read_utf(&[0, 2, 0x41, 0xC3, 0xA9]), Err(JavaUtfError::Malformed { position: 3, len: 1 }));
    // Round trips of random strings, lone surrogates included.
    let mut rng = Rng(0xCE5B_0007);
    for _ in 0..2000 {
        let units = random_units(&mut rng, 40, true);
        let record = write_utf(&units).unwrap();
        assert_eq!(usize::from(u16::from_be_bytes([record[0], record[1]])), record.len() - 2);
        assert_eq!(read_utf(&record), Ok((units, record.len())));
    }
}
