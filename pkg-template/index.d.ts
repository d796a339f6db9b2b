// Types of text-encoding-wasm: the standard's TextDecoder, TextEncoder and their streams
// (https://encoding.spec.whatwg.org/#api), structurally identical to lib.dom's,
// so values of either type are assignable to the other.

export interface TextDecoderOptions {
  fatal?: boolean;
  ignoreBOM?: boolean;
}

export interface TextDecodeOptions {
  stream?: boolean;
}

export type AllowSharedBufferSource = ArrayBuffer | SharedArrayBuffer | ArrayBufferView;

export interface TextDecoder {
  readonly encoding: string;
  readonly fatal: boolean;
  readonly ignoreBOM: boolean;
  decode(input?: AllowSharedBufferSource, options?: TextDecodeOptions): string;
}

export declare const TextDecoder: {
  prototype: TextDecoder;
  new (label?: string, options?: TextDecoderOptions): TextDecoder;
};

/**
 * What encode() returns: a Uint8Array over a plain ArrayBuffer. That is
 * `Uint8Array<ArrayBuffer>` on TypeScript >= 5.7, as lib.dom's encode() returns
 * (BufferSource, BlobPart and BodyInit need it), and plain `Uint8Array` before
 * typed arrays were generic: Uint8Array.of's return type is exactly that.
 */
export type EncodedBytes = ReturnType<typeof Uint8Array.of>;

export interface TextEncoderEncodeIntoResult {
  read: number;
  written: number;
}

export interface TextEncoder {
  readonly encoding: string;
  encode(input?: string): EncodedBytes;
  encodeInto(source: string, destination: Uint8Array): TextEncoderEncodeIntoResult;
}

export declare const TextEncoder: {
  prototype: TextEncoder;
  new (): TextEncoder;
};

/**
 * TextDecoderStream (Encoding Standard §7.5): bytes in, strings out. Built on
 * the global TransformStream, or the one given to useTransformStream(); the
 * stream types are the global ones (lib "dom", or @types/node >= 18).
 */
export interface TextDecoderStream {
  readonly encoding: string;
  readonly fatal: boolean;
  readonly ignoreBOM: boolean;
  readonly readable: ReadableStream<string>;
  readonly writable: WritableStream<AllowSharedBufferSource>;
}

export declare const TextDecoderStream: {
  prototype: TextDecoderStream;
  new (label?: string, options?: TextDecoderOptions): TextDecoderStream;
};

/** TextEncoderStream (Encoding Standard §7.6): strings in, UTF-8 bytes out. */
export interface TextEncoderStream {
  readonly encoding: string;
  readonly readable: ReadableStream<EncodedBytes>;
  readonly writable: WritableStream<string>;
}

export declare const TextEncoderStream: {
  prototype: TextEncoderStream;
  new (): TextEncoderStream;
};

/**
 * Hands the stream classes a TransformStream constructor to use instead of
 * the global one (for runtimes without WHATWG streams), e.g. web-streams-polyfill's;
 * `null` goes back to the global. Returns the previously supplied one.
 */
export declare function useTransformStream(TransformStreamClass: (new (...args: any[]) => unknown) | null): (new (...args: any[]) => unknown) | null;

/** Resolves once the classes are usable: at once where the WebAssembly module loaded synchronously. */
export declare function ready(): Promise<void>;

/** Installs the four classes on `target` (default globalThis); without `force`, existing ones are kept. */
export declare function install(target?: object, options?: { force?: boolean }): string[];

/**
 * Which backend runs the core: 'wasm' (the WebAssembly module), 'js' (the same
 * core translated to JavaScript by wasm2js: the text-encoding-wasm/js entries,
 * or the main entries' fallback where WebAssembly is missing or refused), or
 * null while none is loaded yet (before `ready()` resolves).
 */
export declare function backend(): 'wasm' | 'js' | null;

// The stream classes' sides are the global ReadableStream and WritableStream
// (lib "dom", @types/node >= 18). These empty declarations merge with those
// where present, and give the names a meaning where no library declares them
// (lib "es2022" alone, React Native), so that the types check everywhere.
declare global {
  interface ReadableStream<R = any> {}
  interface WritableStream<W = any> {}
}
