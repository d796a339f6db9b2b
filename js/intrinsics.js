// The built-ins the package calls on a hot path, taken when it loads, so that
// page script replacing a global or a prototype method afterwards changes
// nothing (a polyfill of the spec's classes must not depend on page script,
// as the native classes do not). Methods are called as `call(method,
// receiver, ...args)`: Function.prototype.call itself is captured, bound to
// itself, so replacing it (or apply) later does nothing either. Modules import
// Uint8Array, Uint16Array, Uint32Array, Int32Array and WeakMap from here, which shadows the
// globals of those names: the same constructors, as they were at load. The
// few built-ins only the module loader needs (Uint8Array.fromBase64, Node's
// getBuiltinModule) are captured at load by the files that use them
// (js/base64.js, js/module-bytes.js), so the module-free entries leave them out.

export const call = Function.prototype.call.bind(Function.prototype.call);
export const apply = Function.prototype.call.bind(Function.prototype.apply);

// Bare global names, not globalThis.X: a bundler knows these are built-ins
// and leaves out of a bundle any whose capture nothing uses.
const OwnUint8Array = Uint8Array;
const OwnUint16Array = Uint16Array;
const OwnUint32Array = Uint32Array;
const OwnInt32Array = Int32Array;
export { OwnUint8Array as Uint8Array, OwnUint16Array as Uint16Array, OwnUint32Array as Uint32Array, OwnInt32Array as Int32Array };

export const regExpExec = RegExp.prototype.exec;
export const stringCharCodeAt = String.prototype.charCodeAt;
export const stringSlice = String.prototype.slice;
export const fromCharCode = String.fromCharCode;
export const min = Math.min;
export const max = Math.max;
export const isArrayBufferView = ArrayBuffer.isView;

/**
 * `(receiver, a, b) => method.call(receiver, a, b)`, with call and `method`
 * as they were at load. Closed over as parameters, not read from top-level
 * bindings, for speed: bundlers turn a module's top-level const into var
 * (esbuild always does), V8 then cannot prove the callee constant and calls
 * through call() generically instead of inlining the method: charCodeAt in
 * a loop measured 2.7x slower per unit in Node 20 (docs/architecture/
 * decode-speed.md). A closure's own bindings stay constant for it.
 */
const uncurry = (method, c = call) => (receiver, a, b) => c(method, receiver, a, b);

/** `string.charCodeAt(index)`, as String.prototype.charCodeAt was at load. */
export const charCodeAt = uncurry(stringCharCodeAt);
/**
 * `String.fromCharCode(...units)` for an array-like of units, as at load: a
 * bound apply, one call per chunk (no inlining needed), and one frame less
 * than `apply(fromCharCode, null, units)` in an interpreter.
 */
export const fromCharCodes = Function.prototype.apply.bind(fromCharCode, null);

const typedArrayPrototype = Object.getPrototypeOf(OwnUint8Array.prototype);
const typedArraySet = typedArrayPrototype.set;
const typedArraySubarray = typedArrayPrototype.subarray;
const typedArraySlice = typedArrayPrototype.slice;

// Called once per call or chunk, not per unit: bound call, as fast as
// uncurry's closure in V8 and one frame less in an interpreter.
const bindCall = (method) => Function.prototype.call.bind(method);
/** `target.set(source, offset)` for typed arrays (offset 0 if left out). */
export const setElements = bindCall(typedArraySet);
/** `view.subarray(begin, end)` for typed arrays. */
export const subarray = bindCall(typedArraySubarray);
/** `view.slice(begin, end)` for typed arrays. */
export const sliceElements = bindCall(typedArraySlice);
/** `view.fill(value)` for typed arrays (what is made at first use: js/no-wasm/unpack-index.js). */
export const fillElements = bindCall(typedArrayPrototype.fill);
/** `string.slice(begin, end)`, as String.prototype.slice was at load. */
export const sliceString = bindCall(stringSlice);
/** `array.slice(begin, end)` for plain arrays. */
export const sliceArray = bindCall(Array.prototype.slice);

const OwnWeakMap = WeakMap;
const weakMapGet = OwnWeakMap.prototype.get;
const weakMapSet = OwnWeakMap.prototype.set;

/**
 * A WeakMap whose get and set are WeakMap.prototype's as they were at
 * load (the classes' internal slots). It holds a WeakMap rather than
 * extending one: an ES5 lowering of `class extends WeakMap` (TypeScript's,
 * run on the classic script for Hermes 0.12) calls the WeakMap constructor
 * without `new`, which engines reject.
 */
class SlotMap {
  constructor() {
    this.map = new OwnWeakMap();
  }

  get(key) {
    return call(weakMapGet, this.map, key);
  }

  set(key, value) {
    call(weakMapSet, this.map, key, value);
    return this;
  }
}
export { SlotMap as WeakMap };
