//! The UTF-8 variants beyond the standard (src/variants/), as the package's
//! `text-encoding-wasm/extra` entry calls them: a module of their own, so the
//! standard entries carry none of this. Same conventions as the standard
//! exports: numbers only, data in the scratch buffers, state carried by the
//! JavaScript object in the state bytes, nothing allocated per call (the
//! module's bump allocator would never get it back).

use super::{at_least, ERROR, FATAL, FRESH, INPUT_EMPTY, LAST, OUTPUT_FULL, SCRATCH};
use crate::decode::{ByteHandler, DecodeStatus, StreamDecoder};
use crate::variants::cesu8::modified_utf8_len;
use crate::variants::utf8_1996::{Iso10646DecodeStatus, MalformationKind};
use crate::variants::{
    encode_units, malformed_start, HeldBytes, Cesu8Decoder, ErrorMode, Form, Iso10646Utf8Decoder, Iso10646Utf8Encoder, ModifiedUtf8Decoder,
    VariantEncodeStatus, Wtf8Decoder,
};
use wasm_bindgen::prelude::wasm_bindgen;

/// The UTF-16 variants, by the number JavaScript passes.
const WTF8: u32 = 0;
const CESU8: u32 = 1;
const MODIFIED_UTF8: u32 = 2;

fn mode(flags: u32) -> ErrorMode {
    if flags & FATAL != 0 {
        ErrorMode::Fatal
    } else {
        ErrorMode::Replacement
    }
}

/// Ensures the value buffer holds `values` u32s and returns its address (4-aligned).
#[wasm_bindgen]
pub fn scratch_values(values: u32) -> u32 {
    at_least(&mut SCRATCH.lock().values, values)
}

/// Decodes `len` bytes of the byte buffer into the unit buffer with variant
/// `kind` (0 WTF-8, 1 CESU-8, 2 modified UTF-8), from and to the 16 state bytes.
/// results = [status, read, written, idle, start or held, restored]: on ERROR,
/// the malformed subpart is bytes [start, read - restored) of this call (start
/// 0 while the call began mid-sequence: it began in an earlier call, where the
/// previous call's `held` says); otherwise `held` is how many of the bytes read
/// so far (this call's last ones, or earlier) belong to the sequence still open.
/// The unit buffer must hold `len + 3` units.
#[wasm_bindgen]
pub fn variant_decode(kind: u32, flags: u32, len: u32) -> u32 {
    match kind {
        WTF8 => decode_with(Wtf8Decoder::new(), flags, len),
        CESU8 => decode_with(Cesu8Decoder::new(), flags, len),
        MODIFIED_UTF8 => decode_with(ModifiedUtf8Decoder::new(), flags, len),
        _ => {
            SCRATCH.lock().results = [ERROR, 0, 0, 0, 0, 0];
            0
        }
    }
}

fn decode_with<H: ByteHandler + HeldBytes + Copy>(new: StreamDecoder<H>, flags: u32, len: u32) -> u32 {
    let mut guard = SCRATCH.lock();
    let s = &mut *guard;
    let mut initial = new;
    if flags & FRESH == 0 {
        let mut state = [0u8; 16];
        state.copy_from_slice(&s.state[..16]);
        initial.load_state(&state);
    }
    let mut decoder = initial;
    let src = s.bytes.get(..len as usize).unwrap_or(&[]);
    let r = decoder.decode_utf16(src, &mut s.units, flags & LAST != 0, mode(flags));
    s.state[..16].copy_from_slice(&decoder.save_state());
    // Not an error: how many bytes at the end of what was read the decoder holds.
    let held = decoder.handler().held_bytes() + decoder.restored_len();
    let (status, start, restored) = match r.status {
        DecodeStatus::InputEmpty => (INPUT_EMPTY, held, 0),
        DecodeStatus::OutputFull => (OUTPUT_FULL, held, 0),
        DecodeStatus::Malformed => {
            let restored = decoder.restored_len().min(r.read);
            let start = malformed_start(initial, src, r.read - restored, mode(flags));
            (ERROR, start, restored)
        }
    };
    s.results = [status, r.read as u32, r.written as u32, u32::from(decoder.is_idle()), start as u32, restored as u32];
    r.written as u32
}

