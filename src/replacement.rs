//! replacement (spec §14.1): one error for a non-empty stream, then nothing.
//! It exists so that labels of encodings removed for security reasons
//! (ISO-2022-KR, HZ-GB-2312, ...) decode to a single U+FFFD.

use crate::decode::{ByteHandler, Restore, StreamDecoder, Step};

/// The replacement decoder's handler (spec §14.1.1).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct ReplacementHandler {
    error_returned: bool,
}

/// A streaming replacement decoder.
pub type ReplacementDecoder = StreamDecoder<ReplacementHandler>;

impl ReplacementDecoder {
    /// A new replacement decoder.
    pub const fn new() -> Self {
        StreamDecoder::with_handler(ReplacementHandler { error_returned: false })
    }
}

impl Default for ReplacementDecoder {
    fn default() -> Self {
        Self::new()
    }
}

impl ByteHandler for ReplacementHandler {
    fn byte(&mut self, _byte: u8) -> Step {
        if !self.error_returned {
            self.error_returned = true;
            return Step::Error(Restore::NONE);
        }
        // Step 3, "return finished": processing stops, the rest of the queue is
        // never read. In a streaming API that means every later byte is ignored.
        Step::Continue
    }

    fn end(&mut self) -> Step {
        Step::Finished
    }

    fn is_idle(&self) -> bool {
        true
    }

    fn reset(&mut self) {
        self.error_returned = false;
    }

    fn save(&self) -> [u8; 8] {
        [u8::from(self.error_returned), 0, 0, 0, 0, 0, 0, 0]
    }

    fn load(&mut self, state: [u8; 8]) {
        self.error_returned = state[0] == 1;
    }

    fn fast(&mut self, src: &[u8], _dst: &mut [u16]) -> (usize, usize) {
        // After the error everything is swallowed; before it the first byte errs.
        if self.error_returned {
            (src.len(), 0)
        } else {
            (0, 0)
        }
    }
}
