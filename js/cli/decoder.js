// The input side: byte chunks in, string chunks out, with our TextDecoder in
// streaming mode. In --fatal mode a decode error must be reported with the
// byte offset of the malformed sequence, which TextDecoder's TypeError does
// not carry, and its state cannot be copied. So --fatal mode runs a second
// decoder (`shadow`) one chunk behind: when the main decoder throws on a
// chunk, the shadow is still at that chunk's start and re-decodes it one byte
// at a time to find the byte at which it throws (the output before it is
// returned, so that the partial output reaches up to the error). That doubles
// the decoding work in --fatal mode only; errors themselves are rare.
import { TextDecoder } from '../entries/full.js';

/** Bytes of the last chunk's end the shadow decodes one at a time (see below). */
const TAIL = 8;

export class DecodeError extends Error {
  constructor(encoding, offset, bytes, atEnd) {
    const hex = Array.from(bytes, (b) => b.toString(16).toUpperCase().padStart(2, '0')).join(' ');
    super(
      atEnd
        ? `the input ends inside a ${encoding} sequence starting at byte offset ${offset} (bytes ${hex})`
        : `malformed ${encoding} input at byte offset ${offset} (bytes ${hex}; the error was found at the last of them)`,
    );
    this.offset = offset;
    this.bytes = bytes;
    // Text decoded before the error, not yet written.
    this.text = '';
  }
}

export class ChunkDecoder {
  /** label: already validated; fatal: boolean. */
  constructor(label, fatal) {
    this.main = new TextDecoder(label, { fatal });
    this.encoding = this.main.encoding;
    this.shadow = fatal ? new TextDecoder(label, { fatal: true }) : null;
    this.offset = 0; // bytes of input before the current chunk
    // Where the last character the shadow completed ends (a byte offset): the
    // start of whatever sequence is pending. The shadow decodes each chunk's
    // last TAIL bytes one at a time to keep it exact across chunk boundaries
    // (a pending sequence is at most 3 bytes in every encoding).
    this.boundary = 0;
    // The input's last bytes, for the hex of a sequence that began in an earlier chunk.
    this.recent = new Uint8Array(0);
    this.recentStart = 0;
  }

  /** Decodes one chunk (a Uint8Array the caller does not reuse meanwhile). */
  decode(chunk) {
    let text;
    try {
      text = this.main.decode(chunk, { stream: true });
    } catch (e) {
      if (this.shadow === null || !(e instanceof TypeError)) throw e;
      throw this.locate(chunk);
    }
    if (this.shadow !== null) this.advanceShadow(chunk);
    this.remember(chunk);
    this.offset += chunk.length;
    return text;
  }

  /** The end of the input: what the decoder still held. */
  finish() {
    try {
      return this.main.decode();
    } catch (e) {
      if (this.shadow === null || !(e instanceof TypeError)) throw e;
      // The input ended inside a sequence: it starts at the shadow's boundary.
      throw new DecodeError(this.encoding, this.boundary, this.bytesBetween(this.boundary, this.offset, null), true);
    }
  }

  advanceShadow(chunk) {
    const split = Math.max(0, chunk.length - TAIL);
    this.shadow.decode(chunk.subarray(0, split), { stream: true });
    if (split > 0) this.boundary = Math.max(this.boundary, this.offset + split - 3);
    for (let i = split; i < chunk.length; i++) {
      if (this.shadow.decode(chunk.subarray(i, i + 1), { stream: true }).length > 0) this.boundary = this.offset + i + 1;
    }
  }

  /** The shadow is at `chunk`'s start: find where it throws. Returns the DecodeError. */
  locate(chunk) {
    let text = '';
    for (let i = 0; i < chunk.length; i++) {
      let out;
      try {
        out = this.shadow.decode(chunk.subarray(i, i + 1), { stream: true });
      } catch (_) {
        const at = this.offset + i;
        const error = new DecodeError(this.encoding, this.boundary, this.bytesBetween(this.boundary, at + 1, chunk), false);
        error.text = text;
        return error;
      }
      if (out.length > 0) {
        text += out;
        this.boundary = this.offset + i + 1;
      }
    }
    // Not reached (decoding is independent of how input is split), but if it
    // were, report the chunk's end rather than nothing.
    const error = new DecodeError(this.encoding, this.boundary, this.bytesBetween(this.boundary, this.offset + chunk.length, chunk), false);
    error.text = text;
    return error;
  }

  /** Keeps the last 16 bytes of input (a pending sequence is at most 3, plus the TAIL estimate). */
  remember(chunk) {
    if (this.shadow === null) return; // only --fatal mode reports bytes
    const keep = 16;
    if (chunk.length >= keep) {
      this.recent = chunk.slice(chunk.length - keep);
    } else {
      const joined = new Uint8Array(this.recent.length + chunk.length);
      joined.set(this.recent, 0);
      joined.set(chunk, this.recent.length);
      this.recent = joined.slice(Math.max(0, joined.length - keep));
    }
    this.recentStart = this.offset + chunk.length - this.recent.length;
  }

  /** Input bytes [from, to) from the remembered bytes and the current chunk (at this.offset). */
  bytesBetween(from, to, chunk) {
    const out = [];
    for (let p = Math.max(from, this.recentStart); p < to; p++) {
      if (p < this.offset) out.push(this.recent[p - this.recentStart]);
      else if (chunk !== null) out.push(chunk[p - this.offset]);
    }
    return Uint8Array.from(out);
  }
}
