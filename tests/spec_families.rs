//! Unit tests per encoding family, written from the spec's steps (cited where
//! the expectation is not obvious) and from its own examples.

use text_encoding_wasm::{DecodeStatus, Decoder, DecoderMode, EncodeStatus, Encoder, EncoderMode, Encoding};

fn dec(encoding: Encoding, bytes: &[u8]) -> String {
    let mut decoder = Decoder::new(encoding);
    let mut out = vec![0; decoder.max_utf16_len(bytes.len()).unwrap()];
    let r = decoder.decode_utf16(bytes, &mut out, true, DecoderMode::Replacement);
    assert_eq!(r.status, DecodeStatus::InputEmpty);
    String::from_utf16(&out[..r.written]).expect("decoders never output lone surrogates")
}

/// Decodes chunk by chunk (streaming), the last chunk ending the stream.
fn dec_chunks(encoding: Encoding, chunks: &[&[u8]]) -> String {
    let mut decoder = Decoder::new(encoding);
    let mut all = Vec::new();
    for (i, chunk) in chunks.iter().enumerate() {
        let mut out = vec![0; decoder.max_utf16_len(chunk.len()).unwrap()];
        let r = decoder.decode_utf16(chunk, &mut out, i + 1 == chunks.len(), DecoderMode::Replacement);
        assert_eq!((r.status, r.read), (DecodeStatus::InputEmpty, chunk.len()));
        all.extend_from_slice(&out[..r.written]);
    }
    String::from_utf16(&all).unwrap()
}

fn html(encoding: Encoding, s: &str) -> Vec<u8> {
    let mut encoder = Encoder::new(encoding).unwrap();
    let src: Vec<u16> = s.encode_utf16().collect();
    let mut out = vec![0; encoder.max_len(src.len(), EncoderMode::Html).unwrap()];
    let r = encoder.encode_from_utf16(&src, &mut out, true, EncoderMode::Html);
    assert_eq!((r.status, r.read), (EncodeStatus::InputEmpty, src.len()));
    out.truncate(r.written);
    out
}

fn fatal(encoding: Encoding, s: &str) -> Result<Vec<u8>, (char, usize, Vec<u8>)> {
    let mut encoder = Encoder::new(encoding).unwrap();
    let src: Vec<u16> = s.encode_utf16().collect();
    let mut out = vec![0; encoder.max_len(src.len(), EncoderMode::Fatal).unwrap()];
    let r = encoder.encode_from_utf16(&src, &mut out, true, EncoderMode::Fatal);
    out.truncate(r.written);
    match r.status {
        EncodeStatus::InputEmpty => Ok(out),
        EncodeStatus::Unmappable(c) => Err((c, r.read, out)),
        EncodeStatus::OutputFull => panic!("OutputFull with a max_len buffer"),
    }
}

const R: char = '\u{FFFD}';

mod utf8 {
    use super::*;
    const U: Encoding = Encoding::Utf8;

    #[test]
    fn maximal_subparts_each_become_one_replacement() {
        // The Unicode Standard's example (Table 3-8), which §8.1.1 says it matches.
        assert_eq!(dec(U, b"\x61\xF1\x80\x80\xE1\x80\xC2\x62\x80\x63\x80\xBF\x64"), format!("a{R}{R}{R}b{R}c{R}{R}d"));
        // Step 4: a byte outside the boundaries ends the sequence and is reprocessed.
        assert_eq!(dec(U, b"\xF0\x80\x80"), format!("{R}{R}{R}"), "overlong lead F0 needs 90..BF");
        assert_eq!(dec(U, b"\xE0\x9F\xBF"), format!("{R}{R}{R}"), "overlong lead E0 needs A0..BF");
        assert_eq!(dec(U, b"\xED\xA0\x80"), format!("{R}{R}{R}"), "surrogates: ED needs 80..9F");
        assert_eq!(dec(U, b"\xF4\x90\x80\x80"), format!("{R}{R}{R}{R}"), "above U+10FFFF: F4 needs 80..8F");
        assert_eq!(dec(U, b"\xC0\x80\xC1\xBF"), format!("{R}{R}{R}{R}"), "C0, C1 never lead");
        assert_eq!(dec(U, b"\xF5\xFF\x80"), format!("{R}{R}{R}"));
        assert_eq!(dec(U, b"\xF0\x9F\x98A"), format!("{R}A"), "the ASCII byte is not eaten");
        assert_eq!(dec(U, b"\xE2\x82"), format!("{R}"), "step 1: one error at end of queue");
    }

