//! WTF-8 (`text_encoding_wasm::variants::wtf8`), against the WTF-8 specification
//! (sections cited per test), Rust's own UTF-8 and the WHATWG UTF-8 codec as
//! oracles for well-formed UTF-16, and an independent reference decoder.

mod variants_common;

use text_encoding_wasm::variants::wtf8::{self, Wtf8Decoder, Wtf8Encoder};
use text_encoding_wasm::variants::{wtf8_concat, wtf8_push, DecodeError, VariantEncodeStatus};
use text_encoding_wasm::{DecodeStatus, DecoderMode, Utf8Decoder, Utf8Encoder};
use variants_common::*;

use DecoderMode::{Fatal, Replacement};

fn enc(units: &[u16]) -> Vec<u8> {
    wtf8::encode(units)
}

fn dec(bytes: &[u8]) -> Vec<u16> {
    wtf8::decode(bytes, Replacement).unwrap()
}

/// An independent model of the strict decoder: U+FFFD per maximal subpart, where
/// a well-formed sequence is a row of Table 3 ("Well-formed byte sequences
/// representing a single code point", i.e. UTF-8 plus ED A0..BF xx), except that
/// right after a lead surrogate ED may only be followed by 80..AF (no pair).
/// Returns the units and the errors as (start, length).
fn reference(bytes: &[u8]) -> (Vec<u16>, Vec<(usize, usize)>) {
    let mut out = Vec::new();
    let mut errors = Vec::new();
    let mut after_lead = false;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        let (len, lo, hi) = match b {
            0x00..=0x7F => (1, 0, 0),
            0xC2..=0xDF => (2, 0x80, 0xBF),
            0xE0 => (3, 0xA0, 0xBF),
            0xED if after_lead => (3, 0x80, 0xAF),
            0xE1..=0xEF => (3, 0x80, 0xBF),
            0xF0 => (4, 0x90, 0xBF),
            0xF1..=0xF3 => (4, 0x80, 0xBF),
            0xF4 => (4, 0x80, 0x8F),
            _ => (0, 0, 0),
        };
        let mut k = 1;
        while k < len && i + k < bytes.len() {
            let c = bytes[i + k];
            let ok = if k == 1 { (lo..=hi).contains(&c) } else { (0x80..=0xBF).contains(&c) };
            if !ok {
                break;
            }
            k += 1;
        }
        if len == 0 || k < len {
            out.push(0xFFFD);
            errors.push((i, k));
            after_lead = false;
            i += k;
            continue;
        }
        let cp = match len {
            1 => u32::from(b),
            2 => (u32::from(b & 0x1F) << 6) | u32::from(bytes[i + 1] & 0x3F),
            3 => (u32::from(b & 0x0F) << 12) | (u32::from(bytes[i + 1] & 0x3F) << 6) | u32::from(bytes[i + 2] & 0x3F),
            _ => (u32::from(b & 0x07) << 18) | (u32::from(bytes[i + 1] & 0x3F) << 12) | (u32::from(bytes[i + 2] & 0x3F) << 6) | u32::from(bytes[i + 3] & 0x3F),
        };
        if cp > 0xFFFF {
            let v = cp - 0x10000;
            out.push(0xD800 | (v >> 10) as u16);
            out.push(0xDC00 | (v & 0x3FF) as u16);
        } else {
            out.push(cp as u16);
        }
        after_lead = (0xD800..=0xDBFF).contains(&cp);
        i += len;
    }
    (out, errors)
}

fn whatwg_utf8_encode(units: &[u16]) -> Vec<u8> {
    let mut e = Utf8Encoder::new();
    let mut out = vec![0u8; e.max_len(units.len(), text_encoding_wasm::EncoderMode::Fatal).unwrap()];
    let r = e.encode_from_utf16(units, &mut out, true, text_encoding_wasm::EncoderMode::Fatal);
    out.truncate(r.written);
    out
}

fn whatwg_utf8_decode(bytes: &[u8], mode: DecoderMode) -> (Vec<u16>, Vec<usize>) {
    decode_whole(Utf8Decoder::new(), bytes, mode)
}

