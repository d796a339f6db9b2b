//! Encodings, their names and labels (spec §4.2), output encodings (§4.3) and
//! BOM sniffing (§6.1).

pub use crate::generated::encodings::Encoding;
use crate::generated::encodings::{LABELS, NAMES};

/// The longest label of the standard; anything longer cannot match.
const MAX_LABEL_LEN: usize = {
    let mut max = 0;
    let mut i = 0;
    while i < LABELS.len() {
        if LABELS[i].0.len() > max {
            max = LABELS[i].0.len();
        }
        i += 1;
    }
    max
};

/// ASCII whitespace as the Infra standard defines it: TAB, LF, FF, CR, SPACE.
/// Not U+00A0, not U+FEFF, not VT.
fn is_ascii_whitespace(unit: u32) -> bool {
    matches!(unit, 0x09 | 0x0A | 0x0C | 0x0D | 0x20)
}

impl Encoding {
    /// "Get an encoding" from a label given as bytes (spec §4.2): strip leading and
    /// trailing ASCII whitespace, then match ASCII case-insensitively. Bytes outside
    /// ASCII never match (every label is ASCII).
    pub fn for_label(label: &[u8]) -> Option<Encoding> {
        Self::lookup(label.iter().map(|&b| u32::from(b)), label.len())
    }

    /// "Get an encoding" from a label given as UTF-16 code units, as a JavaScript
    /// string holds it. A code unit above U+007F never matches: the match is ASCII
    /// case-insensitive only, so U+212A KELVIN SIGN is not "k".
    pub fn for_label_utf16(label: &[u16]) -> Option<Encoding> {
        Self::lookup(label.iter().map(|&u| u32::from(u)), label.len())
    }

    fn lookup(units: impl DoubleEndedIterator<Item = u32> + Clone, len: usize) -> Option<Encoding> {
        let leading = units.clone().take_while(|&u| is_ascii_whitespace(u)).count();
        if leading == len {
            return None;
        }
        let trailing = units.clone().rev().take_while(|&u| is_ascii_whitespace(u)).count();
        let trimmed = len - leading - trailing;
        if trimmed > MAX_LABEL_LEN {
            return None;
        }
        let mut folded = [0u8; MAX_LABEL_LEN];
        for (slot, unit) in folded.iter_mut().zip(units.skip(leading).take(trimmed)) {
            if unit > 0x7F {
                return None;
            }
            // The range check above makes the cast lossless.
            *slot = (unit as u8).to_ascii_lowercase();
        }
        let key = &folded[..trimmed];
        LABELS
            .binary_search_by(|(label, _)| label.as_bytes().cmp(key))
            .ok()
            .map(|i| LABELS[i].1)
    }

    /// The encoding's canonical name, as `TextDecoder.prototype.encoding` reports it
    /// (lowercased there) and as the standard's table spells it.
    pub fn name(self) -> &'static str {
        NAMES[self as usize]
    }

    /// "Get an output encoding" (spec §4.3): replacement and UTF-16BE/LE become UTF-8.
    pub fn output_encoding(self) -> Encoding {
        match self {
            Encoding::Replacement | Encoding::Utf16Be | Encoding::Utf16Le => Encoding::Utf8,
            other => other,
        }
    }

    /// Whether the encoding has an encoder (spec §4.1: replacement and UTF-16BE/LE have none).
    pub fn has_encoder(self) -> bool {
        self.output_encoding() == self
    }

    /// "BOM sniff" (spec §6.1): the encoding a byte order mark at the start of `bytes`
    /// selects, with the BOM's length. `bytes` may be a prefix of the input; a
    /// caller that holds fewer than 3 bytes and more may come must wait for them
    /// (0xEF 0xBB alone is not yet a UTF-8 BOM, nor yet no BOM).
    pub fn sniff_bom(bytes: &[u8]) -> Option<(Encoding, usize)> {
        match bytes {
            [0xEF, 0xBB, 0xBF, ..] => Some((Encoding::Utf8, 3)),
            [0xFE, 0xFF, ..] => Some((Encoding::Utf16Be, 2)),
            [0xFF, 0xFE, ..] => Some((Encoding::Utf16Le, 2)),
            _ => None,
        }
    }

    /// Whether a decoder for this encoding maps every byte below 0x80 to the same
    /// code point when no sequence is pending (false for UTF-16BE/LE, ISO-2022-JP
    /// and replacement).
    pub fn is_ascii_compatible(self) -> bool {
        !matches!(
            self,
            Encoding::Utf16Be | Encoding::Utf16Le | Encoding::Iso2022Jp | Encoding::Replacement
        )
    }
}
