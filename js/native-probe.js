// The polyfill entries' check of install()'s probe (js/partial-native.js,
// probeNativeDecoder) against the standard's outputs worked out at build time
// (js/native-probe-fingerprints.js, tools/probe_fingerprints.py): with it,
// install() runs none of our decoders where the native ones are right, where
// running them would unpack every CJK index (~10 ms of a page's start-up) only
// to compare 256 characters per encoding. Only the entries that install at
// load import this file, so the main entry does not carry the data.
import { REPLACEMENT, UTF_16BE, UTF_16LE, UTF_8 } from './encodings.js';
import { PROBE_FINGERPRINTS } from './native-probe-fingerprints.js';

/** The encoding indexes of the UTF names, the only ones a UTF-only entry (/utf8) probes. */
const UTF_INDEX = { __proto__: null, 'utf-8': UTF_8, 'utf-16be': UTF_16BE, 'utf-16le': UTF_16LE };

/**
 * Whether `text`, what a native decoder gave for the probe in the encoding
 * `name` of `names` (encodingNames()), is what the standard's decoder gives:
 * its 32-bit FNV-1a hash over UTF-16 code units is the build's. The
 * fingerprints are in the standard's order without replacement, which is
 * encodingNames()'s where the entry names every encoding; a UTF-only entry
 * names its three only, which are placed by their indexes (this file is
 * bundled apart from the entry's runtime, so it cannot ask it). Called at
 * load, before a page's scripts can replace Math.imul or charCodeAt.
 */
export function matchesStandard(name, text, names) {
  const at = names.length === PROBE_FINGERPRINTS.length ? names.indexOf(name) : UTF_INDEX[name] - (UTF_INDEX[name] > REPLACEMENT ? 1 : 0);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0) === PROBE_FINGERPRINTS[at];
}
