// Type-checked by tools/test-js.sh (tsc --noEmit, lib dom, strict) inside the
// project where the packed tarball is installed: typical lib.dom-style code must
// compile against the package's types, and values must be interchangeable with
// lib.dom's TextDecoder/TextEncoder. Each @ts-expect-error line must fail to
// compile (tsc reports an unused directive otherwise).
import { install, ready, TextDecoder, TextEncoder } from 'text-encoding-wasm';
import type { TextDecodeOptions, TextDecoderOptions, TextEncoderEncodeIntoResult } from 'text-encoding-wasm';
import * as utf8 from 'text-encoding-wasm/utf8';
import * as polyfill from 'text-encoding-wasm/polyfill';
import * as force from 'text-encoding-wasm/polyfill/force';

const options: TextDecoderOptions = { fatal: true, ignoreBOM: false };
const decoder = new TextDecoder('shift_jis', options);
const stream: TextDecodeOptions = { stream: true };
let text: string = decoder.decode(new Uint8Array([0x82, 0xa0]), stream);
text += decoder.decode();
text += decoder.decode(new ArrayBuffer(4));
text += decoder.decode(new SharedArrayBuffer(4));
text += decoder.decode(new DataView(new ArrayBuffer(4)));
text += decoder.decode(new Float64Array(1));
text += decoder.decode(new BigInt64Array(1), {});
const name: string = decoder.encoding;
const flags: boolean = decoder.fatal && decoder.ignoreBOM;

const encoder = new TextEncoder();
const bytes = encoder.encode('héllo');
const n: number = bytes[0] + encoder.encode().length;
const result: TextEncoderEncodeIntoResult = encoder.encodeInto('héllo', new Uint8Array(4));
const counts: number = result.read + result.written;
encoder.encodeInto('x', new Uint8Array(new SharedArrayBuffer(4)));

// What lib.dom's own encode() result is used for must accept ours too.
const blob = new Blob([encoder.encode('x')]);
const digest: Promise<ArrayBuffer> = crypto.subtle.digest('SHA-256', encoder.encode('x'));
const response = new Response(encoder.encode('x'));
const fromDom: Uint8Array<ArrayBuffer> = encoder.encode('x');

// Interchangeable with lib.dom's classes, both ways.
const domDecoder: globalThis.TextDecoder = decoder;
const ourDecoder: TextDecoder = new globalThis.TextDecoder();
const domEncoder: globalThis.TextEncoder = encoder;
const ourEncoder: TextEncoder = new globalThis.TextEncoder();
const DomDecoderClass: typeof globalThis.TextDecoder = TextDecoder;
const DomEncoderClass: typeof globalThis.TextEncoder = TextEncoder;

// The other entries have the same exports.
const u: string = new utf8.TextDecoder('utf-16le').decode(new Uint8Array(2));
const p: Uint8Array = new polyfill.TextEncoder().encode('x');
const installed: string[] = install(globalThis, { force: true }).concat(install(), force.install({}));
const done: Promise<void> = ready().then(() => polyfill.ready());

// @ts-expect-error encodeInto's destination is a Uint8Array
encoder.encodeInto('x', new Uint16Array(2));
// @ts-expect-error fatal is a boolean
new TextDecoder('utf-8', { fatal: 'yes' });
// @ts-expect-error encoding is read-only
decoder.encoding = 'utf-16le';
// @ts-expect-error a string is not a buffer source
decoder.decode('abc');
// @ts-expect-error TextEncoder takes no label
new TextEncoder('utf-16le');

export { blob, counts, digest, domDecoder, domEncoder, DomDecoderClass, DomEncoderClass, done, flags, fromDom, installed, n, name, ourDecoder, ourEncoder, p, response, text, u };

// Streams (issue 7): the same shapes as lib.dom's, assignable both ways.
import { TextDecoderStream, TextEncoderStream, useTransformStream } from 'text-encoding-wasm';
const decoderStream = new TextDecoderStream('shift_jis', { fatal: true });
const textOut: ReadableStream<string> = new Blob([]).stream().pipeThrough(decoderStream);
const streamFlags: boolean = decoderStream.fatal || decoderStream.ignoreBOM || decoderStream.encoding === 'x';
const encoderStream = new TextEncoderStream();
const bytesOut: ReadableStream<Uint8Array<ArrayBuffer>> = textOut.pipeThrough(encoderStream);
const domDecoderStream: globalThis.TextDecoderStream = decoderStream;
const ourDecoderStream: TextDecoderStream = new globalThis.TextDecoderStream();
const domEncoderStream: globalThis.TextEncoderStream = encoderStream;
const ourEncoderStream: TextEncoderStream = new globalThis.TextEncoderStream();
const DomDecoderStreamClass: typeof globalThis.TextDecoderStream = TextDecoderStream;
const DomEncoderStreamClass: typeof globalThis.TextEncoderStream = TextEncoderStream;
const previous = useTransformStream(TransformStream);
useTransformStream(null);
new utf8.TextEncoderStream().writable.getWriter().write('x');
// @ts-expect-error the encoder stream's writable takes strings
encoderStream.writable.getWriter().write(new Uint8Array(1));
// @ts-expect-error readable is read-only
decoderStream.readable = textOut;

export { bytesOut, domDecoderStream, DomDecoderStreamClass, domEncoderStream, DomEncoderStreamClass, ourDecoderStream, ourEncoderStream, previous, streamFlags };
