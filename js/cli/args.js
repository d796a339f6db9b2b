// Command-line parsing for `text-encoding-wasm` (js/cli/main.js). Hand-rolled:
// the package has no runtime dependencies, and the grammar is small.

export const USAGE = `Usage: text-encoding-wasm -f FROM -t TO [--fatal | --html] [FILE...]
       text-encoding-wasm -l | --list
       text-encoding-wasm -h | --help

Converts text between the encodings of the WHATWG Encoding Standard, with the
package's own TextDecoder and encoders (WebAssembly; no native TextDecoder needed).
Reads the FILEs in order as one stream (stdin when there are none, or for '-'),
writes to stdout, in 64 KiB chunks: memory stays constant on any input size.

  -f, --from LABEL  the input's encoding: any label of the standard (-l);
                    a BOM is removed from UTF-8, UTF-16LE and UTF-16BE input
  -t, --to LABEL    the output's encoding: any label of an encoding with an
                    encoder (-l). UTF-16LE/UTF-16BE have no encoder in the
                    standard: their output is the text's UTF-16 code units as
                    they are, with no BOM.
      --fatal       malformed input and characters TO cannot encode are errors
                    (exit 1; stderr names the byte or character offset; the
                    output written up to there stays, and stderr says it is partial)
      --html        characters TO cannot encode become &#N; (as HTML form
                    submission does)
                    Without either option, malformed input decodes to U+FFFD and
                    characters TO cannot encode are written as '?' (counted on stderr).
  -l, --list        list the 40 encodings, their labels, and which can be TO,
                    and the UTF-8 variants beyond the standard (wtf-8, cesu-8,
                    modified-utf-8, iso-10646-utf-8), usable as FROM and TO
  -h, --help        this text

Exit status: 0 done; 1 a --fatal error (or a read/write error); 2 bad usage or
an invalid label (including the replacement encoding's labels).`;

export class UsageError extends Error {}

/** argv (without node and script) -> { from, to, mode: 'replace'|'fatal'|'html', files, list, help }. */
export function parseArgs(argv) {
  const o = { from: null, to: null, mode: 'replace', files: [], list: false, help: false };
  const value = (i, name) => {
    if (i + 1 >= argv.length) throw new UsageError(`option ${name} needs a label`);
    return argv[i + 1];
  };
  let onlyFiles = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (onlyFiles || a === '-' || !a.startsWith('-')) {
      o.files.push(a);
      continue;
    }
    // --from=LABEL, --to=LABEL, and -fLABEL / -tLABEL as getopt allows.
    const eq = a.startsWith('--') ? a.indexOf('=') : -1;
    const name = eq >= 0 ? a.slice(0, eq) : a.startsWith('--') ? a : a.slice(0, 2);
    const inline = eq >= 0 ? a.slice(eq + 1) : !a.startsWith('--') && a.length > 2 ? a.slice(2) : null;
    switch (name) {
      case '--':
        onlyFiles = true;
        break;
      case '-f':
      case '--from':
      case '-t':
      case '--to': {
        const v = inline !== null ? inline : value(i++, name);
        if (name === '-f' || name === '--from') o.from = v;
        else o.to = v;
        break;
      }
      case '--fatal':
      case '--html': {
        const mode = name.slice(2);
        if (o.mode !== 'replace' && o.mode !== mode) throw new UsageError('--fatal and --html cannot be used together');
        o.mode = mode;
        break;
      }
      case '-l':
      case '--list':
        o.list = true;
        break;
      case '-h':
      case '--help':
        o.help = true;
        break;
      default:
        throw new UsageError(`unknown option ${a}`);
    }
  }
  if (!o.help && !o.list) {
    if (o.from === null) throw new UsageError('missing -f FROM');
    if (o.to === null) throw new UsageError('missing -t TO');
  }
  return o;
}
