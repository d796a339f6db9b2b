//! Bytes in one encoding to bytes in another in one pass: [`Transcoder`],
//! which the CLI's module exports (feature `transcode`, src/wasm/transcode.rs;
//! js/cli/transcode.js). No other module calls it, so none links it.
//!
//! The plain way is decode -> UTF-16 units -> encode, and the CLI did that
//! over 256 KiB windows: every byte went through two ASCII copiers and two
//! buffers too large for the cache, and a profile of 1 GiB UTF-8 -> Shift_JIS
//! had the copiers and the two fast paths at ~60 % of the time. Here:
//!
//! * Where a pair has a direct path (UTF-8 -> Shift_JIS and back), and the
//!   decoder is idle (initial state, nothing restored) and the encoder holds
//!   no lead surrogate, runs of ASCII are copied byte for byte from input to
//!   output, and each other character is decoded from its bytes and encoded
//!   at once, with no unit buffer between. ASCII maps to itself in both
//!   encodings, both ways, so the copy is what decode + encode would give.
//!   The direct path stops before anything it does not handle plainly: a
//!   malformed or incomplete sequence, an unmappable character, a BOM still
//!   to be dropped.
//! * Everything else (and every other pair) goes through [`Decoder`] and
//!   [`Encoder`] as before, a small window at a time through a unit buffer
//!   on the stack, so errors, '?' and `&#N;` substitution, ISO-2022-JP's
//!   states and UTF-16 behave exactly as they always did. After such a step
//!   the direct path is tried again.
//!
//! Chunk boundaries never change the output (both halves are streaming
//! codecs of the standard), which tests/transcode.rs checks against
//! encoding_rs on inputs that cross between the two paths.

use crate::tables::{self, ReverseMap};
use crate::{shift_jis, utf8};
use crate::{Decoder, DecoderMode, Encoder, EncoderMode, Encoding};

/// Bytes decoded per step of the general path: their units (8 KiB) fit on
/// the stack and in the L1 cache (4096 against 1024: GBK -> UTF-8 ~8 % less
/// time in the module, others alike). With a direct path a step is only the
/// few characters it stopped at, so the direct path resumes soon.
const WINDOW: usize = 4096;
const WINDOW_BEFORE_DIRECT: usize = 16;

/// Why a [`Transcoder::transcode`] call returned.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TranscodeStatus {
    /// All of the input was consumed (with `last`, the stream has ended).
    InputEmpty,
    /// The output has no room for the next step: call again with more room
    /// and the input from `read` on.
    OutputFull,
}

/// The outcome of one [`Transcoder::transcode`] call.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TranscodeResult {
    /// Why the call returned.
    pub status: TranscodeStatus,
    /// Input bytes consumed.
    pub read: usize,
    /// Output bytes written.
    pub written: usize,
    /// Characters written as '?' (substitution mode).
    pub substituted: usize,
}

/// What to do with a character the output encoding cannot encode.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Unmappable {
    /// The spec's "html" error mode: `&#N;`.
    Html,
    /// '?' (through the encoder, so ISO-2022-JP switches to ASCII first),
    /// counted in [`TranscodeResult::substituted`]: the CLI's default.
    Question,
}

/// The pairs with a direct path.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Direct {
    None,
    Utf8ToShiftJis,
    ShiftJisToUtf8,
}

/// A streaming transcoder: a decoder (replacement mode), an encoder, and
/// whether a leading U+FEFF is still to be dropped (TextDecoder's BOM rule,
/// §7.1, for UTF-8 and UTF-16 input).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Transcoder {
    decoder: Decoder,
    encoder: Encoder,
    bom: bool,
    direct: Direct,
}

impl Transcoder {
    /// A transcoder from `from` to `to`; `None` when `to` has no encoder.
    pub fn new(from: Encoding, to: Encoding) -> Option<Transcoder> {
        let encoder = Encoder::new(to)?;
        // Only where the build has both families (their decoder and encoder
        // are then the ones the direct path stands in for).
        let both = cfg!(feature = "utf") && cfg!(feature = "japanese");
        let direct = match (from, to) {
            (Encoding::Utf8, Encoding::ShiftJis) if both => Direct::Utf8ToShiftJis,
            (Encoding::ShiftJis, Encoding::Utf8) if both => Direct::ShiftJisToUtf8,
            _ => Direct::None,
        };
        let bom = matches!(from, Encoding::Utf8 | Encoding::Utf16Le | Encoding::Utf16Be);
        Some(Transcoder { decoder: Decoder::new(from), encoder, bom, direct })
    }

