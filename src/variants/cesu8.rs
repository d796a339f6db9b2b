//! CESU-8 and Java's modified UTF-8: one handler, one flag (`MODIFIED`).
//!
//! The source is the CESU-8 document (Unicode Technical Report #26 as described
//! there; quotations below are from it):
//!
//! * A BMP code point "is encoded in the same way as in UTF-8"; a supplementary
//!   character "is first represented as a surrogate pair, like in UTF-16, and then
//!   each surrogate code point is encoded in UTF-8" (ED A0..AF xx ED B0..BF xx,
//!   the document's "11101101 1010yyyy 10xxxxxx 11101101 1011xxxx 10xxxxxx").
//! * "The byte values 0xF0—0xF4 will not appear in CESU-8": both decoders treat
//!   F0..F4 as bytes that cannot start a sequence (so a 4-byte UTF-8 sequence is
//!   one error for its lead and one per continuation byte, as F5 is in UTF-8).
//! * "Java's Modified UTF-8 is CESU-8 with a special overlong encoding of the NUL
//!   character (U+0000) as the two-byte sequence C0 80". C0 80 is the only
//!   overlong form accepted, and since U+0000 is encoded as C0 80, a raw 00 byte
//!   is never produced: the modified-UTF-8 decoder treats it as an error, as it
//!   treats the other byte sequences the encoding never produces (F0..F4,
//!   overlongs). (Java's own `DataInput.readUTF` is laxer: it takes 00 and any
//!   overlong 2- or 3-byte form.)
//! * Lone surrogates: "Though not specified in the technical report, unpaired
//!   surrogates are also encoded as 3 bytes each, and CESU-8 is exactly the same as
//!   applying an older UCS-2 to UTF-8 converter to UTF-16 data." We follow the
//!   technical report for CESU-8, which encodes Unicode text only: a lone
//!   surrogate is an error in both directions (decoder: U+FFFD or `Malformed`;
//!   encoder: the UTF-8 of U+FFFD or `Malformed`). Modified UTF-8 is the
//!   "UCS-2 to UTF-8 converter applied to UTF-16 data" (with C0 80 for U+0000):
//!   every code unit, paired or not, is its own 1-3 byte sequence, so it
//!   round-trips any UTF-16, lone surrogates included, as Java's `writeUTF` /
//!   `readUTF` do.
//!
//! Errors are U+FFFD per maximal subpart as in the WHATWG UTF-8 decoder (the
//! same lead-byte table, [`crate::utf8::lead_byte`], with F0..F4 removed, ED's
//! second byte allowed up to AF in CESU-8 and BF in modified UTF-8, and C0 80
//! added for modified UTF-8), with the 3-byte surrogate sequence as the unit: a
//! CESU-8 lead surrogate's sequence that is not followed by a trail surrogate's
//! is one error, and decoding resumes right after it (so the bytes after it are
//! read again: a valid pair after a lone lead surrogate is still decoded).

use alloc::vec;
use alloc::vec::Vec;

use super::{decode_all, encode_units, max_units_len, DecodeError, ErrorMode, Form, VariantEncodeResult};
use crate::decode::{copy_ascii, ByteHandler, Restore, StreamDecoder, Step};
use crate::utf8::{lead_byte, Lead};

/// The CESU-8 (`MODIFIED = false`) or modified UTF-8 (`true`) decoder's handler:
/// the WHATWG UTF-8 decoder's state plus, in CESU-8, a decoded lead surrogate
/// waiting for its trail surrogate.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct CesuHandler<const MODIFIED: bool> {
    code_point: u32,
    bytes_seen: u8,
    bytes_needed: u8,
    lower: u8,
    upper: u8,
    /// CESU-8: a lead surrogate decoded from its 3 bytes, not output yet (0: none).
    lead: u16,
}

impl<const MODIFIED: bool> CesuHandler<MODIFIED> {
    const INITIAL: Self = CesuHandler { code_point: 0, bytes_seen: 0, bytes_needed: 0, lower: 0x80, upper: 0xBF, lead: 0 };

