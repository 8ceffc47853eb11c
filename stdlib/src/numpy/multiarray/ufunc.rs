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
        FloorDivide = "floor_divide", Remainder = "remainder", Fmod = "fmod", Power = "power",
        Maximum = "maximum", Minimum = "minimum", Fmax = "fmax", Fmin = "fmin", Arctan2 = "arctan2", Hypot = "hypot",
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
    /// Ops whose float loops are plain arithmetic (or libm calls), so the CPU's flags
    /// after the loop are exactly the warnings numpy gives (see [`super::fpstatus`]).
    fn raises_fp_status(self) -> bool {
        use BinaryOp::*;
        matches!(
            self,
            Add | Subtract | Multiply | Divide | FloorDivide | Remainder | Fmod | Power | Hypot
        )
    }

    /// `==`, `!=`, `<`, `<=`, `>`, `>=`.
    pub fn is_comparison(self) -> bool {
        use BinaryOp::*;
        matches!(
            self,
            Equal | NotEqual | Less | LessEqual | Greater | GreaterEqual
        )
    }

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
            FloorDivide | Remainder | Fmod if kind == Complex => return Err(no_loop()),
            FloorDivide | Remainder | Fmod | Power if kind == Bool => DType::Int8,
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
    binary_into(op, a, b, common, None)
}

