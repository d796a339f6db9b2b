// The deepest the Rust core's stack (in its linear memory) can grow, read off
// the compiled module: tools/classic-module.mjs puts data in the stack's far
// end and must know that no call chain reaches it.
//
// rustc's wasm32 code keeps a shadow stack in linear memory: global 0 is its
// pointer, and a function that needs a frame moves it down by a constant at
// its start (`global.get 0; i32.const N; i32.sub`, or `i32.add` of -N). The
// deepest stack is then the heaviest path through the call graph, each
// function weighing the sum of its constant moves (inlined callees can move
// it more than once; the sum is an upper bound). Indirect calls may reach any
// function of the table with the call's signature. Anything this cannot bound
// is an error, not a guess: recursion, a move by a computed amount, a use of
// the pointer other than these moves and their restores.
import binaryen from 'binaryen';

/**
 * The deepest stack (bytes) any call into `bytes` (a WebAssembly module) can
 * use, and the call chain that reaches it: { bytes, chain: [function names] }.
 */
export function deepestStack(bytes) {
  const module = binaryen.readBinary(bytes);
  try {
    if (module.getNumGlobals() === 0) return { bytes: 0, chain: [] };
    const pointer = binaryen.getGlobalInfo(module.getGlobalByIndex(0)).name;
    return heaviestPath(functionsOf(module.emitText(), pointer));
  } finally {
    module.dispose();
  }
}

const escape = (name) => name.replace(/[$.*+?^(){}[\]|\\]/g, '\\$&');

/** Per function name: { frame, calls: [names] }, from binaryen's text of the module. */
function functionsOf(text, pointer) {
  const sp = `\\(global\\.get \\$${escape(pointer)}\\)`;
  const frameMove = new RegExp(`\\((?:i32\\.sub\\s*${sp}\\s*\\(i32\\.const (\\d+)\\)|i32\\.add\\s*${sp}\\s*\\(i32\\.const (-\\d+)\\))\\s*\\)`, 'g');
  const anyUse = new RegExp(sp, 'g');
  const signatures = new Map();
  for (const [, name, sig] of text.matchAll(/^ \(type \$(\S+) \(func((?: \((?:param|result)[^()]*\))*)\)\)$/gm)) signatures.set(name, normalize(sig));
  const table = [];
  for (const [, list] of text.matchAll(/^ \(elem [^\n]*?\(i32\.const \d+\)((?: \$\S+?)*)\)$/gm)) table.push(...list.trim().split(/\s+/).map((n) => n.slice(1)));
  const functions = new Map();
  const starts = [...text.matchAll(/^ \(func \$(\S+)([^\n]*)$/gm)];
  for (const [, name, header] of text.matchAll(/^ \(import "[^"]*" "[^"]*" \(func \$(\S+)([^\n]*)\)\)$/gm)) {
    functions.set(name, { frame: 0, calls: [], signature: normalize(header) });
  }
  for (let k = 0; k < starts.length; k++) {
    const body = text.slice(starts[k].index, k + 1 < starts.length ? starts[k + 1].index : undefined);
    let frame = 0;
    let moves = 0;
    for (const [, sub, add] of body.matchAll(frameMove)) {
      frame += sub !== undefined ? Number(sub) : -Number(add);
      moves++;
    }
    // Other reads of the pointer are the restores' `global.set` sources or
    // plain copies; a read that is neither a frame move nor followed by one
    // cannot be bounded here, so the count of reads must equal the moves.
    const reads = [...body.matchAll(anyUse)].length;
    if (reads !== moves) throw new Error(`wasm-stack-depth: function $${starts[k][1]} uses the stack pointer in a way other than a constant frame (${reads} reads, ${moves} constant moves)`);
    const calls = [...body.matchAll(/\(call \$(\S+?)\)?$/gm)].map((m) => m[1]);
    const indirect = [...body.matchAll(/\(call_indirect (?:\$\S+ )?\(type \$(\S+?)\)/g)].map((m) => m[1]);
    functions.set(starts[k][1], { frame, calls, indirect, signature: normalize(starts[k][2]) });
  }
  for (const fn of functions.values()) {
    for (const type of fn.indirect || []) {
      const want = signatures.get(type);
      if (want === undefined) throw new Error(`wasm-stack-depth: call_indirect of an unknown type $${type}`);
      for (const target of table) if (functions.get(target)?.signature === want) fn.calls.push(target);
    }
  }
  return functions;
}

/** "(param i32 i32) (result i32)" or "(param $0 i32) (param $1 i32) (result i32)": "i32,i32->i32". */
function normalize(signature) {
  const params = [];
  const results = [];
  for (const [, kind, list] of signature.matchAll(/\((param|result)((?: [^()\s]+)*)\)/g)) {
    const types = list.trim().split(/\s+/).filter((t) => t !== '' && !t.startsWith('$'));
    (kind === 'param' ? params : results).push(...types);
  }
  return `${params.join(',')}->${results.join(',')}`;
}

/** The heaviest path of the call graph (functions weighing their frames); throws on a cycle. */
function heaviestPath(functions) {
  const done = new Map();
  const onPath = new Set();
  const visit = (name) => {
    if (done.has(name)) return done.get(name);
    if (onPath.has(name)) throw new Error(`wasm-stack-depth: $${name} can call itself (recursion): the stack has no bound`);
    const fn = functions.get(name);
    if (fn === undefined) throw new Error(`wasm-stack-depth: a call to $${name}, which is not a function of the module`);
    onPath.add(name);
    let best = { bytes: 0, chain: [] };
    for (const callee of fn.calls) {
      const below = visit(callee);
      if (below.bytes > best.bytes) best = below;
    }
    onPath.delete(name);
    const result = { bytes: fn.frame + best.bytes, chain: [name, ...best.chain] };
    done.set(name, result);
    return result;
  };
  let deepest = { bytes: 0, chain: [] };
  for (const name of functions.keys()) {
    const path = visit(name);
    if (path.bytes > deepest.bytes) deepest = path;
  }
  return deepest;
}
