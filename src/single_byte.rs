//! The 28 legacy single-byte encodings (spec §9): one decoder and one encoder,
//! parameterised by the encoding's index single-byte.

use crate::decode::{ByteHandler, Restore, StreamDecoder, Step};
use crate::encode::{self, Emit, ScalarHandler, StreamEncoder};
#[cfg(not(feature = "shared-tables"))]
use crate::generated::single_byte as tables;
use crate::tables::{reverse, ReverseMap, Source};
use crate::Encoding;
use once_cell::race::OnceBox;

/// An index single-byte: byte - 0x80 -> code point, 0 where there is none.
type Index = &'static [u16; 128];

/// The index of a single-byte encoding and the slot of its reverse map
/// (ISO-8859-8 and ISO-8859-8-I share both), or `None` for other encodings
/// (and, with the feature "shared-tables", until the indexes are provided).
pub fn index_for(encoding: Encoding) -> Option<(Index, usize)> {
    use Encoding::*;
    let slot = match encoding {
        Ibm866 => 0,
        Iso8859_2 => 1,
        Iso8859_3 => 2,
        Iso8859_4 => 3,
        Iso8859_5 => 4,
        Iso8859_6 => 5,
        Iso8859_7 => 6,
        Iso8859_8 | Iso8859_8I => 7,
        Iso8859_10 => 8,
        Iso8859_13 => 9,
        Iso8859_14 => 10,
        Iso8859_15 => 11,
        Iso8859_16 => 12,
        Koi8R => 13,
        Koi8U => 14,
        Macintosh => 15,
        Windows874 => 16,
        Windows1250 => 17,
        Windows1251 => 18,
        Windows1252 => 19,
        Windows1253 => 20,
        Windows1254 => 21,
        Windows1255 => 22,
        Windows1256 => 23,
        Windows1257 => 24,
        Windows1258 => 25,
        XMacCyrillic => 26,
        _ => return None,
    };
    Some((table(slot)?, slot))
}

/// The index single-byte in `slot` (as [`index_for`] numbers them).
#[cfg(not(feature = "shared-tables"))]
pub(crate) fn table(slot: usize) -> Option<Index> {
    static TABLES: [Index; SLOTS] = [
        &tables::IBM866,
        &tables::ISO_8859_2,
        &tables::ISO_8859_3,
        &tables::ISO_8859_4,
        &tables::ISO_8859_5,
        &tables::ISO_8859_6,
        &tables::ISO_8859_7,
        &tables::ISO_8859_8,
        &tables::ISO_8859_10,
        &tables::ISO_8859_13,
        &tables::ISO_8859_14,
        &tables::ISO_8859_15,
        &tables::ISO_8859_16,
        &tables::KOI8_R,
        &tables::KOI8_U,
        &tables::MACINTOSH,
        &tables::WINDOWS_874,
        &tables::WINDOWS_1250,
        &tables::WINDOWS_1251,
        &tables::WINDOWS_1252,
        &tables::WINDOWS_1253,
        &tables::WINDOWS_1254,
        &tables::WINDOWS_1255,
        &tables::WINDOWS_1256,
        &tables::WINDOWS_1257,
        &tables::WINDOWS_1258,
        &tables::X_MAC_CYRILLIC,
    ];
    TABLES.get(slot).copied()
}

/// The index single-byte in `slot`, from the 27 indexes provided from outside
/// (feature "shared-tables": `crate::tables::provide_index(5)`, which the
/// encoders module's host fills with the main module's, js/copy-index.js:
/// 2.8 KB gzip it does not carry).
#[cfg(feature = "shared-tables")]
pub(crate) fn table(slot: usize) -> Option<Index> {
    crate::tables::single_byte().get(slot * 128..)?.get(..128)?.try_into().ok()
}

/// The number of distinct single-byte indexes (and reverse maps).
pub(crate) const SLOTS: usize = 27;

/// The single-byte decoder's handler (spec §9.1). It has no state.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SingleByteHandler {
    index: Index,
}

/// A streaming decoder for one single-byte encoding.
pub type SingleByteDecoder = StreamDecoder<SingleByteHandler>;

impl SingleByteDecoder {
    /// A decoder for `encoding`, or `None` if it is not a single-byte encoding.
    pub fn new(encoding: Encoding) -> Option<Self> {
        index_for(encoding).map(|(index, _)| StreamDecoder::with_handler(SingleByteHandler { index }))
    }
}

impl ByteHandler for SingleByteHandler {
    fn byte(&mut self, byte: u8) -> Step {
        if byte < 0x80 {
            return Step::Bmp(u16::from(byte));
        }
        match self.index[usize::from(byte & 0x7F)] {
            0 => Step::Error(Restore::NONE),
            cp => Step::Bmp(cp),
        }
    }

    fn end(&mut self) -> Step {
        Step::Finished
    }

    fn is_idle(&self) -> bool {
        true
    }

    fn reset(&mut self) {}

    fn save(&self) -> [u8; 8] {
        [0; 8]
    }

    fn load(&mut self, _state: [u8; 8]) {}

    fn fast(&mut self, src: &[u8], dst: &mut [u16]) -> (usize, usize) {
        let limit = src.len().min(dst.len());
        let mut n = 0;
        while n < limit {
            let byte = src[n];
            if byte < 0x80 {
                n += crate::decode::copy_ascii(&src[n..limit], &mut dst[n..limit]);
                continue;
            }
            match self.index[usize::from(byte & 0x7F)] {
                0 => break,
                cp => dst[n] = cp,
            }
            n += 1;
        }
        (n, n)
    }
}

/// The single-byte encoder's handler (spec §9.2).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SingleByteEncodeHandler {
    index: Index,
    slot: usize,
}

/// A streaming encoder for one single-byte encoding.
pub type SingleByteEncoder = StreamEncoder<SingleByteEncodeHandler>;

impl SingleByteEncoder {
    /// An encoder for `encoding`, or `None` if it is not a single-byte encoding.
    pub fn new(encoding: Encoding) -> Option<Self> {
        index_for(encoding).map(|(index, slot)| StreamEncoder::with_handler(SingleByteEncodeHandler { index, slot }))
    }
}

impl SingleByteEncodeHandler {
    /// "Index pointer" for the encoding's index: built at first use.
    fn reverse(&self) -> &'static ReverseMap {
        static MAPS: [OnceBox<ReverseMap>; SLOTS] = [const { OnceBox::new() }; SLOTS];
        let index = self.index;
        reverse::lazy(&MAPS[self.slot % SLOTS], || Source::U16(index), 0..0, &[])
    }
}

impl ScalarHandler for SingleByteEncodeHandler {
    fn max_bytes_per_unit(&self) -> usize {
        1
    }

    fn scalar(&mut self, cp: u32) -> Emit {
        if cp < 0x80 {
            return Emit::one(cp as u8);
        }
        match self.reverse().get(cp) {
            Some(pointer) => Emit::one(pointer as u8 + 0x80),
            None => Emit::error(cp),
        }
    }

    fn fast(&mut self, src: &[u16], dst: &mut [u8]) -> (usize, usize) {
        let mut n = encode::copy_ascii(src, dst);
        if n == src.len().min(dst.len()) {
            return (n, n);
        }
        let reverse = self.reverse();
        while n < src.len() && n < dst.len() {
            let unit = src[n];
            dst[n] = if unit < 0x80 {
                unit as u8
            } else {
                match reverse.get(u32::from(unit)) {
                    Some(pointer) => pointer as u8 + 0x80,
                    None => break,
                }
            };
            n += 1;
        }
        (n, n)
    }
}
