//! Tests only: see tests/shim_oracle.rs.
