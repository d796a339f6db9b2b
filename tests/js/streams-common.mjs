// Shared by tests/js/streams-*.test.mjs (not a test file itself): running
// chunks through a TextDecoderStream / TextEncoderStream and collecting what
// comes out, with the outcome recorded as data (chunks, or the error's name).

/** Node's own stream classes, captured before any test deletes them. */
export const NATIVE_STREAMS = {
  TextDecoderStream: globalThis.TextDecoderStream,
  TextEncoderStream: globalThis.TextEncoderStream,
  TransformStream: globalThis.TransformStream,
  ReadableStream: globalThis.ReadableStream,
  WritableStream: globalThis.WritableStream,
};

/** Deletes every global stream class (Node >= 18 has them), and checks they are gone. */
export function deleteNativeStreams() {
  for (const name of ['TextDecoderStream', 'TextEncoderStream', 'TransformStream', 'ReadableStream', 'WritableStream',
    'TransformStreamDefaultController', 'ReadableStreamDefaultReader', 'WritableStreamDefaultWriter',
    'ByteLengthQueuingStrategy', 'CountQueuingStrategy', 'ReadableByteStreamController', 'ReadableStreamBYOBReader',
    'ReadableStreamBYOBRequest', 'ReadableStreamDefaultController', 'WritableStreamDefaultController',
    'CompressionStream', 'DecompressionStream']) {
    delete globalThis[name];
    if (name in globalThis) throw new Error(`could not delete ${name}`);
  }
}

/**
 * Writes `chunks` one after the other into `stream.writable` while reading
 * `stream.readable`; returns { chunks: [...], error: null | 'TypeError' ...,
 * writeErrors: count of rejected writes }.
 */
export async function pump(stream, chunks) {
  const writer = stream.writable.getWriter();
  const reader = stream.readable.getReader();
  const out = [];
  let error = null;
  const reading = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        out.push(value);
      }
    } catch (e) {
      error = errorName(e);
    }
  })();
  let writeErrors = 0;
  for (const chunk of chunks) {
    try {
      await writer.write(chunk);
    } catch (_) {
      writeErrors++;
      break;
    }
  }
  try {
    await writer.close();
  } catch (_) { /* errored */ }
  await reading;
  return { chunks: out, error, writeErrors };
}

export function errorName(e) {
  return e && e.constructor ? e.constructor.name : typeof e;
}

/** Joins Uint8Array chunks. */
export function joinBytes(chunks) {
  const total = chunks.reduce((n, c) => n + c.length, 0);
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** Splits `bytes` into random chunks: 1 in 5 empty, 1 in 5 one byte, else up to 40 bytes. */
export function randomSplit(random, bytes) {
  const chunks = [];
  let at = 0;
  while (at < bytes.length) {
    const r = random();
    const size = r < 0.2 ? 0 : r < 0.4 ? 1 : 1 + Math.floor(random() * 40);
    chunks.push(bytes.slice(at, at + size));
    at += size;
  }
  return chunks;
}
