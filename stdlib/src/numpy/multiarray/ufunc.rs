//! Element-wise operations over broadcast arrays: numpy's binary and unary ufuncs.
//!
//! The caller decides the common dtype (it knows which operands were Python
//! scalars); [`BinaryOp::loop_dtype`] then picks the dtype the loop runs in, as
//! numpy's type resolvers do (`int / int` runs in float64, `bool ** bool` in int8),
//! or rejects the combination with numpy's message.

use super::arith::{Arith, Bits, FpFlags};
use super::array::{ArrayError, NdArray, broadcast_shapes, walk};
use super::native::{C64, Native};
use crate::numpy::DType;
use crate::numpy::dtype::DTypeKind;

named_ops! {
    /// numpy's two-argument ufuncs.
    BinaryOp {
        Add = "add", Subtract = "subtract", Multiply = "multiply", Divide = "divide",
        FloorDivide = "floor_divide", Remainder = "remainder", Power = "power",
        Maximum = "maximum", Minimum = "minimum", Arctan2 = "arctan2", Hypot = "hypot",
        BitwiseAnd = "bitwise_and", BitwiseOr = "bitwise_or", BitwiseXor = "bitwise_xor",
        LeftShift = "left_shift", RightShift = "right_shift", Equal = "equal",
        NotEqual = "not_equal", Less = "less", LessEqual = "less_equal", Greater = "greater",
        GreaterEqual = "greater_equal", LogicalAnd = "logical_and", LogicalOr = "logical_or",
        LogicalXor = "logical_xor",
    }
    aliases { "true_divide" => Divide }
}

#[derive(Clone, Debug, PartialEq)]
pub enum UfuncError {
    /// numpy's `UFuncTypeError`: no loop for these input dtypes.
    NoLoop {
        ufunc: &'static str,
        inputs: Vec<DType>,
    },
    /// A message for `TypeError` (numpy's pointed messages, e.g. bool subtract).
    Type(String),
    /// A message for `ValueError`.
    Value(String),
    /// Shapes that do not broadcast together.
    Broadcast(Vec<Vec<usize>>),
    Array(ArrayError),
}

impl From<ArrayError> for UfuncError {
    fn from(e: ArrayError) -> Self {
        UfuncError::Array(e)
    }
}

impl BinaryOp {
    /// The dtype the loop runs in for operands promoted to `common`.
    pub fn loop_dtype(self, common: DType) -> Result<DType, UfuncError> {
        use BinaryOp::*;
        use DTypeKind::*;
        let kind = common.kind();
        let no_loop = || UfuncError::NoLoop {
            ufunc: self.name(),
            inputs: vec![common, common],
        };
        Ok(match self {
            Subtract if kind == Bool => {
                return Err(UfuncError::Type(
                    "numpy boolean subtract, the `-` operator, is not supported, use the bitwise_xor, the `^` operator, or the logical_xor function instead."
                        .into(),
                ));
            }
            Divide | Arctan2 | Hypot if matches!(kind, Bool | SignedInt | UnsignedInt) => {
                DType::Float64
            }
            Arctan2 | Hypot if kind == Complex => return Err(no_loop()),
            FloorDivide | Remainder if kind == Complex => return Err(no_loop()),
            FloorDivide | Remainder | Power if kind == Bool => DType::Int8,
            BitwiseAnd | BitwiseOr | BitwiseXor if matches!(kind, Float | Complex) => {
                return Err(no_loop());
            }
            LeftShift | RightShift if matches!(kind, Float | Complex) => return Err(no_loop()),
            LeftShift | RightShift if kind == Bool => DType::Int8,
            _ => common,
        })
    }
}

