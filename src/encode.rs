//! The encoding engine every encoder shares.
//!
//! Input is UTF-16 code units, as a JavaScript string holds them. The engine
//! joins surrogate pairs (also across calls) and turns every lone surrogate into
//! U+FFFD, which is the USVString conversion the spec's callers apply before
//! encoding; so the family handlers only ever see scalar values, as the spec
//! asserts. Each family transcribes its handler into a [`ScalarHandler`].
//!
//! As in decoding, the handler's state is saved before a step and put back if
//! the step's bytes (and in "html" mode the `&#N;` that follows an error) do not
//! fit in what is left of the output, so output stops at the last whole character:
//! `encodeInto` semantics, never half a character.

/// The spec's error mode for an encoder.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum EncoderMode {
    /// Encoding stops at a scalar value the encoding cannot represent, with
    /// [`EncodeStatus::Unmappable`].
    Fatal,
    /// An unrepresentable scalar value becomes `&#N;` (N in decimal), as HTML form
    /// submission does.
    Html,
}

/// Why an encode call returned.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum EncodeStatus {
    /// All of `src` was consumed (with `last`, the stream was ended: ISO-2022-JP
    /// back in ASCII state, a trailing lone surrogate encoded as U+FFFD).
    InputEmpty,
    /// The next character's bytes do not fit in what is left of `dst`.
    OutputFull,
    /// Fatal mode: this scalar value has no representation. `read` includes its
    /// code units, so calling again with `src[read..]` resumes after it; bytes the
    /// encoder had to emit first (ISO-2022-JP's escape back to ASCII) are written.
    Unmappable(char),
}

/// The outcome of one encode call.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct EncodeResult {
    /// Why the call returned.
    pub status: EncodeStatus,
    /// UTF-16 code units of `src` consumed.
    pub read: usize,
    /// Bytes written to the start of `dst`.
    pub written: usize,
}

/// Bytes one scalar value (or the end of the stream) encodes to, and whether an
/// error follows them.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Emit {
    /// The bytes, `len` of them.
    pub bytes: [u8; 8],
    /// How many of `bytes` are output.
    pub len: u8,
    /// "Return error with code point": the value the error names.
    pub error: Option<char>,
}

impl Emit {
    /// No output.
    pub const NOTHING: Emit = Emit { bytes: [0; 8], len: 0, error: None };

    /// One byte.
    pub const fn one(b: u8) -> Emit {
        Emit { bytes: [b, 0, 0, 0, 0, 0, 0, 0], len: 1, error: None }
    }

    /// Two bytes.
    pub const fn two(a: u8, b: u8) -> Emit {
        Emit { bytes: [a, b, 0, 0, 0, 0, 0, 0], len: 2, error: None }
    }

    /// An error with code point `cp` (a scalar value, as every encoder input is).
    pub fn error(cp: u32) -> Emit {
        Emit { error: Some(char::from_u32(cp).unwrap_or('\u{FFFD}')), ..Emit::NOTHING }
    }

    /// Appends bytes (at most 8 in all; more are dropped, which the families'
    /// handlers never need: the longest emission is an escape plus two bytes).
    pub fn push(&mut self, bytes: &[u8]) {
        for &b in bytes {
            if let Some(slot) = self.bytes.get_mut(usize::from(self.len)) {
                *slot = b;
                self.len += 1;
            }
        }
    }
}

/// An encoder's handler: the spec's algorithm for one encoding, as plain data.
/// Object-safe, so one driver serves every family.
pub trait ScalarHandler {
    /// Bytes per UTF-16 code unit in the worst case without errors.
    fn max_bytes_per_unit(&self) -> usize;
    /// The handler's steps for one scalar value (never a surrogate). Steps that
    /// "restore code point to ioQueue" after emitting an escape run again inside.
    fn scalar(&mut self, cp: u32) -> Emit;
    /// The handler's steps for end-of-queue (only ISO-2022-JP emits anything).
    fn end(&mut self) -> Emit {
        Emit::NOTHING
    }
    /// Back to the initial state.
    fn reset(&mut self) {}
    /// The handler's state as a byte (only ISO-2022-JP's encoder has one).
    fn save(&self) -> u8 {
        0
    }
    /// Restores a state from [`Self::save`]; unknown values reset.
    fn load(&mut self, _state: u8) {}
    /// Encodes a prefix of `src` that needs no error handling and contains no
    /// surrogate, exactly as repeated [`Self::scalar`] calls would; returns
    /// (code units read, bytes written).
    fn fast(&mut self, src: &[u16], dst: &mut [u8]) -> (usize, usize) {
        let _ = (src, dst);
        (0, 0)
    }
}

