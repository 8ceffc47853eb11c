//! numpy's casting rules for array statements, checked once their types are known.

use super::InPlace;
use super::Scalarised;
use crate::ir::Expr;

type Result<T> = std::result::Result<T, String>;

/// An update in place (`a[s] += v`, `x *= v`) stores through numpy's `same_kind`
/// casting, which refuses a result of a higher kind than the target (a float result
/// into an integer array: UFuncTypeError), where an element's store would convert it.
/// Such a nest stays interpreted, so the interpreter raises.
///
/// A fused run needs each statement's value to have its target's dtype, so that the
/// value a later statement reads in place of the element is the element's.
pub fn check_casts(s: &Scalarised, typing: &crate::infer::Typing) -> Result<()> {
    use crate::infer::VarTy;
    use crate::types::{Dtype, Scalar};
    let nest = &s.nest;
    for (value, array) in &s.forwarded {
        let dtype = typing.array(*array)?.dtype;
        let exact = matches!(&typing.vars[*value],
            VarTy::Scalar { ty, .. } if !ty.mixed && ty.ty == Scalar::Np(dtype));
        if !exact {
            return Err(format!(
                "a fused statement's value is not of its target `{}`'s dtype",
                nest.vars[*array].name
            ));
        }
    }
    let same_kind = |from: Dtype, to: Dtype| {
        if from.is_float() {
            to.is_float()
        } else if from.is_signed() {
            !to.is_unsigned()
        } else {
            true
        }
    };
    for update in &s.in_place {
        let InPlace {
            line,
            array,
            index,
            op,
            value,
        } = update;
        let at = |e: String| format!("line {line}: {e}");
        let element = typing
            .scalar(&Expr::Load(*array, index.clone()))
            .map_err(at)?;
        let value = typing.scalar(value).map_err(at)?;
        let result = typing.binary(*op, element, value).map_err(at)?;
        let target = typing.array(*array).map_err(at)?.dtype;
        for t in result.variants() {
            let from = match t {
                Scalar::Np(d) => d,
                Scalar::Bool => Dtype::Bool,
                Scalar::Int => Dtype::I64,
                Scalar::Float => Dtype::F64,
                Scalar::Complex => Dtype::C128,
            };
            if !same_kind(from, target) {
                return Err(at(format!(
                    "an update in place of a {} array by a {} result (numpy refuses the \
                     cast); it stays interpreted",
                    target.name(),
                    from.name()
                )));
            }
        }
    }
    Ok(())
}
