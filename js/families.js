// Composed builds: the lite entry (UTF-8, UTF-16, the single-byte encodings,
// all in JavaScript: no module) plus one import per CJK family
// (text-encoding-wasm/japanese, ...), each adding its own module. Only the
// lite entry composes (the utf8 entry takes just the messages that name the
// import to add: tree-shaking leaves the rest); the full entry has every
// encoding in one module and carries none of it. What hosts a family's
// module (the module host, the inflater, js/runtime.js) is not here but in
// dist/family-host.js (js/entries/family-host.js), which the family entries
// share: a page without a CJK family does not load it.
import { ENCODING_COUNT, FAMILY_OF } from './encodings.js';
import { addHost, entryPrefix, useRouter } from './loader.js';

/** family -> runtime of its module. */
const families = new Map();

/**
 * The runtime the classes call: the entry's own for its encodings, a family's
 * for the family's. Labels resolve through the entry's runtime (it knows every
 * label); one whose encoding it leaves out (-2 - index) is the family's once added.
 */
function router(base) {
  if (families.size === 0) return base;
  const owner = new Array(ENCODING_COUNT).fill(base);
  for (let i = 0; i < ENCODING_COUNT; i++) if (families.get(FAMILY_OF[i])) owner[i] = families.get(FAMILY_OF[i]);
  return Object.assign({}, base, {
    labelToIndex(label) {
      const index = base.labelToIndex(label);
      return index <= -2 && owner[-2 - index] !== base ? -2 - index : index;
    },
    decode(index, fatal, input, state, last) {
      return owner[index].decode(index, fatal, input, state, last);
    },
    // No encodeChunk: the family modules have no encoders (Cargo feature
    // `encoders`), and a composed entry's only encoder is TextEncoder's UTF-8.
  });
}

/** What to import for encoding `index`, which this build leaves out. */
function leftOut(index, prefix) {
  const family = FAMILY_OF[index];
  const all = `or '${prefix}' for every encoding`;
  if (family === 'single-byte') return `import '${prefix}/lite' (UTF-8, UTF-16 and the single-byte encodings), ${all}`;
  return `import '${prefix}/${family}' beside '${prefix}/lite', ${all}`;
}

/**
 * Called by the utf8 entry, which cannot compose and resolves the UTF labels
 * only (js/label-index.js): the message of any other label names what to
 * import instead, for every other encoding of the standard.
 */
export function nameLeftOutImports() {
  useRouter(null, (_, prefix) => `for the standard's other encodings import '${prefix}' (all of them) or '${prefix}/lite' (the single-byte ones; the CJK ones with '${prefix}/japanese', '${prefix}/chinese', '${prefix}/korean' or '${prefix}/big5' beside it)`);
}

/** Called by the lite entry: family entries can add their modules. */
export function enableFamilies() {
  useRouter(router, leftOut);
}

/**
 * Adds a family's module to this build (the family entries call it through a
 * symbol on the lite entry's `ready`): `start(attach, prefix)` boots the
 * module (js/entries/family-host.js), calls `attach(runtime)` with the
 * runtime over its exports (again after a reinstantiation), and returns its
 * host (for ready() and reinstantiate()); `prefix` is how this entry is
 * imported, for the messages.
 */
export function registerFamily(family, start) {
  if (families.has(family)) return;
  families.set(family, null);
  const attach = (runtime) => {
    families.set(family, runtime);
    enableFamilies();
  };
  addHost(start(attach, entryPrefix()));
}
