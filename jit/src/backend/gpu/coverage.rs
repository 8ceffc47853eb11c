//! Which written arrays a kernel writes densely: every element of the box its
//! written footprint spans, so the box needs no copy in before the kernel runs.
//!
//! A written footprint is a per-axis hull: `c[i, 2 * j]` or a triangular `for j in
//! range(i)` writes only some of its box, and copying the whole box back would put
//! device garbage over the host's other elements unless the box was copied in first.
//! The proof here is syntactic and conservative: the array's only store is
//! unconditional (no `if`, `while`, `break` or `continue` around or in the loops), each
//! subscript is a loop variable plus a constant, a different one per axis, and every
//! enclosing `for` steps by 1 over bounds that no loop variable or assigned local
//! takes part in (a rectangle, not a triangle). The grid loops' steps are known only
//! at run time: the caller also needs them to be 1 (their bounds are invariant, see
//! `grid`).
//!
//! Invariant: `dense` says true only if, for bounds fixed before the kernel runs, the
//! store's subscripts take every tuple of the product of their loops' ranges.

use super::kernel::{Arith, KExpr, KStmt, KTy};
use crate::collections::HashSet;
use crate::ir::Var;

/// Whether array `array` of a kernel whose grid loops' variables are `grid` is
/// written densely (see the module doc).
pub fn dense(body: &[KStmt], grid: &[Var], array: usize) -> bool {
    // The grid's variables differ between threads: no inner bound may read them.
    let mut assigned: HashSet<Var> = grid.iter().copied().collect();
    let mut jumps = false;
    walk(body, &mut |s| match s {
        KStmt::Assign(pairs) => assigned.extend(pairs.iter().map(|(v, ..)| *v)),
        KStmt::For { var, .. } => {
            assigned.insert(*var);
        }
        KStmt::Break | KStmt::Continue => jumps = true,
        _ => {}
    });
    if jumps {
        return false;
    }
    let mut found = Vec::new();
    stores(
        body,
        array,
        &mut grid.to_vec(),
        false,
        &assigned,
        &mut found,
    );
    matches!(&found[..], [true])
}

fn walk<'a>(body: &'a [KStmt], f: &mut dyn FnMut(&'a KStmt)) {
    for s in body {
        f(s);
        match s {
            KStmt::If(_, a, b) => {
                walk(a, f);
                walk(b, f);
            }
            KStmt::For { body, .. } | KStmt::While(_, body) => walk(body, f),
            _ => {}
        }
    }
}

/// Pushes, for each store into `array`, whether it is a dense one.
fn stores(
    body: &[KStmt],
    array: usize,
    loops: &mut Vec<Var>,
    conditional: bool,
    assigned: &HashSet<Var>,
    found: &mut Vec<bool>,
) {
    for s in body {
        match s {
            KStmt::Store {
                array: a,
                index,
                op,
                ..
            } if *a == array => {
                let mut used = Vec::new();
                let all = index.iter().all(|i| match loop_var(i) {
                    Some(v) if loops.contains(&v) && !used.contains(&v) => {
                        used.push(v);
                        true
                    }
                    _ => false,
                });
                found.push(!conditional && op.is_none() && all);
            }
            KStmt::If(_, a, b) => {
                stores(a, array, loops, true, assigned, found);
                stores(b, array, loops, true, assigned, found);
            }
            KStmt::While(_, body) => stores(body, array, loops, true, assigned, found),
            KStmt::For {
                var,
                start,
                stop,
                step,
                body,
            } => {
                let rectangle = *step == KExpr::Int(1)
                    && invariant(start, assigned)
                    && invariant(stop, assigned);
                loops.push(*var);
                stores(
                    body,
                    array,
                    loops,
                    conditional || !rectangle,
                    assigned,
                    found,
                );
                loops.pop();
            }
            _ => {}
        }
    }
}

/// `v` or `v ± c` of an int loop variable: `v`.
fn loop_var(e: &KExpr) -> Option<Var> {
    match e {
        KExpr::Local(v, KTy::I64) => Some(*v),
        KExpr::Arith {
            op: Arith::Add | Arith::Sub,
            ty: KTy::I64,
            a,
            b,
            ..
        } if matches!(**b, KExpr::Int(_)) => loop_var(a),
        _ => None,
    }
}

/// An expression of constants, extents and locals nothing in the kernel assigns.
fn invariant(e: &KExpr, assigned: &HashSet<Var>) -> bool {
    match e {
        KExpr::Int(_) | KExpr::Extent(..) => true,
        KExpr::Local(v, _) => !assigned.contains(v),
        KExpr::Arith { a, b, .. } => invariant(a, assigned) && invariant(b, assigned),
        KExpr::ToInt(x) => invariant(x, assigned),
        _ => false,
    }
}
