//! A correction to RustPython 0.6.0's constant folding of float floor division.
//!
//! RustPython 0.6.0's code generator folds `a // b` of number constants, one of them a
//! float, with a `float_div_mod` that gives a zero quotient whenever the remainder is
//! zero: `6.0 // 2.0` compiles to `0.0` and `-1.25 // -1.25` to `0.0`, while the same
//! division at run time gives CPython's 3.0 and 1.0. Until a fixed release, kiln folds
//! those divisions itself, before code generation, into the literal of CPython's result,
//! so the folder never sees them.
//!
//! The pass is bottom-up over the tree and only looks at a floor division whose two
//! operands are number literals, each possibly signed: the form people write (`n // 2.0`
//! with `n` a literal, a negative constant). A division of constant expressions that
//! the folder first reduces (`(2.0 * 3.0) // 2.0`) is still folded by RustPython, and so
//! is code compiled at run time by `compile()`, `eval()` and `exec()`, which does not
//! pass through kiln's compile path.

use ruff_text_size::TextRange;
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
        let Expr::BinOp(division) = &*expr else {
            return;
        };
        if division.op != Operator::FloorDiv {
            return;
        }
        let (Some((a, a_float)), Some((b, b_float))) =
            (number(&division.left), number(&division.right))
        else {
            return;
        };
        // An int // int is folded exactly by RustPython; a zero divisor raises at run time.
        if !(a_float || b_float) || b == 0.0 {
            return;
        }
        let quotient = python_floordiv(a, b);
        if quotient.is_nan() {
            return;
        }
        let range = division.range;
        *expr = float_literal(quotient, range);
    }
}

/// The value of a number literal, possibly signed, and whether it is a float. An int
/// converts to float as Python converts it for `int // float` (`None` where that
/// overflows or is inexact: the division is then left to run time).
fn number(expr: &Expr) -> Option<(f64, bool)> {
    match expr {
        Expr::NumberLiteral(literal) => match &literal.value {
            Number::Float(v) => Some((*v, true)),
            Number::Int(i) => {
                let v = i.as_i64()?;
                (v.unsigned_abs() <= 1 << 53).then_some((v as f64, false))
            }
            Number::Complex { .. } => None,
        },
        Expr::UnaryOp(unary) if unary.op == UnaryOp::USub => {
            number(&unary.operand).map(|(v, float)| (-v, float))
        }
        Expr::UnaryOp(unary) if unary.op == UnaryOp::UAdd => number(&unary.operand),
        _ => None,
    }
}

/// CPython's `float // float` for a non-zero divisor (`float_floor_div`).
fn python_floordiv(a: f64, b: f64) -> f64 {
    let rem = a % b;
    let mut div = (a - rem) / b;
    if rem != 0.0 && ((b < 0.0) != (rem < 0.0)) {
        div -= 1.0;
    }
    if div == 0.0 {
        return 0.0f64.copysign(a / b);
    }
    let floor = div.floor();
    if div - floor > 0.5 {
        floor + 1.0
    } else {
        floor
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
    use super::python_floordiv;

    #[test]
    fn quotients_are_cpythons() {
        let bits = |v: f64| v.to_bits();
        assert_eq!(python_floordiv(6.0, 2.0), 3.0);
        assert_eq!(python_floordiv(-1.25, -1.25), 1.0);
        assert_eq!(python_floordiv(1.0, 0.1), 9.0);
        assert_eq!(python_floordiv(-7.0, 2.0), -4.0);
        assert_eq!(python_floordiv(4.0, -2.0), -2.0);
        assert_eq!(bits(python_floordiv(0.0, -3.0)), bits(-0.0));
        assert_eq!(bits(python_floordiv(0.5, 3.0)), bits(0.0));
        assert_eq!(python_floordiv(-1e-300, 1e300), -1.0);
    }
}
