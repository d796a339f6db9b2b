//! UTF-8 as ISO/IEC 10646-1 Amendment 2 (1996) defined it
//! (`text_encoding_wasm::variants::utf8_1996`), against the amendment's tables
//! and clauses (cited per test), `core::str::from_utf8` as the oracle for valid
//! UTF-8, and an independent reference of clause R.7.

mod variants_common;

use text_encoding_wasm::variants::utf8_1996::{self, encode_value, Iso10646DecodeStatus, Iso10646Utf8Decoder, Iso10646Utf8Encoder, Malformation, MalformationKind};
use text_encoding_wasm::variants::VariantEncodeStatus;
use text_encoding_wasm::DecoderMode::{self, Fatal, Replacement};
use variants_common::*;

use MalformationKind::{InvalidOctet, Truncated, UnexpectedContinuation};

fn m(position: u64, kind: MalformationKind) -> Malformation {
    Malformation { position, kind }
}

fn decode(bytes: &[u8]) -> (Vec<u32>, Vec<Malformation>) {
    utf8_1996::decode(bytes, Replacement)
}

fn encode(values: &[u32]) -> Vec<u8> {
    utf8_1996::encode(values, Fatal).unwrap()
}

/// R.2 NOTE 2, Table 3 "Examples in hexadecimal notation", both directions.
#[test]
fn table_3_examples() {
    let rows: &[(u32, &[u8])] = &[
        (0x0000_0001, &[0x01]),
        (0x0000_007F, &[0x7F]),
        (0x0000_0080, &[0xC2, 0x80]),
        (0x0000_07FF, &[0xDF, 0xBF]),
        (0x0000_0800, &[0xE0, 0xA0, 0x80]),
        (0x0000_FFFF, &[0xEF, 0xBF, 0xBF]),
        (0x0001_0000, &[0xF0, 0x90, 0x80, 0x80]),
        (0x0010_FFFF, &[0xF4, 0x8F, 0xBF, 0xBF]),
        (0x001F_FFFF, &[0xF7, 0xBF, 0xBF, 0xBF]),
        (0x0020_0000, &[0xF8, 0x88, 0x80, 0x80, 0x80]),
        (0x03FF_FFFF, &[0xFB, 0xBF, 0xBF, 0xBF, 0xBF]),
        (0x0400_0000, &[0xFC, 0x84, 0x80, 0x80, 0x80, 0x80]),
        (0x7FFF_FFFF, &[0xFD, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF]),
    ];
    for &(value, bytes) in rows {
        assert_eq!(encode(&[value]), bytes, "{value:08X}");
        assert_eq!(decode(bytes), (vec![value], vec![]), "{bytes:02X?}");
    }
}

/// R.2 NOTE 2, Table 2 "Examples in binary notation" (the same code positions,
/// written as the table writes them).
#[test]
fn table_2_examples() {
    let rows: &[(u32, &[u8])] = &[
        (0b00000000_00000000_00000000_00000001, &[0b00000001]),
        (0b00000000_00000000_00000000_01111111, &[0b01111111]),
        (0b00000000_00000000_00000000_10000000, &[0b11000010, 0b10000000]),
        (0b00000000_00000000_00000111_11111111, &[0b11011111, 0b10111111]),
        (0b00000000_00000000_00001000_00000000, &[0b11100000, 0b10100000, 0b10000000]),
        (0b00000000_00000000_11111111_11111111, &[0b11101111, 0b10111111, 0b10111111]),
        (0b00000000_00000001_00000000_00000000, &[0b11110000, 0b10010000, 0b10000000, 0b10000000]),
        (0b00000000_00011111_11111111_11111111, &[0b11110111, 0b10111111, 0b10111111, 0b10111111]),
        (0b00000000_00100000_00000000_00000000, &[0b11111000, 0b10001000, 0b10000000, 0b10000000, 0b10000000]),
        (0b00000011_11111111_11111111_11111111, &[0b11111011, 0b10111111, 0b10111111, 0b10111111, 0b10111111]),
        (0b00000100_00000000_00000000_00000000, &[0b11111100, 0b10000100, 0b10000000, 0b10000000, 0b10000000, 0b10000000]),
        (0b01111111_11111111_11111111_11111111, &[0b11111101, 0b10111111, 0b10111111, 0b10111111, 0b10111111, 0b10111111]),
    ];
    for &(value, bytes) in rows {
        assert_eq!(encode(&[value]), bytes, "{value:032b}");
        assert_eq!(decode(bytes).0, [value]);
    }
}

