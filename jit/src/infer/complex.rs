//! The types of complex numbers in a nest ([`crate::complex`] then splits them into
//! their parts): the complex intrinsics, and the numbers a complex one meets.

use super::{Result, Typing, map_variants, numeric};
use crate::ir::{Expr, Intrinsic};
use crate::types::{self, Scalar, ScalarTy};

impl Typing<'_> {
    /// The complex-number intrinsics ([`crate::complex`] replaces them).
    pub(super) fn complex_call(&self, f: Intrinsic, args: &[Expr]) -> Result<ScalarTy> {
        let tys = args
            .iter()
            .map(|a| self.scalar(a))
            .collect::<Result<Vec<_>>>()?;
        let name = f.name();
        let refuse = |t: &ScalarTy| format!("`{name}` of {} stays interpreted", t.describe());
        let one = |f: &dyn Fn(Scalar) -> Option<Scalar>| -> Result<ScalarTy> {
            let [t] = &tys[..] else {
                return Err(format!("`{name}` takes one value"));
            };
            if !t.variants().iter().all(|x| complex_operand(*x)) {
                return Err(refuse(t));
            }
            map_variants(*t, f).ok_or_else(|| refuse(t))
        };
        // A Python bool's `.real` and `.conjugate()` are ints.
        let int_for_bool = |t: Scalar| if t == Scalar::Bool { Scalar::Int } else { t };
        match f {
            Intrinsic::Complex => {
                if tys.is_empty() || tys.len() > 2 {
                    return Err("`complex()` with other than one or two values".into());
                }
                for t in &tys {
                    if !t
                        .variants()
                        .iter()
                        .all(|x| numeric(*x) && complex_operand(*x))
                    {
                        return Err(format!("`complex()` of {} stays interpreted", t.describe()));
                    }
                }
                Ok(ScalarTy::exact(Scalar::Complex))
            }
            Intrinsic::Real | Intrinsic::Imag => one(&|t| Some(int_for_bool(part_of(t)))),
            Intrinsic::Conjugate => one(&|t| Some(int_for_bool(t))),
            Intrinsic::NpConj => one(&|t| match t {
                Scalar::Complex | Scalar::Np(types::Dtype::C128) => {
                    Some(Scalar::Np(types::Dtype::C128))
                }
                Scalar::Float | Scalar::Np(types::Dtype::F64) => {
                    Some(Scalar::Np(types::Dtype::F64))
                }
                Scalar::Int | Scalar::Np(types::Dtype::I64) => Some(Scalar::Np(types::Dtype::I64)),
                _ => None,
            }),
            Intrinsic::Hypot => Ok(tys[0]),
            _ => unreachable!("not a complex intrinsic"),
        }
    }
}

/// A number a complex number meets in compiled code (see `types::arithmetic`).
pub(super) fn complex_operand(t: Scalar) -> bool {
    match t {
        Scalar::Bool | Scalar::Int | Scalar::Float | Scalar::Complex => true,
        Scalar::Np(d) => d.is_int() || matches!(d, types::Dtype::F64 | types::Dtype::C128),
    }
}

/// The type of a complex number's parts: a Python float for a Python complex, an
/// `np.float64` for a complex128.
pub fn part_of(t: Scalar) -> Scalar {
    match t {
        Scalar::Complex => Scalar::Float,
        Scalar::Np(types::Dtype::C128) => Scalar::Np(types::Dtype::F64),
        t => t,
    }
}
