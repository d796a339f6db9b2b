// The CLI's fast path: bytes in one encoding to bytes in another inside the
// CLI's module (its `transcode` export, js/cli/transcode-call.js and
// src/transcode.rs), with no JavaScript string between the decoder and the encoder. Building that string and reading it
// back unit by unit was most of the CLI's time (1 GiB UTF-8 -> Shift_JIS at
// 1.7-1.8x glibc iconv's time).
//
// It serves the modes whose errors need no report: the decoder in
// replacement mode, the encoder in html mode (&#N;) or writing '?' for what it
// cannot encode (the default). --fatal, the UTF-16 outputs (code units, not an
// encoder of the standard) and the variants beyond the standard keep the
// string path (main.js), which says where an error is.
import cliBase64 from '../../build/wasm/cli/bytes.js';
import { ready as mainReady } from '../entries/full.js';
import { encodersHost } from '../encoders-host.js';
import { transcodeCall } from './transcode-call.js';

/**
 * The CLI's module (tools/entries.mjs MODULES.cli: the encoders and every
 * decoder, the main module's tables copied in; js/encoders-host.js): bytes
 * are decoded and encoded there. No translation: without WebAssembly the
 * string path does it all.
 */
const host = encodersHost(mainReady, { base64: cliBase64, what: 'text-encoding-wasm CLI', hint: 'the CLI takes its string path instead', transcoder: transcodeCall });

/**
 * A transcoder from `fromName` to `toName` (the standard's names, as
 * TextDecoder#encoding spells them in any case) in `mode` ('replace' or
 * 'html'), or null where the string path must do it. Returns
 * { convert(chunk) -> Uint8Array[], finish() -> Uint8Array[], substituted }.
 */
export async function createTranscoder(fromName, toName, mode) {
  if (mode === 'fatal') return null;
  const to = toName.toLowerCase();
  if (to === 'utf-16le' || to === 'utf-16be' || to === 'replacement') return null;
  try {
    await host.ready();
  } catch (_) {
    return null; // no WebAssembly (node --jitless): the string path
  }
  const runtime = host.getRuntime('text-encoding-wasm CLI');
  const fromIndex = runtime.labelToIndex(fromName);
  const toIndex = runtime.labelToIndex(toName);
  if (fromIndex < 0 || toIndex < 0) return null;
  // The module's transcoder drops a leading U+FEFF of UTF-8 and UTF-16 input
  // (TextDecoder's BOM rule, §7.1) and keeps that in its state.
  const states = { state: null };
  const html = mode === 'html';
  const transcoder = {
    substituted: 0,
    run(chunk, last) {
      const { pieces, substituted } = runtime.transcode(fromIndex, toIndex, html, chunk, states, last);
      transcoder.substituted += substituted;
      return pieces;
    },
    convert: (chunk) => transcoder.run(chunk, false),
    finish: () => transcoder.run(new Uint8Array(0), true),
  };
  return transcoder;
}
