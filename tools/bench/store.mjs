// The inputs as files: serialize() in the parent, deserialize() in each Node
// child and Chromium page. Browser-safe and TextDecoder-free: strings travel
// as UTF-16LE and are rebuilt with String.fromCharCode.

/** A string's UTF-16LE bytes. */
export function utf16le(text) {
  const out = new Uint8Array(text.length * 2);
  for (let i = 0; i < text.length; i++) {
    const u = text.charCodeAt(i);
    out[2 * i] = u & 0xff;
    out[2 * i + 1] = u >> 8;
  }
  return out;
}

function fromUtf16le(bytes) {
  const units = new Uint16Array(bytes.length / 2);
  for (let i = 0; i < units.length; i++) units[i] = bytes[2 * i] | (bytes[2 * i + 1] << 8);
  let s = '';
  for (let i = 0; i < units.length; i += 8192) s += String.fromCharCode.apply(null, units.subarray(i, i + 8192));
  return s;
}

/**
 * { name: Uint8Array | string | list of either } -> { manifest, files }:
 * one file per name (lists concatenated), manifest = { name: { file, kind, lengths } }.
 */
export function serialize(data) {
  const manifest = {};
  const files = {};
  for (const [name, value] of Object.entries(data)) {
    const list = Array.isArray(value);
    const items = list ? value : [value];
    const isText = typeof items[0] === 'string';
    const parts = items.map((item) => (isText ? utf16le(item) : item));
    const joined = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) {
      joined.set(p, at);
      at += p.length;
    }
    const file = `${name}.bin`;
    files[file] = joined;
    manifest[name] = { file, kind: isText ? 'text' : 'bytes', lengths: list ? parts.map((p) => p.length) : null };
  }
  return { manifest, files };
}

/**
 * The data back, from the manifest and `read(file)` -> Promise<Uint8Array>.
 * Every array is a fresh plain Uint8Array (small ones are separate objects,
 * as small inputs are in real use).
 */
export async function deserialize(manifest, read) {
  const data = {};
  for (const [name, { file, kind, lengths }] of Object.entries(manifest)) {
    const joined = new Uint8Array(await read(file));
    const convert = (bytes) => (kind === 'text' ? fromUtf16le(bytes) : Uint8Array.prototype.slice.call(bytes));
    if (!lengths) {
      data[name] = convert(joined);
      continue;
    }
    const items = [];
    let at = 0;
    for (const length of lengths) {
      items.push(convert(joined.subarray(at, at + length)));
      at += length;
    }
    data[name] = items;
  }
  return data;
}
