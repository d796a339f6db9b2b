// Start-up in a fresh Node process (run by tools/bench/engines.mjs): natives
// deleted, then import the module given, construct a Shift_JIS TextDecoder and
// decode 1 KiB. Prints {"firstDecodeMs": import start -> first decode done,
// "sinceProcessStartMs": the same end, from the process's time origin, "out"}.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

const [modulePath, inputPath] = process.argv.slice(2);
const input = new Uint8Array(readFileSync(inputPath));
delete globalThis.TextDecoder;
delete globalThis.TextEncoder;
delete globalThis.TextDecoderStream;
delete globalThis.TextEncoderStream;
delete globalThis.Buffer;
const started = performance.now();
const api = await import(modulePath);
const text = new api.TextDecoder('shift_jis').decode(input);
const done = performance.now();
process.stdout.write(`${JSON.stringify({ firstDecodeMs: done - started, sinceProcessStartMs: done, out: text.length })}\n`);