/// `op(a, b)` with both operands cast to the dtype the loop for `common` runs in.
pub fn binary(
    op: BinaryOp,
    a: &NdArray,
    b: &NdArray,
    common: DType,
) -> Result<(NdArray, FpFlags), UfuncError> {
    let shape = broadcast_shapes(&a.shape, &b.shape)
        .ok_or_else(|| UfuncError::Broadcast(vec![a.shape.clone(), b.shape.clone()]))?;
    let dtype = op.loop_dtype(common)?;
    let cast = |x: &NdArray| -> Result<NdArray, ArrayError> {
        Ok(if x.dtype == dtype {
            x.clone()
        } else {
            x.cast(dtype)?
        })
    };
    let (a, b) = (cast(a)?.broadcast_to(&shape), cast(b)?.broadcast_to(&shape));
    if op == BinaryOp::Power && matches!(dtype.kind(), DTypeKind::SignedInt) && has_negative(&b) {
        return Err(UfuncError::Value(
            "Integers to negative integer powers are not allowed.".into(),
        ));
    }
    let mut flags = FpFlags::default();
    let out = match dtype {
        DType::Bool => bool_binary(op, &a, &b, &shape, &mut flags)?,
        DType::Float32 => float_binary::<f32>(op, &a, &b, &shape, &mut flags)?,
        DType::Float64 => float_binary::<f64>(op, &a, &b, &shape, &mut flags)?,
        DType::Complex128 => arith_binary::<C64>(op, &a, &b, &shape, &mut flags)?,
        DType::Int8 => int_binary::<i8>(op, &a, &b, &shape, &mut flags)?,
        DType::Int16 => int_binary::<i16>(op, &a, &b, &shape, &mut flags)?,
        DType::Int32 => int_binary::<i32>(op, &a, &b, &shape, &mut flags)?,
        DType::Int64 => int_binary::<i64>(op, &a, &b, &shape, &mut flags)?,
        DType::UInt8 => int_binary::<u8>(op, &a, &b, &shape, &mut flags)?,
        DType::UInt16 => int_binary::<u16>(op, &a, &b, &shape, &mut flags)?,
        DType::UInt32 => int_binary::<u32>(op, &a, &b, &shape, &mut flags)?,
        DType::UInt64 => int_binary::<u64>(op, &a, &b, &shape, &mut flags)?,
    };
    Ok((out, flags))
}

fn has_negative(b: &NdArray) -> bool {
    b.elements()
        .iter()
        .any(|e| matches!(e, crate::numpy::format::Element::Int(v) if *v < 0))
}

/// Applies `f` to each pair of elements of `a` and `b` (views of `shape`).
pub fn zip_map<A: Native, R: Native>(
    a: &NdArray,
    b: &NdArray,
    shape: &[usize],
    mut f: impl FnMut(A, A) -> R,
) -> Result<NdArray, ArrayError> {
    let out = NdArray::zeros(R::DTYPE, shape)?;
    let dst = out.buffer.as_ptr().cast::<R>();
    let mut k = 0usize;
    walk(
        shape,
        [&a.strides, &b.strides],
        [0, 0],
        |[sa, sb], len, [da, db]| {
            for i in 0..len as isize {
                // SAFETY: the walk visits elements of both views; `out` is a fresh
                // contiguous array of the same shape, filled in C order.
                unsafe {
                    let x = a.ptr_at(sa + i * da).cast::<A>().read_unaligned();
                    let y = b.ptr_at(sb + i * db).cast::<A>().read_unaligned();
                    dst.add(k).write(f(x, y));
                }
                k += 1;
            }
        },
    );
    Ok(out)
}

/// Applies `f` to each element of `a`.
pub fn map<A: Native, R: Native>(
    a: &NdArray,
    mut f: impl FnMut(A) -> R,
) -> Result<NdArray, ArrayError> {
    let out = NdArray::zeros(R::DTYPE, &a.shape)?;
    let dst = out.buffer.as_ptr().cast::<R>();
    let mut k = 0usize;
    walk(&a.shape, [&a.strides], [0], |[sa], len, [da]| {
        for i in 0..len as isize {
            // SAFETY: as in `zip_map`.
            unsafe {
                let x = a.ptr_at(sa + i * da).cast::<A>().read_unaligned();
                dst.add(k).write(f(x));
            }
            k += 1;
        }
    });
    Ok(out)
}

