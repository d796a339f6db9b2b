// The demo page: open a file in an unknown legacy encoding, see the guess and
// the text, switch encoding and error mode, see where the invalid sequences
// are, convert and download; and a second view comparing the package with the
// browser's own TextDecoder. It loads the built package (pkg/dist/, served at
// /pkg/) as a user's page would, with no bundler.
import { TextDecoder as PkgTextDecoder, TextDecoderStream as PkgTextDecoderStream, ready } from '/pkg/index.js';
import * as extra from '/pkg/extra.js';
import { EncodingDetector, ready as detectorReady } from '/pkg/detect.js';
import { ENCODING_NAMES } from './encoding-names.js';

/** The browser's own decoder (the package installs nothing globally). */
const NativeTextDecoder = globalThis.TextDecoder;

/** The Encoding Standard's encodings (§4.2), by name (generated, www/encoding-names.js); "replacement" is reached through one of its labels. */
const ENCODINGS = ENCODING_NAMES.filter((name) => name !== 'replacement');
const LABEL = (name) => (name === 'replacement' ? 'iso-2022-kr' : name);

/** Files up to this size are read whole; larger ones stream through TextDecoderStream. */
const WHOLE_LIMIT = 16 << 20;
/** Detection reads at most this much of a file. */
const DETECT_BYTES = 4 << 20;
/** Characters shown; the rest is counted. */
const SHOW_CHARS = 1 << 20;
/** Invalid-sequence offsets are located in this much of the input (byte-by-byte decoding). */
const SCAN_BYTES = 256 << 10;

const $ = (id) => document.getElementById(id);
const state = { blob: null, name: 'input', bytes: null, run: 0, abort: null, guess: null };
const timings = (window.tewTimings = { loadStart: 0, lastDecodeMs: NaN });

// --- views ------------------------------------------------------------------
function showView() {
  const conformance = location.hash === '#conformance';
  $('view-open').hidden = conformance;
  $('view-conformance').hidden = !conformance;
  $('tab-open').toggleAttribute('aria-current', !conformance);
  $('tab-conformance').toggleAttribute('aria-current', conformance);
  if (conformance) $('tab-conformance').setAttribute('aria-current', 'page');
  else $('tab-open').setAttribute('aria-current', 'page');
}
addEventListener('hashchange', showView);

// --- input ------------------------------------------------------------------
function setStatus(text, isError = false) {
  $('status').textContent = text;
  $('status').className = isError ? 'error' : '';
}

async function openBlob(blob, name) {
  timings.loadStart = performance.now();
  $('convert-status').textContent = '';
  $('convert-status').className = '';
  state.blob = blob;
  state.name = name;
  state.bytes = blob.size <= WHOLE_LIMIT ? new Uint8Array(await blob.arrayBuffer()) : null;
  await detectorReady();
  const detector = new EncodingDetector();
  const whole = blob.size <= DETECT_BYTES;
  const head = state.bytes ? state.bytes.subarray(0, DETECT_BYTES) : new Uint8Array(await blob.slice(0, DETECT_BYTES).arrayBuffer());
  detector.feed(head, { stream: !whole });
  if (!whole) detector.feed();
  const guess = (state.guess = detector.guess());
  $('detected').textContent = `${guess.encoding}${guess.confident ? ' (confident)' : ' (a weak guess)'}${whole ? '' : ' from the first 4 MiB'}`;
  $('encoding').value = guess.encoding;
  $('convert').disabled = false;
  await decodeAndShow();
}