    /// The lead-byte table: UTF-8's without F0..F4, with ED's upper bound for
    /// lone surrogates and, in modified UTF-8, C0 (for C0 80 only).
    fn lead_for(byte: u8) -> Option<Lead> {
        match byte {
            0xC0 if MODIFIED => Some(Lead { needed: 1, bits: 0, lower: 0x80, upper: 0x80 }),
            0xF0..=0xF4 => None,
            // CESU-8: ED A0..AF starts a lead surrogate (a pair); ED B0..BF, a
            // trail surrogate, only comes right after one. Modified UTF-8: both.
            0xED => Some(Lead { needed: 2, bits: 0x0D, lower: 0x80, upper: if MODIFIED { 0xBF } else { 0xAF } }),
            _ => lead_byte(byte),
        }
    }
}

/// A streaming CESU-8 decoder: bytes to (well-formed) UTF-16.
pub type Cesu8Decoder = StreamDecoder<CesuHandler<false>>;

/// A streaming decoder of Java's modified UTF-8: bytes to UTF-16 code units, lone
/// surrogates included.
pub type ModifiedUtf8Decoder = StreamDecoder<CesuHandler<true>>;

impl Cesu8Decoder {
    /// A new CESU-8 decoder.
    pub const fn new() -> Self {
        StreamDecoder::with_handler(CesuHandler::INITIAL)
    }
}

impl Default for Cesu8Decoder {
    fn default() -> Self {
        Self::new()
    }
}

impl ModifiedUtf8Decoder {
    /// A new modified UTF-8 decoder.
    pub const fn new() -> Self {
        StreamDecoder::with_handler(CesuHandler::INITIAL)
    }
}

impl Default for ModifiedUtf8Decoder {
    fn default() -> Self {
        Self::new()
    }
}

impl<const MODIFIED: bool> super::HeldBytes for CesuHandler<MODIFIED> {
    fn held_bytes(&self) -> usize {
        // A held lead surrogate's 3 bytes, then the sequence begun after it.
        let lead = if self.lead != 0 { 3 } else { 0 };
        let open = if self.bytes_needed == 0 { 0 } else { 1 + usize::from(self.bytes_seen) };
        lead + open
    }
}

