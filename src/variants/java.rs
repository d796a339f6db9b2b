//! The length-prefixed modified UTF-8 of Java's `DataOutput.writeUTF` and
//! `DataInput.readUTF` (the reference the CESU-8 document cites for modified
//! UTF-8): an unsigned 16-bit big-endian count of the bytes that follow, then
//! that many bytes of modified UTF-8 ([`super::cesu8`]). A string whose encoding
//! is longer than 65,535 bytes cannot be written (Java throws
//! `UTFDataFormatException`); here it is [`JavaUtfError::TooLong`].

use alloc::vec::Vec;

use super::cesu8::{decode_modified_utf8, encode_modified_utf8, modified_utf8_len};
use super::ErrorMode;

/// The most bytes the 16-bit length prefix can count.
pub const MAX_UTF_LEN: usize = 0xFFFF;

/// Why [`write_utf`] or [`read_utf`] failed.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum JavaUtfError {
    /// `write_utf`: the modified UTF-8 is `encoded_len` bytes, more than 65,535.
    TooLong {
        /// The length the string would have had.
        encoded_len: usize,
    },
    /// `read_utf`: fewer bytes than the 2-byte prefix plus the count it gives
    /// (Java's `EOFException`).
    Truncated {
        /// Bytes the record needs (2 + the prefix's count, or 2).
        needed: usize,
        /// Bytes there were.
        available: usize,
    },
    /// `read_utf`: the bytes are not modified UTF-8 (Java's
    /// `UTFDataFormatException`); the malformed subpart starts at `position`,
    /// an offset in the input (the prefix included), and is `len` bytes long.
    Malformed {
        /// Offset of the malformed subpart in the input.
        position: usize,
        /// Its length.
        len: usize,
    },
}

/// `DataOutput.writeUTF`: the 2-byte big-endian length, then `units` in modified
/// UTF-8 (any UTF-16, lone surrogates included).
pub fn write_utf(units: &[u16]) -> Result<Vec<u8>, JavaUtfError> {
    let encoded_len = modified_utf8_len(units);
    if encoded_len > MAX_UTF_LEN {
        return Err(JavaUtfError::TooLong { encoded_len });
    }
    let mut out = Vec::with_capacity(2 + encoded_len);
    out.extend_from_slice(&(encoded_len as u16).to_be_bytes());
    out.extend_from_slice(&encode_modified_utf8(units));
    Ok(out)
}

/// `DataInput.readUTF`: reads one record from the start of `bytes`, returning its
/// code units and the bytes it took (2 + the prefix's count); what follows is
/// left alone. Malformed modified UTF-8 is an error, as in Java.
pub fn read_utf(bytes: &[u8]) -> Result<(Vec<u16>, usize), JavaUtfError> {
    let [hi, lo, ..] = *bytes else {
        return Err(JavaUtfError::Truncated { needed: 2, available: bytes.len() });
    };
    let total = 2 + usize::from(u16::from_be_bytes([hi, lo]));
    let Some(body) = bytes.get(2..total) else {
        return Err(JavaUtfError::Truncated { needed: total, available: bytes.len() });
    };
    match decode_modified_utf8(body, ErrorMode::Fatal) {
        Ok(units) => Ok((units, total)),
        Err(e) => Err(JavaUtfError::Malformed { position: 2 + e.valid_up_to, len: e.error_len }),
    }
}
