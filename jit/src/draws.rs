//! Draws from the `random` module in compiled code: where they may stand.
//!
//! A draw (`Intrinsic::Random`, `RandInt`, `Gauss`) changes the generator, and a
//! hand-back runs the statement it stopped at again in the interpreter, which would
//! draw a second time. So nothing evaluated after a draw in its statement may hand
//! back. Two checks see to it:
//!
//! - [`check`], on the nest as lowered: a draw stands only in the value of an
//!   assignment to one name (`x = random.random()`, `d = random.randint(1, n)`), or in
//!   the condition of an `if` or a `while` (`if random.random() < p:`), whose
//!   statement ends when the condition is known (a hand-back in the body resumes at
//!   the body's statement). Not in a stored element's value (the store can fail after
//!   it), an argument of a call, or a function inlined into a statement (which hands
//!   back whole).
//! - [`check_typed`], once the nest is typed: walking each such statement in
//!   evaluation order, every operation after the first draw is one that cannot fail:
//!   `+ - *` giving a Python float, `/` by a nonzero literal, `+ -` of ints whose
//!   bounds are known to stay far from overflow (literals, draws between literals), a
//!   negation of such, comparisons of real numbers, `and`/`or`, `x if c else y`, and
//!   further draws whose bounds are literals. What is evaluated before the first draw
//!   (the arguments of `uniform(a, b)`, `b - a`) may fail: nothing was drawn then.

use crate::infer::{ExprTy, Typing};
use crate::ir::{BinOp, Expr, Intrinsic, Nest, Stmt, StmtKind, UnaryOp};
use crate::types::Scalar;

const REFUSED: &str = "a draw from `random` other than in the value of a name \
    (`x = random.random()`, `x = random.uniform(a, b)`, `d = random.randint(1, n)`, \
    `g = random.gauss(mu, sigma)`) or in an `if` or `while` condition stays interpreted";

/// The expressions of `s` in which a draw may stand, if it is such a statement.
fn drawing_place(s: &Stmt) -> Option<&Expr> {
    match &s.kind {
        StmtKind::Assign { targets, values } if targets.len() == 1 && values.len() == 1 => {
            Some(&values[0])
        }
        StmtKind::If { cond, .. } | StmtKind::While { cond, .. } => Some(cond),
        _ => None,
    }
}

/// Checks that every draw of the nest stands where it may.
pub fn check(nest: &Nest) -> Result<(), String> {
    let mut result = Ok(());
    nest.root.each(&mut |s| {
        if result.is_err() {
            return;
        }
        let place = drawing_place(s).map(|e| e as *const Expr);
        for e in s.exprs() {
            let allowed = place == Some(e as *const Expr) && !draws_inlined(e);
            if !allowed && draws(e) {
                result = Err(format!("line {}: {REFUSED}", s.line));
            }
        }
    });
    result
}

/// Checks, on the typed nest, that nothing after a draw in its statement can fail.
pub fn check_typed(nest: &Nest, typing: &Typing) -> Result<(), String> {
    let mut result = Ok(());
    nest.root.each(&mut |s| {
        if result.is_err() {
            return;
        }
        if let Some(e) = drawing_place(s)
            && draws(e)
            && let Err(why) = after_draws(e, typing, &mut false)
        {
            result = Err(format!(
                "line {}: {why} after a draw from `random` (a hand-back would draw again) \
                 stays interpreted",
                s.line
            ));
        }
    });
    result
}

/// Whether `e` draws anywhere in it (the bodies of calls inlined into it included).
pub fn draws(e: &Expr) -> bool {
    let mut found = false;
    e.walk(&mut |e| match e {
        Expr::Call(
            Intrinsic::Random | Intrinsic::RandInt | Intrinsic::Uniform | Intrinsic::Gauss,
            _,
        ) => found = true,
        Expr::Inline(inl) => {
            for s in &inl.body {
                s.each(&mut |t| found |= t.exprs().into_iter().any(draws));
            }
        }
        _ => {}
    });
    found
}

/// Whether a call inlined into `e` draws (its statement would hand back whole).
fn draws_inlined(e: &Expr) -> bool {
    let mut found = false;
    e.walk(&mut |x| {
        if let Expr::Inline(_) = x {
            found |= draws(x);
        }
    });
    found
}

