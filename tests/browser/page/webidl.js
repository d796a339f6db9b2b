// The WebIDL shape and argument handling, ours against Chromium's. Each probe
// runs once with Chromium's classes and once with ours and must give the same
// serializable answer: property by property descriptors, brand checks, the
// order in which arguments are converted and which exception each bad input
// raises (constructor name only).
import { native, ourClasses } from './setup.js';
import { errorName, run } from './outcome.js';

/** A property's descriptor, with functions described by name, length and constructor-ness. */
function describeValue(v) {
  if (typeof v === 'function') {
    let constructor = true;
    try {
      Reflect.construct(String, [], v);
    } catch {
      constructor = false;
    }
    return { type: 'function', name: v.name, length: v.length, constructor, ownKeys: Reflect.ownKeys(v).map(String) };
  }
  if (v !== null && typeof v === 'object') return { type: 'object' };
  return { type: typeof v, value: typeof v === 'symbol' ? String(v) : v };
}

function describeObject(object) {
  const out = {};
  for (const key of Reflect.ownKeys(object)) {
    const d = Object.getOwnPropertyDescriptor(object, key);
    const entry = { enumerable: d.enumerable, configurable: d.configurable };
    if ('value' in d) Object.assign(entry, { writable: d.writable, value: describeValue(d.value) });
    else Object.assign(entry, { get: d.get && describeValue(d.get), set: d.set && describeValue(d.set) });
    // Function descriptors (name, length) of the function's own properties too.
    if (typeof d.value === 'function' || d.get) {
      const f = d.value || d.get;
      entry.functionProps = {};
      for (const k of Reflect.ownKeys(f)) {
        const fd = Object.getOwnPropertyDescriptor(f, k);
        entry.functionProps[String(k)] = { writable: fd.writable, enumerable: fd.enumerable, configurable: fd.configurable, type: typeof fd.value };
      }
    }
    out[String(key)] = entry;
  }
  return out;
}

function shape(C, name) {
  return {
    keysInOrder: Reflect.ownKeys(C).map(String),
    constructorProps: describeObject(C),
    prototypeKeysInOrder: Reflect.ownKeys(C.prototype).map(String),
    prototypeProps: describeObject(C.prototype),
    constructorProtoIsFunctionPrototype: Object.getPrototypeOf(C) === Function.prototype,
    prototypeProtoIsObjectPrototype: Object.getPrototypeOf(C.prototype) === Object.prototype,
    prototypeConstructor: C.prototype.constructor === C,
    toStringTag: Object.prototype.toString.call(name === 'TextDecoder' ? new C() : new C()),
    prototypeToStringTag: Object.prototype.toString.call(C.prototype),
    instanceOwnKeys: Reflect.ownKeys(new C()).map(String),
    instanceExtensible: Object.isExtensible(new C()),
  };
}

/** Records the observable steps of argument conversion (getters read, toString called). */
function tracer() {
  const log = [];
  const label = (value) => ({ toString() { log.push('label.toString'); return value; } });
  const options = (values) => new Proxy(values, {
    get(target, key, receiver) {
      log.push(`get ${String(key)}`);
      return Reflect.get(target, key, receiver);
    },
    has(target, key) {
      log.push(`has ${String(key)}`);
      return Reflect.has(target, key);
    },
  });
  return { log, label, options };
}

function revokedProxy() {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
}

class Sentinel extends Error {}

/** Like run(), but a thrown Sentinel (from a user getter) is reported as such, proving it propagated unchanged. */
function outcome(fn) {
  try {
    const v = fn();
    if (v instanceof Uint8Array) return { bytes: Array.from(v) };
    if (v && typeof v === 'object') return { object: JSON.stringify(v), keys: Object.keys(v), proto: Object.getPrototypeOf(v) === Object.prototype };
    return { value: v };
  } catch (e) {
    return { threw: e instanceof Sentinel ? 'Sentinel' : errorName(e) };
  }
}

