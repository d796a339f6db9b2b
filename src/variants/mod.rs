//! Beyond the standard: UTF-8 variants that are not WHATWG encodings.
//!
//! None of these is an [`crate::Encoding`]: they have no label, `Decoder` and
//! `Encoder` never reach them, and a `TextDecoder` cannot be made for them. Each
//! is a separate, explicitly named codec:
//!
//! * [`wtf8`]: WTF-8 (Simon Sapin's specification), potentially ill-formed UTF-16
//!   (lone surrogates included) to bytes and back, losslessly; [`wtf8::wtf8_concat`].
//! * [`cesu8`]: CESU-8 and Java's modified UTF-8 (one handler, one flag).
//! * [`java`]: the length-prefixed modified UTF-8 of Java's `DataInput.readUTF` /
//!   `DataOutput.writeUTF`.
//! * [`utf8_1996`]: UTF-8 as ISO/IEC 10646-1 Amendment 2 (1996) first defined it,
//!   1 to 6 octets, code values up to 0x7FFF_FFFF, the malformed sequences of
//!   clause R.7 reported by position and kind.
//!
//! The UTF-16 decoders are [`crate::StreamDecoder`]s (the crate's one driver, its
//! split invariance, `max_utf16_len`, `save_state`); their handlers reuse the
//! UTF-8 lead-byte table ([`crate::utf8::lead_byte`]), the UTF-8 fast path
//! ([`crate::utf8::decode_valid_prefix`]) or the ASCII copier. The encoders from
//! UTF-16 share one driver here (`encode_units`), which, unlike the standard's encoders,
//! hands lone surrogates to the variant instead of turning them into U+FFFD.

pub mod cesu8;
pub mod java;
pub mod utf8_1996;
pub mod wtf8;

pub use cesu8::{Cesu8Decoder, Cesu8Encoder, ModifiedUtf8Decoder, ModifiedUtf8Encoder};
pub use java::{read_utf, write_utf, JavaUtfError};
pub use utf8_1996::{Iso10646Utf8Decoder, Iso10646Utf8Encoder, Malformation, MalformationKind};
pub use wtf8::{wtf8_concat, wtf8_push, Wtf8Decoder, Wtf8Encoder};

use alloc::vec;
use alloc::vec::Vec;

use crate::decode::{ByteHandler, DecodeStatus, DecoderMode, StreamDecoder};

/// The two error modes of every variant decoder and encoder: the crate's
/// [`DecoderMode`] (`Fatal` stops at the first error and reports where;
/// `Replacement` puts U+FFFD in its place and goes on).
pub type ErrorMode = DecoderMode;

/// Why a variant encoder call returned.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum VariantEncodeStatus {
    /// All of `src` was consumed (with `last`, a held lead surrogate was settled).
    InputEmpty,
    /// The next character's bytes do not fit in what is left of `dst`.
    OutputFull,
    /// Fatal mode: the input has a unit (or value) the variant cannot encode. It
    /// is the last one consumed: at stream offset (units read so far, this call's
    /// `read` included) - 1. Call again with `src[read..]` to go on after it.
    Malformed,
}

/// The outcome of one variant encoder call.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct VariantEncodeResult {
    /// Why the call returned.
    pub status: VariantEncodeStatus,
    /// Input units (UTF-16 code units, or u32 values) consumed.
    pub read: usize,
    /// Bytes written to the start of `dst`.
    pub written: usize,
}

/// The variants that encode UTF-16 code units.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Form {
    /// A pair is one 4-byte sequence, a lone surrogate its 3-byte sequence.
    Wtf8,
    /// A pair is two 3-byte sequences; a lone surrogate is an error.
    Cesu8,
    /// A pair is two 3-byte sequences, a lone surrogate its 3-byte sequence,
    /// U+0000 is C0 80.
    Modified,
}

/// What the encoder hands a [`Form`]: a non-surrogate unit, a surrogate pair, or
/// a lone surrogate.
#[derive(Copy, Clone, Debug)]
enum Item {
    Unit(u16),
    Pair(u16, u16),
    Lone(u16),
}

fn is_lead(u: u16) -> bool {
    (0xD800..=0xDBFF).contains(&u)
}

fn is_trail(u: u16) -> bool {
    (0xDC00..=0xDFFF).contains(&u)
}

/// The UTF-8 of U+FFFD, what replacement mode writes for a unit it cannot encode.
const REPLACEMENT: [u8; 3] = [0xEF, 0xBF, 0xBD];

