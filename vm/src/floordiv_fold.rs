//! A correction to RustPython 0.6.0's constant folding of float floor division.
//!
//! RustPython 0.6.0's code generator folds `a // b` of number constants, one of them a
//! float, with a `float_div_mod` that gives a zero quotient whenever the remainder is
//! zero: `6.0 // 2.0` compiles to `0.0` and `-1.25 // -1.25` to `0.0`, while the same
//! division at run time gives CPython's 3.0 and 1.0. Until a fixed release, kiln folds
//! those divisions itself, before code generation, into the literal of CPython's result,
//! so the folder never sees them.
//!
//! The pass is bottom-up over the tree and folds a floor division whose two operands
//! are constant arithmetic of number and bool literals (signs, `+ - * / // % **`, as
//! the folder would reduce them first: `(0.1 * -3) // -1.25` is 0.0, not the folder's -0.0), one
//! side a float. Code compiled at run time by `compile()`, `eval()` and `exec()` does
//! not pass through kiln's compile path and still gets the folder's results.

use kiln_jit::runtime::float_divmod;
use ruff_text_size::{Ranged, TextRange};
use rustpython_vm::compiler::ast::visitor::transformer::{Transformer, walk_body, walk_expr};
use rustpython_vm::compiler::ast::{self, Expr, Number, Operator, UnaryOp};

/// Folds the float floor divisions of `body` (a module or a cell).
pub fn fold_module(body: &mut [ast::Stmt]) {
    walk_body(&FloorDivFolder, body);
}

/// Folds the float floor divisions of an `eval` expression.
pub fn fold_expression(expr: &mut Expr) {
    FloorDivFolder.visit_expr(expr);
}

struct FloorDivFolder;

impl Transformer for FloorDivFolder {
    fn visit_expr(&self, expr: &mut Expr) {
        walk_expr(self, expr);
        if !matches!(expr, Expr::BinOp(division) if division.op == Operator::FloorDiv) {
            return;
        }
        // An int // int is folded exactly by RustPython; a zero divisor raises at run time.
        if let Some(Num::Float(quotient)) = constant(expr)
            && !quotient.is_nan()
        {
            let range = expr.range();
            *expr = float_literal(quotient, range);
        }
    }
}

/// A constant's value, as Python computes it.
#[derive(Clone, Copy)]
enum Num {
    Int(i64),
    Float(f64),
}

impl Num {
    fn float(self) -> f64 {
        match self {
            Num::Int(v) => v as f64,
            Num::Float(v) => v,
        }
    }
}

/// The value of constant arithmetic on number literals where Python's result is plain;
/// `None` for anything else, an int beyond 64 bits or a zero divisor.
fn constant(expr: &Expr) -> Option<Num> {
    match expr {
        Expr::NumberLiteral(literal) => match &literal.value {
            Number::Float(v) => Some(Num::Float(*v)),
            Number::Int(i) => i.as_i64().map(Num::Int),
            Number::Complex { .. } => None,
        },
        // The folder takes `True` and `False` for 1 and 0 (`14 // (True / 2)`).
        Expr::BooleanLiteral(b) => Some(Num::Int(i64::from(b.value))),
        Expr::UnaryOp(unary) => match (unary.op, constant(&unary.operand)?) {
            (UnaryOp::UAdd, v) => Some(v),
            (UnaryOp::USub, Num::Int(v)) => v.checked_neg().map(Num::Int),
            (UnaryOp::USub, Num::Float(v)) => Some(Num::Float(-v)),
            _ => None,
        },
        Expr::BinOp(binary) => {
            let (a, b) = (constant(&binary.left)?, constant(&binary.right)?);
            if let (Num::Int(x), Num::Int(y)) = (a, b) {
                if binary.op == Operator::Div {
                    return true_div(x, y).map(Num::Float);
                }
                return int_op(binary.op, x, y).map(Num::Int);
            }
            let (x, y) = (a.float(), b.float());
            let v = match binary.op {
                Operator::Add => x + y,
                Operator::Sub => x - y,
                Operator::Mult => x * y,
                Operator::Div if y != 0.0 => x / y,
                Operator::FloorDiv if y != 0.0 => float_divmod(x, y).0,
                Operator::Mod if y != 0.0 => float_divmod(x, y).1,
                // A negative base to a fractional power is complex in Python.
                Operator::Pow if x > 0.0 || y.fract() == 0.0 => x.powf(y),
                _ => return None,
            };
            Some(Num::Float(v))
        }
        _ => None,
    }
}

