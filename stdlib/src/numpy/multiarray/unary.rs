//! numpy's one-argument ufuncs (`np.sqrt`, `np.floor`, `-a`, `np.isnan`, ...).

use super::arith::{Arith, Bits, FpFlags};
use super::array::NdArray;
use super::native::C64;
use super::ufunc::{UfuncError, map, map_flagged};
use crate::numpy::DType;
use crate::numpy::dtype::DTypeKind;

named_ops! {
    /// numpy's one-argument ufuncs.
    UnaryOp {
        Negative = "negative", Positive = "positive", Absolute = "absolute", Sqrt = "sqrt",
        Cbrt = "cbrt", Exp = "exp", Exp2 = "exp2", Expm1 = "expm1", Log = "log", Log2 = "log2",
        Log10 = "log10", Log1p = "log1p", Sin = "sin", Cos = "cos", Tan = "tan", Arcsin = "arcsin",
        Arccos = "arccos", Arctan = "arctan", Sinh = "sinh", Cosh = "cosh", Tanh = "tanh",
        Arcsinh = "arcsinh", Arccosh = "arccosh", Arctanh = "arctanh", Floor = "floor",
        Ceil = "ceil", Trunc = "trunc", Rint = "rint", Sign = "sign", IsNan = "isnan",
        IsInf = "isinf", IsFinite = "isfinite", LogicalNot = "logical_not", Invert = "invert",
        Square = "square", Conjugate = "conjugate", Deg2rad = "deg2rad", Rad2deg = "rad2deg",
        Signbit = "signbit",
    }
    aliases {
        "abs" => Absolute, "conj" => Conjugate, "bitwise_not" => Invert,
        "bitwise_invert" => Invert, "radians" => Deg2rad, "degrees" => Rad2deg,
    }
}

impl UnaryOp {
    /// Ops computed with a float formula, which run integers in a float dtype.
    fn is_float_math(self) -> bool {
        use UnaryOp::*;
        !matches!(
            self,
            Negative
                | Positive
                | Absolute
                | Floor
                | Ceil
                | Trunc
                | Sign
                | IsNan
                | IsInf
                | IsFinite
                | LogicalNot
                | Invert
                | Square
                | Conjugate
                | Signbit
        )
    }

    /// The dtype the loop runs in for input `dtype`.
    fn loop_dtype(self, dtype: DType) -> Result<DType, UfuncError> {
        use DTypeKind::*;
        use UnaryOp::*;
        let kind = dtype.kind();
        let no_loop = || UfuncError::NoLoop {
            ufunc: self.name(),
            inputs: vec![dtype],
        };
        Ok(match self {
            Negative if kind == Bool => {
                return Err(UfuncError::Type(
                    "The numpy boolean negative, the `-` operator, is not supported, use the `~` operator or the logical_not function instead."
                        .into(),
                ));
            }
            Sign if kind == Bool => return Err(no_loop()),
            Signbit if kind == Complex => return Err(no_loop()),
            Square if kind == Bool => DType::Int8,
            Invert if matches!(kind, Float | Complex) => return Err(no_loop()),
            _ if self.is_float_math() && matches!(kind, Bool | SignedInt | UnsignedInt) => {
                if dtype.itemsize() == 2 {
                    DType::Float32
                } else {
                    DType::Float64
                }
            }
            Cbrt | Exp2 | Expm1 | Log2 | Log10 | Log1p | Arcsin | Arccos | Arctan | Sinh | Cosh
            | Tanh | Arcsinh | Arccosh | Arctanh | Tan | Deg2rad | Rad2deg | Rint
                if kind == Complex =>
            {
                return Err(no_loop());
            }
            Floor | Ceil | Trunc if kind == Complex => return Err(no_loop()),
            _ => dtype,
        })
    }
}

