// Joining the pieces of an output built in windows.

/**
 * One Uint8Array of `total` bytes holding `pieces` in order: the piece itself
 * if it is the only one and owns its whole buffer (what callers return must
 * not expose a larger buffer behind it).
 */
export function concatBytes(pieces, total) {
  const first = pieces[0];
  if (pieces.length === 1 && first.byteOffset === 0 && first.buffer.byteLength === total) return first;
  const out = new Uint8Array(total);
  let at = 0;
  for (const piece of pieces) {
    out.set(piece, at);
    at += piece.length;
  }
  return out;
}
