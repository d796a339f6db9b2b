// Java's DataOutput.writeUTF / DataInput.readUTF (text-encoding-wasm/extra): an
// unsigned 16-bit big-endian count of the bytes that follow, then that many
// bytes of modified UTF-8 (src/variants/java.rs documents the format; the
// codec is the variants module's modified UTF-8, js/extra/utf8-variants.js).
import { bufferSourceBytes, bytesStillHeld, toStringValue } from '../webidl.js';
import { ModifiedUtf8Decoder, ModifiedUtf8Encoder } from './utf8-variants.js';
import { variantsRuntime } from './variants-runtime.js';
import { Uint8Array, setElements, subarray } from '../intrinsics.js';

/** The most bytes the 16-bit prefix can count. */
const MAX_UTF_LEN = 0xffff;

/**
 * `DataOutput.writeUTF(string)`: the record's bytes. A string whose modified
 * UTF-8 is longer than 65,535 bytes cannot be written (Java throws
 * UTFDataFormatException): a RangeError that says how long it would be.
 */
export function writeUTF(string) {
  const context = "Failed to execute 'writeUTF'";
  if (arguments.length < 1) throw new TypeError(`${context}: 1 argument required, but only 0 present.`);
  string = toStringValue(string);
  // Cheap bound first: 3 bytes per unit at most.
  const length = string.length * 3 <= MAX_UTF_LEN ? -1 : variantsRuntime().modifiedUtf8Length(string);
  if (length > MAX_UTF_LEN) {
    const error = new RangeError(`${context}: the string's modified UTF-8 is ${length} bytes; writeUTF's 16-bit length prefix allows at most ${MAX_UTF_LEN}.`);
    error.encodedLength = length;
    throw error;
  }
  const body = new ModifiedUtf8Encoder().encode(string);
  const out = new Uint8Array(2 + body.length);
  out[0] = body.length >>> 8;
  out[1] = body.length & 0xff;
  setElements(out, body, 2);
  return out;
}

/**
 * `DataInput.readUTF()` on `bytes` from `offset` (default 0): { value, byteLength },
 * byteLength being 2 + the prefix's count, so records can be read one after
 * another. Too few bytes (Java's EOFException) is a RangeError; bytes that are
 * not modified UTF-8 (UTFDataFormatException) a TypeError with the offset.
 */
export function readUTF(bytes, offset = 0) {
  const context = "Failed to execute 'readUTF'";
  let all = bufferSourceBytes(bytes, context);
  offset = Number(offset);
  // The bytes are taken after the offset: its valueOf may have detached them.
  all = bytesStillHeld(all);
  if (!Number.isInteger(offset) || offset < 0 || offset > all.length) {
    throw new RangeError(`${context}: offset ${offset} is not an index into the ${all.length} bytes given.`);
  }
  const view = subarray(all, offset);
  const needed = view.length < 2 ? 2 : 2 + ((view[0] << 8) | view[1]);
  if (view.length < needed) {
    const error = new RangeError(`${context}: the record at offset ${offset} needs ${needed} bytes, only ${view.length} are there.`);
    error.needed = needed;
    error.available = view.length;
    throw error;
  }
  let value;
  try {
    value = new ModifiedUtf8Decoder({ fatal: true }).decode(subarray(view, 2, needed));
  } catch (cause) {
    const at = offset + 2 + cause.offset;
    const error = new TypeError(`${context}: the record at offset ${offset} is not modified UTF-8: malformed sequence at byte offset ${at}.`);
    error.offset = at;
    error.bytes = cause.bytes;
    throw error;
  }
  return { value, byteLength: needed };
}