impl Form {
    /// The bytes of `item` (at most 6), or `None` if it is an error.
    fn bytes(self, item: Item) -> Option<([u8; 6], usize)> {
        let mut out = [0u8; 6];
        let len = match (self, item) {
            // Modified UTF-8: "a special overlong encoding of the NUL character
            // (U+0000) as the two-byte sequence C0 80" (the CESU-8 document).
            (Form::Modified, Item::Unit(0)) => {
                out[..2].copy_from_slice(&[0xC0, 0x80]);
                2
            }
            (_, Item::Unit(u)) => crate::utf8::encode_scalar(u32::from(u), &mut out),
            (Form::Wtf8, Item::Pair(lead, trail)) => {
                let cp = 0x10000 + ((u32::from(lead) - 0xD800) << 10) + (u32::from(trail) - 0xDC00);
                crate::utf8::encode_scalar(cp, &mut out)
            }
            // CESU-8: "first represented as a surrogate pair, like in UTF-16, and
            // then each surrogate code point is encoded in UTF-8".
            (_, Item::Pair(lead, trail)) => {
                let n = crate::utf8::encode_scalar(u32::from(lead), &mut out);
                n + crate::utf8::encode_scalar(u32::from(trail), &mut out[n..])
            }
            (Form::Cesu8, Item::Lone(_)) => return None,
            (_, Item::Lone(u)) => crate::utf8::encode_scalar(u32::from(u), &mut out),
        };
        Some((out, len))
    }
}

/// The driver of the UTF-16 variant encoders: like the standard's (surrogate
/// pairs joined, also across calls through `held`, output stopped at the last
/// whole character that fits), but lone surrogates go to the variant.
pub(crate) fn encode_units(form: Form, held: &mut u16, src: &[u16], dst: &mut [u8], last: bool, mode: ErrorMode) -> VariantEncodeResult {
    let mut read = 0;
    let mut written = 0;
    let result = |status, read, written| VariantEncodeResult { status, read, written };
    loop {
        if *held == 0 {
            // ASCII (but modified UTF-8's U+0000) is one byte per unit.
            let mut n = crate::encode::copy_ascii(&src[read..], &mut dst[written..]);
            if form == Form::Modified {
                if let Some(nul) = dst[written..written + n].iter().position(|&b| b == 0) {
                    n = nul;
                }
            }
            read += n;
            written += n;
        }
        // The next item and how many units of `src` it takes.
        let (item, units) = if *held != 0 {
            match src.get(read) {
                Some(&t) if is_trail(t) => (Item::Pair(*held, t), 1),
                Some(_) => (Item::Lone(*held), 0),
                None if last => (Item::Lone(*held), 0),
                None => return result(VariantEncodeStatus::InputEmpty, read, written),
            }
        } else {
            match src.get(read) {
                Some(&u) if is_lead(u) => match src.get(read + 1) {
                    Some(&t) if is_trail(t) => (Item::Pair(u, t), 2),
                    Some(_) => (Item::Lone(u), 1),
                    None if last => (Item::Lone(u), 1),
                    None => {
                        *held = u;
                        return result(VariantEncodeStatus::InputEmpty, read + 1, written);
                    }
                },
                Some(&u) if is_trail(u) => (Item::Lone(u), 1),
                Some(&u) => (Item::Unit(u), 1),
                None => return result(VariantEncodeStatus::InputEmpty, read, written),
            }
        };
        let (bytes, len) = match form.bytes(item) {
            Some(encoded) => encoded,
            None if mode == ErrorMode::Fatal => {
                *held = 0;
                return result(VariantEncodeStatus::Malformed, read + units, written);
            }
            None => {
                let mut bytes = [0u8; 6];
                bytes[..3].copy_from_slice(&REPLACEMENT);
                (bytes, 3)
            }
        };
        if len > dst.len() - written {
            return result(VariantEncodeStatus::OutputFull, read, written);
        }
        dst[written..written + len].copy_from_slice(&bytes[..len]);
        written += len;
        read += units;
        *held = 0;
    }
}

/// The most bytes one call of a UTF-16 variant encoder writes for `src_len`
/// units: 3 per unit (a pair is 4 or 6 bytes for two units, U+FFFD 3), plus 3
/// for a lead surrogate held from the previous call. `None` on overflow.
pub(crate) fn max_units_len(src_len: usize) -> Option<usize> {
    src_len.checked_add(1)?.checked_mul(3)
}