function detachedBuffer() {
  const b = new ArrayBuffer(4);
  structuredClone(b, { transfer: [b] });
  return b;
}

function sharedBuffer() {
  try {
    return new WebAssembly.Memory({ initial: 1, maximum: 1, shared: true }).buffer;
  } catch {
    return null;
  }
}

/** The probes: name -> (classes, other) -> serializable. `other` is the other implementation's classes. */
const probes = {
  shapeTextDecoder: ({ TextDecoder }) => shape(TextDecoder, 'TextDecoder'),
  shapeTextEncoder: ({ TextEncoder }) => shape(TextEncoder, 'TextEncoder'),
  callWithoutNew: ({ TextDecoder, TextEncoder }) => [outcome(() => TextDecoder()), outcome(() => TextEncoder()), outcome(() => TextDecoder.call(new TextDecoder()))],
  subclass: ({ TextDecoder, TextEncoder }) => {
    class D extends TextDecoder { extra() { return this.encoding; } }
    class E extends TextEncoder {}
    const d = new D('latin1', { fatal: true });
    return [d.extra(), d.fatal, d instanceof TextDecoder, Object.getPrototypeOf(d) === D.prototype, Array.from(new E().encode('é'))];
  },
  newTargetPrototype: ({ TextDecoder }) => {
    function F() {}
    F.prototype = Object.create(null);
    const a = Reflect.construct(TextDecoder, ['utf-16'], F);
    const b = Reflect.construct(TextDecoder, [], Object);
    const get = Object.getOwnPropertyDescriptor(TextDecoder.prototype, 'encoding').get;
    return [Object.getPrototypeOf(a) === F.prototype, get.call(a), outcome(() => TextDecoder.prototype.decode.call(b, new Uint8Array([0x41])))];
  },
  brandChecks: (classes, other) => {
    const results = {};
    const wrongThis = {
      undefined: undefined,
      null: null,
      plainObject: {},
      prototypeItself: null, // filled per class
      fromPrototype: null,
      otherClassInstance: null,
      otherImplementationInstance: null,
      number: 1,
    };
    for (const [cname, otherName] of [['TextDecoder', 'TextEncoder'], ['TextEncoder', 'TextDecoder']]) {
      const C = classes[cname];
      const targets = { ...wrongThis, prototypeItself: C.prototype, fromPrototype: Object.create(C.prototype), otherClassInstance: new classes[otherName](), otherImplementationInstance: new other[cname]() };
      for (const key of Reflect.ownKeys(C.prototype)) {
        if (key === 'constructor' || typeof key === 'symbol') continue;
        const d = Object.getOwnPropertyDescriptor(C.prototype, key);
        const f = d.get || d.value;
        for (const [tname, t] of Object.entries(targets)) {
          results[`${cname}.${key} this=${tname}`] = outcome(() => {
            const v = f.call(t, 'a', new Uint8Array(4));
            return v instanceof Uint8Array ? 'Uint8Array' : typeof v;
          });
        }
      }
    }
    return results;
  },
  constructorArguments: ({ TextDecoder }) => {
    const r = {};
    const cases = {
      symbolLabel: () => new TextDecoder(Symbol('x')),
      symbolLabelBadOptions: () => new TextDecoder(Symbol('x'), 1),
      revokedProxyOptions: () => new TextDecoder('utf-8', revokedProxy()),
      throwingFatalGetter: () => new TextDecoder('utf-8', { get fatal() { throw new Sentinel(); } }),
      throwingIgnoreBOMGetter: () => new TextDecoder('utf-8', { get ignoreBOM() { throw new Sentinel(); } }),
      badLabelThrowingGetter: () => new TextDecoder('nope', { get fatal() { throw new Sentinel(); } }),
      optionsNumber: () => new TextDecoder('utf-8', 1),
      optionsString: () => new TextDecoder('utf-8', 'x'),
      optionsTrue: () => new TextDecoder('utf-8', true),
      optionsSymbol: () => new TextDecoder('utf-8', Symbol('o')),
      optionsBigInt: () => new TextDecoder('utf-8', 1n),
      optionsNull: () => new TextDecoder('utf-8', null).fatal,
      optionsUndefined: () => new TextDecoder(undefined, undefined).encoding,
      optionsFunction: () => { const f = () => {}; f.fatal = 1; return new TextDecoder('utf-8', f).fatal; },
      optionsArray: () => new TextDecoder('utf-8', []).fatal,
      truthyOptions: () => { const d = new TextDecoder('utf-8', { fatal: 'x', ignoreBOM: 1 }); return [d.fatal, d.ignoreBOM]; },
      inheritedOptions: () => { const d = new TextDecoder('utf-8', Object.create({ fatal: true })); return d.fatal; },
      nullLabel: () => new TextDecoder(null),
      undefinedLabel: () => new TextDecoder(undefined).encoding,
      objectLabel: () => new TextDecoder({ toString: () => 'latin2' }).encoding,
      labelToStringThrows: () => new TextDecoder({ toString() { throw new Sentinel(); } }),
      extraArguments: () => new TextDecoder('utf-8', {}, 1, 2).encoding,
      replacementLabels: () => ['iso-2022-kr', 'csiso2022kr', 'hz-gb-2312', 'iso-2022-cn', 'iso-2022-cn-ext', 'replacement'].map((l) => outcome(() => new TextDecoder(l))),
      oddLabels: () => [' utf-8 ', '\t\n\f\rUTF-8\r\n', '\u00a0utf-8', 'utf-8\0', 'utf8', 'UTF8', 'unicode', 'utf-16', 'UTF-32', 'latin1', 'x-user-defined', '', 'ISO-8859-8-I', 'ks_c_5601-1987', 'Shift_JIS'].map((l) => outcome(() => new TextDecoder(l).encoding)),
    };
    for (const [name, fn] of Object.entries(cases)) r[name] = outcome(fn);
    // Conversion order: label first (ToString), then the dictionary members in
    // lexicographic order (fatal, ignoreBOM), then the label lookup.
    for (const [name, l, o] of [['goodLabel', 'utf-8', {}], ['badLabel', 'nope', { fatal: 1 }]]) {
      const t = tracer();
      const res = outcome(() => new TextDecoder(t.label(l), t.options(o)).fatal);
      r[`order ${name}`] = { res, log: t.log };
    }
    return r;
  },
  decodeArguments: ({ TextDecoder }) => {
    const d = () => new TextDecoder();
    const u8 = new Uint8Array([0x61, 0x62]);
    const ab = new ArrayBuffer(2);
    new Uint8Array(ab).set([0x68, 0x69]);
    const sab = sharedBuffer();
    if (sab) new Uint8Array(sab).set([0x73, 0x61, 0x62]);
    const resizable = new ArrayBuffer(4, { maxByteLength: 16 });
    new Uint8Array(resizable).set([0x72, 0x65, 0x73, 0x7a]);
    const tracking = new Uint8Array(resizable, 1);
    const cases = {
      noArgs: () => d().decode(),
      undefinedInput: () => d().decode(undefined),
      undefinedWithStream: () => { const x = d(); return [x.decode(undefined, { stream: true }), x.decode(new Uint8Array([0x41]))]; },
      null: () => d().decode(null),
      string: () => d().decode('abc'),
      number: () => d().decode(123),
      plainObject: () => d().decode({}),
      array: () => d().decode([1, 2]),
      arrayLike: () => d().decode({ length: 2, 0: 0x41, 1: 0x42 }),
      arrayBuffer: () => d().decode(ab),
      dataView: () => d().decode(new DataView(ab, 1)),
      uint16: () => d().decode(new Uint16Array([0x4241])),
      float64: () => d().decode(new Float64Array([1])),
      bigInt64: () => d().decode(new BigInt64Array([0x4241n])),
      int8Offset: () => d().decode(new Int8Array(ab, 1, 1)),
      sharedArrayBuffer: () => (sab ? d().decode(sab.slice ? new Uint8Array(sab, 0, 3) : null) : 'no shared memory'),
      sharedArrayBufferItself: () => (sab ? d().decode(sab).slice(0, 3) : 'no shared memory'),
      detachedBuffer: () => d().decode(detachedBuffer()),
      detachedView: () => { const b = new ArrayBuffer(4); const v = new Uint8Array(b); structuredClone(b, { transfer: [b] }); return d().decode(v); },
      detachedDataView: () => { const b = new ArrayBuffer(4); const v = new DataView(b); structuredClone(b, { transfer: [b] }); return d().decode(v); },
      resizableBuffer: () => d().decode(resizable),
      lengthTrackingView: () => { const a = d().decode(tracking); resizable.resize(2); const b = d().decode(tracking); resizable.resize(4); return [a, b]; },
      outOfBoundsView: () => { const v = new Uint8Array(resizable, 2, 2); resizable.resize(1); try { return d().decode(v); } finally { resizable.resize(4); } },
      optionsNumber: () => d().decode(u8, 1),
      optionsString: () => d().decode(u8, 'x'),
      optionsNull: () => d().decode(u8, null),
      optionsRevokedProxy: () => d().decode(u8, revokedProxy()),
      streamGetterThrows: () => d().decode(u8, { get stream() { throw new Sentinel(); } }),
      inputBeforeOptions: () => d().decode('abc', { get stream() { throw new Sentinel(); } }),
      badThisFirst: () => TextDecoder.prototype.decode.call({}, 'abc', 1),
      streamTruthy: () => { const x = d(); return [x.decode(new Uint8Array([0xe2]), { stream: 'yes' }), x.decode(new Uint8Array([0x82, 0xac]))]; },
      detachedDuringOptions: () => { const v = new Uint8Array([0x41, 0x42]); return d().decode(v, { get stream() { structuredClone(v.buffer, { transfer: [v.buffer] }); return false; } }); },
      detachedBufferDuringOptions: () => { const b = new Uint8Array([0x41, 0x42]).buffer; return d().decode(b, { get stream() { structuredClone(b, { transfer: [b] }); return false; } }); },
      mutatedDuringOptions: () => { const v = new Uint8Array([0x41, 0x42]); return d().decode(v, { get stream() { v[0] = 0x5a; return false; } }); },
    };
    const r = {};
    for (const [name, fn] of Object.entries(cases)) r[name] = outcome(fn);
    const t = tracer();
    r.decodeOrder = { res: outcome(() => d().decode(u8, t.options({ stream: false }))), log: t.log };
    return r;
  },
  encoderArguments: ({ TextEncoder }) => {
    const e = new TextEncoder();
    const sab = sharedBuffer();
    const cases = {
      encoding: () => e.encoding,
      encodeNoArgs: () => e.encode(),
      encodeUndefined: () => e.encode(undefined),
      encodeNull: () => e.encode(null),
      encodeNumber: () => e.encode(123),
      encodeObject: () => e.encode({ toString: () => 'é\ud800' }),
      encodeSymbol: () => e.encode(Symbol('s')),
      encodeToStringThrows: () => e.encode({ toString() { throw new Sentinel(); } }),
      encodeResultIsFresh: () => { const a = e.encode('x'); const b = e.encode('x'); return [a !== b, a.buffer.byteLength, a.byteOffset, Object.getPrototypeOf(a) === Uint8Array.prototype]; },
      encodeEmpty: () => { const a = e.encode(''); return [a.length, a.buffer.byteLength]; },
      encodeIntoUint16: () => e.encodeInto('a', new Uint16Array(2)),
      encodeIntoInt8: () => e.encodeInto('a', new Int8Array(2)),
      encodeIntoUint8Clamped: () => e.encodeInto('a', new Uint8ClampedArray(2)),
      encodeIntoArrayBuffer: () => e.encodeInto('a', new ArrayBuffer(2)),
      encodeIntoDataView: () => e.encodeInto('a', new DataView(new ArrayBuffer(2))),
      encodeIntoNull: () => e.encodeInto('a', null),
      encodeIntoUndefined: () => e.encodeInto('a', undefined),
      encodeIntoOneArg: () => e.encodeInto('a'),
      encodeIntoNoArgs: () => e.encodeInto(),
      encodeIntoUndefinedSource: () => { const u = new Uint8Array(12); return [e.encodeInto(undefined, u), Array.from(u)]; },
      encodeIntoSymbol: () => e.encodeInto(Symbol('s'), new Uint8Array(2)),
      encodeIntoSymbolBadDest: () => e.encodeInto(Symbol('s'), new Uint16Array(2)),
      encodeIntoToStringThrowsBadDest: () => e.encodeInto({ toString() { throw new Sentinel(); } }, 1),
      encodeIntoExtraArgs: () => e.encodeInto('ab', new Uint8Array(4), 1),
      encodeIntoDetached: () => { const b = new ArrayBuffer(4); const v = new Uint8Array(b); structuredClone(b, { transfer: [b] }); return e.encodeInto('abc', v); },
      encodeIntoResizable: () => { const b = new ArrayBuffer(2, { maxByteLength: 8 }); const v = new Uint8Array(b); b.resize(6); const r = e.encodeInto('héllo', v); return [r, Array.from(v)]; },
      encodeIntoShared: () => (sab ? e.encodeInto('a', new Uint8Array(sab, 0, 4)) : 'no shared memory'),
      encodeIntoSubclassUint8: () => { class U extends Uint8Array {} const u = new U(3); return [e.encodeInto('héllo', u), Array.from(u)]; },
      encodeIntoResultShape: () => { const r = e.encodeInto('a', new Uint8Array(1)); return [Reflect.ownKeys(r), Object.getOwnPropertyDescriptors(r)]; },
    };
    const r = {};
    for (const [name, fn] of Object.entries(cases)) r[name] = outcome(fn);
    // Order: the source string conversion happens before the destination type check.
    const log = [];
    r.encodeIntoOrder = { res: outcome(() => e.encodeInto({ toString() { log.push('toString'); return 'a'; } }, new Uint16Array(1))), log };
    return r;
  },
};