$('file').addEventListener('change', () => {
  const file = $('file').files[0];
  if (file) openBlob(file, file.name);
});
const drop = $('drop');
drop.addEventListener('dragover', (e) => { e.preventDefault(); drop.classList.add('over'); });
drop.addEventListener('dragleave', () => drop.classList.remove('over'));
drop.addEventListener('drop', (e) => {
  e.preventDefault();
  drop.classList.remove('over');
  const file = e.dataTransfer.files[0];
  if (file) openBlob(file, file.name);
});
$('hex-go').addEventListener('click', () => {
  const text = $('hex').value.replace(/0x|[\s,]/gi, '');
  if (!/^([0-9a-f]{2})*$/i.test(text)) {
    setStatus('Hex input: pairs of hex digits only (spaces, commas and 0x are ignored).', true);
    return;
  }
  const bytes = new Uint8Array(text.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(text.substr(2 * i, 2), 16);
  openBlob(new Blob([bytes]), 'pasted-bytes');
});

// --- decoding -------------------------------------------------------------
const mode = () => document.querySelector('input[name="mode"]:checked').value;
$('encoding').addEventListener('change', () => decodeAndShow());
for (const r of document.querySelectorAll('input[name="mode"]')) r.addEventListener('change', () => decodeAndShow());

function render(text, truncated) {
  const out = $('output');
  out.textContent = '';
  const shown = text.length > SHOW_CHARS ? text.slice(0, SHOW_CHARS) : text;
  const parts = shown.split('\uFFFD');
  const frag = document.createDocumentFragment();
  parts.forEach((part, i) => {
    if (i > 0) {
      const mark = document.createElement('mark');
      mark.textContent = '\uFFFD';
      mark.title = 'invalid sequence (or a U+FFFD in the input)';
      frag.append(mark);
    }
    frag.append(part);
  });
  out.append(frag);
  if (truncated || text.length > SHOW_CHARS) out.append(`\n… (first ${SHOW_CHARS.toLocaleString('en')} characters shown)`);
}

const hex2 = (b) => b.toString(16).padStart(2, '0');

/** Byte offsets at which a replacement-mode decoder emits U+FFFD, in the first SCAN_BYTES. */
async function invalidOffsets(bytes, encoding, run) {
  const decoder = new PkgTextDecoder(LABEL(encoding), { ignoreBOM: true });
  const offsets = [];
  const end = Math.min(bytes.length, SCAN_BYTES);
  for (let i = 0; i < end; i++) {
    const out = decoder.decode(bytes.subarray(i, i + 1), { stream: true });
    if (out.includes('\uFFFD')) offsets.push(i);
    if ((i & 16383) === 16383) {
      await new Promise((r) => setTimeout(r));
      if (run !== state.run) return null;
    }
  }
  if (end === bytes.length && decoder.decode().includes('\uFFFD')) offsets.push(end);
  return { offsets, complete: end === bytes.length };
}

async function showErrors(bytes, encoding, run, text) {
  const box = $('errors');
  box.textContent = '';
  if (!text.includes('\uFFFD') && mode() !== 'fatal') return;
  box.textContent = 'Locating invalid sequences…';
  const found = await invalidOffsets(bytes, encoding, run);
  if (!found || run !== state.run) return;
  const { offsets, complete } = found;
  const list = offsets.slice(0, 100).map((o) => {
    const around = Array.from(bytes.subarray(Math.max(0, o - 3), o + 1), hex2).join(' ');
    return `<li data-offset="${o}">byte ${o} (0x${o.toString(16)}): … ${around}</li>`;
  });
  box.innerHTML = `<p>${offsets.length} invalid sequence${offsets.length === 1 ? '' : 's'}${complete ? '' : ` in the first ${SCAN_BYTES / 1024} KiB`} (offset of the byte at which the decoder reported it):</p><ol id="error-offsets">${list.join('')}</ol>${offsets.length > 100 ? '<p>…</p>' : ''}`;
}

async function decodeAndShow() {
  if (!state.blob) return;
  const run = ++state.run;
  if (state.abort) state.abort();
  const encoding = $('encoding').value;
  const fatal = mode() === 'fatal';
  $('errors').textContent = '';
  await ready();
  if (state.bytes) {
    const started = performance.now();
    let text;
    try {
      text = new PkgTextDecoder(LABEL(encoding), { fatal }).decode(state.bytes);
    } catch (error) {
      render('', false);
      setStatus(`${encoding}, fatal: ${error.name}: ${error.message}`, true);
      showErrors(state.bytes, encoding, run, '');
      return;
    }
    render(text, false);
    timings.lastDecodeMs = performance.now() - timings.loadStart;
    document.body.dataset.decoded = String(run);
    setStatus(`${state.name}: ${state.bytes.length.toLocaleString('en')} bytes → ${text.length.toLocaleString('en')} UTF-16 units as ${encoding} in ${(performance.now() - started).toFixed(1)} ms.`);
    $('stats').textContent = '';
    showErrors(state.bytes, encoding, run, text);
    return;
  }
  await decodeStreaming(state.blob, encoding, fatal, run);
}

/** Big files: Blob stream -> byte counter -> TextDecoderStream, with a progress bar and Cancel. */
async function decodeStreaming(blob, encoding, fatal, run) {
  const started = performance.now();
  let read = 0;
  let units = 0;
  let shown = '';
  let replaced = 0;
  const counter = new TransformStream({ transform(chunk, c) { read += chunk.byteLength; c.enqueue(chunk); } });
  const reader = blob.stream().pipeThrough(counter).pipeThrough(new PkgTextDecoderStream(LABEL(encoding), { fatal })).getReader();
  let cancelled = false;
  state.abort = () => { cancelled = true; reader.cancel().catch(() => {}); };
  $('progress-box').hidden = false;
  $('progress').value = 0;
  render('', false);
  let lastPaint = 0;
  let lastYield = performance.now();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || cancelled) break;
      units += value.length;
      for (let i = value.indexOf('\uFFFD'); i !== -1; i = value.indexOf('\uFFFD', i + 1)) replaced++;
      if (shown.length < SHOW_CHARS) shown += value.slice(0, SHOW_CHARS - shown.length);
      const now = performance.now();
      // Buffered chunks resolve read() as microtasks, which never let the
      // browser paint or handle input: give it a task turn every ~30 ms.
      if (now - lastYield > 30) {
        await new Promise((r) => setTimeout(r));
        lastYield = performance.now();
        if (cancelled) break;
      }
      if (now - lastPaint > 100) {
        lastPaint = now;
        $('progress').value = read / blob.size;
        setStatus(`Decoding ${state.name} as ${encoding}: ${(read / 2 ** 20).toFixed(0)} of ${(blob.size / 2 ** 20).toFixed(0)} MiB…`);
        if (timings.firstChunk === undefined) {
          render(shown, true);
          timings.firstChunk = now;
        }
      }
    }
  } catch (error) {
    if (run === state.run) setStatus(`${encoding}, fatal: ${error.name}: ${error.message} (after ${read.toLocaleString('en')} bytes read)`, true);
    $('progress-box').hidden = true;
    return;
  } finally {
    if (run === state.run) state.abort = null;
  }
  $('progress-box').hidden = true;
  if (cancelled) {
    if (run === state.run) setStatus(`Cancelled after ${(read / 2 ** 20).toFixed(1)} MiB of ${(blob.size / 2 ** 20).toFixed(1)} MiB.`);
    document.body.dataset.cancelled = String(run);
    return;
  }
  render(shown, units > shown.length);
  const seconds = (performance.now() - started) / 1000;
  setStatus(`${state.name}: ${blob.size.toLocaleString('en')} bytes → ${units.toLocaleString('en')} UTF-16 units as ${encoding} in ${seconds.toFixed(1)} s (${(blob.size / 2 ** 20 / seconds).toFixed(0)} MiB/s), streamed.`);
  $('stats').textContent = `${replaced.toLocaleString('en')} U+FFFD in the output.`;
  document.body.dataset.decoded = String(run);
}
$('cancel').addEventListener('click', () => state.abort && state.abort());

