// Composed builds: the lite entry (UTF-8, UTF-16, the single-byte encodings)
// plus one import per CJK family (text-encoding-wasm/japanese, ...), each
// adding its own module. Only the lite entry composes (the utf8 entry takes
// just the messages that name the import to add: tree-shaking leaves the
// rest); the full entry has every encoding in one module and carries none of it.
import { inflateRaw } from './inflate.js';
import { ENCODING_COUNT, FAMILY_OF } from './encodings.js';
import { addHost, entryPrefix, useRouter } from './loader.js';
import { hostModule } from './module-host.js';
import { createRuntime } from './runtime.js';

/** family -> runtime of its module. */
const families = new Map();

/**
 * The runtime the classes call: the entry's own for its encodings, a family's
 * for the family's. Labels resolve through the entry's module (it knows every
 * label); one whose encoding it leaves out (-2 - index) is the family's if added.
 */
function router(base) {
  if (families.size === 0) return base;
  const owner = new Array(ENCODING_COUNT).fill(base);
  for (let i = 0; i < ENCODING_COUNT; i++) if (families.has(FAMILY_OF[i])) owner[i] = families.get(FAMILY_OF[i]);
  return Object.assign({}, base, {
    labelToIndex(label) {
      const index = base.labelToIndex(label);
      return index <= -2 && owner[-2 - index] !== base ? -2 - index : index;
    },
    decode(index, fatal, input, state, last) {
      return owner[index].decode(index, fatal, input, state, last);
    },
    encodeChunk(index, fatal, last, string, from, to, state, cap) {
      return owner[index].encodeChunk(index, fatal, last, string, from, to, state, cap);
    },
  });
}

/** What to import for encoding `index`, which this build leaves out. */
function leftOut(index, prefix) {
  const family = FAMILY_OF[index];
  const all = `or '${prefix}' for every encoding`;
  if (family === 'single-byte') return `import '${prefix}/lite' (UTF-8, UTF-16 and the single-byte encodings), ${all}`;
  return `import '${prefix}/${family}' beside '${prefix}/lite', ${all}`;
}

/** Called by the utf8 entry, which cannot compose: its messages name what to import instead. */
export function nameLeftOutImports() {
  useRouter(null, leftOut);
}

/** Called by the lite entry: family entries can add their modules. */
export function enableFamilies() {
  useRouter(router, leftOut);
}

/**
 * Adds a family's module to this build (the family entries call it through a
 * symbol on the lite entry's `ready`): `base64` and `fallback` as for the
 * entry's own module, or `instantiate` (the js entries: wasm2js's translation).
 */
export function registerFamily(family, { base64 = null, fallback = null, instantiate = null }) {
  if (families.has(family)) return;
  const onExports = (exports) => {
    families.set(family, createRuntime(exports));
    enableFamilies();
  };
  if (instantiate !== null) {
    onExports(instantiate());
    addHost({ exports: () => null, kind: () => 'js', ready: () => Promise.resolve(), reinstantiate: () => onExports(instantiate()) });
    return;
  }
  const host = hostModule({ what: `${entryPrefix()}/${family}`, base64, inflate: inflateRaw, fallback, onExports });
  addHost(host);
  host.boot();
}
