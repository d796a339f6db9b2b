//! The decoding engine every encoding shares.
//!
//! The spec describes each decoder as a *handler* that takes one byte (or
//! end-of-queue) and returns continue, code points, an error, or finished, and
//! that may "restore" bytes to the front of the input queue. Each family module
//! transcribes its handler step by step into a [`ByteHandler`]; this module runs
//! it over caller-provided slices:
//!
//! * Restored bytes that came from an earlier call are kept in a small pending
//!   buffer (the spec's "Implementation considerations": at most three bytes are
//!   ever restored, by gb18030), never in an unbounded queue. A restored byte of
//!   the current call is simply not consumed.
//! * Before a step runs, the handler's state is saved (a few bytes of plain
//!   data). If the step's output does not fit, the state is put back and the
//!   call returns [`DecodeStatus::OutputFull`], so a buffer is filled exactly to
//!   the last whole code point and nothing is lost.
//! * Each handler may offer a fast path for input that needs no error handling
//!   (ASCII runs, complete valid sequences); it must produce exactly what the
//!   step-by-step handler would, which the differential tests check.
//!
//! Every input byte yields at most one UTF-16 code unit (a 4-byte sequence two,
//! Big5's two-code-point pointers two for two bytes, an error one U+FFFD for at
//! least one byte), and a decoder holds at most three bytes between calls, so
//! one call writes at most `src.len() + 3` code units; see [`StreamDecoder::max_utf16_len`].

/// The spec's error mode for a decoder.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum DecoderMode {
    /// Each error becomes U+FFFD and decoding goes on.
    Replacement,
    /// Decoding stops at the first error with [`DecodeStatus::Malformed`].
    Fatal,
}

/// Why a decode call returned.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum DecodeStatus {
    /// All of `src` was consumed (and with `last`, the end of the queue processed,
    /// leaving the decoder in its initial state).
    InputEmpty,
    /// The next code point(s) do not fit in what is left of `dst`.
    OutputFull,
    /// Fatal mode: an error. `read` counts the bytes consumed up to and including
    /// the error; bytes the spec restores to the queue are held by the decoder or
    /// not counted in `read`. Calling again with `src[read..]` continues exactly as
    /// the spec's queue would; [`StreamDecoder::reset`] starts over.
    Malformed,
}

/// The outcome of one decode call.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct DecodeResult {
    /// Why the call returned.
    pub status: DecodeStatus,
    /// Bytes of `src` consumed.
    pub read: usize,
    /// UTF-16 code units written to the start of `dst`.
    pub written: usize,
}

/// Bytes a handler puts back in front of the input queue with an error.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Restore {
    /// Bytes held in the handler's state, restored in this order...
    held: [u8; 2],
    held_len: u8,
    /// ...followed by the byte being handled, if set.
    current: bool,
}

impl Restore {
    /// Restore nothing.
    pub const NONE: Restore = Restore { held: [0; 2], held_len: 0, current: false };
    /// "Restore byte to ioQueue": the byte being handled is read again next.
    pub const CURRENT: Restore = Restore { held: [0; 2], held_len: 0, current: true };

    /// Restore one held byte, then (if `current`) the byte being handled.
    pub const fn one(held: u8, current: bool) -> Restore {
        Restore { held: [held, 0], held_len: 1, current }
    }

    /// Restore two held bytes, then (if `current`) the byte being handled.
    pub const fn two(first: u8, second: u8, current: bool) -> Restore {
        Restore { held: [first, second], held_len: 2, current }
    }
}

/// What one run of a handler returns (spec §4.1).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// "Return continue": the byte was absorbed into the state.
    Continue,
    /// A code point in the Basic Multilingual Plane (never a surrogate, except
    /// from the non-standard decoders of `crate::variants` that keep lone ones).
    Bmp(u16),
    /// A code point above U+FFFF, written as a surrogate pair.
    Astral(u32),
    /// Two BMP code points (Big5's pointers 1133, 1135, 1164, 1166).
    TwoBmp(u16, u16),
    /// An error, with the bytes to restore to the queue.
    Error(Restore),
    /// "Return finished" (end-of-queue, or replacement's decoder after its error).
    Finished,
}

