//! Whole-index round trips against the published index files (spec §5, §9-§13):
//! every pointer of every index decodes to its code point, every pointer that is
//! not in an index decodes to an error, and every code point the spec encodes
//! comes out as the pointer the spec chooses ("index pointer", "index Shift_JIS
//! pointer", "index Big5 pointer", "index gb18030 ranges pointer").
//! The expected bytes are computed here from the spec's formulas and the index
//! files, never from the crate's own tables.

mod whatwg_index;

use text_encoding_wasm::{Decoder, DecoderMode, EncodeStatus, Encoder, EncoderMode, Encoding};
use whatwg_index::{by_pointer, first_pointers, index};

fn decode(encoding: Encoding, bytes: &[u8]) -> Vec<u16> {
    let mut decoder = Decoder::new(encoding);
    let mut out = vec![0; decoder.max_utf16_len(bytes.len()).unwrap()];
    let r = decoder.decode_utf16(bytes, &mut out, true, DecoderMode::Replacement);
    out.truncate(r.written);
    out
}

/// Fatal-mode encoding of one scalar value: Ok(bytes) or Err(the char reported).
fn encode(encoding: Encoding, cp: u32) -> Result<Vec<u8>, char> {
    let mut encoder = Encoder::new(encoding).unwrap();
    let c = char::from_u32(cp).unwrap();
    let mut units = [0u16; 2];
    let src = c.encode_utf16(&mut units);
    let mut out = vec![0; encoder.max_len(src.len(), EncoderMode::Fatal).unwrap()];
    let r = encoder.encode_from_utf16(src, &mut out, true, EncoderMode::Fatal);
    match r.status {
        EncodeStatus::InputEmpty => Ok(out[..r.written].to_vec()),
        EncodeStatus::Unmappable(c) => Err(c),
        EncodeStatus::OutputFull => panic!("max_len buffer reported OutputFull"),
    }
}

fn utf16(cp: u32) -> Vec<u16> {
    let mut units = [0u16; 2];
    char::from_u32(cp).unwrap().encode_utf16(&mut units).to_vec()
}

/// Checks every pointer in 0..len: present -> its code point; absent -> U+FFFD
/// (followed by the trail byte when it is ASCII, spec's "restore byte").
fn check_decode(encoding: Encoding, entries: &[(usize, u32)], len: usize, bytes_for: impl Fn(usize) -> Vec<u8>) -> usize {
    let map = by_pointer(entries);
    let mut checked = 0;
    for pointer in 0..len {
        let bytes = bytes_for(pointer);
        let got = decode(encoding, &bytes);
        match map.get(&pointer) {
            Some(&cp) => assert_eq!(got, utf16(cp), "{encoding:?} pointer {pointer} bytes {bytes:02X?}"),
            None => {
                let last = *bytes.last().unwrap();
                let mut expected = vec![0xFFFD];
                if last < 0x80 {
                    expected.push(u16::from(last));
                }
                assert_eq!(got, expected, "{encoding:?} pointer {pointer} (not in index) bytes {bytes:02X?}");
            }
        }
        checked += 1;
    }
    checked
}

fn report(what: &str, n: usize) {
    eprintln!("spec_index: {what}: {n} checked");
}

#[test]
fn single_byte_indexes() {
    let Some(_) = whatwg_index::dir() else { return };
    let mut total = 0;
    for encoding in text_encoding_wasm::ALL_ENCODINGS {
        let Some((_, _)) = text_encoding_wasm::single_byte::index_for(encoding) else { continue };
        let file = match encoding {
            Encoding::Iso8859_8I => "iso-8859-8".to_string(),
            other => other.name().to_ascii_lowercase(),
        };
        let entries = index(&file).unwrap();
        let map = by_pointer(&entries);
        // Spec §9.1: ASCII bytes are themselves; others via the index or error.
        for byte in 0..=255u8 {
            let expected = if byte < 0x80 {
                vec![u16::from(byte)]
            } else {
                map.get(&usize::from(byte - 0x80)).map_or(vec![0xFFFD], |&cp| utf16(cp))
            };
            assert_eq!(decode(encoding, &[byte]), expected, "{encoding:?} byte {byte:02X}");
        }
        // Spec §9.2: pointer + 0x80 for the first pointer of each code point.
        for (&cp, &pointer) in &first_pointers(&entries, |_| true) {
            assert_eq!(encode(encoding, cp), Ok(vec![pointer as u8 + 0x80]), "{encoding:?} U+{cp:04X}");
        }
        total += 256 + map.len();
    }
    report("28 single-byte encodings, every byte and every index code point", total);
}

