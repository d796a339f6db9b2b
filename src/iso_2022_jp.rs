//! ISO-2022-JP (spec §12.2): a stateful encoding switched by escape sequences.

use crate::decode::{ByteHandler, Restore, StreamDecoder, Step};
use crate::encode::{Emit, ScalarHandler, StreamEncoder};
use crate::tables::{self, ISO_2022_JP_KATAKANA};

/// ISO-2022-JP decoder state and decoder output state (spec §12.2.1).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum State {
    Ascii,
    Roman,
    Katakana,
    LeadByte,
    TrailByte,
    EscapeStart,
    Escape,
}

/// The ISO-2022-JP decoder's handler (spec §12.2.1), field for field.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Iso2022JpHandler {
    state: State,
    output_state: State,
    lead: u8,
    output: bool,
}

impl Iso2022JpHandler {
    const INITIAL: Iso2022JpHandler =
        Iso2022JpHandler { state: State::Ascii, output_state: State::Ascii, lead: 0, output: false };

    /// "Set ISO-2022-JP output to false and return a code point."
    fn emit(&mut self, unit: u16) -> Step {
        self.output = false;
        Step::Bmp(unit)
    }

    /// "Set ISO-2022-JP output to false and return error."
    fn fail(&mut self) -> Step {
        self.output = false;
        Step::Error(Restore::NONE)
    }
}

/// A streaming ISO-2022-JP decoder.
pub type Iso2022JpDecoder = StreamDecoder<Iso2022JpHandler>;

impl Iso2022JpDecoder {
    /// A new ISO-2022-JP decoder.
    pub const fn new() -> Self {
        StreamDecoder::with_handler(Iso2022JpHandler::INITIAL)
    }
}

impl Default for Iso2022JpDecoder {
    fn default() -> Self {
        Self::new()
    }
}

impl ByteHandler for Iso2022JpHandler {
    fn byte(&mut self, byte: u8) -> Step {
        match self.state {
            State::Ascii => match byte {
                0x1B => {
                    self.state = State::EscapeStart;
                    Step::Continue
                }
                0x0E | 0x0F | 0x80..=0xFF => self.fail(),
                _ => self.emit(u16::from(byte)),
            },
            State::Roman => match byte {
                0x1B => {
                    self.state = State::EscapeStart;
                    Step::Continue
                }
                0x5C => self.emit(0x00A5),
                0x7E => self.emit(0x203E),
                0x0E | 0x0F | 0x80..=0xFF => self.fail(),
                _ => self.emit(u16::from(byte)),
            },
            State::Katakana => match byte {
                0x1B => {
                    self.state = State::EscapeStart;
                    Step::Continue
                }
                0x21..=0x5F => self.emit(0xFF61 - 0x21 + u16::from(byte)),
                _ => self.fail(),
            },
            State::LeadByte => match byte {
                0x1B => {
                    self.state = State::EscapeStart;
                    Step::Continue
                }
                0x21..=0x7E => {
                    self.output = false;
                    self.lead = byte;
                    self.state = State::TrailByte;
                    Step::Continue
                }
                _ => self.fail(),
            },
            State::TrailByte => match byte {
                0x1B => {
                    self.state = State::EscapeStart;
                    Step::Error(Restore::NONE)
                }
                0x21..=0x7E => {
                    self.state = State::LeadByte;
                    let pointer = usize::from(self.lead - 0x21) * 94 + usize::from(byte - 0x21);
                    match tables::code_point(tables::jis0208(), pointer) {
                        Some(cp) => Step::Bmp(cp),
                        None => Step::Error(Restore::NONE),
                    }
                }
                _ => {
                    self.state = State::LeadByte;
                    Step::Error(Restore::NONE)
                }
            },
            State::EscapeStart => {
                if byte == 0x24 || byte == 0x28 {
                    self.lead = byte;
                    self.state = State::Escape;
                    return Step::Continue;
                }
                self.output = false;
                self.state = self.output_state;
                Step::Error(Restore::CURRENT)
            }
            State::Escape => {
                let lead = self.lead;
                self.lead = 0;
                let state = match (lead, byte) {
                    (0x28, 0x42) => Some(State::Ascii),
                    (0x28, 0x4A) => Some(State::Roman),
                    (0x28, 0x49) => Some(State::Katakana),
                    (0x24, 0x40 | 0x42) => Some(State::LeadByte),
                    _ => None,
                };
                if let Some(state) = state {
                    self.state = state;
                    self.output_state = state;
                    let output = self.output;
                    self.output = true;
                    return if output { Step::Error(Restore::NONE) } else { Step::Continue };
                }
                self.output = false;
                self.state = self.output_state;
                Step::Error(Restore::one(lead, true))
            }
        }
    }

