// The encoders' side of the bridge to a module (js/runtime.js has the
// decoders'): the encoders module's `encode` export (src/wasm/encode.rs) for
// LegacyEncoder (text-encoding-wasm/extra) and the hooks' encode, and the CLI's
// bytes-to-bytes transcoder. Only /extra, /hooks and the CLI bundle this: the
// standard entries and the family host have no encoder module to call. It
// makes no strings, so it does not bundle js/runtime.js's string building.
import { DECODE_WINDOW, growScratch, memoryViews } from './scratch.js';
import { ERROR, FATAL, FRESH, LAST, OUTPUT_FULL, SUBSTITUTE } from './wasm-abi.js';
import { charCodeAt, min, setElements, sliceElements, subarray } from './intrinsics.js';

/**
 * Decodes `input` (at most DECODE_WINDOW bytes) with encoding `index` in
 * replacement mode from `state` (null: new) into the unit buffer of `runtime`'s
 * module (the CLI's, which decodes every encoding). Returns [read, units (a view of that buffer, valid
 * until its next call), state after].
 */
function decodeUnits(runtime, index, input, state, last) {
  const n = input.length;
  let m = runtime.scratch(n, n + 4);
  setElements(m.u8, input, m.bytesPtr);
  let flags = last ? LAST : 0;
  if (state) setElements(m.u8, state, m.statePtr);
  else flags |= FRESH;
  const written = m.exports.decode(index, flags, n);
  m = runtime.scratch(0, 0);
  return [m.u32[m.resultsAt + 1], subarray(m.u16, m.unitsAt, m.unitsAt + written), sliceElements(m.u8, m.statePtr, m.statePtr + 16)];
}

/**
 * The runtime of a module with the `encode` export (the encoders module):
 * `scratch` (its buffers, grown on demand, and views of its memory), encodeChunk
 * and transcode.
 */
export function createEncoderRuntime(exports) {
  const memory = exports.memory;
  let at = { bytesCap: 0, unitsCap: 0, bytesPtr: 0, unitsAt: 0, resultsAt: 0, statePtr: 0 };
  let views = null;
  const runtime = {
    scratch(bytes, units) {
      if (bytes > at.bytesCap || units > at.unitsCap) at = growScratch(exports, at.bytesCap, at.unitsCap, bytes, units);
      if (views === null || memory.buffer !== views.buffer) views = memoryViews(memory);
      return { exports, u8: views.u8, u16: views.u16, u32: views.u32, bytesPtr: at.bytesPtr, unitsAt: at.unitsAt, resultsAt: at.resultsAt, statePtr: at.statePtr, bytesCap: at.bytesCap };
    },
  };
  return withEncoders(runtime);
}

/** `runtime` (with `scratch`, over a module with the `encode` export) with encodeChunk and transcode. */
function withEncoders(runtime) {
  /**
   * One call of the module's encoder, for the legacy encoders (js/extra/):
   * string units [from, to) with encoding `index` ("html" mode unless
   * fatal), from `state` (4 bytes; null: a new encoder), into at most `cap`
   * bytes. Returns [status, read, written, unmappable code point, state,
   * bytes]; `bytes` views the scratch buffer until the next call.
   */
  runtime.encodeChunk = (index, fatal, last, string, from, to, state, cap) => {
    let m = runtime.scratch(cap, to - from);
    const u16 = m.u16;
    for (let i = from, j = m.unitsAt; i < to; i++, j++) u16[j] = charCodeAt(string, i);
    let flags = (last ? LAST : 0) | (fatal ? FATAL : 0);
    if (state) setElements(m.u8, state, m.statePtr);
    else flags |= FRESH;
    const written = m.exports.encode(index, flags, 0, to - from, cap);
    m = runtime.scratch(0, 0);
    const r = sliceElements(m.u32, m.resultsAt, m.resultsAt + 4);
    return [r[0], r[1], written, r[3], sliceElements(m.u8, m.statePtr, m.statePtr + 4), subarray(m.u8, m.bytesPtr, m.bytesPtr + written)];
  };

  /**
   * Bytes to bytes without a string between them, for the CLI
   * (js/cli/transcode.js): `input` decoded with encoding `from` (replacement
   * mode) into a unit buffer, whose units this module's encoder for `to`
   * then reads where they are ("html" mode; otherwise each unmappable
   * character written as '?' by the module, as the CLI's default does): the
   * CLI's module decodes every encoding (MODULES.cli), so no unit is copied.
   * `states` = { decoder, encoder, bom } carries the two state buffers
   * (null: new) and whether a leading U+FEFF is still to be dropped (the
   * TextDecoder's BOM rule, §7.1); it is updated. Returns { pieces (copies),
   * substituted }.
   */
  runtime.transcode = (from, to, html, input, states, last) => {
    const pieces = [];
    let substituted = 0;
    let offset = 0;
    const length = input.length;
    do {
      const n = min(length - offset, DECODE_WINDOW);
      const isLast = last && offset + n === length;
      // Units: n + 4 (see runtime.decode); bytes: room for the encoder's
      // output of those units (a full buffer only means another call). Made
      // before decoding, so that decoding here moves no buffer.
      runtime.scratch(2 * n + 64, n + 4);
      const [read, units, state] = decodeUnits(runtime, from, subarray(input, offset, offset + n), states.decoder, isLast);
      offset += read;
      states.decoder = state;
      let pending = units.length;
      let m = runtime.scratch(0, 0);
      // The encoder reads from `start` in the unit buffer.
      let start = 0;
      if (states.bom && pending > 0) {
        states.bom = false;
        if (m.u16[m.unitsAt] === 0xfeff) {
          start = 1;
          pending--;
        }
      }
      // Until the encoder has read every unit (a full byte buffer only
      // means another call, from where it stopped).
      for (;;) {
        let flags = (isLast ? LAST : 0) | (html ? 0 : FATAL | SUBSTITUTE);
        if (states.encoder) setElements(m.u8, states.encoder, m.statePtr);
        else flags |= FRESH;
        const written = m.exports.encode(to, flags, start, pending, m.bytesCap);
        m = runtime.scratch(0, 0);
        const status = m.u32[m.resultsAt];
        const r = m.u32[m.resultsAt + 1];
        substituted += m.u32[m.resultsAt + 4];
        states.encoder = sliceElements(m.u8, m.statePtr, m.statePtr + 4);
        if (written > 0) pieces.push(sliceElements(m.u8, m.bytesPtr, m.bytesPtr + written));
        start += r;
        pending -= r;
        if (status === ERROR) throw new RangeError(`encoding ${to} has no encoder`);
        if (status !== OUTPUT_FULL) break;
      }
    } while (offset < length);
    return { pieces, substituted };
  };
  return runtime;
}
