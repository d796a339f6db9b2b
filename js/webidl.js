// WebIDL conversions and checks, done the way a browser's bindings do them.
// Intrinsics are captured at load time so that user code replacing
// ArrayBuffer.prototype getters or Symbol.toStringTag cannot fool the checks,
// and they work on objects from other realms (they test internal slots).

import { Uint32Array, Uint8Array, call, isArrayBufferView } from './intrinsics.js';

const getPrototypeOf = Object.getPrototypeOf;
const getOwnPropertyDescriptor = Object.getOwnPropertyDescriptor;
const defineProperty = Object.defineProperty;

/** The getter of accessor `name` on `proto`, or null (no such accessor in this engine, or no `proto`). */
function getterOf(proto, name) {
  const descriptor = proto && getOwnPropertyDescriptor(proto, name);
  return descriptor ? descriptor.get : null;
}
const TypedArrayPrototype = getPrototypeOf(Uint8Array.prototype);
export const taBuffer = getterOf(TypedArrayPrototype, 'buffer');
export const taByteOffset = getterOf(TypedArrayPrototype, 'byteOffset');
const taByteLength = getterOf(TypedArrayPrototype, 'byteLength');
const taTag = getterOf(TypedArrayPrototype, Symbol.toStringTag);
// Pure: a bundle without uint32ArrayElements (the extra entries') leaves it out.
const taLength = /* @__PURE__ */ getterOf(TypedArrayPrototype, 'length');
const dvBuffer = getterOf(DataView.prototype, 'buffer');
const dvByteOffset = getterOf(DataView.prototype, 'byteOffset');
const dvByteLength = getterOf(DataView.prototype, 'byteLength');
const abByteLength = getterOf(ArrayBuffer.prototype, 'byteLength');
// ES2024: resizable ArrayBuffers and growable SharedArrayBuffers (null in older engines).
const abResizable = getterOf(ArrayBuffer.prototype, 'resizable');

const SharedMemory = typeof WebAssembly === 'object' ? WebAssembly.Memory : undefined;

/**
 * SharedArrayBuffer.prototype's getters [byteLength, growable] (null where
 * absent), looked up for the first buffer that is not an ArrayBuffer. Realms
 * that are not cross-origin isolated hide the global SharedArrayBuffer, yet
 * such buffers can still reach them (postMessage, a shared WebAssembly.Memory)
 * and are valid [AllowShared] BufferSources, so the prototype is then found
 * through a shared memory, made at first need: made at load, it cost 6-10 ms
 * of a fresh Chromium page's start-up (docs/architecture/start-up.md).
 */
let sharedGetters = typeof SharedArrayBuffer === 'function' ? gettersOf(SharedArrayBuffer.prototype) : null;

function gettersOf(proto) {
  return [getterOf(proto, 'byteLength'), getterOf(proto, 'growable')];
}

function sharedBufferGetters() {
  if (sharedGetters === null) {
    let proto = null;
    try {
      proto = getPrototypeOf(new SharedMemory({ initial: 0, maximum: 0, shared: true }).buffer);
    } catch (_) { /* no shared memory at all in this engine */ }
    sharedGetters = gettersOf(proto);
  }
  return sharedGetters;
}

/**
 * WebIDL: a BufferSource or [AllowShared] view not marked [AllowResizable] may
 * not be backed by a resizable ArrayBuffer or growable SharedArrayBuffer
 * (the Encoding Standard's IDL marks none), so those are a TypeError, as in
 * browsers. Each getter throws for the other kind of buffer.
 */
function notResizable(buffer, context) {
  let resizable;
  try {
    resizable = abResizable !== null && call(abResizable, buffer);
  } catch (_) {
    resizable = growableShared(buffer);
  }
  if (resizable) {
    throw new TypeError(`${context}: The provided ArrayBuffer or view is backed by a resizable or growable buffer, which is not allowed.`);
  }
  return buffer;
}

/** notResizable's question for a buffer that is not an ArrayBuffer (apart: the common case stays small for V8 to inline). */
function growableShared(buffer) {
  try {
    const growable = sharedBufferGetters()[1];
    return growable !== null && call(growable, buffer);
  } catch (_) {
    return false; // neither kind
  }
}

const EMPTY = new Uint8Array(0);

/** The byte length of an ArrayBuffer or SharedArrayBuffer, or -1 if it is neither. */
function bufferLength(value) {
  try {
    return call(abByteLength, value);
  } catch (_) {
    try {
      return call(sharedBufferGetters()[0], value); // throws too if null: neither kind
    } catch (_) {
      return -1;
    }
  }
}

/**
 * [AllowShared] BufferSource -> a Uint8Array over the bytes it holds (a view,
 * not a copy; callers copy). Detached buffers hold no bytes (WebIDL "get a copy
 * of the bytes held by the buffer source"). Throws TypeError for anything else.
 */
export function bufferSourceBytes(value, context) {
  if (isArrayBufferView(value)) {
    // undefined for a DataView (the getter never throws).
    if (call(taTag, value) !== undefined) {
      const buffer = notResizable(call(taBuffer, value), context);
      // A detached typed array reports length 0.
      const length = call(taByteLength, value);
      return length === 0 ? EMPTY : new Uint8Array(buffer, call(taByteOffset, value), length);
    }
    notResizable(call(dvBuffer, value), context);
    let offset, length;
    try {
      offset = call(dvByteOffset, value);
      length = call(dvByteLength, value);
    } catch (_) {
      return EMPTY; // a DataView's offset and length getters throw once its buffer is detached
    }
    return length === 0 ? EMPTY : new Uint8Array(call(dvBuffer, value), offset, length);
  }
  const length = bufferLength(value);
  if (length < 0) throw new TypeError(`${context}: The provided value is not of type '(ArrayBuffer or ArrayBufferView)'.`);
  notResizable(value, context);
  return length === 0 ? EMPTY : new Uint8Array(value, 0, length);
}