    #[test]
    fn valid_sequences_and_boundaries() {
        assert_eq!(dec(U, b"\x7F\xC2\x80\xDF\xBF\xE0\xA0\x80\xED\x9F\xBF\xEE\x80\x80\xEF\xBF\xBF"), "\u{7F}\u{80}\u{7FF}\u{800}\u{D7FF}\u{E000}\u{FFFF}");
        assert_eq!(dec(U, b"\xF0\x90\x80\x80\xF4\x8F\xBF\xBF"), "\u{10000}\u{10FFFF}");
        // The BOM is not the decoder's business (§8.1.1 first paragraph).
        assert_eq!(dec(U, b"\xEF\xBB\xBFa"), "\u{FEFF}a");
    }

    #[test]
    fn chunk_boundaries_do_not_matter() {
        assert_eq!(dec_chunks(U, &[b"\xF0", b"", b"\x9F\x98", b"\x80", b""]), "\u{1F600}");
        assert_eq!(dec_chunks(U, &[b"\xF0\x9F", b"A"]), format!("{R}A"));
        assert_eq!(dec_chunks(U, &[b"\xE2\x82", b""]), format!("{R}"));
    }

    #[test]
    fn fatal_mode_reports_and_can_continue_or_reset() {
        let mut d = Decoder::new(U);
        let mut out = [0u16; 16];
        let r = d.decode_utf16(b"ab\xE0\x80cd", &mut out, true, DecoderMode::Fatal);
        assert_eq!((r.status, r.read, r.written), (DecodeStatus::Malformed, 3, 2));
        // The spec's queue now holds 80 63 64 (0x80 was restored): continuing
        // finds the error for 0x80, then "cd".
        let r = d.decode_utf16(b"\x80cd", &mut out, true, DecoderMode::Fatal);
        assert_eq!((r.status, r.read, r.written), (DecodeStatus::Malformed, 1, 0));
        let r = d.decode_utf16(b"cd", &mut out, true, DecoderMode::Fatal);
        assert_eq!((r.status, r.written), (DecodeStatus::InputEmpty, 2));
        // After an error in the middle of a sequence, reset() forgets it.
        let r = d.decode_utf16(b"\xF0\x9F", &mut out, false, DecoderMode::Fatal);
        assert_eq!(r.status, DecodeStatus::InputEmpty);
        d.reset();
        let r = d.decode_utf16(b"\x80", &mut out, true, DecoderMode::Fatal);
        assert_eq!(r.status, DecodeStatus::Malformed);
    }

    #[test]
    fn output_stops_at_whole_code_points() {
        let mut d = Decoder::new(U);
        let mut out = [0u16; 1];
        let r = d.decode_utf16("\u{1F600}".as_bytes(), &mut out, true, DecoderMode::Replacement);
        // The first three bytes are absorbed into the decoder's state (they need
        // no room); the fourth would need two units and is left unread.
        assert_eq!((r.status, r.read, r.written), (DecodeStatus::OutputFull, 3, 0));
        let mut out = [0u16; 2];
        let r = d.decode_utf16(&"\u{1F600}".as_bytes()[3..], &mut out, true, DecoderMode::Replacement);
        assert_eq!((r.status, r.read, r.written), (DecodeStatus::InputEmpty, 1, 2));
        assert_eq!(out, [0xD83D, 0xDE00]);
    }

