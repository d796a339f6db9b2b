// Timing one operation: warm up, then the median of several timed runs, each
// long enough for the clock (Chromium coarsens performance.now()).

/** Full and --quick settings (milliseconds). */
export const TIMING = {
  full: { warmupMs: 300, warmupOps: 3, runs: 9, runMs: 120, cellMs: 4000 },
  quick: { warmupMs: 20, warmupOps: 1, runs: 3, runMs: 15, cellMs: 400 },
};

let sink = 0;

function consume(value) {
  // Keeps results observable so that no engine drops the work.
  sink = (sink + (typeof value === 'number' ? value : value ? value.length | 0 : 0)) | 0;
}

/**
 * Milliseconds per call of `op` (median of the timed runs), with the samples.
 * A slow op gets fewer runs (at least 3) so one cell stays near `cellMs`.
 */
export function measure(op, settings, now) {
  let ops = 0;
  const start = now();
  while (ops < settings.warmupOps || now() - start < settings.warmupMs) {
    consume(op());
    ops++;
  }
  const perOp = (now() - start) / ops;
  const repeat = Math.max(1, Math.ceil(settings.runMs / perOp));
  const runs = Math.max(3, Math.min(settings.runs, Math.floor(settings.cellMs / (perOp * repeat))));
  const samples = [];
  for (let r = 0; r < runs; r++) {
    const t = now();
    for (let i = 0; i < repeat; i++) consume(op());
    samples.push((now() - t) / repeat);
  }
  samples.sort((a, b) => a - b);
  const mid = samples.length >> 1;
  const median = samples.length % 2 ? samples[mid] : (samples[mid - 1] + samples[mid]) / 2;
  return { ms: median, runs, repeat, spread: samples[samples.length - 1] / samples[0], sink };
}
