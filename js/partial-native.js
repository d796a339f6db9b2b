// Filling in a partial native TextDecoder/TextEncoder (the polyfill entries,
// install() without `force`). A runtime may have the classes yet lack parts:
// Node built with small-icu (or without ICU) knows only UTF-8, UTF-16LE and
// latin1; older engines have TextEncoder without encodeInto. Gaps are found by
// probing what the native classes do, never by version sniffing.
//
// Design (js/no-wasm.md, "Partial natives"): where the native TextDecoder
// rejects some labels or decodes some encoding differently from the standard,
// the global becomes a TextDecoder of ours with the WebIDL shape of the real
// one (its own brand, getters and decode on its prototype, name, toStringTag)
// that, per instance, hands decoding to a native decoder for the encodings the
// native one does right and to ours for the rest. Label and options are
// converted once, by the hybrid's constructor, and handed on converted to
// ours (the spec's steps, so the same RangeError for an invalid label
// whoever decodes) and, where ours refuses the label, to the native class;
// `decode` arguments are passed on unconverted to exactly one decoder, which
// converts them once.
// Not a subclass of the native class: its constructor would reject the very
// labels this fills in, and its brand checks would refuse our instances.
import { TextDecoder as OurTextDecoder } from './text-decoder.js';
import { illegalInvocation, shapeInterface, toDictionary, toStringValue } from './webidl.js';
import { getRuntime } from './loader.js';

/** Index of the replacement encoding, which has no decoder to probe (js/encodings.js). */
import { ENCODING_COUNT, REPLACEMENT } from './encodings.js';

/**
 * The names of the 39 encodings TextDecoder can be constructed with, from the
 * module's table (a list here would cost every entry ~300 bytes), or null
 * while the backend is not loaded.
 */
export function encodingNames() {
  // A UTF-only entry (TEW_UTF_ONLY: tools/build-package.mjs) names only the
  // UTF encodings (js/label-index.js): the others' names are ''.
  const utfOnly = typeof TEW_UTF_ONLY === 'boolean' && TEW_UTF_ONLY;
  try {
    const runtime = getRuntime('probe');
    const names = [];
    for (let i = 0; i < ENCODING_COUNT; i++) if (i !== REPLACEMENT && !(utfOnly && runtime.name(i) === '')) names.push(runtime.name(i));
    return names;
  } catch (_) {
    return null; // not loaded
  }
}

/** A new `Native` (a TextDecoder or TextDecoderStream class) for `name` if it accepts it and reports it back, else null. */
export function nativeFor(Native, name) {
  try {
    const native = new Native(name);
    return native.encoding === name ? native : null;
  } catch (_) {
    return null; // rejected: a gap
  }
}

/**
 * Which of `names` (encodingNames()) the native TextDecoder decodes as the
 * standard says: it must accept the name, report it back, and decode every
 * byte value as the standard's decoder does. That is what ours gives, unless
 * `matches(name, text, names)` is given (the polyfill entries:
 * js/native-probe.js), which says whether `text` is what the standard's
 * decoder gives for that encoding, from data made at build time. Then ours is
 * not even constructed: constructing asks the module whether it has the
 * encoding by running its decoder, which for the CJK encodings unpacks their
 * indexes. So with `matches` the native is judged in every encoding of
 * `names`, also one this build leaves out (text-encoding-wasm/lite's CJK ones
 * until their family is added; /utf8's names are its UTF ones only), where a
 * wrong one makes a hybrid that still hands that encoding to the native (ours
 * cannot decode it): what decodes is the same, only the global is not the native class.
 * Returns a Set of names.
 */
