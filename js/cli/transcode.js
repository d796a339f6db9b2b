// The CLI's fast path: bytes in one encoding to bytes in another inside the
// module (transcode below, over js/runtime.js's runtime.io), with no JavaScript string
// between the decoder and the encoder. Building that string and reading it
// back unit by unit was most of the CLI's time (1 GiB UTF-8 -> Shift_JIS at
// 1.7-1.8x glibc iconv's time).
//
// It serves the modes whose errors need no report: the decoder in
// replacement mode, the encoder in html mode (&#N;) or writing '?' for what it
// cannot encode (the default). --fatal, the UTF-16 outputs (code units, not an
// encoder of the standard) and the variants beyond the standard keep the
// string path (main.js), which says where an error is.
import { ready } from '../entries/full.js';
import { DECODE_WINDOW } from '../runtime.js';
import { ERROR, FATAL, FRESH, LAST, OUTPUT_FULL, SUBSTITUTE } from '../wasm-abi.js';
import { min, setElements, sliceElements, subarray } from '../intrinsics.js';

/** The module's runtime, which the main entry hands out under this symbol (tools/entries.mjs). */
const runtimeOf = ready[Symbol.for('text-encoding-wasm.runtime')];

/** Encodings whose decoder drops a leading U+FEFF (TextDecoder's BOM rule, §7.1). */
const BOM_ENCODINGS = new Set(['UTF-8', 'UTF-16LE', 'UTF-16BE']);

/**
 * A transcoder from `fromName` to `toName` (the standard's names, as
 * TextDecoder#encoding spells them in any case) in `mode` ('replace' or
 * 'html'), or null where the string path must do it. Returns
 * { convert(chunk) -> Uint8Array[], finish() -> Uint8Array[], substituted }.
 */
export async function createTranscoder(fromName, toName, mode) {
  if (mode === 'fatal' || typeof runtimeOf !== 'function') return null;
  const to = toName.toLowerCase();
  if (to === 'utf-16le' || to === 'utf-16be' || to === 'replacement') return null;
  await ready();
  const runtime = runtimeOf('text-encoding-wasm CLI');
  const io = runtime.io;
  if (io === undefined || typeof io.exports.encode !== 'function') return null;
  const fromIndex = runtime.labelToIndex(fromName);
  const toIndex = runtime.labelToIndex(toName);
  if (fromIndex < 0 || toIndex < 0) return null;
  const states = { decoder: null, encoder: null, bom: BOM_ENCODINGS.has(fromName.toUpperCase()) };
  const html = mode === 'html';
  const transcoder = {
    substituted: 0,
    run(chunk, last) {
      const { pieces, substituted } = transcode(io, fromIndex, toIndex, html, chunk, states, last);
      transcoder.substituted += substituted;
      return pieces;
    },
    convert: (chunk) => transcoder.run(chunk, false),
    finish: () => transcoder.run(new Uint8Array(0), true),
  };
  return transcoder;
}

/**
 * Bytes to bytes without a string between them: `input` decoded with
 * encoding `from` (replacement mode) into the module's unit buffer, whose
 * units the module's encoder for `to` then reads where they are ("html"
 * mode; otherwise each unmappable character written as '?' by the module, as
 * the CLI's default does). `io` is the main module's (js/runtime.js's
 * runtime.io). `states` = { decoder, encoder, bom } carries the two state
 * buffers (null: new) and whether a leading U+FEFF is still to be dropped
 * (the TextDecoder's BOM rule, §7.1); it is updated. Returns { pieces
 * (copies), substituted }.
 */
function transcode(io, from, to, html, input, states, last) {
  const { exports } = io;
  const pieces = [];
  let substituted = 0;
  let offset = 0;
  const length = input.length;
  do {
    const n = min(length - offset, DECODE_WINDOW);
    // Units: n + 4 (as runtime.decode); bytes: the input, and room for the
    // encoder's output of those units (a full buffer only means another call).
    io.ensure(2 * n + 64, n + 4);
    io.views();
    const { bytesPtr, statePtr, unitsAt, resultsAt, bytesCap } = io;
    setElements(io.u8, subarray(input, offset, offset + n), bytesPtr);
    const isLast = last && offset + n === length;
    let flags = isLast ? LAST : 0;
    if (states.decoder) setElements(io.u8, states.decoder, statePtr);
    else flags |= FRESH;
    let pending = exports.decode(from, flags, n);
    io.views();
    offset += io.u32[resultsAt + 1];
    states.decoder = sliceElements(io.u8, statePtr, statePtr + 16);
    // The encoder reads from `start` in the unit buffer.
    let start = 0;
    if (states.bom && pending > 0) {
      states.bom = false;
      if (io.u16[unitsAt] === 0xfeff) {
        start = 1;
        pending--;
      }
    }
    // Until the encoder has read every unit (a full byte buffer only
    // means another call, from where it stopped).
    for (;;) {
      let eflags = (isLast ? LAST : 0) | (html ? 0 : FATAL | SUBSTITUTE);
      if (states.encoder) setElements(io.u8, states.encoder, statePtr);
      else eflags |= FRESH;
      const written = exports.encode(to, eflags, start, pending, bytesCap);
      io.views();
      const { u8, u32 } = io;
      const status = u32[resultsAt];
      const read = u32[resultsAt + 1];
      substituted += u32[resultsAt + 4];
      states.encoder = sliceElements(u8, statePtr, statePtr + 4);
      if (written > 0) pieces.push(sliceElements(u8, bytesPtr, bytesPtr + written));
      start += read;
      pending -= read;
      if (status === ERROR) throw new RangeError(`encoding ${to} has no encoder`);
      if (status !== OUTPUT_FULL) break;
    }
  } while (offset < length);
  return { pieces, substituted };
}