/** Every label of encodings.json (passed in from Node), as given, upper-cased and padded with ASCII whitespace. */
function labels({ TextDecoder }, allLabels) {
  const r = {};
  for (const l of allLabels) {
    for (const form of [l, l.toUpperCase(), `\t ${l}\n\f\r`]) r[JSON.stringify(form)] = outcome(() => new TextDecoder(form).encoding);
  }
  return r;
}

/** Runs every probe on both sides; returns the differences as flat paths. */
export function compare(allLabels) {
  const results = { native: {}, ours: {} };
  for (const [name, probe] of Object.entries(probes)) {
    results.native[name] = probe(native, ourClasses);
    results.ours[name] = probe(ourClasses, native);
  }
  results.native.labels = labels(native, allLabels);
  results.ours.labels = labels(ourClasses, allLabels);
  const diffs = [];
  let compared = 0;
  const walk = (a, b, path) => {
    const isOutcome = (x) => x !== null && typeof x === 'object' && ['threw', 'value', 'object', 'bytes'].some((k) => k in x);
    if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b) && !isOutcome(a) && !isOutcome(b)) {
      for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) walk(a[k], b[k], `${path}.${k}`);
      return;
    }
    compared++;
    if (JSON.stringify(a) !== JSON.stringify(b)) diffs.push({ path, native: a, ours: b });
  };
  walk(results.native, results.ours, '');
  return { cases: compared, differences: diffs.length, examples: diffs };
}