/// R.2, Table 1: the sequence length for each range ("Maximum UCS-4 value" per
/// length), and the octet usage: "00 to 7F first and only octet of a sequence;
/// 80 to BF continuing octet; C0 to FD first octet of a multi-octet sequence".
#[test]
fn table_1_lengths_and_octet_usage() {
    let bounds: &[(u32, u32, usize)] = &[(0, 0x7F, 1), (0x80, 0x7FF, 2), (0x800, 0xFFFF, 3), (0x1_0000, 0x1F_FFFF, 4), (0x20_0000, 0x3FF_FFFF, 5), (0x400_0000, 0x7FFF_FFFF, 6)];
    let mut rng = Rng(0x1996_0001);
    for &(lo, hi, len) in bounds {
        for value in [lo, hi, rng.range(lo, hi), rng.range(lo, hi)] {
            let bytes = encode(&[value]);
            assert_eq!(bytes.len(), len, "{value:08X}");
            // "the number of ONE bits in the first octet ... shall indicate the
            // number of octets in the sequence. The next most significant bit
            // shall be a ZERO bit."
            let ones = bytes[0].leading_ones() as usize;
            assert_eq!(ones, if len == 1 { 0 } else { len }, "{bytes:02X?}");
            match len {
                1 => assert!(bytes[0] <= 0x7F),
                _ => assert!((0xC0..=0xFD).contains(&bytes[0])),
            }
            assert!(bytes[1..].iter().all(|&b| (0x80..=0xBF).contains(&b)), "continuing octets 10xxxxxx");
        }
    }
    // Table 1's limit: above 7FFF FFFF there is no form.
    let mut buf = [0u8; 8];
    assert_eq!(encode_value(0x8000_0000, &mut buf), 0);
    assert_eq!(encode_value(u32::MAX, &mut buf), 0);
}

/// R.4, Table 4, transcribed with the notation of R.3 ("/" integer division,
/// "%" modulo, "**" power), against the encoder on random values of every length.
#[test]
fn table_4_formula() {
    fn table_4(x: u32) -> Vec<u8> {
        let p = |e: u32| 2u32.pow(e);
        let b = |v: u32| v as u8;
        match x {
            0..=0x7F => vec![b(x)],
            0x80..=0x7FF => vec![b(0xC0 + x / p(6)), b(0x80 + x % p(6))],
            0x800..=0xFFFF => vec![b(0xE0 + x / p(12)), b(0x80 + x / p(6) % p(6)), b(0x80 + x % p(6))],
            0x1_0000..=0x1F_FFFF => vec![b(0xF0 + x / p(18)), b(0x80 + x / p(12) % p(6)), b(0x80 + x / p(6) % p(6)), b(0x80 + x % p(6))],
            0x20_0000..=0x3FF_FFFF => vec![b(0xF8 + x / p(24)), b(0x80 + x / p(18) % p(6)), b(0x80 + x / p(12) % p(6)), b(0x80 + x / p(6) % p(6)), b(0x80 + x % p(6))],
            _ => vec![b(0xFC + x / p(30)), b(0x80 + x / p(24) % p(6)), b(0x80 + x / p(18) % p(6)), b(0x80 + x / p(12) % p(6)), b(0x80 + x / p(6) % p(6)), b(0x80 + x % p(6))],
        }
    }
    let mut rng = Rng(0x1996_0002);
    for _ in 0..20000 {
        let bits = rng.range(0, 31);
        let x = (rng.next_u64() as u32) & ((1u64 << bits) - 1) as u32;
        assert_eq!(encode(&[x]), table_4(x), "{x:08X}");
    }
}

