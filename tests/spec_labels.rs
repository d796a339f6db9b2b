//! Names and labels (spec §4.2), output encodings (§4.3), BOM sniffing (§6.1).

mod whatwg_index;

use text_encoding_wasm::{Encoding, ALL_ENCODINGS};

fn utf16(s: &str) -> Vec<u16> {
    s.encode_utf16().collect()
}

#[test]
fn every_label_of_encodings_json_gets_its_encoding() {
    let Some(labels) = whatwg_index::labels() else { return };
    assert_eq!(labels.len(), 228, "encodings.json lists 228 labels");
    for (label, name) in &labels {
        for variant in [label.clone(), label.to_ascii_uppercase(), format!(" \t{label}\n\x0C\r ")] {
            let got = Encoding::for_label(variant.as_bytes()).map(Encoding::name);
            assert_eq!(got, Some(name.as_str()), "label {variant:?}");
            let got16 = Encoding::for_label_utf16(&utf16(&variant)).map(Encoding::name);
            assert_eq!(got16, Some(name.as_str()), "UTF-16 label {variant:?}");
        }
    }
    eprintln!("spec_labels: {} labels x 3 spellings x 2 input forms checked", labels.len());
}

#[test]
fn names_are_the_tables_and_lowercased_names_are_labels() {
    let Some(labels) = whatwg_index::labels() else { return };
    let mut names: Vec<&str> = labels.iter().map(|(_, n)| n.as_str()).collect();
    names.dedup();
    let ours: Vec<&str> = ALL_ENCODINGS.iter().map(|e| e.name()).collect();
    assert_eq!(ours, names);
    // §4.2: "For each encoding, ASCII-lowercasing its name yields one of its labels."
    for encoding in ALL_ENCODINGS {
        assert_eq!(Encoding::for_label(encoding.name().to_ascii_lowercase().as_bytes()), Some(encoding));
    }
}

#[test]
fn only_ascii_whitespace_is_stripped_and_only_ascii_letters_fold() {
    // Infra's ASCII whitespace is TAB, LF, FF, CR and SPACE.
    assert_eq!(Encoding::for_label(b"\t\n\x0C\r utf-8\t\n\x0C\r "), Some(Encoding::Utf8));
    for bad in ["\u{0B}utf-8", "utf-8\u{0B}", "\u{A0}utf-8", "utf-8\u{A0}", "\u{FEFF}utf-8", "utf-8\u{0}", "u tf-8", "utf-8 x", ""] {
        assert_eq!(Encoding::for_label_utf16(&utf16(bad)), None, "{bad:?}");
        assert_eq!(Encoding::for_label(bad.as_bytes()), None, "{bad:?} as UTF-8 bytes");
    }
    assert_eq!(Encoding::for_label(b"   "), None);
    // U+212A KELVIN SIGN lowercases to "k" in Unicode, but the match is ASCII only.
    assert_eq!(Encoding::for_label_utf16(&utf16("\u{212A}oi8-r")), None);
    assert_eq!(Encoding::for_label_utf16(&utf16("KOI8-R")), Some(Encoding::Koi8R));
    // U+0130 and U+0131 are not "i".
    assert_eq!(Encoding::for_label_utf16(&utf16("\u{130}so-8859-2")), None);
    // A UTF-16 unit whose low byte is ASCII must not match (0x0175 is not 'u').
    assert_eq!(Encoding::for_label_utf16(&[0x0175, 0x74, 0x66, 0x38]), None);
    // Longer than any label.
    assert_eq!(Encoding::for_label(&[b'a'; 4096]), None);
    // Labels of the replacement encoding exist (TextDecoder rejects them later).
    assert_eq!(Encoding::for_label(b"iso-2022-kr"), Some(Encoding::Replacement));
    assert_eq!(Encoding::for_label(b"hz-gb-2312"), Some(Encoding::Replacement));
    // "utf-16" is a label of UTF-16LE (§14.4).
    assert_eq!(Encoding::for_label(b"utf-16"), Some(Encoding::Utf16Le));
}

#[test]
fn output_encodings_and_encoders() {
    // §4.3: replacement and UTF-16BE/LE output UTF-8; §4.1: they have no encoder.
    for encoding in ALL_ENCODINGS {
        let special = matches!(encoding, Encoding::Replacement | Encoding::Utf16Be | Encoding::Utf16Le);
        assert_eq!(encoding.output_encoding(), if special { Encoding::Utf8 } else { encoding });
        assert_eq!(encoding.has_encoder(), !special);
        assert_eq!(text_encoding_wasm::Encoder::new(encoding).is_some(), !special, "{encoding:?}");
    }
}

#[test]
fn bom_sniffing_table() {
    // §6.1 "BOM sniff": first matching row of the table, peeking 3 bytes.
    assert_eq!(Encoding::sniff_bom(&[0xEF, 0xBB, 0xBF, 0x41]), Some((Encoding::Utf8, 3)));
    assert_eq!(Encoding::sniff_bom(&[0xFE, 0xFF]), Some((Encoding::Utf16Be, 2)));
    assert_eq!(Encoding::sniff_bom(&[0xFF, 0xFE, 0x00]), Some((Encoding::Utf16Le, 2)));
    assert_eq!(Encoding::sniff_bom(&[0xEF, 0xBB]), None);
    assert_eq!(Encoding::sniff_bom(&[0xFE]), None);
    assert_eq!(Encoding::sniff_bom(&[]), None);
    assert_eq!(Encoding::sniff_bom(&[0xBB, 0xBF]), None);
}