/// The variant decoders' handlers can say how many of the bytes read so far
/// belong to what they hold: a sequence not finished yet and, in CESU-8, a lead
/// surrogate waiting for its trail. A malformed subpart found in the next call
/// may have begun that many bytes before it (the bindings report where).
#[cfg_attr(not(any(test, feature = "variants")), allow(dead_code))]
pub(crate) trait HeldBytes {
    fn held_bytes(&self) -> usize;
}

/// The first error a one-shot fatal decode met: the malformed subpart is
/// `input[valid_up_to..valid_up_to + error_len]`, as in `core::str::Utf8Error`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct DecodeError {
    /// Bytes before the malformed subpart (all of them decode without error).
    pub valid_up_to: usize,
    /// Length of the malformed subpart (at least 1).
    pub error_len: usize,
}

/// Decodes all of `src` with `decoder` (a new one). Replacement mode never fails;
/// fatal mode returns where the first malformed subpart is.
pub(crate) fn decode_all<H: ByteHandler + Copy>(decoder: StreamDecoder<H>, src: &[u8], mode: ErrorMode) -> Result<Vec<u16>, DecodeError> {
    let mut d = decoder;
    let mut out = vec![0u16; d.max_utf16_len(src.len()).unwrap_or(0)];
    let r = d.decode_utf16(src, &mut out, true, mode);
    if r.status != DecodeStatus::Malformed {
        out.truncate(r.written);
        return Ok(out);
    }
    // The error's subpart ends at `r.read`, less the bytes the decoder restored
    // to its queue (CESU-8's lone lead surrogate restores what followed it).
    let end = r.read - d.restored_len().min(r.read);
    let valid_up_to = malformed_start(decoder, src, end, mode);
    Err(DecodeError { valid_up_to, error_len: end - valid_up_to })
}

/// Where the malformed subpart that stopped a fatal decode of `src` by `initial`
/// begins, given where it ends (`end`: the call's `read` less the decoder's
/// restored bytes). It began where the decoder was last idle: no subpart of
/// these variants is longer than 3 bytes, so the prefix up to 6 bytes before
/// `end` is replayed at once, then byte by byte. 0 if the decoder was not idle
/// since the start of `src` (the subpart began in an earlier call). Nothing is
/// allocated (the WebAssembly bindings call this): the replayed output goes
/// through a small buffer on the stack.
pub(crate) fn malformed_start<H: ByteHandler + Copy>(initial: StreamDecoder<H>, src: &[u8], end: usize, mode: ErrorMode) -> usize {
    let end = end.min(src.len());
    let from = end.saturating_sub(6);
    let mut d = initial;
    let mut discard = [0u16; 256];
    let mut done = 0;
    while done < from {
        // Each call makes progress: 256 units is room for at least one byte's output.
        done += d.decode_utf16(&src[done..from], &mut discard, false, mode).read;
    }
    let mut valid_up_to = from;
    let mut one = [0u16; 4];
    for i in from..end {
        if d.is_idle() {
            valid_up_to = i;
        }
        d.decode_utf16(&src[i..i + 1], &mut one, false, mode);
    }
    valid_up_to
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::{Cesu8Decoder, ModifiedUtf8Decoder, Wtf8Decoder};

    /// Until a fatal decode's first error, `held_bytes` after each byte fed alone
    /// equals the bytes since the decoder was last idle (what the bindings
    /// report as where an open sequence began, and where a malformed subpart
    /// found later begins).
    fn check<H: ByteHandler + HeldBytes + Copy>(new: StreamDecoder<H>) {
        let mut seed = 0x4e1du32;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            seed
        };
        let pool = [0x41, 0x80, 0xA0, 0xAF, 0xB0, 0xBF, 0xC0, 0xC3, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xFF];
        for _ in 0..20_000 {
            let bytes: Vec<u8> = (0..(next() % 12)).map(|_| pool[next() as usize % pool.len()]).collect();
            let mut d = new;
            let mut idle_at = 0;
            let mut out = [0u16; 8];
            for (i, &b) in bytes.iter().enumerate() {
                let r = d.decode_utf16(&[b], &mut out, false, ErrorMode::Fatal);
                if r.status == DecodeStatus::Malformed {
                    break;
                }
                if d.is_idle() {
                    idle_at = i + 1;
                }
                let held = d.handler().held_bytes() + d.restored_len();
                assert_eq!(held, i + 1 - idle_at, "{bytes:02X?} after byte {i}");
            }
        }
    }

    #[test]
    fn held_bytes_is_the_open_sequence() {
        check(Wtf8Decoder::new());
        check(Cesu8Decoder::new());
        check(ModifiedUtf8Decoder::new());
    }
}
