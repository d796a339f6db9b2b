// A small seeded PRNG (mulberry32): the same seed gives the same inputs on
// every machine and in every runtime, so results are comparable run to run.

/** Returns a function giving floats in [0, 1), seeded by the 32-bit integer `seed`. */
export function createRandom(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  /** An integer in [min, max] (both inclusive). */
  next.int = (min, max) => min + Math.floor(next() * (max - min + 1));
  /** A random element of `array`. */
  next.pick = (array) => array[Math.floor(next() * array.length)];
  return next;
}
