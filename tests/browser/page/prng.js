// A seeded PRNG shared by the Node runner and the page (plain ESM, no
// dependencies), so that a printed seed reproduces every random input.
// splitmix32: tiny, fast, good enough for test-case generation.
export function prng(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
  /** An integer in [0, n). */
  const int = (n) => Math.floor((next() / 0x100000000) * n);
  return { next, int, pick: (array) => array[int(array.length)], chance: (p) => next() / 0x100000000 < p };
}

/** A per-encoding seed, derived from the run's seed and a name, so each encoding's inputs are independent of the others'. */
export function subSeed(seed, name) {
  let h = (seed ^ 0x811c9dc5) >>> 0;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}