// --- converting -------------------------------------------------------------
/** Target encodings: every encoding LegacyEncoder takes, plus any other *Encoder the extra entry exports. */
function targets() {
  const list = ENCODINGS.filter((name) => {
    try {
      new extra.LegacyEncoder(name);
      return true;
    } catch (_) {
      return false;
    }
  }).map((name) => ({ value: name, label: name, make: (m) => new extra.LegacyEncoder(name, { mode: m }) }));
  for (const key of Object.keys(extra).sort()) {
    if (key === 'LegacyEncoder' || !/Encoder$/.test(key) || typeof extra[key] !== 'function') continue;
    list.push({ value: `extra:${key}`, label: `${key} (extra)`, make: (m) => variantEncoder(key, m) });
  }
  return list;
}

/**
 * The extra entry's other encoders (WTF-8, CESU-8, modified UTF-8, 1996 UTF-8)
 * take { fatal } rather than a mode ("html" has no meaning for them); the 1996
 * UTF-8 encoder takes code points, not a string, so text is turned into code
 * points (a surrogate pair split between chunks waits for its second half).
 */
function variantEncoder(key, mode) {
  const encoder = new extra[key]({ fatal: mode === 'fatal' });
  if (key !== 'Iso10646Utf8Encoder') return encoder;
  let held = '';
  return {
    encode(text, options) {
      text = held + text;
      held = options && options.stream && /[\ud800-\udbff]$/.test(text) ? text.slice(-1) : '';
      if (held) text = text.slice(0, -1);
      return encoder.encode(Array.from(text, (c) => c.codePointAt(0)));
    },
  };
}