/// `op(a)`, with the flags numpy would raise.
pub fn unary(op: UnaryOp, a: &NdArray) -> Result<(NdArray, FpFlags), UfuncError> {
    let dtype = op.loop_dtype(a.dtype)?;
    let a = if dtype == a.dtype {
        a.clone()
    } else {
        a.cast(dtype)?
    };
    let mut flags = FpFlags::default();
    let out = match dtype {
        DType::Float32 => float_unary::<f32>(op, &a, &mut flags)?,
        DType::Float64 => float_unary::<f64>(op, &a, &mut flags)?,
        DType::Complex128 => complex_unary(op, &a)?,
        DType::Bool => int_unary::<bool>(op, &a)?,
        DType::Int8 => int_unary::<i8>(op, &a)?,
        DType::Int16 => int_unary::<i16>(op, &a)?,
        DType::Int32 => int_unary::<i32>(op, &a)?,
        DType::Int64 => int_unary::<i64>(op, &a)?,
        DType::UInt8 => int_unary::<u8>(op, &a)?,
        DType::UInt16 => int_unary::<u16>(op, &a)?,
        DType::UInt32 => int_unary::<u32>(op, &a)?,
        DType::UInt64 => int_unary::<u64>(op, &a)?,
    };
    Ok((out, flags))
}

fn int_unary<T: Bits>(op: UnaryOp, a: &NdArray) -> Result<NdArray, UfuncError> {
    use UnaryOp::*;
    Ok(match op {
        Negative => map::<T, T>(a, T::neg)?,
        Positive | Floor | Ceil | Trunc | Conjugate => a.to_contiguous()?,
        Absolute => map::<T, T>(a, T::abs)?,
        Sign => map::<T, T>(a, T::sign)?,
        Square => map::<T, T>(a, |x| x.mul(x))?,
        Invert => map::<T, T>(a, T::not)?,
        LogicalNot => map::<T, bool>(a, |x| !x.is_nonzero())?,
        Signbit => map::<T, bool>(a, |x| x.lt(T::zero()))?,
        IsNan | IsInf => map::<T, bool>(a, |_| false)?,
        IsFinite => map::<T, bool>(a, |_| true)?,
        _ => unreachable!("float math on integers runs in a float dtype"),
    })
}

trait FloatMath: Arith + Into<f64> {
    fn apply(self, op: UnaryOp) -> Self;
}

macro_rules! float_math {
    ($t:ty) => {
        impl FloatMath for $t {
            fn apply(self, op: UnaryOp) -> Self {
                use UnaryOp::*;
                match op {
                    Sqrt => self.sqrt(),
                    Cbrt => self.cbrt(),
                    Exp => self.exp(),
                    Exp2 => self.exp2(),
                    Expm1 => self.exp_m1(),
                    Log => self.ln(),
                    Log2 => self.log2(),
                    Log10 => self.log10(),
                    Log1p => self.ln_1p(),
                    Sin => self.sin(),
                    Cos => self.cos(),
                    Tan => self.tan(),
                    Arcsin => self.asin(),
                    Arccos => self.acos(),
                    Arctan => self.atan(),
                    Sinh => self.sinh(),
                    Cosh => self.cosh(),
                    Tanh => self.tanh(),
                    Arcsinh => self.asinh(),
                    Arccosh => self.acosh(),
                    Arctanh => self.atanh(),
                    Floor => self.floor(),
                    Ceil => self.ceil(),
                    Trunc => self.trunc(),
                    Rint => kiln_numeric::NumpyUnary::numpy_rint(self),
                    Deg2rad => kiln_numeric::NumpyUnary::numpy_deg2rad(self),
                    Rad2deg => kiln_numeric::NumpyUnary::numpy_rad2deg(self),
                    Negative => -self,
                    Positive | Conjugate => self,
                    Absolute => self.abs(),
                    Square => kiln_numeric::NumpyUnary::numpy_square(self),
                    Sign => Arith::sign(self),
                    IsNan | IsInf | IsFinite | LogicalNot | Invert | Signbit => {
                        unreachable!("not a float result")
                    }
                }
            }
        }
    };
}

float_math!(f32);
float_math!(f64);

/// The flag numpy raises for `op` at `x` (domain errors and poles).
fn domain_flags(op: UnaryOp, x: f64, flags: &mut FpFlags) {
    use UnaryOp::*;
    if x.is_nan() {
        return;
    }
    match op {
        Sqrt if x < 0.0 => flags.invalid = true,
        Log | Log2 | Log10 if x == 0.0 => flags.divide = true,
        Log | Log2 | Log10 if x < 0.0 => flags.invalid = true,
        Log1p if x == -1.0 => flags.divide = true,
        Log1p if x < -1.0 => flags.invalid = true,
        Arcsin | Arccos if x.abs() > 1.0 => flags.invalid = true,
        Arccosh if x < 1.0 => flags.invalid = true,
        Arctanh if x.abs() == 1.0 => flags.divide = true,
        Arctanh if x.abs() > 1.0 => flags.invalid = true,
        Sin | Cos | Tan if x.is_infinite() => flags.invalid = true,
        _ => {}
    }
}