/// `x / y` of two ints as Python divides them: the exact quotient rounded to the
/// nearest float (ties to even); `None` for a zero divisor. Where both are exact
/// floats (below 2**53) that is their floats' division; otherwise the quotient is
/// taken in integers with at least 63 significant bits, a remainder folded into its
/// lowest bit (so that rounding sees it), converted and scaled back exactly.
fn true_div(x: i64, y: i64) -> Option<f64> {
    const EXACT: u64 = 1 << 53;
    let (n, d) = (x.unsigned_abs(), y.unsigned_abs());
    if d == 0 {
        return None;
    }
    if n <= EXACT && d <= EXACT {
        return Some(x as f64 / y as f64);
    }
    if n == 0 {
        return Some(if (x < 0) != (y < 0) { -0.0 } else { 0.0 });
    }
    let shift = n.leading_zeros() + 63;
    let wide = u128::from(n) << shift;
    let (q, r) = (wide / u128::from(d), wide % u128::from(d));
    let magnitude = (q | u128::from(r != 0)) as f64 * 2f64.powi(-(shift as i32));
    Some(if (x < 0) != (y < 0) {
        -magnitude
    } else {
        magnitude
    })
}

/// `x op y` of two ints where the result is an int that fits 64 bits (`/`, whose
/// result is a float, is [`constant`]'s).
fn int_op(op: Operator, x: i64, y: i64) -> Option<i64> {
    match op {
        Operator::Add => x.checked_add(y),
        Operator::Sub => x.checked_sub(y),
        Operator::Mult => x.checked_mul(y),
        Operator::Pow => x.checked_pow(u32::try_from(y).ok()?),
        Operator::FloorDiv if y != 0 => {
            let q = x.checked_div(y)?;
            Some(if x % y != 0 && ((x < 0) != (y < 0)) {
                q - 1
            } else {
                q
            })
        }
        Operator::Mod if y != 0 => {
            let r = x.checked_rem(y)?;
            Some(if r != 0 && ((r < 0) != (y < 0)) {
                r + y
            } else {
                r
            })
        }
        _ => None,
    }
}

/// A float as source would write it: a literal, negated where the sign bit is set.
fn float_literal(v: f64, range: TextRange) -> Expr {
    let literal = Expr::NumberLiteral(ast::ExprNumberLiteral {
        node_index: Default::default(),
        range,
        value: Number::Float(v.abs()),
    });
    if !v.is_sign_negative() {
        return literal;
    }
    Expr::UnaryOp(ast::ExprUnaryOp {
        node_index: Default::default(),
        range,
        op: UnaryOp::USub,
        operand: Box::new(literal),
    })
}

#[cfg(test)]
mod tests {
    use super::true_div;

    #[test]
    fn int_division_rounds_as_python() {
        // Python's results (CPython 3.11) for `x / y` of ints.
        let cases: [(i64, i64, f64); 7] = [
            (1 << 60, 3, 3.843071682022823e17),
            (i64::MAX, (1 << 62) + 1, 2.0),
            (-(1 << 62), 7, -6.588122883467697e17),
            (1, (1 << 62) + 3, 2.168404344971009e-19),
            ((1 << 53) + 1, 1, 9007199254740992.0),
            (14, 4, 3.5),
            (i64::MIN, -1, 9.223372036854776e18),
        ];
        for (x, y, expected) in cases {
            assert_eq!(
                true_div(x, y).map(f64::to_bits),
                Some(expected.to_bits()),
                "{x} / {y}"
            );
        }
        assert_eq!(
            true_div(0, -(1 << 60)).map(f64::to_bits),
            Some((-0.0f64).to_bits())
        );
        assert_eq!(true_div(5, 0), None);
    }
}
