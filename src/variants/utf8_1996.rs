//! UTF-8 as ISO/IEC 10646-1:1993 Amendment 2 (1996), Annex R, first defined it:
//! 1 to 6 octets, UCS-4 code values from 0 to 7FFF FFFF, decoded to and encoded
//! from `u32` (not UTF-16: values above 10FFFF are code values like any other).
//!
//! * Encoder: R.4, Table 4 (the sequence length is chosen by the value's range, so
//!   the output is always the shortest form). A value above 7FFF FFFF has no
//!   UTF-8 form (R.2, Table 1: "1st of 6 ... 7FFF FFFF"): an error. Note 3 says
//!   D800..DFFF, FFFE and FFFF "do not occur in UCS-4" and that their mappings
//!   "are undefined"; we apply Table 4's formula to them like to any other value,
//!   so decoding inverts encoding for every value up to 7FFF FFFF.
//! * Decoder: R.5, Table 5. Clause R.7 lists the malformed sequences, each
//!   reported with its kind ([`MalformationKind`]) and the stream offset of its
//!   first octet:
//!   - "a first octet that is not immediately followed by the correct number of
//!     continuing octets": [`MalformationKind::Truncated`], the first octet and
//!     the continuing octets that did come are one malformed sequence; the octet
//!     that interrupted it (or the end of the stream) is read next as usual;
//!   - "one or more continuing octets that are not required to complete a
//!     sequence of first and continuing octets": [`MalformationKind::UnexpectedContinuation`];
//!     a whole run of them is one malformed sequence (the clause's "one or more"),
//!     reported once, at its first octet;
//!   - "an invalid octet": FE or FF ("not used", R.2 and R.7),
//!     [`MalformationKind::InvalidOctet`], each one a malformed sequence.
//!
//!   R.7 opens with "an octet in the range 00 .. 7F or C0 .. FB is the first
//!   octet"; R.2 ("C0 to FD first octet of a multi-octet sequence"), Table 1
//!   ("1st of 6: 1111110x") and Table 5 ("z = FC, FD") make FC and FD first
//!   octets of 6-octet sequences, so "FB" is read as a slip for "FD".
//! * Overlong forms (a value in more octets than R.4 would use, e.g. C0 80) are
//!   not among R.7's malformed sequences: each is a first octet followed by the
//!   correct number of continuing octets, and Table 5 maps it (C0 80 is 0000 0000).
//!   The decoder therefore decodes them to their values and reports nothing; the
//!   encoder never produces them.
//! * R.7: a receiving device "shall interpret that malformed sequence in the same
//!   way that it interprets a character that is outside the adopted subset". In
//!   [`ErrorMode::Replacement`] that character is U+FFFD (one per malformed
//!   sequence); in [`ErrorMode::Fatal`] nothing is written for it. In both modes
//!   the decoder returns at every malformed sequence with its position.

use alloc::vec;
use alloc::vec::Vec;

use super::{ErrorMode, VariantEncodeResult, VariantEncodeStatus};

/// The malformed sequences of R.7.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MalformationKind {
    /// A first octet not immediately followed by the correct number of
    /// continuing octets (another octet, or the end of the stream, came first).
    Truncated,
    /// A run of one or more continuing octets (80..BF) not required to complete
    /// a sequence.
    UnexpectedContinuation,
    /// FE or FF, octets not used in UTF-8.
    InvalidOctet,
}

/// One malformed sequence: its kind and the stream offset of its first octet.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Malformation {
    /// Offset in the stream (bytes since the decoder was made, reset, or last
    /// ended a stream) of the malformed sequence's first octet.
    pub position: u64,
    /// What R.7 calls it.
    pub kind: MalformationKind,
}

/// Why an [`Iso10646Utf8Decoder::decode`] call returned.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Iso10646DecodeStatus {
    /// All of `src` was consumed (with `last`, the stream was ended).
    InputEmpty,
    /// The next value (or U+FFFD) does not fit in what is left of `dst`.
    OutputFull,
    /// A malformed sequence (in replacement mode, U+FFFD was written for it).
    /// Call again with `src[read..]` to go on.
    Malformed(Malformation),
}

