// The documented Chromium divergences of the WebIDL probes (DIVERGENCES.md,
// section "Chromium"): for each probe, the spec's answer, worked out from the
// spec text (quoted there), which ours must give while Chromium gives another.
// The decoder divergences are recognised in the page (page/chromium-divergences.js).
const WEBIDL = {
  // C4: decode(optional AllowSharedBufferSource input): a view on a
  // SharedArrayBuffer is accepted; its bytes are "sab".
  '.decodeArguments.sharedArrayBuffer': { value: 'sab' },
  // C4: AllowSharedBufferSource (WebIDL) = (ArrayBuffer or SharedArrayBuffer
  // or [AllowShared] ArrayBufferView): a SharedArrayBuffer itself too.
  '.decodeArguments.sharedArrayBufferItself': { value: 'sab' },
  // C4: encodeInto(USVString source, [AllowShared] Uint8Array destination).
  '.encoderArguments.encodeIntoShared': { object: '{"read":1,"written":1}', keys: ['read', 'written'], proto: true },
  // C5: the input is copied at decode() step 3, after the options dictionary
  // is converted (its getter ran): the getter's write is seen, a detach empties it.
  '.decodeArguments.mutatedDuringOptions': { value: 'ZB' },
  '.decodeArguments.detachedDuringOptions': { value: '' },
};

/** `value` with every array sorted and every object's keys sorted: what is left of it when order does not count. */
function unordered(value) {
  if (Array.isArray(value)) return value.map(unordered).map((v) => JSON.stringify(v)).sort();
  if (value && typeof value === 'object') return Object.fromEntries(Object.keys(value).sort().map((k) => [k, unordered(value[k])]));
  return value;
}

/**
 * F2 (Firefox ESR, DIVERGENCES.md "Firefox"): the same properties in another
 * order. Firefox defines an interface prototype's operations before its
 * attributes (Web IDL §3.7.3, for an interface without [Global]: "Define the
 * regular attributes of interface on interfaceProtoObj", then its regular
 * operations), and its functions' and interface objects' own keys in another
 * order than Chromium's (ours follows Chromium's, which the Chromium run pins).
 * Counted as F2 only where nothing but the order differs.
 */
function onlyOrderDiffers(ex) {
  return JSON.stringify(unordered(ex.native)) === JSON.stringify(unordered(ex.ours)) && JSON.stringify(ex.native) !== JSON.stringify(ex.ours);
}

/** Splits a report's differences into documented (ours = the spec's) and unexpected ones; `browser` is 'chromium' or 'firefox'. */
export function classify(category, report, browser = 'chromium') {
  const documented = { ...(report.documented || {}) };
  const unexpected = [];
  for (const ex of report.examples) {
    const spec = category === 'webidl' && Object.hasOwn(WEBIDL, ex.path) ? WEBIDL[ex.path] : undefined;
    if (spec !== undefined && JSON.stringify(ex.ours) === JSON.stringify(spec) && JSON.stringify(ex.native) !== JSON.stringify(spec)) {
      documented[`webidl ${ex.path}`] = 1;
    } else if (category === 'webidl' && browser === 'firefox' && onlyOrderDiffers(ex)) {
      documented['F2 property order'] = (documented['F2 property order'] || 0) + 1;
    } else {
      unexpected.push(ex);
    }
  }
  // Page-side reports cap their examples; their count is the authority there.
  const unexpectedCount = category === 'webidl' || category === 'script' ? unexpected.length : report.differences;
  return { documented, unexpected, unexpectedCount };
}
