// TextEncoder (Encoding Standard §7.3-7.4), with the WebIDL shape of a browser's.
import { getRuntime } from './loader.js';
import { encodeInto as encodeUtf8Into, encodeUtf8 } from './utf8-encode.js';
import { defineInterface, otherCopyMethod } from './other-copy.js';
import { encodeIntoSource, toStringValue, uint8ArrayRoom } from './webidl.js';

const ENCODE_INTO = "Failed to execute 'encodeInto' on 'TextEncoder'";

/** The brand: instances made by this constructor (with js/other-copy.js). */
const instances = new WeakSet();

/**
 * The instance that last passed the brand check. Checked first: a hit is one
 * comparison, where the WeakSet's lookup was ~10 % of a ~20-unit encode() in
 * V8 (docs/speed-log.md, "Issue 15, V8: ~20-unit ASCII encode()"). Keeps that one empty object alive
 * until another instance is used; an instance never leaves the brand.
 */
let lastInstance = {}; // (at first an object no caller has: never null or undefined, which a caller can pass)

/** The brand check: whether `object` was made by this constructor. */
function isInstance(object) {
  if (object === lastInstance) return true;
  if (!instances.has(object)) return false;
  lastInstance = object;
  return true;
}

class TextEncoder {
  constructor() {
    getRuntime("Failed to construct 'TextEncoder'");
    instances.add(this);
  }

  encode() {
    if (!isInstance(this)) return otherCopyMethod(this, 'TextEncoder', 'encode', own.encode, arguments);
    // WebIDL: optional USVString input = "" (lone surrogates become U+FFFD in the encoder).
    const input = arguments[0] === undefined ? '' : toStringValue(arguments[0]);
    // UTF-8 is encoded in JavaScript in every build (js/utf8-encode.js). No
    // getRuntime here: this instance's constructor got one, and it stays (it
    // also kept V8 from inlining the encoder into short-string callers).
    return encodeUtf8(input);
  }

  // (The two parameters give encodeInto its WebIDL length, 2.)
  encodeInto(source, destination) {
    if (!isInstance(this)) return otherCopyMethod(this, 'TextEncoder', 'encodeInto', own.encodeInto, arguments);
    // WebIDL: USVString source, [AllowShared] Uint8Array destination.
    const string = encodeIntoSource(arguments, ENCODE_INTO);
    // The encoder writes into the caller's array up to its real length (read
    // with the intrinsic getter: an own `length` property is not asked).
    return encodeUtf8Into(string, destination, uint8ArrayRoom(destination, ENCODE_INTO));
  }
}

/** TextEncoderCommon's attribute (TextEncoderStream has it too). */
export const ENCODER_ATTRIBUTES = { encoding: () => 'utf-8' };

/**
 * The operations as defined here, for the brand check across copies. The
 * brand as defineInterface reads slots: anything but undefined for an
 * instance. A pure call: a bundle that never uses TextEncoder drops it and the class.
 */
const own = /* @__PURE__ */ defineInterface(TextEncoder, 'TextEncoder', { get: (object) => instances.has(object) || undefined }, ENCODER_ATTRIBUTES, ['encode', 'encodeInto']);
export { TextEncoder };