export function probeNativeDecoder(Native, names, matches) {
  // Every byte value once: through a multi-byte decoder it also makes
  // lead/trail pairs. Made here, not at load: a bundle without install() drops this file.
  const probe = new Uint8Array(256).map((_, i) => i);
  const working = new Set();
  for (const name of names) {
    const native = nativeFor(Native, name);
    if (native === null) continue;
    let expected;
    try {
      expected = matches || new OurTextDecoder(name).decode(probe);
    } catch (_) {
      // (Without `matches`.) This build leaves the encoding out for now
      // (text-encoding-wasm/lite before the encoding's family is added): it
      // cannot be checked, so it is not counted as working. The hybrid class
      // then decodes it with ours once ours can (the family added) and with
      // the native until then (its constructor's fallback).
      continue;
    }
    try {
      const text = native.decode(probe);
      if (matches ? matches(name, text, names) : text === expected) working.add(name);
    } catch (_) { /* threw: a gap */ }
  }
  return working;
}

/**
 * A TextDecoder class that decodes `working` encodings with `Native` and the
 * rest with ours (see the header comment).
 */
export function hybridTextDecoder(Native, working) {
  const slots = new WeakMap();
  const ours = (self) => {
    const s = slots.get(self);
    if (s === undefined) throw illegalInvocation();
    return s;
  };
  const nativeDecode = Native.prototype.decode;
  const ourDecode = OurTextDecoder.prototype.decode;
  class TextDecoder {
    constructor() {
      // WebIDL converts the label and the options once, here, whichever class
      // then decodes: both are handed a string and a plain object of the
      // values read (or null), whose conversions again run no page code (a
      // label's toString, an option's getter), also where ours refuses the
      // label and the native one takes it. Members in WebIDL's order.
      const label = arguments[0] === undefined ? 'utf-8' : toStringValue(arguments[0]);
      const dict = toDictionary(arguments[1], "Failed to construct 'TextDecoder'", 'TextDecoderOptions');
      const options = dict && { fatal: dict.fatal, ignoreBOM: dict.ignoreBOM };
      let decoder, native;
      try {
        decoder = new OurTextDecoder(label, options);
      } catch (error) {
        // The utf8 build leaves most encodings out, /lite the CJK ones until
        // their family is added; the native class may have this one.
        try {
          decoder = native = new Native(label, options);
        } catch (_) {
          throw error;
        }
      }
      native ??= working.has(decoder.encoding) ? new Native(decoder.encoding, options) : null;
      slots.set(this, { decoder, native });
    }

    get encoding() {
      return ours(this).decoder.encoding;
    }

    get fatal() {
      return ours(this).decoder.fatal;
    }

    get ignoreBOM() {
      return ours(this).decoder.ignoreBOM;
    }

    decode() {
      const s = ours(this);
      return s.native !== null ? nativeDecode.apply(s.native, arguments) : ourDecode.apply(s.decoder, arguments);
    }
  }
  shapeInterface(TextDecoder, 'TextDecoder', ['encoding', 'fatal', 'ignoreBOM', 'decode']);
  return TextDecoder;
}

/**
 * Adds encodeInto to a native TextEncoder.prototype that lacks it, with a
 * WebIDL operation's attributes. Its brand check is the native `encoding`
 * getter, which throws for anything but a native TextEncoder; the work is
 * done by OurTextEncoder's encodeInto (UTF-8 needs no state).
 */
export function addEncodeInto(NativeTextEncoder, OurTextEncoder) {
  const proto = NativeTextEncoder.prototype;
  const encodingGetter = (Object.getOwnPropertyDescriptor(proto, 'encoding') || {}).get;
  const ourEncodeInto = OurTextEncoder.prototype.encodeInto;
  let encoder = null;
  const method = {
    encodeInto(source, destination) {
      if (typeof encodingGetter === 'function') encodingGetter.call(this);
      else if (!(this instanceof NativeTextEncoder)) throw illegalInvocation();
      if (encoder === null) encoder = new OurTextEncoder();
      return ourEncodeInto.apply(encoder, arguments);
    },
  }.encodeInto;
  Object.defineProperty(proto, 'encodeInto', { value: method, writable: true, enumerable: true, configurable: true });
}