fn compare<T: Arith>(
    op: BinaryOp,
    a: &NdArray,
    b: &NdArray,
    shape: &[usize],
) -> Option<Result<NdArray, ArrayError>> {
    use BinaryOp::*;
    Some(match op {
        Equal => zip_map::<T, bool>(a, b, shape, |x, y| x == y),
        NotEqual => zip_map::<T, bool>(a, b, shape, |x, y| x != y),
        Less => zip_map::<T, bool>(a, b, shape, |x, y| x.lt(y)),
        LessEqual => zip_map::<T, bool>(a, b, shape, |x, y| x.le(y)),
        Greater => zip_map::<T, bool>(a, b, shape, |x, y| y.lt(x)),
        GreaterEqual => zip_map::<T, bool>(a, b, shape, |x, y| y.le(x)),
        LogicalAnd => zip_map::<T, bool>(a, b, shape, |x, y| x.is_nonzero() && y.is_nonzero()),
        LogicalOr => zip_map::<T, bool>(a, b, shape, |x, y| x.is_nonzero() || y.is_nonzero()),
        LogicalXor => zip_map::<T, bool>(a, b, shape, |x, y| x.is_nonzero() != y.is_nonzero()),
        _ => return None,
    })
}

fn arith_binary<T: Arith>(
    op: BinaryOp,
    a: &NdArray,
    b: &NdArray,
    shape: &[usize],
    flags: &mut FpFlags,
) -> Result<NdArray, UfuncError> {
    use BinaryOp::*;
    if let Some(out) = compare::<T>(op, a, b, shape) {
        return Ok(out?);
    }
    let out = match op {
        Add => zip_map::<T, T>(a, b, shape, T::add),
        Subtract => zip_map::<T, T>(a, b, shape, T::sub),
        Multiply => zip_map::<T, T>(a, b, shape, T::mul),
        Divide => zip_map::<T, T>(a, b, shape, |x, y| x.div(y, flags)),
        FloorDivide => zip_map::<T, T>(a, b, shape, |x, y| x.floor_div(y, flags)),
        Remainder => zip_map::<T, T>(a, b, shape, |x, y| x.rem(y, flags)),
        Power => zip_map::<T, T>(a, b, shape, T::pow),
        Maximum => zip_map::<T, T>(a, b, shape, T::max),
        Minimum => zip_map::<T, T>(a, b, shape, T::min),
        _ => {
            return Err(UfuncError::NoLoop {
                ufunc: op.name(),
                inputs: vec![T::DTYPE, T::DTYPE],
            });
        }
    };
    Ok(out?)
}

fn int_binary<T: Bits>(
    op: BinaryOp,
    a: &NdArray,
    b: &NdArray,
    shape: &[usize],
    flags: &mut FpFlags,
) -> Result<NdArray, UfuncError> {
    use BinaryOp::*;
    Ok(match op {
        BitwiseAnd => zip_map::<T, T>(a, b, shape, T::and)?,
        BitwiseOr => zip_map::<T, T>(a, b, shape, T::or)?,
        BitwiseXor => zip_map::<T, T>(a, b, shape, T::xor)?,
        LeftShift => zip_map::<T, T>(a, b, shape, T::shl)?,
        RightShift => zip_map::<T, T>(a, b, shape, T::shr)?,
        _ => arith_binary::<T>(op, a, b, shape, flags)?,
    })
}

fn bool_binary(
    op: BinaryOp,
    a: &NdArray,
    b: &NdArray,
    shape: &[usize],
    flags: &mut FpFlags,
) -> Result<NdArray, UfuncError> {
    int_binary::<bool>(op, a, b, shape, flags)
}

trait Float: Arith {
    fn atan2(self, o: Self) -> Self;
    fn hypot(self, o: Self) -> Self;
}

impl Float for f32 {
    fn atan2(self, o: Self) -> Self {
        f32::atan2(self, o)
    }
    fn hypot(self, o: Self) -> Self {
        f32::hypot(self, o)
    }
}

impl Float for f64 {
    fn atan2(self, o: Self) -> Self {
        f64::atan2(self, o)
    }
    fn hypot(self, o: Self) -> Self {
        f64::hypot(self, o)
    }
}

fn float_binary<T: Float>(
    op: BinaryOp,
    a: &NdArray,
    b: &NdArray,
    shape: &[usize],
    flags: &mut FpFlags,
) -> Result<NdArray, UfuncError> {
    Ok(match op {
        BinaryOp::Arctan2 => zip_map::<T, T>(a, b, shape, T::atan2)?,
        BinaryOp::Hypot => zip_map::<T, T>(a, b, shape, T::hypot)?,
        _ => arith_binary::<T>(op, a, b, shape, flags)?,
    })
}
