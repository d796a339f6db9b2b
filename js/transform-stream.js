// Where TextDecoderStream and TextEncoderStream get their TransformStream
// (Streams Standard): one handed over with useTransformStream(), else the
// global one at the time a stream is constructed. Runtimes without WHATWG
// streams (Node < 18, React Native/Hermes, QuickJS) can supply any conforming
// implementation, e.g. web-streams-polyfill's:
//
//   import { TransformStream } from 'web-streams-polyfill';
//   import { useTransformStream } from 'text-encoding-wasm';
//   useTransformStream(TransformStream);
//
// (or set globalThis.TransformStream before the first stream is constructed;
// that is also the way for the classic-script builds). Without either, the
// constructors throw a TypeError that says so.
import { defineInterface } from './other-copy.js';

let supplied = null;

/**
 * Makes the stream classes use `TransformStreamClass` (a constructor with the
 * Streams Standard's TransformStream API) instead of the global one; `null`
 * goes back to the global. Returns the previous one (or null).
 */
export function useTransformStream(TransformStreamClass) {
  if (TransformStreamClass !== null && typeof TransformStreamClass !== 'function') {
    throw new TypeError('useTransformStream: expected a TransformStream constructor (or null for the global TransformStream).');
  }
  const previous = supplied;
  supplied = TransformStreamClass;
  return previous;
}

/**
 * "Let transformStream be a new TransformStream. Set up transformStream with
 * transformAlgorithm and flushAlgorithm": the default strategies of "set up"
 * (writable high-water mark 1, readable 0, size 1). The transformer and the
 * strategies have no prototype (`__proto__: null` in the literal: syntax,
 * not the Object.prototype setter), so that nothing on Object.prototype
 * (start, cancel, size, highWaterMark, readableType...) is consulted. Its two sides
 * go into the slots `s` (streamInterface's getters read them).
 */
export function setUpTransformStream(s, context, transform, flush) {
  const TransformStream = supplied || (typeof globalThis.TransformStream === 'function' ? globalThis.TransformStream : null);
  if (TransformStream === null) {
    throw new TypeError(`${context}: this runtime has no TransformStream (WHATWG Streams), which the stream classes need: pass one to useTransformStream() (e.g. web-streams-polyfill's) or set globalThis.TransformStream.`);
  }
  const ts = new TransformStream({ __proto__: null, transform, flush }, { __proto__: null, highWaterMark: 1 }, { __proto__: null, highWaterMark: 0 });
  // GenericTransformStream's readable and writable getters return these: the
  // transform's own streams, fixed for its life.
  s.readable = ts.readable;
  s.writable = ts.writable;
}

/**
 * Gives stream class `cls` the WebIDL shape of interface `name`
 * (js/other-copy.js, defineInterface): the attributes `attributes` names, then
 * GenericTransformStream's readable and writable, read from the slots
 * setUpTransformStream filled. Returns `cls`, so that a stream module defines
 * its class in one expression its callers mark pure: a bundle whose code
 * never uses the class (an importer of TextDecoder alone) drops it and this file.
 */
export function streamInterface(cls, name, slots, attributes) {
  defineInterface(cls, name, slots, { ...attributes, readable: (s) => s.readable, writable: (s) => s.writable }, []);
  return cls;
}
