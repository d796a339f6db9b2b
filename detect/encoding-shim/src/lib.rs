//! The part of encoding_rs's API that chardetng 1.0 calls, over
//! text-encoding-wasm's decoders (detect/Cargo.toml substitutes this crate for
//! encoding_rs). chardetng needs, from encoding_rs:
//! - `&'static Encoding` values to name its candidates and its guess (and the
//!   `*_INIT` statics behind them, which its data tables point at), compared
//!   with `==`, and `name()`;
//! - `Encoding::ascii_valid_up_to`;
//! - decoders for UTF-8, ISO-2022-JP, Shift_JIS, EUC-JP, EUC-KR, Big5 and GBK
//!   (`new_decoder_without_bom_handling`), called through
//!   `decode_to_utf16_without_replacement` (the CJK candidates, one byte at a
//!   time, reading the `Malformed` length) and `decode_to_utf8_without_replacement`
//!   (UTF-8, for validity only).
//! Both implement the same standard, so the decoded code points and where errors
//! are reported are the same; detect/shim-oracle checks the results (including
//! the `Malformed` lengths) against encoding_rs itself, fed as chardetng feeds.
#![no_std]

use text_encoding_wasm::big5::Big5Decoder;
use text_encoding_wasm::euc_jp::EucJpDecoder;
use text_encoding_wasm::euc_kr::EucKrDecoder;
use text_encoding_wasm::gb18030::Gb18030Decoder;
use text_encoding_wasm::iso_2022_jp::Iso2022JpDecoder;
use text_encoding_wasm::shift_jis::ShiftJisDecoder;
use text_encoding_wasm::{DecodeStatus, DecoderMode, Utf8Decoder};

/// An encoding chardetng can name. Compared by identity of the standard's
/// encoding, as encoding_rs's are by address.
#[derive(Debug, PartialEq, Eq)]
pub struct Encoding(text_encoding_wasm::Encoding);

macro_rules! encodings {
    ($($init:ident, $name:ident, $variant:ident;)*) => {
        $(
            pub static $init: Encoding = Encoding(text_encoding_wasm::Encoding::$variant);
            pub static $name: &Encoding = &$init;
        )*
    };
}

encodings! {
    UTF_8_INIT, UTF_8, Utf8;
    ISO_2022_JP_INIT, ISO_2022_JP, Iso2022Jp;
    SHIFT_JIS_INIT, SHIFT_JIS, ShiftJis;
    EUC_JP_INIT, EUC_JP, EucJp;
    EUC_KR_INIT, EUC_KR, EucKr;
    BIG5_INIT, BIG5, Big5;
    GBK_INIT, GBK, Gbk;
    IBM866_INIT, IBM866, Ibm866;
    ISO_8859_2_INIT, ISO_8859_2, Iso8859_2;
    ISO_8859_4_INIT, ISO_8859_4, Iso8859_4;
    ISO_8859_5_INIT, ISO_8859_5, Iso8859_5;
    ISO_8859_6_INIT, ISO_8859_6, Iso8859_6;
    ISO_8859_7_INIT, ISO_8859_7, Iso8859_7;
    ISO_8859_8_INIT, ISO_8859_8, Iso8859_8;
    ISO_8859_13_INIT, ISO_8859_13, Iso8859_13;
    KOI8_U_INIT, KOI8_U, Koi8U;
    WINDOWS_874_INIT, WINDOWS_874, Windows874;
    WINDOWS_1250_INIT, WINDOWS_1250, Windows1250;
    WINDOWS_1251_INIT, WINDOWS_1251, Windows1251;
    WINDOWS_1252_INIT, WINDOWS_1252, Windows1252;
    WINDOWS_1253_INIT, WINDOWS_1253, Windows1253;
    WINDOWS_1254_INIT, WINDOWS_1254, Windows1254;
    WINDOWS_1255_INIT, WINDOWS_1255, Windows1255;
    WINDOWS_1256_INIT, WINDOWS_1256, Windows1256;
    WINDOWS_1257_INIT, WINDOWS_1257, Windows1257;
    WINDOWS_1258_INIT, WINDOWS_1258, Windows1258;
}

