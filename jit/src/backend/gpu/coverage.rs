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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::EntityRef;

    fn v(k: usize) -> Var {
        Var::new(k)
    }

    fn local(k: usize) -> KExpr {
        KExpr::Local(v(k), KTy::I64)
    }

    fn store(index: Vec<KExpr>) -> KStmt {
        KStmt::Store {
            array: 0,
            index,
            op: None,
            value: KExpr::Float(1.0),
        }
    }

    /// `for j in range(start, stop, step): body` with `j` the variable 1.
    fn for_j(start: KExpr, stop: KExpr, step: i64, body: Vec<KStmt>) -> KStmt {
        KStmt::For {
            var: v(1),
            start,
            stop,
            step: KExpr::Int(step),
            body,
        }
    }

    #[test]
    fn a_rectangle_of_grid_and_loop_variables_is_dense() {
        // out[i, j] for j in range(n): i the grid's (0), n invariant (2).
        let body = [for_j(
            KExpr::Int(0),
            local(2),
            1,
            vec![store(vec![local(0), local(1)])],
        )];
        assert!(dense(&body, &[v(0)], 0));
        // Shifted by constants too (out[i + 1, j - 1]).
        let shifted = |k, c| KExpr::Arith {
            op: Arith::Add,
            ty: KTy::I64,
            numpy: false,
            a: Box::new(local(k)),
            b: Box::new(KExpr::Int(c)),
        };
        let body = [for_j(
            KExpr::Int(1),
            local(2),
            1,
            vec![store(vec![shifted(0, 1), shifted(1, -1)])],
        )];
        assert!(dense(&body, &[v(0)], 0));
    }

    #[test]
    fn what_may_leave_holes_is_not() {
        // A triangle: j's bound reads the grid's variable.
        let tri = [for_j(
            KExpr::Int(0),
            local(0),
            1,
            vec![store(vec![local(0), local(1)])],
        )];
        assert!(!dense(&tri, &[v(0)], 0));
        // Every other j.
        let strided = [for_j(
            KExpr::Int(0),
            local(2),
            2,
            vec![store(vec![local(0), local(1)])],
        )];
        assert!(!dense(&strided, &[v(0)], 0));
        // A conditional store.
        let cond = [KStmt::If(
            KExpr::Bool(true),
            vec![store(vec![local(0)])],
            vec![],
        )];
        assert!(!dense(&cond, &[v(0)], 0));
        // A scaled subscript (out[2 * i]).
        let scaled = KExpr::Arith {
            op: Arith::Mul,
            ty: KTy::I64,
            numpy: false,
            a: Box::new(KExpr::Int(2)),
            b: Box::new(local(0)),
        };
        assert!(!dense(&[store(vec![scaled])], &[v(0)], 0));
        // One variable on two axes (the diagonal).
        assert!(!dense(&[store(vec![local(0), local(0)])], &[v(0)], 0));
        // A break anywhere.
        let broken = [for_j(
            KExpr::Int(0),
            local(2),
            1,
            vec![store(vec![local(0), local(1)]), KStmt::Break],
        )];
        assert!(!dense(&broken, &[v(0)], 0));
        // Two stores into the array.
        assert!(!dense(
            &[store(vec![local(0)]), store(vec![local(0)])],
            &[v(0)],
            0
        ));
    }
}