    #[test]
    fn encoder_lone_surrogates_and_split_pairs() {
        let mut e = Encoder::new(U).unwrap();
        let mut out = [0u8; 16];
        // §7.4 callers convert to USVString: lone surrogates are U+FFFD.
        let r = e.encode_from_utf16(&[0x61, 0xDC00, 0x62, 0xD800], &mut out, true, EncoderMode::Fatal);
        assert_eq!(&out[..r.written], b"a\xEF\xBF\xBDb\xEF\xBF\xBD");
        // A pair split across calls is one code point.
        let r1 = e.encode_from_utf16(&[0x61, 0xD83D], &mut out, false, EncoderMode::Fatal);
        assert_eq!((r1.read, r1.written), (2, 1));
        let r2 = e.encode_from_utf16(&[0xDE00], &mut out[1..], true, EncoderMode::Fatal);
        assert_eq!(&out[..1 + r2.written], "a\u{1F600}".as_bytes());
        // A held lead followed by a non-surrogate: U+FFFD, then the unit.
        e.encode_from_utf16(&[0xD83D], &mut out, false, EncoderMode::Fatal);
        let r = e.encode_from_utf16(&[0x41], &mut out, true, EncoderMode::Fatal);
        assert_eq!(&out[..r.written], b"\xEF\xBF\xBDA");
    }

    #[test]
    fn encode_into_never_writes_half_a_character() {
        let mut e = Encoder::new(U).unwrap();
        let src: Vec<u16> = "a\u{20AC}b".encode_utf16().collect();
        let mut out = [0u8; 3];
        let r = e.encode_from_utf16(&src, &mut out, true, EncoderMode::Fatal);
        assert_eq!((r.status, r.read, r.written), (EncodeStatus::OutputFull, 1, 1));
        let src: Vec<u16> = "\u{1F600}".encode_utf16().collect();
        let r = e.encode_from_utf16(&src, &mut out, true, EncoderMode::Fatal);
        assert_eq!((r.status, r.read, r.written), (EncodeStatus::OutputFull, 0, 0));
    }
}

mod utf16 {
    use super::*;

    #[test]
    fn shared_decoder_steps() {
        let le = Encoding::Utf16Le;
        let be = Encoding::Utf16Be;
        assert_eq!(dec(le, &[0x41, 0x00, 0x3D, 0xD8, 0x00, 0xDE]), "A\u{1F600}");
        assert_eq!(dec(be, &[0x00, 0x41, 0xD8, 0x3D, 0xDE, 0x00]), "A\u{1F600}");
        // Step 1: an odd trailing byte or a held lead surrogate is one error.
        assert_eq!(dec(le, &[0x41, 0x00, 0x42]), format!("A{R}"));
        assert_eq!(dec(le, &[0x3D, 0xD8]), format!("{R}"));
        assert_eq!(dec(le, &[0x3D, 0xD8, 0x41]), format!("{R}"));
        // Step 5.5: a lead surrogate followed by a non-trail unit restores that unit's bytes.
        assert_eq!(dec(le, &[0x00, 0xD8, 0x41, 0x00]), format!("{R}A"));
        assert_eq!(dec(le, &[0x00, 0xD8, 0x00, 0xD8, 0x00, 0xDC]), format!("{R}\u{10000}"));
        assert_eq!(dec(be, &[0xD8, 0x00, 0x00, 0x41]), format!("{R}A"));
        // Step 7: a lone trail surrogate.
        assert_eq!(dec(le, &[0x00, 0xDC, 0x41, 0x00]), format!("{R}A"));
        // No BOM handling in the decoder; "FF FE" is U+FEFF.
        assert_eq!(dec(le, &[0xFF, 0xFE]), "\u{FEFF}");
        assert_eq!(dec_chunks(le, &[&[0x3D], &[0xD8, 0x00], &[], &[0xDE]]), "\u{1F600}");
    }
}

mod ascii_is_never_masked {
    use super::*;

    #[test]
    fn a_bad_trail_that_is_ascii_is_restored() {
        // §2: "a scalar value in the range U+0000 to U+007F cannot be masked".
        let cases: &[(Encoding, &[u8])] = &[
            (Encoding::ShiftJis, b"\x82\x22"),
            (Encoding::EucKr, b"\x81\x22"),
            (Encoding::Big5, b"\x81\x22"),
            (Encoding::EucJp, b"\xA1\x22"),
            (Encoding::EucJp, b"\x8F\x22"),
            (Encoding::Gbk, b"\x81\x22"),
            (Encoding::Gb18030, b"\x81\x7F"),
            (Encoding::Utf8, b"\xE3\x81\x22"),
        ];
        for &(encoding, bytes) in cases {
            let last = *bytes.last().unwrap() as char;
            assert_eq!(dec(encoding, bytes), format!("{R}{last}"), "{encoding:?} {bytes:02X?}");
        }
    }

