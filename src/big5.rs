//! Big5 (spec §11.1), which includes the Hong Kong Supplementary Character Set.

use crate::decode::{ascii_run, ByteHandler, Restore, StreamDecoder, Step};
use crate::encode::{self, Emit, ScalarHandler, StreamEncoder};
use crate::tables::{self, ReverseMap, Source};
use once_cell::race::OnceBox;

/// The Big5 decoder's handler (spec §11.1.1).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Big5Handler {
    lead: u8,
}

/// A streaming Big5 decoder.
pub type Big5Decoder = StreamDecoder<Big5Handler>;

impl Big5Decoder {
    /// A new Big5 decoder.
    pub const fn new() -> Self {
        StreamDecoder::with_handler(Big5Handler { lead: 0 })
    }
}

impl Default for Big5Decoder {
    fn default() -> Self {
        Self::new()
    }
}

/// Step 3.2: the pointer, if `byte` is a valid trail byte.
fn pointer(lead: u8, byte: u8) -> Option<usize> {
    let offset = if byte < 0x7F { 0x40 } else { 0x62 };
    matches!(byte, 0x40..=0x7E | 0xA1..=0xFE).then(|| usize::from(lead - 0x81) * 157 + usize::from(byte - offset))
}

/// Steps 3.3-3.5 for a pointer: the code point(s), or `None`.
fn decode_pointer(index: &[u32], pointer: usize) -> Option<Step> {
    Some(match pointer {
        1133 => Step::TwoBmp(0x00CA, 0x0304),
        1135 => Step::TwoBmp(0x00CA, 0x030C),
        1164 => Step::TwoBmp(0x00EA, 0x0304),
        1166 => Step::TwoBmp(0x00EA, 0x030C),
        _ => match *index.get(pointer)? {
            0 => return None,
            cp if cp > 0xFFFF => Step::Astral(cp),
            cp => Step::Bmp(cp as u16),
        },
    })
}

impl ByteHandler for Big5Handler {
    fn byte(&mut self, byte: u8) -> Step {
        if self.lead != 0 {
            let lead = self.lead;
            self.lead = 0;
            if let Some(step) = pointer(lead, byte).and_then(|p| decode_pointer(tables::big5(), p)) {
                return step;
            }
            return Step::Error(if byte < 0x80 { Restore::CURRENT } else { Restore::NONE });
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
        let index = tables::big5();
        let mut i = 0;
        let mut o = 0;
        loop {
            let Some(&lead) = src.get(i) else { break };
            if lead < 0x80 {
                // ASCII: the block copier (called before every pair, it cost more than the pair).
                if !ascii_run(src, dst, &mut i, &mut o) {
                    break;
                }
                continue;
            }
            let Some(&trail) = src.get(i + 1) else { break };
            if !(0x81..=0xFE).contains(&lead) || o + 2 > dst.len() {
                break;
            }
            let Some(pointer) = pointer(lead, trail) else { break };
            // The four pointers of two code points are left to the steps.
            let cp = match index.get(pointer) {
                Some(&cp) if cp != 0 && !matches!(pointer, 1133 | 1135 | 1164 | 1166) => cp,
                _ => break,
            };
            if cp > 0xFFFF {
                dst[o..o + 2].copy_from_slice(&crate::decode::surrogates(cp));
                o += 2;
            } else {
                dst[o] = cp as u16;
                o += 1;
            }
            i += 2;
        }
        (i, o)
    }
}

/// "Index Big5 pointer" (spec §5): pointers below (0xA1 - 0x81) x 157 are left out
/// (no HKSCS extensions are produced), and six code points take their last pointer.
fn big5_pointer(cp: u32) -> Option<usize> {
    static MAP: OnceBox<ReverseMap> = OnceBox::new();
    const LAST: [u32; 6] = [0x2550, 0x255E, 0x2561, 0x256A, 0x5341, 0x5345];
    tables::reverse::lazy(&MAP, || Source::U32(tables::big5()), 0..(0xA1 - 0x81) * 157, &LAST).get(cp)
}

fn two_bytes(pointer: usize) -> Emit {
    let lead = pointer / 157 + 0x81;
    let trail = pointer % 157;
    let offset = if trail < 0x3F { 0x40 } else { 0x62 };
    Emit::two(lead as u8, (trail + offset) as u8)
}

/// The Big5 encoder's handler (spec §11.1.2). It has no state.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Big5EncodeHandler;

/// A streaming Big5 encoder.
pub type Big5Encoder = StreamEncoder<Big5EncodeHandler>;

impl Big5Encoder {
    /// A new Big5 encoder.
    pub const fn new() -> Self {
        StreamEncoder::with_handler(Big5EncodeHandler)
    }
}

impl Default for Big5Encoder {
    fn default() -> Self {
        Self::new()
    }
}

impl ScalarHandler for Big5EncodeHandler {
    fn max_bytes_per_unit(&self) -> usize {
        2
    }

    fn scalar(&mut self, cp: u32) -> Emit {
        if cp < 0x80 {
            return Emit::one(cp as u8);
        }
        match big5_pointer(cp) {
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
            let Some(pointer) = big5_pointer(u32::from(unit)) else { break };
            dst[o..o + 2].copy_from_slice(&two_bytes(pointer).bytes[..2]);
            i += 1;
            o += 2;
        }
        (i, o)
    }
}
