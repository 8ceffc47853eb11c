//! kiln-stdlib: kiln's native Python modules (`numpy`, `_random`, `kiln`, the `numba`
//! shim).
//!
//! Modules here are plain RustPython native modules registered by `kiln-vm` when it
//! builds an interpreter; this crate never reaches back into `kiln-vm`'s tier dispatch.

pub mod numpy;
pub mod random;

use rustpython_vm::builtins::PyModuleDef;
use rustpython_vm::{Context, frozen::FrozenModule};

/// The native modules this crate provides, for the interpreter builder.
pub fn module_defs(ctx: &Context) -> Vec<&'static PyModuleDef> {
    vec![numpy::python::module_def(ctx), random::module_def(ctx)]
}

/// The Python halves of this crate's packages (`numpy`), frozen into the binary.
pub fn frozen_modules() -> impl IntoIterator<Item = (&'static str, FrozenModule)> {
    rustpython_vm::py_freeze!(dir = "py")
}
