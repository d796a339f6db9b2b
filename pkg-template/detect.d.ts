// Types of text-encoding-wasm/detect: encoding detection (chardetng) in its own module.

/** A name TextDecoder accepts, lower-cased as TextDecoder's `encoding`. */
export type DetectedEncoding =
  | 'utf-8' | 'iso-2022-jp' | 'iso-8859-8' | 'gbk' | 'euc-jp' | 'euc-kr' | 'shift_jis' | 'big5'
  | 'windows-1252' | 'windows-1251' | 'windows-1250' | 'iso-8859-2' | 'windows-1256' | 'windows-1254'
  | 'windows-874' | 'windows-1255' | 'windows-1253' | 'iso-8859-7' | 'windows-1257' | 'iso-8859-13'
  | 'koi8-u' | 'ibm866' | 'iso-8859-6' | 'windows-1258' | 'iso-8859-4' | 'iso-8859-5';

export interface EncodingDetectorOptions {
  /** Whether ISO-2022-JP may be guessed (default true; chardetng advises false for web pages that run script). */
  allowIso2022jp?: boolean;
}

export interface EncodingDetectorFeedOptions {
  /** More bytes follow (default false: this call ends the stream). */
  stream?: boolean;
}

export interface EncodingDetectorGuessOptions {
  /** The top-level domain the bytes came from ("jp", "ru"; punycode for IDNs): a regional prior. */
  tld?: string;
  /** Whether UTF-8 may be guessed (default true). */
  allowUtf8?: boolean;
}

export interface EncodingGuess {
  encoding: DetectedEncoding;
  /**
   * True when the bytes themselves chose the guess: it is not the detector's
   * fallback (some encoding's evidence overrode every domain's default) and it
   * rests on at least 24 non-ASCII bytes (or it is ISO-2022-JP, or UTF-8 that
   * is valid throughout). It does not mean that no `tld` hint could change the
   * guess: bytes valid in several CJK encodings (EUC-KR text is also valid
   * Big5, GBK and Shift_JIS) go to the hinted domain's encoding, confidently.
   */
  confident: boolean;
}

export interface EncodingDetector {
  /** Feeds the next bytes; returns whether any non-ASCII byte has been seen. Without `stream` this ends the stream. */
  feed(input?: ArrayBuffer | ArrayBufferView, options?: EncodingDetectorFeedOptions): boolean;
  guess(options?: EncodingDetectorGuessOptions): EncodingGuess;
}

export declare const EncodingDetector: {
  prototype: EncodingDetector;
  new (options?: EncodingDetectorOptions): EncodingDetector;
};

/** One shot: a new detector, fed all of `input`, guessed with `options`. */
export declare function detect(input: ArrayBuffer | ArrayBufferView, options?: EncodingDetectorOptions & EncodingDetectorGuessOptions): EncodingGuess;

/** Resolves once the detector module is instantiated (at once where that was synchronous). */
export declare function ready(): Promise<void>;