/// Length of the decimal numeric character reference `&#N;` for `cp`.
fn ncr_len(cp: u32) -> usize {
    let mut digits = 1;
    let mut v = cp / 10;
    while v > 0 {
        digits += 1;
        v /= 10;
    }
    digits + 3
}

fn write_ncr(cp: u32, dst: &mut [u8]) -> usize {
    let len = ncr_len(cp);
    dst[0] = b'&';
    dst[1] = b'#';
    let mut v = cp;
    for slot in dst[2..len - 1].iter_mut().rev() {
        *slot = b'0' + (v % 10) as u8;
        v /= 10;
    }
    dst[len - 1] = b';';
    len
}

/// A streaming encoder: a family's handler plus a lead surrogate held back from
/// the end of the previous call. Plain data.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct StreamEncoder<H> {
    handler: H,
    /// A lead surrogate that ended the previous call's input (0: none).
    high_surrogate: u16,
}

fn is_lead(u: u16) -> bool {
    (0xD800..=0xDBFF).contains(&u)
}

fn is_trail(u: u16) -> bool {
    (0xDC00..=0xDFFF).contains(&u)
}

fn join(lead: u16, trail: u16) -> u32 {
    0x10000 + ((u32::from(lead) - 0xD800) << 10) + (u32::from(trail) - 0xDC00)
}

impl<H: ScalarHandler> StreamEncoder<H> {
    pub(crate) const fn with_handler(handler: H) -> Self {
        StreamEncoder { handler, high_surrogate: 0 }
    }

    /// Encodes `src` into `dst`. A surrogate pair split across calls is joined;
    /// a lone surrogate encodes as U+FFFD. With `last`, the stream ends: a lead
    /// surrogate still held becomes U+FFFD and the encoder's end-of-queue step runs.
    pub fn encode_from_utf16(&mut self, src: &[u16], dst: &mut [u8], last: bool, mode: EncoderMode) -> EncodeResult {
        drive(&mut self.handler, &mut self.high_surrogate, src, dst, last, mode)
    }

    /// The most bytes one [`Self::encode_from_utf16`] call can write for `src_len`
    /// code units in `mode`: a `dst` this long never comes back
    /// [`EncodeStatus::OutputFull`]. `None` on overflow.
    pub fn max_len(&self, src_len: usize, mode: EncoderMode) -> Option<usize> {
        // A held lead surrogate adds one scalar; "html" can turn each unit into an
        // escape plus "&#65533;" (11 bytes); the end of the stream adds an escape.
        let per_unit = match mode {
            EncoderMode::Fatal => self.handler.max_bytes_per_unit(),
            EncoderMode::Html => self.handler.max_bytes_per_unit().max(11),
        };
        src_len.checked_add(1)?.checked_mul(per_unit)?.checked_add(3)
    }

    /// Whether a lead surrogate is held for the next call (the only state of a
    /// stateless encoding such as UTF-8 or Shift_JIS).
    pub(crate) fn holds_lead_surrogate(&self) -> bool {
        self.high_surrogate != 0
    }

    /// The encoder's whole state (handler and held lead surrogate) as 4 bytes,
    /// for callers that keep it outside the encoder.
    pub fn save_state(&self) -> [u8; 4] {
        let [lo, hi] = self.high_surrogate.to_le_bytes();
        [self.handler.save(), 0, lo, hi]
    }

    /// Restores a state saved by [`Self::save_state`] on an encoder of the same
    /// encoding; any 4 bytes are safe.
    pub fn load_state(&mut self, state: &[u8; 4]) {
        self.handler.load(state[0]);
        let high = u16::from_le_bytes([state[2], state[3]]);
        self.high_surrogate = if is_lead(high) { high } else { 0 };
    }

    /// Back to the initial state, as a new encoder.
    pub fn reset(&mut self) {
        self.handler.reset();
        self.high_surrogate = 0;
    }
}

