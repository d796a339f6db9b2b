//! The encoding_rs stand-in (encoding-shim/) against encoding_rs itself, the way
//! chardetng calls it: the CJK decoders fed one byte at a time (chardetng reads
//! the result, the `Malformed` length, `read` and the units written), and the
//! UTF-8 and ISO-2022-JP decoders fed whole buffers (result and `read`). Inputs:
//! random bytes biased towards each encoding's lead and trail ranges, so that
//! valid characters, every kind of error and restored bytes all occur.
//!
//! In the detector's module the stand-in's CJK decoders are the main module's,
//! reached through an import (encoding-shim/src/host.rs); natively, as here,
//! host.rs runs the same steps as that module's `decode` export over the core's
//! own decoders and tables.

/// A small deterministic generator (xorshift), so failures reproduce.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 32) as u32
    }
    fn below(&mut self, n: u32) -> u8 {
        (self.next() % n) as u8
    }
}

fn input(rng: &mut Rng, len: usize) -> Vec<u8> {
    (0..len)
        .map(|_| match rng.below(10) {
            0 => rng.below(0x80),              // ASCII
            1 => 0x30 + rng.below(10),         // gb18030's second and fourth bytes
            2 => 0x1B,                         // ISO-2022-JP escapes
            3 => b"$B(J@AD"[rng.below(7) as usize],
            4 => 0x8E + rng.below(2),          // EUC-JP single shifts
            _ => 0x80 + rng.below(0x80),       // leads and trails
        })
        .collect()
}

fn same_result(s: shim::DecoderResult, r: &real::DecoderResult) -> bool {
    match (s, r) {
        (shim::DecoderResult::InputEmpty, real::DecoderResult::InputEmpty) => true,
        (shim::DecoderResult::OutputFull, real::DecoderResult::OutputFull) => true,
        (shim::DecoderResult::Malformed(a, _), real::DecoderResult::Malformed(b, _)) => a == *b,
        _ => false,
    }
}

const CJK: [(&shim::Encoding, &real::Encoding); 5] = [
    (&shim::SHIFT_JIS_INIT, &real::SHIFT_JIS_INIT),
    (&shim::EUC_JP_INIT, &real::EUC_JP_INIT),
    (&shim::EUC_KR_INIT, &real::EUC_KR_INIT),
    (&shim::BIG5_INIT, &real::BIG5_INIT),
    (&shim::GBK_INIT, &real::GBK_INIT),
];

#[test]
fn cjk_byte_at_a_time_as_chardetng_feeds_them() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let (mut malformed, mut output_full) = (0, 0);
    for (s_enc, r_enc) in CJK {
        'inputs: for _ in 0..3000 {
            let len = 1 + rng.below(24) as usize;
            let bytes = input(&mut rng, len);
            let mut s = s_enc.new_decoder_without_bom_handling();
            let mut r = r_enc.new_decoder_without_bom_handling();
            for (i, &b) in bytes.iter().enumerate() {
                let (mut sd, mut rd) = ([0u16; 2], [0u16; 2]);
                let (sr, sread, sw) = s.decode_to_utf16_without_replacement(&[b], &mut sd, false);
                let (rr, rread, rw) = r.decode_to_utf16_without_replacement(&[b], &mut rd, false);
                if matches!(rr, real::DecoderResult::Malformed(..)) {
                    malformed += 1;
                }
                // encoding_rs wants more room than chardetng's two units after
                // some restored gb18030 bytes: chardetng would panic there
                // (`unreachable!` on OutputFull, a trap in the old module);
                // the shim decodes on, so the two cannot be compared further.
                if matches!(rr, real::DecoderResult::OutputFull) {
                    output_full += 1;
                    continue 'inputs;
                }
                assert!(
                    same_result(sr, &rr) && sread == rread && sd[..sw] == rd[..rw],
                    "{}: {bytes:02X?} at {i}: shim {sr:?} {sread} {:04X?}, encoding_rs {rr:?} {rread} {:04X?}",
                    r_enc.name(), &sd[..sw], &rd[..rw]
                );
            }
            let (mut sd, mut rd) = ([0u16; 8], [0u16; 8]);
            let (sr, _, sw) = s.decode_to_utf16_without_replacement(b"", &mut sd, true);
            let (rr, _, rw) = r.decode_to_utf16_without_replacement(b"", &mut rd, true);
            assert!(same_result(sr, &rr) && sd[..sw] == rd[..rw], "{}: {bytes:02X?} at the end: shim {sr:?} {:04X?}, encoding_rs {rr:?} {:04X?}", r_enc.name(), &sd[..sw], &rd[..rw]);
        }
    }
    assert!(malformed > 1000, "the inputs hit few errors ({malformed})");
    // (About 5% of these gb18030-heavy inputs are such panics of chardetng with
    // encoding_rs; text rarely is, and the rest of each input is compared.)
    assert!(output_full < 15000 / 10, "encoding_rs ran out of room in {output_full} inputs");
}