impl Step {
    /// How many UTF-16 code units the step writes in `mode`.
    fn units(self, mode: DecoderMode) -> usize {
        match self {
            Step::Continue | Step::Finished => 0,
            Step::Bmp(_) => 1,
            Step::Astral(_) | Step::TwoBmp(..) => 2,
            Step::Error(_) => (mode == DecoderMode::Replacement) as usize,
        }
    }
}

/// A decoder's handler: the spec's algorithm for one encoding, as plain data.
/// Object-safe, so one driver serves every family (that keeps the WebAssembly
/// module small); each family's `fast` path does the bulk of the work.
pub trait ByteHandler {
    /// The handler's steps for `byte`.
    fn byte(&mut self, byte: u8) -> Step;
    /// The handler's steps for end-of-queue. Only called when [`Self::is_idle`] is false.
    fn end(&mut self) -> Step;
    /// True when end-of-queue would return finished with no output, i.e. no
    /// sequence is in progress.
    fn is_idle(&self) -> bool;
    /// Back to the initial state.
    fn reset(&mut self);
    /// The handler's state as bytes (see [`StreamDecoder::save_state`]).
    fn save(&self) -> [u8; 8];
    /// Restores a state from [`Self::save`]. Bytes that no saved state can hold
    /// leave the handler in its initial state rather than in an impossible one.
    fn load(&mut self, state: [u8; 8]);
    /// Decodes a prefix of `src` into `dst` without any error, exactly as repeated
    /// [`Self::byte`] calls would, returning (bytes read, units written). It may
    /// stop anywhere, for instance before the first byte it would have to think
    /// about; the driver then takes one step with [`Self::byte`] and tries again.
    fn fast(&mut self, src: &[u8], dst: &mut [u16]) -> (usize, usize) {
        let _ = (src, dst);
        (0, 0)
    }
}

/// Bytes restored from earlier calls, front first. A decoder holds at most three
/// bytes in its state and pending buffer together (gb18030's « second, third,
/// byte »), and restoring only moves held bytes here, so three slots suffice for
/// every state a decoder reaches. A state loaded from arbitrary bytes can start
/// with three pending and three held, so there are seven slots: `push_front`
/// then never runs out, for any state `load_state` accepts.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Pending {
    bytes: [u8; 7],
    len: u8,
}

impl Pending {
    fn front(&self) -> Option<u8> {
        (self.len > 0).then_some(self.bytes[0])
    }

    fn pop_front(&mut self) {
        if self.len > 0 {
            self.bytes.copy_within(1.., 0);
            self.len -= 1;
        }
    }

    fn push_front(&mut self, byte: u8) {
        self.bytes.copy_within(0..6, 1);
        self.bytes[0] = byte;
        self.len = (self.len + 1).min(7);
    }
}

/// A streaming decoder: a family's handler plus the bytes it has restored.
/// Plain data (`Copy`), a few bytes long; keep it wherever suits you.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct StreamDecoder<H> {
    handler: H,
    pending: Pending,
}

impl<H: ByteHandler> StreamDecoder<H> {
    pub(crate) const fn with_handler(handler: H) -> Self {
        StreamDecoder { handler, pending: Pending { bytes: [0; 7], len: 0 } }
    }

    /// Decodes `src` into `dst`. With `last`, `src` ends the stream: the end of the
    /// queue is processed and the decoder returns to its initial state. Chunk
    /// boundaries never change the output: any split of the input, empty chunks
    /// included, decodes to the same code units as the whole.
    pub fn decode_utf16(&mut self, src: &[u8], dst: &mut [u16], last: bool, mode: DecoderMode) -> DecodeResult {
        drive(&mut self.handler, &mut self.pending, src, dst, last, mode)
    }

    /// The most UTF-16 code units one [`Self::decode_utf16`] call can write for
    /// `src_len` bytes, in any mode, whatever the decoder holds: a `dst` this long
    /// never comes back [`DecodeStatus::OutputFull`]. `None` on overflow.
    pub fn max_utf16_len(&self, src_len: usize) -> Option<usize> {
        src_len.checked_add(3)
    }

