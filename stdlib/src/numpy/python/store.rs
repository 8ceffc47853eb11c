//! What numpy's item assignment makes of one scalar: `a[i] = v`, `a[:] = v` and
//! `a.fill(v)` (not `np.full`, which casts as `astype` does).
//!
//! numpy 2 does not cast such a scalar as `astype` would. Into an integer array it
//! converts the value as Python's `int()` does and then checks the dtype's range:
//! a float is truncated (`inf` is an OverflowError, NaN a ValueError, one past C
//! long's range "Python int too large to convert to C long") and a result out of
//! range is "Python integer 300 out of bounds for int8". numpy scalars go the same
//! way into signed integer arrays, but into unsigned ones they are cast, with the
//! cast's warnings (`np.int64(300)` stores 44 into a uint8). A Python complex cannot
//! go into an integer or float array at all (TypeError, as `int()`/`float()` of it);
//! a numpy complex goes in as its real part, with a ComplexWarning.

use rustpython_vm::{PyResult, VirtualMachine};

use super::convert::Strength;
use crate::numpy::DType;
use crate::numpy::dtype::DTypeKind;
use crate::numpy::format::Element;
use crate::numpy::multiarray::NdArray;
use crate::numpy::multiarray::promote::int_range;

/// The 0-d array of `dtype` that storing `value` (of `strength`) writes, or numpy's
/// error.
pub fn stored_scalar(
    vm: &VirtualMachine,
    value: Element,
    strength: Strength,
    dtype: DType,
) -> PyResult<NdArray> {
    Ok(NdArray::scalar(
        dtype,
        stored_element(vm, value, strength, dtype)?,
    ))
}

/// The element of `dtype` that storing `value` (of `strength`) writes (to be cast to
/// `dtype` as the array's own element write casts), or numpy's error.
pub fn stored_element(
    vm: &VirtualMachine,
    value: Element,
    strength: Strength,
    dtype: DType,
) -> PyResult<Element> {
    let kind = dtype.kind();
    // The common cases, which need no conversion: a value of the array's own kind.
    match (kind, value) {
        (DTypeKind::Float, Element::Float(_) | Element::Int(_) | Element::Bool(_))
        | (DTypeKind::Complex | DTypeKind::Bool, _) => return Ok(value),
        (DTypeKind::SignedInt | DTypeKind::UnsignedInt, Element::Int(v))
            if int_range(dtype).is_some_and(|(lo, hi)| (lo..=hi).contains(&(v as i128))) =>
        {
            return Ok(value);
        }
        _ => {}
    }
    let (mut value, mut strength) = (value, strength);
    if let Element::Complex(re, _) = value
        && matches!(
            kind,
            DTypeKind::SignedInt | DTypeKind::UnsignedInt | DTypeKind::Float
        )
    {
        if let Strength::Weak(_) = strength {
            return Err(vm.new_type_error(if kind == DTypeKind::Float {
                "float() argument must be a string or a real number, not 'complex'"
            } else {
                "int() argument must be a string, a bytes-like object or a real number, not 'complex'"
            }));
        }
        super::errors::warn_numpy(
            vm,
            "ComplexWarning",
            "Casting complex values to real discards the imaginary part",
        )?;
        value = Element::Float(re);
        strength = Strength::Strong(DType::Float64);
    }
    match (kind, strength) {
        (DTypeKind::SignedInt, _) | (DTypeKind::UnsignedInt, Strength::Weak(_)) => {
            let v = python_int(vm, value, dtype)?;
            let e = match i64::try_from(v) {
                Ok(v) => Element::Int(v),
                Err(_) => Element::UInt(v as u64),
            };
            super::convert::check_int_fits(vm, e, dtype)?;
            Ok(e)
        }
        (DTypeKind::UnsignedInt, Strength::Strong(from)) => {
            let source = NdArray::scalar(from, value);
            let (out, flags) = crate::numpy::multiarray::fpstatus::measure(|| source.cast(dtype));
            let out = out.map_err(|e| super::errors::array_error(vm, e))?;
            super::errors::warn_flags(vm, flags, "cast")?;
            Ok(out.get(&[]))
        }
        _ => Ok(value),
    }
}

/// `int(value)` as numpy takes it for an integer array of `dtype`: within C long's
/// range (unsigned long's, for uint32 and uint64).
fn python_int(vm: &VirtualMachine, value: Element, dtype: DType) -> PyResult<i128> {
    let too_large = || vm.new_overflow_error("Python int too large to convert to C long");
    let limit = if matches!(dtype, DType::UInt32 | DType::UInt64) {
        u64::MAX as i128
    } else {
        i64::MAX as i128
    };
    let v = match value {
        Element::Bool(b) => b as i128,
        Element::Int(v) => v as i128,
        Element::UInt(v) => v as i128,
        Element::Float(f) if f.is_nan() => {
            return Err(vm.new_value_error("cannot convert float NaN to integer"));
        }
        Element::Float(f) if f.is_infinite() => {
            return Err(vm.new_overflow_error("cannot convert float infinity to integer"));
        }
        // Beyond ±2**127 the float is far out of every range; saturating is enough.
        Element::Float(f) => f.trunc() as i128,
        Element::Complex(..) => unreachable!("complex values are taken apart above"),
    };
    if v > limit || v < i64::MIN as i128 {
        return Err(too_large());
    }
    Ok(v)
}