/// Table 3 (generalized UTF-8): the first and last code point of every row, and
/// the surrogates, encode to the bytes of the table and decode back (§6: "a
/// surrogate code point ... not in a pair" is its 3-byte sequence).
#[test]
fn table_3_rows_and_surrogate_byte_sequences() {
    let cases: &[(&[u16], &[u8])] = &[
        (&[0x0000], &[0x00]),
        (&[0x007F], &[0x7F]),
        (&[0x0080], &[0xC2, 0x80]),
        (&[0x07FF], &[0xDF, 0xBF]),
        (&[0x0800], &[0xE0, 0xA0, 0x80]),
        (&[0x0FFF], &[0xE0, 0xBF, 0xBF]),
        (&[0x1000], &[0xE1, 0x80, 0x80]),
        (&[0xFFFF], &[0xEF, 0xBF, 0xBF]),
        (&[0xD800, 0xDC00], &[0xF0, 0x90, 0x80, 0x80]), // U+10000
        (&[0xD8BF, 0xDFFF], &[0xF0, 0xBF, 0xBF, 0xBF]), // U+3FFFF
        (&[0xD8C0, 0xDC00], &[0xF1, 0x80, 0x80, 0x80]), // U+40000
        (&[0xDBBF, 0xDFFF], &[0xF3, 0xBF, 0xBF, 0xBF]), // U+FFFFF
        (&[0xDBC0, 0xDC00], &[0xF4, 0x80, 0x80, 0x80]), // U+100000
        (&[0xDBFF, 0xDFFF], &[0xF4, 0x8F, 0xBF, 0xBF]), // U+10FFFF
        // Surrogate byte sequences: ED A0..BF 80..BF.
        (&[0xD800], &[0xED, 0xA0, 0x80]),
        (&[0xDBFF], &[0xED, 0xAF, 0xBF]),
        (&[0xDC00], &[0xED, 0xB0, 0x80]),
        (&[0xDFFF], &[0xED, 0xBF, 0xBF]),
    ];
    for &(units, bytes) in cases {
        assert_eq!(enc(units), bytes, "{units:04X?}");
        assert_eq!(wtf8::decode(bytes, Fatal), Ok(units.to_vec()), "{bytes:02X?}");
    }
}

/// §6 "The WTF-8 encoding": WTF-8 encodes sequences "that do not contain any
/// surrogate code point pair"; potentially ill-formed UTF-16 converts to it
/// losslessly ("This conversion never fails and is lossless"): lone surrogates,
/// a trail before a lead, and mixtures.
#[test]
fn lone_surrogates_round_trip() {
    let cases: &[&[u16]] = &[
        &[0x61, 0xD800, 0x62],
        &[0xDC00, 0xD800],
        &[0xD800, 0xD800, 0xDC00],
        &[0xD83D, 0xDE00, 0xDE00],
        &[0xDFFF],
        &[0xDBFF],
        &[],
    ];
    for &units in cases {
        let bytes = enc(units);
        assert_eq!(wtf8::decode(&bytes, Fatal), Ok(units.to_vec()), "{units:04X?} -> {bytes:02X?}");
    }
    assert_eq!(enc(&[0xDC00, 0xD800]), [0xED, 0xB0, 0x80, 0xED, 0xA0, 0x80]);
    assert_eq!(enc(&[0xD800, 0xD800, 0xDC00]), [0xED, 0xA0, 0x80, 0xF0, 0x90, 0x80, 0x80]);
}

