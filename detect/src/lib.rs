//! Encoding detection for `text-encoding-wasm/detect`: chardetng (the detector
//! Firefox uses for unlabelled legacy content) behind a C ABI of numbers only,
//! built for wasm32v1-none by tools/build-detect.sh. The module imports one
//! function, the main module's decoders (below), and the package's loader
//! instantiates it without glue (js/detect/).
//!
//! State: like the main module's decoders, a detector lives in JavaScript. The
//! module holds one `EncodingDetector` slot; JavaScript copies the slot's bytes
//! out after every call and back in before the next one (`detector_state`), so
//! the module keeps nothing per detector and a dropped detector leaks nothing.
//! That is sound because `EncodingDetector` owns no heap memory (chardetng is
//! no_std without an allocator) and has no self-references; its only pointers
//! are to `'static` data of this same instance, which JavaScript never hands
//! to another instance (js/detect/encoding-detector.js checks).
//!
//! Decoders and tables: chardetng decodes the CJK candidates with encoding_rs;
//! here encoding_rs is detect/encoding-shim, the part of its API chardetng calls
//! over text-encoding-wasm's own decoders. UTF-8's is in this module (the main
//! module has none: the package decodes UTF-8 in JavaScript); the CJK ones are
//! the main module's, called through this module's one import
//! (encoding-shim/src/host.rs, js/detect/main-decoder.js), which runs that
//! module's `decode` export over the candidate's bytes and state. So the
//! detector adds chardetng to the page, not a second copy of the decoders and
//! tables.
//!
//! Confidence: chardetng 1.0 removed `guess_assess`, whose flag in 0.1.17 was
//! `max >= 0` with `max` starting at 0, i.e. always true, and its public API
//! exposes no scores. So `confident` is derived from what the API does give:
//! the guess is *not* confident when
//!   - it is chardetng's fallback: every domain hint (no hint, and one domain
//!     of each of chardetng's domain classes) yields exactly that domain's
//!     default encoding, i.e. no candidate's evidence overrode any prior
//!     (what random bytes or text in no supported script give); or
//!   - there is too little evidence: fewer than [`MIN_NON_ASCII`] non-ASCII
//!     bytes. Exempt: ISO-2022-JP (all ASCII; chardetng guesses it only for
//!     valid escape sequences) and UTF-8 (guessed only when every non-ASCII
//!     byte forms a valid sequence, which legacy text almost never does).
//! Requiring the guess to be the same under every hint was tried and rejected:
//! chardetng gives a domain's native encodings a prior strong enough to win
//! whenever they stay valid (10 KB of Shift_JIS text is valid GBK, so `cn`
//! turns it into GBK), so that flag was false for nearly everything.
#![no_std]

use chardetng::{EncodingDetector, Iso2022JpDetection, Utf8Detection};
use core::mem::MaybeUninit;
use encoding_rs::Encoding;

/// Bytes per `detector_feed` call; JavaScript feeds longer input in windows.
pub const INPUT_CAPACITY: usize = 1 << 16;

/// Below this many non-ASCII bytes a guess is not reported confident (about 12
/// CJK characters or 24 letters of a single-byte script; on the generated
/// corpus, docs/detect-accuracy.md, the only wrong guesses had fewer).
pub const MIN_NON_ASCII: u64 = 24;

/// One domain per chardetng TLD class (chardetng src/tld.rs) with that class's
/// default encoding (chardetng's `encoding_for_tld`), for the fallback check.
static TLD_PROBES: [(&[u8], &Encoding); 24] = {
    use encoding_rs::*;
    [
        (b"edu", &WINDOWS_1252_INIT), (b"am", &WINDOWS_1252_INIT), (b"az", &WINDOWS_1254_INIT),
        (b"ba", &WINDOWS_1250_INIT), (b"ru", &WINDOWS_1251_INIT), (b"eg", &WINDOWS_1256_INIT),
        (b"cn", &GBK_INIT), (b"gr", &ISO_8859_7_INIT), (b"cz", &WINDOWS_1250_INIT),
        (b"eu", &WINDOWS_1252_INIT), (b"is", &WINDOWS_1252_INIT), (b"hk", &BIG5_INIT),
        (b"hu", &ISO_8859_2_INIT), (b"il", &WINDOWS_1255_INIT), (b"jp", &SHIFT_JIS_INIT),
        (b"kr", &EUC_KR_INIT), (b"lt", &WINDOWS_1257_INIT), (b"my", &WINDOWS_1252_INIT),
        (b"sg", &GBK_INIT), (b"th", &WINDOWS_874_INIT), (b"tw", &BIG5_INIT),
        (b"tr", &WINDOWS_1254_INIT), (b"vn", &WINDOWS_1258_INIT), (b"pl", &ISO_8859_2_INIT),
    ]
};

/// The guess and whether it is confident (see the module comment), given the
/// number of non-ASCII bytes fed. `tld`: lower-case ASCII letters, digits or
/// '-' only (chardetng panics on upper case, '.', non-ASCII; callers
/// validate); `None` for no hint.
pub fn guess(
    detector: &EncodingDetector,
    tld: Option<&[u8]>,
    allow_utf8: bool,
    non_ascii: u64,
) -> (&'static Encoding, bool) {
    let utf8 = if allow_utf8 { Utf8Detection::Allow } else { Utf8Detection::Deny };
    let best = detector.guess(tld, utf8);
    if best == encoding_rs::ISO_2022_JP || (best == encoding_rs::UTF_8 && non_ascii > 0) {
        return (best, true);
    }
    if non_ascii < MIN_NON_ASCII {
        return (best, false);
    }
    let fallback = detector.guess(None, utf8) == encoding_rs::WINDOWS_1252
        && TLD_PROBES.iter().all(|&(probe, default)| detector.guess(Some(probe), utf8) == default);
    (best, !fallback)
}

