// The wasm-bindgen-test body shared by tests/wasm_node.rs and tests/wasm_browser.rs:
// the exported functions of src/wasm.rs driven as the JS glue drives them
// (write into scratch memory, call, read results back), in real WebAssembly.

use text_encoding_wasm::wasm::{decode, encode, encoding_for_label, encoding_name, scratch, scratch_results, scratch_state, scratch_units};
use wasm_bindgen_test::wasm_bindgen_test;

const LAST: u32 = 1;
const FATAL: u32 = 2;
const FRESH: u32 = 4;
const SUBSTITUTE: u32 = 8;

/// Views of the scratch buffers. SAFETY (for every use below): the addresses come
/// from `scratch*()`, which returned buffers of at least the requested sizes that
/// live for the whole program (they only move when `scratch` grows them, and
/// these tests request sizes once before taking views); wasm is single-threaded,
/// and no Rust reference into them is held across the exported calls.
fn bytes(n: usize) -> &'static mut [u8] {
    unsafe { core::slice::from_raw_parts_mut(scratch(1024, 1024) as *mut u8, n) }
}
fn units(n: usize) -> &'static mut [u16] {
    unsafe { core::slice::from_raw_parts_mut(scratch_units() as *mut u16, n) }
}
fn results() -> [u32; 4] {
    unsafe { *(scratch_results() as *const [u32; 4]) }
}
fn state() -> &'static mut [u8] {
    unsafe { core::slice::from_raw_parts_mut(scratch_state() as *mut u8, 16) }
}

fn decode_bytes(index: u32, flags: u32, input: &[u8]) -> (Vec<u16>, [u32; 4]) {
    bytes(input.len()).copy_from_slice(input);
    let written = decode(index, flags, input.len() as u32) as usize;
    (units(written).to_vec(), results())
}

fn label(text: &str) -> i32 {
    let utf16: Vec<u16> = text.encode_utf16().collect();
    scratch(1024, 1024);
    units(utf16.len()).copy_from_slice(&utf16);
    encoding_for_label(utf16.len() as u32)
}

#[wasm_bindgen_test]
fn labels_and_names() {
    assert_eq!(label(" Shift_JIS\n"), 34);
    assert_eq!(label("utf8"), 0);
    assert_eq!(label("\u{A0}utf-8"), -1, "U+00A0 is not ASCII whitespace");
    assert_eq!(label("x-unknown"), -1);
    let n = encoding_name(34) as usize;
    assert_eq!(String::from_utf16(units(n)).unwrap(), "Shift_JIS");
}

#[wasm_bindgen_test]
fn decode_with_state_carried_by_the_caller() {
    scratch(1024, 1024);
    // "あ" is 82 A0 in Shift_JIS; split after the lead byte.
    let (out, r) = decode_bytes(34, FRESH, &[0x41, 0x82]);
    assert_eq!((out, r[0], r[1]), (vec![0x41], 0, 2));
    let saved: Vec<u8> = state().to_vec();
    // Another decoder's call in between must not disturb it.
    let (other, _) = decode_bytes(0, FRESH | LAST, b"xyz");
    assert_eq!(other, vec![0x78, 0x79, 0x7A]);
    state().copy_from_slice(&saved);
    let (out, r) = decode_bytes(34, LAST, &[0xA0]);
    assert_eq!((out, r[0]), (vec![0x3042], 0));
}

#[wasm_bindgen_test]
fn fatal_errors_report_where_they_stopped() {
    scratch(1024, 1024);
    let (out, r) = decode_bytes(0, FRESH | LAST | FATAL, b"ab\xFFcd");
    assert_eq!((out, r[0], r[1], r[2]), (vec![0x61, 0x62], 2, 3, 2));
    let (out, r) = decode_bytes(0, FRESH | LAST, b"ab\xFFcd");
    assert_eq!((out, r[0]), (vec![0x61, 0x62, 0xFFFD, 0x63, 0x64], 0));
}

#[wasm_bindgen_test]
fn encode_stops_at_the_last_whole_character() {
    scratch(1024, 1024);
    let src: Vec<u16> = "a\u{20AC}\u{1F600}".encode_utf16().collect();
    units(src.len()).copy_from_slice(&src);
    let written = encode(0, FRESH | LAST | FATAL, 0, src.len() as u32, 5) as usize;
    let r = results();
    assert_eq!((written, r[0], r[1]), (4, 1, 2), "a + euro fit in 5 bytes, the emoji does not");
    assert_eq!(&bytes(4)[..], "a\u{20AC}".as_bytes());
    // Lone surrogates are U+FFFD (USVString conversion).
    units(2).copy_from_slice(&[0xD800, 0x41]);
    let written = encode(0, FRESH | LAST, 0, 2, 64) as usize;
    assert_eq!(&bytes(written)[..], b"\xEF\xBF\xBDA");
    // Legacy encoder in html mode; an encoding without encoder reports ERROR.
    units(1).copy_from_slice(&[0xE9]);
    let written = encode(34, FRESH | LAST, 0, 1, 64) as usize;
    assert_eq!(&bytes(written)[..], b"&#233;");
    assert_eq!((encode(38, FRESH | LAST, 0, 1, 64), results()[0]), (0, 2), "UTF-16LE has no encoder");
    // From `start` in the unit buffer; SUBSTITUTE (the CLI's default) writes
    // '?' for each unmappable character and counts them in results[4].
    units(5).copy_from_slice(&[0x7A, 0x7A, 0x61, 0xE9, 0x62]);
    let written = encode(34, FRESH | LAST | FATAL | SUBSTITUTE, 2, 3, 64) as usize;
    let all = unsafe { *(scratch_results() as *const [u32; 6]) };
    assert_eq!((&bytes(written)[..], all[0], all[1], all[4]), (&b"a?b"[..], 0, 3, 1));
}

#[wasm_bindgen_test]
fn every_encoding_decodes_in_wasm_as_natively() {
    // The core's streaming property, in WebAssembly: one piece vs byte by byte.
    scratch(1024, 1024);
    let input: Vec<u8> = (0..=255u8).chain([0x1B, 0x24, 0x42, 0x30, 0x21, 0x81, 0x30, 0x81, 0x30, 0xE3, 0x81]).collect();
    for index in 0..40 {
        let (whole, _) = decode_bytes(index, FRESH | LAST, &input);
        let mut pieces = Vec::new();
        for (i, &b) in input.iter().enumerate() {
            let flags = if i == 0 { FRESH } else { 0 };
            let (out, _) = decode_bytes(index, flags, &[b]);
            pieces.extend(out);
        }
        let (tail, _) = decode_bytes(index, LAST, &[]);
        pieces.extend(tail);
        assert_eq!(pieces, whole, "encoding index {index}");
    }
}
