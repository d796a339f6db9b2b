// `text-encoding-wasm` (package.json "bin"; built into dist/cli.js, which
// imports dist/index.js and dist/extra.js so that one WebAssembly instance
// serves both): a streaming transcoder between the Encoding Standard's
// encodings. See args.js for the usage text.
import { createReadStream } from 'node:fs';
import { once } from 'node:events';
import { TextDecoder } from '../entries/full.js';
import { parseArgs, USAGE, UsageError } from './args.js';
import { ChunkDecoder, DecodeError } from './decoder.js';
import { createEncoder, UnmappableError } from './encoder.js';
import { ENCODINGS } from './encodings-table.js';
import { createTranscoder } from './transcode.js';
import { createVariantDecoder, createVariantEncoder, VARIANTS, variantName } from './variants.js';

const NAME = 'text-encoding-wasm';
/**
 * Read size: each chunk is decoded, encoded and written before the next is
 * read, so memory stays flat at any input size. 1 MiB rather than 64 KiB: the
 * per-chunk work (a stream read, a call into the module, a write) was ~20 %
 * of the CPU time of 128 MiB UTF-8 -> Shift_JIS at 64 KiB; peak RSS was the
 * same (~89 MiB, mostly the engine and the module).
 */
const CHUNK = 1024 * 1024;
const NO_ENCODER = new Set(['replacement']);
const CODE_UNITS = new Set(['UTF-16BE', 'UTF-16LE']);

class LabelError extends Error {}

const REPLACEMENT_LABELS = ENCODINGS.find(([name]) => name === 'replacement')[1];

/** The encoding name for a label, by our TextDecoder's own label lookup. */
function resolve(label, role) {
  const variant = variantName(label);
  if (variant !== null) return variant;
  const isReplacement = REPLACEMENT_LABELS.includes(label.trim().toLowerCase());
  if (isReplacement) {
    throw new LabelError(`${role} label '${label}' names the replacement encoding, which neither decodes nor encodes text`);
  }
  try {
    return new TextDecoder(label).encoding;
  } catch (e) {
    if (e instanceof RangeError) throw new LabelError(`${role} label '${label}' is not an encoding label (see ${NAME} --list)`);
    throw e;
  }
}

function list(out) {
  const width = Math.max(...ENCODINGS.map(([name]) => name.length)) + 2;
  const lines = [`${'encoding'.padEnd(width)}-t?  labels`];
  for (const [name, labels] of ENCODINGS) {
    const to = NO_ENCODER.has(name) ? 'no ' : CODE_UNITS.has(name) ? 'yes*' : 'yes';
    lines.push(`${name.padEnd(width)}${to.padEnd(5)}${labels.join(' ')}`);
  }
  lines.push('', "-t?: can be the output encoding. * UTF-16LE/BE: the text's code units (the standard has no UTF-16 encoder).");
  lines.push("'replacement' is not usable with -f either: its labels are invalid.");
  lines.push('', 'Beyond the standard (both directions):');
  for (const [name, [labels, what]] of Object.entries(VARIANTS)) {
    lines.push(`${name.padEnd(width)}yes  ${labels.join(' ')}`, `${''.padEnd(width + 5)}${what}`);
  }
  out.write(lines.join('\n') + '\n');
}

/** A read or write error of the CLI: `where` is the file (or "standard input/output"). */
class IoError extends Error {
  constructor(verb, where, error) {
    super(`cannot ${verb} ${where}: ${describe(error)}`);
  }
}

/** What a system error says, in one line: its code and what it means ("EISDIR (is a directory)"). */
function describe(error) {
  const code = error && typeof error.code === 'string' ? error.code : null;
  if (code === null) return String(error && error.message ? error.message : error).split('\n')[0];
  return CAUSES[code] ? `${code} (${CAUSES[code]})` : code;
}

const CAUSES = {
  EACCES: 'permission denied',
  EISDIR: 'is a directory',
  ENOENT: 'no such file or directory',
  ENOSPC: 'no space left on device',
  EPERM: 'operation not permitted',
  EIO: 'input/output error',
  EFBIG: 'file too large',
  EDQUOT: 'disk quota exceeded',
  EMFILE: 'too many open files',
  ENOTDIR: 'a part of the path is not a directory',
  ELOOP: 'too many symbolic links',
  ENAMETOOLONG: 'file name too long',
};

/**
 * Writes bytes to stdout, waiting for 'drain' when its buffer is full. A
 * write error (ENOSPC on /dev/full, EIO) becomes an IoError; EPIPE is handled
 * where stdout's 'error' is (a closed pipe is not an error).
 */
async function write(chunks, counter) {
  for (const bytes of chunks) {
    if (bytes.length === 0) continue;
    counter.bytes += bytes.length;
    if (outputError !== null) throw outputError;
    if (!process.stdout.write(bytes, onWritten)) await Promise.race([once(process.stdout, 'drain'), outputFailed]);
    if (outputError !== null) throw outputError;
  }
}

/**
 * write() for pieces that may view the CLI module's memory, which the next
 * transcode call writes over (js/cli/transcode-call.js): after each write,
 * if stdout still holds the bytes (a full pipe), waits until they have gone.
 * Mostly they go at once (Node writes to a file, and to a pipe with room,
 * before write() returns), so nothing is copied or waited for.
 */