/// [`binary`], writing into `dest` when it can hold the result: `dest` must be
/// C-contiguous, and may be an operand (a temporary numpy would elide, or the target
/// of `a op= b`) but must not overlap one otherwise. When the result's dtype or shape
/// is not `dest`'s, the result goes to a fresh array instead; the returned array says
/// which.
pub fn binary_into(
    op: BinaryOp,
    a: &NdArray,
    b: &NdArray,
    common: DType,
    dest: Option<&NdArray>,
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
    let dest = dest.filter(|d| d.shape == shape && d.is_c_contiguous());
    if op.raises_fp_status() && matches!(dtype.kind(), DTypeKind::Float | DTypeKind::Complex) {
        let (out, raised) = super::fpstatus::measure(|| {
            let mut flags = FpFlags::default();
            let out = match dtype {
                DType::Float32 => float_binary::<f32>(op, &a, &b, &shape, dest, &mut flags),
                DType::Float64 => float_binary::<f64>(op, &a, &b, &shape, dest, &mut flags),
                _ => arith_binary::<C64>(op, &a, &b, &shape, dest, &mut flags),
            };
            out.map(|out| (out, flags))
        });
        let (out, explicit) = out?;
        return Ok((out, explicit.union(raised)));
    }
    let out = match dtype {
        DType::Bool => bool_binary(op, &a, &b, &shape, dest, &mut flags)?,
        DType::Float32 => float_binary::<f32>(op, &a, &b, &shape, dest, &mut flags)?,
        DType::Float64 => float_binary::<f64>(op, &a, &b, &shape, dest, &mut flags)?,
        DType::Complex128 => arith_binary::<C64>(op, &a, &b, &shape, dest, &mut flags)?,
        DType::Int8 => int_binary::<i8>(op, &a, &b, &shape, dest, &mut flags)?,
        DType::Int16 => int_binary::<i16>(op, &a, &b, &shape, dest, &mut flags)?,
        DType::Int32 => int_binary::<i32>(op, &a, &b, &shape, dest, &mut flags)?,
        DType::Int64 => int_binary::<i64>(op, &a, &b, &shape, dest, &mut flags)?,
        DType::UInt8 => int_binary::<u8>(op, &a, &b, &shape, dest, &mut flags)?,
        DType::UInt16 => int_binary::<u16>(op, &a, &b, &shape, dest, &mut flags)?,
        DType::UInt32 => int_binary::<u32>(op, &a, &b, &shape, dest, &mut flags)?,
        DType::UInt64 => int_binary::<u64>(op, &a, &b, &shape, dest, &mut flags)?,
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
    f: impl FnMut(A, A) -> R,
) -> Result<NdArray, ArrayError> {
    let out = NdArray::zeros(R::DTYPE, shape)?;
    // SAFETY: `out` is a fresh contiguous array of `shape`.
    unsafe { zip_map_into(a, b, shape, out.buffer.as_mut_ptr().cast::<R>(), f) };
    Ok(out)
}

/// [`zip_map`] into `dest` when it has the result's dtype (see [`binary_into`]).
fn zip_map_to<A: Native, R: Native>(
    dest: Option<&NdArray>,
    a: &NdArray,
    b: &NdArray,
    shape: &[usize],
    f: impl FnMut(A, A) -> R,
) -> Result<NdArray, ArrayError> {
    match dest.filter(|d| d.dtype == R::DTYPE && d.size() > 0) {
        Some(dest) => {
            // SAFETY: `binary_into` checked `dest` is C-contiguous with the result's
            // shape; its callers guarantee any overlap with an operand is exact.
            unsafe { zip_map_into(a, b, shape, dest.ptr_at_mut(0).cast::<R>(), f) };
            Ok(dest.clone())
        }
        None => zip_map(a, b, shape, f),
    }
}

/// Writes `f(a, b)` for each pair of elements of the views `a` and `b` (of `shape`) to
/// `dst`, contiguous, in C order.
///
/// # Safety
/// `dst` must be valid for `shape`'s element count of `R`, and may overlap an operand
/// only where the operand is contiguous in C order and starts at `dst` (each element is
/// read before the one written over it).
pub unsafe fn zip_map_into<A: Native, R: Native>(
    a: &NdArray,
    b: &NdArray,
    shape: &[usize],
    dst: *mut R,
    mut f: impl FnMut(A, A) -> R,
) {
    let unit = std::mem::size_of::<A>() as isize;
    let mut k = 0usize;
    walk(
        shape,
        [&a.strides, &b.strides],
        [0, 0],
        |[sa, sb], len, [da, db]| {
            // SAFETY: the walk visits elements of both views; `dst` has room for every
            // element, written once each, in C order.
            unsafe {
                let (pa, pb) = (a.ptr_at(sa).cast::<A>(), b.ptr_at(sb).cast::<A>());
                let out = dst.add(k);
                if is_aligned(pa) && is_aligned(pb) {
                    // Unit and zero steps get loops the compiler can vectorise; the
                    // loads stay element-wise so `dst` may be an operand.
                    match (da == unit, db == unit, da == 0, db == 0) {
                        (true, true, ..) => {
                            for i in 0..len {
                                out.add(i).write(f(pa.add(i).read(), pb.add(i).read()));
                            }
                        }
                        (true, _, _, true) => {
                            let y = pb.read();
                            for i in 0..len {
                                out.add(i).write(f(pa.add(i).read(), y));
                            }
                        }
                        (_, true, true, _) => {
                            let x = pa.read();
                            for i in 0..len {
                                out.add(i).write(f(x, pb.add(i).read()));
                            }
                        }
                        _ => strided2(pa, pb, da, db, out, len, &mut f),
                    }
                } else {
                    strided2(pa, pb, da, db, out, len, &mut f);
                }
            }
            k += len;
        },
    );
}

fn is_aligned<T>(p: *const T) -> bool {
    (p as usize).is_multiple_of(std::mem::align_of::<T>())
}

/// The general row: byte steps, unaligned loads.
///
/// # Safety
/// `len` elements at the given steps are inside their views; `out` has room for `len`.
unsafe fn strided2<A: Native, R: Native>(
    pa: *const A,
    pb: *const A,
    da: isize,
    db: isize,
    out: *mut R,
    len: usize,
    f: &mut impl FnMut(A, A) -> R,
) {
    let (pa, pb) = (pa.cast::<u8>(), pb.cast::<u8>());
    for i in 0..len {
        // SAFETY: guaranteed by the caller.
        unsafe {
            let x = pa.offset(i as isize * da).cast::<A>().read_unaligned();
            let y = pb.offset(i as isize * db).cast::<A>().read_unaligned();
            out.add(i).write(f(x, y));
        }
    }
}

/// Applies `f` to each element of `a`.
pub fn map<A: Native, R: Native>(
    a: &NdArray,
    mut f: impl FnMut(A) -> R,
) -> Result<NdArray, ArrayError> {
    let out = NdArray::zeros(R::DTYPE, &a.shape)?;
    let dst = out.buffer.as_mut_ptr().cast::<R>();
    let unit = std::mem::size_of::<A>() as isize;
    let mut k = 0usize;
    walk(&a.shape, [&a.strides], [0], |[sa], len, [da]| {
        // SAFETY: as in `zip_map_into`; `out` is a fresh buffer.
        unsafe {
            let pa = a.ptr_at(sa).cast::<A>();
            let out = dst.add(k);
            if da == unit && is_aligned(pa) {
                for i in 0..len {
                    out.add(i).write(f(pa.add(i).read()));
                }
            } else {
                let pa = pa.cast::<u8>();
                for i in 0..len {
                    let x = pa.offset(i as isize * da).cast::<A>().read_unaligned();
                    out.add(i).write(f(x));
                }
            }
        }
        k += len;
    });
    Ok(out)
}

/// `map(a, f)` and whether `flag(x)` held for any element: for an op whose only
/// floating-point flag depends on the input (sqrt of a negative). The test runs over
/// short chunks just mapped, still in cache, into a local, so both loops vectorise.
pub fn map_flagged<A: Native, R: Native>(
    a: &NdArray,
    f: impl Fn(A) -> R,
    flag: impl Fn(A) -> bool,
) -> Result<(NdArray, bool), ArrayError> {
    const CHUNK: usize = 512;
    let out = NdArray::zeros(R::DTYPE, &a.shape)?;
    let dst = out.buffer.as_mut_ptr().cast::<R>();
    let unit = std::mem::size_of::<A>() as isize;
    let mut flagged = false;
    let mut k = 0usize;
    walk(&a.shape, [&a.strides], [0], |[sa], len, [da]| {
        let mut any = false;
        // SAFETY: as in `map`.
        unsafe {
            let pa = a.ptr_at(sa).cast::<A>();
            let out = dst.add(k);
            if da == unit && is_aligned(pa) {
                for start in (0..len).step_by(CHUNK) {
                    let end = (start + CHUNK).min(len);
                    for i in start..end {
                        out.add(i).write(f(pa.add(i).read()));
                    }
                    for i in start..end {
                        any |= flag(pa.add(i).read());
                    }
                }
            } else {
                let pa = pa.cast::<u8>();
                for i in 0..len {
                    let x = pa.offset(i as isize * da).cast::<A>().read_unaligned();
                    any |= flag(x);
                    out.add(i).write(f(x));
                }
            }
        }
        flagged |= any;
        k += len;
    });
    Ok((out, flagged))
}

fn compare<T: Arith>(
    op: BinaryOp,
    a: &NdArray,
    b: &NdArray,
    shape: &[usize],
    dest: Option<&NdArray>,
) -> Option<Result<NdArray, ArrayError>> {
    use BinaryOp::*;
    Some(match op {
        Equal => zip_map_to::<T, bool>(dest, a, b, shape, |x, y| x == y),
        NotEqual => zip_map_to::<T, bool>(dest, a, b, shape, |x, y| x != y),
        Less => zip_map_to::<T, bool>(dest, a, b, shape, |x, y| x.lt(y)),
        LessEqual => zip_map_to::<T, bool>(dest, a, b, shape, |x, y| x.le(y)),
        Greater => zip_map_to::<T, bool>(dest, a, b, shape, |x, y| y.lt(x)),
        GreaterEqual => zip_map_to::<T, bool>(dest, a, b, shape, |x, y| y.le(x)),
        LogicalAnd => {
            zip_map_to::<T, bool>(dest, a, b, shape, |x, y| x.is_nonzero() && y.is_nonzero())
        }
        LogicalOr => {
            zip_map_to::<T, bool>(dest, a, b, shape, |x, y| x.is_nonzero() || y.is_nonzero())
        }
        LogicalXor => {
            zip_map_to::<T, bool>(dest, a, b, shape, |x, y| x.is_nonzero() != y.is_nonzero())
        }
        _ => return None,
    })
}

fn arith_binary<T: Arith>(
    op: BinaryOp,
    a: &NdArray,
    b: &NdArray,
    shape: &[usize],
    dest: Option<&NdArray>,
    flags: &mut FpFlags,
) -> Result<NdArray, UfuncError> {
    use BinaryOp::*;
    if let Some(out) = compare::<T>(op, a, b, shape, dest) {
        return Ok(out?);
    }
    let out = match op {
        Add => zip_map_to::<T, T>(dest, a, b, shape, T::add),
        Subtract => zip_map_to::<T, T>(dest, a, b, shape, T::sub),
        Multiply => zip_map_to::<T, T>(dest, a, b, shape, T::mul),
        Divide => zip_map_to::<T, T>(dest, a, b, shape, |x, y| x.div(y, flags)),
        FloorDivide => zip_map_to::<T, T>(dest, a, b, shape, |x, y| x.floor_div(y, flags)),
        Remainder => zip_map_to::<T, T>(dest, a, b, shape, |x, y| x.rem(y, flags)),
        Fmod => zip_map_to::<T, T>(dest, a, b, shape, |x, y| x.fmod(y, flags)),
        Power => zip_map_to::<T, T>(dest, a, b, shape, T::pow),
        Maximum => zip_map_to::<T, T>(dest, a, b, shape, T::max),
        Minimum => zip_map_to::<T, T>(dest, a, b, shape, T::min),
        Fmax => zip_map_to::<T, T>(dest, a, b, shape, T::fmax),
        Fmin => zip_map_to::<T, T>(dest, a, b, shape, T::fmin),
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
    dest: Option<&NdArray>,
    flags: &mut FpFlags,
) -> Result<NdArray, UfuncError> {
    use BinaryOp::*;
    Ok(match op {
        BitwiseAnd => zip_map_to::<T, T>(dest, a, b, shape, T::and)?,
        BitwiseOr => zip_map_to::<T, T>(dest, a, b, shape, T::or)?,
        BitwiseXor => zip_map_to::<T, T>(dest, a, b, shape, T::xor)?,
        LeftShift => zip_map_to::<T, T>(dest, a, b, shape, T::shl)?,
        RightShift => zip_map_to::<T, T>(dest, a, b, shape, T::shr)?,
        _ => arith_binary::<T>(op, a, b, shape, dest, flags)?,
    })
}

fn bool_binary(
    op: BinaryOp,
    a: &NdArray,
    b: &NdArray,
    shape: &[usize],
    dest: Option<&NdArray>,
    flags: &mut FpFlags,
) -> Result<NdArray, UfuncError> {
    int_binary::<bool>(op, a, b, shape, dest, flags)
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
    dest: Option<&NdArray>,
    flags: &mut FpFlags,
) -> Result<NdArray, UfuncError> {
    Ok(match op {
        BinaryOp::Arctan2 => zip_map_to::<T, T>(dest, a, b, shape, T::atan2)?,
        BinaryOp::Hypot => zip_map_to::<T, T>(dest, a, b, shape, T::hypot)?,
        _ => arith_binary::<T>(op, a, b, shape, dest, flags)?,
    })
}
