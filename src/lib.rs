//! The WHATWG Encoding Standard (<https://encoding.spec.whatwg.org/>): all 40
//! encodings, every decoder and every encoder, streaming, with caller-provided
//! buffers, in `no_std` + `alloc` Rust that never panics on any input.
//!
//! This crate is the engine of the `text-encoding-wasm` npm package, and it is
//! built to be small in WebAssembly: each encoding family is its own module and
//! its own decoder/encoder type, so a program that names only [`Utf8Decoder`]
//! links no legacy table at all. [`Decoder`] and [`Encoder`] dispatch over every
//! encoding for callers that pick the encoding at run time (and pay for all of
//! them). The CJK indexes are stored packed and unpacked on first use; the
//! reverse maps the encoders need are derived from them on first use too.
//!
//! Decoders produce UTF-16 code units (what a JavaScript string holds);
//! encoders consume UTF-16 code units and join surrogate pairs across calls.
//!
//! Beyond the standard, [`variants`] has WTF-8, CESU-8, Java's modified UTF-8
//! (and its length-prefixed form) and the original 1–6-octet UTF-8 of ISO/IEC
//! 10646-1 (1996) as separately named codecs: they are not [`Encoding`]s and
//! have no labels.
//!
//! ```
//! use text_encoding_wasm::{Decoder, DecoderMode, Encoding};
//! let enc = Encoding::for_label(b" Shift_JIS ").unwrap();
//! let mut decoder = Decoder::new(enc);
//! let mut out = vec![0u16; decoder.max_utf16_len(2).unwrap()];
//! let r = decoder.decode_utf16(&[0x82, 0xA0], &mut out, true, DecoderMode::Replacement);
//! assert_eq!(&out[..r.written], &[0x3042]);
//! ```
#![no_std]
// No unsafe code, except the WebAssembly module's global allocator (src/wasm.rs,
// feature "wasm" on wasm32v1-none), whose every block proves itself sound.
#![deny(unsafe_code)]
#![warn(missing_docs)]

extern crate alloc;

#[allow(missing_docs)]
#[cfg_attr(feature = "shared-tables", allow(dead_code))]
mod generated {
    pub mod encodings;
    pub mod multi_byte;
    pub mod single_byte;
}

mod any;
pub mod decode;
pub mod encode;
mod encoding;
mod tables;

pub mod big5;
pub mod euc_jp;
pub mod euc_kr;
pub mod gb18030;
pub mod iso_2022_jp;
pub mod replacement;
pub mod shift_jis;
pub mod single_byte;
pub mod transcode;
pub mod utf16;
pub mod utf8;
pub mod variants;
// The allocator of the modules built for wasm32v1-none (the package's and detect/'s).
#[cfg(target_os = "none")]
pub mod bump;
pub mod x_user_defined;

pub use any::{Decoder, Encoder};
pub use decode::{DecodeResult, DecodeStatus, DecoderMode, StreamDecoder};
pub use encode::{EncodeResult, EncodeStatus, EncoderMode, StreamEncoder};
pub use encoding::Encoding;
pub use utf8::{Utf8Decoder, Utf8Encoder};

#[cfg(feature = "shared-tables")]
pub use tables::{index_length, provide_index};

/// Every encoding of the standard, in the order of its table.
pub const ALL_ENCODINGS: [Encoding; 40] = generated::encodings::ALL;

#[cfg(feature = "bindings")]
pub mod wasm;
