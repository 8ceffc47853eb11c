//! Complex constants the bytecode compiler folds: `-0.5 + -0j`, `2 * 1j`, `(1.5 - 0.5j)`.
//!
//! RustPython's compiler (as CPython's) evaluates arithmetic between number literals
//! when it compiles, by its own rules: a real operand becomes `complex(x, 0.0)` and
//! complex arithmetic is `num_complex`'s, so `-0.5 + -0j` is `(-0.5+0j)` in the
//! bytecode, where the same sum at run time (RustPython's mixed-mode arithmetic) keeps
//! the `-0.0`. Compiled code must see the constant the interpreter runs, so the
//! lowering folds what the compiler folds (its `eval_const_binop` for numbers) and
//! takes the result as a literal. Real results are left alone: folding them or not
//! gives the same bits.

use rustpython_vm::compiler::ast;

#[derive(Clone, Copy)]
enum Number {
    Int(i64),
    Float(f64),
    Complex(f64, f64),
}

/// The complex number an expression of literals folds to, if it folds to one.
pub(super) fn complex_constant(expr: &ast::Expr) -> Option<(f64, f64)> {
    match fold(expr)? {
        Number::Complex(re, im) => Some((re, im)),
        _ => None,
    }
}

fn fold(expr: &ast::Expr) -> Option<Number> {
    match expr {
        ast::Expr::NumberLiteral(n) => Some(match &n.value {
            ast::Number::Int(i) => Number::Int(i.as_i64()?),
            ast::Number::Float(f) => Number::Float(*f),
            ast::Number::Complex { real, imag } => Number::Complex(*real, *imag),
        }),
        ast::Expr::UnaryOp(u) => {
            let v = fold(&u.operand)?;
            match u.op {
                ast::UnaryOp::UAdd => Some(v),
                ast::UnaryOp::USub => Some(match v {
                    Number::Int(i) => Number::Int(i.checked_neg()?),
                    Number::Float(f) => Number::Float(-f),
                    Number::Complex(re, im) => Number::Complex(-re, -im),
                }),
                _ => None,
            }
        }
        ast::Expr::BinOp(b) => binary(b.op, fold(&b.left)?, fold(&b.right)?),
        _ => None,
    }
}

fn binary(op: ast::Operator, left: Number, right: Number) -> Option<Number> {
    use ast::Operator::*;
    let as_complex = |n: Number| match n {
        Number::Int(i) => (i as f64, 0.0),
        Number::Float(f) => (f, 0.0),
        Number::Complex(re, im) => (re, im),
    };
    match (left, right) {
        (Number::Int(l), Number::Int(r)) => Some(Number::Int(match op {
            Add => l.checked_add(r)?,
            Sub => l.checked_sub(r)?,
            Mult => l.checked_mul(r)?,
            _ => return None,
        })),
        (Number::Complex(..), _) | (_, Number::Complex(..)) => {
            let ((a, b), (c, d)) = (as_complex(left), as_complex(right));
            let (re, im) = match op {
                Add => (a + c, b + d),
                Sub => {
                    // The compiler keeps `0 - 0j` a negative zero imaginary part.
                    let im =
                        if a == 0.0 && b == 0.0 && c == 0.0 && d == 0.0 && !d.is_sign_negative() {
                            -0.0
                        } else {
                            b - d
                        };
                    (a - c, im)
                }
                Mult => (a * c - b * d, a * d + b * c),
                Div => {
                    if c == 0.0 && d == 0.0 {
                        return None;
                    }
                    let norm = c * c + d * d;
                    ((a * c + b * d) / norm, (b * c - a * d) / norm)
                }
                _ => return None,
            };
            (re.is_finite() && im.is_finite()).then_some(Number::Complex(re, im))
        }
        _ => {
            let (l, r) = (as_complex(left).0, as_complex(right).0);
            Some(Number::Float(match op {
                Add => l + r,
                Sub => l - r,
                Mult => l * r,
                Div if r != 0.0 => l / r,
                _ => return None,
            }))
        }
    }
}
