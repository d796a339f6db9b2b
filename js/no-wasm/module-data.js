// The memory image of a no-WebAssembly translation (tools/build-no-wasm.mjs):
// the data segments (the encoding tables, labels, names) of the very module
// the wasm build runs, read out of its embedded bytes (the module-*.js file
// the wasm entries load) instead of a second copy of them in the translation.
// The package then ships each module's data once, and the translation is
// code only. For the standard decoders' modules the translation carries the
// small rest of its data itself (moduleData's `own`), and reads the module
// only for a CJK index it has no form of, at that index's first use.
// tools/build-no-wasm.mjs checks at build time that the image and the indexes
// made here equal the ones wasm2js's own copy of the segments makes.
import { inflateRaw } from '../inflate.js';
import { moduleBytes } from '../module-bytes.js';
import { Uint16Array, subarray } from '../intrinsics.js';
import { decodeIndexForm } from './index-form.js';

/** Reads an unsigned LEB128 number at `at.offset` of `bytes` (advancing it). */
function readUnsigned(bytes, at) {
  let value = 0;
  let shift = 0;
  for (;;) {
    const byte = bytes[at.offset++];
    if (byte === undefined) throw new TypeError('text-encoding-wasm: the embedded module ends inside a number');
    value += (byte & 0x7f) * 2 ** shift;
    if (byte < 0x80) return value;
    shift += 7;
  }
}

/** The module's active data segments: [[offset in memory, bytes], ...] (bytes are views of `wasm`). */
export function dataSegments(wasm) {
  const at = { offset: 8 }; // after the magic number and the version
  const segments = [];
  while (at.offset < wasm.length) {
    const id = wasm[at.offset++];
    const size = readUnsigned(wasm, at);
    const end = at.offset + size;
    if (id === 11) {
      for (let count = readUnsigned(wasm, at); count > 0; count--) {
        // WebAssembly 1.0: flags 0 (active, memory 0) and an `i32.const <offset>; end` expression.
        // The modules are built for 1.0 only (tools/wasm-feature-census.mjs), so nothing else occurs.
        if (readUnsigned(wasm, at) !== 0 || wasm[at.offset++] !== 0x41) throw new TypeError('text-encoding-wasm: a data segment of the embedded module is not a WebAssembly 1.0 active segment');
        let offset = 0;
        let shift = 0;
        let byte;
        do {
          byte = wasm[at.offset++];
          offset |= (byte & 0x7f) << shift;
          shift += 7;
        } while (byte >= 0x80);
        if (wasm[at.offset++] !== 0x0b) throw new TypeError('text-encoding-wasm: a data segment offset of the embedded module is not a constant');
        const length = readUnsigned(wasm, at);
        segments[segments.length] = [offset >>> 0, subarray(wasm, at.offset, at.offset + length)];
        at.offset += length;
      }
    }
    at.offset = end;
  }
  return segments;
}

/** Writes `bytes` into `memory` from `offset`. A loop, not TypedArray#set: a page may replace built-ins after import (tests/js/hostile-tampering). */
function writeBytes(memory, offset, bytes) {
  for (let i = 0, n = bytes.length; i < n; i++) memory[offset + i] = bytes[i];
}

/**
 * The data of a translation whose module is embedded as `base64` (a
 * module-*.js default export): `write(memory)` is what its
 * `initActiveSegments` calls (memory: a Uint8Array over the translation's
 * buffer). Without `own`, it writes every data segment of the module. With
 * `own` (a no-wasm-data.js of tools/build-no-wasm.mjs: `segments`, every
 * segment but the packed CJK indexes, as [address, 16-bit words, the words in
 * js/no-wasm/index-form.js's form]; `indexForms`,
 * some indexes in js/no-wasm/index-form.js's form), it writes those, so that
 * start-up neither decodes nor inflates the module (~20 ms in Hermes
 * bytecode); `form(which)` then gives an index's form, and `packed(address,
 * length)` the packed bytes of one it lacks, read out of the module at the
 * first call (js/no-wasm/unpack-index.js). The module is decoded once, and
 * kept for the next instance (after a trap, js/loader.js reinstantiates).
 */
export function moduleData(base64, own) {
  let segments = null;
  const fromModule = () => (segments === null ? (segments = dataSegments(moduleBytes(base64, inflateRaw))) : segments);
  return {
    write(memory) {
      if (own === undefined) {
        const list = fromModule();
        for (let s = 0; s < list.length; s++) writeBytes(memory, list[s][0], list[s][1]);
        return;
      }
      // Each segment as 16-bit words (at even addresses; the memory starts zeroed, as the form assumes).
      const list = own.segments;
      for (let s = 0; s < list.length; s++) decodeIndexForm(list[s][2], new Uint16Array(memory.buffer, list[s][0], list[s][1]));
    },
    form(which) {
      return own === undefined ? undefined : own.indexForms[which] || undefined;
    },
    packed(address, length) {
      const list = fromModule();
      for (let s = 0; s < list.length; s++) {
        const [offset, bytes] = list[s];
        if (address >= offset && address + length <= offset + bytes.length) return subarray(bytes, address - offset, address - offset + length);
      }
      throw new RangeError('text-encoding-wasm: a packed index lies outside the embedded module\'s data');
    },
  };
}
