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
// (feature `codecs`: decoders; `encoders`; labels and names under `wasm`), and the UTF-8
// variants beyond it (feature `variants`: text-encoding-wasm/extra's module,
// built without `codecs`, so the standard entries carry none of it).
#[cfg(any(feature = "codecs", feature = "transcode"))]
pub mod standard;
#[cfg(any(feature = "codecs", feature = "transcode"))]
pub use standard::*;
#[cfg(feature = "encoders")]
pub mod encode;
#[cfg(feature = "encoders")]
pub use encode::*;
#[cfg(feature = "transcode")]
pub mod transcode;
#[cfg(feature = "transcode")]
pub use transcode::*;
#[cfg(feature = "variants")]
pub mod variants;
#[cfg(feature = "variants")]
pub use variants::*;

/// Whether this module can decode (with `codecs`) or encode (with `encoders`)
/// `encoding`: replacement always (it has no encoder); the other families with
/// their feature (UTF-16, which has no encoder either, with `utf16` alone).
#[cfg_attr(not(any(feature = "codecs", feature = "encoders")), allow(dead_code))]
fn supported(encoding: crate::Encoding) -> bool {
    use crate::Encoding::*;
    match encoding {
        Utf8 => cfg!(feature = "utf"),
        Utf16Be | Utf16Le => cfg!(feature = "utf16"),
        Replacement => true,
        Gbk | Gb18030 => cfg!(feature = "chinese"),
        Big5 => cfg!(feature = "big5"),
        EucJp | Iso2022Jp | ShiftJis => cfg!(feature = "japanese"),
        EucKr => cfg!(feature = "korean"),
        _ => cfg!(feature = "single-byte"),
    }
}

/// The encoding at `index` of [`crate::ALL_ENCODINGS`] (the index the JS glue
/// passes), if this module supports it (see [`supported`]).
#[cfg(feature = "encoders")] // (`transcode` includes it)
fn supported_at(index: u32) -> Option<crate::Encoding> {
    crate::ALL_ENCODINGS.get(index as usize).copied().filter(|&e| supported(e))
}

/// Feature `shared-tables` (the encoders module): allocates CJK index `which`
/// (0 jis0208, 1 jis0212, 2 EUC-KR, 3 gb18030: u16 entries; 4 Big5: u32)
/// zeroed, for JavaScript to fill with the main module's unpacked copy (its
/// `index_table` export) before the first encoder of that index runs
/// (js/encoders-host.js): returns the array's address, 0 if `which` is unknown
/// or already provided.
#[cfg(feature = "shared-tables")]
#[wasm_bindgen]
pub fn provide_index(which: u32) -> u32 {
    crate::tables::provide_index(which).map_or(0, |(at, _)| at as u32)
}

/// Feature `shared-tables`: the number of entries of CJK index `which`.
#[cfg(feature = "shared-tables")]
#[wasm_bindgen]
pub fn index_length(which: u32) -> u32 {
    crate::tables::index_length(which) as u32
}

/// The module's allocator (src/bump.rs): the scratch buffers, the CJK tables
/// and reverse maps, nothing per decoder or per call.
#[cfg(target_os = "none")]
#[global_allocator]
static ALLOCATOR: crate::bump::Bump = crate::bump::Bump::new();

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
// Not one of the spec's error modes (fatal and html): the CLI's default, as
// iconv users expect it.
#[cfg_attr(not(feature = "encoders"), allow(dead_code))]
/// Encode with FATAL: each unmappable character becomes '?' (results[4] counts them).
const SUBSTITUTE: u32 = 8;

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
    /// The CLI module's transcode output (src/wasm/transcode.rs).
    #[cfg(feature = "transcode")]
    out: Vec<u8>,
    /// [status, read, written, ...]: what each export documents.
    results: [u32; 6],
    /// Decoder state (16 bytes; 24 for 1996 UTF-8) or encoder state (first 4 bytes).
    state: [u8; 32],
}

/// The scratch behind a lock that never waits. The module runs on one
/// thread, so a lock found held is one a trap left behind: a call that never
/// returned (the page's stack ran out inside the module, say, and the JS
/// guard's recovery with it). Spinning on it would hang the page for ever; a
/// trap instead lets the guard (js/trap-guard.js) make a fresh instance.
struct ScratchLock(spin::Mutex<Scratch>);

impl ScratchLock {
    fn lock(&self) -> spin::MutexGuard<'_, Scratch> {
        match self.0.try_lock() {
            Some(guard) => guard,
            None => held_by_a_trapped_call(),
        }
    }
}

#[cfg(target_arch = "wasm32")]
fn held_by_a_trapped_call() -> ! {
    core::arch::wasm32::unreachable()
}

#[cfg(not(target_arch = "wasm32"))]
fn held_by_a_trapped_call() -> ! {
    unreachable!("the scratch lock is held by a call that never returned")
}

static SCRATCH: ScratchLock = ScratchLock(spin::Mutex::new(Scratch {
    bytes: Vec::new(),
    units: Vec::new(),
    values: Vec::new(),
    #[cfg(feature = "transcode")]
    out: Vec::new(),
    results: [0; 6],
    state: [0; 32],
}));

/// Ensures the buffers hold at least `bytes` bytes and `units` code units, and
/// returns the address of the byte buffer; [`scratch_units`], [`scratch_results`]
/// and [`scratch_state`] give the others. Addresses change only when this grows
/// a buffer, so JavaScript asks again after every call to `scratch`.
#[wasm_bindgen]
pub fn scratch(bytes: u32, units: u32) -> u32 {
    let mut s = SCRATCH.lock();
    let address = at_least(&mut s.bytes, bytes);
    at_least(&mut s.units, units);
    address
}

/// Grows `buffer` to at least `len` zeroed elements (a new block: the old
/// contents are not needed) and returns its address, for the scratch exports.
pub(crate) fn at_least<T: Copy + Default>(buffer: &mut Vec<T>, len: u32) -> u32 {
    if buffer.len() < len as usize {
        *buffer = vec![T::default(); len as usize];
    }
    buffer.as_ptr() as u32
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
