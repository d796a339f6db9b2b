//! The standard's codecs, as the main and UTF-8 entries of the npm package call
//! them (see the parent module for how data crosses).

use super::{ERROR, FATAL, FRESH, INPUT_EMPTY, LAST, OUTPUT_FULL, SCRATCH};
use crate::{DecodeStatus, DecoderMode, EncodeStatus, EncoderMode, Encoding, ALL_ENCODINGS};
#[cfg(not(feature = "utf8-only"))]
use crate::{Decoder, Encoder};
use wasm_bindgen::prelude::wasm_bindgen;

/// "Get an encoding": the label is in the unit buffer (`len` code units). Returns
/// the encoding's index in the standard's table, -1 for failure, or -2 for a
/// label of an encoding this build leaves out (the UTF-8-only build).
#[wasm_bindgen]
pub fn encoding_for_label(len: u32) -> i32 {
    let s = SCRATCH.lock();
    let label = s.units.get(..len as usize).unwrap_or(&[]);
    match Encoding::for_label_utf16(label) {
        Some(encoding) if supported(encoding) => encoding as i32,
        Some(_) => -2,
        None => -1,
    }
}

/// Writes encoding `index`'s name into the unit buffer (room for 16 units is
/// always there after `scratch(_, 16)`) and returns its length.
#[wasm_bindgen]
pub fn encoding_name(index: u32) -> u32 {
    let mut s = SCRATCH.lock();
    let name = ALL_ENCODINGS.get(index as usize).map_or("", |e| e.name());
    let mut n = 0;
    for (slot, b) in s.units.iter_mut().zip(name.bytes()) {
        *slot = u16::from(b);
        n += 1;
    }
    n
}

/// Whether this build can decode (and, where it has one, encode) `encoding`.
fn supported(encoding: Encoding) -> bool {
    !cfg!(feature = "utf8-only") || matches!(encoding, Encoding::Utf8 | Encoding::Utf16Le | Encoding::Utf16Be)
}

#[cfg(not(feature = "utf8-only"))]
fn new_decoder(encoding: Encoding) -> Decoder {
    Decoder::new(encoding)
}

/// The UTF-8-only build links only these families, so no legacy table.
#[cfg(feature = "utf8-only")]
fn new_decoder(encoding: Encoding) -> Utf8OnlyDecoder {
    match encoding {
        Encoding::Utf16Le => Utf8OnlyDecoder::Utf16(crate::utf16::Utf16Decoder::new(false)),
        Encoding::Utf16Be => Utf8OnlyDecoder::Utf16(crate::utf16::Utf16Decoder::new(true)),
        _ => Utf8OnlyDecoder::Utf8(crate::Utf8Decoder::new()),
    }
}

#[cfg(feature = "utf8-only")]
enum Utf8OnlyDecoder {
    Utf8(crate::Utf8Decoder),
    Utf16(crate::utf16::Utf16Decoder),
}

#[cfg(feature = "utf8-only")]
impl Utf8OnlyDecoder {
    fn decode_utf16(&mut self, src: &[u8], dst: &mut [u16], last: bool, mode: DecoderMode) -> crate::DecodeResult {
        match self {
            Utf8OnlyDecoder::Utf8(d) => d.decode_utf16(src, dst, last, mode),
            Utf8OnlyDecoder::Utf16(d) => d.decode_utf16(src, dst, last, mode),
        }
    }
    fn save_state(&self) -> [u8; 16] {
        match self {
            Utf8OnlyDecoder::Utf8(d) => d.save_state(),
            Utf8OnlyDecoder::Utf16(d) => d.save_state(),
        }
    }
    fn load_state(&mut self, state: &[u8; 16]) {
        match self {
            Utf8OnlyDecoder::Utf8(d) => d.load_state(state),
            Utf8OnlyDecoder::Utf16(d) => d.load_state(state),
        }
    }
    fn is_idle(&self) -> bool {
        match self {
            Utf8OnlyDecoder::Utf8(d) => d.is_idle(),
            Utf8OnlyDecoder::Utf16(d) => d.is_idle(),
        }
    }
}