/// The outcome of one [`Iso10646Utf8Decoder::decode`] call.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Iso10646DecodeResult {
    /// Why the call returned.
    pub status: Iso10646DecodeStatus,
    /// Bytes of `src` consumed.
    pub read: usize,
    /// Values written to the start of `dst`.
    pub written: usize,
}

/// A streaming decoder of 1996 UTF-8 into UCS-4 code values. Plain data.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Iso10646Utf8Decoder {
    /// Free bits gathered so far of the sequence in progress.
    value: u32,
    /// Continuing octets still needed (0: between sequences).
    needed: u8,
    /// In a run of unexpected continuing octets, already reported.
    stray: bool,
    /// Stream offset of the sequence in progress's first octet.
    start: u64,
    /// Bytes consumed since the start of the stream.
    position: u64,
}

/// Continuing octets and free bits of a first octet (R.2, Table 1; R.5, Table 5).
fn first_octet(byte: u8) -> Option<(u8, u32)> {
    match byte {
        0xC0..=0xDF => Some((1, u32::from(byte & 0x1F))),
        0xE0..=0xEF => Some((2, u32::from(byte & 0x0F))),
        0xF0..=0xF7 => Some((3, u32::from(byte & 0x07))),
        0xF8..=0xFB => Some((4, u32::from(byte & 0x03))),
        0xFC..=0xFD => Some((5, u32::from(byte & 0x01))),
        _ => None,
    }
}

impl Iso10646Utf8Decoder {
    /// A new decoder.
    pub const fn new() -> Self {
        Iso10646Utf8Decoder { value: 0, needed: 0, stray: false, start: 0, position: 0 }
    }

    /// Decodes `src` into `dst`, returning at every malformed sequence. With
    /// `last`, `src` ends the stream (a sequence still open is
    /// [`MalformationKind::Truncated`]) and the decoder returns to its initial
    /// state. Any split of the input, empty chunks included, gives the same
    /// values and the same malformations at the same positions.
    pub fn decode(&mut self, src: &[u8], dst: &mut [u32], last: bool, mode: ErrorMode) -> Iso10646DecodeResult {
        let mut read = 0;
        let mut written = 0;
        let result = |status, read, written| Iso10646DecodeResult { status, read, written };
        loop {
            if self.needed == 0 {
                // ASCII: R.1, "single octets".
                let start = read;
                while let (Some(&b), Some(slot)) = (src.get(read), dst.get_mut(written)) {
                    if b >= 0x80 {
                        break;
                    }
                    *slot = u32::from(b);
                    read += 1;
                    written += 1;
                }
                if read > start {
                    self.stray = false;
                    self.position += (read - start) as u64;
                }
            }
            let room = written < dst.len();
            let Some(&byte) = src.get(read) else {
                if !last {
                    return result(Iso10646DecodeStatus::InputEmpty, read, written);
                }
                if self.needed > 0 {
                    if mode == ErrorMode::Replacement && !room {
                        return result(Iso10646DecodeStatus::OutputFull, read, written);
                    }
                    let m = Malformation { position: self.start, kind: MalformationKind::Truncated };
                    *self = Self::new();
                    return self.malformed(m, dst, read, written, mode);
                }
                *self = Self::new();
                return result(Iso10646DecodeStatus::InputEmpty, read, written);
            };
            let continuing = byte & 0xC0 == 0x80;
            if self.needed > 0 {
                if continuing {
                    if self.needed == 1 && !room {
                        return result(Iso10646DecodeStatus::OutputFull, read, written);
                    }
                    self.value = (self.value << 6) | u32::from(byte & 0x3F);
                    self.needed -= 1;
                    self.position += 1;
                    read += 1;
                    if self.needed == 0 {
                        dst[written] = self.value;
                        written += 1;
                    }
                    continue;
                }
                // Truncated: the octet that interrupted the sequence is read next.
                if mode == ErrorMode::Replacement && !room {
                    return result(Iso10646DecodeStatus::OutputFull, read, written);
                }
                self.needed = 0;
                let m = Malformation { position: self.start, kind: MalformationKind::Truncated };
                return self.malformed(m, dst, read, written, mode);
            }
            if byte < 0x80 {
                // The ASCII loop above stopped here: `dst` is full.
                return result(Iso10646DecodeStatus::OutputFull, read, written);
            }
            if continuing && self.stray {
                // The rest of a run already reported.
                self.position += 1;
                read += 1;
                continue;
            }
            if let Some((needed, bits)) = first_octet(byte) {
                self.needed = needed;
                self.value = bits;
                self.start = self.position;
                self.stray = false;
                self.position += 1;
                read += 1;
                continue;
            }
            // A continuing octet that starts a run, or FE / FF.
            if mode == ErrorMode::Replacement && !room {
                return result(Iso10646DecodeStatus::OutputFull, read, written);
            }
            let kind = if continuing { MalformationKind::UnexpectedContinuation } else { MalformationKind::InvalidOctet };
            let m = Malformation { position: self.position, kind };
            self.stray = continuing;
            self.position += 1;
            return self.malformed(m, dst, read + 1, written, mode);
        }
    }

