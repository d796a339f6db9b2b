//! WTF-8 (Wobbly Transformation Format − 8-bit, Simon Sapin's specification):
//! potentially ill-formed UTF-16 ("WTF-16") to bytes and back, losslessly.
//!
//! * Encoding (§6 "The WTF-8 encoding", "Encoding to WTF-8"): a surrogate pair
//!   is its supplementary code point's 4-byte sequence; a lone surrogate is the
//!   3-byte "surrogate byte sequence" of generalized UTF-8 (ED A0..BF 80..BF);
//!   everything else is UTF-8. The streaming encoder holds a lead surrogate that
//!   ends a call and joins it with a trail surrogate starting the next, so the
//!   output never contains the concatenation hazard of §6.5.
//! * Decoding: well-formed WTF-8 is generalized UTF-8 (Table 3 "Well-formed byte
//!   sequences representing a single code point": UTF-8 plus the surrogate byte
//!   sequences) that contains no surrogate byte sequence *pair* (a lead's
//!   ED A0..AF xx followed by a trail's ED B0..BF xx, which would be a code point
//!   pair; §6: WTF-8 is an encoding of code point sequences "that do not contain
//!   any surrogate code point pair"). The specification's decoder assumes
//!   well-formed input; ours is strict: anything else is an error, found exactly
//!   where the WHATWG UTF-8 decoder finds its errors (the same lead-byte table,
//!   [`crate::utf8::lead_byte`]), with one change: after ED the second byte may
//!   be A0..BF (a surrogate), except right after a lead surrogate, where it may
//!   only go up to AF. So ED B0 80 after a lead surrogate is three errors, as
//!   ED A0 80 is in UTF-8 (U+FFFD per maximal subpart: ED, then B0, then 80),
//!   and the lead surrogate itself, being well-formed, is decoded.
//! * [`wtf8_concat`] / [`wtf8_push`]: §6.5 "Concatenating WTF-8 strings".

use alloc::vec;
use alloc::vec::Vec;

use super::{decode_all, encode_units, max_units_len, DecodeError, ErrorMode, Form, VariantEncodeResult};
use crate::decode::{ByteHandler, Restore, StreamDecoder, Step};
use crate::utf8::{decode_valid_prefix, lead_byte};

/// The WTF-8 decoder's handler: the WHATWG UTF-8 decoder's state plus whether
/// the last thing decoded was a lead surrogate.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Wtf8Handler {
    code_point: u32,
    bytes_seen: u8,
    bytes_needed: u8,
    lower: u8,
    upper: u8,
    after_lead: bool,
}

impl Wtf8Handler {
    const INITIAL: Wtf8Handler = Wtf8Handler { code_point: 0, bytes_seen: 0, bytes_needed: 0, lower: 0x80, upper: 0xBF, after_lead: false };
}

/// A streaming WTF-8 decoder: bytes to potentially ill-formed UTF-16. Lossless
/// on well-formed WTF-8 (a lone surrogate decodes to itself); on anything else,
/// U+FFFD per maximal subpart or, in fatal mode, [`crate::DecodeStatus::Malformed`].
pub type Wtf8Decoder = StreamDecoder<Wtf8Handler>;

impl Wtf8Decoder {
    /// A new WTF-8 decoder.
    pub const fn new() -> Self {
        StreamDecoder::with_handler(Wtf8Handler::INITIAL)
    }
}

impl Default for Wtf8Decoder {
    fn default() -> Self {
        Self::new()
    }
}

impl super::HeldBytes for Wtf8Handler {
    fn held_bytes(&self) -> usize {
        // The lead byte, then the continuing bytes seen.
        if self.bytes_needed == 0 {
            0
        } else {
            1 + usize::from(self.bytes_seen)
        }
    }
}

impl ByteHandler for Wtf8Handler {
    fn byte(&mut self, byte: u8) -> Step {
        if self.bytes_needed == 0 {
            if byte < 0x80 {
                self.after_lead = false;
                return Step::Bmp(u16::from(byte));
            }
            return match lead_byte(byte) {
                Some(lead) => {
                    self.bytes_needed = lead.needed;
                    self.code_point = lead.bits;
                    self.lower = lead.lower;
                    // Table 3: E1..EF 80..BF 80..BF, surrogates included; but a
                    // trail surrogate right after a lead would make a pair.
                    self.upper = match (byte, self.after_lead) {
                        (0xED, false) => 0xBF,
                        (0xED, true) => 0xAF,
                        _ => lead.upper,
                    };
                    Step::Continue
                }
                None => {
                    self.after_lead = false;
                    Step::Error(Restore::NONE)
                }
            };
        }
        if byte < self.lower || byte > self.upper {
            *self = Wtf8Handler::INITIAL;
            return Step::Error(Restore::CURRENT);
        }
        self.lower = 0x80;
        self.upper = 0xBF;
        self.code_point = (self.code_point << 6) | u32::from(byte & 0x3F);
        self.bytes_seen += 1;
        if self.bytes_seen != self.bytes_needed {
            return Step::Continue;
        }
        let cp = self.code_point;
        *self = Wtf8Handler::INITIAL;
        if cp > 0xFFFF {
            Step::Astral(cp)
        } else {
            self.after_lead = (0xD800..=0xDBFF).contains(&cp);
            Step::Bmp(cp as u16)
        }
    }

    fn end(&mut self) -> Step {
        *self = Wtf8Handler::INITIAL;
        Step::Error(Restore::NONE)
    }

    fn is_idle(&self) -> bool {
        self.bytes_needed == 0
    }

    fn reset(&mut self) {
        *self = Wtf8Handler::INITIAL;
    }

