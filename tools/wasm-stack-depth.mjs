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
// the pointer other than these moves and their restores (a write of it must be
// a move, or give back a frame through the local the move was kept in, by the
// move's own amount), and any call this reading of the text would not see as
// an edge of the graph (tail calls, calls through references, a table the
// host or the code can fill, a name binaryen has to quote).
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
  const unseen = text.match(/\((?:return_call(?:_indirect|_ref)?|call_ref|table\.(?:set|init|copy|grow|fill))\b|^ \((?:import|export) [^\n]*\(table\b|\$"/m);
  if (unseen !== null) throw new Error(`wasm-stack-depth: the module has ${unseen[0] === '$"' ? 'a name binaryen quotes' : `\`${unseen[0].trim()}\``}: a call this reading would not see (a tail call, a call through a reference, a table the host or the code can fill)`);
  const sp = `\\(global\\.get \\$${escape(pointer)}\\)`;
  const frameMove = new RegExp(`\\((?:i32\\.sub\\s*${sp}\\s*\\(i32\\.const (\\d+)\\)|i32\\.add\\s*${sp}\\s*\\(i32\\.const (-\\d+)\\))\\s*\\)`, 'g');
  const move = frameMove.source;
  const anyUse = new RegExp(sp, 'g');
  const set = `\\(global\\.set \\$${escape(pointer)}(?=[\\s)])`;
  const anySet = new RegExp(set, 'g');
  // A write that moves the pointer (its new value kept in a local or not), and one that gives a frame back.
  const setOfMove = new RegExp(`${set}\\s*(?:\\(local\\.tee \\$\\S+\\s*)?${move}`, 'g');
  const keptMove = new RegExp(`\\(local\\.tee \\$(\\S+)\\s*${move}`, 'g');
  const restore = new RegExp(`${set}\\s*\\(i32\\.(add|sub)\\s*\\(local\\.get \\$(\\S+?)\\)\\s*\\(i32\\.const (-?\\d+)\\)\\s*\\)\\s*\\)`, 'g');
  const signatures = new Map();
  for (const [, name, sig] of text.matchAll(/^ \(type \$(\S+) \(func((?: \((?:param|result)[^()]*\))*)\)\)$/gm)) signatures.set(name, normalize(sig));
  const table = [];
  const segments = text.match(/^ \(elem\b/gm) || [];
  for (const [, list] of text.matchAll(/^ \(elem [^\n]*?\(i32\.const \d+\)((?: \$\S+?)*)\)$/gm)) {
    table.push(...list.trim().split(/\s+/).filter(Boolean).map((n) => n.slice(1)));
    segments.pop();
  }
  if (segments.length !== 0) throw new Error('wasm-stack-depth: an element segment other than an active list of functions: the table\'s functions are not known');
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
    // Each write moves the pointer, or restores it from the local a move was
    // kept in, by that move's amount; the local holds nothing else.
    const kept = new Map();
    for (const [, local, sub, add] of body.matchAll(keptMove)) {
      const amount = sub !== undefined ? Number(sub) : -Number(add);
      if (kept.has(local) && kept.get(local) !== amount) kept.set(local, NaN);
      else kept.set(local, amount);
    }
    const keptMoves = [...body.matchAll(keptMove)];
    let writes = [...body.matchAll(setOfMove)].length;
    for (const [, op, local, constant] of body.matchAll(restore)) {
      const amount = op === 'add' ? Number(constant) : -Number(constant);
      const assignments = [...body.matchAll(new RegExp(`\\(local\\.(?:set|tee) \\$${escape(local)}(?=[\\s)])`, 'g'))].length;
      if (kept.get(local) === amount && assignments === keptMoves.filter((m) => m[1] === local).length) writes++;
    }
    const sets = [...body.matchAll(anySet)].length;
    if (writes !== sets) throw new Error(`wasm-stack-depth: function $${starts[k][1]} sets the stack pointer other than by a constant frame and its restore (${sets} writes, ${writes} moves and restores)`);
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