    fn malformed(&self, m: Malformation, dst: &mut [u32], read: usize, mut written: usize, mode: ErrorMode) -> Iso10646DecodeResult {
        if mode == ErrorMode::Replacement {
            dst[written] = 0xFFFD;
            written += 1;
        }
        Iso10646DecodeResult { status: Iso10646DecodeStatus::Malformed(m), read, written }
    }

    /// The most values one [`Self::decode`] call writes for `src_len` bytes
    /// (one per byte, plus U+FFFD for a sequence left open). `None` on overflow.
    pub fn max_len(&self, src_len: usize) -> Option<usize> {
        src_len.checked_add(1)
    }

    /// True when no sequence is in progress.
    pub fn is_idle(&self) -> bool {
        self.needed == 0
    }

    /// Back to the initial state (and stream offset 0).
    pub fn reset(&mut self) {
        *self = Self::new();
    }

    /// The decoder's whole state as 24 bytes, for callers that keep it outside
    /// the decoder (the JavaScript bindings, like [`crate::StreamDecoder::save_state`]).
    pub fn save_state(&self) -> [u8; 24] {
        let mut state = [0u8; 24];
        state[..4].copy_from_slice(&self.value.to_le_bytes());
        state[4] = self.needed;
        state[5] = u8::from(self.stray);
        state[8..16].copy_from_slice(&self.start.to_le_bytes());
        state[16..].copy_from_slice(&self.position.to_le_bytes());
        state
    }

    /// Restores a state saved by [`Self::save_state`]. Any 24 bytes are safe:
    /// more than 5 continuing octets is no state a decoder reaches, and resets.
    pub fn load_state(&mut self, state: &[u8; 24]) {
        let word = |at: usize| u64::from_le_bytes([state[at], state[at + 1], state[at + 2], state[at + 3], state[at + 4], state[at + 5], state[at + 6], state[at + 7]]);
        let needed = state[4];
        let position = word(16);
        *self = if needed > 5 {
            Iso10646Utf8Decoder { position, ..Self::new() }
        } else {
            Iso10646Utf8Decoder {
                value: u32::from_le_bytes([state[0], state[1], state[2], state[3]]),
                needed,
                stray: state[5] != 0 && needed == 0,
                start: word(8),
                position,
            }
        };
    }
}

