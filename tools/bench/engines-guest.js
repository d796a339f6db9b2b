// The timed part of tools/bench/engines.mjs, run inside each engine (Hermes,
// QuickJS, node --jitless) after one contender's classic script. ES5 on
// purpose: it runs as is in every engine, and through the same Babel lowering
// as the contender in Hermes.
//
// Globals it expects: __API ({ TextDecoder, TextEncoder }), __INPUTS (base64
// strings and texts, see engines.mjs), __MIN_MS (the least time per
// repetition), __emit(string) (hands one line to the host). It emits one JSON
// line: { workload: { ms: milliseconds per operation (best repetition), out: hash of the
// output } }; the host checks the hashes equal between contenders.
(function () {
  var API = __API;
  var INPUTS = __INPUTS;
  var MIN_MS = __MIN_MS;

  var B64 = {};
  (function () {
    var alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
    for (var i = 0; i < 64; i++) B64[alphabet.charAt(i)] = i;
  })();

  /** Base64 to a Uint8Array (the inputs travel as text: every engine can read that). */
  function bytesOf(base64) {
    var pad = base64.charAt(base64.length - 1) === '=' ? (base64.charAt(base64.length - 2) === '=' ? 2 : 1) : 0;
    var out = new Uint8Array((base64.length / 4) * 3 - pad);
    var o = 0;
    for (var i = 0; i < base64.length; i += 4) {
      var n = (B64[base64.charAt(i)] << 18) | (B64[base64.charAt(i + 1)] << 12) | ((B64[base64.charAt(i + 2)] || 0) << 6) | (B64[base64.charAt(i + 3)] || 0);
      if (o < out.length) out[o++] = n >> 16;
      if (o < out.length) out[o++] = (n >> 8) & 255;
      if (o < out.length) out[o++] = n & 255;
    }
    return out;
  }

  /** FNV-1a over the code units (or bytes), with the length: equal outputs give equal hashes. */
  function hashText(s) {
    var h = 0x811c9dc5;
    for (var i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619) >>> 0;
    return h.toString(16) + ':' + s.length;
  }
  function hashBytes(b) {
    var h = 0x811c9dc5;
    for (var i = 0; i < b.length; i++) h = Math.imul(h ^ b[i], 16777619) >>> 0;
    return h.toString(16) + ':' + b.length;
  }

  /**
   * Milliseconds per call of fn: the best of 5 repetitions of at least MIN_MS
   * each, after one warm-up call. The best, not the median: on a loaded
   * machine other jobs only ever add time, so the least is the least disturbed.
   */
  function measure(fn) {
    fn();
    var best = Infinity;
    for (var r = 0; r < 5; r++) {
      var n = 0;
      var t0 = Date.now();
      var t;
      do {
        fn();
        n++;
        t = Date.now() - t0;
      } while (t < MIN_MS);
      if (t / n < best) best = t / n;
    }
    return best;
  }

  var results = {};
  var only = typeof __ONLY === 'string' ? __ONLY : '';
  function run(id, fn, out) {
    if (only && id.indexOf(only) < 0) return;
    var ms = measure(fn);
    results[id] = { ms: ms, out: out() };
  }

  function decodeWorkload(id, label, base64) {
    var bytes = bytesOf(base64);
    var decoder = new API.TextDecoder(label);
    var text = '';
    run(id, function () { text = decoder.decode(bytes); }, function () { return hashText(text); });
  }

  decodeWorkload('decode utf-8 ascii', 'utf-8', INPUTS.utf8Ascii);
  decodeWorkload('decode utf-8 mixed', 'utf-8', INPUTS.utf8Mixed);
  decodeWorkload('decode shift_jis', 'shift_jis', INPUTS.shiftJis);
  decodeWorkload('decode gbk', 'gbk', INPUTS.gbk);
  decodeWorkload('decode windows-1252', 'windows-1252', INPUTS.windows1252);
  decodeWorkload('decode euc-kr', 'euc-kr', INPUTS.eucKr);
  decodeWorkload('decode big5', 'big5', INPUTS.big5);
  decodeWorkload('decode utf-16le', 'utf-16le', INPUTS.utf16le);

  (function () {
    var encoder = new API.TextEncoder();
    var text = INPUTS.encodeMixed;
    var bytes = null;
    run('encode mixed', function () { bytes = encoder.encode(text); }, function () { return hashBytes(bytes); });
  })();

  function smallWorkload(id, list) {
    var inputs = [];
    for (var i = 0; i < list.length; i++) inputs.push(bytesOf(list[i]));
    var decoder = new API.TextDecoder('utf-8');
    var last = [];
    run(id, function () {
      for (var k = 0; k < 10000; k++) last[k % inputs.length] = decoder.decode(inputs[k % inputs.length]);
    }, function () { return hashText(last.join('|')); });
  }
  smallWorkload('10,000 decodes of 32 B utf-8 ascii', INPUTS.smallAscii);
  smallWorkload('10,000 decodes of 32 B utf-8 mixed', INPUTS.smallMixed);
  (function () {
    var inputs = [];
    for (var i = 0; i < INPUTS.smallShiftJis.length; i++) inputs.push(bytesOf(INPUTS.smallShiftJis[i]));
    var decoder = new API.TextDecoder('shift_jis');
    var last = [];
    run('10,000 decodes of 32 B shift_jis', function () {
      for (var k = 0; k < 10000; k++) last[k % inputs.length] = decoder.decode(inputs[k % inputs.length]);
    }, function () { return hashText(last.join('|')); });
  })();

  __emit(JSON.stringify(results));
})();
