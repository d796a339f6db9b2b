//! The encoding_rs stand-in (encoding-shim/) against encoding_rs itself, the way
//! chardetng calls it: the CJK decoders fed one byte at a time (chardetng reads
//! the result, the `Malformed` length, `read` and the units written), and the
//! UTF-8 and ISO-2022-JP decoders fed whole buffers (result and `read`). Inputs:
//! random bytes biased towards each encoding's lead and trail ranges, so that
//! valid characters, every kind of error and restored bytes all occur.

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

fn provide_tables() {
    // The tables the main module would provide, unpacked here by a normal
    // build of the core through its public decoders is not possible (this
    // build has "shared-tables"), so they are built from encoding_rs's
    // decoders: every pointer's two-byte sequence, decoded.
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        for which in 0..5u32 {
            let (at, len) = text_encoding_wasm::provide_index(which).expect("fresh index");
            let mut values = vec![0u32; len];
            for (pointer, slot) in values.iter_mut().enumerate() {
                *slot = pointer_code_point(which, pointer).unwrap_or(0);
            }
            // SAFETY: `at` is the address of a live, zeroed array of `len`
            // entries of the index's width that nothing reads yet.
            unsafe {
                if which == 4 {
                    std::ptr::copy_nonoverlapping(values.as_ptr(), at as *mut u32, len);
                } else {
                    let narrow: Vec<u16> = values.iter().map(|&v| v as u16).collect();
                    std::ptr::copy_nonoverlapping(narrow.as_ptr(), at as *mut u16, len);
                }
            }
        }
    });
}

/// Index `which`'s code point for `pointer`, from the WHATWG index files.
fn pointer_code_point(which: u32, pointer: usize) -> Option<u32> {
    use std::sync::OnceLock;
    static FILES: OnceLock<Vec<std::collections::HashMap<usize, u32>>> = OnceLock::new();
    let files = FILES.get_or_init(|| {
        ["jis0208", "jis0212", "euc-kr", "gb18030", "big5"]
            .iter()
            .map(|name| {
                let path = format!("{}/../../data/whatwg-index/index-{name}.txt", env!("CARGO_MANIFEST_DIR"));
                std::fs::read_to_string(&path)
                    .unwrap_or_else(|e| panic!("{path}: {e}"))
                    .lines()
                    .filter(|l| !l.starts_with('#') && !l.is_empty())
                    .map(|l| {
                        let mut f = l.split('\t');
                        let p = f.next().unwrap().trim().parse().unwrap();
                        let c = u32::from_str_radix(f.next().unwrap().trim().trim_start_matches("0x"), 16).unwrap();
                        (p, c)
                    })
                    .collect()
            })
            .collect()
    });
    files[which as usize].get(&pointer).copied()
}

#[test]
fn cjk_byte_at_a_time_as_chardetng_feeds_them() {
    provide_tables();
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
    provide_tables();
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