#[test]
fn utf8_and_iso_2022_jp_in_buffers() {
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    for _ in 0..5000 {
        let len = rng.below(64) as usize;
        let bytes = input(&mut rng, len);
        let last = rng.below(2) == 1;
        let mut s = shim::UTF_8.new_decoder_without_bom_handling();
        let mut r = real::UTF_8.new_decoder_without_bom_handling();
        let (mut s8, mut r8) = ([0u8; 1024], [0u8; 1024]);
        let (sr, sread, _) = s.decode_to_utf8_without_replacement(&bytes, &mut s8, last);
        let (rr, rread, _) = r.decode_to_utf8_without_replacement(&bytes, &mut r8, last);
        assert!(
            matches!(sr, shim::DecoderResult::Malformed(..)) == matches!(rr, real::DecoderResult::Malformed(..)) && sread == rread,
            "UTF-8 {bytes:02X?}: shim {sr:?} {sread}, encoding_rs {rr:?} {rread}"
        );
        let mut s = shim::ISO_2022_JP.new_decoder_without_bom_handling();
        let mut r = real::ISO_2022_JP.new_decoder_without_bom_handling();
        let (mut sd, mut rd) = ([0u16; 1024], [0u16; 1024]);
        let (sr, sread, sw) = s.decode_to_utf16_without_replacement(&bytes, &mut sd, last);
        let (rr, rread, rw) = r.decode_to_utf16_without_replacement(&bytes, &mut rd, last);
        assert!(
            matches!(sr, shim::DecoderResult::Malformed(..)) == matches!(rr, real::DecoderResult::Malformed(..))
                && sread == rread
                && sd[..sw] == rd[..rw],
            "ISO-2022-JP {bytes:02X?}: shim {sr:?} {sread}, encoding_rs {rr:?} {rread}"
        );
    }
}

/// chardetng's loop for ISO-2022-JP and UTF-8 (feed the rest again while the
/// output is full) over inputs much longer than its 1,024-unit buffer: the
/// stand-in hands the main module at most 1,021 bytes per call, so the input
/// crosses many calls. Compared: whether it ends malformed, and the bytes read.
#[test]
fn long_buffers_as_chardetng_loops() {
    fn run<R: PartialEq>(mut step: impl FnMut(&[u8]) -> (R, usize), bytes: &[u8], full: R) -> (R, usize) {
        let mut total = 0;
        loop {
            let (result, read) = step(&bytes[total..]);
            total += read;
            if result != full {
                return (result, total);
            }
        }
    }
    let mut rng = Rng(0xD1B5_4A32_D192_ED03);
    let mut malformed = 0;
    for round in 0..60 {
        // Mostly valid ISO-2022-JP (ASCII and JIS X 0208 runs between escapes), an error now and then.
        let mut bytes = Vec::new();
        let mut jis = false;
        while bytes.len() < 3000 + 100 * round {
            // (An escape right after another is an error: each is followed by a character.)
            if rng.below(16) == 0 {
                jis = !jis;
                bytes.extend_from_slice(if jis { b"\x1B$B" } else { b"\x1B(B" });
            }
            if jis {
                bytes.extend_from_slice(&[0x30 + rng.below(0x1F), 0x21 + rng.below(0x5E)]);
            } else {
                bytes.push(0x20 + rng.below(0x5F));
            }
        }
        if jis {
            bytes.extend_from_slice(b"\x1B(B");
        }
        if round % 3 == 0 {
            let at = rng.next() as usize % bytes.len();
            bytes[at] = 0x80 + rng.below(0x80);
        }
        let last = round % 2 == 0;
        let mut s = shim::ISO_2022_JP.new_decoder_without_bom_handling();
        let mut r = real::ISO_2022_JP.new_decoder_without_bom_handling();
        let (mut sd, mut rd) = ([0u16; 1024], [0u16; 1024]);
        let (sr, sread) = run(|b| { let (x, n, _) = s.decode_to_utf16_without_replacement(b, &mut sd, last); (x, n) }, &bytes, shim::DecoderResult::OutputFull);
        let (rr, rread) = run(|b| { let (x, n, _) = r.decode_to_utf16_without_replacement(b, &mut rd, last); (x, n) }, &bytes, real::DecoderResult::OutputFull);
        malformed += usize::from(matches!(rr, real::DecoderResult::Malformed(..)));
        // (chardetng reads no Malformed length of ISO-2022-JP's: whether, and where.)
        assert!(
            matches!(sr, shim::DecoderResult::Malformed(..)) == matches!(rr, real::DecoderResult::Malformed(..)) && sread == rread,
            "ISO-2022-JP round {round}: shim {sr:?} {sread}, encoding_rs {rr:?} {rread}"
        );
        let mut s = shim::UTF_8.new_decoder_without_bom_handling();
        let mut r = real::UTF_8.new_decoder_without_bom_handling();
        let (mut s8, mut r8) = ([0u8; 1024], [0u8; 1024]);
        let (sr, sread) = run(|b| { let (x, n, _) = s.decode_to_utf8_without_replacement(b, &mut s8, last); (x, n) }, &bytes, shim::DecoderResult::OutputFull);
        let (rr, rread) = run(|b| { let (x, n, _) = r.decode_to_utf8_without_replacement(b, &mut r8, last); (x, n) }, &bytes, real::DecoderResult::OutputFull);
        assert!(
            matches!(sr, shim::DecoderResult::Malformed(..)) == matches!(rr, real::DecoderResult::Malformed(..)) && sread == rread,
            "UTF-8 round {round}: shim {sr:?} {sread}, encoding_rs {rr:?} {rread}"
        );
    }
    assert!(malformed > 5 && malformed < 55, "both outcomes should occur ({malformed} of 60 malformed)");
}
