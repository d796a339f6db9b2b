//! UTF-16BE and UTF-16LE decoders (spec §14.2-14.4). Neither has an encoder:
//! their output encoding is UTF-8.

use crate::decode::{ByteHandler, Restore, StreamDecoder, Step};

/// The shared UTF-16 decoder's handler (spec §14.2.1).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Utf16Handler {
    lead_byte: Option<u8>,
    lead_surrogate: Option<u16>,
    big_endian: bool,
}

/// A streaming UTF-16BE or UTF-16LE decoder.
pub type Utf16Decoder = StreamDecoder<Utf16Handler>;

impl Utf16Decoder {
    /// A UTF-16BE decoder if `big_endian`, otherwise UTF-16LE.
    pub const fn new(big_endian: bool) -> Self {
        StreamDecoder::with_handler(Utf16Handler { lead_byte: None, lead_surrogate: None, big_endian })
    }
}

impl Utf16Handler {
    fn unit(&self, first: u8, second: u8) -> u16 {
        if self.big_endian {
            u16::from_be_bytes([first, second])
        } else {
            u16::from_le_bytes([first, second])
        }
    }
}

impl ByteHandler for Utf16Handler {
    fn byte(&mut self, byte: u8) -> Step {
        // Step 3.
        let Some(lead_byte) = self.lead_byte else {
            self.lead_byte = Some(byte);
            return Step::Continue;
        };
        // Step 4.
        let code_unit = self.unit(lead_byte, byte);
        self.lead_byte = None;
        // Step 5.
        if let Some(lead_surrogate) = self.lead_surrogate.take() {
            if (0xDC00..=0xDFFF).contains(&code_unit) {
                let cp = 0x10000 + ((u32::from(lead_surrogate) - 0xD800) << 10) + (u32::from(code_unit) - 0xDC00);
                return Step::Astral(cp);
            }
            // 5.2-5.5: the two bytes of code unit go back in their original order,
            // which is the held lead byte followed by the current byte.
            return Step::Error(Restore::one(lead_byte, true));
        }
        // Steps 6-8.
        match code_unit {
            0xD800..=0xDBFF => {
                self.lead_surrogate = Some(code_unit);
                Step::Continue
            }
            0xDC00..=0xDFFF => Step::Error(Restore::NONE),
            _ => Step::Bmp(code_unit),
        }
    }

    fn end(&mut self) -> Step {
        // Step 1.
        self.lead_byte = None;
        self.lead_surrogate = None;
        Step::Error(Restore::NONE)
    }

    fn is_idle(&self) -> bool {
        self.lead_byte.is_none() && self.lead_surrogate.is_none()
    }

    fn reset(&mut self) {
        self.lead_byte = None;
        self.lead_surrogate = None;
    }

    fn save(&self) -> [u8; 8] {
        let [s0, s1] = self.lead_surrogate.unwrap_or(0).to_le_bytes();
        [u8::from(self.lead_byte.is_some()), self.lead_byte.unwrap_or(0), u8::from(self.lead_surrogate.is_some()), s0, s1, 0, 0, 0]
    }

    fn load(&mut self, s: [u8; 8]) {
        self.lead_byte = (s[0] == 1).then_some(s[1]);
        let surrogate = u16::from_le_bytes([s[3], s[4]]);
        self.lead_surrogate = (s[2] == 1 && (0xD800..=0xDBFF).contains(&surrogate)).then_some(surrogate);
    }

    fn fast(&mut self, src: &[u8], dst: &mut [u16]) -> (usize, usize) {
        if !self.is_idle() {
            return (0, 0);
        }
        let big_endian = self.big_endian;
        let mut i = 0;
        let mut o = 0;
        'outer: loop {
            // Blocks of eight code units with no surrogate among them are copied
            // whole: no exit inside the block, so the check and the byte swap
            // compile to straight-line (vectorisable) code.
            while let (Some(bytes), Some(out)) = (src.get(i..i + 16), dst.get_mut(o..o + 8)) {
                let mut units = [0u16; 8];
                let mut surrogates = 0;
                for (unit, pair) in units.iter_mut().zip(bytes.chunks_exact(2)) {
                    let pair = [pair[0], pair[1]];
                    *unit = if big_endian { u16::from_be_bytes(pair) } else { u16::from_le_bytes(pair) };
                    surrogates |= u16::from(*unit & 0xF800 == 0xD800);
                }
                if surrogates != 0 {
                    break;
                }
                out.copy_from_slice(&units);
                i += 16;
                o += 8;
            }
            // Then up to eight units (or valid pairs) one at a time, which gets
            // past the surrogate that stopped the block copy.
            for _ in 0..8 {
                if i + 1 >= src.len() || o >= dst.len() {
                    break 'outer;
                }
                let unit = self.unit(src[i], src[i + 1]);
                if (0xD800..=0xDFFF).contains(&unit) {
                    // A valid pair is two units; anything else is the handler's business.
                    if unit >= 0xDC00 || i + 3 >= src.len() || o + 1 >= dst.len() {
                        break 'outer;
                    }
                    let trail = self.unit(src[i + 2], src[i + 3]);
                    if !(0xDC00..=0xDFFF).contains(&trail) {
                        break 'outer;
                    }
                    dst[o] = unit;
                    dst[o + 1] = trail;
                    i += 4;
                    o += 2;
                    continue;
                }
                dst[o] = unit;
                i += 2;
                o += 1;
            }
        }
        (i, o)
    }
}
