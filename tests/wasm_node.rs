//! The bindings in Node: `bash tools/test-wasm.sh`.
#![cfg(all(target_arch = "wasm32", feature = "wasm"))]
include!("wasm_common/body.rs");
