//! [`Decoder`] and [`Encoder`]: one type for every encoding, chosen at run time.
//! Using them links every family and every table the build has; a program that
//! knows its encoding should name the family type (e.g. [`crate::Utf8Decoder`])
//! instead. Replacement is always in; each other family is a feature that
//! adds it (`utf`, whose part `utf16` adds UTF-16 alone, `single-byte`,
//! `japanese`, `chinese`, `big5`, `korean`, all on by default): without its feature an encoding's `Decoder`
//! decodes as replacement and its `Encoder::new` is `None`.

#[cfg(feature = "big5")]
use crate::big5::{Big5Decoder, Big5Encoder};
use crate::decode::{self, ByteHandler, DecodeResult, DecoderMode, Pending};
use crate::encode::{EncodeResult, EncodeStatus, EncoderMode};
#[cfg(feature = "japanese")]
use crate::euc_jp::{EucJpDecoder, EucJpEncoder};
#[cfg(feature = "korean")]
use crate::euc_kr::{EucKrDecoder, EucKrEncoder};
#[cfg(feature = "chinese")]
use crate::gb18030::{Gb18030Decoder, Gb18030Encoder};
#[cfg(feature = "japanese")]
use crate::iso_2022_jp::{Iso2022JpDecoder, Iso2022JpEncoder};
use crate::replacement::ReplacementDecoder;
#[cfg(feature = "japanese")]
use crate::shift_jis::{ShiftJisDecoder, ShiftJisEncoder};
#[cfg(feature = "single-byte")]
use crate::single_byte::{SingleByteDecoder, SingleByteEncoder};
#[cfg(feature = "utf16")]
use crate::utf16::Utf16Decoder;
#[cfg(feature = "utf")]
use crate::utf8::{Utf8Decoder, Utf8Encoder};
#[cfg(feature = "single-byte")]
use crate::x_user_defined::{XUserDefinedDecoder, XUserDefinedEncoder};
use crate::Encoding;

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum AnyDecoder {
    #[cfg(feature = "utf")]
    Utf8(Utf8Decoder),
    #[cfg(feature = "single-byte")]
    SingleByte(SingleByteDecoder),
    #[cfg(feature = "chinese")]
    Gb18030(Gb18030Decoder),
    #[cfg(feature = "big5")]
    Big5(Big5Decoder),
    #[cfg(feature = "japanese")]
    EucJp(EucJpDecoder),
    #[cfg(feature = "japanese")]
    Iso2022Jp(Iso2022JpDecoder),
    #[cfg(feature = "japanese")]
    ShiftJis(ShiftJisDecoder),
    #[cfg(feature = "korean")]
    EucKr(EucKrDecoder),
    Replacement(ReplacementDecoder),
    #[cfg(feature = "utf16")]
    Utf16(Utf16Decoder),
    #[cfg(feature = "single-byte")]
    XUserDefined(XUserDefinedDecoder),
}

