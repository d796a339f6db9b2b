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

use alloc::vec;
use alloc::vec::Vec;
use wasm_bindgen::prelude::wasm_bindgen;

// The codecs a module exports, each set a feature that adds it: the standard's
// (feature `codecs`, with labels and names under `wasm`), and the UTF-8
// variants beyond it (feature `variants`: text-encoding-wasm/extra's module,
// built without `codecs`, so the standard entries carry none of it).
#[cfg(feature = "codecs")]
pub mod standard;
#[cfg(feature = "codecs")]
pub use standard::*;
#[cfg(feature = "variants")]
pub mod variants;
#[cfg(feature = "variants")]
pub use variants::*;

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

/// Flag bits of the decode and encode exports.
const LAST: u32 = 1;
const FATAL: u32 = 2;
/// The state bytes are to be ignored: start from a new decoder or encoder.
const FRESH: u32 = 4;

/// Status codes in results[0].
const INPUT_EMPTY: u32 = 0;
const OUTPUT_FULL: u32 = 1;
const ERROR: u32 = 2;

/// The buffers and the result slots JavaScript reads and writes.
struct Scratch {
    /// Decode input / encode output.
    bytes: Vec<u8>,
    /// Decode output / encode input.
    units: Vec<u16>,
    /// The variants module's UCS-4 values (1996 UTF-8); empty elsewhere.
    #[cfg_attr(not(feature = "variants"), allow(dead_code))]
    values: Vec<u32>,
    /// [status, read, written, ...]: what each export documents.
    results: [u32; 6],
    /// Decoder state (16 bytes; 24 for 1996 UTF-8) or encoder state (first 4 bytes).
    state: [u8; 32],
}

static SCRATCH: spin::Mutex<Scratch> =
    spin::Mutex::new(Scratch { bytes: Vec::new(), units: Vec::new(), values: Vec::new(), results: [0; 6], state: [0; 32] });

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

/// Address of the six result slots (u32).
#[wasm_bindgen]
pub fn scratch_results() -> u32 {
    SCRATCH.lock().results.as_ptr() as u32
}

/// Address of the 32 state bytes.
#[wasm_bindgen]
pub fn scratch_state() -> u32 {
    SCRATCH.lock().state.as_ptr() as u32
}