/// §6 / Table 3: what is not well-formed WTF-8 is an error, with U+FFFD per
/// maximal subpart in replacement mode: an encoded surrogate pair (the trail's
/// sequence after a lead's), overlongs, bytes above F4, values above 10FFFF,
/// truncated sequences, stray continuation bytes.
#[test]
fn ill_formed_wtf8() {
    let cases: &[(&[u8], &[u16])] = &[
        // A surrogate byte sequence pair: the lead decodes, ED B0 80 is three errors.
        (&[0xED, 0xA0, 0x80, 0xED, 0xB0, 0x80], &[0xD800, 0xFFFD, 0xFFFD, 0xFFFD]),
        (&[0xED, 0xAF, 0xBF, 0xED, 0xBF, 0xBF, 0x41], &[0xDBFF, 0xFFFD, 0xFFFD, 0xFFFD, 0x41]),
        // Overlongs.
        (&[0xC0, 0x80], &[0xFFFD, 0xFFFD]),
        (&[0xC1, 0xBF], &[0xFFFD, 0xFFFD]),
        (&[0xE0, 0x80, 0x80], &[0xFFFD, 0xFFFD, 0xFFFD]),
        (&[0xE0, 0x9F, 0xBF], &[0xFFFD, 0xFFFD, 0xFFFD]),
        (&[0xF0, 0x8F, 0xBF, 0xBF], &[0xFFFD, 0xFFFD, 0xFFFD, 0xFFFD]),
        // Above 10FFFF, bytes above F4.
        (&[0xF4, 0x90, 0x80, 0x80], &[0xFFFD, 0xFFFD, 0xFFFD, 0xFFFD]),
        (&[0xF5, 0x80], &[0xFFFD, 0xFFFD]),
        (&[0xFF], &[0xFFFD]),
        // Truncated, stray.
        (&[0xED, 0xA0], &[0xFFFD]),
        (&[0xF0, 0x90, 0x80, 0x41], &[0xFFFD, 0x41]),
        (&[0x80, 0xBF], &[0xFFFD, 0xFFFD]),
    ];
    for &(bytes, units) in cases {
        assert_eq!(dec(bytes), units, "{bytes:02X?}");
        assert_eq!(reference(bytes).0, units, "reference {bytes:02X?}");
        assert!(wtf8::decode(bytes, Fatal).is_err(), "{bytes:02X?}");
    }
    // ...but a BMP character after a lead is fine, so is a lead after a lead, and
    // with something in between a trail is not part of a pair.
    let valid: &[(&[u8], &[u16])] = &[
        (&[0xED, 0xA0, 0x80, 0xED, 0x9F, 0xBF], &[0xD800, 0xD7FF]),
        (&[0xED, 0xA0, 0x80, 0xED, 0xA0, 0x80], &[0xD800, 0xD800]),
        (&[0xED, 0xA0, 0x80, 0x41, 0xED, 0xB0, 0x80], &[0xD800, 0x41, 0xDC00]),
    ];
    for &(bytes, units) in valid {
        assert_eq!(wtf8::decode(bytes, Fatal), Ok(units.to_vec()), "{bytes:02X?}");
    }
    // Fatal mode says where: the pair's trail starts at 3, and its maximal subpart is ED.
    assert_eq!(wtf8::decode(&[0xED, 0xA0, 0x80, 0xED, 0xB0, 0x80], Fatal), Err(DecodeError { valid_up_to: 3, error_len: 1 }));
    assert_eq!(wtf8::decode(&[0x41, 0xF0, 0x90, 0x80], Fatal), Err(DecodeError { valid_up_to: 1, error_len: 3 }));
    let mut d = Wtf8Decoder::new();
    let mut out = [0u16; 8];
    let r = d.decode_utf16(&[0xED, 0xA0, 0x80, 0xED, 0xB0, 0x80], &mut out, true, Fatal);
    assert_eq!((r.status, r.read, &out[..r.written]), (DecodeStatus::Malformed, 4, &[0xD800][..]));
}

/// §6.5 "Concatenating WTF-8 strings": a lead surrogate byte sequence ending the
/// left string and a trail surrogate byte sequence starting the right one become
/// one supplementary code point; otherwise the bytes are appended.
#[test]
fn concatenation_joins_surrogate_halves() {
    let lead = enc(&[0x61, 0xD83D]);
    let trail = enc(&[0xDE00, 0x62]);
    assert_eq!(lead, [0x61, 0xED, 0xA0, 0xBD]);
    assert_eq!(trail, [0xED, 0xB8, 0x80, 0x62]);
    assert_eq!(wtf8_concat(&lead, &trail), [0x61, 0xF0, 0x9F, 0x98, 0x80, 0x62]);
    assert_eq!(wtf8_concat(&lead, &trail), "a\u{1F600}b".as_bytes());
    // The other order, or anything between: plain concatenation.
    assert_eq!(wtf8_concat(&trail, &lead), [trail.clone(), lead.clone()].concat());
    assert_eq!(wtf8_concat(&lead, &[0x20]), [lead.clone(), vec![0x20]].concat());
    assert_eq!(wtf8_concat(&[], &trail), trail);
    assert_eq!(wtf8_concat(&lead, &[]), lead);
    let mut buf = enc(&[0xDBFF]);
    wtf8_push(&mut buf, &enc(&[0xDFFF]));
    assert_eq!(buf, [0xF4, 0x8F, 0xBF, 0xBF]);
}

/// §6.5, Note: concatenating is "equivalent to converting both strings to
/// potentially ill-formed UTF-16, concatenating the resulting 16-bit code unit
/// sequences, then converting the concatenation back to WTF-8".
#[test]
fn concatenation_property() {
    let mut rng = Rng(0x3E7F_0001);
    for _ in 0..4000 {
        let a = random_units(&mut rng, 12, true);
        let b = random_units(&mut rng, 12, true);
        let joined = [a.clone(), b.clone()].concat();
        let bytes = wtf8_concat(&enc(&a), &enc(&b));
        assert_eq!(bytes, enc(&joined), "{a:04X?} + {b:04X?}");
        assert_eq!(wtf8::decode(&bytes, Fatal), Ok(joined));
    }
}