async function convert() {
  if (!state.blob) return;
  const target = TARGETS.find((t) => t.value === $('target').value);
  const tmode = document.querySelector('input[name="tmode"]:checked').value;
  const encoding = $('encoding').value;
  const status = $('convert-status');
  status.className = '';
  status.textContent = `Converting ${encoding} → ${target.label}…`;
  const encoder = target.make(tmode);
  const parts = [];
  let units = 0;
  try {
    const reader = state.blob.stream().pipeThrough(new PkgTextDecoderStream(LABEL(encoding), { fatal: mode() === 'fatal' })).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(encoder.encode(value, { stream: true }));
      units += value.length;
    }
    parts.push(encoder.encode(''));
  } catch (error) {
    status.className = 'error';
    const where = error.codePoint !== undefined ? ` (U+${error.codePoint.toString(16).toUpperCase().padStart(4, '0')} at character ${units + error.index})` : '';
    status.textContent = `Not converted: ${error.name}: ${error.message}${where}`;
    return;
  }
  const blob = new Blob(parts, { type: 'application/octet-stream' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = `${state.name.replace(/\.[^.]*$/, '')}.${target.value.replace(/^extra:/, '')}.txt`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 60_000);
  status.textContent = `Converted to ${target.label} (${tmode}): ${blob.size.toLocaleString('en')} bytes, downloaded as ${a.download}.`;
}
$('convert').addEventListener('click', convert);

// --- conformance view --------------------------------------------------------
function seeded(seed, length) {
  let a = seed >>> 0;
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i++) {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    out[i] = (t ^ (t >>> 14)) >>> 24;
  }
  return out;
}

function generatedInputs() {
  const every = Uint8Array.from({ length: 256 }, (_, i) => i);
  const pairs = new Uint8Array(65536 * 2);
  for (let i = 0; i < 65536; i++) { pairs[2 * i] = i >> 8; pairs[2 * i + 1] = i & 255; }
  return [
    { name: 'every byte', bytes: every },
    { name: 'every byte pair', bytes: pairs },
    { name: 'random 64 KiB', bytes: seeded(1, 65536) },
  ];
}

function decodeWith(Decoder, label, fatal, bytes, stream = false) {
  try {
    return { text: new Decoder(label, { fatal }).decode(bytes, { stream }) };
  } catch (error) {
    return { error: `${error.name}` };
  }
}

