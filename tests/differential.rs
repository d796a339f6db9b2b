//! Differential tests against encoding_rs 0.8.44 (the oracle), for every
//! encoding of the standard:
//!
//! 1. every 1-byte and 2-byte input through every decoder, both modes;
//! 2. gb18030 4-byte sequences (all of them with `--features exhaustive`) and
//!    every 3-byte prefix at end-of-queue;
//! 3. scalar values through every encoder, fatal and html (all of them with
//!    `exhaustive`), ISO-2022-JP also after each of its states;
//! 4. seeded random inputs biased toward each encoding's lead, trail and escape
//!    bytes (and random UTF-16 for the encoders), one-shot and streamed with
//!    random chunk splits and tiny output buffers, both modes.
//!
//! Where encoding_rs implements a later Encoding Standard than the spec text the
//! crate follows (the snapshot of data/whatwg-index), the inputs are listed exactly below (see
//! DIVERGENCES.md); both sides' outputs for them are asserted, so a new
//! difference, or a listed one going away, fails.
//!
//! Summary lines: `cargo test --test differential -- --nocapture`.
//! Exhaustive: `cargo test --release --features exhaustive --test differential -- --nocapture`.

mod common;

use common::*;
use text_encoding_wasm::{DecoderMode, EncoderMode, Encoding, ALL_ENCODINGS};

/// `rng.pick` over items that themselves draw from `rng`.
macro_rules! pick {
    ($rng:ident, $items:expr) => {{
        let items = $items;
        $rng.pick(&items)
    }};
}

const EXHAUSTIVE: bool = cfg!(feature = "exhaustive");