/// Whether `tld` is a label chardetng accepts (it asserts on anything else).
pub fn valid_tld(tld: &[u8]) -> bool {
    !tld.is_empty() && tld.iter().all(|&b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

struct Slot {
    detector: MaybeUninit<EncodingDetector>,
    /// Set once a feed with `last` ran (chardetng panics on another feed).
    closed: bool,
    input: [u8; INPUT_CAPACITY],
}

static mut SLOT: Slot =
    Slot { detector: MaybeUninit::uninit(), closed: false, input: [0; INPUT_CAPACITY] };

#[allow(static_mut_refs)]
fn slot() -> &'static mut Slot {
    // SAFETY: WebAssembly instances here are single-threaded and every export
    // takes this reference once, for the length of the call; no reference
    // outlives a call.
    unsafe { &mut *core::ptr::addr_of_mut!(SLOT) }
}

/// Size in bytes of the detector state JavaScript keeps (with the closed flag).
#[no_mangle]
pub extern "C" fn detector_state_size() -> u32 {
    core::mem::size_of::<EncodingDetector>() as u32
}

/// Address of the detector state: JavaScript copies `detector_state_size()`
/// bytes out after a call and back in before the next.
#[no_mangle]
pub extern "C" fn detector_state() -> u32 {
    slot().detector.as_ptr() as u32
}

/// Address of the input window (`INPUT_CAPACITY` bytes).
#[no_mangle]
pub extern "C" fn detector_input() -> u32 {
    slot().input.as_ptr() as u32
}

#[no_mangle]
pub extern "C" fn detector_input_capacity() -> u32 {
    INPUT_CAPACITY as u32
}

/// A fresh detector in the slot. `allow_iso_2022_jp`: 0 or 1.
#[no_mangle]
pub extern "C" fn detector_new(allow_iso_2022_jp: u32) {
    let s = slot();
    let jp = if allow_iso_2022_jp != 0 { Iso2022JpDetection::Allow } else { Iso2022JpDetection::Deny };
    s.detector.write(EncodingDetector::new(jp));
    s.closed = false;
}

/// Feeds `len` bytes of the input window; `last` (0/1) ends the stream.
/// Returns the number of non-ASCII bytes in the window (JavaScript adds them
/// up for `detector_guess`); [`FEED_TOO_LONG`] if `len` is too large,
/// [`FEED_CLOSED`] if the stream had already ended (chardetng would panic).
/// `closed` (0/1) is the flag JavaScript keeps with the state.
#[no_mangle]
pub extern "C" fn detector_feed(len: u32, last: u32, closed: u32) -> u32 {
    let s = slot();
    if len as usize > INPUT_CAPACITY {
        return FEED_TOO_LONG;
    }
    if closed != 0 {
        return FEED_CLOSED;
    }
    // SAFETY: JavaScript copied in the bytes of a detector that
    // `detector_new` wrote into this slot of this instance (module comment).
    let detector = unsafe { s.detector.assume_init_mut() };
    let input = &s.input[..len as usize];
    detector.feed(input, last != 0);
    input.iter().filter(|&&b| b >= 0x80).count() as u32
}

pub const FEED_TOO_LONG: u32 = u32::MAX;
pub const FEED_CLOSED: u32 = u32::MAX - 1;

/// The guess: bits 0-7 the encoding's index in the standard's table (as the
/// main module numbers encodings: JavaScript names it with the main runtime's
/// `name`), bit 8 set if confident. The
/// top-level domain hint is the first `tld_len` bytes of the input window
/// (0: no hint); `non_ascii` the count of non-ASCII bytes fed (a double, as
/// JavaScript numbers exceed u32 for inputs over 4 GiB). Returns 0xFFFF_FFFF
/// for a hint chardetng would reject.
#[no_mangle]
pub extern "C" fn detector_guess(tld_len: u32, allow_utf8: u32, non_ascii: f64) -> u32 {
    let s = slot();
    let tld_len = tld_len as usize;
    if tld_len > 63 || (tld_len > 0 && !valid_tld(&s.input[..tld_len])) {
        return u32::MAX;
    }
    let tld = if tld_len == 0 { None } else { Some(&s.input[..tld_len]) };
    // SAFETY: as in `detector_feed`.
    let detector = unsafe { s.detector.assume_init_ref() };
    let (encoding, confident) = guess(detector, tld, allow_utf8 != 0, non_ascii as u64);
    u32::from(encoding.index()) | (u32::from(confident) << 8)
}

/// The main crate's bump allocator (src/bump.rs). Nothing here allocates
/// (chardetng does not, and the CJK tables are the main module's), but the
/// core crate links `alloc`, which wants an allocator declared.
#[cfg(all(target_arch = "wasm32", target_os = "none", not(test)))]
#[global_allocator]
static ALLOCATOR: text_encoding_wasm::bump::Bump = text_encoding_wasm::bump::Bump::new();

#[cfg(all(target_arch = "wasm32", not(test)))]
#[panic_handler]
fn panic(_: &core::panic::PanicInfo<'_>) -> ! {
    core::arch::wasm32::unreachable()
}