/// §6 (WTF-8 is lossless for potentially ill-formed UTF-16): random code unit
/// strings, lone surrogates included, round-trip; and the output is well-formed
/// (the reference decoder finds no error in it).
#[test]
fn random_units_round_trip() {
    let mut rng = Rng(0x3E7F_0002);
    for _ in 0..5000 {
        let units = random_units(&mut rng, 40, true);
        let bytes = enc(&units);
        assert_eq!(reference(&bytes), (units.clone(), vec![]), "{units:04X?}");
        assert_eq!(wtf8::decode(&bytes, Fatal), Ok(units.clone()));
        assert!(bytes.len() <= Wtf8Encoder::new().max_len(units.len()).unwrap());
    }
}

/// §6.4 "Converting between WTF-8 and UTF-8": "any sequence of byte that is
/// well-formed in UTF-8 is also well-formed in WTF-8 and represents the same
/// text". For well-formed UTF-16 the encoder's output is Rust's UTF-8
/// (`String::from_utf16`) and the WHATWG UTF-8 encoder's, and it decodes back.
#[test]
fn valid_utf16_gives_utf8() {
    let mut rng = Rng(0x3E7F_0003);
    for _ in 0..5000 {
        let units = random_units(&mut rng, 40, false);
        let utf8 = String::from_utf16(&units).unwrap().into_bytes();
        assert_eq!(enc(&units), utf8, "{units:04X?}");
        assert_eq!(whatwg_utf8_encode(&units), utf8);
        assert_eq!(wtf8::decode(&utf8, Fatal), Ok(units));
    }
}

/// Where no ED is followed by A0..BF (no surrogate byte sequence can start), the
/// strict WTF-8 decoder is the WHATWG UTF-8 decoder, in both modes. Elsewhere it
/// is the independent reference model.
#[test]
fn random_bytes_against_oracles() {
    let mut rng = Rng(0x3E7F_0004);
    for _ in 0..20000 {
        let bytes = random_bytes(&mut rng, 24);
        let (want, want_errors) = reference(&bytes);
        let (got, _) = decode_whole(Wtf8Decoder::new(), &bytes, Replacement);
        assert_eq!(got, want, "{bytes:02X?}");
        let (got_fatal, fatal_at) = decode_whole(Wtf8Decoder::new(), &bytes, Fatal);
        assert_eq!(got_fatal, want, "fatal {bytes:02X?}");
        assert_eq!(fatal_at.len(), want_errors.len());
        match want_errors.first() {
            None => assert_eq!(wtf8::decode(&bytes, Fatal), Ok(want.clone())),
            Some(&(start, len)) => assert_eq!(wtf8::decode(&bytes, Fatal), Err(DecodeError { valid_up_to: start, error_len: len }), "{bytes:02X?}"),
        }
        let no_surrogates = !bytes.windows(2).any(|w| w[0] == 0xED && w[1] >= 0xA0 && w[1] <= 0xBF);
        if no_surrogates {
            assert_eq!(whatwg_utf8_decode(&bytes, Replacement).0, got, "{bytes:02X?}");
            assert_eq!(whatwg_utf8_decode(&bytes, Fatal), (got_fatal, fatal_at), "{bytes:02X?}");
        }
    }
}

/// Split invariance of the decoder: any split, empty chunks, 1-unit buffers give
/// the output and error positions of one call, in both modes.
#[test]
fn decoder_split_invariance() {
    let mut rng = Rng(0x3E7F_0005);
    for i in 0..6000 {
        let bytes = if i % 2 == 0 { random_bytes(&mut rng, 24) } else { enc(&random_units(&mut rng, 12, true)) };
        for mode in [Replacement, Fatal] {
            let whole = decode_whole(Wtf8Decoder::new(), &bytes, mode);
            let split = decode_split(Wtf8Decoder::new(), &bytes, mode, &mut rng);
            assert_eq!(split, whole, "{bytes:02X?} {mode:?}");
        }
    }
}

