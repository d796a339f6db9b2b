//! EUC-KR (spec §13.1), which is Windows code page 949 (KS X 1001 plus the
//! Unified Hangul Code).

use crate::decode::{ascii_run, ByteHandler, Restore, StreamDecoder, Step};
use crate::encode::{self, Emit, ScalarHandler, StreamEncoder};
use crate::tables::{self, ReverseMap, Source};
use once_cell::race::OnceBox;

/// The EUC-KR decoder's handler (spec §13.1.1).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct EucKrHandler {
    lead: u8,
}

/// A streaming EUC-KR decoder.
pub type EucKrDecoder = StreamDecoder<EucKrHandler>;

impl EucKrDecoder {
    /// A new EUC-KR decoder.
    pub const fn new() -> Self {
        StreamDecoder::with_handler(EucKrHandler { lead: 0 })
    }
}

impl Default for EucKrDecoder {
    fn default() -> Self {
        Self::new()
    }
}

fn decode_pair(index: &[u16], lead: u8, byte: u8) -> Option<u16> {
    if !(0x41..=0xFE).contains(&byte) {
        return None;
    }
    tables::code_point(index, usize::from(lead - 0x81) * 190 + usize::from(byte - 0x41))
}

impl ByteHandler for EucKrHandler {
    fn byte(&mut self, byte: u8) -> Step {
        if self.lead != 0 {
            let lead = self.lead;
            self.lead = 0;
            return match decode_pair(tables::euc_kr(), lead, byte) {
                Some(cp) => Step::Bmp(cp),
                None if byte < 0x80 => Step::Error(Restore::CURRENT),
                None => Step::Error(Restore::NONE),
            };
        }
        match byte {
            0x00..=0x7F => Step::Bmp(u16::from(byte)),
            0x81..=0xFE => {
                self.lead = byte;
                Step::Continue
            }
            _ => Step::Error(Restore::NONE),
        }
    }

    fn end(&mut self) -> Step {
        self.lead = 0;
        Step::Error(Restore::NONE)
    }

    fn is_idle(&self) -> bool {
        self.lead == 0
    }

    fn reset(&mut self) {
        self.lead = 0;
    }

    fn save(&self) -> [u8; 8] {
        [self.lead, 0, 0, 0, 0, 0, 0, 0]
    }

    fn load(&mut self, state: [u8; 8]) {
        self.lead = if matches!(state[0], 0x81..=0xFE) { state[0] } else { 0 };
    }

    fn fast(&mut self, src: &[u8], dst: &mut [u16]) -> (usize, usize) {
        if self.lead != 0 {
            return (0, 0);
        }
        let index = tables::euc_kr();
        let mut i = 0;
        let mut o = 0;
        loop {
            let (Some(&lead), Some(slot)) = (src.get(i), dst.get_mut(o)) else { break };
            if lead < 0x80 {
                // ASCII: the block copier (called before every pair, it was a
                // quarter of the decode of mostly-hangul text). `slot` is room.
                ascii_run(src, dst, &mut i, &mut o);
                continue;
            }
            let Some(&trail) = src.get(i + 1) else { break };
            if !(0x81..=0xFE).contains(&lead) {
                break;
            }
            let Some(cp) = decode_pair(index, lead, trail) else { break };
            *slot = cp;
            i += 2;
            o += 1;
        }
        (i, o)
    }
}

/// "Index pointer" in index EUC-KR: built from the index at first use.
fn index_pointer(cp: u32) -> Option<usize> {
    static MAP: OnceBox<ReverseMap> = OnceBox::new();
    tables::reverse::lazy(&MAP, || Source::U16(tables::euc_kr()), 0..0, &[]).get(cp)
}

/// The EUC-KR encoder's handler (spec §13.1.2). It has no state.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct EucKrEncodeHandler;

/// A streaming EUC-KR encoder.
pub type EucKrEncoder = StreamEncoder<EucKrEncodeHandler>;

impl EucKrEncoder {
    /// A new EUC-KR encoder.
    pub const fn new() -> Self {
        StreamEncoder::with_handler(EucKrEncodeHandler)
    }
}

impl Default for EucKrEncoder {
    fn default() -> Self {
        Self::new()
    }
}

fn two_bytes(pointer: usize) -> Emit {
    Emit::two((pointer / 190 + 0x81) as u8, (pointer % 190 + 0x41) as u8)
}

impl ScalarHandler for EucKrEncodeHandler {
    fn max_bytes_per_unit(&self) -> usize {
        2
    }

    fn scalar(&mut self, cp: u32) -> Emit {
        if cp < 0x80 {
            return Emit::one(cp as u8);
        }
        match index_pointer(cp) {
            Some(pointer) => two_bytes(pointer),
            None => Emit::error(cp),
        }
    }

    fn fast(&mut self, src: &[u16], dst: &mut [u8]) -> (usize, usize) {
        let mut i = 0;
        let mut o = 0;
        loop {
            let n = encode::copy_ascii(&src[i..], &mut dst[o..]);
            i += n;
            o += n;
            let Some(&unit) = src.get(i) else { break };
            if (0xD800..=0xDFFF).contains(&unit) || o + 2 > dst.len() {
                break;
            }
            let Some(pointer) = index_pointer(u32::from(unit)) else { break };
            dst[o..o + 2].copy_from_slice(&two_bytes(pointer).bytes[..2]);
            i += 1;
            o += 2;
        }
        (i, o)
    }
}
