// §5 Indexes for the spec models (spec-euc-jp.js, spec-iso-2022-jp.js):
// index jis0208 and index jis0212, as pointer → code point.
//
// Source, in order of preference (differential.mjs calls load() once):
// 1. The spec's index files (data/whatwg-index/index-jis0208.txt and
//    index-jis0212.txt), parsed in Node per §5 and passed in as [pointer, code
//    point] pairs. This is the independent oracle.
// 2. Without them: Chromium's own decoder, used only for lookups. Each pointer
//    that an EUC-JP byte sequence can address (0 to 8835) is decoded as ONE
//    well-formed sequence by a new native decoder: A1+p/94, A1+p%94 for
//    jis0208, 8F before them for jis0212. Chromium's state-machine bugs (C6,
//    C7) need an error earlier in the same input, so they cannot affect these
//    lookups; whether Chromium's tables themselves equal the index files is
//    measured by tableCheck() (the suite prints it when the files exist).
import { native } from './setup.js';

/** Pointers an EUC-JP or ISO-2022-JP two-byte sequence can address: lead and trail each one of 94 values. */
export const POINTERS = 94 * 94;
const NULL = -1;

const tables = { jis0208: null, jis0212: null, source: null };

function fromPairs(pairs) {
  const t = new Int32Array(POINTERS).fill(NULL);
  for (const [pointer, cp] of pairs) if (pointer < POINTERS) t[pointer] = cp;
  return t;
}

/** The code point for `pointer` as one native EUC-JP sequence (prefix + two bytes), or null. */
function nativeLookup(prefix, pointer) {
  const bytes = Uint8Array.from([...prefix, 0xa1 + Math.floor(pointer / 94), 0xa1 + (pointer % 94)]);
  let s;
  try {
    s = new native.TextDecoder('euc-jp', { fatal: true }).decode(bytes);
  } catch {
    return NULL;
  }
  const cp = s.codePointAt(0);
  return s.length === String.fromCodePoint(cp).length ? cp : NULL;
}

function fromChromium(prefix) {
  const t = new Int32Array(POINTERS);
  for (let p = 0; p < POINTERS; p++) t[p] = nativeLookup(prefix, p);
  return t;
}

/** `files`: { jis0208: [[pointer, cp], …], jis0212: […] } from the index files, or null. */
export function load(files) {
  if (files) {
    tables.jis0208 = fromPairs(files.jis0208);
    tables.jis0212 = fromPairs(files.jis0212);
    tables.source = 'index files';
  } else {
    tables.jis0208 = fromChromium([]);
    tables.jis0212 = fromChromium([0x8f]);
    tables.source = "Chromium's EUC-JP decoder (no index files)";
  }
  return tables.source;
}

/** §5 "index code point for pointer in index": the code point, or null if pointer is not in index. */
export function indexCodePoint(name, pointer) {
  const t = tables[name];
  if (!t) throw new Error('spec-index.js: load() was not called');
  const cp = pointer >= 0 && pointer < POINTERS ? t[pointer] : NULL;
  return cp === NULL ? null : cp;
}

/** Pointers where Chromium's single-sequence lookup differs from the loaded index files: [{ index, pointer, file, chromium }]. */
export function tableCheck() {
  const out = [];
  for (const [name, prefix] of [['jis0208', []], ['jis0212', [0x8f]]]) {
    for (let p = 0; p < POINTERS; p++) {
      const c = nativeLookup(prefix, p);
      if (c !== tables[name][p]) out.push({ index: name, pointer: p, file: tables[name][p], chromium: c });
    }
  }
  return out;
}