impl<const MODIFIED: bool> ByteHandler for CesuHandler<MODIFIED> {
    fn byte(&mut self, byte: u8) -> Step {
        if self.bytes_needed == 0 {
            if self.lead != 0 {
                // Only a trail surrogate's ED B0..BF xx may follow a lead's bytes.
                if byte != 0xED {
                    *self = Self::INITIAL;
                    return Step::Error(Restore::CURRENT);
                }
                self.bytes_needed = 2;
                self.code_point = 0x0D;
                self.lower = 0xB0;
                self.upper = 0xBF;
                return Step::Continue;
            }
            if byte < 0x80 {
                if MODIFIED && byte == 0 {
                    // U+0000 is C0 80 in modified UTF-8; 00 is never produced.
                    return Step::Error(Restore::NONE);
                }
                return Step::Bmp(u16::from(byte));
            }
            return match Self::lead_for(byte) {
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
        if byte < self.lower || byte > self.upper {
            // A lone lead surrogate is the error; what followed it is read again.
            let restore = match (self.lead != 0, self.bytes_seen) {
                (false, _) => Restore::CURRENT,
                (true, 0) => Restore::one(0xED, true),
                (true, _) => Restore::two(0xED, 0x80 | (self.code_point & 0x3F) as u8, true),
            };
            *self = Self::INITIAL;
            return Step::Error(restore);
        }
        self.lower = 0x80;
        self.upper = 0xBF;
        self.code_point = (self.code_point << 6) | u32::from(byte & 0x3F);
        self.bytes_seen += 1;
        if self.bytes_seen != self.bytes_needed {
            return Step::Continue;
        }
        let unit = self.code_point as u16;
        let lead = self.lead;
        *self = Self::INITIAL;
        if lead != 0 {
            // The trail surrogate of a pair (masks rather than subtractions, so
            // that no loaded state can underflow).
            return Step::Astral(0x10000 + (((u32::from(lead) & 0x3FF) << 10) | (u32::from(unit) & 0x3FF)));
        }
        if !MODIFIED && (0xD800..=0xDBFF).contains(&unit) {
            self.lead = unit;
            return Step::Continue;
        }
        Step::Bmp(unit)
    }

    fn end(&mut self) -> Step {
        // As in `byte`: a held lead surrogate alone is the error.
        let restore = match (self.lead != 0, self.bytes_needed, self.bytes_seen) {
            (true, 0, _) | (false, ..) => Restore::NONE,
            (true, _, 0) => Restore::one(0xED, false),
            (true, _, _) => Restore::two(0xED, 0x80 | (self.code_point & 0x3F) as u8, false),
        };
        *self = Self::INITIAL;
        Step::Error(restore)
    }

    fn is_idle(&self) -> bool {
        self.bytes_needed == 0 && self.lead == 0
    }

    fn reset(&mut self) {
        *self = Self::INITIAL;
    }

    fn save(&self) -> [u8; 8] {
        let [a, b] = (self.code_point as u16).to_le_bytes();
        let [c, d] = self.lead.to_le_bytes();
        [a, b, self.bytes_seen, self.bytes_needed, self.lower, self.upper, c, d]
    }

    fn load(&mut self, s: [u8; 8]) {
        let (seen, needed) = (s[2], s[3]);
        let lead = u16::from_le_bytes([s[6], s[7]]);
        let valid = needed <= 2
            && (seen < needed || (needed == 0 && seen == 0))
            && s[4] >= 0x80
            && s[5] <= 0xBF
            && s[4] <= s[5]
            && (lead == 0 || (!MODIFIED && (0xD800..=0xDBFF).contains(&lead) && needed != 1));
        *self = if valid {
            // In a sequence at most 10 bits are gathered (4 + 6).
            Self { code_point: u32::from(u16::from_le_bytes([s[0], s[1]]) & 0x3FF), bytes_seen: seen, bytes_needed: needed, lower: s[4], upper: s[5], lead }
        } else {
            Self::INITIAL
        };
    }

    fn fast(&mut self, src: &[u8], dst: &mut [u16]) -> (usize, usize) {
        if self.bytes_needed != 0 || self.lead != 0 {
            return (0, 0);
        }
        decode_bmp_prefix::<MODIFIED>(src, dst)
    }
}

/// Decodes the longest prefix of `src` made of ASCII (not 00 in modified UTF-8)
/// and complete 2- and 3-byte UTF-8 sequences of non-surrogates (as far as `dst`
/// has room): the bytes both variants decode as UTF-8 does, with no error.
fn decode_bmp_prefix<const MODIFIED: bool>(src: &[u8], dst: &mut [u16]) -> (usize, usize) {
    let mut i = 0;
    let mut o = 0;
    while let Some(&b0) = src.get(i) {
        if b0 < 0x80 {
            let mut n = copy_ascii(&src[i..], &mut dst[o..]);
            if MODIFIED {
                if let Some(nul) = src[i..i + n].iter().position(|&b| b == 0) {
                    n = nul;
                }
            }
            if n == 0 {
                break;
            }
            i += n;
            o += n;
            continue;
        }
        // UTF-8's table: ED stops at 9F, so surrogates go to the handler.
        let Some(lead) = lead_byte(b0) else { break };
        if lead.needed > 2 {
            break;
        }
        let Some(&b1) = src.get(i + 1) else { break };
        if b1 < lead.lower || b1 > lead.upper {
            break;
        }
        let (unit, len) = if lead.needed == 1 {
            (((lead.bits << 6) | u32::from(b1 & 0x3F)) as u16, 2)
        } else {
            let Some(&b2) = src.get(i + 2) else { break };
            if b2 & 0xC0 != 0x80 {
                break;
            }
            (((lead.bits << 12) | (u32::from(b1 & 0x3F) << 6) | u32::from(b2 & 0x3F)) as u16, 3)
        };
        let Some(slot) = dst.get_mut(o) else { break };
        *slot = unit;
        i += len;
        o += 1;
    }
    (i, o)
}

/// A streaming CESU-8 (`MODIFIED = false`) or modified UTF-8 (`true`) encoder.
/// Plain data: the lead surrogate that ended the previous call, if any.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct CesuEncoder<const MODIFIED: bool> {
    held: u16,
}

/// A streaming CESU-8 encoder: UTF-16 to CESU-8; a lone surrogate is an error.
pub type Cesu8Encoder = CesuEncoder<false>;

/// A streaming encoder of Java's modified UTF-8: any UTF-16 code units (lone
/// surrogates included) to modified UTF-8. It never fails.
pub type ModifiedUtf8Encoder = CesuEncoder<true>;

impl<const MODIFIED: bool> CesuEncoder<MODIFIED> {
    /// A new encoder.
    pub const fn new() -> Self {
        CesuEncoder { held: 0 }
    }