    /// Back to the initial state, as a new decoder (after a fatal error, say).
    pub fn reset(&mut self) {
        self.handler.reset();
        self.pending = Pending::default();
    }

    /// The decoder's whole state (handler and restored bytes) as 16 bytes, for
    /// callers that keep it outside the decoder, as the JavaScript bindings do so
    /// that a dropped decoder can never leak WebAssembly memory.
    pub fn save_state(&self) -> [u8; 16] {
        save_state(&self.handler, &self.pending)
    }

    /// Restores a state saved by [`Self::save_state`] on a decoder of the same
    /// encoding. Any 16 bytes are safe: what no saved state holds resets.
    pub fn load_state(&mut self, state: &[u8; 16]) {
        load_state(&mut self.handler, &mut self.pending, state)
    }

    /// The handler as a trait object, and the restored bytes: what
    /// [`crate::Decoder`] runs the one driver and the state functions below
    /// over, whatever the family (one match per call instead of one per method,
    /// each inlining the family's code: 1.3 KB less code in the WebAssembly module).
    pub(crate) fn parts(&mut self) -> (&mut dyn ByteHandler, &mut Pending) {
        (&mut self.handler, &mut self.pending)
    }

    /// [`Self::parts`], read-only.
    pub(crate) fn parts_ref(&self) -> (&dyn ByteHandler, &Pending) {
        (&self.handler, &self.pending)
    }

    /// The family's handler (the UTF-8 variants' bindings ask it how many bytes
    /// its open sequence holds).
    #[cfg_attr(not(any(test, feature = "variants")), allow(dead_code))]
    pub(crate) fn handler(&self) -> &H {
        &self.handler
    }

    /// How many bytes the decoder has restored to the front of its queue (read
    /// before the next call's `src`).
    pub(crate) fn restored_len(&self) -> usize {
        usize::from(self.pending.len)
    }

    /// True when the decoder holds no partial sequence and no restored bytes, so
    /// ending the stream now would output nothing.
    pub fn is_idle(&self) -> bool {
        is_idle(&self.handler, &self.pending)
    }
}

/// [`StreamDecoder::save_state`] of any family (one copy in the WebAssembly module).
pub(crate) fn save_state(handler: &dyn ByteHandler, pending: &Pending) -> [u8; 16] {
    let mut state = [0u8; 16];
    state[..8].copy_from_slice(&handler.save());
    state[8..15].copy_from_slice(&pending.bytes);
    state[15] = pending.len;
    state
}

/// [`StreamDecoder::load_state`] of any family.
pub(crate) fn load_state(handler: &mut dyn ByteHandler, pending: &mut Pending, state: &[u8; 16]) {
    let mut saved = [0u8; 8];
    saved.copy_from_slice(&state[..8]);
    handler.load(saved);
    pending.bytes.copy_from_slice(&state[8..15]);
    pending.len = state[15].min(3);
}

/// [`StreamDecoder::is_idle`] of any family.
pub(crate) fn is_idle(handler: &dyn ByteHandler, pending: &Pending) -> bool {
    pending.len == 0 && handler.is_idle()
}

