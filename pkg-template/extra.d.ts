// Types of text-encoding-wasm/extra: encoders beyond the standard's TextEncoder.
import type { EncodedBytes, TextEncoderEncodeIntoResult } from './index.js';

/** Resolves once the main entry and the encoders module (LegacyEncoder's) are usable. */
export declare function ready(): Promise<void>;

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

// --- WTF-8, CESU-8, modified UTF-8 (their own module, loaded at first use) ---

export interface VariantDecoderOptions {
  /** Malformed input throws a VariantDecodeError instead of becoming U+FFFD (default false). */
  fatal?: boolean;
}

export interface VariantDecodeOptions {
  /** More input follows: keep an unfinished sequence for the next call (default false). */
  stream?: boolean;
}

/** The TypeError of a fatal variant decoder. The stream then starts over. */
export interface VariantDecodeError extends TypeError {
  /** Stream offset of the malformed sequence's first byte (it may lie in an earlier chunk). */
  offset: number;
  /** Its bytes that are in this call's input. */
  bytes: Uint8Array;
  /** The text this call decoded before it. */
  text: string;
}

/** A decoder to a JS string; WTF-8 and modified UTF-8 keep lone surrogates. No BOM is stripped. */
export interface VariantDecoder {
  readonly encoding: string;
  readonly fatal: boolean;
  decode(input?: AllowSharedBufferSource, options?: VariantDecodeOptions): string;
}

/** An encoder from a JS string; a lead surrogate ending a streamed call waits for the next. */
export interface VariantEncoder {
  readonly encoding: string;
  encode(input?: string, options?: VariantDecodeOptions): Uint8Array;
  encodeInto(source: string, destination: Uint8Array, options?: VariantDecodeOptions): TextEncoderEncodeIntoResult;
}

/** CESU-8's fatal encoder error: a lone surrogate has no CESU-8 form. */
export interface LoneSurrogateError extends TypeError {
  codeUnit: number;
  /** Its index in this call's input (-1: it ended the previous call's input). */
  index: number;
  read: number;
  bytes?: Uint8Array;
}

type AllowSharedBufferSource = ArrayBuffer | SharedArrayBuffer | ArrayBufferView;

/** WTF-8: any JS string (lone surrogates too) to bytes and back, losslessly; strict: a surrogate pair in two sequences is malformed. */
export declare const Wtf8Decoder: { prototype: VariantDecoder; new (options?: VariantDecoderOptions): VariantDecoder };
export declare const Wtf8Encoder: { prototype: VariantEncoder; new (): VariantEncoder };
/** CESU-8: supplementary characters as two 3-byte surrogates. */
export declare const Cesu8Decoder: { prototype: VariantDecoder; new (options?: VariantDecoderOptions): VariantDecoder };
/** `fatal`: a lone surrogate throws a LoneSurrogateError instead of becoming U+FFFD. */
export declare const Cesu8Encoder: { prototype: VariantEncoder; new (options?: { fatal?: boolean }): VariantEncoder };
/** Java's modified UTF-8: CESU-8 plus U+0000 as C0 80; lone surrogates kept. */
export declare const ModifiedUtf8Decoder: { prototype: VariantDecoder; new (options?: VariantDecoderOptions): VariantDecoder };
export declare const ModifiedUtf8Encoder: { prototype: VariantEncoder; new (): VariantEncoder };
/** WTF-8 §6.5: concatenates two WTF-8 strings, joining a split surrogate pair. TypeError if either is not well-formed. */
export declare function wtf8Concat(left: AllowSharedBufferSource, right: AllowSharedBufferSource): Uint8Array;

/** Java's DataOutput.writeUTF: u16 big-endian length + modified UTF-8; RangeError above 65,535 bytes. */
export declare function writeUTF(value: string): Uint8Array;
/** Java's DataInput.readUTF from `offset`: RangeError if the record is cut short, TypeError if malformed. */
export declare function readUTF(bytes: AllowSharedBufferSource, offset?: number): { value: string; byteLength: number };

// --- ISO/IEC 10646-1 (1996) UTF-8: 1 to 6 octets, values up to 0x7FFFFFFF ---

/** R.7's malformed sequences. */
export type Iso10646MalformationKind = 'truncated' | 'unexpected-continuation' | 'invalid-octet';

export interface Iso10646Malformation {
  /** Stream offset of the sequence's first octet. */
  offset: number;
  kind: Iso10646MalformationKind;
}

export interface Iso10646Utf8Decoder {
  readonly encoding: 'iso-10646-utf-8';
  readonly fatal: boolean;
  /** Code values (U+FFFD, 0xFFFD, for each malformed sequence unless fatal). */
  decode(input?: AllowSharedBufferSource, options?: VariantDecodeOptions): Uint32Array;
  decodeDetailed(input?: AllowSharedBufferSource, options?: VariantDecodeOptions): { values: Uint32Array; malformations: Iso10646Malformation[] };
}

export declare const Iso10646Utf8Decoder: { prototype: Iso10646Utf8Decoder; new (options?: { fatal?: boolean }): Iso10646Utf8Decoder };

export interface Iso10646Utf8Encoder {
  readonly encoding: 'iso-10646-utf-8';
  readonly fatal: boolean;
  /** A value that is not an integer 0..0x7FFFFFFF throws (fatal) or becomes EF BF BD. */
  encode(values: Uint32Array | Iterable<number>): Uint8Array;
}

export declare const Iso10646Utf8Encoder: { prototype: Iso10646Utf8Encoder; new (options?: { fatal?: boolean }): Iso10646Utf8Encoder };