    /// The whole state (decoder, encoder, BOM still pending) as 21 bytes.
    pub fn save_state(&self) -> [u8; 21] {
        let mut state = [0u8; 21];
        state[..16].copy_from_slice(&self.decoder.save_state());
        state[16..20].copy_from_slice(&self.encoder.save_state());
        state[20] = u8::from(self.bom);
        state
    }

    /// Restores a state from [`Self::save_state`] of a transcoder of the same
    /// pair; any bytes are safe.
    pub fn load_state(&mut self, state: &[u8; 21]) {
        let mut decoder = [0u8; 16];
        decoder.copy_from_slice(&state[..16]);
        self.decoder.load_state(&decoder);
        let mut encoder = [0u8; 4];
        encoder.copy_from_slice(&state[16..20]);
        self.encoder.load_state(&encoder);
        self.bom = state[20] != 0;
    }

    /// Transcodes `src` into `dst`. With `last`, `src` ends the stream.
    /// Output stops where the next step might not fit (OutputFull); a step
    /// of the general path needs 48 bytes of room and 11 per input byte, so
    /// 59 bytes always make progress.
    pub fn transcode(&mut self, src: &[u8], dst: &mut [u8], last: bool, unmappable: Unmappable) -> TranscodeResult {
        let (mut read, mut written, mut substituted) = (0, 0, 0);
        let window = if self.direct == Direct::None { WINDOW } else { WINDOW_BEFORE_DIRECT };
        let mut units = [0u16; WINDOW + 3];
        loop {
            if self.direct != Direct::None && !self.bom && self.decoder.is_idle() && !self.encoder.holds_lead_surrogate() {
                let (r, w) = match self.direct {
                    Direct::Utf8ToShiftJis => direct(Utf8Source, ShiftJisSink(shift_jis::encoded_bmp()), &src[read..], &mut dst[written..]),
                    _ => direct(ShiftJisSource(tables::jis0208()), Utf8Sink, &src[read..], &mut dst[written..]),
                };
                read += r;
                written += w;
            }
            let rest = src.len() - read;
            if rest == 0 && !last {
                return result(TranscodeStatus::InputEmpty, read, written, substituted);
            }
            // One step of the general path: as much input as the output
            // surely has room for (n bytes give at most n + 3 units, and the
            // encoder may hold a lead surrogate; 11 bytes per unit at worst:
            // "&#65533;" after an escape; 4 for an escape at the end), or,
            // with `last` and no input left, only the end of the stream.
            let room = dst.len() - written;
            if room < STEP_ROOM {
                return result(TranscodeStatus::OutputFull, read, written, substituted);
            }
            let n = rest.min(window).min((room - STEP_ROOM) / 11);
            if n == 0 && rest != 0 {
                return result(TranscodeStatus::OutputFull, read, written, substituted);
            }
            let end = last && n == rest;
            let d = self.decoder.decode_utf16(&src[read..read + n], &mut units, end, DecoderMode::Replacement);
            read += d.read;
            let mut from = 0;
            if self.bom && d.written > 0 {
                self.bom = false;
                from = usize::from(units[0] == 0xFEFF);
            }
            let (w, s) = encode_all(&mut self.encoder, &units[from..d.written], &mut dst[written..], end, unmappable);
            written += w;
            substituted += s;
            if end {
                // Both streams have ended (and are back in their initial states).
                return result(TranscodeStatus::InputEmpty, read, written, substituted);
            }
        }
    }
}

/// Output room for one step of the general path over no input: up to three
/// restored bytes' units and a held lead surrogate, 11 bytes each, and an
/// escape at the end.
const STEP_ROOM: usize = 4 * 11 + 4;

fn result(status: TranscodeStatus, read: usize, written: usize, substituted: usize) -> TranscodeResult {
    TranscodeResult { status, read, written, substituted }
}