/// The driver of every encoder, shared by all families: joins surrogates,
/// runs `handler` per scalar value and handles errors per `mode`.
fn drive(handler: &mut dyn ScalarHandler, high_surrogate: &mut u16, src: &[u16], dst: &mut [u8], last: bool, mode: EncoderMode) -> EncodeResult {
    let mut read = 0;
    let mut written = 0;
    let result = |status, read, written| EncodeResult { status, read, written };
    loop {
        if *high_surrogate == 0 {
            let (r, w) = handler.fast(&src[read..], &mut dst[written..]);
            read += r;
            written += w;
        }
        // The next scalar value and how many units of `src` it takes.
        let (scalar, units) = if *high_surrogate != 0 {
            match src.get(read) {
                Some(&u) if is_trail(u) => (join(*high_surrogate, u), 1),
                Some(_) => (0xFFFD, 0),
                None if last => (0xFFFD, 0),
                None => return result(EncodeStatus::InputEmpty, read, written),
            }
        } else {
            match src.get(read) {
                Some(&u) if is_lead(u) => match src.get(read + 1) {
                    Some(&t) if is_trail(t) => (join(u, t), 2),
                    Some(_) => (0xFFFD, 1),
                    None if last => (0xFFFD, 1),
                    None => {
                        *high_surrogate = u;
                        return result(EncodeStatus::InputEmpty, read + 1, written);
                    }
                },
                Some(&u) if is_trail(u) => (0xFFFD, 1),
                Some(&u) => (u32::from(u), 1),
                None if last => {
                    let saved = handler.save();
                    let emit = handler.end();
                    let len = usize::from(emit.len);
                    if len > dst.len() - written {
                        handler.load(saved);
                        return result(EncodeStatus::OutputFull, read, written);
                    }
                    dst[written..written + len].copy_from_slice(&emit.bytes[..len]);
                    return result(EncodeStatus::InputEmpty, read, written + len);
                }
                None => return result(EncodeStatus::InputEmpty, read, written),
            }
        };
        // Run the step; if its bytes do not fit, put the state back.
        let saved = handler.save();
        let emit = handler.scalar(scalar);
        let len = usize::from(emit.len);
        let ncr = match (emit.error, mode) {
            (Some(c), EncoderMode::Html) => ncr_len(c as u32),
            _ => 0,
        };
        if len + ncr > dst.len() - written {
            handler.load(saved);
            return result(EncodeStatus::OutputFull, read, written);
        }
        *high_surrogate = 0;
        read += units;
        dst[written..written + len].copy_from_slice(&emit.bytes[..len]);
        written += len;
        if let Some(c) = emit.error {
            match mode {
                EncoderMode::Fatal => return result(EncodeStatus::Unmappable(c), read, written),
                EncoderMode::Html => written += write_ncr(c as u32, &mut dst[written..]),
            }
        }
    }
}

/// An encoder's fast-path step at an ASCII unit, `src[*i]`: the ASCII run
/// from there copied into `dst[*o..]` and both positions moved past it,
/// entering the copier only where ASCII starts (as `decode::ascii_run`). False
/// when `dst` had no room for any of it (the caller stops there).
#[inline(always)]
pub(crate) fn ascii_run(src: &[u16], dst: &mut [u8], i: &mut usize, o: &mut usize) -> bool {
    let n = copy_ascii(&src[*i..], &mut dst[*o..]);
    *i += n;
    *o += n;
    n != 0
}

/// Copies the run of ASCII code units at the start of `src` to `dst` as bytes
/// (as far as both allow); returns how many. Shared by the ASCII fast paths;
/// two passes for vector code, as in `decode::copy_ascii`.
pub(crate) fn copy_ascii(src: &[u16], dst: &mut [u8]) -> usize {
    let limit = src.len().min(dst.len());
    let src = &src[..limit];
    let mut run = 0;
    for chunk in src.chunks_exact(8) {
        let high = chunk.iter().fold(0u16, |high, &u| high | u);
        if high >= 0x80 {
            break;
        }
        run += 8;
    }
    while run < limit && src[run] < 0x80 {
        run += 1;
    }
    for (d, &s) in dst[..run].iter_mut().zip(&src[..run]) {
        *d = s as u8;
    }
    run
}
