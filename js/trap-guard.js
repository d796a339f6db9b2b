// What happens when a module traps (out of memory under a small memory limit,
// or a bug: a WebAssembly RuntimeError, or wasm2js's Error('abort')): the
// instance may be left mid-operation (its allocator, its scratch buffers), and
// calling it again can loop for ever. Every state a decoder or encoder keeps
// lives in its JS object, so a fresh instance of the same compiled module
// loses nothing: the call that trapped gets a RangeError saying so, the module
// is reinstantiated, and the next call, on any object, works.
import { apply } from './intrinsics.js';

const OwnRangeError = RangeError;
const OwnTypeError = TypeError;

/**
 * `runtime` with each of `methods` (the ones that call the module) guarded:
 * on an exception, `recover()` is called (it makes a fresh instance), and the
 * exception is rethrown: as it is if it is already a RangeError or TypeError
 * of ours (a string too long, a bad argument), else as a RangeError naming it.
 */
export function guardRuntime(runtime, methods, recover, what) {
  const guarded = Object.assign({}, runtime);
  for (const name of methods) {
    const method = runtime[name];
    if (typeof method !== 'function') continue;
    guarded[name] = function () {
      try {
        return apply(method, runtime, arguments);
      } catch (error) {
        throw afterTrap(error, recover, what);
      }
    };
  }
  return guarded;
}

function afterTrap(error, recover, what) {
  let recovered = '';
  try {
    recover();
    recovered = 'a fresh instance of it is in place, so the next call works';
  } catch (again) {
    recovered = `and could not be reinstantiated (${again && again.message})`;
  }
  if (error instanceof OwnRangeError || error instanceof OwnTypeError) return error;
  const name = error && error.name ? error.name : 'Error';
  const message = error && error.message !== undefined ? error.message : String(error);
  const range = new OwnRangeError(
    `${what}: the module trapped (${name}: ${message}; most likely it ran out of memory): this call's work is lost; ${recovered}.`,
  );
  range.cause = error;
  return range;
}