/**
 * The bytes a view from bufferSourceBytes still holds: none once its buffer
 * has been detached (by user code that ran after the conversion, such as an
 * options getter), when reading it would throw.
 */
export function bytesStillHeld(view) {
  return call(taByteLength, view) === 0 ? EMPTY : view;
}

/**
 * A new Uint32Array over the elements `value` holds if it is a Uint32Array
 * (of any realm), else null. Length, buffer and offset come from its internal
 * slots: a subclass's `length` or `subarray` is never asked, so it cannot make
 * us read past its elements (or write past our scratch area).
 */
export function uint32ArrayElements(value) {
  let tag;
  try {
    tag = call(taTag, value);
  } catch (_) {
    return null;
  }
  if (tag !== 'Uint32Array') return null;
  const length = call(taLength, value);
  return length === 0 ? new Uint32Array(0) : new Uint32Array(call(taBuffer, value), call(taByteOffset, value), length);
}

/** Whether a value is a Uint8Array (of any realm, any buffer kind). */
export function isUint8Array(value) {
  // The getter returns undefined for anything else (it never throws): no
  // try, which kept this small enough for V8 to inline encodeInto's checks
  // and its encoder's ASCII loop together into a caller.
  return call(taTag, value) === 'Uint8Array';
}

// "Get an encoding"'s first step: js/strip-label.js (a file of its own, so that
// js/runtime.js takes it without this file's load-time work: a family module's
// runtime in dist/family-host.js needs nothing else from here).
export { stripLabel } from './strip-label.js';

/** WebIDL DOMString / USVString (before surrogate replacement): ToString, which throws for symbols. */
export function toStringValue(value) {
  return `${value}`;
}

/**
 * WebIDL dictionary conversion: undefined and null are the empty dictionary
 * (returned as null); any other non-object is a TypeError.
 */
export function toDictionary(value, context, type) {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'object' && typeof value !== 'function') {
    throw new TypeError(`${context}: The provided value is not of type '${type}'.`);
  }
  return value;
}

/** The boolean `member` of an options dictionary (WebIDL: absent is false). */
export function dictionaryFlag(options, member, context, type) {
  const dict = toDictionary(options, context, type);
  return dict !== null && Boolean(dict[member]);
}

/**
 * An `encodeInto(source, destination)` operation's arguments, converted as
 * WebIDL does (a string, then a Uint8Array); returns the string. Throws the
 * TypeError a browser throws for a missing or wrong argument.
 */
export function encodeIntoSource(args, context) {
  // The errors made apart: this stays small enough for V8 to inline with the
  // encoder's ASCII loop into a caller (docs/speed-log.md, "Issue 15, V8: ~20-unit ASCII encode()").
  if (args.length < 2) throw encodeIntoError(args, context);
  const string = toStringValue(args[0]);
  if (!isUint8Array(args[1])) throw encodeIntoError(args, context);
  return string;
}

/** The TypeError for encodeIntoSource's arguments: too few, or the second not a Uint8Array. */
function encodeIntoError(args, context) {
  return new TypeError(args.length < 2 ? `${context}: 2 arguments required, but only ${args.length} present.` : `${context}: parameter 2 is not of type 'Uint8Array'.`);
}

/**
 * How many bytes a Uint8Array that encodeIntoSource accepted holds, from its
 * internal slots (an own `length` property is never asked; 0 once detached),
 * after WebIDL's check that its buffer is not resizable. For writing into the
 * caller's array itself: element writes on a typed array cannot be
 * intercepted, and no user code runs between this and the writes. In place
 * of bufferSourceBytes's fresh view, whose construction cost V8 more than
 * encoding ~20 ASCII units (docs/speed-log.md, "Issue 15, V8: ~20-unit ASCII encode()").
 */
export function uint8ArrayRoom(array, context) {
  notResizable(call(taBuffer, array), context);
  return call(taLength, array);
}

/**
 * Gives `cls` the WebIDL shape of interface `name`: the interface object's
 * name, `members` (already on the prototype) enumerable and in this order (a
 * browser's: the IDL's), then `constructor`, then @@toStringTag.
 */
export function shapeInterface(cls, name, members) {
  // The interface object's name, as WebIDL gives it: the bundles are minified
  // without esbuild's keepNames (which would wrap every function for this).
  // (Unlisted descriptor fields default to false.)
  defineProperty(cls, 'name', { value: name, configurable: true });
  const proto = cls.prototype;
  // Each member deleted and defined again: in order at the end, enumerable.
  for (const member of members.concat('constructor')) {
    const desc = getOwnPropertyDescriptor(proto, member);
    desc.enumerable = member !== 'constructor';
    delete proto[member];
    defineProperty(proto, member, desc);
  }
  defineProperty(proto, Symbol.toStringTag, { value: name, configurable: true });
}

/**
 * The internal slots `map` (a WeakMap) holds for `object`: the brand check of
 * the extra entry's classes, which throws what a browser throws for a member
 * called on the wrong object.
 */
export function slotsIn(map, object) {
  const s = map.get(object);
  if (s === undefined) throw illegalInvocation();
  return s;
}

/** The TypeError a browser throws for a method or getter called on the wrong object. */
export function illegalInvocation() {
  return new TypeError('Illegal invocation');
}
