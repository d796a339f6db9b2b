// A plain-JS model of the Encoding Standard's TextDecoder machinery, written
// from the spec text (https://encoding.spec.whatwg.org/) without our
// code or Chromium's decoders: §3 I/O queues (read, push, restore), §4.1
// "process an item", §7.2 decode(). The handlers of the encodings it models
// live in spec-euc-jp.js and spec-iso-2022-jp.js; their index tables in
// spec-index.js. It is the oracle for EUC-JP and ISO-2022-JP, where
// Chromium's own decoders do not follow the spec (DIVERGENCES.md C6, C7).

/** §3 "end-of-queue": a special item; read never removes it. */
export const END = Symbol('end-of-queue');
const FFFD = 0xfffd;

/**
 * §3 I/O queue of bytes. Between decode() calls a TextDecoder's queue always
 * ends with end-of-queue (§7.2 step 1 makes it « end-of-queue », §3 "read"
 * returns end-of-queue without removing it, §3 "push" inserts before it), so
 * it is kept implicit: `items` are the bytes before it.
 */
export class IOQueue {
  constructor() {
    this.items = [];
  }

  /** §3 "read an item": 2. if ioQueue[0] is end-of-queue, return it; 3. remove ioQueue[0] and return it. */
  read() {
    return this.items.length === 0 ? END : this.items.shift();
  }

  /** §3 "push a sequence of items": each item is inserted before the end-of-queue item (push step 1.2). */
  push(bytes) {
    for (const b of bytes) this.items.push(b);
  }

  /** §3 "restore": a list of items is inserted, in the given order, before the first item (list prepend). */
  restore(...bytes) {
    this.items.unshift(...bytes);
  }
}

/**
 * §7.1/§7.2 for an encoding without BOM handling (serialize I/O queue step
 * 2.3 applies to UTF-8 and UTF-16 only). `newDecoder(note)` returns a decoder
 * instance: { handler(ioQueue, byte) } returning one of
 *   'finished' | 'continue' | 'error' | a number (one code point).
 * Handlers call note(name) when they run a step that a documented Chromium
 * bug gets wrong; `events` collects the names since the last new decoder
 * instance (the suite attributes a Chromium difference only to a bug whose
 * step the input reached).
 */
export class SpecTextDecoder {
  constructor(newDecoder, { fatal = false } = {}) {
    this.newDecoder = newDecoder;
    this.errorMode = fatal ? 'fatal' : 'replacement'; // constructor step 4
    this.doNotFlush = false;
    this.decoder = null;
    this.ioQueue = null;
    this.events = new Set();
  }

  /** §7.2 decode(input, options); `input` is a BufferSource or undefined ("not given"). */
  decode(input, { stream = false } = {}) {
    // 1. If do not flush is false, a new decoder instance and I/O queue « end-of-queue ».
    if (!this.doNotFlush) {
      this.decoder = this.newDecoder((name) => this.events.add(name));
      this.ioQueue = new IOQueue();
      this.events = new Set();
    }
    // 2. Set do not flush to options["stream"].
    this.doNotFlush = stream;
    // 3. If input is given, push a copy of input to the I/O queue.
    if (input !== undefined) this.ioQueue.push(bytesOf(input));
    // 4. Let output be the I/O queue of scalar values « end-of-queue ».
    const output = [];
    // 5. While true:
    for (;;) {
      // 5.1 Let item be the result of reading from the I/O queue.
      const item = this.ioQueue.read();
      // 5.2 end-of-queue while do not flush is true: return the serialized output.
      if (item === END && this.doNotFlush) return serialize(output);
      // 5.3.1 process an item (§4.1) with the decoder, the I/O queue, output, error mode.
      const result = processItem(item, this.decoder, this.ioQueue, output, this.errorMode);
      // 5.3.2 finished: return the serialized output.
      if (result === 'finished') return serialize(output);
      // 5.3.3 error (only returned in fatal mode): throw a TypeError. Nothing
      // resets the decoder or the queue: a streaming decoder goes on from here.
      if (result === 'error') throw new TypeError('The encoded data was not valid (spec model).');
    }
  }
}

/** The bytes of an ArrayBuffer, a view, or an array of bytes. */
function bytesOf(input) {
  if (input instanceof ArrayBuffer) return new Uint8Array(input);
  if (ArrayBuffer.isView(input)) return new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
  return input;
}

/** §4.1 "process an item" for a decoder instance. */
function processItem(item, decoder, input, output, mode) {
  // 4. Let result be the result of running the handler on input and item.
  const result = decoder.handler(input, item);
  // 5. finished: push end-of-queue to output (output ends here) and return it.
  if (result === 'finished') return result;
  // 6. One or more items: push them to output.
  if (typeof result === 'number') {
    output.push(result);
  } else if (result === 'error') {
    // 7. An error: "replacement" pushes U+FFFD; "fatal" returns the error.
    if (mode === 'fatal') return result;
    output.push(FFFD);
  }
  // 8. Return continue.
  return 'continue';
}

/** §7.1 "serialize I/O queue" without the BOM step (not UTF-8/UTF-16). */
function serialize(codePoints) {
  let s = '';
  for (const cp of codePoints) s += String.fromCodePoint(cp);
  return s;
}
