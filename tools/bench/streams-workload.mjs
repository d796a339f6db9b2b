// The streaming workloads (plain ESM, the same in Node and in the Chromium
// page): a generated source piped through TextDecoderStream /
// TextEncoderStream into a counting sink, 64 KiB and 1 KiB chunks. MB/s counts
// input bytes (decode) or UTF-16 code units (encode), as tools/bench/workloads.mjs does.

function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** 4 MiB of UTF-8 mixed text, 4 MiB of Shift_JIS, a 2 Mi-unit mixed string (seeded). */
export function inputs() {
  const r = rng(7);
  let text = '';
  while (text.length < 2 << 20) {
    const k = r();
    text += k < 0.5 ? String.fromCharCode(0x20 + Math.floor(r() * 95)) : k < 0.7 ? String.fromCharCode(0xa0 + Math.floor(r() * 0x500))
      : k < 0.95 ? String.fromCharCode(0x3041 + Math.floor(r() * 0x50)) : '\ud83d\ude00';
  }
  const utf8 = [];
  for (const ch of text) {
    const cp = ch.codePointAt(0);
    if (cp < 0x80) utf8.push(cp);
    else if (cp < 0x800) utf8.push(0xc0 | (cp >> 6), 0x80 | (cp & 63));
    else if (cp < 0x10000) utf8.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
    else utf8.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 63), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
    if (utf8.length >= 4 << 20) break;
  }
  const sjis = new Uint8Array(4 << 20);
  for (let i = 0; i < sjis.length;) {
    if (r() < 0.4) sjis[i++] = 0x20 + Math.floor(r() * 95);
    else { sjis[i++] = 0x88 + Math.floor(r() * 0x18); sjis[i++] = 0x40 + Math.floor(r() * 0x3f); }
  }
  return { utf8: new Uint8Array(utf8.slice(0, 4 << 20)), sjis: sjis.subarray(0, 4 << 20), text };
}

async function pipe(api, make, input, chunk, slice) {
  let at = 0;
  let count = 0;
  const source = new ReadableStream({
    pull(c) {
      if (at >= input.length) return c.close();
      c.enqueue(slice(input, at, at + chunk));
      at += chunk;
    },
  });
  await source.pipeThrough(make(api)).pipeTo(new WritableStream({ write(x) { count += x.length; } }));
  return count;
}

export const WORKLOADS = [
  ['decode UTF-8 mixed', 'utf8', (api) => new api.TextDecoderStream()],
  ['decode Shift_JIS', 'sjis', (api) => new api.TextDecoderStream('shift_jis')],
  ['encode mixed', 'text', (api) => new api.TextEncoderStream()],
];

/** { 'workload @ chunk': MB/s } for `api` ({ TextDecoderStream, TextEncoderStream }): median of `runs`. */
export async function run(api, data, { runs = 5, now = () => performance.now() } = {}) {
  const results = {};
  for (const [name, key, make] of WORKLOADS) {
    const input = data[key];
    const slice = typeof input === 'string' ? (s, a, b) => s.slice(a, b) : (s, a, b) => s.slice(a, b);
    for (const chunk of [65536, 1024]) {
      await pipe(api, make, input, chunk, slice); // warm-up
      const times = [];
      for (let i = 0; i < runs; i++) {
        const t = now();
        await pipe(api, make, input, chunk, slice);
        times.push(now() - t);
      }
      times.sort((a, b) => a - b);
      results[`${name} @ ${chunk === 65536 ? '64 KiB' : '1 KiB'}`] = input.length / times[times.length >> 1] / 1000;
    }
  }
  return results;
}