/** Smallest prefix length whose (streaming) decodes differ: the byte that makes the difference is the one before. */
function firstDifferingPrefix(label, fatal, bytes) {
  let lo = 0;
  let hi = bytes.length;
  const same = (n) => {
    const a = decodeWith(PkgTextDecoder, label, fatal, bytes.subarray(0, n), true);
    const b = decodeWith(NativeTextDecoder, label, fatal, bytes.subarray(0, n), true);
    return a.text === b.text && a.error === b.error;
  };
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (same(mid)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const codeUnits = (s) => Array.from(s || '', (c) => `U+${c.codePointAt(0).toString(16).toUpperCase().padStart(4, '0')}`).join(' ');

async function runConformance() {
  const status = $('conformance-status');
  await ready();
  const inputs = generatedInputs();
  if (state.bytes) inputs.unshift({ name: `your file (${state.name})`, bytes: state.bytes.subarray(0, 1 << 20) });
  const table = $('conformance-table');
  table.innerHTML = `<thead><tr><th>encoding</th>${inputs.map((i) => `<th>${i.name}</th>`).join('')}</tr></thead><tbody></tbody>`;
  const diffs = $('diffs');
  diffs.innerHTML = '';
  let differing = 0;
  let compared = 0;
  for (const name of [...ENCODINGS, 'replacement']) {
    const label = LABEL(name);
    const cells = [];
    for (const input of inputs) {
      const verdicts = [];
      for (const fatal of [false, true]) {
        const a = decodeWith(PkgTextDecoder, label, fatal, input.bytes);
        const b = decodeWith(NativeTextDecoder, label, fatal, input.bytes);
        compared++;
        if (a.text === b.text && a.error === b.error) continue;
        differing++;
        verdicts.push(fatal ? 'fatal' : 'replacement');
        const p = firstDifferingPrefix(label, fatal, input.bytes);
        const from = Math.max(0, p - 8);
        const window = input.bytes.subarray(from, Math.min(input.bytes.length, p + 8));
        const hex = Array.from(window, (b, i) => (from + i === p - 1 ? `<mark>${hex2(b)}</mark>` : hex2(b))).join(' ');
        const wa = decodeWith(PkgTextDecoder, label, fatal, window);
        const wb = decodeWith(NativeTextDecoder, label, fatal, window);
        diffs.insertAdjacentHTML('beforeend', `<details class="diff" open><summary>${name}, ${input.name}, ${fatal ? 'fatal' : 'replacement'}: first difference at byte ${p - 1}</summary>
          <p class="hex">bytes ${from}…: ${hex}</p>
          <p class="hex">package: ${wa.error || codeUnits(wa.text)}</p><p class="hex">browser: ${wb.error || codeUnits(wb.text)}</p></details>`);
      }
      cells.push(verdicts.length ? `<td class="differs">differs (${verdicts.join(', ')})</td>` : '<td class="same">same</td>');
    }
    table.tBodies[0].insertAdjacentHTML('beforeend', `<tr><th>${name}</th>${cells.join('')}</tr>`);
    status.textContent = `Compared ${compared} decodes…`;
    await new Promise((r) => setTimeout(r));
  }
  status.textContent = `${compared} decodes compared (${ENCODINGS.length + 1} encodings × ${inputs.length} inputs × 2 modes): ${differing} differ.`;
  document.body.dataset.conformance = String(differing);
}
$('run-conformance').addEventListener('click', runConformance);

// --- throughput -----------------------------------------------------------
const SPEED_TEXT = {
  'utf-8': 'Grüße, 日本語のテキスト, текст, plain ASCII words and numbers 12345. ',
  'windows-1252': 'Ceci est un texte français avec des accents: été, déjà, où, naïve. ',
  'windows-1251': 'Это пример русского текста для измерения скорости декодирования. ',
  shift_jis: '今日は朝から雨が降っていたので、駅まで傘をさして歩きました。',
  gbk: '今天早上下了一场大雨，我们只好在家里看书。',
  big5: '今天早上下了一場大雨，我們只好在家裡看書。',
  'euc-kr': '오늘 아침에는 비가 많이 와서 집에서 책을 읽었습니다.',
};

function throughput(Decoder, label, bytes) {
  const decoder = new Decoder(label);
  let runs = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < 250) {
    decoder.decode(bytes);
    runs++;
    elapsed = performance.now() - start;
  }
  return (bytes.length * runs) / 2 ** 20 / (elapsed / 1000);
}

async function runSpeed() {
  await ready();
  const rows = [];
  for (const [label, text] of Object.entries(SPEED_TEXT)) {
    $('speed-status').textContent = `Measuring ${label}…`;
    await new Promise((r) => setTimeout(r));
    const bytes = new extra.LegacyEncoder(label).encode(text.repeat(Math.ceil((1 << 20) / text.length)));
    const pkg = throughput(PkgTextDecoder, label, bytes);
    const native = throughput(NativeTextDecoder, label, bytes);
    rows.push({ label, pkg, native });
  }
  $('speed-status').textContent = `MiB/s decoding 1 MiB inputs, 250 ms per bar, in this browser (package / browser ratio beside each pair).`;
  $('chart').innerHTML = chart(rows);
  document.body.dataset.speed = JSON.stringify(rows);
}
$('run-speed').addEventListener('click', runSpeed);

function chart(rows) {
  const max = Math.max(...rows.flatMap((r) => [r.pkg, r.native]));
  const barH = 14;
  const rowH = 2 * barH + 14;
  const left = 100;
  const width = 560;
  const scale = (v) => ((width - left - 120) * v) / max;
  const bars = rows.map((r, i) => {
    const y = 10 + i * rowH;
    return `<text x="0" y="${y + barH + 4}" font-size="12">${r.label}</text>
      <rect x="${left}" y="${y}" width="${scale(r.pkg)}" height="${barH}" fill="#0a58ca"><title>package ${r.pkg.toFixed(0)} MiB/s</title></rect>
      <text x="${left + scale(r.pkg) + 4}" y="${y + barH - 3}" font-size="11">${r.pkg.toFixed(0)} (×${(r.pkg / r.native).toFixed(2)})</text>
      <rect x="${left}" y="${y + barH}" width="${scale(r.native)}" height="${barH}" fill="#999"><title>browser ${r.native.toFixed(0)} MiB/s</title></rect>
      <text x="${left + scale(r.native) + 4}" y="${y + 2 * barH - 3}" font-size="11">${r.native.toFixed(0)}</text>`;
  });
  const h = 20 + rows.length * rowH + 20;
  return `<svg viewBox="0 0 ${width} ${h}" width="${width}" role="img" aria-label="Decoding throughput, MiB/s: package (blue) and browser (grey)">
    ${bars.join('')}
    <rect x="${left}" y="${h - 16}" width="10" height="10" fill="#0a58ca"/><text x="${left + 14}" y="${h - 7}" font-size="11">text-encoding-wasm</text>
    <rect x="${left + 150}" y="${h - 16}" width="10" height="10" fill="#999"/><text x="${left + 164}" y="${h - 7}" font-size="11">this browser's TextDecoder</text></svg>`;
}

// --- start ------------------------------------------------------------------
// Where the engine compiled the module asynchronously, the classes wait for it.
await ready();
const TARGETS = targets();
$('encoding').innerHTML = ENCODINGS.map((n) => `<option>${n}</option>`).join('') + '<option value="replacement">replacement</option>';
$('target').innerHTML = TARGETS.map((t) => `<option value="${t.value}">${t.label}</option>`).join('');
$('target').value = 'utf-8';
showView();
document.body.dataset.ready = '1';