/// Writes the 1996 UTF-8 form of `value` (R.4, Table 4) to `dst`, returning its
/// length, or 0 if `value` exceeds 7FFF FFFF or `dst` is too short.
pub fn encode_value(value: u32, dst: &mut [u8]) -> usize {
    // Table 4: octets after the first, and the first octet's marker bits.
    let (continuing, marker) = match value {
        0..=0x7F => (0, 0x00),
        0x80..=0x7FF => (1, 0xC0),
        0x800..=0xFFFF => (2, 0xE0),
        0x1_0000..=0x1F_FFFF => (3, 0xF0),
        0x20_0000..=0x3FF_FFFF => (4, 0xF8),
        0x400_0000..=0x7FFF_FFFF => (5, 0xFC),
        _ => return 0,
    };
    let len = continuing + 1;
    let Some(out) = dst.get_mut(..len) else { return 0 };
    // "C0 + x/2**6; 80 + x%2**6" and so on: the first octet takes what is left.
    let mut v = value;
    for slot in out[1..].iter_mut().rev() {
        *slot = 0x80 | (v & 0x3F) as u8;
        v >>= 6;
    }
    out[0] = marker | v as u8;
    len
}

/// A streaming encoder of UCS-4 code values to 1996 UTF-8. It has no state: each
/// value is encoded on its own.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Iso10646Utf8Encoder;

impl Iso10646Utf8Encoder {
    /// A new encoder.
    pub const fn new() -> Self {
        Iso10646Utf8Encoder
    }

    /// Encodes `src` into `dst`, stopping at the last whole sequence that fits. A
    /// value above 7FFF FFFF is [`VariantEncodeStatus::Malformed`] in fatal mode
    /// (it is `src[read - 1]`) and the UTF-8 of U+FFFD (EF BF BD) in replacement mode.
    pub fn encode(&mut self, src: &[u32], dst: &mut [u8], mode: ErrorMode) -> VariantEncodeResult {
        let mut written = 0;
        for (read, &value) in src.iter().enumerate() {
            let mut bytes = [0u8; 6];
            let mut len = encode_value(value, &mut bytes);
            if len == 0 {
                if mode == ErrorMode::Fatal {
                    return VariantEncodeResult { status: VariantEncodeStatus::Malformed, read: read + 1, written };
                }
                len = encode_value(0xFFFD, &mut bytes);
            }
            let Some(out) = dst.get_mut(written..written + len) else {
                return VariantEncodeResult { status: VariantEncodeStatus::OutputFull, read, written };
            };
            out.copy_from_slice(&bytes[..len]);
            written += len;
        }
        VariantEncodeResult { status: VariantEncodeStatus::InputEmpty, read: src.len(), written }
    }

    /// The most bytes one [`Self::encode`] call writes for `src_len` values (6
    /// each). `None` on overflow.
    pub fn max_len(&self, src_len: usize) -> Option<usize> {
        src_len.checked_mul(6)
    }
}

/// Decodes all of `bytes`: the values, and the malformed sequences found (in
/// fatal mode, decoding stops at the first one, so there is at most one).
pub fn decode(bytes: &[u8], mode: ErrorMode) -> (Vec<u32>, Vec<Malformation>) {
    let mut d = Iso10646Utf8Decoder::new();
    let mut out = vec![0u32; d.max_len(bytes.len()).unwrap_or(0)];
    let mut errors = Vec::new();
    let (mut read, mut written) = (0, 0);
    loop {
        let r = d.decode(&bytes[read..], &mut out[written..], true, mode);
        read += r.read;
        written += r.written;
        match r.status {
            Iso10646DecodeStatus::Malformed(m) => {
                errors.push(m);
                if mode == ErrorMode::Fatal {
                    break;
                }
            }
            _ => break,
        }
    }
    out.truncate(written);
    (out, errors)
}

/// Encodes UCS-4 code values; fatal mode fails with the index of the first value
/// above 7FFF FFFF.
pub fn encode(values: &[u32], mode: ErrorMode) -> Result<Vec<u8>, usize> {
    let mut e = Iso10646Utf8Encoder::new();
    let mut out = vec![0u8; e.max_len(values.len()).unwrap_or(0)];
    let r = e.encode(values, &mut out, mode);
    if r.status == VariantEncodeStatus::Malformed {
        return Err(r.read - 1);
    }
    out.truncate(r.written);
    Ok(out)
}
