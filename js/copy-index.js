// The tables a module built with the feature `shared-tables` does not carry
// (the encoders module, js/encoders-host.js), copied from the main module's
// memory into arrays that module allocates (`provide_index`): the CJK indexes
// as the main module unpacked them, and its single-byte indexes. (/detect's
// module copies the CJK ones in js/detect/encoding-detector.js; it has no
// single-byte decoders of ours: chardetng brings its own.)
import { setElements, Uint8Array } from './intrinsics.js';

/** `provide_index`'s number for the 27 single-byte indexes, which the main module's `index_table` gives one by one (5 + slot, 128 u16s each). */
export const SINGLE_BYTE = 5;
const SINGLE_BYTE_SLOTS = 27;

/**
 * Copies the main module's table `which` (0 jis0208, 1 jis0212, 2 EUC-KR,
 * 3 gb18030: u16s; 4 Big5: u32s; SINGLE_BYTE) into the module whose `exports` are given (the encoders module, /detect's): both
 * have `provide_index` and `index_length` (feature `shared-tables`).
 */
export function copyIndex(main, exports, which) {
  const length = exports.index_length(which);
  const at = exports.provide_index(which);
  if (at === 0) return;
  const memory = new Uint8Array(exports.memory.buffer);
  if (which === SINGLE_BYTE) {
    for (let slot = 0; slot < SINGLE_BYTE_SLOTS; slot++) setElements(memory, main.indexTable(SINGLE_BYTE + slot, 256), at + 256 * slot);
  } else {
    setElements(memory, main.indexTable(which, length * (which === 4 ? 4 : 2)), at);
  }
}