/// R.5, Table 5, transcribed: any first octet C0..FD with the right number of
/// continuing octets decodes by the formula, overlong forms included (they are
/// not among R.7's malformed sequences, so nothing is reported for them).
#[test]
fn table_5_formula_and_overlongs() {
    fn table_5(s: &[u8]) -> u32 {
        let p = |e: u32| 2u32.pow(e);
        let o = |i: usize| u32::from(s[i]) - 0x80;
        let z = u32::from(s[0]);
        match s.len() {
            1 => z,
            2 => (z - 0xC0) * p(6) + o(1),
            3 => (z - 0xE0) * p(12) + o(1) * p(6) + o(2),
            4 => (z - 0xF0) * p(18) + o(1) * p(12) + o(2) * p(6) + o(3),
            5 => (z - 0xF8) * p(24) + o(1) * p(18) + o(2) * p(12) + o(3) * p(6) + o(4),
            _ => (z - 0xFC) * p(30) + o(1) * p(24) + o(2) * p(18) + o(3) * p(12) + o(4) * p(6) + o(5),
        }
    }
    let mut rng = Rng(0x1996_0003);
    for _ in 0..20000 {
        let first = rng.range(0xC0, 0xFD) as u8;
        let len = first.leading_ones() as usize;
        let mut seq = vec![first];
        seq.extend((1..len).map(|_| rng.range(0x80, 0xBF) as u8));
        assert_eq!(decode(&seq), (vec![table_5(&seq)], vec![]), "{seq:02X?}");
    }
    // Overlong forms: values, no malformation.
    let overlongs: &[(&[u8], u32)] = &[
        (&[0xC0, 0x80], 0),
        (&[0xC1, 0xBF], 0x7F),
        (&[0xE0, 0x80, 0x80], 0),
        (&[0xE0, 0x9F, 0xBF], 0x7FF),
        (&[0xF0, 0x8F, 0xBF, 0xBF], 0xFFFF),
        (&[0xF8, 0x80, 0x80, 0x80, 0x80], 0),
        (&[0xFC, 0x80, 0x80, 0x80, 0x80, 0x80], 0),
        (&[0xFC, 0x83, 0xBF, 0xBF, 0xBF, 0xBF], 0x3FF_FFFF),
    ];
    for &(bytes, value) in overlongs {
        assert_eq!(decode(bytes), (vec![value], vec![]), "{bytes:02X?}");
        assert_eq!(utf8_1996::decode(bytes, Fatal), (vec![value], vec![]));
    }
}

/// R.4 NOTE 3: D800..DFFF, FFFE and FFFF "do not occur in UCS-4" and their
/// mappings "are undefined"; we apply Table 4 to them, and decoding inverts it.
#[test]
fn note_3_values() {
    for (value, bytes) in [(0xD800u32, [0xED, 0xA0, 0x80]), (0xDFFF, [0xED, 0xBF, 0xBF]), (0xFFFE, [0xEF, 0xBF, 0xBE]), (0xFFFF, [0xEF, 0xBF, 0xBF])] {
        assert_eq!(encode(&[value]), bytes);
        assert_eq!(decode(&bytes), (vec![value], vec![]));
    }
}

/// Values above 7FFF FFFF (R.2, Table 1): an error; fatal mode gives the index,
/// replacement mode writes the UTF-8 of U+FFFD.
#[test]
fn encoder_errors() {
    assert_eq!(utf8_1996::encode(&[0x41, 0x8000_0000, 0x42], Fatal), Err(1));
    assert_eq!(utf8_1996::encode(&[0x41, 0x8000_0000, 0x42], Replacement), Ok(vec![0x41, 0xEF, 0xBF, 0xBD, 0x42]));
    let mut e = Iso10646Utf8Encoder::new();
    let mut out = [0u8; 16];
    let r = e.encode(&[0x41, u32::MAX, 0x42], &mut out, Fatal);
    assert_eq!((r.status, r.read, r.written), (VariantEncodeStatus::Malformed, 2, 1));
    let r = e.encode(&[0x42], &mut out, Fatal);
    assert_eq!((r.status, r.read, r.written), (VariantEncodeStatus::InputEmpty, 1, 1));
    // Output stops at the last whole sequence.
    let r = e.encode(&[0x41, 0x7FFF_FFFF], &mut out[..6], Fatal);
    assert_eq!((r.status, r.read, r.written), (VariantEncodeStatus::OutputFull, 1, 1));
}

