// text-encoding-wasm/extra's types (tsc --noEmit by tools/test-js.sh).
import { LegacyEncoder, ready } from 'text-encoding-wasm/extra';
import type { LegacyEncoderError, LegacyEncoderMode } from 'text-encoding-wasm/extra';

void ready();
const mode: LegacyEncoderMode = 'html';
const enc = new LegacyEncoder('shift_jis', { mode });
const out: Uint8Array = enc.encode('x', { stream: true });
const r = enc.encodeInto('x', new Uint8Array(4), { stream: false });
const n: number = r.read + r.written + out.length + enc.encoding.length;
try { new LegacyEncoder('euc-kr').encode('\u00e9'); } catch (e) { const cp: number = (e as LegacyEncoderError).codePoint + n; void cp; }
// @ts-expect-error: not a mode
new LegacyEncoder('big5', { mode: 'replacement' });
