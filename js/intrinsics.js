// The built-ins the package calls on a hot path, taken when it loads, so that
// page script replacing a global or a prototype method afterwards changes
// nothing (a polyfill of the spec's classes must not depend on page script,
// as the native classes do not). Call a captured method with
// `call(method, receiver, ...args)`: Function.prototype.call itself is
// captured, bound to itself, so replacing it later does nothing either.

export const call = Function.prototype.call.bind(Function.prototype.call);
export const apply = Function.prototype.call.bind(Function.prototype.apply);

export const regExpExec = RegExp.prototype.exec;
export const stringCharCodeAt = String.prototype.charCodeAt;
export const stringSlice = String.prototype.slice;
