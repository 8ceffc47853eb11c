//! Printing arrays and scalars exactly as numpy 2 prints them, without Python.
//!
//! - [`dragon4`]: float digits (`np.format_float_positional`/`_scientific`).
//! - [`elements`]: one formatter per array, chosen from the printed elements, so
//!   columns align (numpy's `FloatingFormat`, `IntegerFormat`, ...).
//! - [`layout`]: the nested brackets, separators, line wrapping at `linewidth` and
//!   summarisation with `...` (numpy's `_formatArray`).
//! - [`array`]: `array2string`, `array_repr`, `array_str` over an array given as a
//!   dtype, a shape and a function that reads one element by index, so a huge or
//!   strided array is only read where it is printed.
//! - [`scalar`]: the repr and str of numpy scalars (`np.float64(1.5)`, `np.True_`).
//! - [`options`]: the print options (`np.set_printoptions`).

pub mod array;
mod bigint;
pub mod dragon4;
pub mod elements;
pub mod layout;
pub mod options;
pub mod scalar;

#[cfg(test)]
mod tests;

pub use array::{ArraySource, array_repr, array_str, array2string};
pub use dragon4::{Dragon4Options, FloatKind, Trim, format_positional, format_scientific};
pub use options::{FloatMode, Legacy, PrintOptions, Sign};
pub use scalar::{scalar_repr, scalar_str};

use crate::numpy::{DType, dtype::DTypeKind};

/// One array element as the printer reads it. Float32 values come widened to f64
/// (exactly); the dtype says how they print.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Element {
    Bool(bool),
    Int(i64),
    UInt(u64),
    Float(f64),
    Complex(f64, f64),
}

impl Element {
    pub fn as_bool(self) -> bool {
        match self {
            Element::Bool(b) => b,
            Element::Int(v) => v != 0,
            Element::UInt(v) => v != 0,
            Element::Float(v) => v != 0.0,
            Element::Complex(re, im) => re != 0.0 || im != 0.0,
        }
    }

    fn as_i128(self) -> i128 {
        match self {
            Element::Bool(b) => b as i128,
            Element::Int(v) => v as i128,
            Element::UInt(v) => v as i128,
            Element::Float(v) => v as i128,
            Element::Complex(re, _) => re as i128,
        }
    }

    pub fn as_f64(self) -> f64 {
        match self {
            Element::Bool(b) => b as u8 as f64,
            Element::Int(v) => v as f64,
            Element::UInt(v) => v as f64,
            Element::Float(v) => v,
            Element::Complex(re, _) => re,
        }
    }

    fn as_complex(self) -> (f64, f64) {
        match self {
            Element::Complex(re, im) => (re, im),
            other => (other.as_f64(), 0.0),
        }
    }
}

/// How a dtype's elements print.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum DTypeClass {
    Bool,
    Int,
    Float(FloatKind),
    Complex,
}

fn dtype_class(dtype: DType) -> DTypeClass {
    match dtype.kind() {
        DTypeKind::Bool => DTypeClass::Bool,
        DTypeKind::SignedInt | DTypeKind::UnsignedInt => DTypeClass::Int,
        DTypeKind::Float if dtype == DType::Float32 => DTypeClass::Float(FloatKind::F32),
        DTypeKind::Float => DTypeClass::Float(FloatKind::F64),
        DTypeKind::Complex => DTypeClass::Complex,
    }
}

/// Length in characters, as Python's `len` counts a `str`.
fn clen(s: &str) -> usize {
    s.chars().count()
}
