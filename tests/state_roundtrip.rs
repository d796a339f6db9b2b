//! Decoder and encoder state kept outside the object (what the JS bindings do):
//! saving after any chunk and loading into a fresh decoder continues exactly as
//! the original would; and arbitrary state bytes never cause a panic.

use text_encoding_wasm::{Decoder, DecoderMode, EncoderMode, Encoder, ALL_ENCODINGS};

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> usize {
        (self.next() % n) as usize
    }
}

/// Bytes that exercise partial sequences of every family.
const INTERESTING: &[u8] = &[0x1B, 0x24, 0x28, 0x42, 0x4A, 0x49, 0x40, 0x81, 0x30, 0x39, 0xFE, 0x8E, 0x8F, 0xA1, 0xA4, 0xD8, 0xDC, 0x3D, 0x00, 0xE0, 0xED, 0xF0, 0xF4, 0x80, 0xBF, 0x41, 0x5C, 0x7E, 0xFF];

fn random_bytes(rng: &mut Rng, len: usize) -> Vec<u8> {
    (0..len).map(|_| if rng.below(4) == 0 { rng.next() as u8 } else { INTERESTING[rng.below(INTERESTING.len() as u64)] }).collect()
}

fn decode_with(decoder: &mut Decoder, chunk: &[u8], last: bool, mode: DecoderMode, out: &mut Vec<u16>) {
    let mut buf = vec![0u16; decoder.max_utf16_len(chunk.len()).unwrap()];
    let mut rest = chunk;
    loop {
        let r = decoder.decode_utf16(rest, &mut buf, last, mode);
        out.extend_from_slice(&buf[..r.written]);
        rest = &rest[r.read..];
        match r.status {
            text_encoding_wasm::DecodeStatus::Malformed => out.push(0xFFFD),
            // Only reachable from state bytes no decoder saved (more held bytes
            // than a real state can have): resume, as a caller would.
            text_encoding_wasm::DecodeStatus::OutputFull => {}
            text_encoding_wasm::DecodeStatus::InputEmpty => return,
        }
    }
}

#[test]
fn decoder_state_survives_a_round_trip_through_bytes() {
    let mut rng = Rng(0x5EED_0001);
    let mut cases = 0;
    for encoding in ALL_ENCODINGS {
        for _ in 0..300 {
            let len = 1 + rng.below(24);
            let input = random_bytes(&mut rng, len);
            let mode = if rng.below(2) == 0 { DecoderMode::Replacement } else { DecoderMode::Fatal };
            let mut whole = Vec::new();
            decode_with(&mut Decoder::new(encoding), &input, true, mode, &mut whole);
            // Split in random chunks; between chunks, move the state to a new decoder.
            let mut out = Vec::new();
            let mut decoder = Decoder::new(encoding);
            let mut at = 0;
            while at < input.len() {
                let end = (at + rng.below(4)).min(input.len());
                decode_with(&mut decoder, &input[at..end], false, mode, &mut out);
                let state = decoder.save_state();
                decoder = Decoder::new(encoding);
                decoder.load_state(&state);
                at = end;
            }
            decode_with(&mut decoder, &[], true, mode, &mut out);
            assert_eq!(out, whole, "{encoding:?} {input:02X?}");
            cases += 1;
        }
    }
    eprintln!("state_roundtrip: {cases} decoder cases, 40 encodings");
}

#[test]
fn arbitrary_decoder_state_bytes_are_harmless() {
    let mut rng = Rng(0x5EED_0002);
    for encoding in ALL_ENCODINGS {
        for _ in 0..2000 {
            let mut state = [0u8; 16];
            for b in state.iter_mut() {
                *b = if rng.below(2) == 0 { rng.next() as u8 } else { INTERESTING[rng.below(INTERESTING.len() as u64)] % 8 };
            }
            let mut decoder = Decoder::new(encoding);
            decoder.load_state(&state);
            let len = rng.below(8);
            let input = random_bytes(&mut rng, len);
            let mut out = Vec::new();
            decode_with(&mut decoder, &input, true, DecoderMode::Replacement, &mut out);
            assert!(String::from_utf16(&out).is_ok(), "{encoding:?} produced a lone surrogate");
            assert!(decoder.is_idle(), "{encoding:?} not idle after the end of the stream");
        }
    }
}

#[test]
fn encoder_state_survives_a_round_trip_through_bytes() {
    let mut rng = Rng(0x5EED_0003);
    let units: &[u16] = &[0x41, 0x5C, 0x7E, 0xA5, 0x203E, 0x3042, 0xFF71, 0x20AC, 0xE9, 0xD83D, 0xDE00, 0xD800, 0xDC00, 0x0E, 0x4E00];
    for encoding in ALL_ENCODINGS {
        let Some(fresh) = Encoder::new(encoding) else { continue };
        for _ in 0..300 {
            let src: Vec<u16> = (0..1 + rng.below(16)).map(|_| units[rng.below(units.len() as u64)]).collect();
            let mut whole = fresh;
            let mut buf = vec![0u8; whole.max_len(src.len(), EncoderMode::Html).unwrap()];
            let r = whole.encode_from_utf16(&src, &mut buf, true, EncoderMode::Html);
            let expected = buf[..r.written].to_vec();
            let mut out = Vec::new();
            let mut encoder = fresh;
            let mut at = 0;
            while at <= src.len() {
                let end = (at + rng.below(4)).min(src.len());
                let last = end == src.len();
                let mut buf = vec![0u8; encoder.max_len(end - at, EncoderMode::Html).unwrap()];
                let r = encoder.encode_from_utf16(&src[at..end], &mut buf, last, EncoderMode::Html);
                assert_eq!(r.read, end - at);
                out.extend_from_slice(&buf[..r.written]);
                let state = encoder.save_state();
                encoder = fresh;
                encoder.load_state(&state);
                if last {
                    break;
                }
                at = end;
            }
            assert_eq!(out, expected, "{encoding:?} {src:04X?}");
        }
        for state in 0..=255u8 {
            let mut encoder = fresh;
            encoder.load_state(&[state, state, state, 0xD8]);
            let mut buf = [0u8; 64];
            encoder.encode_from_utf16(&[0x41, 0x3042], &mut buf, true, EncoderMode::Html);
        }
    }
}
