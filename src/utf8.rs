//! UTF-8 (spec §8.1): the decoder with U+FFFD per maximal subpart, and the encoder.
//!
//! The pieces the non-standard UTF-8 variants reuse (WTF-8, CESU-8, modified
//! UTF-8, the original 1–6-octet form) are the free functions here:
//! [`lead_byte`] for the lead-byte table and [`encode_scalar`] for the encoder.

use crate::decode::{ascii_run, ByteHandler, Restore, StreamDecoder, Step};
use crate::encode::{self, Emit, ScalarHandler, StreamEncoder};

/// What a lead byte starts (spec §8.1.1 step 3): continuation bytes needed, the
/// bits it contributes, and the bounds of the first continuation byte, which is
/// where overlongs (E0, F0), surrogates (ED) and values past U+10FFFF (F4) are
/// refused. `None` for bytes that cannot start a sequence.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Lead {
    /// UTF-8 bytes needed.
    pub needed: u8,
    /// UTF-8 code point so far.
    pub bits: u32,
    /// UTF-8 lower boundary for the next byte.
    pub lower: u8,
    /// UTF-8 upper boundary for the next byte.
    pub upper: u8,
}

/// The spec's lead-byte table for UTF-8 (ASCII bytes are not leads).
#[inline]
pub const fn lead_byte(byte: u8) -> Option<Lead> {
    match byte {
        0xC2..=0xDF => Some(Lead { needed: 1, bits: (byte & 0x1F) as u32, lower: 0x80, upper: 0xBF }),
        0xE0..=0xEF => Some(Lead {
            needed: 2,
            bits: (byte & 0x0F) as u32,
            lower: if byte == 0xE0 { 0xA0 } else { 0x80 },
            upper: if byte == 0xED { 0x9F } else { 0xBF },
        }),
        0xF0..=0xF4 => Some(Lead {
            needed: 3,
            bits: (byte & 0x07) as u32,
            lower: if byte == 0xF0 { 0x90 } else { 0x80 },
            upper: if byte == 0xF4 { 0x8F } else { 0xBF },
        }),
        _ => None,
    }
}

/// The UTF-8 decoder's handler (spec §8.1.1), field for field.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Utf8Handler {
    code_point: u32,
    bytes_seen: u8,
    bytes_needed: u8,
    lower: u8,
    upper: u8,
}

impl Utf8Handler {
    const INITIAL: Utf8Handler = Utf8Handler { code_point: 0, bytes_seen: 0, bytes_needed: 0, lower: 0x80, upper: 0xBF };
}

/// A streaming UTF-8 decoder.
pub type Utf8Decoder = StreamDecoder<Utf8Handler>;

impl Utf8Decoder {
    /// A new UTF-8 decoder. (BOM handling is not part of the decoder: see
    /// [`crate::Encoding::sniff_bom`].)
    pub const fn new() -> Self {
        StreamDecoder::with_handler(Utf8Handler::INITIAL)
    }
}

impl Default for Utf8Decoder {
    fn default() -> Self {
        Self::new()
    }
}

impl ByteHandler for Utf8Handler {
    fn byte(&mut self, byte: u8) -> Step {
        // Step 3.
        if self.bytes_needed == 0 {
            if byte < 0x80 {
                return Step::Bmp(u16::from(byte));
            }
            return match lead_byte(byte) {
                Some(lead) => {
                    self.bytes_needed = lead.needed;
                    self.code_point = lead.bits;
                    self.lower = lead.lower;
                    self.upper = lead.upper;
                    Step::Continue
                }
                None => Step::Error(Restore::NONE),
            };
        }
        // Step 4.
        if byte < self.lower || byte > self.upper {
            *self = Utf8Handler::INITIAL;
            return Step::Error(Restore::CURRENT);
        }
        // Steps 5-8.
        self.lower = 0x80;
        self.upper = 0xBF;
        self.code_point = (self.code_point << 6) | u32::from(byte & 0x3F);
        self.bytes_seen += 1;
        if self.bytes_seen != self.bytes_needed {
            return Step::Continue;
        }
        // Steps 9-11.
        let cp = self.code_point;
        *self = Utf8Handler::INITIAL;
        if cp > 0xFFFF {
            Step::Astral(cp)
        } else {
            Step::Bmp(cp as u16)
        }
    }

    fn end(&mut self) -> Step {
        // Step 1 (step 2 is `is_idle`).
        *self = Utf8Handler::INITIAL;
        Step::Error(Restore::NONE)
    }

    fn is_idle(&self) -> bool {
        self.bytes_needed == 0
    }

    fn reset(&mut self) {
        *self = Utf8Handler::INITIAL;
    }

    fn save(&self) -> [u8; 8] {
        let [a, b, c, d] = self.code_point.to_le_bytes();
        [a, b, c, d, self.bytes_seen, self.bytes_needed, self.lower, self.upper]
    }

    fn load(&mut self, s: [u8; 8]) {
        let (seen, needed) = (s[4], s[5]);
        let valid = needed <= 3 && (seen < needed || (needed == 0 && seen == 0)) && s[6] >= 0x80 && s[7] <= 0xBF && s[6] <= s[7];
        *self = if valid {
            Utf8Handler { code_point: u32::from_le_bytes([s[0], s[1], s[2], s[3]]) & 0x7FFF, bytes_seen: seen, bytes_needed: needed, lower: s[6], upper: s[7] }
        } else {
            Utf8Handler::INITIAL
        };
    }

    fn fast(&mut self, src: &[u8], dst: &mut [u16]) -> (usize, usize) {
        if self.bytes_needed != 0 {
            return (0, 0);
        }
        decode_valid_prefix(src, dst)
    }
}

