// How one call's result is recorded on both sides: the returned string, or the
// name of the thrown error's constructor (never its message: messages are not
// part of the API and differ between any two implementations).
export function run(fn) {
  try {
    return fn();
  } catch (e) {
    return { threw: errorName(e) };
  }
}

export function errorName(e) {
  if (e === null || (typeof e !== 'object' && typeof e !== 'function')) return `non-object ${typeof e}`;
  return e.constructor && typeof e.constructor.name === 'string' ? e.constructor.name : 'unknown';
}

/** Whether two recorded outcomes (or arrays of them) are the same. */
export function same(a, b) {
  if (typeof a === 'string' || typeof b === 'string') return a === b;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((x, i) => same(x, b[i]));
  }
  return JSON.stringify(a) === JSON.stringify(b);
}
