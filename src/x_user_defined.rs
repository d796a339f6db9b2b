//! x-user-defined (spec §14.5): bytes 0x80-0xFF map to U+F780-U+F7FF.

use crate::decode::{ByteHandler, StreamDecoder, Step};
use crate::encode::{Emit, ScalarHandler, StreamEncoder};

/// The x-user-defined decoder's handler (spec §14.5.1). It has no state and never errs.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct XUserDefinedHandler;

/// A streaming x-user-defined decoder.
pub type XUserDefinedDecoder = StreamDecoder<XUserDefinedHandler>;

impl XUserDefinedDecoder {
    /// A new x-user-defined decoder.
    pub const fn new() -> Self {
        StreamDecoder::with_handler(XUserDefinedHandler)
    }
}

impl Default for XUserDefinedDecoder {
    fn default() -> Self {
        Self::new()
    }
}

fn decode_byte(byte: u8) -> u16 {
    if byte < 0x80 {
        u16::from(byte)
    } else {
        0xF780 + u16::from(byte) - 0x80
    }
}

impl ByteHandler for XUserDefinedHandler {
    fn byte(&mut self, byte: u8) -> Step {
        Step::Bmp(decode_byte(byte))
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
        let n = src.len().min(dst.len());
        for (slot, &byte) in dst.iter_mut().zip(src.iter()) {
            *slot = decode_byte(byte);
        }
        (n, n)
    }
}

/// The x-user-defined encoder's handler (spec §14.5.2).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct XUserDefinedEncodeHandler;

/// A streaming x-user-defined encoder.
pub type XUserDefinedEncoder = StreamEncoder<XUserDefinedEncodeHandler>;

impl XUserDefinedEncoder {
    /// A new x-user-defined encoder.
    pub const fn new() -> Self {
        StreamEncoder::with_handler(XUserDefinedEncodeHandler)
    }
}

impl Default for XUserDefinedEncoder {
    fn default() -> Self {
        Self::new()
    }
}

impl ScalarHandler for XUserDefinedEncodeHandler {
    fn max_bytes_per_unit(&self) -> usize {
        1
    }

    fn scalar(&mut self, cp: u32) -> Emit {
        match cp {
            0..=0x7F => Emit::one(cp as u8),
            0xF780..=0xF7FF => Emit::one((cp - 0xF780 + 0x80) as u8),
            _ => Emit::error(cp),
        }
    }
}
