// Types of text-encoding-wasm/extra: encoders beyond the standard's TextEncoder.
import type { EncodedBytes, TextEncoderEncodeIntoResult } from './index.js';

export { ready } from './index.js';

/** "fatal": an unmappable code point throws; "html": it becomes "&#N;" (form submission's encoding). */
export type LegacyEncoderMode = 'fatal' | 'html';

export interface LegacyEncoderOptions {
  /** Default "fatal". */
  mode?: LegacyEncoderMode;
}

export interface LegacyEncodeOptions {
  /** Keep the encoder's state for the next call (default false: this call ends the stream). */
  stream?: boolean;
}

/** The TypeError a "fatal" LegacyEncoder throws for a code point its encoding cannot represent. */
export interface LegacyEncoderError extends TypeError {
  /** The code point that has no representation. */
  codePoint: number;
  /** Its index (UTF-16 code units) in this call's input; -1 if its lead surrogate ended the previous call's input. */
  index: number;
  /** Code units of this call's input consumed, the unmappable character included: continue with input.slice(read). */
  read: number;
  /** Bytes written before the error (encodeInto: into the destination). */
  written: number;
  /** encode() only: the bytes encoded before the error. */
  bytes?: EncodedBytes;
}

export interface LegacyEncoder {
  /** The encoding's name, lowercase (as TextDecoder's `encoding`). */
  readonly encoding: string;
  readonly mode: LegacyEncoderMode;
  encode(input?: string, options?: LegacyEncodeOptions): EncodedBytes;
  encodeInto(source: string, destination: Uint8Array, options?: LegacyEncodeOptions): TextEncoderEncodeIntoResult;
}

export declare const LegacyEncoder: {
  prototype: LegacyEncoder;
  /** RangeError for an unknown label and for replacement, UTF-16BE and UTF-16LE (no encoder). */
  new (label: string, options?: LegacyEncoderOptions): LegacyEncoder;
};
