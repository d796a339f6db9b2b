// EncodingDetector (text-encoding-wasm/detect): guesses the encoding of
// unlabelled bytes with chardetng, the detector Firefox uses, compiled into a
// WebAssembly module of its own (detect/, tools/build-detect.sh) so that the
// standard entries do not carry it.
//
// Like the main module's decoders, a detector's state lives here in JS: the
// module has one detector slot, and each call copies this detector's state in,
// runs, and copies it back out (detect/src/lib.rs says why that is sound). The
// module keeps nothing per detector, so a dropped detector leaks nothing.
//
// The module carries no CJK decoders or tables: chardetng's CJK candidates
// decode with the main entry's module instance, through the detector's one
// import (js/detect/main-decoder.js).
import { mainHost } from '../main-host.js';
import { lzmaDecode } from './lzma.js';
import { mainDecoderImports, takeMainTrap } from './main-decoder.js';
import { ISO_2022_JP } from '../encodings.js';
import { Uint8Array, WeakMap, call, charCodeAt, min, regExpExec, setElements, sliceElements, sliceString, subarray } from '../intrinsics.js';

// guess()'s tld hint is read with built-ins as they were at load, as the rest
// of the package's calls are (js/intrinsics.js): page script that replaces
// String.prototype.toLowerCase, slice or RegExp.prototype.exec later changes nothing.
const toLowerCase = String.prototype.toLowerCase;
const TLD_LABEL = /^[a-z0-9-]{1,63}$/;

const CONSTRUCT = "Failed to construct 'EncodingDetector'";
const FEED = "Failed to execute 'feed' on 'EncodingDetector'";
const GUESS = "Failed to execute 'guess' on 'EncodingDetector'";

/** The main entry's trap guard, WebIDL steps and reinstantiate() (set by boot: js/main-host.js). */
let guardRuntime, bufferSourceBytes, bytesStillHeld, illegalInvocation, shapeInterface, toDictionary, mainReinstantiate;

// Taken at load (page script may replace Symbol.for later): how the main entry's `ready` hands over its runtime and shared steps.
const RUNTIME = Symbol.for('text-encoding-wasm.runtime');
const SHARED = Symbol.for('text-encoding-wasm.shared');
/** Taken at load too: the guard's list of exports is made at the first call, which page script may precede. */
const objectKeys = Object.keys;

/** The detector's module, hosted like every module of the package (js/module-host.js). */
let host = null;
/** The main entry's `ready`, on which hang its runtime and its module host (js/main-host.js). */
let main = null;
/** The main runtime (js/runtime.js), whose io the import (js/detect/main-decoder.js) uses, and the detector's memory; set by wasm(). */
let mainRuntime = null;
let detectMemory = null;

/**
 * Called by the entry with the main entry's `ready`: instantiates synchronously
 * where allowed, else behind ready().
 */
export function boot(base64, mainReady) {
  main = mainReady;
  // (mainHost first: it says so clearly when the main entry is a copy without these.)
  host = mainHost(main, 'text-encoding-wasm/detect', {
    base64,
    // Its module is LZMA, not deflate (js/detect/lzma.js): given as the inflater.
    inflate: lzmaDecode,
    imports: mainDecoderImports(() => detectMemory, () => mainRuntime.io),
    // chardetng is only built to WebAssembly: awaiting ready() will not help.
    fallbackHint: 'the detector has no build without WebAssembly (text-encoding-wasm/js has the decoders, not the detector)',
  });
  // In the order tools/entries.mjs (plainSource) hands them over.
  [guardRuntime, bufferSourceBytes, bytesStillHeld, illegalInvocation, shapeInterface, toDictionary, mainReinstantiate] = main[SHARED];
  shapeInterface(EncodingDetector, 'EncodingDetector', ['feed', 'guess']);
  host.boot();
}

/** Resolves once EncodingDetector is usable (at once where loading was synchronous). */
export function ready() {
  return Promise.all([host.ready(), main()]).then(() => undefined);
}

/** The main runtime's io once prepareMain ran for it (a new instance of the main module has a new one). */
let prepared = null;

/**
 * Before the import (js/detect/main-decoder.js) first runs the main module's
 * `decode`: its scratch grown for the shim's longest call (1,021 bytes) by the
 * main runtime's guarded decode, and the five CJK indexes unpacked
 * (`index_table` takes no lock). Both allocate: a trap there (out of memory)
 * is recovered by the main entry's guard or leaves nothing held, where inside
 * the import it would leave the main module's scratch lock held.
 */
function prepareMain(runtime) {
  runtime.decode(ISO_2022_JP, false, new Uint8Array(1024), null, true);
  for (let which = 0; which < 5; which++) runtime.indexTable(which, 0);
}

/** The instance's exports, each guarded (js/trap-guard.js): after a trap a fresh instance replaces it. */
let guarded = null;
let guardedFor = null;
/** Set while recover() runs: a fresh detector instance still owed (the trap's own call may have run out of stack), made at the next call. */
let owed = false;

/**
 * After a trap: a fresh detector instance, and a fresh main one if the trap
 * was the main module's, inside the import (js/detect/main-decoder.js; the
 * main entry's reinstantiate() is owed until it completes, so its next call
 * makes it if this one is cut short).
 */
function recover() {
  owed = true;
  if (takeMainTrap()) mainReinstantiate();
  host.reinstantiate();
  owed = false;
}

