//! EUC-JP (spec §12.1): JIS X 0208 in two bytes, halfwidth katakana after 0x8E,
//! JIS X 0212 after 0x8F (decoding only).

use crate::decode::{copy_ascii, ByteHandler, Restore, StreamDecoder, Step};
use crate::encode::{self, Emit, ScalarHandler, StreamEncoder};
use crate::tables;

/// The EUC-JP decoder's handler (spec §12.1.1).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct EucJpHandler {
    jis0212: bool,
    lead: u8,
}

/// A streaming EUC-JP decoder.
pub type EucJpDecoder = StreamDecoder<EucJpHandler>;

impl EucJpDecoder {
    /// A new EUC-JP decoder.
    pub const fn new() -> Self {
        StreamDecoder::with_handler(EucJpHandler { jis0212: false, lead: 0 })
    }
}

impl Default for EucJpDecoder {
    fn default() -> Self {
        Self::new()
    }
}

impl ByteHandler for EucJpHandler {
    fn byte(&mut self, byte: u8) -> Step {
        // Step 3.
        if self.lead == 0x8E && (0xA1..=0xDF).contains(&byte) {
            self.lead = 0;
            return Step::Bmp(0xFF61 - 0xA1 + u16::from(byte));
        }
        // Step 4.
        if self.lead == 0x8F && (0xA1..=0xFE).contains(&byte) {
            self.jis0212 = true;
            self.lead = byte;
            return Step::Continue;
        }
        // Step 5.
        if self.lead != 0 {
            let lead = self.lead;
            self.lead = 0;
            let mut cp = None;
            if (0xA1..=0xFE).contains(&lead) && (0xA1..=0xFE).contains(&byte) {
                let pointer = usize::from(lead - 0xA1) * 94 + usize::from(byte - 0xA1);
                let index = if self.jis0212 { tables::jis0212() } else { tables::jis0208() };
                cp = tables::code_point(index, pointer);
            }
            self.jis0212 = false;
            return match cp {
                Some(cp) => Step::Bmp(cp),
                None if byte < 0x80 => Step::Error(Restore::CURRENT),
                None => Step::Error(Restore::NONE),
            };
        }
        // Steps 6-8.
        match byte {
            0x00..=0x7F => Step::Bmp(u16::from(byte)),
            0x8E | 0x8F | 0xA1..=0xFE => {
                self.lead = byte;
                Step::Continue
            }
            _ => Step::Error(Restore::NONE),
        }
    }

    fn end(&mut self) -> Step {
        // Step 1. (Clearing jis0212 too is unobservable: the stream is over.)
        *self = EucJpHandler::default();
        Step::Error(Restore::NONE)
    }

    fn is_idle(&self) -> bool {
        self.lead == 0
    }

    fn reset(&mut self) {
        *self = EucJpHandler::default();
    }

    fn save(&self) -> [u8; 8] {
        [self.lead, u8::from(self.jis0212), 0, 0, 0, 0, 0, 0]
    }

    fn load(&mut self, state: [u8; 8]) {
        let lead = if matches!(state[0], 0x8E | 0x8F | 0xA1..=0xFE) { state[0] } else { 0 };
        *self = EucJpHandler { lead, jis0212: lead != 0 && state[1] == 1 };
    }

    fn fast(&mut self, src: &[u8], dst: &mut [u16]) -> (usize, usize) {
        if self.lead != 0 {
            return (0, 0);
        }
        let index = tables::jis0208();
        let mut i = 0;
        let mut o = 0;
        loop {
            let n = copy_ascii(&src[i..], &mut dst[o..]);
            i += n;
            o += n;
            let (Some(&lead), Some(&trail), Some(slot)) = (src.get(i), src.get(i + 1), dst.get_mut(o)) else { break };
            let cp = match (lead, trail) {
                (0x8E, 0xA1..=0xDF) => 0xFF61 - 0xA1 + u16::from(trail),
                (0xA1..=0xFE, 0xA1..=0xFE) => {
                    let pointer = usize::from(lead - 0xA1) * 94 + usize::from(trail - 0xA1);
                    match tables::code_point(index, pointer) {
                        Some(cp) => cp,
                        None => break,
                    }
                }
                _ => break,
            };
            *slot = cp;
            i += 2;
            o += 1;
        }
        (i, o)
    }
}

/// The EUC-JP encoder's handler (spec §12.1.2). It has no state.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct EucJpEncodeHandler;

/// A streaming EUC-JP encoder.
pub type EucJpEncoder = StreamEncoder<EucJpEncodeHandler>;

impl EucJpEncoder {
    /// A new EUC-JP encoder.
    pub const fn new() -> Self {
        StreamEncoder::with_handler(EucJpEncodeHandler)
    }
}

impl Default for EucJpEncoder {
    fn default() -> Self {
        Self::new()
    }
}

fn encode_scalar(cp: u32) -> Emit {
    match cp {
        0x00..=0x7F => Emit::one(cp as u8),
        0xA5 => Emit::one(0x5C),
        0x203E => Emit::one(0x7E),
        0xFF61..=0xFF9F => Emit::two(0x8E, (cp - 0xFF61 + 0xA1) as u8),
        _ => {
            let cp = if cp == 0x2212 { 0xFF0D } else { cp };
            match tables::jis0208_pointer(cp) {
                // The pointer is below 8836 (spec note), so both bytes fit.
                Some(pointer) => Emit::two((pointer / 94 + 0xA1) as u8, (pointer % 94 + 0xA1) as u8),
                None => Emit::error(cp),
            }
        }
    }
}

impl ScalarHandler for EucJpEncodeHandler {
    fn max_bytes_per_unit(&self) -> usize {
        2
    }

    fn scalar(&mut self, cp: u32) -> Emit {
        encode_scalar(cp)
    }

    fn fast(&mut self, src: &[u16], dst: &mut [u8]) -> (usize, usize) {
        let mut i = 0;
        let mut o = 0;
        loop {
            let n = encode::copy_ascii(&src[i..], &mut dst[o..]);
            i += n;
            o += n;
            let Some(&unit) = src.get(i) else { break };
            if (0xD800..=0xDFFF).contains(&unit) {
                break;
            }
            let emit = encode_scalar(u32::from(unit));
            let len = usize::from(emit.len);
            if emit.error.is_some() || o + len > dst.len() {
                break;
            }
            dst[o..o + len].copy_from_slice(&emit.bytes[..len]);
            i += 1;
            o += len;
        }
        (i, o)
    }
}