    #[test]
    fn except_gb18030_at_end_of_queue() {
        // §2: "the gb18030 decoder will mask up to one such byte at end-of-queue";
        // §10.2.1 step 2 returns one error without restoring anything.
        assert_eq!(dec(Encoding::Gb18030, b"\x81\x30"), format!("{R}"));
        assert_eq!(dec(Encoding::Gb18030, b"\x81\x30\x81"), format!("{R}"));
        // Not at the end: step 4.2 restores « second, byte », step 3.1.1 « second, third, byte ».
        assert_eq!(dec(Encoding::Gb18030, b"\x81\x30A"), format!("{R}0A"));
        assert_eq!(dec(Encoding::Gb18030, b"\x81\x30\x81A"), format!("{R}0\u{4E04}"));
        assert_eq!(dec_chunks(Encoding::Gb18030, &[b"\x81", b"\x30", b"\x81", b"A"]), format!("{R}0\u{4E04}"));
    }
}

mod gb18030 {
    use super::*;
    const G: Encoding = Encoding::Gb18030;

    #[test]
    fn decoder() {
        assert_eq!(dec(G, b"\x80"), "\u{20AC}", "step 7");
        assert_eq!(dec(G, b"\xFF"), format!("{R}"), "step 9");
        assert_eq!(dec(G, b"\xA3\xA0"), "\u{3000}", "index gb18030 note: 0xA3 0xA0 is U+3000");
        assert_eq!(dec(G, b"\x81\x30\x81\x30"), "\u{80}");
        assert_eq!(dec(G, b"\x84\x31\xA4\x39"), "\u{FFFF}", "pointer 39419");
        assert_eq!(dec(G, b"\x84\x31\xA5\x30"), format!("{R}"), "pointer 39420 is null: one error for four bytes");
        assert_eq!(dec(G, b"\x90\x30\x81\x30"), "\u{10000}", "pointer 189000");
        assert_eq!(dec(G, b"\xE3\x32\x9A\x35"), "\u{10FFFF}", "pointer 1237575");
        assert_eq!(dec(G, b"\x81\x35\xF4\x37"), "\u{E7C7}", "pointer 7457");
        assert_eq!(dec(Encoding::Gbk, b"\x81\x35\xF4\x37"), "\u{E7C7}", "GBK's decoder is gb18030's");
    }

    #[test]
    fn encoder() {
        assert_eq!(html(G, "\u{20AC}"), b"\xA2\xE3");
        assert_eq!(html(Encoding::Gbk, "\u{20AC}"), b"\x80", "step 4");
        assert_eq!(html(G, "\u{E5E5}"), b"&#58853;", "step 3");
        assert_eq!(html(G, "\u{3000}"), b"\xA1\xA1", "first pointer of U+3000");
        assert_eq!(html(G, "\u{80}\u{FFFF}\u{10000}\u{10FFFF}"), b"\x81\x30\x81\x30\x84\x31\xA4\x39\x90\x30\x81\x30\xE3\x32\x9A\x35");
        assert_eq!(html(G, "\u{E7C7}"), b"\x81\x35\xF4\x37");
        assert_eq!(html(Encoding::Gbk, "\u{80}\u{1F600}"), b"&#128;&#128512;", "step 7");
        assert_eq!(html(G, "\u{1F600}"), b"\x94\x39\xFC\x36");
    }
}

mod big5 {
    use super::*;
    const B: Encoding = Encoding::Big5;