fn float_unary<T: FloatMath>(
    op: UnaryOp,
    a: &NdArray,
    flags: &mut FpFlags,
) -> Result<NdArray, UfuncError> {
    use UnaryOp::*;
    Ok(match op {
        IsNan => map::<T, bool>(a, |x| x.into().is_nan())?,
        IsInf => map::<T, bool>(a, |x| x.into().is_infinite())?,
        IsFinite => map::<T, bool>(a, |x| x.into().is_finite())?,
        LogicalNot => map::<T, bool>(a, |x| !x.is_nonzero())?,
        Signbit => map::<T, bool>(a, |x| x.into().is_sign_negative())?,
        // The ops a vector unit does in one instruction get a loop of their own (the
        // general arm's per-element `match` on `op` keeps the compiler from
        // vectorising); sqrt's only flag is a negative input.
        Sqrt => {
            let (out, negative) = map_flagged::<T, T>(a, |x| x.apply(Sqrt), |x| x.lt(T::zero()))?;
            flags.invalid |= negative;
            out
        }
        Negative => map::<T, T>(a, |x| x.apply(Negative))?,
        Absolute => map::<T, T>(a, |x| x.apply(Absolute))?,
        Square => {
            let (out, raised) = super::fpstatus::measure(|| map::<T, T>(a, |x| x.apply(Square)));
            *flags = flags.union(raised);
            out?
        }
        Floor => map::<T, T>(a, |x| x.apply(Floor))?,
        Ceil => map::<T, T>(a, |x| x.apply(Ceil))?,
        Trunc => map::<T, T>(a, |x| x.apply(Trunc))?,
        // libm raises overflow (exp, cosh) and the rest; the explicit domain test
        // covers what a libm may compute quietly.
        // Rust computes these three itself, with divisions that raise flags of
        // their own (asinh(0) divides by zero on the way to 0): explicit tests only.
        Arcsinh | Arccosh | Arctanh => map::<T, T>(a, |x| {
            domain_flags(op, x.into(), flags);
            x.apply(op)
        })?,
        _ => {
            let (out, raised) = super::fpstatus::measure(|| {
                map::<T, T>(a, |x| {
                    domain_flags(op, x.into(), flags);
                    x.apply(op)
                })
            });
            *flags = flags.union(raised);
            out?
        }
    })
}

fn complex_unary(op: UnaryOp, a: &NdArray) -> Result<NdArray, UfuncError> {
    use UnaryOp::*;
    Ok(match op {
        Negative => map::<C64, C64>(a, Arith::neg)?,
        Positive => a.to_contiguous()?,
        Conjugate => map::<C64, C64>(a, |z| C64::new(z.re, -z.im))?,
        Absolute => map::<C64, f64>(a, C64::norm)?,
        Square => map::<C64, C64>(a, |z| z.mul(z))?,
        Sqrt => map::<C64, C64>(a, C64::sqrt)?,
        Exp => map::<C64, C64>(a, C64::exp)?,
        Log => map::<C64, C64>(a, C64::ln)?,
        Sign => map::<C64, C64>(a, Arith::sign)?,
        Sin => map::<C64, C64>(a, |z| {
            C64::new(z.re.sin() * z.im.cosh(), z.re.cos() * z.im.sinh())
        })?,
        Cos => map::<C64, C64>(a, |z| {
            C64::new(z.re.cos() * z.im.cosh(), -z.re.sin() * z.im.sinh())
        })?,
        IsNan => map::<C64, bool>(a, |z| z.re.is_nan() || z.im.is_nan())?,
        IsInf => map::<C64, bool>(a, |z| z.re.is_infinite() || z.im.is_infinite())?,
        IsFinite => map::<C64, bool>(a, |z| z.re.is_finite() && z.im.is_finite())?,
        LogicalNot => map::<C64, bool>(a, |z| !z.is_nonzero())?,
        _ => {
            return Err(UfuncError::NoLoop {
                ufunc: op.name(),
                inputs: vec![DType::Complex128],
            });
        }
    })
}
