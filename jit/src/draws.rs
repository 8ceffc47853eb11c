//! Draws from the `random` module in compiled code: where they may stand.
//!
//! A draw (`Intrinsic::Random`) changes the generator, and a hand-back runs the
//! statement it stopped at again in the interpreter, which would draw a second time.
//! So a draw may stand only where nothing after it in its statement can hand back: as
//! the value of an assignment to one name, alone or in sums, differences and products
//! with number literals (`x = random.random()`, `x = 2.0 * random.random() - 1.0`),
//! whose float arithmetic cannot fail. Anywhere else (a condition, a stored element's
//! value, an argument, a function inlined into a statement, which hands back whole)
//! the loop stays interpreted, and says so.

use crate::ir::{BinOp, Expr, Intrinsic, Nest, StmtKind, UnaryOp};

const REFUSED: &str = "`random.random()` other than as the value of a name \
    (`x = random.random()`, `x = 2.0 * random.random() - 1.0`, `x = random.uniform(-1, 1)`, \
    `d = random.randint(1, 6)`) stays interpreted";

/// Checks that every draw of the nest stands where it may.
pub fn check(nest: &Nest) -> Result<(), String> {
    let mut result = Ok(());
    nest.root.each(&mut |s| {
        if result.is_err() {
            return;
        }
        let allowed = match &s.kind {
            StmtKind::Assign { targets, values } if targets.len() == 1 && values.len() == 1 => {
                drawn_arithmetic(&values[0])
            }
            _ => false,
        };
        if !allowed && s.exprs().into_iter().any(draws) {
            result = Err(format!("line {}: {REFUSED}", s.line));
        }
    });
    result
}

/// Whether `e` draws anywhere in it (the bodies of calls inlined into it included).
fn draws(e: &Expr) -> bool {
    let mut found = false;
    e.walk(&mut |e| match e {
        Expr::Call(Intrinsic::Random | Intrinsic::RandBelow, _) => found = true,
        Expr::Inline(inl) => {
            for s in &inl.body {
                s.each(&mut |t| found |= t.exprs().into_iter().any(draws));
            }
        }
        _ => {}
    });
    found
}

/// Draws and number literals under `+`, `-` and `*`: arithmetic that cannot fail.
fn drawn_arithmetic(e: &Expr) -> bool {
    match e {
        Expr::Call(Intrinsic::Random, args) => args.is_empty(),
        Expr::Call(Intrinsic::RandBelow, args) => {
            matches!(&args[..], [n] if drawn_arithmetic(n) && !draws(n))
        }
        Expr::Float(_) | Expr::Int(_) => true,
        Expr::Unary(UnaryOp::Neg | UnaryOp::Pos, a) => drawn_arithmetic(a),
        Expr::Binary(BinOp::Add | BinOp::Sub | BinOp::Mul, a, b) => {
            drawn_arithmetic(a) && drawn_arithmetic(b)
        }
        _ => false,
    }
}
