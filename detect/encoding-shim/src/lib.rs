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

use text_encoding_wasm::{DecodeStatus, DecoderMode, Utf8Decoder};

mod host;

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

    /// Not encoding_rs's: the encoding's index in the standard's table (as
    /// text-encoding-wasm numbers encodings), which the detector reports.
    pub fn index(&'static self) -> u8 {
        self.0 as u8
    }

    /// A decoder; chardetng asks only for the seven encodings it decodes.
    /// UTF-8 is this module's own (the main module has no UTF-8 decoder: the
    /// package decodes UTF-8 in JavaScript); the others are the main module's
    /// (module `host`), and this decoder keeps their 16 state bytes.
    pub fn new_decoder_without_bom_handling(&'static self) -> Decoder {
        use text_encoding_wasm::Encoding as E;
        let is_utf8 = self.0 == E::Utf8;
        Decoder {
            utf8: Utf8Decoder::new(),
            index: self.0 as u8,
            state: None,
            held: 0,
            idle: true,
            ascii_is_itself: !is_utf8 && self.0 != E::Iso2022Jp,
            is_utf8,
            gbk: self.0 == E::Gbk,
        }
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

pub struct Decoder {
    /// UTF-8's decoder (used when `is_utf8`).
    utf8: Utf8Decoder,
    /// The encoding's index in the standard's table, for the main module.
    index: u8,
    /// The main module's decoder state (None: a new decoder).
    state: Option<host::State>,
    /// Bytes of an unfinished sequence consumed by earlier calls (for the
    /// `Malformed` length).
    held: usize,
    /// The decoder holds no bytes (as the main module reports after each call).
    idle: bool,
    is_utf8: bool,
    /// Shift_JIS, EUC-JP, EUC-KR, Big5, GBK: a decoder holding no bytes
    /// decodes an ASCII byte to itself (the spec's handlers' first step), so
    /// that needs no call into the main module.
    ascii_is_itself: bool,
    gbk: bool,
}

impl Decoder {
    /// (status, read, written, idle), as a decode_utf16 of the decoder would.
    fn run(&mut self, src: &[u8], dst: &mut [u16], last: bool) -> (DecodeStatus, usize, usize, bool) {
        if self.is_utf8 {
            let r = self.utf8.decode_utf16(src, dst, last, DecoderMode::Fatal);
            return (r.status, r.read, r.written, self.utf8.is_idle());
        }
        if self.ascii_is_itself && self.idle && src.len() == 1 && src[0] < 0x80 && !dst.is_empty() {
            dst[0] = u16::from(src[0]);
            return (DecodeStatus::InputEmpty, 1, 1, true);
        }
        // At most dst.len() - 3 bytes per call, so that the units fit (a
        // call writes at most its length + 3 units: src/decode.rs); more
        // input is left for the next call, as with a full buffer.
        let n = src.len().min(dst.len().saturating_sub(3).max(1)).min(host::MAX_LEN);
        let (status, read, written, idle) =
            host::decode(self.index, &mut self.state, &src[..n], dst, last && n == src.len());
        let status = if status == DecodeStatus::InputEmpty && n < src.len() { DecodeStatus::OutputFull } else { status };
        (status, read, written, idle)
    }

    /// Decodes without replacement, as encoding_rs's: (result, read, written).
    pub fn decode_to_utf16_without_replacement(
        &mut self,
        src: &[u8],
        dst: &mut [u16],
        last: bool,
    ) -> (DecoderResult, usize, usize) {
        let (status, read, written, idle) = self.run(src, dst, last);
        self.idle = idle && status != DecodeStatus::Malformed;
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