/// The driver of every decoder, shared by all families (one copy in the
/// WebAssembly module): runs `handler` over the bytes in `pending`, then `src`,
/// writing to `dst`. See the module documentation.
pub(crate) fn drive(handler: &mut dyn ByteHandler, pending: &mut Pending, src: &[u8], dst: &mut [u16], last: bool, mode: DecoderMode) -> DecodeResult {
    let mut read = 0;
    let mut written = 0;
    let result = |status, read, written| DecodeResult { status, read, written };
    loop {
        // Feature "no-fast-paths": the steps alone (the same output; the
        // differential tests run with it too), for the detector's module.
        if pending.len == 0 && !cfg!(feature = "no-fast-paths") {
            let (r, w) = handler.fast(&src[read..], &mut dst[written..]);
            read += r;
            written += w;
        }
        let (item, from_pending) = match pending.front() {
            Some(byte) => (Some(byte), true),
            None if read < src.len() => (Some(src[read]), false),
            None if last && !handler.is_idle() => (None, false),
            None => {
                if last {
                    // The stream is over: what follows is a new stream (an
                    // ISO-2022-JP decoder left in katakana state must not stay there).
                    handler.reset();
                }
                return result(DecodeStatus::InputEmpty, read, written);
            }
        };
        // Run the step; if its output does not fit, put the state back.
        let saved = handler.save();
        let step = match item {
            Some(byte) => handler.byte(byte),
            None => handler.end(),
        };
        if step.units(mode) > dst.len() - written {
            handler.load(saved);
            return result(DecodeStatus::OutputFull, read, written);
        }
        if item.is_some() {
            if from_pending {
                pending.pop_front();
            } else {
                read += 1;
            }
        }
        match step {
            Step::Continue => {}
            Step::Finished => {
                if item.is_none() {
                    handler.reset();
                    return result(DecodeStatus::InputEmpty, read, written);
                }
            }
            Step::Bmp(unit) => {
                dst[written] = unit;
                written += 1;
            }
            Step::Astral(cp) => {
                let [high, low] = surrogates(cp);
                dst[written] = high;
                dst[written + 1] = low;
                written += 2;
            }
            Step::TwoBmp(a, b) => {
                dst[written] = a;
                dst[written + 1] = b;
                written += 2;
            }
            Step::Error(restore) => {
                if restore.current {
                    if let Some(byte) = item {
                        if from_pending {
                            pending.push_front(byte);
                        } else {
                            read -= 1;
                        }
                    }
                }
                for &byte in restore.held[..usize::from(restore.held_len)].iter().rev() {
                    pending.push_front(byte);
                }
                match mode {
                    DecoderMode::Fatal => return result(DecodeStatus::Malformed, read, written),
                    DecoderMode::Replacement => {
                        dst[written] = 0xFFFD;
                        written += 1;
                    }
                }
            }
        }
    }
}

/// The UTF-16 surrogate pair for a code point above U+FFFF.
pub(crate) fn surrogates(cp: u32) -> [u16; 2] {
    let v = cp.wrapping_sub(0x10000);
    [0xD800 | ((v >> 10) & 0x3FF) as u16, 0xDC00 | (v & 0x3FF) as u16]
}

/// A fast path's step at an ASCII byte, `src[*i]`: the ASCII run from there
/// copied into `dst[*o..]` and both positions moved past it. The fast paths
/// enter the copier only where ASCII starts: called before every multi-byte
/// sequence, its setup cost more than the sequence. False when `dst` had no
/// room for any of it (the caller stops there).
#[inline(always)]
pub(crate) fn ascii_run(src: &[u8], dst: &mut [u16], i: &mut usize, o: &mut usize) -> bool {
    let n = copy_ascii(&src[*i..], &mut dst[*o..]);
    *i += n;
    *o += n;
    n != 0
}

/// Copies the run of ASCII bytes at the start of `src` to `dst` as code units
/// (as far as both allow); returns how many. Shared by every ASCII-compatible
/// fast path. Two passes, because LLVM vectorizes neither a loop with an early
/// exit nor one whose exit depends on the data: first the run's length, tested
/// sixteen bytes at a time with two u64 words, then the widening of a run of
/// known length, which compiles to vector code (7.7 GiB/s here, from 1.7).
pub(crate) fn copy_ascii(src: &[u8], dst: &mut [u16]) -> usize {
    let limit = src.len().min(dst.len());
    let src = &src[..limit];
    let mut run = 0;
    for chunk in src.chunks_exact(16) {
        let (a, b) = chunk.split_at(8);
        let (Ok(a), Ok(b)) = (<[u8; 8]>::try_from(a), <[u8; 8]>::try_from(b)) else { break };
        if (u64::from_le_bytes(a) | u64::from_le_bytes(b)) & 0x8080_8080_8080_8080 != 0 {
            break;
        }
        run += 16;
    }
    while run < limit && src[run] < 0x80 {
        run += 1;
    }
    for (d, &s) in dst[..run].iter_mut().zip(&src[..run]) {
        *d = u16::from(s);
    }
    run
}
