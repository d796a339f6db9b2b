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
///
/// One-byte calls (chardetng's CJK candidates, byte by byte) are remembered:
/// a decoder's step is a function of the encoding, its 16 state bytes and the
/// byte, so a step seen before is answered from [`CACHE`] without a call
/// (text repeats its characters; a new decoder's state is always the same).
pub fn decode(
    index: u8,
    state: &mut Option<State>,
    src: &[u8],
    dst: &mut [u16],
    last: bool,
) -> (DecodeStatus, usize, usize, bool) {
    let fresh = state.is_none();
    let bytes = &mut state.get_or_insert(State([0; 16])).0;
    if src.len() != 1 || last || dst.len() < 2 {
        let packed = call(index, fresh, last, bytes, src, dst);
        return unpack(packed);
    }
    let before = u128::from_ne_bytes(*bytes);
    // (Bit 0 set: the tag of a filled entry; bit 1: a new decoder.)
    let tag = u32::from(index) << 16 | u32::from(src[0]) << 8 | u32::from(fresh) << 1 | 1;
    let hash = ((before as u64) ^ (before >> 64) as u64 ^ u64::from(tag)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let _lock = native::lock();
    // SAFETY: a module instance is single-threaded (natively, where the
    // oracle's tests run on threads, `native::lock` makes it so), and no
    // reference to the cache outlives this call.
    let entry = unsafe { &mut (*core::ptr::addr_of_mut!(CACHE))[(hash >> (64 - CACHE_BITS)) as usize] };
    if entry.tag != tag || entry.before != before {
        let mut units = [0u16; 2];
        let packed = call(index, fresh, false, bytes, src, &mut units);
        *entry = Entry { before, tag, packed, units, after: *bytes };
    }
    *bytes = entry.after;
    dst[0] = entry.units[0];
    dst[1] = entry.units[1];
    unpack(entry.packed)
}

#[cfg(target_arch = "wasm32")]
mod native {
    pub fn lock() {}
}

/// The cache behind a spin lock off WebAssembly (the shim oracle's tests run
/// on several threads and share it).
#[cfg(not(target_arch = "wasm32"))]
mod native {
    use core::sync::atomic::{AtomicBool, Ordering};

    static LOCKED: AtomicBool = AtomicBool::new(false);

    pub struct Guard;

    pub fn lock() -> Guard {
        while LOCKED.compare_exchange_weak(false, true, Ordering::Acquire, Ordering::Relaxed).is_err() {
            core::hint::spin_loop();
        }
        Guard
    }

    impl Drop for Guard {
        fn drop(&mut self) {
            LOCKED.store(false, Ordering::Release);
        }
    }
}

/// log2 of the number of remembered steps (48 bytes each: 48 KiB).
const CACHE_BITS: u32 = 10;

#[derive(Clone, Copy)]
struct Entry {
    /// The state before the step, and the encoding, byte and new-decoder flag (0: empty).
    before: u128,
    tag: u32,
    /// What the step returned (as [`unpack`] reads it), its units (as many as
    /// it says it wrote: the rest is not read) and the state after it.
    packed: u32,
    units: [u16; 2],
    after: [u8; 16],
}

static mut CACHE: [Entry; 1 << CACHE_BITS] =
    [Entry { before: 0, tag: 0, packed: 0, units: [0; 2], after: [0; 16] }; 1 << CACHE_BITS];

/// One call of the import (the main module's `decode` export): the packed result.
#[cfg(target_arch = "wasm32")]
fn call(index: u8, fresh: bool, last: bool, bytes: &mut [u8; 16], src: &[u8], dst: &mut [u16]) -> u32 {
    // SAFETY: the pointers are to live buffers of the lengths given; the
    // import writes within them and keeps none.
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
    if unpack(packed).2 > dst.len() {
        // (Not a panic!: its message and location would be data for nothing.)
        core::arch::wasm32::unreachable();
    }
    packed
}

/// Off WebAssembly: the steps of the main module's `decode` export
/// (src/wasm/standard.rs) over the core's `Decoder`.
#[cfg(not(target_arch = "wasm32"))]
fn call(index: u8, fresh: bool, last: bool, bytes: &mut [u8; 16], src: &[u8], dst: &mut [u16]) -> u32 {
    use text_encoding_wasm::{DecoderMode, Encoding};
    let encoding: Encoding = text_encoding_wasm::ALL_ENCODINGS[usize::from(index)];
    let mut decoder = text_encoding_wasm::Decoder::new(encoding);
    if !fresh {
        decoder.load_state(bytes);
    }
    let r = decoder.decode_utf16(src, dst, last, DecoderMode::Fatal);
    *bytes = decoder.save_state();
    let status = match r.status {
        DecodeStatus::InputEmpty => 0,
        DecodeStatus::OutputFull => 1,
        DecodeStatus::Malformed => 2,
    };
    status | u32::from(decoder.is_idle()) << 2 | (r.written as u32) << 3 | (r.read as u32) << 16
}
