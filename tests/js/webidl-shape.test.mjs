// The WebIDL shape of the interfaces (WebIDL §3.7 "interface objects",
// "attributes", "operations", "@@toStringTag"), brand checks, and a comparison
// with Node's own classes (captured before they were deleted) whose differences
// are listed as test diagnostics.
import assert from 'node:assert/strict';
import test from 'node:test';
import { loadPackage, NATIVE } from './helpers.mjs';

const { TextDecoder, TextEncoder } = await loadPackage();

const MEMBERS = {
  TextDecoder: { attributes: ['encoding', 'fatal', 'ignoreBOM'], operations: { decode: 0 } },
  TextEncoder: { attributes: ['encoding'], operations: { encode: 0, encodeInto: 2 } },
};
const CLASSES = { TextDecoder, TextEncoder };

for (const [name, { attributes, operations }] of Object.entries(MEMBERS)) {
  const C = CLASSES[name];

  test(`${name}: interface object has name, length 0, a non-writable prototype, and Function.prototype as [[Prototype]]`, () => {
    assert.equal(typeof C, 'function');
    assert.equal(C.name, name);
    assert.equal(C.length, 0);
    assert.deepEqual(Object.getOwnPropertyDescriptor(C, 'length'), { value: 0, writable: false, enumerable: false, configurable: true });
    assert.deepEqual(Object.getOwnPropertyDescriptor(C, 'name'), { value: name, writable: false, enumerable: false, configurable: true });
    const proto = Object.getOwnPropertyDescriptor(C, 'prototype');
    assert.equal(proto.writable, false);
    assert.equal(proto.enumerable, false);
    assert.equal(proto.configurable, false);
    assert.equal(Object.getPrototypeOf(C), Function.prototype);
    assert.equal(Object.getPrototypeOf(C.prototype), Object.prototype);
    assert.deepEqual(Object.getOwnPropertyDescriptor(C.prototype, 'constructor'), { value: C, writable: true, enumerable: false, configurable: true });
  });

  test(`${name}: the prototype has exactly the IDL members, constructor and @@toStringTag`, () => {
    const keys = Reflect.ownKeys(C.prototype).map(String).sort();
    assert.deepEqual(keys, ['Symbol(Symbol.toStringTag)', 'constructor', ...attributes, ...Object.keys(operations)].sort());
  });

  test(`${name}: the prototype's keys come in a browser's order (IDL members, then constructor, then @@toStringTag)`, () => {
    // Chromium's order (the browser differential compares it): the IDL
    // members as declared (mixin attributes first), then constructor, then @@toStringTag.
    assert.deepEqual(Reflect.ownKeys(C.prototype).map(String), [...attributes, ...Object.keys(operations), 'constructor', 'Symbol(Symbol.toStringTag)']);
  });

  test(`${name}: attributes are enumerable configurable getters without setters, named "get <attr>", length 0`, () => {
    for (const attribute of attributes) {
      const d = Object.getOwnPropertyDescriptor(C.prototype, attribute);
      assert.equal(typeof d.get, 'function', attribute);
      assert.equal(d.set, undefined, attribute);
      assert.equal(d.enumerable, true, attribute);
      assert.equal(d.configurable, true, attribute);
      assert.equal(d.get.name, `get ${attribute}`);
      assert.equal(d.get.length, 0);
    }
  });

  test(`${name}: operations are writable enumerable configurable functions with the IDL's required-argument count as length`, () => {
    for (const [operation, length] of Object.entries(operations)) {
      const d = Object.getOwnPropertyDescriptor(C.prototype, operation);
      assert.equal(typeof d.value, 'function', operation);
      assert.equal(d.writable, true, operation);
      assert.equal(d.enumerable, true, operation);
      assert.equal(d.configurable, true, operation);
      assert.equal(d.value.name, operation);
      assert.equal(d.value.length, length, `${operation}.length`);
      assert.throws(() => new d.value(), TypeError, `${operation} is not a constructor`);
    }
  });

  test(`${name}: @@toStringTag is "${name}" (non-writable, non-enumerable, configurable); Object.prototype.toString gives [object ${name}]`, () => {
    assert.deepEqual(Object.getOwnPropertyDescriptor(C.prototype, Symbol.toStringTag), { value: name, writable: false, enumerable: false, configurable: true });
    assert.equal(Object.prototype.toString.call(new C()), `[object ${name}]`);
    assert.equal(String(new C()), `[object ${name}]`);
  });

  test(`${name}: calling the constructor without new is a TypeError`, () => {
    assert.throws(() => C(), TypeError);
    assert.throws(() => C.call(new C()), TypeError);
  });

  test(`${name}: instances have no own properties`, () => {
    assert.deepEqual(Reflect.ownKeys(new C()), []);
  });

  test(`${name}: subclasses work (new.target's prototype is used)`, () => {
    class Sub extends C {}
    const s = new Sub();
    assert.ok(s instanceof C);
    assert.equal(Object.getPrototypeOf(s), Sub.prototype);
    assert.equal(s.encoding, 'utf-8');
  });
}

