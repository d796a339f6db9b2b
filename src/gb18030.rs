//! gb18030 and GBK (spec §10). GBK's decoder is gb18030's; GBK's encoder is
//! gb18030's with "is GBK" set (no four-byte sequences, U+20AC as 0x80).

use crate::decode::{ascii_run, ByteHandler, Restore, StreamDecoder, Step};
use crate::encode::{self, Emit, ScalarHandler, StreamEncoder};
use crate::tables::{self, ReverseMap, Source, GB18030_RANGES};
use once_cell::race::OnceBox;

/// "Index gb18030 ranges code point" (spec §5).
pub fn ranges_code_point(pointer: u32) -> Option<u32> {
    if (pointer > 39419 && pointer < 189000) || pointer > 1237575 {
        return None;
    }
    if pointer == 7457 {
        return Some(0xE7C7);
    }
    let at = GB18030_RANGES.partition_point(|&(p, _)| p <= pointer).checked_sub(1)?;
    let (offset, cp_offset) = GB18030_RANGES[at];
    Some(cp_offset + pointer - offset)
}

/// "Index gb18030 ranges pointer" (spec §5), for code points from U+0080 up.
pub fn ranges_pointer(cp: u32) -> u32 {
    if cp == 0xE7C7 {
        return 7457;
    }
    match GB18030_RANGES.partition_point(|&(_, c)| c <= cp).checked_sub(1) {
        Some(at) => {
            let (pointer_offset, offset) = GB18030_RANGES[at];
            pointer_offset + cp - offset
        }
        None => 0,
    }
}

/// The gb18030 decoder's handler (spec §10.2.1).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Gb18030Handler {
    first: u8,
    second: u8,
    third: u8,
}

/// A streaming gb18030 (and GBK) decoder.
pub type Gb18030Decoder = StreamDecoder<Gb18030Handler>;

impl Gb18030Decoder {
    /// A new gb18030 decoder, which is also GBK's decoder.
    pub const fn new() -> Self {
        StreamDecoder::with_handler(Gb18030Handler { first: 0, second: 0, third: 0 })
    }
}

impl Default for Gb18030Decoder {
    fn default() -> Self {
        Self::new()
    }
}

/// Step 5.4: the two-byte pointer, if `byte` is a valid trail byte.
fn two_byte_pointer(lead: u8, byte: u8) -> Option<usize> {
    let offset = if byte < 0x7F { 0x40 } else { 0x41 };
    matches!(byte, 0x40..=0x7E | 0x80..=0xFE).then(|| usize::from(lead - 0x81) * 190 + usize::from(byte - offset))
}

impl ByteHandler for Gb18030Handler {
    fn byte(&mut self, byte: u8) -> Step {
        // Step 3.
        if self.third != 0 {
            if !(0x30..=0x39).contains(&byte) {
                let (second, third) = (self.second, self.third);
                *self = Gb18030Handler::default();
                return Step::Error(Restore::two(second, third, true));
            }
            let pointer = u32::from(self.first - 0x81) * (10 * 126 * 10)
                + u32::from(self.second - 0x30) * (10 * 126)
                + u32::from(self.third - 0x81) * 10
                + u32::from(byte - 0x30);
            *self = Gb18030Handler::default();
            return match ranges_code_point(pointer) {
                None => Step::Error(Restore::NONE),
                Some(cp) if cp > 0xFFFF => Step::Astral(cp),
                Some(cp) => Step::Bmp(cp as u16),
            };
        }
        // Step 4.
        if self.second != 0 {
            if (0x81..=0xFE).contains(&byte) {
                self.third = byte;
                return Step::Continue;
            }
            let second = self.second;
            *self = Gb18030Handler::default();
            return Step::Error(Restore::one(second, true));
        }
        // Step 5.
        if self.first != 0 {
            if (0x30..=0x39).contains(&byte) {
                self.second = byte;
                return Step::Continue;
            }
            let lead = self.first;
            self.first = 0;
            let cp = two_byte_pointer(lead, byte).and_then(|p| tables::code_point(tables::gb18030(), p));
            return match cp {
                Some(cp) => Step::Bmp(cp),
                None if byte < 0x80 => Step::Error(Restore::CURRENT),
                None => Step::Error(Restore::NONE),
            };
        }
        // Steps 6-9.
        match byte {
            0x00..=0x7F => Step::Bmp(u16::from(byte)),
            0x80 => Step::Bmp(0x20AC),
            0x81..=0xFE => {
                self.first = byte;
                Step::Continue
            }
            0xFF => Step::Error(Restore::NONE),
        }
    }

    fn end(&mut self) -> Step {
        // Step 2: no byte is restored here, which is why gb18030 alone may "mask"
        // an ASCII byte at the end of the queue (81 30 -> one U+FFFD).
        *self = Gb18030Handler::default();
        Step::Error(Restore::NONE)
    }

    fn is_idle(&self) -> bool {
        self.first == 0 && self.second == 0 && self.third == 0
    }

    fn reset(&mut self) {
        *self = Gb18030Handler::default();
    }

    fn save(&self) -> [u8; 8] {
        [self.first, self.second, self.third, 0, 0, 0, 0, 0]
    }

