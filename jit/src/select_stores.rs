//! Conditional element stores as selects: `if alt < d[i, j]: d[i, j] = alt` becomes
//! `d[i, j] = alt if alt < d[i, j] else d[i, j]`, one store on every path and no
//! branch (Floyd-Warshall's relaxation, a running minimum per bucket). Where the data
//! decides the branch, a mispredicted jump cost more than the store it skipped.
//!
//! The pass rewrites an `if` with no `else` whose condition is one comparison with an
//! element `a[idx]` on either side, and whose body is the one store `a[idx] = v` to that
//! same element, `v` a variable or a constant of the element's own type.
//!
//! Invariant: the rewritten statement computes and stores what the `if` did. The
//! condition is evaluated first, as before; its load of `a[idx]` has checked the
//! subscript, which is pure (variables, constants, `+ - *`), so the store's address is
//! that element; `v` is read whether or not the condition holds, which cannot fail
//! (a variable that may be unbound hands the whole statement back, and the
//! interpreter runs the `if`); where the condition fails the element gets its own
//! value back, bit for bit (NaNs and -0.0 included), which nobody can tell from no
//! store: the array is numpy's (kiln's arrays are all writeable), not a list, and a
//! parallel loop that stores the element owns it.

use crate::infer::{Typing, VarTy};
use crate::ir::{BinOp, Expr, Nest, StmtKind, UnaryOp};

/// The nest with its conditional element stores as selects, and how many; `None`
/// where it has none.
pub fn rewrite(nest: &Nest, typing: &Typing) -> Option<(Nest, u32)> {
    let mut root = nest.root.clone();
    let mut count = 0;
    root.each_mut(&mut |s| {
        if let Some(kind) = selected(&s.kind, typing) {
            s.kind = kind;
            count += 1;
        }
    });
    (count > 0).then(|| (nest.rewritten(nest.vars.clone(), root), count))
}

fn selected(kind: &StmtKind, typing: &Typing) -> Option<StmtKind> {
    let StmtKind::If { cond, then, orelse } = kind else {
        return None;
    };
    let ([store], []) = (&then[..], &orelse[..]) else {
        return None;
    };
    let StmtKind::Store {
        array,
        index,
        op: None,
        value,
    } = &store.kind
    else {
        return None;
    };
    let Expr::Compare(first, rest) = cond else {
        return None;
    };
    let [(_, second)] = &rest[..] else {
        return None;
    };
    let element = Expr::Load(*array, index.clone());
    if **first != element && *second != element {
        return None;
    }
    if !index.iter().all(pure) || !matches!(value, Expr::Var(_) | Expr::Int(_) | Expr::Float(_)) {
        return None;
    }
    match typing.vars.get(*array) {
        Some(VarTy::Array(a)) if a.list.is_none() => {}
        _ => return None,
    }
    // Of the element's own type: the store converts nothing it did not before.
    let same = match (typing.scalar(value), typing.scalar(&element)) {
        (Ok(v), Ok(e)) => v == e && !v.mixed,
        _ => false,
    };
    if !same {
        return None;
    }
    Some(StmtKind::Store {
        array: *array,
        index: index.clone(),
        op: None,
        value: Expr::IfExp(
            Box::new(cond.clone()),
            Box::new(value.clone()),
            Box::new(element),
        ),
    })
}

/// A subscript that cannot fail or change anything: variables and constants under
/// `+`, `-`, `*` and negation.
fn pure(e: &Expr) -> bool {
    match e {
        Expr::Var(_) | Expr::Int(_) => true,
        Expr::Binary(BinOp::Add | BinOp::Sub | BinOp::Mul, a, b) => pure(a) && pure(b),
        Expr::Unary(UnaryOp::Neg, a) => pure(a),
        _ => false,
    }
}