function wasm(context) {
  if (owed) recover();
  const exports = host.exports(context);
  if (guardedFor !== exports) {
    const calls = [];
    for (const name of objectKeys(exports)) if (typeof exports[name] === 'function') calls[calls.length] = name;
    guarded = guardRuntime(exports, calls, recover, 'text-encoding-wasm/detect');
    guardedFor = exports;
  }
  // Looked up before each call: a trap in either module replaces its instance.
  mainRuntime = main[RUNTIME](context);
  detectMemory = exports.memory;
  if (prepared !== mainRuntime.io) {
    prepareMain(mainRuntime);
    prepared = mainRuntime.io;
  }
  return guarded;
}

/** Per instance: { state: Uint8Array (the detector's bytes), closed, nonAscii (count of bytes >= 0x80 fed) }. */
const slots = new WeakMap();

function slotsOf(object) {
  const s = slots.get(object);
  if (s === undefined) throw illegalInvocation();
  return s;
}

function memory(w) {
  return new Uint8Array(w.memory.buffer);
}

export class EncodingDetector {
  /**
   * options.allowIso2022jp (default true): whether ISO-2022-JP may be guessed.
   * chardetng advises against it for web pages that can run script; for files
   * and mail it is the encoding of much old Japanese text.
   */
  constructor(options = undefined) {
    const dict = toDictionary(options, CONSTRUCT, 'EncodingDetectorOptions');
    const allowJp = dict === null || dict.allowIso2022jp === undefined ? true : Boolean(dict.allowIso2022jp);
    const w = wasm(CONSTRUCT);
    w.detector_new(allowJp ? 1 : 0);
    const size = w.detector_state_size();
    const at = w.detector_state();
    const state = sliceElements(memory(w), at, at + size);
    slots.set(this, { state, closed: false, nonAscii: 0 });
  }

  /**
   * Feeds the next bytes of the stream. Without `{ stream: true }` this call
   * ends the stream (later feeds throw). Returns whether any non-ASCII byte has
   * been seen so far.
   */
  feed(input = undefined, options = undefined) {
    const s = slotsOf(this);
    let bytes = input === undefined ? new Uint8Array(0) : bufferSourceBytes(input, FEED);
    const dict = toDictionary(options, FEED, 'EncodingDetectorFeedOptions');
    const stream = dict !== null && Boolean(dict.stream);
    // The bytes are taken after the options: a getter may have detached them.
    bytes = bytesStillHeld(bytes);
    if (s.closed) throw new TypeError(`${FEED}: the stream has ended (a feed without { stream: true } ends it); create a new EncodingDetector.`);
    const w = wasm(FEED);
    const capacity = w.detector_input_capacity();
    const at = w.detector_state();
    setElements(memory(w), s.state, at);
    let offset = 0;
    let nonAscii = s.nonAscii;
    do {
      const end = min(bytes.length, offset + capacity);
      const last = !stream && end === bytes.length;
      setElements(memory(w), subarray(bytes, offset, end), w.detector_input());
      const result = w.detector_feed(end - offset, last ? 1 : 0, 0) >>> 0;
      if (result > capacity) throw new TypeError(`${FEED}: internal error ${result}`);
      nonAscii += result;
      offset = end;
    } while (offset < bytes.length);
    setElements(s.state, subarray(memory(w), at, at + s.state.length));
    if (!stream) s.closed = true;
    s.nonAscii = nonAscii;
    return nonAscii > 0;
  }

  /**
   * The best guess for the bytes fed so far: { encoding, confident }.
   * `encoding` is a name TextDecoder accepts, lower-cased as its `encoding`.
   * `confident` is false when the guess is the detector's fallback (nothing
   * fitted: every domain hint gives that domain's default) or rests on fewer
   * than 24 non-ASCII bytes (detect/src/lib.rs).
   * options.tld: the top-level domain the bytes came from ("jp", "ru", ...;
   * punycode for an IDN), a regional prior for short or ambiguous input.
   * options.allowUtf8 (default true): whether UTF-8 may be guessed.
   */
  guess(options = undefined) {
    const s = slotsOf(this);
    const dict = toDictionary(options, GUESS, 'EncodingDetectorGuessOptions');
    const allowUtf8 = dict === null || dict.allowUtf8 === undefined ? true : Boolean(dict.allowUtf8);
    let tld = dict === null || dict.tld === undefined || dict.tld === null ? '' : call(toLowerCase, String(dict.tld));
    if (charCodeAt(tld, 0) === 0x2e) tld = sliceString(tld, 1);
    if (tld !== '' && call(regExpExec, TLD_LABEL, tld) === null) {
      throw new RangeError(`${GUESS}: tld ${JSON.stringify(String(dict.tld))} is not a top-level domain label (ASCII letters, digits and '-'; punycode for IDNs).`);
    }
    const w = wasm(GUESS);
    const m = memory(w);
    setElements(m, s.state, w.detector_state());
    const input = w.detector_input();
    for (let i = 0; i < tld.length; i++) m[input + i] = charCodeAt(tld, i);
    const result = w.detector_guess(tld.length, allowUtf8 ? 1 : 0, s.nonAscii);
    if (result === -1) throw new RangeError(`${GUESS}: tld rejected by the detector`);
    // The standard's index of the encoding (detect/src/lib.rs), named as TextDecoder's `encoding` by the main runtime.
    const encoding = (result & 0xff) < 40 ? mainRuntime.name(result & 0xff) : undefined;
    if (encoding === undefined) throw new TypeError(`${GUESS}: internal error (unknown encoding index ${result & 0xff})`);
    return { encoding, confident: (result & 0x100) !== 0 };
  }
}

/** One-shot convenience: detect(bytes, guessOptions) -> { encoding, confident }. */
export function detect(input, options = undefined) {
  const detector = new EncodingDetector(options);
  detector.feed(input);
  return detector.guess(options);
}