/// The bounds of an int expression that cannot overflow: literals, `randint` of
/// literals, sums, differences and negations of such; `None` for any other.
fn int_bounds(e: &Expr) -> Option<(i128, i128)> {
    const FAR: i128 = 1 << 62;
    let bounds = match e {
        Expr::Int(v) => (*v as i128, *v as i128),
        Expr::Call(Intrinsic::RandInt, args) => match &args[..] {
            // Of literals, `a <= b`: it cannot fail.
            [a, b] => match (int_bounds(a)?, int_bounds(b)?) {
                ((a, a1), (b, b1)) if a == a1 && b == b1 && a <= b => (a, b),
                _ => return None,
            },
            _ => return None,
        },
        Expr::Unary(UnaryOp::Neg, a) => {
            let (lo, hi) = int_bounds(a)?;
            (-hi, -lo)
        }
        Expr::Unary(UnaryOp::Pos, a) => int_bounds(a)?,
        Expr::Binary(BinOp::Add, a, b) => {
            let (a, b) = (int_bounds(a)?, int_bounds(b)?);
            (a.0 + b.0, a.1 + b.1)
        }
        Expr::Binary(BinOp::Sub, a, b) => {
            let (a, b) = (int_bounds(a)?, int_bounds(b)?);
            (a.0 - b.1, a.1 - b.0)
        }
        _ => return None,
    };
    (bounds.0 > -FAR && bounds.1 < FAR).then_some(bounds)
}

/// Walks `e` in evaluation order; once `drawn`, every operation must be one that
/// cannot fail. `Err` says which could.
fn after_draws(e: &Expr, typing: &Typing, drawn: &mut bool) -> Result<(), String> {
    let scalar = |e: &Expr| match typing.expr(e) {
        Ok(ExprTy::Scalar(t)) => Some(t),
        _ => None,
    };
    let python_float = |e: &Expr| scalar(e).is_some_and(|t| !t.mixed && t.ty == Scalar::Float);
    let real = |e: &Expr| scalar(e).is_some_and(|t| t.variants().iter().all(|v| !v.is_complex()));
    match e {
        Expr::Int(_) | Expr::Float(_) | Expr::Bool(_) | Expr::Var(_) => Ok(()),
        Expr::Call(Intrinsic::Random, args) if args.is_empty() => {
            *drawn = true;
            Ok(())
        }
        // The arguments first; then, after an earlier draw, `b - a` must not fail:
        // floats (the typing took Python numbers alone).
        Expr::Call(Intrinsic::Uniform | Intrinsic::Gauss, args) => {
            for a in args {
                after_draws(a, typing, drawn)?;
            }
            if *drawn && !args.iter().all(&python_float) {
                return Err("`uniform()` or `gauss()` of ints".into());
            }
            *drawn = true;
            Ok(())
        }
        Expr::Call(Intrinsic::RandInt, args) => {
            for a in args {
                after_draws(a, typing, drawn)?;
            }
            // Its own check of the bounds (`b < a`) comes after the draws before it.
            if *drawn && int_bounds(e).is_none() {
                return Err("`randint()` of bounds that are not literals".into());
            }
            *drawn = true;
            Ok(())
        }
        Expr::Binary(op, a, b) => {
            after_draws(a, typing, drawn)?;
            after_draws(b, typing, drawn)?;
            if !*drawn {
                return Ok(());
            }
            let nonzero_literal = match &**b {
                Expr::Int(v) => *v != 0,
                Expr::Float(v) => *v != 0.0,
                _ => false,
            };
            let fine = match op {
                BinOp::Add | BinOp::Sub | BinOp::Mul if python_float(e) => true,
                BinOp::Add | BinOp::Sub => int_bounds(e).is_some(),
                BinOp::Div => python_float(e) && nonzero_literal,
                _ => false,
            };
            if fine {
                Ok(())
            } else {
                Err(format!("`{}` of {}", op.symbol(), describe(typing, e)))
            }
        }
        Expr::Unary(op, a) => {
            after_draws(a, typing, drawn)?;
            let fine = match op {
                UnaryOp::Neg | UnaryOp::Pos => python_float(e) || int_bounds(e).is_some(),
                UnaryOp::Not => true,
                _ => false,
            };
            if !*drawn || fine {
                Ok(())
            } else {
                Err(format!("a unary operation on {}", describe(typing, a)))
            }
        }
        Expr::Compare(a, rest) => {
            after_draws(a, typing, drawn)?;
            for (_, b) in rest {
                after_draws(b, typing, drawn)?;
            }
            let all_real = real(a) && rest.iter().all(|(_, b)| real(b));
            if !*drawn || all_real {
                Ok(())
            } else {
                Err("a comparison of other than real numbers".into())
            }
        }
        Expr::Logic(_, es) => es.iter().try_for_each(|x| after_draws(x, typing, drawn)),
        Expr::IfExp(c, a, b) => {
            after_draws(c, typing, drawn)?;
            after_draws(a, typing, drawn)?;
            after_draws(b, typing, drawn)
        }
        other if draws(other) => Err("a draw inside another operation".into()),
        _ if *drawn => Err("an operation that can fail".into()),
        _ => Ok(()),
    }
}

fn describe(typing: &Typing, e: &Expr) -> String {
    match typing.expr(e) {
        Ok(ExprTy::Scalar(t)) => t.describe(),
        _ => "an array".into(),
    }
}
