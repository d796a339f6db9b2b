//! Throughput: our decoders and encoders against encoding_rs on identical input.
//!
//! Every input is 1 MiB (decode: 1 MiB of encoded bytes; encode: 512 Ki UTF-16
//! code units, i.e. 1 MiB of UTF-16), generated here from a seeded PRNG, so runs
//! are comparable. Legacy-encoded inputs are made by encoding generated Unicode
//! text with encoding_rs. Throughput is reported in input bytes: encoded bytes
//! for decode, UTF-16 bytes (code units * 2) for encode.
//!
//! Each group is `decode <input>` or `encode <encoding>` with two functions,
//! `ours` and `encoding_rs`; `tools/bench-table.py` turns the criterion output
//! into a table.
//!
//! `cargo bench --bench throughput [-- <filter>]`

use criterion::{black_box, criterion_group, criterion_main, BenchmarkGroup, Criterion, Throughput};
use std::time::Duration;
use text_encoding_wasm::{Decoder, DecoderMode, EncodeStatus, Encoder, EncoderMode, Encoding};

const SIZE: usize = 1 << 20;

/// xorshift64* (Vigna): small, fast, good enough to pick characters.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        ((self.next() >> 32) as usize * n) >> 32
    }

    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }
}

/// Characters of `ranges` that `enc` can encode (all of them for UTF-8), whose
/// encoded length satisfies `len_ok`.
fn repertoire(enc: &'static encoding_rs::Encoding, ranges: &[(u32, u32)], len_ok: impl Fn(&[u8]) -> bool) -> Vec<char> {
    let mut out = Vec::new();
    let mut encoder = enc.new_encoder();
    for &(lo, hi) in ranges {
        for c in (lo..=hi).filter_map(char::from_u32) {
            let mut buf = [0u8; 16];
            let mut tmp = [0u8; 4];
            let s = c.encode_utf8(&mut tmp);
            let (r, _, n) = encoder.encode_from_utf8_without_replacement(s, &mut buf, true);
            if r == encoding_rs::EncoderResult::InputEmpty && len_ok(&buf[..n]) {
                out.push(c);
            }
        }
    }
    assert!(!out.is_empty(), "empty repertoire for {}", enc.name());
    out
}

/// A text model: runs ("words") of characters drawn from weighted alphabets,
/// separated by a space or punctuation from `separators`.
struct Script {
    /// (weight, alphabet, word length range)
    parts: Vec<(u32, Vec<char>, (usize, usize))>,
    separators: Vec<char>,
}

impl Script {
    fn word(&self, rng: &mut Rng, out: &mut Vec<char>) {
        let total: u32 = self.parts.iter().map(|p| p.0).sum();
        let mut roll = rng.below(total as usize) as u32;
        let part = self
            .parts
            .iter()
            .find(|p| {
                if roll < p.0 {
                    true
                } else {
                    roll -= p.0;
                    false
                }
            })
            .unwrap();
        let (lo, hi) = part.2;
        let len = lo + rng.below(hi - lo + 1);
        for _ in 0..len {
            out.push(rng.pick(&part.1));
        }
        out.push(rng.pick(&self.separators));
    }

    /// Characters until `budget(chars)` says stop; deterministic for a seed.
    fn text(&self, seed: u64, mut fits: impl FnMut(char) -> bool) -> Vec<char> {
        let mut rng = Rng(seed);
        let mut out = Vec::new();
        let mut word = Vec::new();
        loop {
            word.clear();
            self.word(&mut rng, &mut word);
            for &c in &word {
                if !fits(c) {
                    return out;
                }
                out.push(c);
            }
        }
    }
}

fn chars(s: &str) -> Vec<char> {
    s.chars().collect()
}

fn ascii_letters() -> Vec<char> {
    chars("abcdefghijklmnopqrstuvwxyzetaoinshrdlu")
}

/// `text` encoded with `enc`, character by character, to exactly `SIZE` bytes
/// (padded with spaces after the last character that fits).
fn encode_to_size(enc: &'static encoding_rs::Encoding, script: &Script, seed: u64) -> Vec<u8> {
    let mut out = Vec::with_capacity(SIZE);
    let mut encoder = enc.new_encoder();
    let mut buf = [0u8; 16];
    let mut tmp = [0u8; 4];
    script.text(seed, |c| {
        let s = c.encode_utf8(&mut tmp);
        let (r, _, n) = encoder.encode_from_utf8_without_replacement(s, &mut buf, false);
        assert_eq!(r, encoding_rs::EncoderResult::InputEmpty, "{c:?} unmappable in {}", enc.name());
        if out.len() + n > SIZE {
            return false;
        }
        out.extend_from_slice(&buf[..n]);
        true
    });
    out.resize(SIZE, b' ');
    out
}

/// `text` as UTF-16 code units, exactly `SIZE / 2` of them (space-padded).
fn utf16_to_size(script: &Script, seed: u64) -> Vec<u16> {
    let mut out = Vec::with_capacity(SIZE / 2);
    script.text(seed, |c| {
        let mut buf = [0u16; 2];
        let units = c.encode_utf16(&mut buf);
        if out.len() + units.len() > SIZE / 2 {
            return false;
        }
        out.extend_from_slice(units);
        true
    });
    out.resize(SIZE / 2, u16::from(b' '));
    out
}

