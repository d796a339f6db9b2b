// Hermes, React Native's engine, for the runtime matrix (tools/runtime-matrix.mjs)
// and the toolchain matrix's Metro rows (tools/toolchain-matrix.mjs): the CLI
// of the npm package hermes-engine-cli (a devDependency), run on a script as
// source and, compiled by its hermesc, as bytecode (what a release app ships).
//
// Scripts are lowered as a React Native build lowers them: Metro runs every
// file through @react-native/babel-preset. The preset's 'default' transform
// profile is used: its 'hermes-stable' profile keeps classes for the Hermes
// React Native ships now, which the CLI's Hermes 0.12 cannot parse.
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const root = new URL('../..', import.meta.url).pathname.replace(/\/$/, '');
const bin = `${root}/node_modules/hermes-engine-cli/linux64-bin`;

export const hermesVersion = () => require('hermes-engine-cli/package.json').version;
export const presetVersion = () => require('@react-native/babel-preset/package.json').version;

/** Why Hermes cannot run here, or null. */
export function hermesMissing() {
  if (process.platform !== 'linux' || process.arch !== 'x64') return `hermes-engine-cli has no binary for ${process.platform}-${process.arch} here`;
  if (!existsSync(`${bin}/hermes`)) return 'node_modules/hermes-engine-cli/linux64-bin/hermes missing (npm devDependency hermes-engine-cli)';
  return null;
}

/** A classic script lowered by @react-native/babel-preset, as Metro's transformer does each file. */
export function lowerLikeMetro(code) {
  const babel = require('@babel/core');
  return babel.transformSync(code, {
    babelrc: false,
    configFile: false,
    sourceType: 'script',
    compact: true,
    comments: false,
    // Helpers inlined rather than required from @babel/runtime: a classic script has no module system to require them with.
    presets: [[require.resolve('@react-native/babel-preset'), { unstable_transformProfile: 'default', enableBabelRuntime: false }]],
  }).code;
}

/**
 * Runs `file` (a script that prints one JSON line last) in Hermes; with
 * `bytecode`, first compiles it with hermesc -O. Returns the parsed line.
 */
export function runHermes(file, { bytecode = false } = {}) {
  let target = file;
  if (bytecode) {
    target = file.replace(/\.js$/, '.hbc');
    const c = spawnSync(`${bin}/hermesc`, ['-emit-binary', '-O', '-w', '-out', target, file], { encoding: 'utf8', maxBuffer: 64 << 20, timeout: 300_000 });
    if (c.status !== 0) throw new Error(`hermesc exit ${c.status}: ${(c.stderr || '').slice(0, 400)}`);
  }
  const p = spawnSync(`${bin}/hermes`, bytecode ? [target] : ['-w', target], { encoding: 'utf8', timeout: 300_000, maxBuffer: 64 << 20 });
  const out = (p.stdout || '').trim().split('\n').pop();
  try {
    return JSON.parse(out);
  } catch (_) {
    throw new Error(`hermes exit ${p.status}: ${((p.stderr || '') + (p.stdout || '')).slice(0, 400)}`);
  }
}

/**
 * Writes a script that deletes the natives (Hermes 0.12 has none; a newer one
 * may), runs `body` (what sets the globals, e.g. a Metro bundle), then the
 * lowered conformance harness, and prints { before, backend, result }.
 * `backendExpr` is evaluated after `body` to say which backend ran.
 */
export function writeConformanceScript(file, body, harness, expect, backendExpr) {
  writeFileSync(file, [
    'var __before = typeof WebAssembly + "/" + typeof TextDecoder;',
    'delete globalThis.TextDecoder; delete globalThis.TextEncoder;',
    body,
    lowerLikeMetro(harness),
    `print(JSON.stringify({ before: __before, backend: ${backendExpr}, result: runConformance(${JSON.stringify(expect)}) }));`,
  ].join('\n'));
}
