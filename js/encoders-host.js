// The encoders module (Cargo features `encoders` and `shared-tables`;
// tools/entries.mjs MODULES.encoders): the standard's encoders, which the main
// module leaves out (4.8 KB gzip less in every page that only decodes), for
// text-encoding-wasm/extra (LegacyEncoder) and /hooks (encode); and the CLI's
// module (MODULES.cli: the same with every decoder, for its transcoder).
// Like /detect's module it carries no packed CJK index and no single-byte
// index: before the first encoder of an encoding with one runs, the main
// module's (unpacked) index is copied in (its `index_table` export, through
// the main runtime's indexTable; `provide_index` here), once per instance. Hosted like every
// module (js/module-host.js): booted at first use, synchronously where the
// engine allows; its no-WebAssembly translation where WebAssembly is missing.
import { mainHost } from './main-host.js';
import { createEncoderRuntime } from './encoder-runtime.js';
import { guardRuntime } from './trap-guard.js';
import { FAMILY_OF } from './encodings.js';
import { EUC_JP } from './encoding-table.js';
import { copyIndex, SINGLE_BYTE } from './copy-index.js';

/** How the main entry's `ready` hands over its runtime: taken at load (page script may replace Symbol.for later). */
const RUNTIME = Symbol.for('text-encoding-wasm.runtime');

/** CJK indexes (0 jis0208, 2 EUC-KR, 3 gb18030, 4 Big5) each encoder reads, by encoding index (js/encoding-table.js). */
const INDEXES_OF = { 29: 3, 30: 3, 31: 4, 32: 0, 33: 0, 34: 0, 35: 2 };
const JIS0212 = 1;
/**
 * The encoders beside the main entry whose `ready` is given (its runtime and
 * module host hang on it: js/main-host.js): `base64` and `fallback` (the embedded module and how
 * to load its translation), or `instantiate` (the js entries: the
 * translation, at once); `transcoder` (the CLI only: js/cli/transcode-call.js)
 * makes a transcode function over the module's runtime. Returns { ready(),
 * getRuntime(context) }: the runtime LegacyEncoder and the CLI call, the main
 * runtime's labels and names with this module's encodeChunk (and transcode).
 */
export function encodersHost(mainReady, { base64 = null, fallback = null, instantiate = null, what, hint = null, transcoder = null }) {
  const mainRuntime = (context) => mainReady[RUNTIME](context);
  let host = null;
  let runtime = null;
  /** Per CJK index: whether this instance has it. */
  let provided = null;

  function use(exports) {
    provided = [false, false, false, false, false, false];
    const base = createEncoderRuntime(exports);
    const encodeChunk = base.encodeChunk;
    const transcode = transcoder === null ? null : transcoder(base);
    base.encodeChunk = (index, fatal, last, string, from, to, state, cap) => {
      need(exports, index, 'LegacyEncoder');
      return encodeChunk(index, fatal, last, string, from, to, state, cap);
    };
    if (transcode !== null) {
      base.transcode = (from, to, html, input, states, last) => {
        need(exports, from, 'text-encoding-wasm CLI');
        // EUC-JP's decoder also reads index jis0212 (its encoder does not).
        if (from === EUC_JP) provide(exports, JIS0212, 'text-encoding-wasm CLI');
        need(exports, to, 'text-encoding-wasm CLI');
        return transcode(from, to, html, input, states, last);
      };
    }
    runtime = guardRuntime(base, ['encodeChunk', 'transcode'], () => host.reinstantiate(), what);
  }

  /** Copies the main module's unpacked index for encoding `index` into this instance, once. */
  function need(exports, index, context) {
    provide(exports, FAMILY_OF[index] === 'single-byte' ? SINGLE_BYTE : INDEXES_OF[index], context);
  }

  /** Copies the main module's unpacked index `which` (undefined: none) into this instance, once. */
  function provide(exports, which, context) {
    if (which === undefined || provided[which]) return;
    copyIndex(mainRuntime(context), exports, which);
    provided[which] = true;
  }

  function boot() {
    if (host !== null) return;
    if (instantiate !== null) {
      host = { ready: () => Promise.resolve(), reinstantiate: () => use(instantiate()) };
      use(instantiate());
      return;
    }
    host = mainHost(mainReady, what, {
      base64,
      fallback,
      fallbackHint: hint === null ? `import '${what.replace('text-encoding-wasm/', 'text-encoding-wasm/js/')}' (the build without WebAssembly) instead` : hint,
      onExports: use,
    });
    host.boot();
  }

  return {
    /** Resolves once the main entry and this module are usable (booting it now). */
    ready: () => mainReady().then(() => {
      boot();
      return host.ready();
    }),
    /** The main runtime's labels and names with this module's encoders (booted at first use). */
    getRuntime(context) {
      const main = mainRuntime(context);
      boot();
      if (runtime === null) host.exports(context); // throws the TypeError that says why
      return { labelToIndex: main.labelToIndex, name: main.name, encodeChunk: runtime.encodeChunk, transcode: runtime.transcode };
    },
  };
}
