// Independent expectations for the JS UTF-8 codec (js/utf8-codec.js, js/utf8-encode.js),
// written from the spec's steps, not from the package's code. Not a test file.

/**
 * The UTF-8 decoder of Encoding Standard §8.1.1, run by "decode" with the
 * error mode of §4.1 "process an item": replacement (U+FFFD per error) or
 * fatal (returns null at the first error). No BOM handling: callers add it.
 */
export function referenceUtf8Decode(bytes, fatal) {
  let codePoint = 0;
  let bytesSeen = 0;
  let bytesNeeded = 0;
  let lower = 0x80;
  let upper = 0xbf;
  let out = '';
  const queue = Array.from(bytes);
  let i = 0;
  const error = () => {
    if (fatal) return false;
    out += '\ufffd';
    return true;
  };
  for (;;) {
    const byte = i < queue.length ? queue[i++] : null; // null: end-of-queue
    // 1-2.
    if (byte === null) {
      if (bytesNeeded !== 0) {
        bytesNeeded = 0;
        if (!error()) return null;
      }
      return out;
    }
    // 3.
    if (bytesNeeded === 0) {
      if (byte <= 0x7f) {
        out += String.fromCodePoint(byte);
      } else if (byte >= 0xc2 && byte <= 0xdf) {
        bytesNeeded = 1;
        codePoint = byte & 0x1f;
      } else if (byte >= 0xe0 && byte <= 0xef) {
        if (byte === 0xe0) lower = 0xa0;
        if (byte === 0xed) upper = 0x9f;
        bytesNeeded = 2;
        codePoint = byte & 0xf;
      } else if (byte >= 0xf0 && byte <= 0xf4) {
        if (byte === 0xf0) lower = 0x90;
        if (byte === 0xf4) upper = 0x8f;
        bytesNeeded = 3;
        codePoint = byte & 0x7;
      } else if (!error()) {
        return null;
      }
      continue;
    }
    // 4.
    if (byte < lower || byte > upper) {
      codePoint = bytesNeeded = bytesSeen = 0;
      lower = 0x80;
      upper = 0xbf;
      i--; // restore byte to ioQueue
      if (!error()) return null;
      continue;
    }
    // 5-11.
    lower = 0x80;
    upper = 0xbf;
    codePoint = (codePoint << 6) | (byte & 0x3f);
    bytesSeen++;
    if (bytesSeen !== bytesNeeded) continue;
    out += String.fromCodePoint(codePoint);
    codePoint = bytesNeeded = bytesSeen = 0;
  }
}

/** The code points of WebIDL's USVString conversion: pairs joined, lone surrogates U+FFFD. */
export function scalarValues(string) {
  const out = [];
  for (let i = 0; i < string.length; i++) {
    const u = string.charCodeAt(i);
    if (u >= 0xd800 && u <= 0xdbff && i + 1 < string.length) {
      const v = string.charCodeAt(i + 1);
      if (v >= 0xdc00 && v <= 0xdfff) {
        out.push({ cp: 0x10000 + ((u - 0xd800) << 10) + (v - 0xdc00), units: 2 });
        i++;
        continue;
      }
    }
    out.push({ cp: u >= 0xd800 && u <= 0xdfff ? 0xfffd : u, units: 1 });
  }
  return out;
}

/** The UTF-8 encoder of §8.1.2 for one code point. */
export function referenceUtf8Bytes(cp) {
  if (cp <= 0x7f) return [cp];
  const [count, offset] = cp <= 0x7ff ? [1, 0xc0] : cp <= 0xffff ? [2, 0xe0] : [3, 0xf0];
  const bytes = [(cp >> (6 * count)) + offset];
  for (let c = count; c > 0; c--) bytes.push(0x80 | ((cp >> (6 * (c - 1))) & 0x3f));
  return bytes;
}

/** encode(): the bytes of every scalar value. */
export function referenceEncode(string) {
  return scalarValues(string).flatMap((s) => referenceUtf8Bytes(s.cp));
}

/** encodeInto() (§7.4): whole characters while they fit in `room` bytes. */
export function referenceEncodeInto(string, room) {
  const bytes = [];
  let read = 0;
  for (const s of scalarValues(string)) {
    const b = referenceUtf8Bytes(s.cp);
    if (bytes.length + b.length > room) break;
    bytes.push(...b);
    read += s.units;
  }
  return { read, written: bytes.length, bytes };
}

/** Random bytes biased to the interesting UTF-8 ones (leads C0-F4 and beyond, continuations 80-BF). */
export function randomUtf8ishBytes(random, length) {
  const special = [0x00, 0x41, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xe1, 0xed, 0xee, 0xef, 0xf0, 0xf1, 0xf4, 0xf5, 0xff];
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i++) {
    const r = random();
    out[i] = r < 0.35 ? special[Math.floor(random() * special.length)]
      : r < 0.7 ? 0x80 + Math.floor(random() * 0x40) // continuation
        : r < 0.85 ? 0xc0 + Math.floor(random() * 0x35) // lead C0-F4
          : Math.floor(random() * 0x100);
  }
  return out;
}

/** Random strings of ASCII, 2- and 3-byte characters, pairs and lone surrogates. */
export function randomUnits(random, length) {
  let s = '';
  while (s.length < length) {
    const r = random();
    if (r < 0.3) s += String.fromCharCode(0x20 + Math.floor(random() * 0x5f));
    else if (r < 0.45) s += String.fromCharCode(0x80 + Math.floor(random() * 0x780));
    else if (r < 0.6) s += String.fromCharCode(0x800 + Math.floor(random() * 0xd000));
    else if (r < 0.75 && s.length + 2 <= length) s += String.fromCodePoint(0x10000 + Math.floor(random() * 0x100000));
    else if (r < 0.85) s += String.fromCharCode(0xd800 + Math.floor(random() * 0x400)); // lone lead (unless a trail follows)
    else s += String.fromCharCode(0xdc00 + Math.floor(random() * 0x400)); // lone trail (unless after a lead)
  }
  return s;
}
