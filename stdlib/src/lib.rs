//! kiln-stdlib: kiln's native Python modules (`numpy`, `kiln`, the `numba` shim).
//!
//! Modules here are plain RustPython native modules registered by `kiln-vm` when it
//! builds an interpreter; this crate never reaches back into `kiln-vm`'s tier dispatch.

pub mod numpy;