#[inline]
fn continuation(byte: u8) -> bool {
    byte & 0xC0 == 0x80
}

/// Decodes the longest prefix of `src` made of complete, valid UTF-8 sequences
/// (as far as `dst` has room), returning (bytes read, units written). On such
/// input the spec's decoder never errs, so this matches it exactly.
pub fn decode_valid_prefix(src: &[u8], dst: &mut [u16]) -> (usize, usize) {
    let mut i = 0;
    let mut o = 0;
    loop {
        let Some(&b0) = src.get(i) else { break };
        if b0 < 0x80 {
            // ASCII: the block copier (text in one script is a run of
            // multi-byte sequences, and the copier's setup costs there).
            if !ascii_run(src, dst, &mut i, &mut o) {
                break;
            }
            continue;
        }
        let Some((cp, len)) = valid_char_at(src, i) else { break };
        if cp < 0x10000 {
            let Some(slot) = dst.get_mut(o) else { break };
            *slot = cp as u16;
            o += 1;
        } else {
            let Some(pair) = dst.get_mut(o..o + 2) else { break };
            pair.copy_from_slice(&crate::decode::surrogates(cp));
            o += 2;
        }
        i += len;
    }
    (i, o)
}

/// The character at `src[i]` (a byte >= 0x80) if it is a complete, valid
/// sequence, and its length: what the decoder, idle, would give for it. The
/// step of `decode_valid_prefix` and of the transcoder's direct path
/// (src/transcode.rs).
#[inline(always)]
pub(crate) fn valid_char_at(src: &[u8], i: usize) -> Option<(u32, usize)> {
    let lead = lead_byte(*src.get(i)?)?;
    let b1 = *src.get(i + 1)?;
    if b1 < lead.lower || b1 > lead.upper {
        return None;
    }
    match lead.needed {
        1 => Some(((lead.bits << 6) | u32::from(b1 & 0x3F), 2)),
        2 => {
            let b2 = *src.get(i + 2)?;
            continuation(b2).then_some(((lead.bits << 12) | (u32::from(b1 & 0x3F) << 6) | u32::from(b2 & 0x3F), 3))
        }
        _ => {
            let (b2, b3) = (*src.get(i + 2)?, *src.get(i + 3)?);
            (continuation(b2) && continuation(b3))
                .then_some(((lead.bits << 18) | (u32::from(b1 & 0x3F) << 12) | (u32::from(b2 & 0x3F) << 6) | u32::from(b3 & 0x3F), 4))
        }
    }
}

/// Writes the UTF-8 form of a code point up to U+10FFFF (spec §8.1.2; surrogates
/// are encoded as their three-byte form, which the variants need and the spec's
/// encoder never sees) and returns its length, or 0 if `dst` is too short.
#[inline]
pub fn encode_scalar(cp: u32, dst: &mut [u8]) -> usize {
    match cp {
        0..=0x7F if !dst.is_empty() => {
            dst[0] = cp as u8;
            1
        }
        0x80..=0x7FF if dst.len() >= 2 => {
            dst[0] = 0xC0 | (cp >> 6) as u8;
            dst[1] = 0x80 | (cp & 0x3F) as u8;
            2
        }
        0x800..=0xFFFF if dst.len() >= 3 => {
            dst[0] = 0xE0 | (cp >> 12) as u8;
            dst[1] = 0x80 | ((cp >> 6) & 0x3F) as u8;
            dst[2] = 0x80 | (cp & 0x3F) as u8;
            3
        }
        0x10000..=0x10FFFF if dst.len() >= 4 => {
            dst[0] = 0xF0 | (cp >> 18) as u8;
            dst[1] = 0x80 | ((cp >> 12) & 0x3F) as u8;
            dst[2] = 0x80 | ((cp >> 6) & 0x3F) as u8;
            dst[3] = 0x80 | (cp & 0x3F) as u8;
            4
        }
        _ => 0,
    }
}

/// The UTF-8 encoder's handler (spec §8.1.2). It has no state.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Utf8EncodeHandler;

/// A streaming UTF-8 encoder (what `TextEncoder` and `encodeInto` are built on).
pub type Utf8Encoder = StreamEncoder<Utf8EncodeHandler>;

impl Utf8Encoder {
    /// A new UTF-8 encoder.
    pub const fn new() -> Self {
        StreamEncoder::with_handler(Utf8EncodeHandler)
    }
}

impl Default for Utf8Encoder {
    fn default() -> Self {
        Self::new()
    }
}

impl ScalarHandler for Utf8EncodeHandler {
    fn max_bytes_per_unit(&self) -> usize {
        3
    }

    fn scalar(&mut self, cp: u32) -> Emit {
        let mut emit = Emit::NOTHING;
        emit.len = encode_scalar(cp, &mut emit.bytes) as u8;
        emit
    }

    fn fast(&mut self, src: &[u16], dst: &mut [u8]) -> (usize, usize) {
        let mut i = 0;
        let mut o = 0;
        while let Some(&unit) = src.get(i) {
            if unit < 0x80 {
                // ASCII: the block copier (calling it before each character of
                // a CJK run cost more than the characters).
                if !encode::ascii_run(src, dst, &mut i, &mut o) {
                    break;
                }
                continue;
            }
            if (0xD800..=0xDFFF).contains(&unit) {
                break;
            }
            let len = encode_scalar(u32::from(unit), &mut dst[o..]);
            if len == 0 {
                break;
            }
            i += 1;
            o += len;
        }
        (i, o)
    }
}
