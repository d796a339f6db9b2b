// Brand checks across copies of the package. Each realm (window, iframe,
// worker, vm context) that loads the package has its own copy, with its own
// internal slots; a browser's brand checks work across realms (WPT
// encoding/streams/realms.window.js calls one realm's getter on another
// realm's object), so ours fall back to this when an object is not one of
// this copy's: if the object's prototype has a member of the same name with
// this very source text (the same build, another copy), that copy's member
// answers; else 'Illegal invocation'.

const call = Function.prototype.call.bind(Function.prototype.call);
const apply = Reflect.apply;
const functionToString = Function.prototype.toString;
const getPrototypeOf = Object.getPrototypeOf;
const getOwnPropertyDescriptor = Object.getOwnPropertyDescriptor;
const Uint8ArrayOfThisRealm = Uint8Array;
/** The exceptions our members throw, as this realm's. */
const ERRORS = { TypeError, RangeError };

/** The getters and methods of `cls`, captured at load (before user code can replace them). */
export function ownMembers(cls, names) {
  const members = {};
  for (const name of names) {
    const d = getOwnPropertyDescriptor(cls.prototype, name);
    members[name] = d.get || d.value;
  }
  return members;
}

/** The other copy's member `name` on `object`'s prototype, if it is the same build's as `own`. */
function sameBuildMember(object, name, own) {
  if (object !== null && typeof object === 'object') {
    const proto = getPrototypeOf(object);
    const d = proto === null ? undefined : getOwnPropertyDescriptor(proto, name);
    const member = d && (d.get || d.value);
    if (typeof member === 'function' && member !== own && call(functionToString, member) === call(functionToString, own)) return member;
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

/** A getter called on an object this copy did not make. */
export function otherCopyGetter(object, name, own) {
  return inThisRealm(sameBuildMember(object, name, own), object, []);
}

/**
 * A method called on an object this copy did not make. WebIDL creates the
 * result in the realm of the method called, so a Uint8Array (encode) is
 * copied into this realm's, and an encodeInto result is this realm's object.
 */
export function otherCopyMethod(object, name, own, args) {
  const result = inThisRealm(sameBuildMember(object, name, own), object, args);
  if (result !== null && typeof result === 'object') {
    if (ArrayBuffer.isView(result)) return new Uint8ArrayOfThisRealm(result);
    return { read: result.read, written: result.written };
  }
  return result;
}
