// tools/wasm-stack-depth.mjs (the bound tools/classic-module.mjs checks
// before it puts the jis0208 form in the far end of the core's stack) on
// modules written here with known frames: the heaviest chain is found, an
// indirect call reaches only functions of its signature, a function that
// moves the pointer twice weighs both moves, and what cannot be bounded
// (recursion, a computed move) is an error. Then the same bound against the
// real module run: every move of the pointer the module makes while decoding
// every encoding stays within it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import test from 'node:test';
import binaryen from 'binaryen';
import { deepestStack } from '../../tools/wasm-stack-depth.mjs';

const root = new URL('../../', import.meta.url);

/** A module from text, with the stack pointer as global 0 (as rustc makes it) and names kept. */
function moduleOf(body) {
  const m = binaryen.parseText(`(module (global $sp (mut i32) (i32.const 65536)) (memory 2) ${body})`);
  assert.ok(m.validate(), 'the test module validates');
  binaryen.setDebugInfo(true);
  const bytes = m.emitBinary();
  binaryen.setDebugInfo(false);
  m.dispose();
  return bytes;
}

/** A function that takes a frame of `n` bytes, calls `calls` (text), and gives it back. */
const frame = (name, n, calls = '', sig = '') =>
  `(func $${name} ${sig} (local $f i32) (global.set $sp (local.tee $f (i32.sub (global.get $sp) (i32.const ${n})))) ${calls} (global.set $sp (i32.add (local.get $f) (i32.const ${n}))))`;

test('the heaviest chain of direct calls', () => {
  const r = deepestStack(moduleOf(`
    ${frame('a', 32, '(call $b)')}
    ${frame('b', 100, '(call $c)')}
    ${frame('c', 16)}
    ${frame('d', 120, '(call $c)')}
    (export "a" (func $a)) (export "d" (func $d))`));
  assert.equal(r.bytes, 148);
  assert.deepEqual(r.chain, ['a', 'b', 'c']);
});

test('an indirect call reaches the table functions of its signature only', () => {
  const r = deepestStack(moduleOf(`
    (type $one (func (param i32) (result i32)))
    (table 2 2 funcref) (elem (i32.const 0) $big $other)
    ${frame('a', 16, '(drop (call_indirect (type $one) (i32.const 1) (i32.const 0)))')}
    ${frame('big', 500, '', '(param i32) (result i32)').replace(/\)\)\)\)$/, '))) (i32.const 0))')}
    ${frame('other', 400, '', '(param i32) (param i32)')}
    (export "a" (func $a))`));
  assert.equal(r.bytes, 516);
  assert.deepEqual(r.chain, ['a', 'big']);
});

test('a function that moves the pointer twice (an inlined callee) weighs both, in either form', () => {
  const r = deepestStack(moduleOf(`
    (func $two (local $f i32)
      (global.set $sp (local.tee $f (i32.sub (global.get $sp) (i32.const 16))))
      (global.set $sp (i32.add (global.get $sp) (i32.const -48)))
      (global.set $sp (i32.add (local.get $f) (i32.const 16))))
    (export "two" (func $two))`));
  assert.equal(r.bytes, 64);
});

test('recursion has no bound: an error, not a guess', () => {
  assert.throws(() => deepestStack(moduleOf(`${frame('a', 16, '(call $b)')} ${frame('b', 16, '(call $a)')} (export "a" (func $a))`)), /recursion/);
});

test('a move by a computed amount has no bound: an error', () => {
  assert.throws(
    () => deepestStack(moduleOf(`(func $alloca (param $n i32) (global.set $sp (i32.sub (global.get $sp) (local.get $n)))) (export "f" (func $alloca))`)),
    /stack pointer in a way other than a constant frame/,
  );
});

