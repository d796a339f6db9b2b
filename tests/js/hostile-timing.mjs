// Shared by the hostile-input tests (not a test file itself): time limits that
// tell linear from quadratic work on a loaded machine. A single timing is
// noise; the best of a few repetitions is what the code costs.
import { performance } from 'node:perf_hooks';

/** The best (smallest) of `repeats` timings of `run()`, in milliseconds. */
export function bestOf(run, repeats = 5) {
  let best = Infinity;
  for (let i = 0; i < repeats; i++) {
    const start = performance.now();
    run();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

/**
 * Asserts that doubling the input size less than triples the time (linear
 * work doubles it, quadratic work quadruples it). `make(n)` returns the work
 * for size n (a function); sizes are n and 2n. Times below `floorMs` are
 * lifted to it, so that a task too quick to measure cannot fail on a ratio of
 * two noise values. Returns the two timings for the message.
 */
export function assertGrowsLinearly(assert, what, make, n, { floorMs = 5, repeats = 5 } = {}) {
  const small = make(n);
  const large = make(2 * n);
  small(); // warm up: the first call compiles
  large();
  const a = Math.max(bestOf(small, repeats), floorMs);
  const b = bestOf(large, repeats);
  assert.ok(b < 3 * a, `${what}: ${a.toFixed(1)} ms at n=${n}, ${b.toFixed(1)} ms at n=${2 * n} (more than 3x: worse than linear)`);
  return [a, b];
}