/// Encodes all of `units` (the caller made room: 11 bytes per unit and 4
/// more). Returns (bytes written, characters written as '?').
fn encode_all(encoder: &mut Encoder, units: &[u16], dst: &mut [u8], last: bool, unmappable: Unmappable) -> (usize, usize) {
    let mode = match unmappable {
        Unmappable::Html => EncoderMode::Html,
        Unmappable::Question => EncoderMode::Fatal,
    };
    // The room was made for the worst case: the status is InputEmpty.
    let (r, substituted) = encoder.encode_substituting(units, dst, last, mode);
    (r.written, substituted)
}

/// A decoder's direct path: the character at `src[i]` (a byte >= 0x80, the
/// decoder idle) and its length in bytes, when it is complete and valid, as
/// the decoder would give it; `None` stops the direct path there.
trait CharSource: Copy {
    fn char_at(self, src: &[u8], i: usize) -> Option<(u32, usize)>;
}

/// An encoder's direct path: writes `cp` (>= 0x80, a scalar value) into the
/// start of `dst` as the encoder would, returning the bytes' count; `None`
/// (unmappable, no room) stops the direct path there.
trait CharSink: Copy {
    fn put(self, cp: u32, dst: &mut [u8]) -> Option<usize>;
}

#[derive(Copy, Clone)]
struct Utf8Source;

impl CharSource for Utf8Source {
    #[inline(always)]
    fn char_at(self, src: &[u8], i: usize) -> Option<(u32, usize)> {
        utf8::valid_char_at(src, i)
    }
}

#[derive(Copy, Clone)]
struct Utf8Sink;

impl CharSink for Utf8Sink {
    #[inline(always)]
    fn put(self, cp: u32, dst: &mut [u8]) -> Option<usize> {
        match utf8::encode_scalar(cp, dst) {
            0 => None,
            n => Some(n),
        }
    }
}

#[derive(Copy, Clone)]
struct ShiftJisSource(&'static [u16]);

impl CharSource for ShiftJisSource {
    #[inline(always)]
    fn char_at(self, src: &[u8], i: usize) -> Option<(u32, usize)> {
        shift_jis::valid_char_at(self.0, src, i)
    }
}

#[derive(Copy, Clone)]
struct ShiftJisSink(&'static ReverseMap);

impl CharSink for ShiftJisSink {
    #[inline(always)]
    fn put(self, cp: u32, dst: &mut [u8]) -> Option<usize> {
        let code = self.0.get(cp)?;
        if code < 0x100 {
            *dst.first_mut()? = code as u8;
            Some(1)
        } else {
            let pair = dst.get_mut(..2)?;
            pair[0] = (code >> 8) as u8;
            pair[1] = code as u8;
            Some(2)
        }
    }
}

/// The direct path (see the module documentation): returns (bytes read,
/// bytes written), stopping at the first character it does not handle.
#[inline(never)]
fn direct<S: CharSource, K: CharSink>(source: S, sink: K, src: &[u8], dst: &mut [u8]) -> (usize, usize) {
    let (mut i, mut o) = (0, 0);
    while let Some(&byte) = src.get(i) {
        if byte < 0x80 {
            // An ASCII run, eight bytes at a time where both sides have room:
            // all eight are copied, and the positions move past the ASCII
            // ones (a non-ASCII byte copied too is written again later).
            while let (Some(from), Some(to)) = (src.get(i..i + 8), dst.get_mut(o..o + 8)) {
                to.copy_from_slice(from);
                let mut word = [0u8; 8];
                word.copy_from_slice(from);
                let high = u64::from_le_bytes(word) & 0x8080_8080_8080_8080;
                if high != 0 {
                    let ascii = (high.trailing_zeros() / 8) as usize;
                    i += ascii;
                    o += ascii;
                    break;
                }
                i += 8;
                o += 8;
            }
            // Near either end: a byte at a time.
            while let (Some(&b), Some(slot)) = (src.get(i), dst.get_mut(o)) {
                if b >= 0x80 {
                    break;
                }
                *slot = b;
                i += 1;
                o += 1;
            }
            match src.get(i) {
                Some(&b) if b >= 0x80 => {}
                _ => break, // the input's end, or no room
            }
        }
        let Some((cp, len)) = source.char_at(src, i) else { break };
        let Some(n) = sink.put(cp, &mut dst[o..]) else { break };
        i += len;
        o += n;
    }
    (i, o)
}
