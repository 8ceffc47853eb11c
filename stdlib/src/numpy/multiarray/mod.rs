//! The array core, Python-free: buffers, strided views, casts, promotion, and the
//! element-wise, reduction and linear-algebra kernels. The Python-facing `numpy`
//! module wraps these; the JIT reads [`NdArray`]'s pointer, dtype, shape and
//! strides directly.

pub mod arith;
pub mod array;
pub mod buffer;
pub mod native;
pub mod promote;
pub mod reduce;
pub mod ufunc;
pub mod unary;

pub use array::{ArrayError, NdArray, broadcast_shapes, c_strides, walk};
pub use native::{C64, Native};

#[cfg(test)]
mod tests;
