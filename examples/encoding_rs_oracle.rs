//! encoding_rs as an oracle for the JavaScript tests of the package's legacy
//! encoders (tests/js/extra-legacy-encoding-rs.test.mjs): the JS side cannot
//! link encoding_rs, so it runs this program. Not part of the library.
//!
//! Usage: encoding_rs_oracle LABEL html|fatal < UTF-16LE code units
//!        encoding_rs_oracle LABEL html-batch|fatal-batch < strings
//!
//!        encoding_rs_oracle LABEL decode-batch < byte strings (each a u32 LE
//!        length then the bytes; each answered as a u32 LE unit count then units)
//!        encoding_rs_oracle LABEL decode < bytes   (UTF-16LE out: the decoders
//!        through the composed builds, tests/js/composed-builds.test.mjs)
//!
//! `html`: writes encoding_rs's output for the whole input, in one call, with
//! its HTML numeric character reference replacement (the spec's "html" mode).
//! `fatal`: encodes without replacement; at each unmappable character writes a
//! record and goes on after it with the same encoder (as a caller of
//! LegacyEncoder does): records are u32 LE byte count, the bytes, u32 LE code
//! point (0xFFFFFFFF: the end), u32 LE code units consumed so far.
//! The batch modes take many strings, each a u32 LE unit count then its units,
//! and answer each with a fresh encoder: html-batch as a u32 LE byte count then
//! the bytes, fatal-batch as the records above.

use std::io::{Read, Write};

use encoding_rs::{EncoderResult, Encoding};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let [_, label, mode] = &args[..] else {
        eprintln!("usage: encoding_rs_oracle LABEL html|fatal < utf-16le, or LABEL decode < bytes");
        std::process::exit(2);
    };
    let Some(encoding) = Encoding::for_label(label.as_bytes()) else {
        eprintln!("encoding_rs_oracle: unknown label {label}");
        std::process::exit(2);
    };
    let mut raw = Vec::new();
    std::io::stdin().read_to_end(&mut raw).expect("stdin");
    if mode == "decode" {
        // The input is bytes: decoded whole, replacement mode, no BOM sniffing
        // (the encoding's decoder alone, as TextDecoder with ignoreBOM for the
        // legacy encodings), written as UTF-16LE units.
        let (text, _) = encoding.decode_without_bom_handling(&raw);
        let bytes: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
        std::io::stdout().write_all(&bytes).expect("stdout");
        return;
    }
    if mode == "decode-batch" {
        // Many byte strings (each a u32 LE length, then the bytes), each
        // decoded as `decode` does, answered as a u32 LE unit count then the
        // UTF-16LE units (tests/js/hostile-fuzz.test.mjs).
        let mut out = std::io::BufWriter::new(std::io::stdout().lock());
        let mut at = 0;
        while at + 4 <= raw.len() {
            let n = (u32::from_le_bytes([raw[at], raw[at + 1], raw[at + 2], raw[at + 3]]) as usize).min(raw.len() - at - 4);
            let (text, _) = encoding.decode_without_bom_handling(&raw[at + 4..at + 4 + n]);
            at += 4 + n;
            let units: Vec<u16> = text.encode_utf16().collect();
            out.write_all(&(units.len() as u32).to_le_bytes()).expect("stdout");
            for unit in units {
                out.write_all(&unit.to_le_bytes()).expect("stdout");
            }
        }
        return;
    }
    let units: Vec<u16> = raw.chunks_exact(2).map(|c| u16::from_le_bytes([c[0], c[1]])).collect();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    match mode.as_str() {
        "html" => out.write_all(&html(encoding, &units)).expect("stdout"),
        "fatal" => fatal(encoding, &units, &mut out),
        "html-batch" | "fatal-batch" => {
            let mut at = 0;
            while at + 2 <= units.len() {
                let n = (usize::from(units[at]) | (usize::from(units[at + 1]) << 16)).min(units.len() - at - 2);
                let string = &units[at + 2..at + 2 + n];
                at += 2 + n;
                if mode == "html-batch" {
                    let bytes = html(encoding, string);
                    out.write_all(&(bytes.len() as u32).to_le_bytes()).expect("stdout");
                    out.write_all(&bytes).expect("stdout");
                } else {
                    fatal(encoding, string, &mut out);
                }
            }
        }
        _ => {
            eprintln!("encoding_rs_oracle: mode must be html, fatal, html-batch or fatal-batch");
            std::process::exit(2);
        }
    }
}

/// encoding_rs's output with HTML numeric character references, in one call.
fn html(encoding: &'static Encoding, units: &[u16]) -> Vec<u8> {
    let mut encoder = encoding.new_encoder();
    let mut dst = vec![0u8; encoder_cap(units.len())];
    let (result, read, written, _) = encoder.encode_from_utf16(units, &mut dst, true);
    assert!(matches!(result, encoding_rs::CoderResult::InputEmpty) && read == units.len());
    dst.truncate(written);
    dst
}

/// The records of a fatal encode that resumes after each unmappable character.
fn fatal(encoding: &'static Encoding, units: &[u16], out: &mut impl Write) {
    let mut encoder = encoding.new_encoder();
    let mut dst = vec![0u8; encoder_cap(units.len())];
    let mut at = 0;
    loop {
        let (result, read, written) = encoder.encode_from_utf16_without_replacement(&units[at..], &mut dst, true);
        at += read;
        let cp = match result {
            EncoderResult::InputEmpty => u32::MAX,
            EncoderResult::Unmappable(c) => c as u32,
            EncoderResult::OutputFull => unreachable!("the buffer has room for the worst case"),
        };
        out.write_all(&(written as u32).to_le_bytes()).expect("stdout");
        out.write_all(&dst[..written]).expect("stdout");
        out.write_all(&cp.to_le_bytes()).expect("stdout");
        out.write_all(&(at as u32).to_le_bytes()).expect("stdout");
        if cp == u32::MAX {
            break;
        }
    }
}

/// Room for any encoder's output for `n` units, NCRs included ("&#1114111;" is
/// 10 bytes; ISO-2022-JP adds escapes).
fn encoder_cap(n: usize) -> usize {
    (n + 1) * 16 + 16
}
