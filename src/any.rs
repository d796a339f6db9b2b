//! [`Decoder`] and [`Encoder`]: one type for every encoding, chosen at run time.
//! Using them links every family and every table; a program that knows its
//! encoding should name the family type (e.g. [`crate::Utf8Decoder`]) instead.

use crate::big5::{Big5Decoder, Big5Encoder};
use crate::decode::{DecodeResult, DecoderMode};
use crate::encode::{EncodeResult, EncoderMode};
use crate::euc_jp::{EucJpDecoder, EucJpEncoder};
use crate::euc_kr::{EucKrDecoder, EucKrEncoder};
use crate::gb18030::{Gb18030Decoder, Gb18030Encoder};
use crate::iso_2022_jp::{Iso2022JpDecoder, Iso2022JpEncoder};
use crate::replacement::ReplacementDecoder;
use crate::shift_jis::{ShiftJisDecoder, ShiftJisEncoder};
use crate::single_byte::{SingleByteDecoder, SingleByteEncoder};
use crate::utf16::Utf16Decoder;
use crate::utf8::{Utf8Decoder, Utf8Encoder};
use crate::x_user_defined::{XUserDefinedDecoder, XUserDefinedEncoder};
use crate::Encoding;

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum AnyDecoder {
    Utf8(Utf8Decoder),
    SingleByte(SingleByteDecoder),
    Gb18030(Gb18030Decoder),
    Big5(Big5Decoder),
    EucJp(EucJpDecoder),
    Iso2022Jp(Iso2022JpDecoder),
    ShiftJis(ShiftJisDecoder),
    EucKr(EucKrDecoder),
    Replacement(ReplacementDecoder),
    Utf16(Utf16Decoder),
    XUserDefined(XUserDefinedDecoder),
}

macro_rules! each_decoder {
    ($value:expr, $d:ident => $body:expr) => {
        match $value {
            AnyDecoder::Utf8($d) => $body,
            AnyDecoder::SingleByte($d) => $body,
            AnyDecoder::Gb18030($d) => $body,
            AnyDecoder::Big5($d) => $body,
            AnyDecoder::EucJp($d) => $body,
            AnyDecoder::Iso2022Jp($d) => $body,
            AnyDecoder::ShiftJis($d) => $body,
            AnyDecoder::EucKr($d) => $body,
            AnyDecoder::Replacement($d) => $body,
            AnyDecoder::Utf16($d) => $body,
            AnyDecoder::XUserDefined($d) => $body,
        }
    };
}

/// A streaming decoder for any encoding (an instance of the encoding's decoder).
/// BOM handling is the caller's (see [`Encoding::sniff_bom`]), as in the spec.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Decoder {
    encoding: Encoding,
    inner: AnyDecoder,
}

impl Decoder {
    /// A new decoder for `encoding`.
    pub fn new(encoding: Encoding) -> Decoder {
        use Encoding::*;
        let inner = match encoding {
            Utf8 => AnyDecoder::Utf8(Utf8Decoder::new()),
            Gbk | Gb18030 => AnyDecoder::Gb18030(Gb18030Decoder::new()),
            Big5 => AnyDecoder::Big5(Big5Decoder::new()),
            EucJp => AnyDecoder::EucJp(EucJpDecoder::new()),
            Iso2022Jp => AnyDecoder::Iso2022Jp(Iso2022JpDecoder::new()),
            ShiftJis => AnyDecoder::ShiftJis(ShiftJisDecoder::new()),
            EucKr => AnyDecoder::EucKr(EucKrDecoder::new()),
            Replacement => AnyDecoder::Replacement(ReplacementDecoder::new()),
            Utf16Be => AnyDecoder::Utf16(Utf16Decoder::new(true)),
            Utf16Le => AnyDecoder::Utf16(Utf16Decoder::new(false)),
            XUserDefined => AnyDecoder::XUserDefined(XUserDefinedDecoder::new()),
            single_byte => match SingleByteDecoder::new(single_byte) {
                Some(decoder) => AnyDecoder::SingleByte(decoder),
                // Every other encoding is single-byte; the generated enum and
                // `single_byte::index_for` are checked against each other by tests.
                None => AnyDecoder::Replacement(ReplacementDecoder::new()),
            },
        };
        Decoder { encoding, inner }
    }

    /// The encoding this decoder decodes.
    pub fn encoding(&self) -> Encoding {
        self.encoding
    }

    /// See [`crate::StreamDecoder::decode_utf16`].
    pub fn decode_utf16(&mut self, src: &[u8], dst: &mut [u16], last: bool, mode: DecoderMode) -> DecodeResult {
        each_decoder!(&mut self.inner, d => d.decode_utf16(src, dst, last, mode))
    }