/// R.7 "Incorrect sequences of octets": each kind, by position.
#[test]
fn r7_malformed_sequences() {
    let cases: &[(&[u8], &[u32], &[Malformation])] = &[
        // "a first octet that is not immediately followed by the correct number
        // of continuing octets": the octet that interrupted it is read as usual.
        (&[0xC3, 0x41], &[0xFFFD, 0x41], &[m(0, Truncated)]),
        (&[0x41, 0xE2, 0x82], &[0x41, 0xFFFD], &[m(1, Truncated)]),
        (&[0xFD, 0xBF, 0xBF, 0xBF, 0xBF, 0xC3, 0xA9], &[0xFFFD, 0xE9], &[m(0, Truncated)]),
        (&[0xE2, 0xFE], &[0xFFFD, 0xFFFD], &[m(0, Truncated), m(1, InvalidOctet)]),
        (&[0xC3, 0xE2, 0x82, 0xAC], &[0xFFFD, 0x20AC], &[m(0, Truncated)]),
        // "one or more continuing octets that are not required to complete a
        // sequence": a run is one malformed sequence.
        (&[0x80], &[0xFFFD], &[m(0, UnexpectedContinuation)]),
        (&[0x80, 0xBF, 0x80, 0x41], &[0xFFFD, 0x41], &[m(0, UnexpectedContinuation)]),
        (&[0xC3, 0xA9, 0xA9, 0xA9], &[0xE9, 0xFFFD], &[m(2, UnexpectedContinuation)]),
        (&[0x80, 0x41, 0x80], &[0xFFFD, 0x41, 0xFFFD], &[m(0, UnexpectedContinuation), m(2, UnexpectedContinuation)]),
        // "an invalid octet": FE, FF ("not used"), one each.
        (&[0xFE], &[0xFFFD], &[m(0, InvalidOctet)]),
        (&[0xFE, 0xFF, 0x41], &[0xFFFD, 0xFFFD, 0x41], &[m(0, InvalidOctet), m(1, InvalidOctet)]),
        (&[0xFF, 0x80, 0x80], &[0xFFFD, 0xFFFD], &[m(0, InvalidOctet), m(1, UnexpectedContinuation)]),
        // R.7's "C0 .. FB" is read as R.2's "C0 to FD": FC, FD start 6-octet sequences.
        (&[0xFC, 0x84, 0x80, 0x80, 0x80, 0x80], &[0x0400_0000], &[]),
        (&[0xFD, 0x41], &[0xFFFD, 0x41], &[m(0, Truncated)]),
    ];
    for &(bytes, values, errors) in cases {
        assert_eq!(decode(bytes), (values.to_vec(), errors.to_vec()), "{bytes:02X?}");
        assert_eq!(reference(bytes), (values.to_vec(), errors.to_vec()), "reference {bytes:02X?}");
        // Fatal mode: nothing written for the malformed sequence, stop at the first.
        let (fatal, first) = utf8_1996::decode(bytes, Fatal);
        assert_eq!(first, errors.first().copied().into_iter().collect::<Vec<_>>());
        if errors.is_empty() {
            assert_eq!(fatal, values);
        }
    }
}

/// An independent model of R.5 and R.7 (U+FFFD for each malformed sequence).
fn reference(bytes: &[u8]) -> (Vec<u32>, Vec<Malformation>) {
    let mut out = Vec::new();
    let mut errors = Vec::new();
    let cont = |b: u8| (0x80..=0xBF).contains(&b);
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b < 0x80 {
            out.push(u32::from(b));
            i += 1;
        } else if cont(b) {
            errors.push(m(i as u64, UnexpectedContinuation));
            out.push(0xFFFD);
            while i < bytes.len() && cont(bytes[i]) {
                i += 1;
            }
        } else if b >= 0xFE {
            errors.push(m(i as u64, InvalidOctet));
            out.push(0xFFFD);
            i += 1;
        } else {
            let len = b.leading_ones() as usize;
            let mut k = 1;
            while k < len && i + k < bytes.len() && cont(bytes[i + k]) {
                k += 1;
            }
            if k < len {
                errors.push(m(i as u64, Truncated));
                out.push(0xFFFD);
                i += k;
                continue;
            }
            let mut v = u32::from(b) & (0x7F >> len);
            for &c in &bytes[i + 1..i + len] {
                v = (v << 6) | u32::from(c & 0x3F);
            }
            out.push(v);
            i += len;
        }
    }
    (out, errors)
}