/** Child expressions of `info` (binaryen.getExpressionInfo), whatever their kind. */
function childrenOf(info) {
  if (info.id === binaryen.ConstId) return [];
  const out = [];
  for (const key of ['children', 'operands', 'condition', 'ifTrue', 'ifFalse', 'body', 'value', 'ptr', 'left', 'right', 'delta', 'dest', 'source', 'size']) {
    const v = info[key];
    if (Array.isArray(v)) out.push(...v);
    else if (typeof v === 'number' && v !== 0) out.push(v);
  }
  // call_indirect's target is an expression; call's is a name.
  if (info.id === binaryen.CallIndirectId) out.push(info.target);
  return out;
}

test('the full module: the lowest stack pointer it sets while decoding every encoding lies within the bound', async () => {
  const bytes = readFileSync(new URL('build/wasm/full/module.wasm', root));
  const bound = deepestStack(bytes);
  assert.ok(bound.bytes > 0 && bound.chain.length > 0);
  // The same module with every write of global 0 passing through $lowest, which keeps the lowest value written.
  const m = binaryen.readBinary(bytes);
  const pointer = binaryen.getGlobalInfo(m.getGlobalByIndex(0));
  const start = binaryen.getExpressionInfo(pointer.init).value;
  m.addGlobal('lowest', binaryen.i32, true, m.i32.const(start));
  m.addFunction('keep_lowest', binaryen.createType([binaryen.i32]), binaryen.i32, [], m.block(null, [
    m.if(m.i32.lt_u(m.local.get(0, binaryen.i32), m.global.get('lowest', binaryen.i32)), m.global.set('lowest', m.local.get(0, binaryen.i32))),
    m.local.get(0, binaryen.i32),
  ], binaryen.i32));
  m.addFunction('lowest_stack_pointer', binaryen.none, binaryen.i32, [], m.global.get('lowest', binaryen.i32));
  m.addFunctionExport('lowest_stack_pointer', 'lowest_stack_pointer');
  let writes = 0;
  const functions = m.getNumFunctions();
  for (let i = 0; i < functions; i++) {
    const info = binaryen.getFunctionInfo(m.getFunctionByIndex(i));
    if (info.name === 'keep_lowest' || info.name === 'lowest_stack_pointer' || !info.body) continue;
    const pending = [info.body];
    while (pending.length) {
      const expr = pending.pop();
      // (binaryen.js's getExpressionInfo throws on `unreachable`, which has no children.)
      if (binaryen.getExpressionId(expr) === binaryen.UnreachableId) continue;
      const e = binaryen.getExpressionInfo(expr);
      if (e.id === binaryen.GlobalSetId && e.name === pointer.name) {
        binaryen.GlobalSet.setValue(expr, m.call('keep_lowest', [e.value], binaryen.i32));
        writes++;
      }
      pending.push(...childrenOf(e));
    }
  }
  assert.ok(m.validate(), 'the instrumented module validates');
  const instrumented = m.emitBinary();
  m.dispose();
  assert.ok(writes >= 2 * 10, `the module's frames were found (${writes} writes of the stack pointer)`);
  const { exports } = new WebAssembly.Instance(new WebAssembly.Module(instrumented), {});
  const { createRuntime } = await import('../../js/runtime.js');
  const { ENCODING_COUNT, REPLACEMENT } = await import('../../js/encodings.js');
  const runtime = createRuntime(exports);
  // Every byte pair, so that each multi-byte decoder looks up (and first unpacks) its index.
  const input = new Uint8Array(2 * 65536);
  for (let i = 0; i < 65536; i++) [input[2 * i], input[2 * i + 1]] = [i >> 8, i & 0xff];
  for (let index = 0; index < ENCODING_COUNT; index++) {
    if (index === REPLACEMENT || !runtime.has(index)) continue;
    runtime.decode(index, false, input, null, true);
  }
  const deepest = start - exports.lowest_stack_pointer();
  assert.ok(deepest > 0, 'the decodes moved the stack pointer');
  assert.ok(deepest <= bound.bytes, `deepest stack seen ${deepest} B, bound ${bound.bytes} B`);
});