    fn load(&mut self, s: [u8; 8]) {
        let lead = |b: u8| (0x81..=0xFE).contains(&b);
        let digit = |b: u8| (0x30..=0x39).contains(&b);
        let valid = match (s[0], s[1], s[2]) {
            (0, 0, 0) => true,
            (f, 0, 0) => lead(f),
            (f, d, 0) => lead(f) && digit(d),
            (f, d, t) => lead(f) && digit(d) && lead(t),
        };
        *self = if valid { Gb18030Handler { first: s[0], second: s[1], third: s[2] } } else { Gb18030Handler::default() };
    }

    fn fast(&mut self, src: &[u8], dst: &mut [u16]) -> (usize, usize) {
        if !self.is_idle() {
            return (0, 0);
        }
        let index = tables::gb18030();
        let mut i = 0;
        let mut o = 0;
        loop {
            let (Some(&lead), Some(slot)) = (src.get(i), dst.get_mut(o)) else { break };
            if lead < 0x80 {
                // ASCII: the block copier (called before every pair, it was a
                // fifth of the decode of mostly-Chinese text). `slot` is room.
                ascii_run(src, dst, &mut i, &mut o);
                continue;
            }
            if lead == 0x80 {
                *slot = 0x20AC;
                i += 1;
                o += 1;
                continue;
            }
            if !(0x81..=0xFE).contains(&lead) {
                break;
            }
            let Some(&trail) = src.get(i + 1) else { break };
            if (0x30..=0x39).contains(&trail) {
                // A whole, valid four-byte sequence (step 3); anything else is
                // left to the handler's steps.
                let (Some(&third), Some(&fourth)) = (src.get(i + 2), src.get(i + 3)) else { break };
                if !(0x81..=0xFE).contains(&third) || !(0x30..=0x39).contains(&fourth) {
                    break;
                }
                let pointer = u32::from(lead - 0x81) * (10 * 126 * 10)
                    + u32::from(trail - 0x30) * (10 * 126)
                    + u32::from(third - 0x81) * 10
                    + u32::from(fourth - 0x30);
                let Some(cp) = ranges_code_point(pointer) else { break };
                if cp > 0xFFFF {
                    let Some(pair) = dst.get_mut(o..o + 2) else { break };
                    pair.copy_from_slice(&crate::decode::surrogates(cp));
                    o += 2;
                } else {
                    dst[o] = cp as u16;
                    o += 1;
                }
                i += 4;
                continue;
            }
            let Some(cp) = two_byte_pointer(lead, trail).and_then(|p| tables::code_point(index, p)) else { break };
            *slot = cp;
            i += 2;
            o += 1;
        }
        (i, o)
    }
}

/// The gb18030 encoder's handler (spec §10.2.2), with "is GBK".
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Gb18030EncodeHandler {
    is_gbk: bool,
}

/// A streaming gb18030 or GBK encoder.
pub type Gb18030Encoder = StreamEncoder<Gb18030EncodeHandler>;

impl Gb18030Encoder {
    /// A gb18030 encoder, or GBK's encoder if `is_gbk`.
    pub const fn new(is_gbk: bool) -> Self {
        StreamEncoder::with_handler(Gb18030EncodeHandler { is_gbk })
    }
}

/// "Index pointer" in index gb18030: built from the index at first use.
fn index_pointer(cp: u32) -> Option<usize> {
    static MAP: OnceBox<ReverseMap> = OnceBox::new();
    tables::reverse::lazy(&MAP, || Source::U16(tables::gb18030()), 0..0, &[]).get(cp)
}

fn two_bytes(pointer: usize) -> Emit {
    let lead = pointer / 190 + 0x81;
    let trail = pointer % 190;
    let offset = if trail < 0x3F { 0x40 } else { 0x41 };
    Emit::two(lead as u8, (trail + offset) as u8)
}

impl ScalarHandler for Gb18030EncodeHandler {
    fn max_bytes_per_unit(&self) -> usize {
        4
    }

    fn scalar(&mut self, cp: u32) -> Emit {
        // Steps 2-4.
        if cp < 0x80 {
            return Emit::one(cp as u8);
        }
        if cp == 0xE5E5 {
            return Emit::error(cp);
        }
        if self.is_gbk && cp == 0x20AC {
            return Emit::one(0x80);
        }
        // Steps 5-7.
        if let Some(pointer) = index_pointer(cp) {
            return two_bytes(pointer);
        }
        if self.is_gbk {
            return Emit::error(cp);
        }
        // Steps 8-15.
        let pointer = ranges_pointer(cp);
        let mut emit = Emit::NOTHING;
        emit.push(&[
            (pointer / (10 * 126 * 10) + 0x81) as u8,
            (pointer % (10 * 126 * 10) / (10 * 126) + 0x30) as u8,
            (pointer % (10 * 126) / 10 + 0x81) as u8,
            (pointer % 10 + 0x30) as u8,
        ]);
        emit
    }

    fn fast(&mut self, src: &[u16], dst: &mut [u8]) -> (usize, usize) {
        let mut i = 0;
        let mut o = 0;
        loop {
            let n = encode::copy_ascii(&src[i..], &mut dst[o..]);
            i += n;
            o += n;
            let Some(&unit) = src.get(i) else { break };
            if unit == 0xE5E5 || unit == 0x20AC || o + 2 > dst.len() {
                break;
            }
            let Some(pointer) = index_pointer(u32::from(unit)) else { break };
            let emit = two_bytes(pointer);
            dst[o..o + 2].copy_from_slice(&emit.bytes[..2]);
            i += 1;
            o += 2;
        }
        (i, o)
    }
}
