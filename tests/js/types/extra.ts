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

import { Cesu8Encoder, Iso10646Utf8Decoder, Iso10646Utf8Encoder, ModifiedUtf8Decoder, Wtf8Decoder, Wtf8Encoder, readUTF, writeUTF, wtf8Concat } from 'text-encoding-wasm/extra';
import type { Iso10646Malformation, VariantDecodeError } from 'text-encoding-wasm/extra';

const w: Uint8Array = new Wtf8Encoder().encode('\ud800', { stream: true });
const s: string = new Wtf8Decoder({ fatal: true }).decode(w) + new ModifiedUtf8Decoder().decode(new Uint8Array(2).buffer);
const joined: Uint8Array = wtf8Concat(w, w);
const rec: { value: string; byteLength: number } = readUTF(writeUTF(s));
const into = new Cesu8Encoder({ fatal: true }).encodeInto('x', new Uint8Array(3));
const values: Uint32Array = new Iso10646Utf8Decoder().decode(new Iso10646Utf8Encoder().encode([0x7fffffff]));
const m: Iso10646Malformation[] = new Iso10646Utf8Decoder().decodeDetailed(joined).malformations;
try { new Wtf8Decoder({ fatal: true }).decode(new Uint8Array([0xff])); } catch (e) { const o: number = (e as VariantDecodeError).offset; void o; }
void [into.read, rec.byteLength, values.length, m.length];
// @ts-expect-error: Wtf8Encoder never fails, so it has no options
new Wtf8Encoder({ fatal: true });