fn gb_two_bytes(pointer: usize) -> Vec<u8> {
    let trail = pointer % 190;
    vec![(pointer / 190 + 0x81) as u8, (trail + if trail < 0x3F { 0x40 } else { 0x41 }) as u8]
}

#[test]
fn gb18030_index_and_ranges() {
    let Some(entries) = index("gb18030") else { return };
    let n = check_decode(Encoding::Gb18030, &entries, 126 * 190, gb_two_bytes);
    let first = first_pointers(&entries, |_| true);
    for (&cp, &pointer) in &first {
        // Spec §10.2.2 step 4: GBK writes U+20AC as 0x80; everything else in the
        // index encodes to its first pointer in both encoders.
        let expected = if cp == 0x20AC { vec![0x80] } else { gb_two_bytes(pointer) };
        assert_eq!(encode(Encoding::Gbk, cp), Ok(expected), "GBK U+{cp:04X}");
        assert_eq!(encode(Encoding::Gb18030, cp), Ok(gb_two_bytes(pointer)), "gb18030 U+{cp:04X}");
    }
    // Index gb18030 ranges (spec §5): each range start, and the code point before
    // the next range start, decode from and encode to their four bytes.
    let ranges = index("gb18030-ranges").unwrap();
    let four = |p: usize| {
        vec![(p / 12600 + 0x81) as u8, (p % 12600 / 1260 + 0x30) as u8, (p % 1260 / 10 + 0x81) as u8, (p % 10 + 0x30) as u8]
    };
    let mut checked = 0;
    for (i, &(pointer, cp)) in ranges.iter().enumerate() {
        let mut samples = vec![(pointer, cp)];
        if let Some(&(next_pointer, _)) = ranges.get(i + 1) {
            // The last pointer before the next range, unless that falls in the
            // gap that step 1 of "index gb18030 ranges code point" makes null.
            if next_pointer - 1 <= 39419 {
                samples.push((next_pointer - 1, cp + (next_pointer - 1 - pointer) as u32));
            }
        }
        for (p, c) in samples {
            if p == 7457 {
                continue; // pointer 7457 is U+E7C7, checked below
            }
            assert_eq!(decode(Encoding::Gb18030, &four(p)), utf16(c), "ranges pointer {p}");
            if !first.contains_key(&c) && c != 0xE5E5 {
                assert_eq!(encode(Encoding::Gb18030, c), Ok(four(p)), "gb18030 U+{c:04X}");
                assert_eq!(encode(Encoding::Gbk, c), Err(char::from_u32(c).unwrap()), "GBK U+{c:04X}");
            }
            checked += 1;
        }
    }
    // Spec §5 "index gb18030 ranges code point" step 2 and "... pointer" step 1.
    assert_eq!(decode(Encoding::Gb18030, &four(7457)), vec![0xE7C7]);
    assert_eq!(encode(Encoding::Gb18030, 0xE7C7), Ok(four(7457)));
    // Step 1: pointers past 39419 and below 189000, and past 1237575, are null.
    assert_eq!(decode(Encoding::Gb18030, &four(39420)), vec![0xFFFD]);
    assert_eq!(decode(Encoding::Gb18030, &four(188999)), vec![0xFFFD]);
    assert_eq!(decode(Encoding::Gb18030, &four(189000)), utf16(0x10000));
    assert_eq!(decode(Encoding::Gb18030, &four(1237575)), utf16(0x10FFFF));
    assert_eq!(decode(Encoding::Gb18030, &[0xE3, 0x32, 0x9A, 0x36]), vec![0xFFFD]);
    // §10.2.2 step 3: U+E5E5 is an error with that code point in both encoders.
    assert_eq!(encode(Encoding::Gb18030, 0xE5E5), Err('\u{E5E5}'));
    assert_eq!(encode(Encoding::Gbk, 0xE5E5), Err('\u{E5E5}'));
    report("gb18030 two-byte pointers, index code points x 2 encoders, range bounds", n + first.len() * 2 + checked);
}