    fn end(&mut self) -> Step {
        match self.state {
            State::TrailByte => {
                self.state = State::LeadByte;
                Step::Error(Restore::NONE)
            }
            State::EscapeStart => {
                self.output = false;
                self.state = self.output_state;
                Step::Error(Restore::NONE)
            }
            State::Escape => {
                let lead = self.lead;
                self.lead = 0;
                self.output = false;
                self.state = self.output_state;
                Step::Error(Restore::one(lead, false))
            }
            _ => Step::Finished,
        }
    }

    fn is_idle(&self) -> bool {
        matches!(self.state, State::Ascii | State::Roman | State::Katakana | State::LeadByte)
    }

    fn reset(&mut self) {
        *self = Iso2022JpHandler::INITIAL;
    }

    fn save(&self) -> [u8; 8] {
        [self.state as u8, self.output_state as u8, self.lead, u8::from(self.output), 0, 0, 0, 0]
    }

    fn load(&mut self, s: [u8; 8]) {
        let state = |b: u8| {
            [State::Ascii, State::Roman, State::Katakana, State::LeadByte, State::TrailByte, State::EscapeStart, State::Escape]
                .get(usize::from(b))
                .copied()
        };
        let output_state = state(s[1]).filter(|o| matches!(o, State::Ascii | State::Roman | State::Katakana | State::LeadByte));
        let lead_ok = match state(s[0]) {
            Some(State::TrailByte) => (0x21..=0x7E).contains(&s[2]),
            Some(State::Escape) => s[2] == 0x24 || s[2] == 0x28,
            _ => true,
        };
        *self = match (state(s[0]), output_state) {
            (Some(state), Some(output_state)) if lead_ok => Iso2022JpHandler { state, output_state, lead: s[2], output: s[3] == 1 },
            _ => Iso2022JpHandler::INITIAL,
        };
    }

    fn fast(&mut self, src: &[u8], dst: &mut [u16]) -> (usize, usize) {
        let mut i = 0;
        let mut o = 0;
        match self.state {
            State::Ascii => {
                while let (Some(&byte), Some(slot)) = (src.get(i), dst.get_mut(o)) {
                    if byte >= 0x80 || matches!(byte, 0x0E | 0x0F | 0x1B) {
                        break;
                    }
                    *slot = u16::from(byte);
                    i += 1;
                    o += 1;
                }
            }
            State::LeadByte => {
                let index = tables::jis0208();
                while let (Some(&lead), Some(&trail), Some(slot)) = (src.get(i), src.get(i + 1), dst.get_mut(o)) {
                    if !(0x21..=0x7E).contains(&lead) || !(0x21..=0x7E).contains(&trail) {
                        break;
                    }
                    let pointer = usize::from(lead - 0x21) * 94 + usize::from(trail - 0x21);
                    let Some(cp) = tables::code_point(index, pointer) else { break };
                    *slot = cp;
                    i += 2;
                    o += 1;
                }
            }
            _ => {}
        }
        if o > 0 {
            self.output = false;
        }
        (i, o)
    }
}

/// ISO-2022-JP encoder state (spec §12.2.2).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum EncoderState {
    Ascii,
    Roman,
    Jis0208,
}

/// The ISO-2022-JP encoder's handler (spec §12.2.2).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Iso2022JpEncodeHandler {
    state: EncoderState,
}

/// A streaming ISO-2022-JP encoder. Ending the stream returns it to ASCII state.
pub type Iso2022JpEncoder = StreamEncoder<Iso2022JpEncodeHandler>;

