// The published `engines` names exactly the Node lines that are tested: the
// Node running this suite and the ones the runtime matrix adds
// (tools/runtimes/node-versions.mjs). A Node line added, dropped or moved on
// either side without the other fails here.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import test from 'node:test';
import { OTHER_NODES } from '../../tools/runtimes/node-versions.mjs';
import { PROJECT } from './helpers.mjs';

const installed = JSON.parse(readFileSync(join(PROJECT, 'node_modules/text-encoding-wasm/package.json'), 'utf8'));

test('engines.node is one caret range per tested Node line, from the tested version', () => {
  const tested = [process.version.slice(1), ...OTHER_NODES].sort((a, b) => parseInt(a, 10) - parseInt(b, 10));
  assert.equal(installed.engines.node, tested.map((v) => `^${v}`).join(' || '));
});