struct Scripts {
    ascii: Script,
    mixed: Script,
    western: Script,
    japanese: Script,
    simplified: Script,
    simplified_4byte: Script,
    traditional: Script,
    korean: Script,
}

fn scripts() -> Scripts {
    use encoding_rs::{BIG5, EUC_JP, EUC_KR, GB18030, GBK, SHIFT_JIS, WINDOWS_1252};
    let plain = |_: &[u8]| true;
    // Both bytes in 0xA1..=0xFE: the GB2312 / KS X 1001 core most text uses.
    let core = |b: &[u8]| b.len() == 2 && b[0] >= 0xA1 && b[1] >= 0xA1;
    let ascii_punct = chars(" , . \n");
    let kanji_sjis = repertoire(SHIFT_JIS, &[(0x4E00, 0x9FFF)], plain);
    let kanji = repertoire(EUC_JP, &[(0x4E00, 0x9FFF)], plain).into_iter().filter(|c| kanji_sjis.contains(c)).collect();
    let hanzi = repertoire(GBK, &[(0x4E00, 0x9FFF)], core);
    let hanzi_ext = repertoire(GBK, &[(0x4E00, 0x9FFF)], |b| !core(b));
    let hanzi_big5 = repertoire(BIG5, &[(0x4E00, 0x9FFF)], plain);
    let four_byte = repertoire(GB18030, &[(0xC0, 0x24F), (0x1E00, 0x1EFF), (0x1F300, 0x1F64F)], |b| b.len() == 4);
    let hangul = repertoire(EUC_KR, &[(0xAC00, 0xD7A3)], core);
    let hangul_ext = repertoire(EUC_KR, &[(0xAC00, 0xD7A3)], |b| !core(b));
    let latin1 = repertoire(WINDOWS_1252, &[(0xA0, 0xFF), (0x152, 0x2122)], |b| b[0] >= 0x80);
    Scripts {
        ascii: Script {
            parts: vec![(10, ascii_letters(), (1, 10)), (1, chars("0123456789"), (1, 4))],
            separators: chars("       ,.\n"),
        },
        mixed: Script {
            parts: vec![
                (6, ascii_letters(), (1, 9)),
                (3, chars("àáâãäåæçèéêëìíîïñòóôõöøùúûüýÿßœšž"), (1, 3)),
                (4, (0x430..=0x44F).filter_map(char::from_u32).collect(), (2, 9)),
                (4, (0x4E00..=0x9FA5).filter_map(char::from_u32).collect(), (1, 6)),
                (1, (0x1F600..=0x1F64F).filter_map(char::from_u32).collect(), (1, 2)),
            ],
            separators: chars("   ,.\n"),
        },
        western: Script {
            parts: vec![(8, ascii_letters(), (1, 9)), (2, latin1, (1, 2))],
            separators: chars("    ,.\n"),
        },
        japanese: Script {
            parts: vec![
                (5, (0x3041..=0x3093).filter_map(char::from_u32).collect(), (1, 6)),
                (2, (0x30A1..=0x30F6).filter_map(char::from_u32).collect(), (2, 6)),
                (4, kanji, (1, 4)),
                (1, ascii_letters(), (2, 8)),
            ],
            separators: chars("、。 \n「」"),
        },
        simplified: Script {
            parts: vec![(12, hanzi.clone(), (1, 6)), (1, hanzi_ext.clone(), (1, 2)), (1, ascii_letters(), (2, 8))],
            separators: chars("，。 \n、"),
        },
        simplified_4byte: Script {
            parts: vec![
                (12, hanzi, (1, 6)),
                (1, hanzi_ext, (1, 2)),
                (1, ascii_letters(), (2, 8)),
                (1, four_byte, (1, 3)),
            ],
            separators: chars("，。 \n、"),
        },
        traditional: Script {
            parts: vec![(12, hanzi_big5, (1, 6)), (1, ascii_letters(), (2, 8))],
            separators: chars("，。 \n、"),
        },
        korean: Script {
            parts: vec![(10, hangul, (1, 5)), (1, hangul_ext, (1, 2)), (1, ascii_letters(), (2, 8))],
            separators: [ascii_punct, chars("    ")].concat(),
        },
    }
}

fn configure(group: &mut BenchmarkGroup<'_, criterion::measurement::WallTime>) {
    group.measurement_time(Duration::from_secs(2));
    group.warm_up_time(Duration::from_millis(500));
    group.sample_size(20);
}

