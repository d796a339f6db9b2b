//! Shift_JIS (spec §12.3), with the Windows EUDC range and IBM extensions.

use crate::decode::{ascii_run, ByteHandler, Restore, StreamDecoder, Step};
use crate::encode::{self, Emit, ScalarHandler, StreamEncoder};
use crate::tables::{self, ReverseMap};
use alloc::boxed::Box;
use once_cell::race::OnceBox;

/// The Shift_JIS decoder's handler (spec §12.3.1).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct ShiftJisHandler {
    lead: u8,
}

/// A streaming Shift_JIS decoder.
pub type ShiftJisDecoder = StreamDecoder<ShiftJisHandler>;

impl ShiftJisDecoder {
    /// A new Shift_JIS decoder.
    pub const fn new() -> Self {
        StreamDecoder::with_handler(ShiftJisHandler { lead: 0 })
    }
}

impl Default for ShiftJisDecoder {
    fn default() -> Self {
        Self::new()
    }
}

/// Steps 3.1-3.6: the code point for a lead and a trail byte, or `None`.
fn decode_pair(index: &[u16], lead: u8, byte: u8) -> Option<u16> {
    let offset = if byte < 0x7F { 0x40 } else { 0x41 };
    let lead_offset = if lead < 0xA0 { 0x81 } else { 0xC1 };
    if !matches!(byte, 0x40..=0x7E | 0x80..=0xFC) {
        return None;
    }
    let pointer = usize::from(lead - lead_offset) * 188 + usize::from(byte - offset);
    if (8836..=10715).contains(&pointer) {
        // "Interoperable legacy from Windows known as EUDC."
        return Some((0xE000 - 8836 + pointer) as u16);
    }
    tables::code_point(index, pointer)
}