impl Encoding {
    /// The standard's name of the encoding (as encoding_rs's `name()`).
    pub fn name(&'static self) -> &'static str {
        self.0.name()
    }

    /// A decoder; chardetng asks only for the seven encodings it decodes, and
    /// any other gets a UTF-8 one (never reached).
    pub fn new_decoder_without_bom_handling(&'static self) -> Decoder {
        use text_encoding_wasm::Encoding as E;
        let inner = match self.0 {
            E::Iso2022Jp => Inner::Iso2022Jp(Iso2022JpDecoder::new()),
            E::ShiftJis => Inner::ShiftJis(ShiftJisDecoder::new()),
            E::EucJp => Inner::EucJp(EucJpDecoder::new()),
            E::EucKr => Inner::EucKr(EucKrDecoder::new()),
            E::Big5 => Inner::Big5(Big5Decoder::new()),
            E::Gbk | E::Gb18030 => Inner::Gbk(Gb18030Decoder::new()),
            _ => Inner::Utf8(Utf8Decoder::new()),
        };
        Decoder { inner, held: 0, gbk: self.0 == E::Gbk }
    }

    /// The length of the longest all-ASCII prefix.
    pub fn ascii_valid_up_to(bytes: &[u8]) -> usize {
        bytes.iter().position(|b| !b.is_ascii()).unwrap_or(bytes.len())
    }
}

/// As encoding_rs's: the input was used up, the output is full, or an error,
/// with the length of the malformed sequence and the number of bytes consumed
/// after it (always 0 here: every family reports its error at the byte that
/// shows it, as encoding_rs does).
#[derive(Debug, PartialEq, Eq, Copy, Clone)]
pub enum DecoderResult {
    InputEmpty,
    OutputFull,
    Malformed(u8, u8),
}

enum Inner {
    Utf8(Utf8Decoder),
    Iso2022Jp(Iso2022JpDecoder),
    ShiftJis(ShiftJisDecoder),
    EucJp(EucJpDecoder),
    EucKr(EucKrDecoder),
    Big5(Big5Decoder),
    Gbk(Gb18030Decoder),
}

pub struct Decoder {
    inner: Inner,
    /// Bytes of an unfinished sequence consumed by earlier calls (for the
    /// `Malformed` length).
    held: usize,
    gbk: bool,
}

impl Decoder {
    fn run(&mut self, src: &[u8], dst: &mut [u16], last: bool) -> (DecodeStatus, usize, usize, bool) {
        let mode = DecoderMode::Fatal;
        macro_rules! go {
            ($d:expr) => {{
                let r = $d.decode_utf16(src, dst, last, mode);
                (r.status, r.read, r.written, $d.is_idle())
            }};
        }
        match &mut self.inner {
            Inner::Utf8(d) => go!(d),
            Inner::Iso2022Jp(d) => go!(d),
            Inner::ShiftJis(d) => go!(d),
            Inner::EucJp(d) => go!(d),
            Inner::EucKr(d) => go!(d),
            Inner::Big5(d) => go!(d),
            Inner::Gbk(d) => go!(d),
        }
    }

    /// Decodes without replacement, as encoding_rs's: (result, read, written).
    pub fn decode_to_utf16_without_replacement(
        &mut self,
        src: &[u8],
        dst: &mut [u16],
        last: bool,
    ) -> (DecoderResult, usize, usize) {
        let (status, read, written, idle) = self.run(src, dst, last);
        let result = match status {
            DecodeStatus::InputEmpty => DecoderResult::InputEmpty,
            DecodeStatus::OutputFull => DecoderResult::OutputFull,
            DecodeStatus::Malformed => {
                // The malformed sequence: the bytes held from earlier calls and
                // those of this call since its last output, less what the
                // standard restores to the input. Only gb18030 restores bytes of
                // earlier calls (its second and third bytes, with the current
                // one, which is then not read, on a third byte that is no lead
                // or a fourth that is no digit): then the sequence is the first
                // byte alone. detect/shim-oracle checks this against encoding_rs.
                let restored = self.gbk && self.held >= 2 && read == 0 && !src.is_empty();
                let length = if restored { 1 } else { (self.held + read).max(1) };
                self.held = 0;
                return (DecoderResult::Malformed(length.min(8) as u8, 0), read, written);
            }
        };
        self.held = if idle { 0 } else if written > 0 { 1.min(read) } else { self.held + read };
        (result, read, written)
    }

    /// Decodes to UTF-8 for validity: chardetng's UTF-8 candidate reads only the
    /// result and `read`, so the output is counted, not converted.
    pub fn decode_to_utf8_without_replacement(
        &mut self,
        src: &[u8],
        dst: &mut [u8],
        last: bool,
    ) -> (DecoderResult, usize, usize) {
        let mut units = [0u16; 256];
        let room = (dst.len() / 3).min(units.len());
        let (result, read, _) = self.decode_to_utf16_without_replacement(src, &mut units[..room], last);
        (result, read, 0)
    }
}