/// Encodes `len` code units of the unit buffer into at most `cap` bytes of the
/// byte buffer with variant `kind`, from and to the held lead surrogate (state
/// bytes 0..2). Lone surrogates: WTF-8 and modified UTF-8 encode them; CESU-8
/// fails (FATAL) or writes U+FFFD. results = [status, read, written]; on ERROR
/// the lone surrogate is the last unit read.
#[wasm_bindgen]
pub fn variant_encode(kind: u32, flags: u32, len: u32, cap: u32) -> u32 {
    let mut guard = SCRATCH.lock();
    let s = &mut *guard;
    let form = match kind {
        WTF8 => Form::Wtf8,
        CESU8 => Form::Cesu8,
        MODIFIED_UTF8 => Form::Modified,
        _ => {
            s.results = [ERROR, 0, 0, 0, 0, 0];
            return 0;
        }
    };
    let mut held = if flags & FRESH != 0 { 0 } else { u16::from_le_bytes([s.state[0], s.state[1]]) };
    // Only a lead surrogate can be held (state bytes from elsewhere are ignored).
    if !(0xD800..=0xDBFF).contains(&held) {
        held = 0;
    }
    let src = s.units.get(..len as usize).unwrap_or(&[]);
    let cap = (cap as usize).min(s.bytes.len());
    let r = encode_units(form, &mut held, src, &mut s.bytes[..cap], flags & LAST != 0, mode(flags));
    s.state[..2].copy_from_slice(&held.to_le_bytes());
    s.results = [encode_status(r.status), r.read as u32, r.written as u32, 0, 0, 0];
    r.written as u32
}

fn encode_status(status: VariantEncodeStatus) -> u32 {
    match status {
        VariantEncodeStatus::InputEmpty => INPUT_EMPTY,
        VariantEncodeStatus::OutputFull => OUTPUT_FULL,
        VariantEncodeStatus::Malformed => ERROR,
    }
}

/// Decodes `len` bytes of the byte buffer as ISO/IEC 10646-1 (1996) UTF-8 into
/// the value buffer (which must hold `len + 1` values), from and to the 24
/// state bytes. Returns at every malformed sequence. results = [status, read,
/// written, kind (1 truncated, 2 unexpected continuation, 3 invalid octet),
/// stream position low 32 bits, high 32 bits].
#[wasm_bindgen]
pub fn iso10646_decode(flags: u32, len: u32) -> u32 {
    let mut guard = SCRATCH.lock();
    let s = &mut *guard;
    let mut decoder = Iso10646Utf8Decoder::new();
    if flags & FRESH == 0 {
        let mut state = [0u8; 24];
        state.copy_from_slice(&s.state[..24]);
        decoder.load_state(&state);
    }
    let src = s.bytes.get(..len as usize).unwrap_or(&[]);
    let r = decoder.decode(src, &mut s.values, flags & LAST != 0, mode(flags));
    s.state[..24].copy_from_slice(&decoder.save_state());
    let (status, kind, position) = match r.status {
        Iso10646DecodeStatus::InputEmpty => (INPUT_EMPTY, 0, 0),
        Iso10646DecodeStatus::OutputFull => (OUTPUT_FULL, 0, 0),
        Iso10646DecodeStatus::Malformed(m) => {
            let kind = match m.kind {
                MalformationKind::Truncated => 1,
                MalformationKind::UnexpectedContinuation => 2,
                MalformationKind::InvalidOctet => 3,
            };
            (ERROR, kind, m.position)
        }
    };
    s.results = [status, r.read as u32, r.written as u32, kind, position as u32, (position >> 32) as u32];
    r.written as u32
}

/// Encodes `len` values of the value buffer as 1996 UTF-8 into at most `cap`
/// bytes of the byte buffer. A value above 7FFF FFFF fails (FATAL; it is the
/// last value read) or becomes U+FFFD. results = [status, read, written].
#[wasm_bindgen]
pub fn iso10646_encode(flags: u32, len: u32, cap: u32) -> u32 {
    let mut guard = SCRATCH.lock();
    let s = &mut *guard;
    let src = s.values.get(..len as usize).unwrap_or(&[]);
    let cap = (cap as usize).min(s.bytes.len());
    let r = Iso10646Utf8Encoder::new().encode(src, &mut s.bytes[..cap], mode(flags));
    s.results = [encode_status(r.status), r.read as u32, r.written as u32, 0, 0, 0];
    r.written as u32
}

/// The length in modified UTF-8 of the `len` units of the unit buffer: what
/// Java's `writeUTF` puts in its 2-byte prefix (and refuses above 65,535).
#[wasm_bindgen]
pub fn modified_utf8_length(len: u32) -> u32 {
    let s = SCRATCH.lock();
    modified_utf8_len(s.units.get(..len as usize).unwrap_or(&[])) as u32
}
