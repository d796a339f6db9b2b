//! The bindings in headless Chromium: `bash tools/test-wasm.sh`.
#![cfg(all(target_arch = "wasm32", feature = "wasm"))]
wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);
include!("wasm_common/body.rs");
