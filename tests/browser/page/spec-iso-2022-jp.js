// §12.2.1 ISO-2022-JP decoder, transcribed state by state (spec text in
// https://encoding.spec.whatwg.org/). Used through spec-decoder.js.
// (Index ISO-2022-JP katakana is used only by the encoder, §12.2.2.)
import { END } from './spec-decoder.js';
import { indexCodePoint } from './spec-index.js';

const ASCII = 'ASCII';
const ROMAN = 'Roman';
const KATAKANA = 'katakana';
const LEAD_BYTE = 'lead byte';
const TRAIL_BYTE = 'trail byte';
const ESCAPE_START = 'escape start';
const ESCAPE = 'escape';

/** A new decoder: "decoder state (initially ASCII), decoder output state (initially ASCII), lead (initially 0x00), and output (initially false)". */
export function iso2022JpDecoder(note = () => {}) {
  let state = ASCII;
  let outputState = ASCII;
  let lead = 0x00;
  let output = false;
  const inRange = (b, lo, hi) => b !== END && b >= lo && b <= hi;
  return {
    handler(ioQueue, byte) {
      switch (state) {
        case ASCII:
          if (byte === 0x1b) { state = ESCAPE_START; return 'continue'; }
          if (inRange(byte, 0x00, 0x7f) && byte !== 0x0e && byte !== 0x0f) { output = false; return byte; }
          if (byte === END) return 'finished';
          output = false;
          return 'error';
        case ROMAN:
          if (byte === 0x1b) { state = ESCAPE_START; return 'continue'; }
          if (byte === 0x5c) { output = false; return 0x00a5; }
          if (byte === 0x7e) { output = false; return 0x203e; }
          if (inRange(byte, 0x00, 0x7f) && byte !== 0x0e && byte !== 0x0f) { output = false; return byte; }
          if (byte === END) return 'finished';
          output = false;
          return 'error';
        case KATAKANA:
          if (byte === 0x1b) { state = ESCAPE_START; return 'continue'; }
          if (inRange(byte, 0x21, 0x5f)) { output = false; return 0xff61 - 0x21 + byte; }
          if (byte === END) return 'finished';
          output = false;
          return 'error';
        case LEAD_BYTE:
          if (byte === 0x1b) { state = ESCAPE_START; return 'continue'; }
          if (inRange(byte, 0x21, 0x7e)) { output = false; lead = byte; state = TRAIL_BYTE; return 'continue'; }
          if (byte === END) return 'finished';
          output = false;
          return 'error';
        case TRAIL_BYTE: {
          // 0x1B: escape start, and error (the 0x1B is not restored).
          if (byte === 0x1b) { state = ESCAPE_START; return 'error'; }
          if (inRange(byte, 0x21, 0x7e)) {
            // 1. state := lead byte; 2. pointer; 3. index jis0208; 4. null: error; 5. the code point.
            state = LEAD_BYTE;
            const codePoint = indexCodePoint('jis0208', (lead - 0x21) * 94 + byte - 0x21);
            return codePoint === null ? 'error' : codePoint;
          }
          // end-of-queue and Otherwise: state := lead byte, error.
          state = LEAD_BYTE;
          return 'error';
        }
        case ESCAPE_START:
          // 1. 0x24 or 0x28: lead := byte, state := escape, continue.
          if (byte === 0x24 || byte === 0x28) { lead = byte; state = ESCAPE; return 'continue'; }
          // 2. If byte is not end-of-queue, restore byte to ioQueue.
          if (byte !== END) ioQueue.restore(byte);
          // 3. output := false, state := output state, error.
          output = false;
          state = outputState;
          return 'error';
        case ESCAPE: {
          // 1. Let lead be ISO-2022-JP lead and set ISO-2022-JP lead to 0x00. 2. state null.
          const l = lead;
          lead = 0x00;
          let next = null;
          if (l === 0x28 && byte === 0x42) next = ASCII; // 3.
          if (l === 0x28 && byte === 0x4a) next = ROMAN; // 4.
          if (l === 0x28 && byte === 0x49) next = KATAKANA; // 5.
          if (l === 0x24 && (byte === 0x40 || byte === 0x42)) next = LEAD_BYTE; // 6.
          // 7. A state: decoder state and output state := it; continue if output was false, else error; output := true.
          if (next !== null) {
            state = outputState = next;
            const was = output;
            output = true;
            return was ? 'error' : 'continue';
          }
          // 8. end-of-queue: restore lead; otherwise restore « lead, byte ».
          // (Chromium handles both restores differently: DIVERGENCES.md C7.)
          note('C7');
          if (byte === END) ioQueue.restore(l);
          else ioQueue.restore(l, byte);
          // 9. output := false, state := output state, error.
          output = false;
          state = outputState;
          return 'error';
        }
        default:
          throw new Error(`unknown state ${state}`);
      }
    },
  };
}