macro_rules! each_decoder {
    ($value:expr, $d:ident => $body:expr) => {
        match $value {
            #[cfg(feature = "utf")]
            AnyDecoder::Utf8($d) => $body,
            #[cfg(feature = "single-byte")]
            AnyDecoder::SingleByte($d) => $body,
            #[cfg(feature = "chinese")]
            AnyDecoder::Gb18030($d) => $body,
            #[cfg(feature = "big5")]
            AnyDecoder::Big5($d) => $body,
            #[cfg(feature = "japanese")]
            AnyDecoder::EucJp($d) => $body,
            #[cfg(feature = "japanese")]
            AnyDecoder::Iso2022Jp($d) => $body,
            #[cfg(feature = "japanese")]
            AnyDecoder::ShiftJis($d) => $body,
            #[cfg(feature = "korean")]
            AnyDecoder::EucKr($d) => $body,
            AnyDecoder::Replacement($d) => $body,
            #[cfg(feature = "utf16")]
            AnyDecoder::Utf16($d) => $body,
            #[cfg(feature = "single-byte")]
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
            #[cfg(feature = "utf")]
            Utf8 => AnyDecoder::Utf8(Utf8Decoder::new()),
            #[cfg(feature = "chinese")]
            Gbk | Gb18030 => AnyDecoder::Gb18030(Gb18030Decoder::new()),
            #[cfg(feature = "big5")]
            Big5 => AnyDecoder::Big5(Big5Decoder::new()),
            #[cfg(feature = "japanese")]
            EucJp => AnyDecoder::EucJp(EucJpDecoder::new()),
            #[cfg(feature = "japanese")]
            Iso2022Jp => AnyDecoder::Iso2022Jp(Iso2022JpDecoder::new()),
            #[cfg(feature = "japanese")]
            ShiftJis => AnyDecoder::ShiftJis(ShiftJisDecoder::new()),
            #[cfg(feature = "korean")]
            EucKr => AnyDecoder::EucKr(EucKrDecoder::new()),
            Replacement => AnyDecoder::Replacement(ReplacementDecoder::new()),
            #[cfg(feature = "utf16")]
            Utf16Be => AnyDecoder::Utf16(Utf16Decoder::new(true)),
            #[cfg(feature = "utf16")]
            Utf16Le => AnyDecoder::Utf16(Utf16Decoder::new(false)),
            #[cfg(feature = "single-byte")]
            XUserDefined => AnyDecoder::XUserDefined(XUserDefinedDecoder::new()),
            #[cfg(feature = "single-byte")]
            single_byte => match SingleByteDecoder::new(single_byte) {
                Some(decoder) => AnyDecoder::SingleByte(decoder),
                // Every other encoding is single-byte; the generated enum and
                // `single_byte::index_for` are checked against each other by tests.
                None => AnyDecoder::Replacement(ReplacementDecoder::new()),
            },
            // Without its family (a build with the feature off) an encoding decodes as
            // replacement; the wasm layer never asks (src/wasm/standard.rs, `supported`).
            #[cfg(not(feature = "single-byte"))]
            _ => AnyDecoder::Replacement(ReplacementDecoder::new()),
        };
        Decoder { encoding, inner }
    }

    /// The encoding this decoder decodes.
    pub fn encoding(&self) -> Encoding {
        self.encoding
    }

    fn parts(&mut self) -> (&mut dyn ByteHandler, &mut Pending) {
        each_decoder!(&mut self.inner, d => d.parts())
    }

    fn parts_ref(&self) -> (&dyn ByteHandler, &Pending) {
        each_decoder!(&self.inner, d => d.parts_ref())
    }

    /// See [`crate::StreamDecoder::decode_utf16`].
    pub fn decode_utf16(&mut self, src: &[u8], dst: &mut [u16], last: bool, mode: DecoderMode) -> DecodeResult {
        let (handler, pending) = self.parts();
        decode::drive(handler, pending, src, dst, last, mode)
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
        let (handler, pending) = self.parts_ref();
        decode::save_state(handler, pending)
    }

    /// See [`crate::StreamDecoder::load_state`].
    pub fn load_state(&mut self, state: &[u8; 16]) {
        let (handler, pending) = self.parts();
        decode::load_state(handler, pending, state)
    }

    /// See [`crate::StreamDecoder::is_idle`].
    pub fn is_idle(&self) -> bool {
        let (handler, pending) = self.parts_ref();
        decode::is_idle(handler, pending)
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum AnyEncoder {
    #[cfg(feature = "utf")]
    Utf8(Utf8Encoder),
    #[cfg(feature = "single-byte")]
    SingleByte(SingleByteEncoder),
    #[cfg(feature = "chinese")]
    Gb18030(Gb18030Encoder),
    #[cfg(feature = "big5")]
    Big5(Big5Encoder),
    #[cfg(feature = "japanese")]
    EucJp(EucJpEncoder),
    #[cfg(feature = "japanese")]
    Iso2022Jp(Iso2022JpEncoder),
    #[cfg(feature = "japanese")]
    ShiftJis(ShiftJisEncoder),
    #[cfg(feature = "korean")]
    EucKr(EucKrEncoder),
    #[cfg(feature = "single-byte")]
    XUserDefined(XUserDefinedEncoder),
}

macro_rules! each_encoder {
    ($value:expr, $e:ident => $body:expr) => {
        match $value {
            #[cfg(feature = "utf")]
            AnyEncoder::Utf8($e) => $body,
            #[cfg(feature = "single-byte")]
            AnyEncoder::SingleByte($e) => $body,
            #[cfg(feature = "chinese")]
            AnyEncoder::Gb18030($e) => $body,
            #[cfg(feature = "big5")]
            AnyEncoder::Big5($e) => $body,
            #[cfg(feature = "japanese")]
            AnyEncoder::EucJp($e) => $body,
            #[cfg(feature = "japanese")]
            AnyEncoder::Iso2022Jp($e) => $body,
            #[cfg(feature = "japanese")]
            AnyEncoder::ShiftJis($e) => $body,
            #[cfg(feature = "korean")]
            AnyEncoder::EucKr($e) => $body,
            #[cfg(feature = "single-byte")]
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
            #[cfg(feature = "utf")]
            Utf8 => AnyEncoder::Utf8(Utf8Encoder::new()),
            #[cfg(feature = "chinese")]
            Gbk => AnyEncoder::Gb18030(Gb18030Encoder::new(true)),
            #[cfg(feature = "chinese")]
            Gb18030 => AnyEncoder::Gb18030(Gb18030Encoder::new(false)),
            #[cfg(feature = "big5")]
            Big5 => AnyEncoder::Big5(Big5Encoder::new()),
            #[cfg(feature = "japanese")]
            EucJp => AnyEncoder::EucJp(EucJpEncoder::new()),
            #[cfg(feature = "japanese")]
            Iso2022Jp => AnyEncoder::Iso2022Jp(Iso2022JpEncoder::new()),
            #[cfg(feature = "japanese")]
            ShiftJis => AnyEncoder::ShiftJis(ShiftJisEncoder::new()),
            #[cfg(feature = "korean")]
            EucKr => AnyEncoder::EucKr(EucKrEncoder::new()),
            #[cfg(feature = "single-byte")]
            XUserDefined => AnyEncoder::XUserDefined(XUserDefinedEncoder::new()),
            Replacement | Utf16Be | Utf16Le => return None,
            #[cfg(feature = "single-byte")]
            single_byte => AnyEncoder::SingleByte(SingleByteEncoder::new(single_byte)?),
            #[cfg(not(feature = "single-byte"))]
            _ => return None,
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

    /// [`Self::encode_from_utf16`] with each unmappable character written as
    /// '?', through the encoder (ISO-2022-JP may switch back to ASCII first:
    /// at most 4 bytes). A character whose '?' does not fit is given back
    /// (not counted in `read`) with status OutputFull, to be read again by the
    /// next call. Returns the result, never Unmappable, and how many
    /// characters were written as '?'. (The encode export's SUBSTITUTE flag
    /// and the CLI's transcoder.)
    pub fn encode_substituting(&mut self, src: &[u16], dst: &mut [u8], last: bool, mode: EncoderMode) -> (EncodeResult, usize) {
        let (mut read, mut written, mut substituted) = (0, 0, 0);
        loop {
            let r = self.encode_from_utf16(&src[read..], &mut dst[written..], last, mode);
            read += r.read;
            written += r.written;
            let status = match r.status {
                EncodeStatus::Unmappable(c) => {
                    let q = self.encode_from_utf16(&[u16::from(b'?')], &mut dst[written..], false, mode);
                    if q.status == EncodeStatus::InputEmpty && q.read == 1 {
                        written += q.written;
                        substituted += 1;
                        continue;
                    }
                    read -= c.len_utf16();
                    EncodeStatus::OutputFull
                }
                status => status,
            };
            return (EncodeResult { status, read, written }, substituted);
        }
    }

    /// See [`crate::StreamEncoder::max_len`].
    pub fn max_len(&self, src_len: usize, mode: EncoderMode) -> Option<usize> {
        each_encoder!(&self.inner, e => e.max_len(src_len, mode))
    }

    /// See [`crate::StreamEncoder::reset`].
    pub fn reset(&mut self) {
        each_encoder!(&mut self.inner, e => e.reset())
    }

    /// See [`crate::StreamEncoder::holds_lead_surrogate`].
    pub(crate) fn holds_lead_surrogate(&self) -> bool {
        each_encoder!(&self.inner, e => e.holds_lead_surrogate())
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
