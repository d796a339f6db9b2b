import { apply, charCodeAt, fromCharCode } from './intrinsics.js';
// UTF-8 in plain JavaScript, for the cases where a call into the module costs
// more than the work itself (short inputs) or where the copies to and from the
// module's memory cost more than the work (encoding: the string is read with
// charCodeAt either way). Exactness rules:
// - decodeValidUtf8 handles only input that is entirely valid UTF-8 from a new
//   decoder; at the first byte the spec's decoder would treat as an error (or
//   a sequence cut short by the end of input) it gives up and returns null, and
//   the caller decodes with the Rust decoder, so errors, fatal mode and
//   streaming state stay in one place.
// - the encoders are the spec's UTF-8 encoder (§8.1.2) applied to the code
//   points of the USVString conversion: a surrogate pair is one code point
//   (4 bytes), a lone surrogate is U+FFFD (3 bytes).

/** Reused code-unit list: String.fromCharCode.apply reads a plain array faster than a typed one. */
const units = [];

/**
 * The UTF-16 code units of `bytes[0, length)` as a string if it is all valid
 * UTF-8 (§8.1.1 with no error and bytes needed 0 at the end), else null. For
 * short input: the caller bounds `length`.
 */
export function decodeValidUtf8(bytes, length) {
  let j = 0;
  for (let i = 0; i < length; ) {
    const b = bytes[i];
    if (b < 0x80) {
      units[j++] = b;
      i++;
    } else if (b < 0xc2) {
      return null; // a continuation byte or an overlong lead (0xC0, 0xC1)
    } else if (b < 0xe0) {
      if (i + 1 >= length) return null;
      const c = bytes[i + 1];
      if (c < 0x80 || c > 0xbf) return null;
      units[j++] = ((b & 0x1f) << 6) | (c & 0x3f);
      i += 2;
    } else if (b < 0xf0) {
      // The spec's boundaries: 0xE0 needs 0xA0-0xBF next (no overlongs),
      // 0xED needs 0x80-0x9F (no surrogates).
      if (i + 2 >= length) return null;
      const c = bytes[i + 1];
      if (c < (b === 0xe0 ? 0xa0 : 0x80) || c > (b === 0xed ? 0x9f : 0xbf)) return null;
      const d = bytes[i + 2];
      if (d < 0x80 || d > 0xbf) return null;
      units[j++] = ((b & 0x0f) << 12) | ((c & 0x3f) << 6) | (d & 0x3f);
      i += 3;
    } else if (b < 0xf5) {
      // 0xF0 needs 0x90-0xBF next (no overlongs), 0xF4 needs 0x80-0x8F (≤ U+10FFFF).
      if (i + 3 >= length) return null;
      const c = bytes[i + 1];
      if (c < (b === 0xf0 ? 0x90 : 0x80) || c > (b === 0xf4 ? 0x8f : 0xbf)) return null;
      const d = bytes[i + 2];
      const e = bytes[i + 3];
      if (d < 0x80 || d > 0xbf || e < 0x80 || e > 0xbf) return null;
      const cp = ((b & 0x07) << 18) | ((c & 0x3f) << 12) | ((d & 0x3f) << 6) | (e & 0x3f);
      units[j++] = 0xd7c0 + (cp >> 10); // 0xD800 + ((cp - 0x10000) >> 10)
      units[j++] = 0xdc00 | (cp & 0x3ff);
      i += 4;
    } else {
      return null; // 0xF5-0xFF never start a sequence
    }
  }
  units.length = j;
  return apply(fromCharCode, null, units);
}

/**
 * UTF-8 of `string[from, to)` written into `out` from byte `at`; `out` must
 * have room for all of it (3 bytes per unit will do). A pair split by
 * `to` would be two lone surrogates: callers cut only between characters.
 * Returns the end of what was written.
 *
 * encodeUtf8Into below is the same loop with a room check per character.
 * Kept apart on purpose: routing encode() through it (room = out.length)
 * measured ~12 % slower on ~20-unit strings in Node (253 vs 223 µs per 1,000
 * calls, best of 7), the small-call case the benchmark goals are about.
 * tests/js/utf8-fast-paths.test.mjs checks both against a reference encoder.
 */
export function writeUtf8(string, from, to, out, at) {
  const length = to;
  for (let i = from; i < length; i++) {
    let u = charCodeAt(string, i);
    if (u < 0x80) {
      out[at++] = u;
    } else if (u < 0x800) {
      out[at++] = 0xc0 | (u >> 6);
      out[at++] = 0x80 | (u & 0x3f);
    } else {
      if ((u & 0xf800) === 0xd800) {
        const next = i + 1 < length ? charCodeAt(string, i + 1) : 0;
        if (u <= 0xdbff && (next & 0xfc00) === 0xdc00) {
          const cp = 0x10000 + ((u - 0xd800) << 10) + (next - 0xdc00);
          out[at++] = 0xf0 | (cp >> 18);
          out[at++] = 0x80 | ((cp >> 12) & 0x3f);
          out[at++] = 0x80 | ((cp >> 6) & 0x3f);
          out[at++] = 0x80 | (cp & 0x3f);
          i++;
          continue;
        }
        u = 0xfffd;
      }
      out[at++] = 0xe0 | (u >> 12);
      out[at++] = 0x80 | ((u >> 6) & 0x3f);
      out[at++] = 0x80 | (u & 0x3f);
    }
  }
  return at;
}

/**
 * TextEncoder.encodeInto's loop (§7.4 "encode into"): from unit `read` and
 * byte `written` on, every whole character that fits in `destination[0,
 * room)`, none cut short. Returns { read, written }.
 */
export function encodeUtf8Into(string, destination, room, read, written) {
  const length = string.length;
  while (read < length) {
    let u = charCodeAt(string, read);
    if (u < 0x80) {
      if (written >= room) break;
      destination[written++] = u;
      read++;
    } else if (u < 0x800) {
      if (written + 2 > room) break;
      destination[written++] = 0xc0 | (u >> 6);
      destination[written++] = 0x80 | (u & 0x3f);
      read++;
    } else {
      if ((u & 0xf800) === 0xd800) {
        const next = read + 1 < length ? charCodeAt(string, read + 1) : 0;
        if (u <= 0xdbff && (next & 0xfc00) === 0xdc00) {
          if (written + 4 > room) break;
          const cp = 0x10000 + ((u - 0xd800) << 10) + (next - 0xdc00);
          destination[written++] = 0xf0 | (cp >> 18);
          destination[written++] = 0x80 | ((cp >> 12) & 0x3f);
          destination[written++] = 0x80 | ((cp >> 6) & 0x3f);
          destination[written++] = 0x80 | (cp & 0x3f);
          read += 2;
          continue;
        }
        u = 0xfffd;
      }
      if (written + 3 > room) break;
      destination[written++] = 0xe0 | (u >> 12);
      destination[written++] = 0x80 | ((u >> 6) & 0x3f);
      destination[written++] = 0x80 | (u & 0x3f);
      read++;
    }
  }
  return { read, written };
}
