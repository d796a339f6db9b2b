//! The standard's codecs, as the main and UTF-8 entries of the npm package call
//! them (see the parent module for how data crosses).

use super::{supported, ERROR, FATAL, FRESH, INPUT_EMPTY, LAST, OUTPUT_FULL, SCRATCH};
#[cfg(feature = "codecs")]
use crate::Decoder;
use crate::{DecodeStatus, DecoderMode, Encoding, ALL_ENCODINGS};
use wasm_bindgen::prelude::wasm_bindgen;

/// "Get an encoding": the label is in the unit buffer (`len` code units). Returns
/// the encoding's index in the standard's table, -1 for failure, or -2 - index
/// for a label of an encoding this module leaves out (its family's feature is
/// off: the JavaScript side says which import adds it).
#[cfg(feature = "wasm")]
#[wasm_bindgen]
pub fn encoding_for_label(len: u32) -> i32 {
    let s = SCRATCH.lock();
    let label = s.units.get(..len as usize).unwrap_or(&[]);
    match Encoding::for_label_utf16(label) {
        Some(encoding) if supported(encoding) => encoding as i32,
        Some(encoding) => -2 - encoding as i32,
        None => -1,
    }
}

/// Writes encoding `index`'s name into the unit buffer (room for 16 units is
/// always there after `scratch(_, 16)`) and returns its length.
#[cfg(feature = "wasm")]
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

/// Whether `decode` decodes `encoding`: with `codecs` (the main, family and
/// CLI modules), every encoding the module has; the encoders module (no
/// `codecs`) decodes UTF-8 only where it has `utf`, which no module built
/// today combines with `encoders` alone.
fn decodable(encoding: Encoding) -> bool {
    if cfg!(feature = "codecs") {
        supported(encoding)
    } else {
        cfg!(feature = "utf") && encoding == Encoding::Utf8
    }
}

#[cfg(feature = "codecs")]
fn new_decoder(encoding: Encoding) -> Decoder {
    Decoder::new(encoding)
}

#[cfg(not(feature = "codecs"))]
fn new_decoder(_: Encoding) -> crate::Utf8Decoder {
    crate::Utf8Decoder::new()
}

/// The unpacked CJK index `which` (0 jis0208, 1 jis0212, 2 EUC-KR, 3 gb18030:
/// u16 entries; 4 Big5: u32), unpacked now if it was not; returns its address
/// (its length is the index's, known to the caller), 0 for another `which` or
/// one whose family this module leaves out. For text-encoding-wasm/detect,
/// whose module copies the tables from this one (detect/src/lib.rs) instead of
/// carrying them.
///
/// With `which | LEAVE_TO_CALLER` (the build without WebAssembly, whose
/// js/no-wasm/unpack-index.js unpacks faster than the translated Rust): an
/// index not unpacked yet is installed zeroed, for the caller to fill before
/// any other call, with results = [packed bytes' address, their length];
/// returns its address, or 0 if it was already there (or is left out).
#[cfg(all(feature = "codecs", not(feature = "shared-tables")))]
#[wasm_bindgen]
pub fn index_table(which: u32) -> u32 {
    use crate::tables::packed::{LEAVE_TO_CALLER, LEFT};
    use core::sync::atomic::Ordering::Relaxed;
    const CALLER: u32 = 0x100;
    let caller = which & CALLER != 0;
    LEFT[1].store(0, Relaxed);
    LEAVE_TO_CALLER.store(caller, Relaxed);
    let address = crate::tables::index_address(which & !CALLER) as u32;
    LEAVE_TO_CALLER.store(false, Relaxed);
    if !caller {
        return address;
    }
    let len = LEFT[1].load(Relaxed);
    if len == 0 {
        return 0;
    }
    let mut s = SCRATCH.lock();
    s.results[0] = LEFT[0].load(Relaxed) as u32;
    s.results[1] = len as u32;
    address
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
    let Some(&encoding) = ALL_ENCODINGS.get(index as usize).filter(|&&e| decodable(e)) else {
        s.results = [ERROR, 0, 0, 1, 0, 0];
        return 0;
    };
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
