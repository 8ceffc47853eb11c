//! numpy 2's type promotion: between two dtypes (`np.result_type`), and between an
//! array and a Python scalar, which is "weak" (NEP 50): `int8_array + 1` stays int8,
//! `float32_array * 2.0` stays float32, `int_array * 2.0` becomes float64.

use crate::numpy::DType;
use crate::numpy::dtype::DTypeKind;

/// The kind of a Python scalar operand (`bool`, `int`, `float`, `complex`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum PyScalarKind {
    Bool,
    Int,
    Float,
    Complex,
}

impl PyScalarKind {
    /// The dtype such a value gets on its own (`np.array(1.0)`).
    pub fn default_dtype(self) -> DType {
        match self {
            PyScalarKind::Bool => DType::Bool,
            PyScalarKind::Int => DType::Int64,
            PyScalarKind::Float => DType::Float64,
            PyScalarKind::Complex => DType::Complex128,
        }
    }
}

fn int_bits(d: DType) -> usize {
    d.itemsize() * 8
}

fn signed_with_bits(bits: usize) -> Option<DType> {
    Some(match bits {
        8 => DType::Int8,
        16 => DType::Int16,
        32 => DType::Int32,
        64 => DType::Int64,
        _ => return None,
    })
}

/// `np.promote_types(a, b)`.
pub fn promote(a: DType, b: DType) -> DType {
    use DTypeKind::*;
    if a == b {
        return a;
    }
    let (ka, kb) = (a.kind(), b.kind());
    match (ka, kb) {
        (Bool, _) => b,
        (_, Bool) => a,
        (Complex, _) | (_, Complex) => DType::Complex128,
        (Float, Float) => DType::Float64,
        (Float, _) => float_with_int(a, b),
        (_, Float) => float_with_int(b, a),
        (SignedInt, SignedInt) | (UnsignedInt, UnsignedInt) => {
            if a.itemsize() >= b.itemsize() {
                a
            } else {
                b
            }
        }
        (SignedInt, UnsignedInt) => mixed_ints(a, b),
        (UnsignedInt, SignedInt) => mixed_ints(b, a),
    }
}

fn float_with_int(float: DType, int: DType) -> DType {
    if float == DType::Float32 && int.itemsize() <= 2 {
        DType::Float32
    } else {
        DType::Float64
    }
}

fn mixed_ints(signed: DType, unsigned: DType) -> DType {
    if int_bits(unsigned) < int_bits(signed) {
        signed
    } else {
        signed_with_bits(int_bits(unsigned) * 2).unwrap_or(DType::Float64)
    }
}

/// The dtype of `array op scalar` for a Python scalar of `kind`.
pub fn promote_weak(array: DType, kind: PyScalarKind) -> DType {
    use DTypeKind::*;
    match (array.kind(), kind) {
        (_, PyScalarKind::Bool) => array,
        (Bool, other) => other.default_dtype(),
        (SignedInt | UnsignedInt, PyScalarKind::Int) => array,
        (SignedInt | UnsignedInt, PyScalarKind::Float) => DType::Float64,
        (Float | Complex, PyScalarKind::Int | PyScalarKind::Float) => array,
        (_, PyScalarKind::Complex) => DType::Complex128,
    }
}

/// The range of integers `dtype` holds, for checking Python ints against it.
pub fn int_range(dtype: DType) -> Option<(i128, i128)> {
    Some(match dtype {
        DType::Int8 => (i8::MIN as i128, i8::MAX as i128),
        DType::Int16 => (i16::MIN as i128, i16::MAX as i128),
        DType::Int32 => (i32::MIN as i128, i32::MAX as i128),
        DType::Int64 => (i64::MIN as i128, i64::MAX as i128),
        DType::UInt8 => (0, u8::MAX as i128),
        DType::UInt16 => (0, u16::MAX as i128),
        DType::UInt32 => (0, u32::MAX as i128),
        DType::UInt64 => (0, u64::MAX as i128),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use DType::*;

    #[test]
    fn numpy_promotion_table() {
        assert_eq!(promote(Int8, UInt8), Int16);
        assert_eq!(promote(Int64, UInt64), Float64);
        assert_eq!(promote(UInt8, Int32), Int32);
        assert_eq!(promote(Int16, Float32), Float32);
        assert_eq!(promote(Int32, Float32), Float64);
        assert_eq!(promote(Bool, Int8), Int8);
        assert_eq!(promote(Float32, Complex128), Complex128);
        assert_eq!(promote(UInt32, UInt16), UInt32);
    }

    #[test]
    fn python_scalars_are_weak() {
        assert_eq!(promote_weak(Int8, PyScalarKind::Int), Int8);
        assert_eq!(promote_weak(Float32, PyScalarKind::Float), Float32);
        assert_eq!(promote_weak(Int32, PyScalarKind::Float), Float64);
        assert_eq!(promote_weak(Bool, PyScalarKind::Int), Int64);
        assert_eq!(promote_weak(Bool, PyScalarKind::Bool), Bool);
    }
}
