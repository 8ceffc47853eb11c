//! kiln-jit: kiln's Python-free loop-nest compiler.
//!
//! The VM lowers each loop site to a [`ir::Nest`] when it compiles user source; when the
//! site gets hot it asks [`compile`] for code specialised on the types its variables
//! hold ([`types::Ty`]), and runs it on a [`frame`] of 64-bit slots. The crate knows
//! nothing about Python objects: it sees array descriptors (pointer, dtype, shape, byte
//! strides) and scalars, which is why it sits below `kiln-vm` and depends on nothing of
//! the interpreter.
//!
//! - [`ir`]: the loop-nest IR, structured statements and expressions with resume points;
//! - [`types`]: the scalar and array types code is specialised on, numpy's promotion;
//! - [`complex`]: complex numbers and arrays as pairs of floats, before anything else;
//! - [`liveness`]: the variables whose value on entry compiled code may read;
//! - [`scalarise`]: array statements (views, broadcasting, in-place updates) as loops
//!   over their elements;
//! - [`infer`]: variable and expression types for one specialisation;
//! - [`backend::cpu`]: tier 1, serial code from Cranelift;
//! - [`runtime`]: the helpers compiled code calls and the interrupt flag it polls.

pub mod analysis;
pub mod backend;
pub mod collections;
pub mod complex;
pub mod disk_cache;
pub mod draws;
pub mod frame;
pub mod infer;
pub mod ir;
pub mod items;
pub mod list_copies;
pub mod lists;
pub mod liveness;
pub mod objects;
pub mod rows;
pub mod runtime;
pub mod scalarise;
pub mod select_stores;
pub mod tuples;
pub mod types;

pub use backend::cpu::{BROKE, CompiledNest, FINISHED, compile};
