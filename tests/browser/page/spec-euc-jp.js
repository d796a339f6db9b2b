// §12.1.1 EUC-JP decoder, transcribed step by step (spec text in
// https://encoding.spec.whatwg.org/). Used through spec-decoder.js.
import { END } from './spec-decoder.js';
import { indexCodePoint } from './spec-index.js';

const isAscii = (b) => b !== END && b <= 0x7f;

/** A new EUC-JP decoder instance: "EUC-JP jis0212 (initially false) and EUC-JP lead (initially 0x00)". */
export function eucJpDecoder(note = () => {}) {
  let jis0212 = false;
  let lead = 0x00;
  return {
    handler(ioQueue, byte) {
      // 1. end-of-queue with a lead: reset the lead and return error.
      if (byte === END && lead !== 0x00) {
        lead = 0x00;
        return 'error';
      }
      // 2. end-of-queue without a lead: finished.
      if (byte === END) return 'finished';
      // 3. Lead 0x8E, byte 0xA1 to 0xDF: halfwidth katakana.
      if (lead === 0x8e && byte >= 0xa1 && byte <= 0xdf) {
        lead = 0x00;
        return 0xff61 - 0xa1 + byte;
      }
      // 4. Lead 0x8F, byte 0xA1 to 0xFE: jis0212 := true, lead := byte, continue.
      if (lead === 0x8f && byte >= 0xa1 && byte <= 0xfe) {
        jis0212 = true;
        lead = byte;
        return 'continue';
      }
      // 5. Any other lead:
      if (lead !== 0x00) {
        const l = lead;
        lead = 0x00;
        // 5.1 Let code point be null.
        let codePoint = null;
        // 5.2 Both in 0xA1 to 0xFE: index jis0208 if jis0212 is false, else index jis0212.
        if (l >= 0xa1 && l <= 0xfe && byte >= 0xa1 && byte <= 0xfe) {
          codePoint = indexCodePoint(jis0212 ? 'jis0212' : 'jis0208', (l - 0xa1) * 94 + byte - 0xa1);
        }
        // 5.3 Set EUC-JP jis0212 to false, also when the error return below
        // follows. (Chromium clears it only where 5.2 looked the pointer up,
        // so it keeps it after 8F + lead + a byte outside A1-FE: C6.)
        if (jis0212 && !(l >= 0xa1 && l <= 0xfe && byte >= 0xa1 && byte <= 0xfe)) note('C6');
        jis0212 = false;
        // 5.4 A code point: return it.
        if (codePoint !== null) return codePoint;
        // 5.5 An ASCII byte is restored to the I/O queue.
        if (isAscii(byte)) ioQueue.restore(byte);
        // 5.6 Return error.
        return 'error';
      }
      // 6. An ASCII byte decodes to itself.
      if (isAscii(byte)) return byte;
      // 7. 0x8E, 0x8F or 0xA1 to 0xFE: a lead.
      if (byte === 0x8e || byte === 0x8f || (byte >= 0xa1 && byte <= 0xfe)) {
        lead = byte;
        return 'continue';
      }
      // 8. Return error.
      return 'error';
    },
  };
}
