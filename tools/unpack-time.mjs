// First-use cost of each CJK index in Node: a fresh process per index loads
// pkg/dist/index.js and has the module unpack that index (the runtime's
// indexTable, which the encoders module uses: src/tables/mod.rs unpacks at the
// first call), timed alone; then decodes two bytes that need the index, as a
// check. The time includes compiling the unpacker (lazily, first tier), as a
// page's first use of an encoding does. Prints a markdown table, the median of
// RUNS processes per index, for each build: the wasm module (dist/index.js),
// the no-WebAssembly build (dist/js.js: the core as wasm2js JavaScript, the
// indexes unpacked by js/no-wasm/unpack-index.js), and the same under
// `node --jitless` (interpreted, as Hermes and QuickJS run it).
//
//   node tools/unpack-time.mjs [wasm|js|jitless ...]   (after npm run build; tools/size-report.sh runs it)
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const RUNS = Number(process.env.UNPACK_RUNS || 5);
const LIMIT_MS = 5;
// index -> [label, bytes that the decoder looks up in that index]
const PROBES = {
  jis0208: ['shift_jis', [0x88, 0x9f]],
  jis0212: ['euc-jp', [0x8f, 0xb0, 0xa1]],
  'euc-kr': ['euc-kr', [0xb0, 0xa1]],
  gb18030: ['gbk', [0xb0, 0xa1]],
  big5: ['big5', [0xa4, 0x40]],
};

if (process.argv[2] === '--child') {
  const [label, hex] = [process.argv[3], process.argv[4]];
  // UNPACK_DIST: another built dist/ (a baseline), else this tree's pkg/dist.
  const entry = new URL(`${process.env.UNPACK_DIST || new URL('../pkg/dist', import.meta.url).pathname}/${process.argv[6]}`, 'file://');
  const { TextDecoder, ready } = await import(entry);
  await ready();
  const runtime = ready[Symbol.for('text-encoding-wasm.runtime')]('unpack-time');
  const which = Object.keys(PROBES).indexOf(process.argv[5]);
  const bytes = Uint8Array.from(hex.split(',').map(Number));
  // Warm the shared paths (the module, the decode call) with UTF-8 first.
  new TextDecoder().decode(Uint8Array.of(0x41, 0xc3, 0xa9));
  // CPU time of this process (all its threads) as well as wall time: on a
  // loaded machine the wall time mostly measures the other processes.
  const cpu = () => { const u = process.cpuUsage(); return u.user + u.system; };
  const t = process.hrtime.bigint();
  const c = cpu();
  runtime.indexTable(which, 2);
  const firstNs = process.hrtime.bigint() - t;
  const firstCpu = cpu() - c;
  const decoded = new TextDecoder(label).decode(bytes);
  if (decoded.length === 0 || decoded.includes('\uFFFD')) throw new Error(`${label}: unexpected decode ${JSON.stringify(decoded)}`);
  process.stdout.write(`${Number(firstNs) / 1e6} ${firstCpu / 1e3}`);
} else {
  const script = fileURLToPath(import.meta.url);
  const BUILDS = {
    wasm: { what: 'wasm (dist/index.js)', file: 'index.js', flags: [] },
    js: { what: 'no-wasm (dist/js.js)', file: 'js.js', flags: [] },
    jitless: { what: 'no-wasm, node --jitless', file: 'js.js', flags: ['--jitless', '--no-warnings'] },
  };
  const builds = process.argv.slice(2).filter((b) => BUILDS[b]);
  console.log(`| build | index | unpack at first use, wall ms (median of ${RUNS} fresh Node processes) | min | CPU ms (median) | min | goal (<= ${LIMIT_MS} ms, CPU median) |`);
  console.log('|---|---|--:|--:|--:|--:|---|');
  const f = (x) => x.toFixed(2);
  for (const build of builds.length ? builds : Object.keys(BUILDS)) {
    const { what, file, flags } = BUILDS[build];
    for (const [index, [label, bytes]] of Object.entries(PROBES)) {
      const wall = [];
      const cpu = [];
      for (let i = 0; i < RUNS; i++) {
        const [w, c] = execFileSync(process.execPath, [...flags, script, '--child', label, bytes.join(','), index, file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).split(' ').map(Number);
        wall.push(w);
        cpu.push(c);
      }
      wall.sort((a, b) => a - b);
      cpu.sort((a, b) => a - b);
      const median = cpu[cpu.length >> 1];
      const goal = build === 'jitless' ? '(interpreted: no goal)' : median <= LIMIT_MS ? 'met' : '**not met**';
      console.log(`| ${what} | ${index} | ${f(wall[wall.length >> 1])} | ${f(wall[0])} | ${f(median)} | ${f(cpu[0])} | ${goal} |`);
    }
  }
}
