// The CLI module's `transcode` export (src/wasm/transcode.rs) as the CLI's
// transcoder calls it: a whole read of input in, its output pieces out, one
// call each (more only when the output buffer fills). Decoding, the ASCII
// runs and encoding all happen in that one call (src/transcode.rs says
// why); earlier the CLI called `decode` and `encode` per 256 KiB window and
// went through a unit buffer of 512 KiB each way. Only the CLI bundles this
// (js/encoders-host.js's `transcoder` option), not /extra or /hooks.
import { ERROR, FRESH, LAST, OUTPUT_FULL, SUBSTITUTE } from '../wasm-abi.js';
import { setElements, sliceElements, subarray } from '../intrinsics.js';

/** Output buffer: a 1 MiB read becomes at most ~1.5 MiB (Shift_JIS -> UTF-8), so one call in the common case. */
const OUT_CAP = 2 * 1024 * 1024;
/** The state bytes the export keeps: decoder 16, encoder 4, a BOM still to drop 1. */
const STATE_BYTES = 21;

/**
 * `runtime` (createEncoderRuntime's, over the CLI's module) -> transcode(from,
 * to, html, input, states, last): `input` (a Uint8Array) from encoding `from`
 * to encoding `to` ("html" mode, else '?' for each unmappable character);
 * `states` = { state } (null: new; updated). Returns { pieces, substituted }:
 * the last piece is a view of the module's memory, valid until the next call
 * (the CLI writes them and waits until they have left: js/cli/main.js
 * writeBorrowed; copying 1 GiB of output cost ~6 % of the CLI's CPU time).
 */
export function transcodeCall(runtime) {
  let outPtr = -1;
  return (from, to, html, input, states, last) => {
    const pieces = [];
    let substituted = 0;
    const n = input.length;
    let m = runtime.scratch(n, 0);
    if (outPtr < 0) {
      outPtr = m.exports.scratch_out(OUT_CAP);
      m = runtime.scratch(0, 0); // views again: that may have grown memory
    }
    setElements(m.u8, input, m.bytesPtr);
    let start = 0;
    for (;;) {
      let flags = (last ? LAST : 0) | (html ? 0 : SUBSTITUTE);
      if (states.state) setElements(m.u8, states.state, m.statePtr);
      else flags |= FRESH;
      const written = m.exports.transcode(from, to, flags, start, n - start, OUT_CAP);
      m = runtime.scratch(0, 0);
      const status = m.u32[m.resultsAt];
      const read = m.u32[m.resultsAt + 1];
      if (status === ERROR) throw new RangeError(`the CLI's module cannot transcode encoding ${from} to ${to}`);
      substituted += m.u32[m.resultsAt + 4];
      states.state = sliceElements(m.u8, m.statePtr, m.statePtr + STATE_BYTES);
      start += read;
      if (status !== OUTPUT_FULL) {
        if (written > 0) pieces.push(subarray(m.u8, outPtr, outPtr + written));
        break;
      }
      // The next call writes over it: a copy.
      pieces.push(sliceElements(m.u8, outPtr, outPtr + written));
      // A call that filled the output always wrote something (the buffer holds far more than a step).
      if (written === 0) throw new RangeError("the CLI's module made no progress transcoding (output buffer too small)");
    }
    return { pieces, substituted };
  };
}
