// The polyfill entries' check of install()'s probe (js/partial-native.js,
// probeNativeDecoder) against the standard's outputs worked out at build time
// (js/native-probe-fingerprints.js, tools/probe_fingerprints.py): with it,
// install() runs none of our decoders where the native ones are right, where
// running them would unpack every CJK index (~10 ms of a page's start-up) only
// to compare 256 characters per encoding. Only the entries that install at
// load import this file, so the main entry does not carry the data.
import { PROBE_FINGERPRINTS } from './native-probe-fingerprints.js';

/**
 * Whether `text`, what a native decoder gave for the probe in the encoding
 * `name` of `names` (encodingNames(), the fingerprints' order), is what the
 * standard's decoder gives: its 32-bit FNV-1a hash over UTF-16 code units is
 * the build's. Called at load, before a page's scripts can replace Math.imul
 * or charCodeAt.
 */
export function matchesStandard(name, text, names) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0) === PROBE_FINGERPRINTS[names.indexOf(name)];
}