    #[test]
    fn decoder() {
        // Step 3.3's table.
        assert_eq!(dec(B, b"\x88\x62\x88\x64\x88\xA3\x88\xA5"), "\u{CA}\u{304}\u{CA}\u{30C}\u{EA}\u{304}\u{EA}\u{30C}");
        assert_eq!(dec(B, b"\x81\x40"), format!("{R}@"), "pointer 0 is not in the index; '@' is restored");
        assert_eq!(dec(B, b"\x81\x80"), format!("{R}"), "0x80 is no trail and not ASCII");
        assert_eq!(dec(B, b"\x80\xFF"), format!("{R}{R}"), "steps 6");
        assert_eq!(dec(B, b"\xA4\x40"), "\u{4E00}");
        assert_eq!(dec(B, b"\x87\x40"), "\u{43F0}");
        assert_eq!(dec(B, b"\xFE\xFE"), "\u{79D4}");
        assert_eq!(dec(B, &[0x89, 0x40]), "\u{2A3A9}", "pointer 1256 (HKSCS), above U+FFFF");
    }

    #[test]
    fn encoder_pointer_rules() {
        assert_eq!(html(B, "\u{4E00}"), b"\xA4\x40");
        // "Index Big5 pointer": the last pointer for these six code points.
        assert_eq!(html(B, "\u{2550}\u{255E}\u{2561}\u{256A}\u{5341}\u{5345}"), b"\xF9\xF9\xF9\xE9\xF9\xEB\xF9\xEA\xA4\x51\xA4\xCA");
        // HKSCS extensions (pointers below 5024) are not produced.
        assert_eq!(html(B, "\u{43F0}\u{2A3A9}"), b"&#17392;&#172969;");
        assert_eq!(fatal(B, "a\u{CA}\u{304}"), Err(('\u{CA}', 2, b"a".to_vec())), "Ê is only reachable through the two-code-point pointer");
    }
}

mod japanese {
    use super::*;

    #[test]
    fn euc_jp_decoder() {
        let e = Encoding::EucJp;
        assert_eq!(dec(e, b"\xA4\xA2\x8E\xA1\x8E\xDF"), "\u{3042}\u{FF61}\u{FF9F}", "steps 3, 5");
        assert_eq!(dec(e, b"\x8F\xA2\xAF"), "\u{2D8}", "step 4: jis0212");
        assert_eq!(dec(e, b"\x8F\xA1\xA1"), format!("{R}"), "jis0212 pointer 0 is null");
        assert_eq!(dec(e, b"\x8E\xE0"), format!("{R}"), "0xE0 after 0x8E is consumed: not ASCII");
        assert_eq!(dec(e, b"\x8F\x41"), format!("{R}A"));
        assert_eq!(dec(e, b"\x80\xFF"), format!("{R}{R}"), "step 8");
        assert_eq!(dec(e, b"\x8F\xA2"), format!("{R}"));
    }

    #[test]
    fn euc_jp_encoder() {
        let e = Encoding::EucJp;
        assert_eq!(html(e, "\u{A5}\u{203E}\u{FF61}\u{2212}\u{3042}"), b"\x5C\x7E\x8E\xA1\xA1\xDD\xA4\xA2");
        assert_eq!(html(e, "\u{2D8}"), b"&#728;", "jis0212 is decode-only");
    }

    #[test]
    fn iso_2022_jp_decoder() {
        let j = Encoding::Iso2022Jp;
        // The spec's own example (§12.2.2): two encodings of U+00A5 concatenated.
        assert_eq!(dec(j, b"\x1B\x28\x4A\x5C\x1B\x28\x42\x1B\x28\x4A\x5C\x1B\x28\x42"), format!("\u{A5}{R}\u{A5}"));
        assert_eq!(dec(j, b"\x1B(B\x1B(B"), format!("{R}"), "escape right after escape: output flag");
        assert_eq!(dec(j, b"\x1B(Ba\x1B(B"), "a");
        assert_eq!(dec(j, b"\x1B$B\x24\x22\x1B(Bab\x1B(J\x5C\x7E"), "\u{3042}ab\u{A5}\u{203E}");
        assert_eq!(dec(j, b"\x1B(I\x21\x5F"), "\u{FF61}\u{FF9F}", "katakana");
        assert_eq!(dec(j, b"\x1B(I\x60"), format!("{R}"));
        assert_eq!(dec(j, b"\x0E\x0F\x80"), format!("{R}{R}{R}"));
        assert_eq!(dec(j, b"\x1B"), format!("{R}"), "escape start at end of queue");
        assert_eq!(dec(j, b"\x1B$"), format!("{R}$"), "escape at end: lead restored");
        assert_eq!(dec(j, b"\x1B(X"), format!("{R}(X"), "step 8: « lead, byte » restored");
        assert_eq!(dec(j, b"\x1BX"), format!("{R}X"));
        assert_eq!(dec(j, b"\x1B$B"), "", "lead byte state at end: finished");
        assert_eq!(dec(j, b"\x1B$B\x24"), format!("{R}"), "trail byte state at end");
        assert_eq!(dec(j, b"\x1B$B\x30\x1B(Ba"), format!("{R}a"), "trail byte 0x1B: error, then the escape");
        assert_eq!(dec(j, b"\x1B$B\x24\x0A"), format!("{R}"), "trail byte out of range");
        assert_eq!(dec_chunks(j, &[b"\x1B", b"$", b"B\x24", b"\x22\x1B(", b"B"]), "\u{3042}");
    }