    /// See [`crate::StreamDecoder::max_utf16_len`].
    pub fn max_utf16_len(&self, src_len: usize) -> Option<usize> {
        each_decoder!(&self.inner, d => d.max_utf16_len(src_len))
    }

    /// See [`crate::StreamDecoder::reset`].
    pub fn reset(&mut self) {
        each_decoder!(&mut self.inner, d => d.reset())
    }

    /// See [`crate::StreamDecoder::save_state`].
    pub fn save_state(&self) -> [u8; 16] {
        each_decoder!(&self.inner, d => d.save_state())
    }

    /// See [`crate::StreamDecoder::load_state`].
    pub fn load_state(&mut self, state: &[u8; 16]) {
        each_decoder!(&mut self.inner, d => d.load_state(state))
    }

    /// See [`crate::StreamDecoder::is_idle`].
    pub fn is_idle(&self) -> bool {
        each_decoder!(&self.inner, d => d.is_idle())
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum AnyEncoder {
    Utf8(Utf8Encoder),
    SingleByte(SingleByteEncoder),
    Gb18030(Gb18030Encoder),
    Big5(Big5Encoder),
    EucJp(EucJpEncoder),
    Iso2022Jp(Iso2022JpEncoder),
    ShiftJis(ShiftJisEncoder),
    EucKr(EucKrEncoder),
    XUserDefined(XUserDefinedEncoder),
}

macro_rules! each_encoder {
    ($value:expr, $e:ident => $body:expr) => {
        match $value {
            AnyEncoder::Utf8($e) => $body,
            AnyEncoder::SingleByte($e) => $body,
            AnyEncoder::Gb18030($e) => $body,
            AnyEncoder::Big5($e) => $body,
            AnyEncoder::EucJp($e) => $body,
            AnyEncoder::Iso2022Jp($e) => $body,
            AnyEncoder::ShiftJis($e) => $body,
            AnyEncoder::EucKr($e) => $body,
            AnyEncoder::XUserDefined($e) => $body,
        }
    };
}

/// A streaming encoder for any encoding that has one.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Encoder {
    encoding: Encoding,
    inner: AnyEncoder,
}

impl Encoder {
    /// "Get an encoder" (spec §6.1): a new encoder for `encoding`, or `None` for
    /// replacement and UTF-16BE/LE, which have none (use
    /// [`Encoding::output_encoding`] first, as form submission and URLs do).
    pub fn new(encoding: Encoding) -> Option<Encoder> {
        use Encoding::*;
        let inner = match encoding {
            Utf8 => AnyEncoder::Utf8(Utf8Encoder::new()),
            Gbk => AnyEncoder::Gb18030(Gb18030Encoder::new(true)),
            Gb18030 => AnyEncoder::Gb18030(Gb18030Encoder::new(false)),
            Big5 => AnyEncoder::Big5(Big5Encoder::new()),
            EucJp => AnyEncoder::EucJp(EucJpEncoder::new()),
            Iso2022Jp => AnyEncoder::Iso2022Jp(Iso2022JpEncoder::new()),
            ShiftJis => AnyEncoder::ShiftJis(ShiftJisEncoder::new()),
            EucKr => AnyEncoder::EucKr(EucKrEncoder::new()),
            XUserDefined => AnyEncoder::XUserDefined(XUserDefinedEncoder::new()),
            Replacement | Utf16Be | Utf16Le => return None,
            single_byte => AnyEncoder::SingleByte(SingleByteEncoder::new(single_byte)?),
        };
        Some(Encoder { encoding, inner })
    }

    /// The encoding this encoder encodes to.
    pub fn encoding(&self) -> Encoding {
        self.encoding
    }

    /// See [`crate::StreamEncoder::encode_from_utf16`].
    pub fn encode_from_utf16(&mut self, src: &[u16], dst: &mut [u8], last: bool, mode: EncoderMode) -> EncodeResult {
        each_encoder!(&mut self.inner, e => e.encode_from_utf16(src, dst, last, mode))
    }

    /// See [`crate::StreamEncoder::max_len`].
    pub fn max_len(&self, src_len: usize, mode: EncoderMode) -> Option<usize> {
        each_encoder!(&self.inner, e => e.max_len(src_len, mode))
    }

    /// See [`crate::StreamEncoder::reset`].
    pub fn reset(&mut self) {
        each_encoder!(&mut self.inner, e => e.reset())
    }

    /// See [`crate::StreamEncoder::save_state`].
    pub fn save_state(&self) -> [u8; 4] {
        each_encoder!(&self.inner, e => e.save_state())
    }

    /// See [`crate::StreamEncoder::load_state`].
    pub fn load_state(&mut self, state: &[u8; 4]) {
        each_encoder!(&mut self.inner, e => e.load_state(state))
    }
}