async function writeBorrowed(pieces, counter) {
  for (const bytes of pieces) {
    if (bytes.length === 0) continue;
    counter.bytes += bytes.length;
    if (outputError !== null) throw outputError;
    let gone;
    const written = new Promise((resolve) => {
      gone = resolve;
    });
    process.stdout.write(bytes, (error) => {
      onWritten(error);
      gone();
    });
    if (process.stdout.writableLength > 0) await Promise.race([written, outputFailed]);
    if (outputError !== null) throw outputError;
  }
}

let outputError = null;
let failOutput;
const outputFailed = new Promise((_, reject) => {
  failOutput = reject;
});
outputFailed.catch(() => {});
function onWritten(error) {
  if (error && outputError === null && error.code !== 'EPIPE') {
    outputError = new IoError('write to', 'standard output', error);
    failOutput(outputError);
  }
}

/** Resolves once every write so far has reached the output (an error there throws). */
async function flushed() {
  if (outputError === null) await Promise.race([new Promise((resolve) => process.stdout.write('', (e) => resolve(onWritten(e)))), outputFailed]);
  if (outputError !== null) throw outputError;
}

/** The input, as chunks of at most CHUNK bytes: the files in order, '-' or none being stdin. */
async function* input(files) {
  const sources = files.length === 0 ? ['-'] : files;
  for (const file of sources) {
    const stream = file === '-' ? process.stdin : createReadStream(file, { highWaterMark: CHUNK });
    const chunks = stream[Symbol.asyncIterator]();
    for (;;) {
      let next;
      try {
        next = await chunks.next();
      } catch (e) {
        throw new IoError('read', file === '-' ? 'standard input' : file, e);
      }
      if (next.done) break;
      const chunk = next.value;
      for (let i = 0; i < chunk.length; i += CHUNK) yield chunk.subarray(i, Math.min(chunk.length, i + CHUNK));
    }
  }
}

async function convert(o) {
  const fromName = resolve(o.from, 'input (-f)');
  const toName = resolve(o.to, 'output (-t)');
  const written = { bytes: 0 };
  // Bytes to bytes in the module where no error needs a report (transcode.js).
  const transcoder = fromName in VARIANTS || toName in VARIANTS ? null : await createTranscoder(fromName, toName, o.mode);
  if (transcoder !== null) {
    for await (const chunk of input(o.files)) await writeBorrowed(transcoder.convert(chunk), written);
    await writeBorrowed(transcoder.finish(), written);
    reportSubstituted(transcoder.substituted, toName);
    return 0;
  }
  const strict = o.mode === 'fatal';
  const decoder = fromName in VARIANTS ? createVariantDecoder(fromName, strict) : new ChunkDecoder(o.from, strict);
  const encoder = toName in VARIANTS ? createVariantEncoder(toName, o.mode) : createEncoder(toName.toLowerCase(), o.mode);
  try {
    for await (const chunk of input(o.files)) await write(encoder.encode(decoder.decode(chunk)), written);
    await write(encoder.encode(decoder.finish()), written);
    await write(encoder.finish(), written);
  } catch (e) {
    if (e instanceof DecodeError) {
      // The text before the malformed sequence still goes out (it may itself
      // hold an unmappable character, which is then the first error).
      try {
        await write(encoder.encode(e.text), written);
      } catch (e2) {
        if (!(e2 instanceof UnmappableError)) throw e2;
        return fatal(e2, written, e2.partial);
      }
      return fatal(e, written, []);
    }
    if (e instanceof UnmappableError) return fatal(e, written, e.partial);
    throw e;
  }
  reportSubstituted(encoder.substituted, toName);
  return 0;
}

function reportSubstituted(count, toName) {
  if (count > 0) {
    process.stderr.write(`${NAME}: ${count} character(s) cannot be encoded in ${toName} and were written as '?' (--fatal makes that an error, --html writes &#N;)\n`);
  }
}

async function fatal(error, written, partial) {
  await write(partial, written);
  process.stderr.write(`${NAME}: error: ${error.message}\n`);
  const where = error instanceof DecodeError
    ? error.where || `before input byte offset ${error.offset}`
    : `before the character at offset ${error.charOffset}`;
  process.stderr.write(`${NAME}: OUTPUT IS PARTIAL: it stops ${where} (${written.bytes} bytes written)\n`);
  return 1;
}

async function main(argv) {
  let o;
  try {
    o = parseArgs(argv);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    process.stderr.write(`${NAME}: ${e.message}\n${USAGE}\n`);
    return 2;
  }
  if (o.help) {
    process.stdout.write(USAGE + '\n');
    return 0;
  }
  if (o.list) {
    list(process.stdout);
    return 0;
  }
  try {
    const code = await convert(o);
    await flushed();
    return code;
  } catch (e) {
    if (e instanceof LabelError) {
      process.stderr.write(`${NAME}: ${e.message}\n`);
      return 2;
    }
    if (e instanceof IoError) {
      process.stderr.write(`${NAME}: ${e.message}\n`);
      return 1;
    }
    throw e;
  }
}

// A closed pipe downstream (`| head`) is not an error worth a stack trace.
// Other write errors reach write() through its callback (onWritten).
process.stdout.on('error', (e) => {
  if (e.code === 'EPIPE') process.exit(0);
  onWritten(e);
});

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e) => {
    if (e instanceof IoError) {
      process.stderr.write(`${NAME}: ${e.message}\n`);
      process.exitCode = 1;
      return;
    }
    process.stderr.write(`${NAME}: ${e && e.stack ? e.stack : e}\n`);
    process.exitCode = 1;
  },
);
