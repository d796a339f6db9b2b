// One contender in one Node process (run by tools/bench/engines.mjs, usually
// with --jitless): the natives are deleted first, as a user of a polyfill in an
// engine without them would have it, then the combined file (contender's
// classic script + tools/bench/engines-guest.js) runs as a global script.
'use strict';
const { readFileSync } = require('node:fs');

const source = readFileSync(process.argv[2], 'utf8');
delete globalThis.TextDecoder;
delete globalThis.TextEncoder;
delete globalThis.TextDecoderStream;
delete globalThis.TextEncoderStream;
delete globalThis.Buffer;
globalThis.__emit = (line) => process.stdout.write(`${line}\n`);
(0, eval)(source);