fn big5_bytes(pointer: usize) -> Vec<u8> {
    let trail = pointer % 157;
    vec![(pointer / 157 + 0x81) as u8, (trail + if trail < 0x3F { 0x40 } else { 0x62 }) as u8]
}

#[test]
fn big5_index() {
    let Some(entries) = index("big5") else { return };
    // Spec §11.1.1 step 3.3: four pointers decode to two code points each.
    let special = [(1133, [0xCA, 0x304]), (1135, [0xCA, 0x30C]), (1164, [0xEA, 0x304]), (1166, [0xEA, 0x30C])];
    for (pointer, units) in special {
        assert_eq!(decode(Encoding::Big5, &big5_bytes(pointer)), units.to_vec());
    }
    let plain: Vec<_> = entries.iter().copied().filter(|(p, _)| ![1133, 1135, 1164, 1166].contains(p)).collect();
    let n = check_decode(Encoding::Big5, &plain, 126 * 157, |p| {
        if [1133, 1135, 1164, 1166].contains(&p) {
            big5_bytes(0) // pointer 0 is not in the index: checked as an error instead
        } else {
            big5_bytes(p)
        }
    });
    // "Index Big5 pointer" (spec §5): ignore pointers below (0xA1 - 0x81) x 157;
    // six code points take their last pointer, all others the first.
    let lowest = (0xA1 - 0x81) * 157;
    let mut expected = first_pointers(&entries, |p| p >= lowest);
    for cp in [0x2550, 0x255E, 0x2561, 0x256A, 0x5341, 0x5345] {
        let last = entries.iter().filter(|&&(p, c)| c == cp && p >= lowest).map(|&(p, _)| p).max().unwrap();
        expected.insert(cp, last);
    }
    for &(_, cp) in &entries {
        match expected.get(&cp) {
            Some(&pointer) => assert_eq!(encode(Encoding::Big5, cp), Ok(big5_bytes(pointer)), "U+{cp:04X}"),
            None => assert_eq!(encode(Encoding::Big5, cp), Err(char::from_u32(cp).unwrap()), "HKSCS-only U+{cp:04X}"),
        }
    }
    report("Big5 pointers and index code points", n + entries.len());
}