const other = { TextDecoder: () => new TextEncoder(), TextEncoder: () => new TextDecoder() };

for (const [name, { attributes, operations }] of Object.entries(MEMBERS)) {
  const C = CLASSES[name];
  const wrongThis = () => [{}, null, undefined, 1, 'utf-8', C.prototype, Object.create(C.prototype), other[name](), new Proxy(new C(), {})];

  test(`${name}: getters brand-check this (plain object, the prototype, the other class, a Proxy of an instance, primitives)`, () => {
    for (const attribute of attributes) {
      const get = Object.getOwnPropertyDescriptor(C.prototype, attribute).get;
      for (const self of wrongThis()) {
        assert.throws(() => get.call(self), TypeError, `${attribute} on ${Object.prototype.toString.call(self)}`);
      }
      assert.throws(() => C.prototype[attribute], TypeError, `${name}.prototype.${attribute}`);
    }
  });

  test(`${name}: operations brand-check this before converting any argument`, () => {
    for (const operation of Object.keys(operations)) {
      const fn = C.prototype[operation];
      for (const self of wrongThis()) {
        const log = [];
        const arg = { toString() { log.push('toString'); return 'x'; }, get stream() { log.push('stream'); return false; } };
        assert.throws(() => fn.call(self, arg, arg), TypeError, `${operation} on ${Object.prototype.toString.call(self)}`);
        assert.deepEqual(log, [], `${operation}: no argument converted before the brand check`);
      }
    }
  });
}

test('TextDecoder getters reflect the constructor\'s options', () => {
  const d = new TextDecoder('UTF-16', { fatal: true, ignoreBOM: true });
  assert.deepEqual([d.encoding, d.fatal, d.ignoreBOM], ['utf-16le', true, true]);
});

test('assigning to a getter-only attribute throws in strict mode and changes nothing', () => {
  const d = new TextDecoder();
  assert.throws(() => { d.encoding = 'x'; }, TypeError);
  assert.equal(d.encoding, 'utf-8');
});

// --- comparison with Node's own classes -----------------------------------------

function shape(C) {
  const out = { length: C.length, name: C.name };
  for (const key of Reflect.ownKeys(C.prototype)) {
    const d = Object.getOwnPropertyDescriptor(C.prototype, key);
    const k = String(key);
    if ('value' in d) {
      out[k] = typeof d.value === 'function'
        ? `method length=${d.value.length} w=${d.writable} e=${d.enumerable} c=${d.configurable}`
        : `value=${String(d.value)} w=${d.writable} e=${d.enumerable} c=${d.configurable}`;
    } else {
      out[k] = `getter ${d.get && d.get.name} set=${typeof d.set} e=${d.enumerable} c=${d.configurable}`;
    }
  }
  return out;
}

test('differences from Node\'s own classes (listed as diagnostics; WebIDL is what the tests above require)', { skip: NATIVE.TextDecoder ? false : 'Node has no native TextDecoder' }, (t) => {
  assert.notEqual(NATIVE.TextDecoder, TextDecoder, 'the native class must have been captured before deletion');
  const differences = [];
  for (const name of ['TextDecoder', 'TextEncoder']) {
    const ours = shape(CLASSES[name]);
    const node = shape(NATIVE[name]);
    for (const key of new Set([...Object.keys(ours), ...Object.keys(node)])) {
      if (ours[key] !== node[key]) differences.push(`${name}.${key}: ours ${ours[key] ?? '(absent)'} | node ${node[key] ?? '(absent)'}`);
    }
    // Behaviour both should share.
    const n = new NATIVE[name]();
    const o = new CLASSES[name]();
    assert.equal(Object.prototype.toString.call(o), Object.prototype.toString.call(n));
    assert.equal(o.encoding, n.encoding);
  }
  // Brand checks on the prototype: Node's getters throw too.
  for (const name of ['TextDecoder', 'TextEncoder']) {
    let nodeThrows = false;
    try { void NATIVE[name].prototype.encoding; } catch (_) { nodeThrows = true; }
    if (!nodeThrows) differences.push(`${name}.prototype.encoding: Node's getter does not throw on the prototype; ours does (WebIDL)`);
  }
  t.diagnostic(`${differences.length} difference(s) in shape from Node's classes`);
  for (const d of differences) t.diagnostic(d);
  // Decoding results must agree on a few valid and invalid inputs (Node's
  // decoder is spec-conformant for these).
  const input = new Uint8Array([0xef, 0xbb, 0xbf, 0x41, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98, 0x80, 0xff, 0xc3]);
  assert.equal(new TextDecoder().decode(input), new NATIVE.TextDecoder().decode(input));
  assert.deepEqual(new TextEncoder().encode('a\ud800\u20ac'), new NATIVE.TextEncoder().encode('a\ud800\u20ac'));
});
