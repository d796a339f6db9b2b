// "Get an encoding"'s first step (Encoding Standard §4.2): ASCII whitespace
// stripped from a label of any length, in linear time. Re-exported by
// js/webidl.js; js/runtime.js imports it from here.
import { call, regExpExec, stringCharCodeAt, stringSlice } from './intrinsics.js';

/**
 * "Get an encoding"'s first step for a label of any length: the label without
 * leading and trailing ASCII whitespace (U+0009, U+000A, U+000C, U+000D,
 * U+0020), or null when that is longer than `longest` units (no label is: the
 * caller answers "no encoding" without looking further). Linear, and native
 * scans where the runs are long: a regex anchored with `$` retries at every
 * unit of a run of whitespace (quadratic: a 10 MB label took hours).
 */
export function stripLabel(label, longest) {
  firstNonWhitespace.lastIndex = 0;
  const first = call(regExpExec, firstNonWhitespace, label);
  if (first === null) return '';
  const start = first.index;
  let end = label.length;
  if (end - start > longest) {
    // Past `longest` units from the start there may only be whitespace.
    firstNonWhitespace.lastIndex = start + longest;
    if (call(regExpExec, firstNonWhitespace, label) !== null) return null;
    end = start + longest;
  }
  while (end > start && isAsciiWhitespace(call(stringCharCodeAt, label, end - 1))) end--;
  return call(stringSlice, label, start, end);
}

const firstNonWhitespace = /[^\t\n\f\r ]/g;
const isAsciiWhitespace = (unit) => unit === 0x20 || unit === 0x09 || unit === 0x0a || unit === 0x0c || unit === 0x0d;