/// Thousands separators for the summary lines.
fn n(v: usize) -> String {
    let s = v.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Collects differences from the oracle; fails the test at the end with the
/// first few if there are any.
#[derive(Default)]
struct Diffs {
    count: usize,
    shown: Vec<String>,
}

impl Diffs {
    fn add(&mut self, what: String) {
        self.count += 1;
        if self.shown.len() < 20 {
            self.shown.push(what);
        }
    }
    fn check(&self, section: &str) {
        assert!(
            self.count == 0,
            "{section}: {} differences from encoding_rs, first ones:\n{}",
            self.count,
            self.shown.join("\n")
        );
    }
}

// ------------------------------------------------------------ known divergences

/// GB18030-2022's 18 PUA code points that encoding_rs (following the current
/// standard's encoder table) still encodes as the two bytes they had in
/// GB18030-2005, while the spec text we implement has no such table: its
/// gb18030 encoder takes "index gb18030 ranges pointer" (the index gb18030 no
/// longer lists them) and GBK's returns an error. See DIVERGENCES.md.
/// (code point, encoding_rs bytes, four bytes by the spec text's steps 8-15
/// computed by hand from index-gb18030-ranges.txt).
const GB18030_2022_PUA: [(u32, [u8; 2], [u8; 4]); 18] = [
    (0xE78D, [0xA6, 0xD9], [0x83, 0x36, 0xCB, 0x32]),
    (0xE78E, [0xA6, 0xDA], [0x83, 0x36, 0xCB, 0x33]),
    (0xE78F, [0xA6, 0xDB], [0x83, 0x36, 0xCB, 0x34]),
    (0xE790, [0xA6, 0xDC], [0x83, 0x36, 0xCB, 0x35]),
    (0xE791, [0xA6, 0xDD], [0x83, 0x36, 0xCB, 0x36]),
    (0xE792, [0xA6, 0xDE], [0x83, 0x36, 0xCB, 0x37]),
    (0xE793, [0xA6, 0xDF], [0x83, 0x36, 0xCB, 0x38]),
    (0xE794, [0xA6, 0xEC], [0x83, 0x36, 0xCB, 0x39]),
    (0xE795, [0xA6, 0xED], [0x83, 0x36, 0xCC, 0x30]),
    (0xE796, [0xA6, 0xF3], [0x83, 0x36, 0xCC, 0x31]),
    (0xE81E, [0xFE, 0x59], [0x83, 0x36, 0xCA, 0x30]),
    (0xE826, [0xFE, 0x61], [0x83, 0x36, 0xCA, 0x37]),
    (0xE82B, [0xFE, 0x66], [0x83, 0x36, 0xCB, 0x31]),
    (0xE82C, [0xFE, 0x67], [0x83, 0x36, 0xCB, 0x32]),
    (0xE832, [0xFE, 0x6D], [0x83, 0x36, 0xCB, 0x36]),
    (0xE843, [0xFE, 0x7E], [0x83, 0x36, 0xCD, 0x30]),
    (0xE854, [0xFE, 0x90], [0x83, 0x36, 0xCE, 0x36]),
    (0xE864, [0xFE, 0xA0], [0x83, 0x36, 0xD0, 0x30]),
];

/// One fatal-mode encode call: the bytes before the first error, and the error.
type FatalOut = (Vec<u8>, Option<char>);

/// A listed encoder divergence for `cp` in `enc`: (what the spec text gives in
/// fatal mode, what encoding_rs gives), each as (bytes, error).
fn known_encode_divergence(enc: Encoding, cp: u32) -> Option<(FatalOut, FatalOut)> {
    if enc != Encoding::Gb18030 && enc != Encoding::Gbk {
        return None;
    }
    let &(_, rs_bytes, spec_bytes) = GB18030_2022_PUA.iter().find(|e| e.0 == cp)?;
    let ours = if enc == Encoding::Gb18030 { (spec_bytes.to_vec(), None) } else { (Vec::new(), char::from_u32(cp)) };
    Some((ours, (rs_bytes.to_vec(), None)))
}

/// Whether a UTF-16 string holds a scalar with a listed divergence in `enc`
/// (the oracle comparison of such strings is replaced by the per-scalar check).
fn has_known_divergence(enc: Encoding, src: &[u16]) -> bool {
    char::decode_utf16(src.iter().copied()).any(|c| c.is_ok_and(|c| known_encode_divergence(enc, c as u32).is_some()))
}

// ------------------------------------------------------------ 1. short inputs

/// Checks one decoder input against the oracle in both modes, and fatal-mode
/// resumption against replacement mode. Returns the number of comparisons.
fn check_decode(enc: Encoding, src: &[u8], diffs: &mut Diffs) {
    let (ours_r, _) = ours_decode(enc, src, DecoderMode::Replacement);
    let rs_r = rs_decode(enc, src);
    if ours_r != rs_r {
        diffs.add(format!("{} replacement {src:02X?}: ours {ours_r:04X?} encoding_rs {rs_r:04X?}", enc.name()));
    }
    let ours_f = ours_decode(enc, src, DecoderMode::Fatal);
    let rs_f = rs_decode_fatal(enc, src);
    if ours_f != rs_f {
        diffs.add(format!("{} fatal {src:02X?}: ours {ours_f:04X?} encoding_rs {rs_f:04X?}", enc.name()));
    }
    let (stitched, errors) = ours_decode_fatal_resumed(enc, src);
    assert_eq!(stitched, ours_r, "{} {src:02X?}: fatal mode resumed after each error != replacement mode", enc.name());
    assert_eq!(
        errors > 0,
        ours_f.1,
        "{} {src:02X?}: first fatal call and resumed run disagree on an error",
        enc.name()
    );
}

#[test]
fn one_and_two_byte_inputs() {
    let mut diffs = Diffs::default();
    let mut inputs = 0;
    for enc in ALL_ENCODINGS {
        for a in 0..=255u8 {
            check_decode(enc, &[a], &mut diffs);
            inputs += 1;
            for b in 0..=255u8 {
                check_decode(enc, &[a, b], &mut diffs);
                inputs += 1;
            }
        }
    }
    println!(
        "differential: 1-byte+2-byte inputs: {} encodings x {} inputs x 2 modes, {} differences",
        ALL_ENCODINGS.len(),
        n(inputs / ALL_ENCODINGS.len()),
        diffs.count
    );
    assert_eq!(inputs, 40 * (256 + 65536));
    diffs.check("1-byte+2-byte inputs");
}

// ------------------------------------------------------------ 2. gb18030 four bytes

#[test]
fn gb18030_four_byte_sequences() {
    let mut diffs = Diffs::default();
    let mut four = 0;
    // Every first byte with the exhaustive feature; otherwise the first bytes
    // around every boundary of the pointer space (0x84 ends the BMP part at
    // pointer 39419, 0x85-0x8F are null, 0x90 starts U+10000 at pointer 189000,
    // 0xE3 ends at U+10FFFF, 1237575), plus a seeded sample of the rest.
    let firsts: Vec<u8> = if EXHAUSTIVE {
        (0x81..=0xFE).collect()
    } else {
        vec![0x81, 0x82, 0x83, 0x84, 0x85, 0x8F, 0x90, 0x91, 0x95, 0xA0, 0xD0, 0xE3, 0xE4, 0xFE]
    };
    let encodings: &[Encoding] = if EXHAUSTIVE { &[Encoding::Gb18030, Encoding::Gbk] } else { &[Encoding::Gb18030] };
    for &enc in encodings {
        for &b1 in &firsts {
            for b2 in 0x30..=0x39u8 {
                for b3 in 0x81..=0xFEu8 {
                    for b4 in 0x30..=0x39u8 {
                        check_decode(enc, &[b1, b2, b3, b4], &mut diffs);
                        four += 1;
                    }
                }
            }
        }
    }
    let mut rng = Rng::new(0x0047_4231_3830_3330);
    let sampled = if EXHAUSTIVE { 0 } else { 100_000 };
    for _ in 0..sampled {
        let seq = [
            rng.range(0x81, 0xFE) as u8,
            rng.range(0x30, 0x39) as u8,
            rng.range(0x81, 0xFE) as u8,
            rng.range(0x30, 0x39) as u8,
        ];
        check_decode(Encoding::Gb18030, &seq, &mut diffs);
        four += 1;
    }
    // Every 3-byte prefix, which ends the queue mid-sequence (step 2).
    let mut three = 0;
    for b1 in 0x81..=0xFEu8 {
        for b2 in 0x30..=0x39u8 {
            for b3 in 0x81..=0xFEu8 {
                check_decode(Encoding::Gb18030, &[b1, b2, b3], &mut diffs);
                three += 1;
            }
        }
    }
    println!(
        "differential: gb18030 4-byte sequences: {} ({}) + {} 3-byte prefixes x 2 modes, {} differences",
        n(four),
        if EXHAUSTIVE {
            "all 1,587,600, for gb18030 and for GBK"
        } else {
            "14 first bytes in full + 100,000 sampled, of 1,587,600"
        },
        n(three),
        diffs.count
    );
    diffs.check("gb18030 4-byte sequences");
}

// ------------------------------------------------------------ 3. every scalar value

fn encoders() -> Vec<Encoding> {
    ALL_ENCODINGS.iter().copied().filter(|e| e.has_encoder()).collect()
}

/// The scalar values swept: all of them with `exhaustive`; otherwise every BMP
/// scalar value and every 13th above it (plus the last).
fn swept_scalars() -> Vec<u32> {
    let stride = if EXHAUSTIVE { 1 } else { 13 };
    (0..=0x10FFFFu32)
        .filter(|&c| !(0xD800..=0xDFFF).contains(&c))
        .filter(|&c| c <= 0xFFFF || c % stride == 0 || c == 0x10FFFF)
        .collect()
}

fn utf16(cp: u32) -> Vec<u16> {
    let mut buf = [0u16; 2];
    char::from_u32(cp).unwrap().encode_utf16(&mut buf).to_vec()
}

/// Compares one UTF-16 input through one encoder in both modes with the
/// oracle. `listed` is the known divergence for the input, if any.
fn check_encode(enc: Encoding, src: &[u16], diffs: &mut Diffs, listed: Option<&(FatalOut, FatalOut)>) {
    let ours_f = ours_encode_fatal(enc, src);
    let rs_f = rs_encode_fatal(enc, src);
    let ours_h = ours_encode_html(enc, src);
    let rs_h = rs_encode_html(enc, src);
    if let Some((spec, oracle)) = listed {
        assert_eq!(&ours_f, spec, "{} {src:04X?}: listed divergence, ours changed", enc.name());
        assert_eq!(&rs_f, oracle, "{} {src:04X?}: listed divergence, encoding_rs changed", enc.name());
        let spec_html = match spec.1 {
            Some(c) => format!("&#{};", c as u32).into_bytes(),
            None => spec.0.clone(),
        };
        assert_eq!(ours_h, spec_html, "{} {src:04X?}: listed divergence, ours (html) changed", enc.name());
        assert_eq!(rs_h, oracle.0, "{} {src:04X?}: listed divergence, encoding_rs (html) changed", enc.name());
        return;
    }
    if ours_f != rs_f {
        diffs.add(format!("{} fatal {src:04X?}: ours {ours_f:02X?} encoding_rs {rs_f:02X?}", enc.name()));
    }
    if ours_h != rs_h {
        diffs.add(format!(
            "{} html {src:04X?}: ours {:?} encoding_rs {:?}",
            enc.name(),
            String::from_utf8_lossy(&ours_h),
            String::from_utf8_lossy(&rs_h)
        ));
    }
}

#[test]
fn every_scalar_through_every_encoder() {
    let scalars = swept_scalars();
    let encs = encoders();
    assert_eq!(encs.len(), 37);
    let mut diffs = Diffs::default();
    let mut listed_seen = 0;
    let mut sequences = 0;
    // Two threads: the sweep is the longest section.
    let results: Vec<(Diffs, usize, usize)> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..2)
            .map(|t| {
                let (scalars, encs) = (&scalars, &encs);
                s.spawn(move || {
                    let mut diffs = Diffs::default();
                    let (mut listed_seen, mut sequences) = (0, 0);
                    for &enc in encs.iter().skip(t).step_by(2) {
                        for &cp in scalars {
                            let src = utf16(cp);
                            let listed = known_encode_divergence(enc, cp);
                            listed_seen += listed.is_some() as usize;
                            check_encode(enc, &src, &mut diffs, listed.as_ref());
                            if enc == Encoding::Iso2022Jp {
                                // The scalar after each encoder state (Roman via
                                // U+00A5, jis0208 via U+3042, ASCII again via "a"),
                                // and followed by ASCII, which may switch back.
                                for prefix in [&[0xA5u16][..], &[0x3042], &[0x3042, 0x61], &[0xA5, 0x3042]] {
                                    let mut seq = prefix.to_vec();
                                    seq.extend_from_slice(&src);
                                    seq.push(0x61);
                                    check_encode(enc, &seq, &mut diffs, None);
                                    sequences += 1;
                                }
                            }
                        }
                    }
                    (diffs, listed_seen, sequences)
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    for (d, l, q) in results {
        diffs.count += d.count;
        diffs.shown.extend(d.shown);
        listed_seen += l;
        sequences += q;
    }
    println!(
        "differential: scalar values through encoders: {} encoders x {} scalar values{} x 2 modes + {} ISO-2022-JP sequences, {} differences, {} listed divergences (gb18030/GBK GB18030-2022 PUA)",
        encs.len(),
        n(scalars.len()),
        if EXHAUSTIVE { " (all)" } else { " (all BMP + every 13th astral)" },
        n(sequences),
        diffs.count,
        listed_seen
    );
    // Every listed divergence is in the sweep (they are all BMP) and was seen.
    assert_eq!(listed_seen, 2 * GB18030_2022_PUA.len());
    diffs.check("scalar values through encoders");
}

// ------------------------------------------------------------ 4. random inputs

/// A random byte string for `enc`, built from pieces biased toward the
/// encoding's lead, trail and escape bytes (and whole valid sequences).
fn gen_bytes(enc: Encoding, rng: &mut Rng, max_len: usize) -> Vec<u8> {
    use Encoding::*;
    let len = rng.below(max_len + 1);
    let mut v = Vec::with_capacity(len + 8);
    while v.len() < len {
        if rng.chance(1, 10) {
            v.push(rng.below(256) as u8);
            continue;
        }
        if rng.chance(1, 8) {
            v.push(rng.pick(b"Aa0\x00\x7F~\\$(\n"));
            continue;
        }
        match enc {
            Utf8 => match rng.below(4) {
                0 => v.push(rng.range(0x80, 0xBF) as u8),
                1 => v.push(rng.pick(&[
                    0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF4, 0xF5, 0xFF, 0x9F, 0xA0,
                    0x8F, 0x90,
                ])),
                _ => {
                    // A valid scalar, maybe cut short.
                    let c = char::from_u32(
                        rng.pick(&[0x80, 0x7FF, 0x800, 0xD7FF, 0xE000, 0xFFFD, 0xFFFF, 0x10000, 0x10FFFF])
                            ^ rng.below(2) as u32,
                    )
                    .unwrap_or('\u{FFFD}');
                    let mut buf = [0u8; 4];
                    let bytes = c.encode_utf8(&mut buf).as_bytes();
                    let keep = if rng.chance(1, 3) { rng.below(bytes.len()) } else { bytes.len() };
                    v.extend_from_slice(&bytes[..keep]);
                }
            },
            Utf16Be | Utf16Le => {
                let unit: u16 = match rng.below(4) {
                    0 => rng.range(0xD800, 0xDBFF) as u16,
                    1 => rng.range(0xDC00, 0xDFFF) as u16,
                    2 => rng.pick(&[0x0041, 0xFEFF, 0xFFFE, 0xFFFD, 0x00D8, 0xD8D8, 0xDCDC, 0x0000]),
                    _ => rng.below(0x10000) as u16,
                };
                let b = if enc == Utf16Be { unit.to_be_bytes() } else { unit.to_le_bytes() };
                let keep = if rng.chance(1, 6) { 1 } else { 2 };
                v.extend_from_slice(&b[..keep]);
            }
            Gbk | Gb18030 => match rng.below(5) {
                0 => v.push(rng.range(0x81, 0xFE) as u8),
                1 => v.push(rng.range(0x30, 0x39) as u8),
                2 => v.push(rng.pick(&[0x80, 0xFF, 0x40, 0x7E, 0x7F, 0xA0, 0xA1, 0xFE, 0x84, 0x90, 0xE3, 0xE4])),
                3 => v.extend_from_slice(&[
                    rng.range(0x81, 0xFE) as u8,
                    pick!(rng, [0x40, 0x7E, 0x7F, 0x80, 0xA1, 0xFE, rng.range(0x40, 0xFE) as u8]),
                ]),
                _ => {
                    let seq = [
                        pick!(rng, [0x81, 0x84, 0x85, 0x8F, 0x90, 0xE3, 0xE4, 0xFE, rng.range(0x81, 0xFE) as u8]),
                        rng.range(0x30, 0x39) as u8,
                        rng.range(0x81, 0xFE) as u8,
                        rng.range(0x30, 0x39) as u8,
                    ];
                    let keep = if rng.chance(1, 3) { rng.below(4) } else { 4 };
                    v.extend_from_slice(&seq[..keep]);
                }
            },
            Big5 => match rng.below(4) {
                0 => v.push(rng.range(0x81, 0xFE) as u8),
                1 => v.push(pick!(rng, [0x40, 0x7E, 0x7F, 0xA1, 0xFE, 0x80, 0xFF, 0xA0, rng.range(0x40, 0xFE) as u8])),
                2 => v.extend_from_slice(&[0x88, rng.pick(&[0x62, 0x64, 0xA3, 0xA5, 0x61, 0x63])]),
                _ => v.extend_from_slice(&[rng.range(0x81, 0xFE) as u8, rng.range(0x40, 0xFE) as u8]),
            },
            EucJp => match rng.below(5) {
                0 => v.push(rng.pick(&[0x8E, 0x8F, 0x80, 0xFF, 0xA0, 0xA1, 0xFE, 0xDF, 0xE0])),
                1 => v.extend_from_slice(&[0x8E, rng.range(0x9F, 0xE0) as u8]),
                2 => v.extend_from_slice(&[0x8F, rng.range(0xA0, 0xFF) as u8, rng.range(0xA0, 0xFF) as u8]),
                _ => v.extend_from_slice(&[rng.range(0xA1, 0xFE) as u8, rng.range(0xA0, 0xFF) as u8]),
            },
            Iso2022Jp => match rng.below(6) {
                0 => v.extend_from_slice(rng.pick(&[&b"\x1B$B"[..], b"\x1B$@", b"\x1B(B", b"\x1B(J", b"\x1B(I"])),
                1 => v.extend_from_slice(rng.pick(&[
                    &b"\x1B"[..],
                    b"\x1B$",
                    b"\x1B(",
                    b"\x1B$A",
                    b"\x1B(C",
                    b"\x1B.",
                    b"\x1B$(D",
                ])),
                2 => v.push(rng.pick(&[
                    0x1B, 0x24, 0x28, 0x42, 0x40, 0x4A, 0x49, 0x0E, 0x0F, 0x0A, 0x0D, 0x5C, 0x7E, 0x80, 0x21, 0x7F,
                ])),
                _ => v.extend_from_slice(&[rng.range(0x21, 0x7E) as u8, rng.range(0x20, 0x7F) as u8]),
            },
            ShiftJis => match rng.below(4) {
                0 => v.push(
                    rng.pick(&[0x80, 0xA0, 0xA1, 0xDF, 0xFD, 0xFE, 0xFF, 0x81, 0x9F, 0xE0, 0xEF, 0xF0, 0xF9, 0xFC]),
                ),
                1 => v.push(rng.range(0xA1, 0xDF) as u8),
                _ => v.extend_from_slice(&[
                    pick!(rng, [rng.range(0x81, 0x9F) as u8, rng.range(0xE0, 0xFC) as u8]),
                    pick!(rng, [rng.range(0x40, 0x7E) as u8, rng.range(0x80, 0xFC) as u8, 0x7F, 0xFD, 0x3F]),
                ]),
            },
            EucKr => match rng.below(3) {
                0 => v.push(rng.pick(&[0x80, 0x81, 0xFE, 0xFF, 0xC8, 0xC9, 0xA1, 0x41, 0x5A, 0x61, 0x7A])),
                _ => v.extend_from_slice(&[rng.range(0x81, 0xFE) as u8, rng.range(0x40, 0xFF) as u8]),
            },
            _ => v.push(pick!(rng, [rng.below(256) as u8, rng.range(0x80, 0xFF) as u8])),
        }
    }
    v
}

#[test]
fn random_decoder_inputs() {
    let per_encoding = if EXHAUSTIVE { 50_000 } else { 5_000 };
    let streams_per_mode = 2;
    let mut diffs = Diffs::default();
    let mut inputs = 0;
    let mut streamed = 0;
    let mut rng = Rng::new(0x5EED_0DEC_0DE5);
    for enc in ALL_ENCODINGS {
        for _ in 0..per_encoding {
            let src = gen_bytes(enc, &mut rng, 40);
            check_decode(enc, &src, &mut diffs);
            inputs += 1;
            let (whole, _) = ours_decode(enc, &src, DecoderMode::Replacement);
            let (_, errors) = ours_decode_fatal_resumed(enc, &src);
            for mode in [DecoderMode::Replacement, DecoderMode::Fatal] {
                for _ in 0..streams_per_mode {
                    let chunks = random_chunks(&mut rng, src.len());
                    let mut caps = Rng::new(rng.next_u64());
                    let (out, errs) = ours_decode_stream(enc, &src, &chunks, mode, || tiny_cap(&mut caps));
                    assert_eq!(
                        out,
                        whole,
                        "{} {mode:?} {src:02X?} chunks {chunks:?}: streamed != one-shot",
                        enc.name()
                    );
                    if mode == DecoderMode::Fatal {
                        assert_eq!(errs, errors, "{} {src:02X?} chunks {chunks:?}: error count", enc.name());
                    }
                    streamed += 1;
                }
            }
        }
    }
    println!(
        "differential: random decoder inputs: {} encodings x {} inputs (0-40 bytes) x 2 modes vs encoding_rs + {} streamed runs (random splits, 1-3 unit buffers), {} differences",
        ALL_ENCODINGS.len(),
        n(per_encoding),
        n(streamed),
        diffs.count
    );
    assert_eq!(inputs, 40 * per_encoding);
    diffs.check("random decoder inputs");
}

/// Scalar values the oracle decodes from this encoding's two-byte (and, for
/// ISO-2022-JP, jis0208-state) inputs: a pool of mostly mappable characters.
fn mappable_pool(enc: Encoding) -> Vec<u32> {
    let mut pool = std::collections::BTreeSet::new();
    for a in 0x80..=0xFFu8 {
        for b in 0x21..=0xFFu8 {
            let bytes =
                if enc == Encoding::Iso2022Jp { vec![0x1B, 0x24, 0x42, a & 0x7F, b & 0x7F] } else { vec![a, b] };
            for c in char::decode_utf16(rs_decode(enc, &bytes)).flatten() {
                if c as u32 >= 0x80 && c != '\u{FFFD}' {
                    pool.insert(c as u32);
                }
            }
        }
    }
    pool.into_iter().collect()
}

fn gen_utf16(rng: &mut Rng, pool: &[u32], max_len: usize) -> Vec<u16> {
    let len = rng.below(max_len + 1);
    let mut v = Vec::with_capacity(len + 2);
    while v.len() < len {
        let cp = match rng.below(10) {
            0..=1 => u32::from(rng.pick(b"Aa0\x00\x7F~\\&#;\x0E\x0F\x1B")),
            2..=4 if !pool.is_empty() => rng.pick(pool),
            5 => rng.pick(&[
                0xA5, 0x203E, 0x2212, 0xFF0D, 0xE5E5, 0x20AC, 0xFFFD, 0x80, 0x3000, 0xE7C7, 0xFE10, 0x9FB4, 0xFFFF,
                0x10FFFF, 0x1F600, 0x20087,
            ]),
            6 => rng.range(0xFF61, 0xFF9F),
            7 => {
                // A lone surrogate.
                v.push(rng.range(0xD800, 0xDFFF) as u16);
                continue;
            }
            8 => rng.range(0x10000, 0x10FFFF),
            _ => rng.range(0x80, 0xFFFF),
        };
        match char::from_u32(cp) {
            Some(c) => {
                let mut buf = [0u16; 2];
                v.extend_from_slice(c.encode_utf16(&mut buf));
            }
            None => v.push(cp as u16),
        }
    }
    v
}

#[test]
fn random_encoder_inputs() {
    let per_encoding = if EXHAUSTIVE { 50_000 } else { 5_000 };
    let streams_per_mode = 2;
    let mut diffs = Diffs::default();
    let mut inputs = 0;
    let mut listed = 0;
    let mut streamed = 0;
    let mut rng = Rng::new(0x5EED_E4C0_DE55);
    for enc in encoders() {
        let pool = mappable_pool(enc);
        for _ in 0..per_encoding {
            let src = gen_utf16(&mut rng, &pool, 24);
            inputs += 1;
            let ours_f = ours_encode_stream(enc, &src, &[src.len()], EncoderMode::Fatal, || usize::MAX);
            let ours_h = ours_encode_html(enc, &src);
            assert_eq!(ours_h, ours_f.with_ncrs(), "{} {src:04X?}: html != fatal with &#N; at each error", enc.name());
            let first = ours_encode_fatal(enc, &src);
            assert_eq!(first.0, ours_f.bytes[..first.0.len()], "{} {src:04X?}: first fatal call", enc.name());
            assert_eq!(first.1, ours_f.errors.first().map(|e| e.1), "{} {src:04X?}: first fatal error", enc.name());
            if has_known_divergence(enc, &src) {
                listed += 1;
            } else {
                let rs_f = rs_encode_fatal_resumed(enc, &src);
                let rs_h = rs_encode_html(enc, &src);
                if ours_f != rs_f {
                    diffs.add(format!("{} fatal {src:04X?}: ours {ours_f:02X?} encoding_rs {rs_f:02X?}", enc.name()));
                }
                if ours_h != rs_h {
                    diffs.add(format!("{} html {src:04X?}: ours {ours_h:02X?} encoding_rs {rs_h:02X?}", enc.name()));
                }
                if first != rs_encode_fatal(enc, &src) {
                    diffs.add(format!("{} first fatal call {src:04X?}", enc.name()));
                }
            }
            for mode in [EncoderMode::Fatal, EncoderMode::Html] {
                let whole = if mode == EncoderMode::Fatal {
                    ours_f.clone()
                } else {
                    FatalRun { bytes: ours_h.clone(), errors: vec![] }
                };
                for _ in 0..streams_per_mode {
                    let chunks = random_chunks(&mut rng, src.len());
                    let mut caps = Rng::new(rng.next_u64());
                    let run = ours_encode_stream(enc, &src, &chunks, mode, || tiny_cap(&mut caps));
                    assert_eq!(
                        run,
                        whole,
                        "{} {mode:?} {src:04X?} chunks {chunks:?}: streamed != one-shot",
                        enc.name()
                    );
                    streamed += 1;
                }
            }
        }
    }
    println!(
        "differential: random encoder inputs: {} encoders x {} UTF-16 strings (0-24 units) x 2 modes vs encoding_rs ({} holding a listed divergence checked for self-consistency only) + {} streamed runs (random splits, 1-3 byte buffers), {} differences",
        encoders().len(),
        n(per_encoding),
        n(listed),
        n(streamed),
        diffs.count
    );
    assert_eq!(inputs, 37 * per_encoding);
    diffs.check("random encoder inputs");
}