impl Iso2022JpEncoder {
    /// A new ISO-2022-JP encoder.
    pub const fn new() -> Self {
        StreamEncoder::with_handler(Iso2022JpEncodeHandler { state: EncoderState::Ascii })
    }
}

impl Default for Iso2022JpEncoder {
    fn default() -> Self {
        Self::new()
    }
}

const TO_ASCII: [u8; 3] = [0x1B, 0x28, 0x42];
const TO_ROMAN: [u8; 3] = [0x1B, 0x28, 0x4A];
const TO_JIS0208: [u8; 3] = [0x1B, 0x24, 0x42];

impl ScalarHandler for Iso2022JpEncodeHandler {
    fn max_bytes_per_unit(&self) -> usize {
        5
    }

    fn scalar(&mut self, cp: u32) -> Emit {
        let mut emit = Emit::NOTHING;
        let mut cp = cp;
        // Each pass either returns or switches state and "restores code point to
        // ioQueue"; at most two switches happen before a return (ASCII/Roman ->
        // jis0208 -> ASCII), so three passes always suffice.
        for _ in 0..3 {
            let state = self.state;
            // Step 3.
            if state != EncoderState::Jis0208 && matches!(cp, 0x0E | 0x0F | 0x1B) {
                emit.error = Some('\u{FFFD}');
                return emit;
            }
            // Step 4.
            if state == EncoderState::Ascii && cp < 0x80 {
                emit.push(&[cp as u8]);
                return emit;
            }
            // Step 5.
            if state == EncoderState::Roman {
                match cp {
                    0x5C | 0x7E => {}
                    0x00..=0x7F => {
                        emit.push(&[cp as u8]);
                        return emit;
                    }
                    0xA5 => {
                        emit.push(&[0x5C]);
                        return emit;
                    }
                    0x203E => {
                        emit.push(&[0x7E]);
                        return emit;
                    }
                    _ => {}
                }
            }
            // Step 6.
            if cp < 0x80 && state != EncoderState::Ascii {
                emit.push(&TO_ASCII);
                self.state = EncoderState::Ascii;
                continue;
            }
            // Step 7.
            if (cp == 0xA5 || cp == 0x203E) && state != EncoderState::Roman {
                emit.push(&TO_ROMAN);
                self.state = EncoderState::Roman;
                continue;
            }
            // Steps 8-9.
            if cp == 0x2212 {
                cp = 0xFF0D;
            }
            if (0xFF61..=0xFF9F).contains(&cp) {
                cp = u32::from(ISO_2022_JP_KATAKANA[(cp - 0xFF61) as usize]);
            }
            // Steps 10-11.
            let Some(pointer) = tables::jis0208_pointer(cp) else {
                if state == EncoderState::Jis0208 {
                    emit.push(&TO_ASCII);
                    self.state = EncoderState::Ascii;
                    continue;
                }
                emit.error = char::from_u32(cp);
                return emit;
            };
            // Step 12.
            if state != EncoderState::Jis0208 {
                emit.push(&TO_JIS0208);
                self.state = EncoderState::Jis0208;
                continue;
            }
            // Steps 13-15.
            emit.push(&[(pointer / 94 + 0x21) as u8, (pointer % 94 + 0x21) as u8]);
            return emit;
        }
        emit
    }

    fn end(&mut self) -> Emit {
        let mut emit = Emit::NOTHING;
        if self.state != EncoderState::Ascii {
            self.state = EncoderState::Ascii;
            emit.push(&TO_ASCII);
        }
        emit
    }

    fn reset(&mut self) {
        self.state = EncoderState::Ascii;
    }

    fn save(&self) -> u8 {
        self.state as u8
    }

    fn load(&mut self, state: u8) {
        self.state = match state {
            1 => EncoderState::Roman,
            2 => EncoderState::Jis0208,
            _ => EncoderState::Ascii,
        };
    }

    fn fast(&mut self, src: &[u16], dst: &mut [u8]) -> (usize, usize) {
        let mut n = 0;
        if self.state == EncoderState::Ascii {
            while n < src.len() && n < dst.len() && src[n] < 0x80 && !matches!(src[n], 0x0E | 0x0F | 0x1B) {
                dst[n] = src[n] as u8;
                n += 1;
            }
        }
        (n, n)
    }
}