/// Split invariance of the encoder, including pairs split across calls (the
/// streaming form of §6.5's rule: a held lead surrogate joins the next call's
/// trail surrogate), with 1-byte output buffers.
#[test]
fn encoder_split_invariance() {
    let mut rng = Rng(0x3E7F_0006);
    for _ in 0..6000 {
        let units = random_units(&mut rng, 24, true);
        let mut e = Wtf8Encoder::new();
        let (split, errors) = encode_split(|s: &[u16], d: &mut [u8], last| e.encode_from_utf16(s, d, last), &units, &mut rng);
        assert!(errors.is_empty());
        assert!(e.is_idle());
        assert_eq!(split, enc(&units), "{units:04X?}");
    }
    // A pair split across two calls is one 4-byte sequence.
    let mut e = Wtf8Encoder::new();
    let mut out = [0u8; 16];
    let r1 = e.encode_from_utf16(&[0x41, 0xD83D], &mut out, false);
    assert_eq!((r1.status, r1.read, r1.written), (VariantEncodeStatus::InputEmpty, 2, 1));
    assert!(!e.is_idle());
    let r2 = e.encode_from_utf16(&[0xDE00], &mut out[1..], true);
    assert_eq!(&out[..1 + r2.written], &[0x41, 0xF0, 0x9F, 0x98, 0x80]);
    // A held lead with `last` and nothing after it is its lone sequence.
    let mut e = Wtf8Encoder::new();
    e.encode_from_utf16(&[0xD83D], &mut out, false);
    let r = e.encode_from_utf16(&[], &mut out, true);
    assert_eq!(&out[..r.written], &[0xED, 0xA0, 0xBD]);
    // Output stops at the last whole sequence: a pair needs 4 bytes.
    let mut e = Wtf8Encoder::new();
    let r = e.encode_from_utf16(&[0x41, 0xD83D, 0xDE00], &mut out[..4], true);
    assert_eq!((r.status, r.read, r.written), (VariantEncodeStatus::OutputFull, 1, 1));
}

/// The decoder's 16-byte state survives a trip through bytes mid-stream.
#[test]
fn decoder_state_round_trip() {
    let mut rng = Rng(0x3E7F_0007);
    for _ in 0..2000 {
        let bytes = random_bytes(&mut rng, 16);
        let cut = rng.below(bytes.len() + 1);
        let want = decode_whole(Wtf8Decoder::new(), &bytes, Replacement).0;
        let mut d = Wtf8Decoder::new();
        let mut out = vec![0u16; 64];
        let r = d.decode_utf16(&bytes[..cut], &mut out, false, Replacement);
        let state = d.save_state();
        let mut e = Wtf8Decoder::new();
        e.load_state(&state);
        let r2 = e.decode_utf16(&bytes[cut..], &mut out[r.written..], true, Replacement);
        assert_eq!(&out[..r.written + r2.written], &want[..], "{bytes:02X?} cut {cut}");
    }
    // Arbitrary state bytes never panic.
    for _ in 0..2000 {
        let mut state = [0u8; 16];
        state.iter_mut().for_each(|b| *b = rng.below(256) as u8);
        if rng.below(2) == 0 {
            state[2] = rng.below(4) as u8;
            state[3] = rng.below(4) as u8;
            state[15] = 0;
        }
        let mut d = Wtf8Decoder::new();
        d.load_state(&state);
        let bytes = random_bytes(&mut rng, 12);
        let mut out = vec![0u16; d.max_utf16_len(bytes.len()).unwrap()];
        let r = d.decode_utf16(&bytes, &mut out, true, Replacement);
        assert_eq!(r.status, DecodeStatus::InputEmpty);
    }
}

/// Regression (found while mirroring the UTF-8 handler's state loader for WTF-8):
/// a loaded UTF-8 state with bytes seen but none needed used to count past the
/// sequence length and overflow (a panic in debug builds).
#[test]
fn utf8_state_with_seen_but_not_needed_is_reset() {
    let mut d = Utf8Decoder::new();
    let mut state = [0u8; 16];
    state[4] = 200; // bytes seen
    state[6] = 0x80;
    state[7] = 0xBF;
    d.load_state(&state);
    let mut out = vec![0u16; 128];
    let r = d.decode_utf16(&[0xC2], &mut out, false, Replacement);
    assert_eq!(r.status, DecodeStatus::InputEmpty);
    let r = d.decode_utf16(&[0x80; 100], &mut out, true, Replacement);
    assert_eq!(r.status, DecodeStatus::InputEmpty);
    assert_eq!(out[0], 0x0080);
    assert!(out[1..r.written].iter().all(|&u| u == 0xFFFD));
}

/// WTF-8 spec, "Intended audience": "There is no and will not be any encoding
/// label or IANA charset alias for WTF-8". None of the variants adds a label or
/// an encoding to the standard's 40.
#[test]
fn no_labels_for_the_variants() {
    use text_encoding_wasm::{Encoding, ALL_ENCODINGS};
    assert_eq!(ALL_ENCODINGS.len(), 40);
    for label in ["wtf-8", "wtf8", "cesu-8", "cesu8", "mutf-8", "modified-utf-8", "java-modified-utf-8", "utf-8-1996", "iso-10646-utf-8"] {
        assert_eq!(Encoding::for_label(label.as_bytes()), None, "{label}");
    }
}
