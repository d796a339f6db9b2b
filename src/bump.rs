//! The WebAssembly modules' allocator: a bump allocator, 5 KB smaller than
//! dlmalloc, for the main module (src/wasm.rs) and text-encoding-wasm/detect's
//! (detect/src/lib.rs), which both allocate this way: scratch buffers grown
//! geometrically by the JS side (so the memory given up stays within twice
//! their final size), the CJK tables and reverse maps (built once, never
//! freed), and nothing per decoder or per call. The most recent block can be
//! freed or grown in place, which covers a Vec growing while it is built.
#![allow(unsafe_code)]

use core::alloc::{GlobalAlloc, Layout};
use core::sync::atomic::{AtomicUsize, Ordering::Relaxed};

const PAGE: usize = 65536;

extern "C" {
    /// Where the linker puts the heap's start (after data and stack).
    static __heap_base: u8;
}

/// The allocator; `Bump::new()` in a `#[global_allocator]` static.
pub struct Bump {
    /// First free byte (0 until the first allocation).
    next: AtomicUsize,
    /// Start of the most recent allocation.
    last: AtomicUsize,
}

impl Bump {
    /// An allocator whose heap starts at the linker's `__heap_base`, at first use.
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

impl Default for Bump {
    fn default() -> Bump {
        Bump::new()
    }
}

// SAFETY: every block handed out lies in linear memory below the memory's
// size (`reach` grows it first), starts at a multiple of the requested
// alignment, and does not overlap any live block: blocks are carved from
// `next` upward, and `next` only moves back over the most recent block when
// that block is freed (so nothing live lies above it). WebAssembly modules
// here are single-threaded; the atomics only make the static `Sync`.
unsafe impl GlobalAlloc for Bump {
    // Not inlined: allocations are rare (scratch growth, the tables, once),
    // and each inlined copy was ~150 bytes of code at a dozen call sites.
    #[inline(never)]
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

    #[inline(never)]
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
