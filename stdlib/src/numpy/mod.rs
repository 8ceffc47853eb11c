//! kiln's native numpy: the ndarray type and the numpy API numeric scripts use.
//!
//! The pieces are Python-free where they can be (dtypes, formatting, random number
//! generators, linear algebra kernels) and tested as plain Rust; the Python-facing
//! module definitions sit on top of them.

pub mod dtype;
pub mod format;

pub use dtype::DType;
pub mod multiarray;
pub mod python;
pub mod random;
