// Loading the backend of the standard entries: the one place that knows where
// the implementation comes from. The wasm entries boot the embedded module
// through the module host (js/module-host.js: synchronous where allowed, else
// behind ready(), the no-WebAssembly build where WebAssembly is missing or
// refused); the js entries install the wasm2js translation with useJsBackend (a host too, so a trap there is recovered like one in the wasm module).
//
// A composed build (text-encoding-wasm/lite plus family entries such as
// text-encoding-wasm/japanese) has one module per family: js/families.js
// (only in the entries that compose) routes each encoding's calls to the
// module that has it.
import { inflateRaw } from './inflate.js';
import { hostModule } from './module-host.js';
import { withLabels } from './label-index.js';
import { createRuntime } from './runtime.js';
import { guardRuntime } from './trap-guard.js';

/** The runtime's methods that call into the module (js/trap-guard.js). */
const MODULE_CALLS = ['labelToIndex', 'name', 'decode'];

/** The runtime of the entry's own module. */
let base = null;
/** What the classes call: `base`, or a router over it and the families' runtimes. */
let runtime = null;
/** The hosts of the entry's module and of each added family's (for ready() and reinstantiate()). */
const hosts = [];
/** Which backend is running: 'wasm', 'js' (the module translated by wasm2js, js/no-wasm.md) or null. */
let active = null;
/** The entry ('text-encoding-wasm/utf8', 'text-encoding-wasm/js/lite', ...), for the messages that name imports. */
let entryName = 'text-encoding-wasm';
/** How the package's entries are imported with this backend: 'text-encoding-wasm' or 'text-encoding-wasm/js'. */
let importPrefix = 'text-encoding-wasm';

function setEntry(name) {
  entryName = name;
  importPrefix = name.startsWith('text-encoding-wasm/js') ? 'text-encoding-wasm/js' : 'text-encoding-wasm';
}

/** Set by js/families.js in the entries that compose: makes a routing runtime over the entry's own. */
let router = null;
/** Set by js/families.js: what to import for an encoding this build leaves out. */
let hint = null;

/**
 * Set once the entry's runtime calls a module (useBackend): wraps a runtime
 * with guardRuntime, so that a trap there is recovered (js/trap-guard.js);
 * null for a module-free runtime (js/utf-runtime.js), which leaves
 * trap-guard.js and reinstantiate() out of those entries (the family modules
 * a lite entry adds are guarded by js/entries/family-host.js).
 */
let guard = null;

/** Makes the classes' runtime: the entry's own, or the router's over it. */
function route() {
  // A module-free entry (getRuntime) has no guard, a UTF-only one no router (it does not compose: js/families.js).
  const moduleFree = typeof TEW_MODULE_FREE === 'boolean' && TEW_MODULE_FREE;
  const utfOnly = typeof TEW_UTF_ONLY === 'boolean' && TEW_UTF_ONLY;
  const made = base === null ? null : utfOnly || router === null ? base : router(base);
  runtime = moduleFree || made === null || guard === null ? made : guard(made);
}

/** Called by js/families.js: `make(base)` returns the runtime the classes call; `leftOut(index, prefix)` the hint. */
export function useRouter(make, leftOut) {
  router = make;
  hint = leftOut;
  route();
}

/** Adds a module's host (js/families.js), for ready() and reinstantiate(). */
export function addHost(host) {
  hosts.push(host);
}

/** How the entry is imported: 'text-encoding-wasm' or 'text-encoding-wasm/js'. */
export function entryPrefix() {
  return importPrefix;
}

/** The runtime of the main module's exports, its labels resolved in JavaScript (the encoders are the encoders module's: js/encoders-host.js). */
function mainRuntime(exports) {
  return withLabels(createRuntime(exports));
}

/** Installs a backend: an object with the exports of src/wasm.rs and `memory`. */
export function useBackend(exports, kind = 'wasm', entry = entryName) {
  guard = (made) => guardRuntime(made, MODULE_CALLS, reinstantiate, entryName);
  return useRuntime(mainRuntime(exports), kind, entry);
}

/** Installs a runtime made without a module (the UTF-only entries, js/utf-runtime.js); `kind` as backend() reports it. */
export function useRuntime(made, kind, entry = entryName) {
  base = made;
  active = kind;
  setEntry(entry);
  route();
  return runtime;
}

/**
 * The js entries: the wasm2js translation of the module, instantiated at once.
 * Registered as a host like an embedded module's, so that after a trap
 * reinstantiate() makes a fresh instance from the same factory.
 */