    #[test]
    fn iso_2022_jp_encoder() {
        let j = Encoding::Iso2022Jp;
        // The spec's example: U+00A5 gives 1B 28 4A 5C 1B 28 42.
        assert_eq!(html(j, "\u{A5}"), b"\x1B\x28\x4A\x5C\x1B\x28\x42");
        assert_eq!(html(j, "\u{A5}a\\"), b"\x1B(J\x5Ca\x1B(B\\", "Roman keeps ASCII but for 5C and 7E");
        assert_eq!(html(j, "\u{3042}"), b"\x1B$B\x24\x22\x1B(B", "ends in ASCII state");
        assert_eq!(html(j, "\u{FF71}\u{2212}"), b"\x1B$B\x25\x22\x21\x5D\x1B(B", "steps 8-9");
        // Step 3: U+000E/U+000F/U+001B are errors *with U+FFFD*.
        assert_eq!(html(j, "\u{E}"), b"&#65533;");
        assert_eq!(fatal(j, "a\u{1B}"), Err(('\u{FFFD}', 2, b"a".to_vec())));
        // Step 11.1: leaving jis0208 before reporting an unmappable code point.
        assert_eq!(html(j, "\u{3042}\u{1F600}"), b"\x1B$B\x24\x22\x1B(B&#128512;");
        assert_eq!(fatal(j, "\u{3042}\u{E9}"), Err(('\u{E9}', 2, b"\x1B$B\x24\x22\x1B(B".to_vec())));
    }

    #[test]
    fn iso_2022_jp_state_carries_across_calls_and_ends_in_ascii() {
        let mut e = Encoder::new(Encoding::Iso2022Jp).unwrap();
        let mut out = [0u8; 32];
        let a: Vec<u16> = "\u{3042}".encode_utf16().collect();
        let r1 = e.encode_from_utf16(&a, &mut out, false, EncoderMode::Fatal);
        assert_eq!(&out[..r1.written], b"\x1B$B\x24\x22");
        let r2 = e.encode_from_utf16(&a, &mut out, false, EncoderMode::Fatal);
        assert_eq!(&out[..r2.written], b"\x24\x22", "still in jis0208 state");
        let r3 = e.encode_from_utf16(&[], &mut out, true, EncoderMode::Fatal);
        assert_eq!(&out[..r3.written], b"\x1B(B");
        let mut tiny = [0u8; 2];
        let mut e = Encoder::new(Encoding::Iso2022Jp).unwrap();
        e.encode_from_utf16(&a, &mut out, false, EncoderMode::Fatal);
        let r = e.encode_from_utf16(&[], &mut tiny, true, EncoderMode::Fatal);
        assert_eq!((r.status, r.written), (EncodeStatus::OutputFull, 0), "the final escape is written whole or not at all");
    }

