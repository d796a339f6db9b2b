// Compiled modules shared by the same-origin windows of one page (issue: a page
// of 20 iframes each loading the classic script paid for decoding, inflating
// and compiling the module 20 times, 35-150 ms each). The first realm to boot a
// module keeps the WebAssembly.Module it compiled on the topmost window of the
// page it may read (a same-origin ancestor, else its own window), under a
// registry symbol; a later realm whose embedded bytes are the same string
// instantiates that module instead of compiling its own. Same-origin windows
// already share one agent and can reach each other's objects, so this gives
// no script anything it could not already take; the cached source string is
// compared in full, so another version of the package, or another module,
// never gets a module that is not its own. Workers, Node and the rest have no
// ancestor window: nothing is shared there and this costs one property read.
import { Uint8Array } from './intrinsics.js';

const KEY = Symbol.for('text-encoding-wasm.compiled-modules');
/** Walks at most this many ancestors (a guard against a pathological chain). */
const MAX_DEPTH = 32;

/** The topmost readable same-origin window, or null outside windows. */
function sharedHolder() {
  let here;
  try {
    here = globalThis.window === globalThis && globalThis.parent !== undefined ? globalThis : null;
  } catch {
    return null;
  }
  if (here === null || typeof here !== 'object') return null;
  for (let depth = 0; depth < MAX_DEPTH; depth++) {
    let up;
    try {
      up = here.parent;
      if (up === null || typeof up !== 'object' || up === here) break;
      void up[KEY]; // throws a SecurityError if cross-origin
    } catch {
      break;
    }
    here = up;
  }
  return here;
}

let holder;

function entries(create) {
  if (holder === undefined) holder = sharedHolder();
  if (holder === null) return null;
  try {
    let list = holder[KEY];
    if ((list === undefined || list === null) && create) {
      list = Object.create(null);
      list.length = 0;
      Object.defineProperty(holder, KEY, { value: list, configurable: true });
    }
    return list === undefined || list === null ? null : list;
  } catch {
    return null;
  }
}

/**
 * Whether this realm may compile WebAssembly at all: a window whose CSP
 * refuses it (no 'wasm-unsafe-eval') must not run a module another window
 * compiled either, so it is asked with the smallest module there is.
 */
function mayCompile() {
  try {
    new WebAssembly.Module(new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]));
    return true;
  } catch {
    return false;
  }
}

/** A module compiled by another realm of this page from exactly `source`, or null. */
export function sharedModule(source) {
  const list = entries(false);
  if (list === null || !mayCompile()) return null;
  try {
    for (let i = 0; i < list.length; i++) {
      const entry = list[i];
      if (entry && entry.source === source) {
        const module = entry.module;
        WebAssembly.Module.exports(module); // a TypeError unless it is a WebAssembly.Module (of any realm)
        return module;
      }
    }
  } catch {
    // a foreign object that is not a module, a closed window: compile our own
  }
  return null;
}

/** Offers the module compiled from `source` to the page's other realms. */
export function shareModule(source, module) {
  const list = entries(true);
  if (list === null) return;
  try {
    const entry = Object.create(null);
    entry.source = source;
    entry.module = module;
    list[list.length] = entry;
    list.length += 1;
  } catch {
    // nowhere to keep it: every realm compiles its own, as before
  }
}
