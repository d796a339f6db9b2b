//! Shared by the probes' `lean` feature (a diagnostic for tools/size-report.sh,
//! not what the goals are measured on): a bump allocator over `memory.grow`
//! that never frees, and a panic handler that is a bare `unreachable`, so
//! neither std's dlmalloc nor `core::fmt` (panic messages) is linked.

use core::alloc::{GlobalAlloc, Layout};
use core::cell::Cell;

/// Bump allocator over `memory.grow`; never frees. Only for measuring.
struct Bump(Cell<usize>);
// wasm32 without threads: a single thread.
unsafe impl Sync for Bump {}

const PAGE: usize = 65536;

unsafe impl GlobalAlloc for Bump {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        use core::arch::wasm32::{memory_grow, memory_size};
        let mut next = self.0.get();
        if next == 0 {
            // Start past everything rustc laid out (stack, data): at the end of memory.
            next = memory_size(0) * PAGE;
        }
        let start = (next + layout.align() - 1) & !(layout.align() - 1);
        let Some(end) = start.checked_add(layout.size()) else { return core::ptr::null_mut() };
        let have = memory_size(0) * PAGE;
        if end > have && memory_grow(0, (end - have).div_ceil(PAGE)) == usize::MAX {
            return core::ptr::null_mut();
        }
        self.0.set(end);
        start as *mut u8
    }

    unsafe fn dealloc(&self, _: *mut u8, _: Layout) {}
}

#[global_allocator]
static ALLOC: Bump = Bump(Cell::new(0));

#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    core::arch::wasm32::unreachable()
}
