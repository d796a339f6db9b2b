// The classic script: text-encoding-wasm.script.js installs the classes where
// the page has none (it defines TextDecoder and TextEncoder on globalThis, and
// one global of its own, TextEncodingWasm), and
// TextEncodingWasm.install(globalThis, { force: true }) replaces the page's.
// Returns facts to compare with what the natives looked like.

function describeGlobal(name) {
  const d = Object.getOwnPropertyDescriptor(globalThis, name);
  return d && { type: typeof d.value, writable: d.writable, enumerable: d.enumerable, configurable: d.configurable };
}

function loadScript(src) {
  return new Promise((resolve, reject) => {
    const s = document.createElement('script');
    s.src = src;
    s.onload = resolve;
    s.onerror = () => reject(new Error(`could not load ${src}`));
    document.head.append(s);
  });
}

export async function check(force) {
  const nativeDecoder = globalThis.TextDecoder;
  const nativeEncoder = globalThis.TextEncoder;
  const before = { TextDecoder: describeGlobal('TextDecoder'), TextEncoder: describeGlobal('TextEncoder') };
  if (!force) {
    delete globalThis.TextDecoder;
    delete globalThis.TextEncoder;
  }
  await loadScript('/pkg/dist/text-encoding-wasm.script.js');
  if (force) globalThis.TextEncodingWasm.install(globalThis, { force: true });
  const D = globalThis.TextDecoder;
  const E = globalThis.TextEncoder;
  return {
    before,
    after: { TextDecoder: describeGlobal('TextDecoder'), TextEncoder: describeGlobal('TextEncoder') },
    replacedNatives: D !== nativeDecoder && E !== nativeEncoder,
    works: typeof D === 'function' && new D('shift_jis').decode(new Uint8Array([0x82, 0xa0])) === '\u3042' && new E().encode('\u00e9').join() === '195,169',
    names: [D && D.name, E && E.name],
  };
}