/// Random bytes, also with the 5- and 6-octet first octets, against the model.
#[test]
fn random_bytes_against_reference() {
    let mut rng = Rng(0x1996_0004);
    for _ in 0..20000 {
        let mut bytes = random_bytes(&mut rng, 24);
        for b in bytes.iter_mut() {
            if rng.below(8) == 0 {
                *b = rng.range(0xF5, 0xFF) as u8;
            }
        }
        assert_eq!(decode(&bytes), reference(&bytes), "{bytes:02X?}");
    }
}

/// The oracle for valid UTF-8: where `core::str::from_utf8` accepts the bytes,
/// the 1996 decoder gives the same scalar values and no malformation.
#[test]
fn valid_utf8_matches_core_str() {
    let mut rng = Rng(0x1996_0005);
    let mut checked = 0;
    for i in 0..20000 {
        let bytes = if i % 2 == 0 {
            let units = random_units(&mut rng, 24, false);
            String::from_utf16(&units).unwrap().into_bytes()
        } else {
            random_bytes(&mut rng, 8)
        };
        if let Ok(s) = core::str::from_utf8(&bytes) {
            let want: Vec<u32> = s.chars().map(u32::from).collect();
            assert_eq!(decode(&bytes), (want.clone(), vec![]), "{bytes:02X?}");
            assert_eq!(utf8_1996::decode(&bytes, Fatal), (want, vec![]));
            // And on scalar values the encoder is UTF-8.
            assert_eq!(encode(&s.chars().map(u32::from).collect::<Vec<_>>()), bytes);
            checked += 1;
        }
    }
    assert!(checked > 10000);
}

/// Random values of every length round-trip, and the encoder never exceeds `max_len`.
fn random_values(rng: &mut Rng, max_len: usize) -> Vec<u32> {
    let len = rng.below(max_len + 1);
    (0..len)
        .map(|_| match rng.below(8) {
            0 => rng.range(0, 0x7F),
            7 => rng.range(0x8000_0000, u32::MAX), // only in the error tests
            _ => {
                let bits = rng.range(1, 31);
                (rng.next_u64() as u32) & ((1u64 << bits) - 1) as u32
            }
        })
        .collect()
}

#[test]
fn random_values_round_trip() {
    let mut rng = Rng(0x1996_0006);
    for _ in 0..5000 {
        let values: Vec<u32> = random_values(&mut rng, 32).into_iter().filter(|&v| v <= 0x7FFF_FFFF).collect();
        let bytes = encode(&values);
        assert!(bytes.len() <= Iso10646Utf8Encoder::new().max_len(values.len()).unwrap());
        assert_eq!(decode(&bytes), (values.clone(), vec![]), "{values:08X?}");
        assert_eq!(reference(&bytes), (values, vec![]));
    }
}

/// Streams the decoder over random splits and small buffers, going on after
/// each malformed sequence. Between chunks the state goes through
/// save_state/load_state into a new decoder, as the JavaScript bindings keep it.
fn decode_split(bytes: &[u8], mode: DecoderMode, rng: &mut Rng) -> (Vec<u32>, Vec<Malformation>) {
    let mut d = Iso10646Utf8Decoder::new();
    let mut out = Vec::new();
    let mut errors = Vec::new();
    let splits = random_splits(rng, bytes.len());
    let mut offset = 0;
    for (k, &n) in splits.iter().enumerate() {
        let last = k + 1 == splits.len();
        let chunk = &bytes[offset..offset + n];
        let saved = d.save_state();
        d = Iso10646Utf8Decoder::new();
        d.load_state(&saved);
        let mut read = 0;
        loop {
            let max = d.max_len(chunk.len() - read).unwrap();
            let cap = [1, 1, 2, 5, max][rng.below(5)];
            let mut buf = vec![0u32; cap];
            let r = d.decode(&chunk[read..], &mut buf, last, mode);
            out.extend_from_slice(&buf[..r.written]);
            read += r.read;
            match r.status {
                Iso10646DecodeStatus::InputEmpty => {
                    assert_eq!(read, chunk.len());
                    break;
                }
                Iso10646DecodeStatus::OutputFull => assert!(cap != max, "OutputFull with max_len"),
                Iso10646DecodeStatus::Malformed(e) => errors.push(e),
            }
        }
        offset += n;
    }
    assert!(d.is_idle());
    (out, errors)
}

