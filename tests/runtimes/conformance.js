// A portable conformance harness for any JS engine: a classic script that
// defines runConformance(EXPECT), which checks the global TextDecoder and
// TextEncoder and returns { passed, total, failures }. It needs nothing but
// ES2015 (Hermes gets it down-levelled to ES5) and no host API, so the same
// checks run in Node, QuickJS, Hermes, jsdom, a page, a worker and an AudioWorklet
// (tools/runtime-matrix.mjs). EXPECT comes from tools/runtimes/expectations.mjs:
// the WHATWG index files and the spec's byte formulas, never this package.
// The hand-written cases below cite the spec step they follow.
/* eslint-disable no-var */
function runConformance(EXPECT) {
  var passed = 0;
  var total = 0;
  var failures = [];
  function fail(what, got, want) {
    if (failures.length < 20) failures.push(what + ': got ' + JSON.stringify(got) + ', want ' + JSON.stringify(want));
  }
  function check(what, got, want) {
    total++;
    if (got === want) passed++;
    else fail(what, got, want);
  }
  function throws(what, fn, errorName) {
    total++;
    try {
      fn();
      fail(what, 'no exception', errorName);
    } catch (e) {
      if (e && e.name === errorName) passed++;
      else fail(what, e && e.name, errorName);
    }
  }
  function attempt(what, fn, want) {
    var got;
    try {
      got = fn();
    } catch (e) {
      got = 'threw ' + (e && e.name) + ': ' + (e && e.message);
    }
    check(what, got, want);
  }
  function str(codePoints) {
    var s = '';
    for (var i = 0; i < codePoints.length; i++) {
      var c = codePoints[i] < 0 ? 0xfffd : codePoints[i];
      if (c > 0xffff) {
        c -= 0x10000;
        s += String.fromCharCode(0xd800 + (c >> 10), 0xdc00 + (c & 0x3ff));
      } else s += String.fromCharCode(c);
    }
    return s;
  }
  function bytes(list) {
    var b = new Uint8Array(list.length);
    for (var i = 0; i < list.length; i++) b[i] = list[i];
    return b;
  }
  function decode(label, list, options) {
    return new TextDecoder(label, options).decode(bytes(list));
  }
  var i, j;

  // Labels (encodings.json): ASCII case-insensitive, ASCII whitespace trimmed (§4.2 "get an encoding").
  for (i = 0; i < EXPECT.labels.length; i++) {
    var label = EXPECT.labels[i][0];
    var name = EXPECT.labels[i][1];
    if (name === null) {
      throws('label ' + label + ' (replacement) is a RangeError', function () { new TextDecoder(label); }, 'RangeError');
    } else {
      attempt('label ' + label, function () { return new TextDecoder(label).encoding; }, name);
      attempt('label " ' + label.toUpperCase() + '\\n"', function () { return new TextDecoder(' \t' + label.toUpperCase() + '\n\f\r').encoding; }, name);
    }
  }
  throws('invalid label', function () { new TextDecoder('utf-9'); }, 'RangeError');

  // Single-byte encodings (§9.1): every byte, from the index.
  var ascii = [];
  for (i = 0; i < 128; i++) ascii.push(i);
  var high = [];
  for (i = 128; i < 256; i++) high.push(i);
  for (i = 0; i < EXPECT.singleByte.length; i++) {
    var enc = EXPECT.singleByte[i][0];
    var table = EXPECT.singleByte[i][1];
    attempt(enc + ' bytes 00-7F', function () { return decode(enc, ascii); }, str(ascii));
    var got;
    try {
      got = decode(enc, high);
    } catch (e) {
      got = '';
    }
    for (j = 0; j < 128; j++) check(enc + ' byte ' + (128 + j).toString(16), got.charAt(j), str([table[j]]));
    for (j = 0; j < 128; j++) {
      if (table[j] < 0) {
        (function (b) {
          throws(enc + ' fatal byte ' + b.toString(16), function () { decode(enc, [b], { fatal: true }); }, 'TypeError');
        })(128 + j);
      }
    }
  }

  // Multi-byte samples (§10-§13 decoders; bytes from the pointer formulas): whole, fatal, and one byte at a time.
  for (i = 0; i < EXPECT.cjk.length; i++) {
    var c = EXPECT.cjk[i];
    var want = str(c[2]);
    attempt(c[0] + ' ' + c[1].join(' '), function () { return decode(c[0], c[1], { fatal: true }); }, want);
    attempt(c[0] + ' ' + c[1].join(' ') + ' streamed', function () {
      var d = new TextDecoder(c[0]);
      var out = '';
      for (var k = 0; k < c[1].length; k++) out += d.decode(bytes([c[1][k]]), { stream: true });
      return out + d.decode();
    }, want);
  }

  // BOM handling (§7.1 "serialize I/O queue" and decode()'s BOM sniffing for UTF-8/UTF-16).
  attempt('utf-8 BOM removed', function () { return decode('utf-8', [0xef, 0xbb, 0xbf, 0x41]); }, 'A');
  attempt('utf-8 BOM kept with ignoreBOM', function () { return decode('utf-8', [0xef, 0xbb, 0xbf, 0x41], { ignoreBOM: true }); }, '\ufeffA');
  attempt('utf-8 only the first BOM', function () { return decode('utf-8', [0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf]); }, '\ufeff');
  attempt('utf-16le BOM removed', function () { return decode('utf-16le', [0xff, 0xfe, 0x41, 0x00]); }, 'A');
  attempt('utf-16be BOM removed', function () { return decode('utf-16be', [0xfe, 0xff, 0x00, 0x41]); }, 'A');
  attempt('utf-16le decoder keeps a big-endian BOM as U+FFFE', function () { return decode('utf-16le', [0xfe, 0xff]); }, '\ufffe');
  attempt('BOM split across stream calls', function () {
    var d = new TextDecoder();
    return d.decode(bytes([0xef]), { stream: true }) + d.decode(bytes([0xbb]), { stream: true }) + d.decode(bytes([0xbf, 0x42]));
  }, 'B');
  attempt('a new stream strips the BOM again', function () {
    var d = new TextDecoder();
    d.decode(bytes([0xef, 0xbb, 0xbf, 0x41]));
    return d.decode(bytes([0xef, 0xbb, 0xbf, 0x41]));
  }, 'A');

  // UTF-8 errors (§8.1.1 UTF-8 decoder; "maximal subpart" replacement).
  var utf8Cases = [
    [[0xff], '\ufffd'],
    [[0xc0, 0x80], '\ufffd\ufffd'],
    [[0xed, 0xa0, 0x80], '\ufffd\ufffd\ufffd'],
    [[0xf0, 0x9f, 0x92], '\ufffd'],
    [[0xe2, 0x82, 0x41], '\ufffdA'],
    [[0xf4, 0x90, 0x80, 0x80], '\ufffd\ufffd\ufffd\ufffd'],
    [[0xf0, 0x9f, 0x98, 0x80], '\ud83d\ude00'],
    [[0xef, 0xbf, 0xbf], '\uffff'],
  ];
  for (i = 0; i < utf8Cases.length; i++) {
    (function (u) {
      attempt('utf-8 ' + u[0].join(' '), function () { return decode('utf-8', u[0]); }, u[1]);
      if (u[1].indexOf('\ufffd') >= 0) throws('utf-8 fatal ' + u[0].join(' '), function () { decode('utf-8', u[0], { fatal: true }); }, 'TypeError');
    })(utf8Cases[i]);
  }
  attempt('utf-8 sequence cut at end of stream', function () {
    var d = new TextDecoder();
    return d.decode(bytes([0xe2, 0x82]), { stream: true }) + d.decode();
  }, '\ufffd');

  // UTF-16 (§14.2 shared UTF-16 decoder).
  attempt('utf-16le pair', function () { return decode('utf-16le', [0x3d, 0xd8, 0x00, 0xde]); }, '\ud83d\ude00');
  attempt('utf-16le lone lead', function () { return decode('utf-16le', [0x3d, 0xd8, 0x41, 0x00]); }, '\ufffdA');
  attempt('utf-16le odd byte', function () { return decode('utf-16le', [0x41, 0x00, 0x42]); }, 'A\ufffd');
  attempt('utf-16be pair', function () { return decode('utf-16be', [0xd8, 0x3d, 0xde, 0x00]); }, '\ud83d\ude00');
  throws('utf-16le fatal lone trail', function () { decode('utf-16le', [0x00, 0xdc], { fatal: true }); }, 'TypeError');

  // ISO-2022-JP (§12.2): an escape followed by nothing is an error; ESC ( J is Roman.
  attempt('iso-2022-jp roman', function () { return decode('iso-2022-jp', [0x1b, 0x28, 0x4a, 0x5c, 0x7e]); }, '\u00a5\u203e');
  attempt('iso-2022-jp two escapes in a row', function () { return decode('iso-2022-jp', [0x1b, 0x28, 0x42, 0x1b, 0x28, 0x42, 0x41]); }, '\ufffdA');

  // TextEncoder (§7.3): UTF-8, lone surrogates as U+FFFD (bytes by an independent encoder).
  for (i = 0; i < EXPECT.encode.length; i++) {
    (function (e) {
      attempt('encode ' + JSON.stringify(e[0]), function () { return Array.prototype.join.call(new TextEncoder().encode(e[0]), ','); }, e[1].join(','));
    })(EXPECT.encode[i]);
  }
  attempt('TextEncoder encoding', function () { return new TextEncoder().encoding; }, 'utf-8');
  attempt('encode() result is a Uint8Array of this realm', function () { return new TextEncoder().encode('a') instanceof Uint8Array; }, true);

  // encodeInto (§7.4): whole scalar values only; read counts UTF-16 units.
  var intoCases = [
    ['h\u00e9llo', 4, 3, 4, '104,195,169,108'],
    ['h\u00e9llo', 2, 1, 1, '104,0'],
    ['\ud83d\ude00', 3, 0, 0, '0,0,0'],
    ['\ud83d\ude00', 4, 2, 4, '240,159,152,128'],
    ['abc', 0, 0, 0, ''],
    ['\ud800', 3, 1, 3, '239,191,189'],
    ['\u20ac', 2, 0, 0, '0,0'],
  ];
  for (i = 0; i < intoCases.length; i++) {
    (function (t) {
      attempt('encodeInto ' + JSON.stringify(t[0]) + ' into ' + t[1], function () {
        var dest = new Uint8Array(t[1]);
        var r = new TextEncoder().encodeInto(t[0], dest);
        return r.read + '/' + r.written + '/' + Array.prototype.join.call(dest, ',');
      }, t[2] + '/' + t[3] + '/' + t[4]);
    })(intoCases[i]);
  }

  // WebIDL basics: brand checks, construct-only, toStringTag.
  throws('TextDecoder.prototype.decode on a plain object', function () { TextDecoder.prototype.decode.call({}); }, 'TypeError');
  throws('TextDecoder called without new', function () { TextDecoder(); }, 'TypeError');
  throws('encoding getter on a plain object', function () { Object.getOwnPropertyDescriptor(TextDecoder.prototype, 'encoding').get.call({}); }, 'TypeError');
  attempt('toStringTag', function () { return Object.prototype.toString.call(new TextDecoder()); }, '[object TextDecoder]');
  attempt('TextDecoder.name', function () { return TextDecoder.name; }, 'TextDecoder');
  throws('decode of a non-buffer', function () { new TextDecoder().decode('abc'); }, 'TypeError');

  return { passed: passed, total: total, failures: failures };
}
