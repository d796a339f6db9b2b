// One contender in QuickJS (quickjs-emscripten), in its own Node process (run
// by tools/bench/engines.mjs): evaluates the combined file (contender's classic
// script + the guest) in a fresh context, which has neither WebAssembly nor
// TextDecoder. Prints the guest's lines, then one line
// {"evalMs": ...}: the host's time for the whole evaluation (start-up runs).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';

const require = createRequire(import.meta.url);
const { getQuickJS } = require('quickjs-emscripten');
const QuickJS = await getQuickJS();
const runtime = QuickJS.newRuntime();
runtime.setMemoryLimit(1024 << 20);
runtime.setMaxStackSize(0);
const vm = runtime.newContext();

function evalText(code) {
  const result = vm.evalCode(code);
  if (result.error) {
    const error = vm.dump(result.error);
    result.error.dispose();
    throw new Error(`QuickJS: ${JSON.stringify(error).slice(0, 500)}`);
  }
  const value = vm.dump(result.value);
  result.value.dispose();
  return value;
}

evalText('var __lines = []; var __emit = function (s) { __lines.push(s); };');
const source = readFileSync(process.argv[2], 'utf8');
const started = performance.now();
evalText(source);
const evalMs = performance.now() - started;
process.stdout.write(`${evalText('__lines.join("\\n")')}\n`);
process.stdout.write(`${JSON.stringify({ evalMs })}\n`);
vm.dispose();
runtime.dispose();
