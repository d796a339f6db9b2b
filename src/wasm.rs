//! The WebAssembly bindings (feature `wasm`): what the npm package's JavaScript
//! calls. No encoding logic lives here; this layer moves bytes and numbers.
//!
//! Only numbers cross the boundary. Rust owns two scratch buffers in linear
//! memory; JavaScript asks for their addresses ([`scratch`]), writes the input
//! there with a typed-array view, calls [`decode`] or [`encode`], and reads the
//! output and the call's results back the same way. So the glue that
//! wasm-bindgen generates contains no string conversion (and no `TextDecoder`),
//! a call costs no allocation, and memory stays bounded: JavaScript feeds input
//! in windows no larger than the buffers.
//!
//! A decoder's or encoder's state (16 or 4 bytes) travels with each call and is
//! kept by the JavaScript object between calls, so no per-object memory exists
//! on this side and nothing can leak when a `TextDecoder` is dropped mid-stream.

use crate::{DecodeStatus, DecoderMode, EncodeStatus, EncoderMode, Encoding, ALL_ENCODINGS};
#[cfg(not(feature = "utf8-only"))]
use crate::{Decoder, Encoder};
use alloc::vec;
use alloc::vec::Vec;
use wasm_bindgen::prelude::wasm_bindgen;

#[cfg(target_os = "none")]
#[global_allocator]
static ALLOCATOR: bump::Bump = bump::Bump::new();

/// The module's allocator: a bump allocator, 5 KB smaller than dlmalloc, which
/// fits how this module allocates: the scratch buffers (grown geometrically by
/// the JS side, so the memory given up stays within twice their final size),
/// the CJK tables and reverse maps (built once, never freed), and nothing per
/// decoder or per call. The most recent block can be freed or grown in place,
/// which covers a Vec growing while it is built.
#[cfg(target_os = "none")]
#[allow(unsafe_code)]
mod bump {
    use core::alloc::{GlobalAlloc, Layout};
    use core::sync::atomic::{AtomicUsize, Ordering::Relaxed};

    const PAGE: usize = 65536;

    extern "C" {
        /// Where the linker puts the heap's start (after data and stack).
        static __heap_base: u8;
    }

    pub struct Bump {
        /// First free byte (0 until the first allocation).
        next: AtomicUsize,
        /// Start of the most recent allocation.
        last: AtomicUsize,
    }

    impl Bump {
        pub const fn new() -> Bump {
            Bump { next: AtomicUsize::new(0), last: AtomicUsize::new(usize::MAX) }
        }

        /// Makes linear memory reach `end` bytes; false if it cannot grow.
        fn reach(end: usize) -> bool {
            let have = core::arch::wasm32::memory_size(0) * PAGE;
            if end <= have {
                return true;
            }
            let pages = (end - have).div_ceil(PAGE);
            core::arch::wasm32::memory_grow(0, pages) != usize::MAX
        }
    }

    // SAFETY: every block handed out lies in linear memory below the memory's
    // size (`reach` grows it first), starts at a multiple of the requested
    // alignment, and does not overlap any live block: blocks are carved from
    // `next` upward, and `next` only moves back over the most recent block when
    // that block is freed (so nothing live lies above it). WebAssembly modules
    // here are single-threaded; the atomics only make the static `Sync`.
    unsafe impl GlobalAlloc for Bump {
        unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
            let mut next = self.next.load(Relaxed);
            if next == 0 {
                // Only the symbol's address is taken, never its value.
                next = core::ptr::addr_of!(__heap_base) as usize;
            }
            let align = layout.align();
            let Some(start) = next.checked_add(align - 1).map(|n| n & !(align - 1)) else {
                return core::ptr::null_mut();
            };
            let Some(end) = start.checked_add(layout.size()) else { return core::ptr::null_mut() };
            if !Bump::reach(end) {
                return core::ptr::null_mut();
            }
            self.last.store(start, Relaxed);
            self.next.store(end, Relaxed);
            start as *mut u8
        }

        unsafe fn dealloc(&self, ptr: *mut u8, _layout: Layout) {
            if ptr as usize == self.last.load(Relaxed) {
                self.next.store(ptr as usize, Relaxed);
                self.last.store(usize::MAX, Relaxed);
            }
        }

        unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
            // The most recent block grows (or shrinks) where it is.
            if ptr as usize == self.last.load(Relaxed) {
                let Some(end) = (ptr as usize).checked_add(new_size) else { return core::ptr::null_mut() };
                if Bump::reach(end) {
                    self.next.store(end, Relaxed);
                    return ptr;
                }
                return core::ptr::null_mut();
            }
            // SAFETY: the caller guarantees `layout` fits `ptr` and `new_size` is
            // non-zero; the new block is fresh, so the copy cannot overlap.
            unsafe {
                let new_layout = Layout::from_size_align_unchecked(new_size, layout.align());
                let new = self.alloc(new_layout);
                if !new.is_null() {
                    core::ptr::copy_nonoverlapping(ptr, new, layout.size().min(new_size));
                }
                new
            }
        }
    }
}

/// With panic=abort a panic is a wasm trap; the core never panics on any input
/// (see the fuzz targets), so this is unreachable in practice.
#[cfg(all(target_os = "none", not(test)))]
#[panic_handler]
fn panic(_: &core::panic::PanicInfo<'_>) -> ! {
    core::arch::wasm32::unreachable()
}

/// The buffers and the result slots JavaScript reads and writes.
struct Scratch {
    /// Decode input / encode output.
    bytes: Vec<u8>,
    /// Decode output / encode input.
    units: Vec<u16>,
    /// [status, read, written, error code point]; state at `state`.
    results: [u32; 4],
    /// Decoder state (16 bytes) or encoder state (first 4 bytes).
    state: [u8; 16],
}

static SCRATCH: spin::Mutex<Scratch> =
    spin::Mutex::new(Scratch { bytes: Vec::new(), units: Vec::new(), results: [0; 4], state: [0; 16] });

/// Ensures the buffers hold at least `bytes` bytes and `units` code units, and
/// returns the address of the byte buffer; [`scratch_units`], [`scratch_results`]
/// and [`scratch_state`] give the others. Addresses change only when this grows
/// a buffer, so JavaScript asks again after every call to `scratch`.
#[wasm_bindgen]
pub fn scratch(bytes: u32, units: u32) -> u32 {
    let mut s = SCRATCH.lock();
    if s.bytes.len() < bytes as usize {
        s.bytes = vec![0; bytes as usize];
    }
    if s.units.len() < units as usize {
        s.units = vec![0; units as usize];
    }
    s.bytes.as_ptr() as u32
}

/// Address of the code unit buffer (2-aligned).
#[wasm_bindgen]
pub fn scratch_units() -> u32 {
    SCRATCH.lock().units.as_ptr() as u32
}

/// Address of the four result slots (u32: status, read, written, code point).
#[wasm_bindgen]
pub fn scratch_results() -> u32 {
    SCRATCH.lock().results.as_ptr() as u32
}

/// Address of the 16 state bytes.
#[wasm_bindgen]
pub fn scratch_state() -> u32 {
    SCRATCH.lock().state.as_ptr() as u32
}

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

/// Flag bits of [`decode`] and [`encode`].
const LAST: u32 = 1;
const FATAL: u32 = 2;
/// The state bytes are to be ignored: start from a new decoder or encoder.
const FRESH: u32 = 4;

/// Status codes in results[0].
const INPUT_EMPTY: u32 = 0;
const OUTPUT_FULL: u32 = 1;
const ERROR: u32 = 2;

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
        decoder.load_state(&s.state);
    }
    let mode = if flags & FATAL != 0 { DecoderMode::Fatal } else { DecoderMode::Replacement };
    let src = s.bytes.get(..len as usize).unwrap_or(&[]);
    let r = decoder.decode_utf16(src, &mut s.units, flags & LAST != 0, mode);
    s.state = decoder.save_state();
    let status = match r.status {
        DecodeStatus::InputEmpty => INPUT_EMPTY,
        DecodeStatus::OutputFull => OUTPUT_FULL,
        DecodeStatus::Malformed => ERROR,
    };
    s.results = [status, r.read as u32, r.written as u32, u32::from(decoder.is_idle())];
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
        s.results = [ERROR, 0, 0, 0];
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
    s.results = [status, r.read as u32, r.written as u32, cp];
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