#[test]
fn jis0208_index_in_three_encodings() {
    let Some(entries) = index("jis0208") else { return };
    // EUC-JP (§12.1.1) and ISO-2022-JP (§12.2.1) reach pointers below 94 x 94.
    let n1 = check_decode(Encoding::EucJp, &entries, 94 * 94, |p| vec![(p / 94 + 0xA1) as u8, (p % 94 + 0xA1) as u8]);
    let map = by_pointer(&entries);
    for pointer in 0..94 * 94 {
        let mut bytes = b"\x1b$B".to_vec();
        bytes.extend([(pointer / 94 + 0x21) as u8, (pointer % 94 + 0x21) as u8]);
        let expected = map.get(&pointer).map_or(vec![0xFFFD], |&cp| utf16(cp));
        assert_eq!(decode(Encoding::Iso2022Jp, &bytes), expected, "ISO-2022-JP pointer {pointer}");
    }
    // Shift_JIS (§12.3.1) reaches every pointer; 8836..=10715 is EUDC (step 3.4).
    let sjis = |p: usize| {
        let (lead, trail) = (p / 188, p % 188);
        vec![(lead + if lead < 0x1F { 0x81 } else { 0xC1 }) as u8, (trail + if trail < 0x3F { 0x40 } else { 0x41 }) as u8]
    };
    let mut with_eudc = entries.clone();
    with_eudc.extend((8836..=10715).map(|p| (p, 0xE000 - 8836 + p as u32)));
    let n2 = check_decode(Encoding::ShiftJis, &with_eudc, 0x3C * 188, sjis);
    // Encoders: EUC-JP and ISO-2022-JP use "index pointer"; Shift_JIS "index
    // Shift_JIS pointer", which excludes pointers 8272..=8835 (spec §5).
    let first = first_pointers(&entries, |_| true);
    let shift_jis = first_pointers(&entries, |p| !(8272..=8835).contains(&p));
    for (&cp, &pointer) in &first {
        if cp == 0xFF0D {
            assert_eq!(encode(Encoding::EucJp, 0x2212), encode(Encoding::EucJp, 0xFF0D), "U+2212 is U+FF0D (step 6)");
        }
        assert_eq!(encode(Encoding::EucJp, cp), Ok(vec![(pointer / 94 + 0xA1) as u8, (pointer % 94 + 0xA1) as u8]), "EUC-JP U+{cp:04X}");
        let mut iso = b"\x1b$B".to_vec();
        iso.extend([(pointer / 94 + 0x21) as u8, (pointer % 94 + 0x21) as u8]);
        iso.extend(b"\x1b(B");
        assert_eq!(encode(Encoding::Iso2022Jp, cp), Ok(iso), "ISO-2022-JP U+{cp:04X}");
        assert_eq!(encode(Encoding::ShiftJis, cp), Ok(sjis(shift_jis[&cp])), "Shift_JIS U+{cp:04X}");
    }
    report("jis0208 via EUC-JP, ISO-2022-JP, Shift_JIS; code points x 3 encoders", n1 + 94 * 94 + n2 + first.len() * 3);
}

#[test]
fn jis0212_decodes_in_euc_jp_only() {
    let Some(entries) = index("jis0212") else { return };
    let n = check_decode(Encoding::EucJp, &entries, 94 * 94, |p| vec![0x8F, (p / 94 + 0xA1) as u8, (p % 94 + 0xA1) as u8]);
    // "It is only used by the EUC-JP decoder": code points only in jis0212 are
    // unmappable for the EUC-JP encoder.
    let jis0208: std::collections::HashSet<u32> = index("jis0208").unwrap().iter().map(|&(_, c)| c).collect();
    let mut only = 0;
    for &(_, cp) in &entries {
        if !jis0208.contains(&cp) && cp != 0xA5 && cp != 0x203E && !(0xFF61..=0xFF9F).contains(&cp) {
            assert_eq!(encode(Encoding::EucJp, cp), Err(char::from_u32(cp).unwrap()), "U+{cp:04X}");
            only += 1;
        }
    }
    report("jis0212 pointers and jis0212-only code points", n + only);
}

#[test]
fn euc_kr_index() {
    let Some(entries) = index("euc-kr") else { return };
    let bytes = |p: usize| vec![(p / 190 + 0x81) as u8, (p % 190 + 0x41) as u8];
    let n = check_decode(Encoding::EucKr, &entries, 126 * 190, bytes);
    let first = first_pointers(&entries, |_| true);
    for (&cp, &pointer) in &first {
        assert_eq!(encode(Encoding::EucKr, cp), Ok(bytes(pointer)), "U+{cp:04X}");
    }
    report("EUC-KR pointers and index code points", n + first.len());
}

#[test]
fn iso_2022_jp_katakana_index() {
    let Some(entries) = index("iso-2022-jp-katakana") else { return };
    let jis0208 = first_pointers(&index("jis0208").unwrap(), |_| true);
    // Spec §12.2.2 step 9: halfwidth katakana encode as their fullwidth forms.
    for &(pointer, cp) in &entries {
        let p = jis0208[&cp];
        let mut expected = b"\x1b$B".to_vec();
        expected.extend([(p / 94 + 0x21) as u8, (p % 94 + 0x21) as u8]);
        expected.extend(b"\x1b(B");
        assert_eq!(encode(Encoding::Iso2022Jp, 0xFF61 + pointer as u32), Ok(expected), "U+{:04X}", 0xFF61 + pointer);
    }
    report("ISO-2022-JP katakana", entries.len());
}
