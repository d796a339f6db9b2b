import { Uint8Array, setElements } from './intrinsics.js';
// Joining the pieces of an output built in windows.

/**
 * One typed array (`Type`, default Uint8Array) of `total` elements holding
 * `pieces` in order: the piece itself if it is the only one and owns its whole
 * buffer (what callers return must not expose a larger buffer behind it).
 */
export function concatBytes(pieces, total, Type = Uint8Array) {
  const first = pieces[0];
  if (pieces.length === 1 && first.byteOffset === 0 && first.buffer.byteLength === total * Type.BYTES_PER_ELEMENT) return first;
  const out = new Type(total);
  let at = 0;
  for (const piece of pieces) {
    setElements(out, piece, at);
    at += piece.length;
  }
  return out;
}