impl ByteHandler for ShiftJisHandler {
    fn byte(&mut self, byte: u8) -> Step {
        if self.lead != 0 {
            let lead = self.lead;
            self.lead = 0;
            return match decode_pair(tables::jis0208(), lead, byte) {
                Some(cp) => Step::Bmp(cp),
                None if byte < 0x80 => Step::Error(Restore::CURRENT),
                None => Step::Error(Restore::NONE),
            };
        }
        match byte {
            0x00..=0x80 => Step::Bmp(u16::from(byte)),
            0xA1..=0xDF => Step::Bmp(0xFF61 - 0xA1 + u16::from(byte)),
            0x81..=0x9F | 0xE0..=0xFC => {
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
        self.lead = if matches!(state[0], 0x81..=0x9F | 0xE0..=0xFC) { state[0] } else { 0 };
    }

    fn fast(&mut self, src: &[u8], dst: &mut [u16]) -> (usize, usize) {
        if self.lead != 0 {
            return (0, 0);
        }
        let index = tables::jis0208();
        let mut i = 0;
        let mut o = 0;
        loop {
            let (Some(&byte), Some(slot)) = (src.get(i), dst.get_mut(o)) else { break };
            match byte {
                0x00..=0x7F => {
                    // ASCII: the block copier (before each kanji it cost more
                    // than the kanji). `slot` is room.
                    ascii_run(src, dst, &mut i, &mut o);
                    continue;
                }
                _ => {
                    let Some((cp, len)) = valid_char_at(index, src, i) else { break };
                    *slot = cp as u16;
                    i += len;
                    o += 1;
                }
            }
        }
        (i, o)
    }
}

/// The character at `src[i]` (a byte >= 0x80) if the idle decoder would
/// give one for it without an error, and its length in bytes: the step of
/// the fast path above and of the transcoder's direct path (src/transcode.rs).
#[inline(always)]
pub(crate) fn valid_char_at(index: &[u16], src: &[u8], i: usize) -> Option<(u32, usize)> {
    match *src.get(i)? {
        0x80 => Some((0x80, 1)),
        byte @ 0xA1..=0xDF => Some((0xFF61 - 0xA1 + u32::from(byte), 1)),
        lead @ (0x81..=0x9F | 0xE0..=0xFC) => Some((u32::from(decode_pair(index, lead, *src.get(i + 1)?)?), 2)),
        _ => None,
    }
}

/// The Shift_JIS encoder's handler (spec §12.3.2). It has no state.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct ShiftJisEncodeHandler;

/// A streaming Shift_JIS encoder.
pub type ShiftJisEncoder = StreamEncoder<ShiftJisEncodeHandler>;

impl ShiftJisEncoder {
    /// A new Shift_JIS encoder.
    pub const fn new() -> Self {
        StreamEncoder::with_handler(ShiftJisEncodeHandler)
    }
}

impl Default for ShiftJisEncoder {
    fn default() -> Self {
        Self::new()
    }
}

/// Steps 1-9 of the Shift_JIS encoder for one scalar value, as the spec
/// words them: the bytes, or the code point as an error. Evaluated once per
/// BMP code point into `encoded_bmp` below; the encoder itself looks up there.
fn encode_by_the_spec(cp: u32) -> Emit {
    match cp {
        0x00..=0x80 => Emit::one(cp as u8),
        0xA5 => Emit::one(0x5C),
        0x203E => Emit::one(0x7E),
        0xFF61..=0xFF9F => Emit::one((cp - 0xFF61 + 0xA1) as u8),
        _ => {
            let cp = if cp == 0x2212 { 0xFF0D } else { cp };
            let Some(pointer) = tables::shift_jis_pointer(cp) else { return Emit::error(cp) };
            let lead = pointer / 188;
            let lead_offset = if lead < 0x1F { 0x81 } else { 0xC1 };
            let trail = pointer % 188;
            let offset = if trail < 0x3F { 0x40 } else { 0x41 };
            Emit::two((lead + lead_offset) as u8, (trail + offset) as u8)
        }
    }
}

/// What the encoder writes for each non-ASCII BMP code point it can encode,
/// as one number: a byte (< 0x100) or lead << 8 | trail (leads are >= 0x81).
/// Built at first use from `encode_by_the_spec` (so it cannot disagree with
/// it), it turns the hot loop's pointer lookup, division by 188 and offset
/// choices into one lookup: the CLI's UTF-8 -> Shift_JIS spent most of its
/// time there (docs/architecture/package.md, the CLI paragraph).
pub(crate) fn encoded_bmp() -> &'static ReverseMap {
    static MAP: OnceBox<ReverseMap> = OnceBox::new();
    MAP.get_or_init(|| {
        let mut map = ReverseMap::new(0xFFFF);
        for cp in (0x80..0xD800).chain(0xE000..=0xFFFF) {
            let emit = encode_by_the_spec(cp);
            if emit.error.is_none() {
                let code = if emit.len == 1 { u16::from(emit.bytes[0]) } else { u16::from_be_bytes([emit.bytes[0], emit.bytes[1]]) };
                map.set(cp, usize::from(code));
            }
        }
        Box::new(map)
    })
}

/// The encoder's steps for one scalar value (a lookup in `encoded_bmp`).
fn encode_scalar(cp: u32) -> Emit {
    if cp < 0x80 {
        return Emit::one(cp as u8);
    }
    match encoded_bmp().get(cp) {
        Some(code) if code < 0x100 => Emit::one(code as u8),
        Some(code) => Emit::two((code >> 8) as u8, code as u8),
        None => Emit::error(cp),
    }
}

impl ScalarHandler for ShiftJisEncodeHandler {
    fn max_bytes_per_unit(&self) -> usize {
        2
    }

    fn scalar(&mut self, cp: u32) -> Emit {
        encode_scalar(cp)
    }

    fn fast(&mut self, src: &[u16], dst: &mut [u8]) -> (usize, usize) {
        let encoded = encoded_bmp();
        let mut i = 0;
        let mut o = 0;
        while let Some(&unit) = src.get(i) {
            if unit < 0x80 {
                // ASCII: the block copier (calling it before each character of
                // a run of kanji cost more than the kanji).
                if !encode::ascii_run(src, dst, &mut i, &mut o) {
                    break;
                }
                continue;
            }
            // Surrogates and unmappable code points are not in the map: the
            // slow path reports them.
            let Some(code) = encoded.get(u32::from(unit)) else { break };
            if code < 0x100 {
                let Some(slot) = dst.get_mut(o) else { break };
                *slot = code as u8;
                o += 1;
            } else {
                let Some(pair) = dst.get_mut(o..o + 2) else { break };
                pair[0] = (code >> 8) as u8;
                pair[1] = code as u8;
                o += 2;
            }
            i += 1;
        }
        (i, o)
    }
}