    #[test]
    fn shift_jis() {
        let s = Encoding::ShiftJis;
        assert_eq!(dec(s, b"\x80\xA1\xDF\x82\xA0"), "\u{80}\u{FF61}\u{FF9F}\u{3042}", "steps 4, 5");
        assert_eq!(dec(s, b"\xF0\x40\xF9\xFC"), "\u{E000}\u{E757}", "EUDC, step 3.4");
        assert_eq!(dec(s, b"\x81\x7F"), format!("{R}\u{7F}"), "0x7F is no trail; ASCII is restored");
        assert_eq!(dec(s, b"\xA0\xFD\xFE\xFF"), format!("{R}{R}{R}{R}"), "step 7");
        assert_eq!(html(s, "\u{80}\u{A5}\u{203E}\u{FF61}\u{2212}"), b"\x80\x5C\x7E\xA1\x81\x7C");
        assert_eq!(html(s, "\u{E000}"), b"&#57344;", "EUDC decodes but does not encode");
        // "Index Shift_JIS pointer" skips 8272..=8835: U+2170 (pointer 8272 region
        // duplicate) comes out as the IBM extension at pointer 10716 -> FA 40.
        assert_eq!(html(s, "\u{2170}"), b"\xFA\x40");
        assert_eq!(html(Encoding::EucJp, "\u{2170}"), b"\xFC\xF1", "EUC-JP takes the first pointer, 8634 (row 92)");
    }
}

mod korean_and_misc {
    use super::*;

    #[test]
    fn euc_kr() {
        let k = Encoding::EucKr;
        assert_eq!(dec(k, b"\x81\x41\xB0\xA1"), "\u{AC02}\u{AC00}");
        assert_eq!(dec(k, b"\x80\xFF\x81\xFF"), format!("{R}{R}{R}"), "0xFF after a lead is no trail byte, and not ASCII: consumed");
        assert_eq!(html(k, "\u{AC00}\u{AC02}\u{E9}"), b"\xB0\xA1\x81\x41&#233;");
    }

    #[test]
    fn x_user_defined() {
        let x = Encoding::XUserDefined;
        assert_eq!(dec(x, b"a\x80\xFF"), "a\u{F780}\u{F7FF}");
        assert_eq!(html(x, "a\u{F780}\u{F7FF}\u{80}"), b"a\x80\xFF&#128;");
    }

    #[test]
    fn replacement_decoder_errs_once() {
        let r = Encoding::Replacement;
        assert_eq!(dec(r, b""), "");
        assert_eq!(dec(r, b"abc"), format!("{R}"));
        assert_eq!(dec_chunks(r, &[b"", b"a", b"bc", b""]), format!("{R}"));
        let mut d = Decoder::new(r);
        let mut out = [0u16; 4];
        let res = d.decode_utf16(b"abc", &mut out, true, DecoderMode::Fatal);
        assert_eq!((res.status, res.read), (DecodeStatus::Malformed, 1));
    }

    #[test]
    fn single_byte() {
        assert_eq!(dec(Encoding::Windows1252, b"\x80\x81\xE9"), "\u{20AC}\u{81}\u{E9}");
        assert_eq!(dec(Encoding::Iso8859_3, b"\xA5"), format!("{R}"), "0xA5 has no code point in ISO-8859-3");
        assert_eq!(html(Encoding::Windows1252, "\u{117}"), b"&#279;");
        assert_eq!(fatal(Encoding::Windows1252, "a\u{117}b"), Err(('\u{117}', 2, b"a".to_vec())));
        assert_eq!(html(Encoding::Iso8859_8I, "\u{5D0}"), b"\xE0", "ISO-8859-8-I shares ISO-8859-8's index");
    }
}

#[test]
fn a_decoder_is_new_again_after_the_end_of_the_stream() {
    // ISO-2022-JP ends a stream in katakana state without error (§12.2.1); the
    // next stream must start in ASCII state, as a new decoder would.
    let mut d = Decoder::new(Encoding::Iso2022Jp);
    let mut out = [0u16; 8];
    let r = d.decode_utf16(b"\x1B(I\x21", &mut out, true, DecoderMode::Replacement);
    assert_eq!(&out[..r.written], &[0xFF61]);
    let r = d.decode_utf16(b"\x21", &mut out, true, DecoderMode::Replacement);
    assert_eq!(&out[..r.written], &[0x21]);
}