/// Split invariance of the decoder: same values, same malformations at the same
/// stream positions, for any split, empty chunks and 1-value buffers included,
/// in both modes (fatal mode writes nothing for a malformed sequence).
#[test]
fn decoder_split_invariance() {
    let mut rng = Rng(0x1996_0007);
    for i in 0..6000 {
        let bytes = if i % 2 == 0 {
            random_bytes(&mut rng, 24)
        } else {
            let values = random_values(&mut rng, 8);
            utf8_1996::encode(&values, Replacement).unwrap()
        };
        let (values, errors) = reference(&bytes);
        assert_eq!(decode_split(&bytes, Replacement, &mut rng), (values.clone(), errors.clone()), "{bytes:02X?}");
        let fatal = decode_split(&bytes, Fatal, &mut rng);
        assert_eq!(fatal.1, errors, "{bytes:02X?}");
        assert_eq!(fatal.0.len(), values.len() - errors.len());
    }
}

/// Split invariance of the encoder (it has no state: chunks and 1-byte buffers
/// must still never cut a sequence), errors at the same indices.
#[test]
fn encoder_split_invariance() {
    let mut rng = Rng(0x1996_0008);
    for _ in 0..6000 {
        let values = random_values(&mut rng, 16);
        for mode in [Replacement, Fatal] {
            let mut e = Iso10646Utf8Encoder::new();
            let whole = {
                let mut out = Vec::new();
                let mut errors = Vec::new();
                let mut read = 0;
                loop {
                    let mut buf = vec![0u8; e.max_len(values.len() - read).unwrap()];
                    let r = e.encode(&values[read..], &mut buf, mode);
                    out.extend_from_slice(&buf[..r.written]);
                    read += r.read;
                    match r.status {
                        VariantEncodeStatus::InputEmpty => break,
                        VariantEncodeStatus::Malformed => errors.push(read - 1),
                        VariantEncodeStatus::OutputFull => panic!("OutputFull with max_len"),
                    }
                }
                (out, errors)
            };
            let split = encode_split(|s: &[u32], d: &mut [u8], _last| e.encode(s, d, mode), &values, &mut rng);
            assert_eq!(split, whole, "{values:08X?} {mode:?}");
            let bad: Vec<usize> = (0..values.len()).filter(|&i| values[i] > 0x7FFF_FFFF).collect();
            assert_eq!(whole.1, if mode == Fatal { bad } else { vec![] });
        }
    }
}

/// Any 24 bytes are a safe state: decoding from it never panics, writes at most
/// `max_len` values and ends the stream idle.
#[test]
fn any_loaded_state_is_safe() {
    let mut rng = Rng(0x1996_0024);
    for _ in 0..20_000 {
        let mut state = [0u8; 24];
        for b in state.iter_mut() {
            *b = if rng.below(3) == 0 { 0 } else { rng.below(256) as u8 };
        }
        let mut d = Iso10646Utf8Decoder::new();
        d.load_state(&state);
        let bytes = random_bytes(&mut rng, 8);
        let mut out = vec![0u32; d.max_len(bytes.len()).unwrap()];
        let mut read = 0;
        let mut written = 0;
        loop {
            let r = d.decode(&bytes[read..], &mut out[written..], true, Replacement);
            read += r.read;
            written += r.written;
            if !matches!(r.status, Iso10646DecodeStatus::Malformed(_)) {
                assert_eq!(r.status, Iso10646DecodeStatus::InputEmpty, "{state:?} {bytes:02X?}");
                break;
            }
        }
        assert!(d.is_idle());
    }
}
