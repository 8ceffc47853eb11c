//! The array core, Python-free: buffers, strided views, casts, promotion, and the
//! element-wise, reduction and linear-algebra kernels. The Python-facing `numpy`
//! module wraps these; the JIT reads [`NdArray`]'s pointer, dtype, shape and
//! strides directly.

/// An enum of numpy ufuncs with their names: `name()` gives numpy's spelling,
/// `from_name()` accepts it and the listed aliases.
macro_rules! named_ops {
    (
        $(#[$doc:meta])* $enum:ident { $($variant:ident = $name:literal),* $(,)? }
        aliases { $($alias:literal => $target:ident),* $(,)? }
    ) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum $enum { $($variant),* }

        impl $enum {
            /// The ufunc's name, as numpy's messages and warnings spell it.
            pub fn name(self) -> &'static str {
                match self { $($enum::$variant => $name),* }
            }

            pub fn from_name(name: &str) -> Option<$enum> {
                match name {
                    $($name => Some($enum::$variant),)*
                    $($alias => Some($enum::$target),)*
                    _ => None,
                }
            }
        }
    };
}

pub mod arith;
/// The hardware flags numpy reads around a loop (in `kiln-numeric`: compiled code
/// reads them too).
pub use kiln_numeric::fpstatus;
pub mod array;
pub mod buffer;
pub mod matmul;
pub mod native;
pub mod promote;
pub mod reduce;
pub mod ufunc;
pub mod unary;

pub use array::{ArrayError, NdArray, broadcast_shapes, c_strides, walk};
pub use native::{C64, Native};

#[cfg(test)]
mod tests;