export function useJsBackend(instantiate, entry = entryName) {
  hosts.push({
    kind: () => 'js',
    ready: () => Promise.resolve(),
    exports: () => undefined,
    reinstantiate: () => { base = mainRuntime(instantiate()); },
  });
  return useBackend(instantiate(), 'js', entry);
}

/** 'wasm' or 'js' once loaded, null before (tests assert it: a silent fallback would hide a broken wasm path). */
export function backend() {
  return active;
}

/**
 * Set while reinstantiate() runs: fresh instances still owed after a trap.
 * The call that trapped may have run out of stack (a deep recursion in the
 * page), and its recovery with it; the next getRuntime, at a normal depth,
 * makes them, rather than calling the trapped instance (whose lock may be
 * held: it would spin for ever).
 */
let owed = false;

/** The runtime, or a TypeError that says why there is none yet. */
export function getRuntime(context) {
  // A module-free entry (TEW_MODULE_FREE: tools/build-package.mjs,
  // js/text-decoder.js) has its runtime from the moment it loads.
  const moduleFree = typeof TEW_MODULE_FREE === 'boolean' && TEW_MODULE_FREE;
  if (moduleFree) return runtime;
  if (owed) reinstantiate();
  if (runtime) return runtime;
  for (const host of hosts) host.exports(context);
  throw new TypeError(`${context}: text-encoding-wasm is not initialised yet; await ready() first.`);
}

/**
 * Discards every module instance and its runtime and makes fresh ones (after
 * a wasm trap, whose instance may be left inconsistent); returns the new runtime.
 */
export function reinstantiate() {
  if (hosts.length === 0) throw new TypeError('text-encoding-wasm: no module to reinstantiate');
  owed = true;
  for (const host of hosts) host.reinstantiate();
  route(); // the families' new runtimes too
  owed = false;
  return runtime;
}

/**
 * Boots the embedded module (raw-deflated, base64). `loadJsBackend` returns
 * the no-WebAssembly backend (made per format by tools/build-package.mjs: a
 * dynamic import, a require, the translation bundled in a classic script).
 */
export function boot(base64, loadJsBackend = null, entry = entryName) {
  if (runtime || hosts.length) return;
  setEntry(entry);
  const host = hostModule({
    what: 'text-encoding-wasm',
    base64,
    inflate: inflateRaw,
    fallback: loadJsBackend,
    fallbackHint: noWasmHint(),
    onExports: (exports, kind) => useBackend(exports, kind),
  });
  hosts.push(host);
  host.boot();
}

/** What to import instead where WebAssembly is missing: this entry's counterpart without it, which is usable at once. */
function noWasmHint() {
  const js = `text-encoding-wasm/js${entryName.slice('text-encoding-wasm'.length)}`;
  return `import '${js}/polyfill' (or '${js}') instead: the build without WebAssembly, usable at once (the classic script 'text-encoding-wasm/script' falls back to it by itself)`;
}

/** The end of the RangeError's message for encoding `index`, which this entry leaves out: which entry, and what to import. */
export function leftOutHint(index) {
  // A module-free entry sets its hint as it loads (js/families.js). A
  // UTF-only one resolves the UTF labels only (js/label-index.js): `index`
  // is -1 for every other label, left out or invalid, and its hint names the
  // imports that have the standard's other encodings.
  const moduleFree = typeof TEW_MODULE_FREE === 'boolean' && TEW_MODULE_FREE;
  const utfOnly = typeof TEW_UTF_ONLY === 'boolean' && TEW_UTF_ONLY;
  if (utfOnly) return `is not a label of UTF-8 or UTF-16, the only encodings ${entryName} has; ${hint(index, importPrefix)}`;
  return `which ${entryName} leaves out; ${hint === null && !moduleFree ? `import '${importPrefix}' for every encoding` : hint(index, importPrefix)}`;
}

/** Resolves when the classes are usable (at once where loading was synchronous), families included. */
export function ready() {
  // A module-free entry's runtime is there from load (getRuntime); a UTF-only
  // one has no module host at all (no families: js/families.js).
  const moduleFree = typeof TEW_MODULE_FREE === 'boolean' && TEW_MODULE_FREE;
  const utfOnly = typeof TEW_UTF_ONLY === 'boolean' && TEW_UTF_ONLY;
  if (utfOnly || (runtime && hosts.every((host) => host.kind() !== null))) return Promise.resolve();
  if (hosts.length === 0) return moduleFree || runtime ? Promise.resolve() : Promise.reject(new TypeError('text-encoding-wasm: no backend could be loaded'));
  return Promise.all(hosts.map((host) => host.ready())).then(() => undefined);
}
