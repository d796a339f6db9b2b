// TypeScript consumers of the installed package (issue 19): a small project per
// resolution mode (nodenext as ESM and as CommonJS, bundler, node10), each
// importing every typed entry of the matrix (tools/entries.mjs) and using the
// globals a polyfill entry installs, type-checked with lib "es2022" alone (so
// the package's own global declarations are what makes them known) and again
// with lib "dom" beside them (which must not conflict).
//
//   node tools/type-consumers.mjs <project dir with text-encoding-wasm installed> <tsc.js>
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { entries } from './entries.mjs';

const [project, tsc] = process.argv.slice(2);
const typed = entries().filter((e) => e.subpath && e.types);
// node10 knows no subpaths except through typesVersions, which the package has for every typed entry.
const MODES = [
  { name: 'nodenext-esm', module: 'nodenext', resolution: 'nodenext', type: 'module' },
  { name: 'nodenext-cjs', module: 'nodenext', resolution: 'nodenext', type: 'commonjs' },
  { name: 'bundler', module: 'esnext', resolution: 'bundler', type: 'module' },
  { name: 'node10', module: 'commonjs', resolution: 'node10', type: 'commonjs' },
];
const imports = typed.map((e, i) => `import * as entry${i} from 'text-encoding-wasm${e.subpath.slice(1)}';`).join('\n');
const source = `${imports}
import 'text-encoding-wasm/polyfill';
// Every entry has ready(); the class entries their classes.
const waits: Promise<void>[] = [${typed.map((_, i) => `entry${i}.ready()`).join(', ')}];
const decoded: string = new entry0.TextDecoder('shift_jis').decode(new Uint8Array([0x82, 0xa0]));
// The globals the polyfill installed.
const text: string = new TextDecoder('utf-8', { fatal: true }).decode(new TextEncoder().encode(decoded));
const into = new TextEncoder().encodeInto(text, new Uint8Array(8));
const sum: number = into.read + into.written;
const stream = new TextDecoderStream('euc-kr');
const label: string = stream.encoding;
export { waits, sum, label };
`;
for (const mode of MODES) {
  for (const lib of [['es2022'], ['es2022', 'dom']]) {
    const dir = join(project, `types-${mode.name}-${lib.join('-')}`);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    symlinkSync(join(project, 'node_modules'), join(dir, 'node_modules'));
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: mode.type }));
    writeFileSync(join(dir, 'consumer.ts'), source);
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({
      compilerOptions: { target: 'es2022', lib, module: mode.module, moduleResolution: mode.resolution, strict: true, noEmit: true, skipLibCheck: false, types: [] },
      include: ['consumer.ts'],
    }));
    execFileSync(process.execPath, [tsc, '-p', join(dir, 'tsconfig.json')], { stdio: 'inherit' });
    console.log(`type-consumers: ${mode.name}, lib ${lib.join('+')}: ${typed.length} entries and the polyfill's globals type-check`);
  }
}
