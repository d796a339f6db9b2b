// text-encoding-wasm/detect's types: what a TypeScript user writes compiles.
import { EncodingDetector, detect, ready, type EncodingGuess } from 'text-encoding-wasm/detect';
import { TextDecoder } from 'text-encoding-wasm';

void ready().then(() => undefined);
const detector = new EncodingDetector({ allowIso2022jp: false });
const nonAscii: boolean = detector.feed(new Uint8Array([0x82, 0xa0]), { stream: true });
detector.feed();
const guess: EncodingGuess = detector.guess({ tld: 'jp', allowUtf8: false });
const confident: boolean = guess.confident;
new TextDecoder(guess.encoding).decode(new Uint8Array(0));
detect(new ArrayBuffer(1), { tld: 'ru' }).encoding satisfies string;
// @ts-expect-error: the guess is an encoding name, not an arbitrary string
const wrong: EncodingGuess['encoding'] = 'latin1';
void nonAscii; void confident; void wrong;
