//! The CJK decoders chardetng runs are the main module's: text-encoding-wasm/
//! detect is always loaded with the main entry, whose module instance has them
//! (and their tables), so the detector's module imports one function that runs
//! that module's `decode` export (src/wasm/standard.rs) instead of carrying a
//! second copy of the decoders (js/detect/main-decoder.js is the import). Off
//! WebAssembly (the shim oracle's native tests) the same export's steps run
//! here, over the core crate's `Decoder`.

use text_encoding_wasm::DecodeStatus;

/// A decoder's 16 state bytes (the main module's form), aligned so that
/// JavaScript copies them as four words.
#[repr(align(4))]
pub struct State(pub [u8; 16]);

/// Bytes per call: `read` (bits 16-31) and `written` (at most 3 more, bits
/// 3-15) must fit the packed result.
pub const MAX_LEN: usize = 0x1000;

/// The packed result of the import: status in bits 0-1 (0 input empty,
/// 1 output full, 2 malformed: src/wasm.rs's numbers), idle in bit 2,
/// written in bits 3-15, read in bits 16-31.
fn unpack(packed: u32) -> (DecodeStatus, usize, usize, bool) {
    let status = match packed & 3 {
        0 => DecodeStatus::InputEmpty,
        1 => DecodeStatus::OutputFull,
        _ => DecodeStatus::Malformed,
    };
    (status, (packed >> 16) as usize, ((packed >> 3) & 0x1FFF) as usize, packed & 4 != 0)
}

#[cfg(target_arch = "wasm32")]
mod imported {
    #[link(wasm_import_module = "main")]
    extern "C" {
        /// The main module's fatal decode of encoding `index` over `len` bytes
        /// at `src`, continuing from the 16 state bytes at `state` (unless
        /// `fresh`) and saving the new state there; `last`: end of the stream.
        /// Its units go to `dst`, at most `cap` of them (the result says how
        /// many there were). Returns the packed result.
        pub fn decode(index: u32, fresh: u32, last: u32, state: *mut u8, src: *const u8, len: u32, dst: *mut u16, cap: u32) -> u32;
    }
}

/// Runs the main module's decoder of encoding `index` over `src` (at most
/// [`MAX_LEN`] bytes), from `state` (None: a new decoder), which is then the
/// decoder's new state. Returns (status, read, written, idle).
///
/// `dst` should have room for `src.len() + 3` units (what a call can write:
/// src/decode.rs). chardetng gives its one-byte calls two; more output than
/// that would have been `OutputFull` from a decoder here, which chardetng
/// treats as unreachable (a panic, so a trap): it is a trap here too.
#[cfg(target_arch = "wasm32")]
pub fn decode(
    index: u8,
    state: &mut Option<State>,
    src: &[u8],
    dst: &mut [u16],
    last: bool,
) -> (DecodeStatus, usize, usize, bool) {
    let fresh = state.is_none();
    let bytes = &mut state.get_or_insert(State([0; 16])).0;
    // SAFETY: the pointers are to live buffers of the lengths given (`dst`
    // holds src.len() + 3 units: the caller's promise); the import writes
    // within them and keeps none.
    let packed = unsafe {
        imported::decode(
            u32::from(index),
            u32::from(fresh),
            u32::from(last),
            bytes.as_mut_ptr(),
            src.as_ptr(),
            src.len() as u32,
            dst.as_mut_ptr(),
            dst.len() as u32,
        )
    };
    let result = unpack(packed);
    if result.2 > dst.len() {
        // (Not a panic!: its message and location would be data for nothing.)
        core::arch::wasm32::unreachable();
    }
    result
}

#[cfg(not(target_arch = "wasm32"))]
pub fn decode(
    index: u8,
    state: &mut Option<State>,
    src: &[u8],
    dst: &mut [u16],
    last: bool,
) -> (DecodeStatus, usize, usize, bool) {
    use text_encoding_wasm::{DecoderMode, Encoding};
    let encoding: Encoding = text_encoding_wasm::ALL_ENCODINGS[usize::from(index)];
    let mut decoder = text_encoding_wasm::Decoder::new(encoding);
    if let Some(State(bytes)) = state {
        decoder.load_state(bytes);
    }
    let r = decoder.decode_utf16(src, dst, last, DecoderMode::Fatal);
    *state = Some(State(decoder.save_state()));
    let status = match r.status {
        DecodeStatus::InputEmpty => 0,
        DecodeStatus::OutputFull => 1,
        DecodeStatus::Malformed => 2,
    };
    unpack(status | u32::from(decoder.is_idle()) << 2 | (r.written as u32) << 3 | (r.read as u32) << 16)
}