    /// Encodes `src` into `dst`, stopping at the last whole character that fits
    /// (a pair's 6 bytes go together). A lead surrogate that ends `src` is held
    /// for the next call (with `last`, it is settled as a lone surrogate). A lone
    /// surrogate in CESU-8 is [`super::VariantEncodeStatus::Malformed`] in fatal
    /// mode and the UTF-8 of U+FFFD (EF BF BD) in replacement mode; modified UTF-8
    /// encodes it as its 3-byte sequence and never fails.
    pub fn encode_from_utf16(&mut self, src: &[u16], dst: &mut [u8], last: bool, mode: ErrorMode) -> VariantEncodeResult {
        let form = if MODIFIED { Form::Modified } else { Form::Cesu8 };
        encode_units(form, &mut self.held, src, dst, last, mode)
    }

    /// The most bytes one [`Self::encode_from_utf16`] call writes for `src_len`
    /// units: 3 per unit, plus 3. `None` on overflow.
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

/// The exact length of `units` in modified UTF-8 (1 byte for U+0001..U+007F, 2 for
/// U+0000 and U+0080..U+07FF, 3 for the rest, surrogates one by one). Saturates.
pub fn modified_utf8_len(units: &[u16]) -> usize {
    units.iter().fold(0usize, |n, &u| {
        n.saturating_add(match u {
            0x01..=0x7F => 1,
            0x00 | 0x80..=0x7FF => 2,
            _ => 3,
        })
    })
}

fn encode_all<const MODIFIED: bool>(units: &[u16], mode: ErrorMode) -> Result<Vec<u8>, usize> {
    let mut e = CesuEncoder::<MODIFIED>::new();
    let mut out = vec![0u8; e.max_len(units.len()).unwrap_or(0)];
    let r = e.encode_from_utf16(units, &mut out, true, mode);
    if r.status == super::VariantEncodeStatus::Malformed {
        return Err(r.read - 1);
    }
    out.truncate(r.written);
    Ok(out)
}

/// Encodes UTF-16 to CESU-8. Fatal mode fails with the index of the first lone
/// surrogate; replacement mode writes EF BF BD for it.
pub fn encode_cesu8(units: &[u16], mode: ErrorMode) -> Result<Vec<u8>, usize> {
    encode_all::<false>(units, mode)
}

/// Decodes CESU-8 to UTF-16.
pub fn decode_cesu8(bytes: &[u8], mode: ErrorMode) -> Result<Vec<u16>, DecodeError> {
    decode_all(Cesu8Decoder::new(), bytes, mode)
}

/// Encodes any UTF-16 code units to modified UTF-8 (never fails).
pub fn encode_modified_utf8(units: &[u16]) -> Vec<u8> {
    encode_all::<true>(units, ErrorMode::Fatal).unwrap_or_default()
}

/// Decodes modified UTF-8 to UTF-16 code units (lone surrogates kept).
pub fn decode_modified_utf8(bytes: &[u8], mode: ErrorMode) -> Result<Vec<u16>, DecodeError> {
    decode_all(ModifiedUtf8Decoder::new(), bytes, mode)
}