fn bench_decode(c: &mut Criterion, name: &str, ours: Encoding, theirs: &'static encoding_rs::Encoding, input: &[u8]) {
    let mut dst = vec![0u16; input.len() + 16];
    // Both must agree before their speed means anything.
    let r = Decoder::new(ours).decode_utf16(input, &mut dst, true, DecoderMode::Replacement);
    let expected = dst[..r.written].to_vec();
    let (_, _, written, _) = theirs.new_decoder_without_bom_handling().decode_to_utf16(input, &mut dst, true);
    assert_eq!(expected, dst[..written], "decode {name}: outputs differ");

    let mut group = c.benchmark_group(format!("decode {name}"));
    configure(&mut group);
    group.throughput(Throughput::Bytes(input.len() as u64));
    group.bench_function("ours", |b| {
        b.iter(|| {
            let mut decoder = Decoder::new(ours);
            black_box(decoder.decode_utf16(black_box(input), &mut dst, true, DecoderMode::Replacement).written)
        })
    });
    group.bench_function("encoding_rs", |b| {
        b.iter(|| {
            let mut decoder = theirs.new_decoder_without_bom_handling();
            black_box(decoder.decode_to_utf16(black_box(input), &mut dst, true).2)
        })
    });
    group.finish();
}

fn bench_encode(c: &mut Criterion, name: &str, ours: Encoding, theirs: &'static encoding_rs::Encoding, input: &[u16]) {
    let mut dst = vec![0u8; input.len() * 3 + 16];
    let r = Encoder::new(ours).unwrap().encode_from_utf16(input, &mut dst, true, EncoderMode::Fatal);
    assert_eq!(r.status, EncodeStatus::InputEmpty, "encode {name}: input not mappable");
    let expected = dst[..r.written].to_vec();
    let (res, _, written) = theirs.new_encoder().encode_from_utf16_without_replacement(input, &mut dst, true);
    assert_eq!(res, encoding_rs::EncoderResult::InputEmpty);
    assert_eq!(expected, dst[..written], "encode {name}: outputs differ");

    let mut group = c.benchmark_group(format!("encode {name}"));
    configure(&mut group);
    group.throughput(Throughput::Bytes((input.len() * 2) as u64));
    group.bench_function("ours", |b| {
        b.iter(|| {
            let mut encoder = Encoder::new(ours).unwrap();
            black_box(encoder.encode_from_utf16(black_box(input), &mut dst, true, EncoderMode::Fatal).written)
        })
    });
    group.bench_function("encoding_rs", |b| {
        b.iter(|| {
            let mut encoder = theirs.new_encoder();
            black_box(encoder.encode_from_utf16_without_replacement(black_box(input), &mut dst, true).2)
        })
    });
    group.finish();
}

fn throughput(c: &mut Criterion) {
    use encoding_rs as rs;
    use Encoding as E;
    let s = scripts();

    let decode_inputs: [(&str, E, &'static rs::Encoding, Vec<u8>); 10] = [
        ("ascii (utf-8)", E::Utf8, rs::UTF_8, encode_to_size(rs::UTF_8, &s.ascii, 1)),
        ("mixed utf-8", E::Utf8, rs::UTF_8, encode_to_size(rs::UTF_8, &s.mixed, 2)),
        ("windows-1252", E::Windows1252, rs::WINDOWS_1252, encode_to_size(rs::WINDOWS_1252, &s.western, 3)),
        ("shift_jis", E::ShiftJis, rs::SHIFT_JIS, encode_to_size(rs::SHIFT_JIS, &s.japanese, 4)),
        ("euc-jp", E::EucJp, rs::EUC_JP, encode_to_size(rs::EUC_JP, &s.japanese, 4)),
        ("gbk", E::Gbk, rs::GBK, encode_to_size(rs::GBK, &s.simplified, 5)),
        ("gb18030 (4-byte)", E::Gb18030, rs::GB18030, encode_to_size(rs::GB18030, &s.simplified_4byte, 6)),
        ("big5", E::Big5, rs::BIG5, encode_to_size(rs::BIG5, &s.traditional, 7)),
        ("euc-kr", E::EucKr, rs::EUC_KR, encode_to_size(rs::EUC_KR, &s.korean, 8)),
        ("utf-16le", E::Utf16Le, rs::UTF_16LE, {
            let units = utf16_to_size(&s.mixed, 9);
            units.iter().flat_map(|u| u.to_le_bytes()).collect()
        }),
    ];
    for (name, ours, theirs, input) in &decode_inputs {
        assert_eq!(input.len(), SIZE);
        bench_decode(c, name, *ours, theirs, input);
    }

    let encode_inputs: [(&str, E, &'static rs::Encoding, Vec<u16>); 5] = [
        ("utf-8 (mixed)", E::Utf8, rs::UTF_8, utf16_to_size(&s.mixed, 10)),
        ("shift_jis", E::ShiftJis, rs::SHIFT_JIS, utf16_to_size(&s.japanese, 11)),
        ("gbk", E::Gbk, rs::GBK, utf16_to_size(&s.simplified, 12)),
        ("big5", E::Big5, rs::BIG5, utf16_to_size(&s.traditional, 13)),
        ("euc-kr", E::EucKr, rs::EUC_KR, utf16_to_size(&s.korean, 14)),
    ];
    for (name, ours, theirs, input) in &encode_inputs {
        bench_encode(c, name, *ours, theirs, input);
    }
}

criterion_group!(benches, throughput);
criterion_main!(benches);