    fn save(&self) -> [u8; 8] {
        let [a, b] = (self.code_point as u16).to_le_bytes();
        [a, b, self.bytes_seen, self.bytes_needed, self.lower, self.upper, self.after_lead as u8, 0]
    }

    fn load(&mut self, s: [u8; 8]) {
        let (seen, needed) = (s[2], s[3]);
        let valid = needed <= 3 && (seen < needed || (needed == 0 && seen == 0)) && s[4] >= 0x80 && s[5] <= 0xBF && s[4] <= s[5] && s[6] <= 1 && s[7] == 0;
        *self = if valid {
            // In a sequence at most 15 bits are gathered (3 + 6 + 6).
            Wtf8Handler { code_point: u32::from(u16::from_le_bytes([s[0], s[1]]) & 0x7FFF), bytes_seen: seen, bytes_needed: needed, lower: s[4], upper: s[5], after_lead: s[6] == 1 }
        } else {
            Wtf8Handler::INITIAL
        };
    }

    fn fast(&mut self, src: &[u8], dst: &mut [u16]) -> (usize, usize) {
        if self.bytes_needed != 0 {
            return (0, 0);
        }
        // Valid UTF-8 is valid WTF-8 with the same meaning (§6.4), and the UTF-8
        // fast path stops before any surrogate byte sequence.
        let (read, written) = decode_valid_prefix(src, dst);
        if read > 0 {
            self.after_lead = false;
        }
        (read, written)
    }
}

/// A streaming WTF-8 encoder: any UTF-16 code units to well-formed WTF-8. It
/// never fails. Plain data: the lead surrogate that ended the previous call.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Wtf8Encoder {
    held: u16,
}

impl Wtf8Encoder {
    /// A new WTF-8 encoder.
    pub const fn new() -> Self {
        Wtf8Encoder { held: 0 }
    }

    /// Encodes `src` into `dst`, stopping at the last whole sequence that fits
    /// (a pair is one 4-byte sequence). A lead surrogate that ends `src` is held
    /// and joined with a trail surrogate that starts the next call; with `last`
    /// it is written as its lone 3-byte sequence. The status is never `Malformed`.
    pub fn encode_from_utf16(&mut self, src: &[u16], dst: &mut [u8], last: bool) -> VariantEncodeResult {
        encode_units(Form::Wtf8, &mut self.held, src, dst, last, ErrorMode::Replacement)
    }

    /// The most bytes one [`Self::encode_from_utf16`] call writes for `src_len`
    /// units. `None` on overflow.
    pub fn max_len(&self, src_len: usize) -> Option<usize> {
        max_units_len(src_len)
    }

    /// True when no lead surrogate is held.
    pub fn is_idle(&self) -> bool {
        self.held == 0
    }

    /// Back to the initial state.
    pub fn reset(&mut self) {
        self.held = 0;
    }
}

/// Encodes potentially ill-formed UTF-16 to WTF-8 (never fails, lossless).
pub fn encode(units: &[u16]) -> Vec<u8> {
    let mut e = Wtf8Encoder::new();
    let mut out = vec![0u8; e.max_len(units.len()).unwrap_or(0)];
    let r = e.encode_from_utf16(units, &mut out, true);
    out.truncate(r.written);
    out
}

/// Decodes WTF-8 to potentially ill-formed UTF-16. Fatal mode fails at the first
/// byte sequence that is not well-formed WTF-8.
pub fn decode(bytes: &[u8], mode: ErrorMode) -> Result<Vec<u16>, DecodeError> {
    decode_all(Wtf8Decoder::new(), bytes, mode)
}

/// The lead surrogate whose byte sequence ends `bytes`, if any.
fn final_lead(bytes: &[u8]) -> Option<u16> {
    match *bytes {
        [.., 0xED, b1 @ 0xA0..=0xAF, b2 @ 0x80..=0xBF] => Some(0xD000 | (u16::from(b1 & 0x3F) << 6) | u16::from(b2 & 0x3F)),
        _ => None,
    }
}

/// The trail surrogate whose byte sequence starts `bytes`, if any.
fn initial_trail(bytes: &[u8]) -> Option<u16> {
    match *bytes {
        [0xED, b1 @ 0xB0..=0xBF, b2 @ 0x80..=0xBF, ..] => Some(0xD000 | (u16::from(b1 & 0x3F) << 6) | u16::from(b2 & 0x3F)),
        _ => None,
    }
}

/// Appends WTF-8 `right` to WTF-8 `left` (§6.5 "Concatenating WTF-8 strings"):
/// if `left` ends with a lead surrogate byte sequence and `right` starts with a
/// trail surrogate byte sequence, the two become the 4-byte sequence of
/// 0x10000 + ((lead - 0xD800) << 10) + (trail - 0xDC00); otherwise the bytes are
/// simply appended. For well-formed inputs the result is well-formed WTF-8 and
/// equals encoding the concatenated code units.
pub fn wtf8_push(left: &mut Vec<u8>, right: &[u8]) {
    if let (Some(lead), Some(trail)) = (final_lead(left), initial_trail(right)) {
        left.truncate(left.len() - 3);
        let cp = 0x10000 + ((u32::from(lead) - 0xD800) << 10) + (u32::from(trail) - 0xDC00);
        let mut supplementary = [0u8; 4];
        let n = crate::utf8::encode_scalar(cp, &mut supplementary);
        left.extend_from_slice(&supplementary[..n]);
        left.extend_from_slice(&right[3..]);
    } else {
        left.extend_from_slice(right);
    }
}

/// The concatenation of two WTF-8 strings (§6.5); see [`wtf8_push`].
pub fn wtf8_concat(left: &[u8], right: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(left.len() + right.len());
    out.extend_from_slice(left);
    wtf8_push(&mut out, right);
    out
}
