// "Get an encoding" (§4.2) in JavaScript, for the entries whose runtime is a
// module's (js/runtime.js; js/loader.js adds these): the standard's labels
// are in js/encoding-labels.js (generated from encodings.json) for the
// module-free entries anyway, and resolving them here lets the modules leave
// out their own label table and names (the main module 2.9 KB gzip smaller,
// for ~1.4 KB of JavaScript: docs/size-log.md, "Size work of issue 16 on the main module").
// Family modules never resolve labels (the lite entry's runtime does), so
// their host does not bundle this. Nothing here calls user code or a
// replaceable built-in after load.

import { LABELS } from './encoding-labels.js';
import { call, charCodeAt } from './intrinsics.js';
import { stripLabel } from './strip-label.js';

const split = String.prototype.split;
const lowerCase = String.prototype.toLowerCase;

/** label -> index, made at first use (a null-prototype object: no inherited keys, no method to replace). */
let byLabel = null;

function labelTable() {
  const table = Object.create(null);
  for (let index = 0; index < LABELS.length; index++) {
    const labels = call(split, LABELS[index], ' ');
    for (let k = 0; k < labels.length; k++) table[labels[k]] = index;
  }
  return table;
}

/** The index of the encoding `label` names (ASCII whitespace stripped, ASCII case-insensitive), or -1. */
export function labelIndex(label) {
  // A UTF-only entry's LABELS (TEW_UTF_ONLY: tools/build-package.mjs) have '' for the encodings it leaves out: empty matches none.
  const utfOnly = typeof TEW_UTF_ONLY === 'boolean' && TEW_UTF_ONLY;
  // No label is longer than 19 units; a longer string matches only with whitespace around it.
  const trimmed = stripLabel(label, 32);
  if (trimmed === null || (utfOnly && trimmed === '')) return -1;
  // Labels are ASCII: anything else matches none (and must not be lowercased
  // by Unicode's rules: U+212A KELVIN SIGN would become "k").
  for (let i = 0; i < trimmed.length; i++) if (charCodeAt(trimmed, i) >= 0x80) return -1;
  if (byLabel === null) byLabel = labelTable();
  const index = byLabel[call(lowerCase, trimmed)];
  return index === undefined ? -1 : index;
}

/** The first label of encoding `index`: its name, lowercased (js/encoding-labels.js); '' for one a UTF-only entry leaves out. */
export function labelName(index) {
  return call(split, LABELS[index], ' ')[0];
}

/**
 * `runtime` (js/runtime.js's) with "get an encoding" and the names: a label of
 * an encoding its module leaves out (`runtime.has`) answers -2 - index, as
 * the module-free runtimes do (js/text-decoder.js names the import that adds it).
 */
export function withLabels(runtime) {
  runtime.labelToIndex = (label) => {
    const index = labelIndex(label);
    return index < 0 || runtime.has(index) ? index : -2 - index;
  };
  /** The name, lowercased (as TextDecoder's `encoding`; text-encoding-wasm/hooks has the standard's spelling). */
  runtime.name = labelName;
  return runtime;
}
