// Brand checks across copies of the package. Each realm (window, iframe,
// worker, vm context) that loads the package has its own copy, with its own
// internal slots; a browser's brand checks work across realms (WPT
// encoding/streams/realms.window.js calls one realm's getter on another
// realm's object), so ours fall back to this when an object is not one of
// this copy's: if the object's prototype is the same interface's (its
// @@toStringTag) and has a member of the same name with this very source text
// (the same build, another copy), that copy's member answers; else 'Illegal
// invocation'.
import { shapeInterface } from './webidl.js';
import { Uint8Array, apply, call, isArrayBufferView } from './intrinsics.js';

const functionToString = Function.prototype.toString;
const getPrototypeOf = Object.getPrototypeOf;
const getOwnPropertyDescriptor = Object.getOwnPropertyDescriptor;
const defineProperty = Object.defineProperty;
const toStringTag = Symbol.toStringTag;
/** The exceptions our members throw, as this realm's. */
const ERRORS = { TypeError, RangeError };

/**
 * Gives `cls` the WebIDL shape of interface `name` (js/webidl.js,
 * shapeInterface) with getters made here for its attributes: `attributes`
 * maps each, in the IDL's order, to how it is read from an instance's
 * internal slots (what `slots.get(instance)` holds; undefined: not this
 * copy's instance). `operations`: the class's methods, in the IDL's order.
 * Each getter is "get <attribute>" with length 0, and asks another copy's
 * getter for an object this copy did not make; as the getters share one
 * source text, the other copy's interface is told by its @@toStringTag.
 * Returns the operations as defined (for otherCopyMethod).
 */
export function defineInterface(cls, name, slots, attributes, operations) {
  const proto = cls.prototype;
  const names = Object.keys(attributes);
  for (const attribute of names) {
    const read = attributes[attribute];
    const get = getOwnPropertyDescriptor({
      get [attribute]() {
        const s = slots.get(this);
        return s !== undefined ? read(s) : inThisRealm(sameBuildMember(this, name, attribute, get), this, []);
      },
    }, attribute).get;
    defineProperty(proto, attribute, { get, configurable: true });
  }
  shapeInterface(cls, name, names.concat(operations));
  const own = {};
  for (const operation of operations) own[operation] = proto[operation];
  return own;
}

/** The other copy's member `member` of interface `name` on `object`'s prototype, if it is the same build's as `own`. */
function sameBuildMember(object, name, member, own) {
  if (object !== null && typeof object === 'object') {
    const proto = getPrototypeOf(object);
    const d = proto === null ? undefined : getOwnPropertyDescriptor(proto, member);
    const tag = d && getOwnPropertyDescriptor(proto, toStringTag);
    const other = d && (d.get || d.value);
    if (tag && tag.value === name && typeof other === 'function' && other !== own && call(functionToString, other) === call(functionToString, own)) return other;
  }
  throw new TypeError('Illegal invocation');
}

/**
 * Runs the other copy's member; its exceptions are rethrown as this realm's
 * (WebIDL throws in the realm of the operation called).
 */
function inThisRealm(member, object, args) {
  try {
    return apply(member, object, args);
  } catch (error) {
    const Ctor = error !== null && typeof error === 'object' ? ERRORS[error.name] : undefined;
    if (Ctor === undefined || error instanceof Ctor) throw error;
    throw Object.assign(new Ctor(error.message), error);
  }
}

/**
 * Operation `member` of interface `name` (this copy's is `own`, captured at
 * load) called on an object this copy did not make. WebIDL creates the
 * result in the realm of the method called, so a Uint8Array (encode) is
 * copied into this realm's, and an encodeInto result is this realm's object.
 */
export function otherCopyMethod(object, name, member, own, args) {
  const result = inThisRealm(sameBuildMember(object, name, member, own), object, args);
  if (result !== null && typeof result === 'object') {
    if (isArrayBufferView(result)) return new Uint8Array(result);
    return { read: result.read, written: result.written };
  }
  return result;
}
