// Types of text-encoding-wasm/hooks (and /js/hooks): the Encoding Standard's
// hooks for other standards (§6). Encodings are TextDecoder's `encoding` names.
import type { AllowSharedBufferSource, EncodedBytes } from './index.js';

/** Resolves once the main entry and the encoders module (encode's) are usable. */
export declare function ready(): Promise<void>;

export type BomEncoding = 'utf-8' | 'utf-16be' | 'utf-16le';

/** "BOM sniff". */
export declare function bomSniff(input: AllowSharedBufferSource): BomEncoding | null;
/** "Get an encoding": the encoding a label names (replacement included), or null. */
export declare function getEncoding(label: string): string | null;
/** The encoding's name as the standard spells it ('Shift_JIS'), or null (whatwg-encoding's and @exodus/bytes's labelToName). */
export declare function labelToName(label: string): string | null;
/** "Get an output encoding": UTF-8 for replacement and UTF-16; RangeError for an unknown label. */
export declare function getOutputEncoding(encoding: string): string;
/** "Decode": the BOM decides the encoding, else `fallbackEncoding`; errors become U+FFFD. */
export declare function decode(input: AllowSharedBufferSource, fallbackEncoding: string): string;
/** "UTF-8 decode". */
export declare function utf8Decode(input: AllowSharedBufferSource): string;
/** "UTF-8 decode without BOM". */
export declare function utf8DecodeWithoutBOM(input: AllowSharedBufferSource): string;
/** "UTF-8 decode without BOM or fail": null at the first error. */
export declare function utf8DecodeWithoutBOMOrFail(input: AllowSharedBufferSource): string | null;
/** "UTF-8 encode". */
export declare function utf8Encode(string: string): EncodedBytes;
/** "Encode": in the output encoding of `encoding`, "html" mode. */
export declare function encode(string: string, encoding: string): EncodedBytes;