/// Decodes `len` bytes of the byte buffer into the unit buffer with encoding
/// `index`, starting from the state bytes (unless `flags & FRESH`) and saving the
/// new state there. results = [status, read, written, idle]; returns written.
/// The unit buffer must hold `len + 3` units (see `max_utf16_len`), or the call
/// stops with OUTPUT_FULL.
#[wasm_bindgen]
pub fn decode(index: u32, flags: u32, len: u32) -> u32 {
    let mut guard = SCRATCH.lock();
    let s = &mut *guard;
    let Some(&encoding) = ALL_ENCODINGS.get(index as usize) else { return 0 };
    let mut decoder = new_decoder(encoding);
    if flags & FRESH == 0 {
        let mut state = [0u8; 16];
        state.copy_from_slice(&s.state[..16]);
        decoder.load_state(&state);
    }
    let mode = if flags & FATAL != 0 { DecoderMode::Fatal } else { DecoderMode::Replacement };
    let src = s.bytes.get(..len as usize).unwrap_or(&[]);
    let r = decoder.decode_utf16(src, &mut s.units, flags & LAST != 0, mode);
    s.state[..16].copy_from_slice(&decoder.save_state());
    let status = match r.status {
        DecodeStatus::InputEmpty => INPUT_EMPTY,
        DecodeStatus::OutputFull => OUTPUT_FULL,
        DecodeStatus::Malformed => ERROR,
    };
    s.results = [status, r.read as u32, r.written as u32, u32::from(decoder.is_idle()), 0, 0];
    r.written as u32
}

/// Encodes `len` code units of the unit buffer into at most `cap` bytes of the
/// byte buffer with encoding `index` ("html" mode unless FATAL), from and to the
/// state bytes. Output stops at the last whole character that fits (what
/// `encodeInto` needs). results = [status, read, written, unmappable code
/// point]; returns written. Status ERROR with code point 0: no such encoder.
#[wasm_bindgen]
pub fn encode(index: u32, flags: u32, len: u32, cap: u32) -> u32 {
    let mut guard = SCRATCH.lock();
    let s = &mut *guard;
    let encoder = ALL_ENCODINGS.get(index as usize).copied().filter(|&e| supported(e)).and_then(new_encoder);
    let Some(mut encoder) = encoder else {
        s.results = [ERROR, 0, 0, 0, 0, 0];
        return 0;
    };
    if flags & FRESH == 0 {
        let mut state = [0u8; 4];
        state.copy_from_slice(&s.state[..4]);
        encoder.load_state(&state);
    }
    let mode = if flags & FATAL != 0 { EncoderMode::Fatal } else { EncoderMode::Html };
    let src = s.units.get(..len as usize).unwrap_or(&[]);
    let cap = (cap as usize).min(s.bytes.len());
    let r = encoder.encode_from_utf16(src, &mut s.bytes[..cap], flags & LAST != 0, mode);
    s.state[..4].copy_from_slice(&encoder.save_state());
    let (status, cp) = match r.status {
        EncodeStatus::InputEmpty => (INPUT_EMPTY, 0),
        EncodeStatus::OutputFull => (OUTPUT_FULL, 0),
        EncodeStatus::Unmappable(c) => (ERROR, c as u32),
    };
    s.results = [status, r.read as u32, r.written as u32, cp, 0, 0];
    r.written as u32
}

#[cfg(not(feature = "utf8-only"))]
fn new_encoder(encoding: Encoding) -> Option<Encoder> {
    Encoder::new(encoding)
}

#[cfg(feature = "utf8-only")]
fn new_encoder(encoding: Encoding) -> Option<crate::Utf8Encoder> {
    (encoding == Encoding::Utf8).then(crate::Utf8Encoder::new)
}

/// The decode table of encoding `index`, for the JavaScript loops of the build
/// without WebAssembly (js/no-wasm/fast-decode.js), which decode the common
/// case (valid pairs, single-byte lookups) over the same index as the Rust
/// decoders and hand everything else back to `decode`. Unpacks the index if
/// no decoder has yet. Returns its address and sets results = [entries, bytes
/// per entry (2, or 4 for Big5)]; returns 0 for an encoding with no such
/// table. The tables never move or change once made (the allocator never
/// frees a static's block), so a copy taken once stays right.
#[wasm_bindgen]
pub fn decode_table(index: u32) -> u32 {
    let (address, entries, size) = table_of(ALL_ENCODINGS.get(index as usize).copied());
    SCRATCH.lock().results = [entries, size, 0, 0, 0, 0];
    address
}

#[cfg(not(feature = "utf8-only"))]
fn table_of(encoding: Option<Encoding>) -> (u32, u32, u32) {
    use crate::tables;
    let u16s = |t: &[u16]| (t.as_ptr() as u32, t.len() as u32, 2);
    match encoding {
        Some(Encoding::ShiftJis | Encoding::EucJp) => u16s(tables::jis0208()),
        Some(Encoding::Gbk | Encoding::Gb18030) => u16s(tables::gb18030()),
        Some(Encoding::EucKr) => u16s(tables::euc_kr()),
        Some(Encoding::Big5) => {
            let t = tables::big5();
            (t.as_ptr() as u32, t.len() as u32, 4)
        }
        Some(e) => match crate::single_byte::index_for(e) {
            Some((t, _)) => u16s(&t[..]),
            None => (0, 0, 0),
        },
        None => (0, 0, 0),
    }
}

#[cfg(feature = "utf8-only")]
fn table_of(_: Option<Encoding>) -> (u32, u32, u32) {
    (0, 0, 0)
}
