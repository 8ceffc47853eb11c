//! Which loops of a nest share the grid: the outer loop and up to two loops perfectly
//! nested in it, so that a matrix nest gets a thread per element, not per row.
//!
//! The analysis (`crate::analysis`) proves one thing: no two iterations of a nest's
//! *outer* loop touch an element one of them writes. To put loops `i`, `j` (and `k`)
//! of a perfect nest `for i: for j: BODY` on the grid, every pair of distinct
//! iterations `(i, j) != (i', j')` must be independent. Algorithm: for each inner
//! loop of the chain, run the same analysis on the nest with that loop moved
//! outermost (`for j: for i: BODY`), which is the same set of iterations when the
//! bounds of the moved loops name no variable the nest assigns (a rectangle). If the
//! original nest is parallel in `i` and the interchanged one in `j`, two distinct
//! iterations differ in `i` (the first proof covers them, whatever their `j`) or in
//! `j` with the same `i` (the second covers them). The same holds for three loops.
//! Each interchanged nest is made and decided at entry, with its outer loop's bounds
//! (evaluated from the frame: they are loop-invariant) in the root slots and the
//! original outer loop's remaining range written into it.
//!
//! Invariant: a level is offered only if its loop is the single statement of the
//! enclosing level's body, has no array items, and its bounds read no array element
//! and no variable any statement of the nest binds.

use crate::analysis::ParallelPlan;
use crate::collections::HashSet;
use crate::frame::{Layout, ROOT_CUR, ROOT_STEP, ROOT_STOP};
use crate::infer::{Typing, VarTy};
use crate::ir::{Expr, Nest, Stmt, StmtKind, Var};
use cranelift_codegen::entity::SecondaryMap;

/// The most loops a kernel's grid holds (CUDA's three axes).
pub const MAX_DEPTH: usize = 3;

/// The chain of a nest, kept to decide at each entry which of its loops join the
/// outer one on the grid.
pub struct Grid {
    nest: Nest,
    vars: SecondaryMap<Var, VarTy>,
    /// The line of each loop of the chain below the outer one.
    pub lines: Vec<u32>,
}

impl Grid {
    /// The chain of `nest` (`None` where no loop is perfectly nested in the outer one).
    pub fn new(nest: &Nest, typing: &Typing) -> Option<Grid> {
        let lines: Vec<u32> = chain(nest).iter().skip(1).map(|s| s.line).collect();
        (!lines.is_empty()).then(|| Grid {
            nest: nest.clone(),
            vars: typing.vars.clone(),
            lines,
        })
    }

    /// Whether the loop `level` of the chain (1: the one in the outer loop) may join
    /// the grid: the analysis of the nest with it moved outermost, decided with the
    /// values in `frame` and that loop's bounds in the root slots. The outer loop,
    /// now nested, runs over what is left of it (the frame's root slots), which the
    /// nest's own root does not spell (the VM evaluates a site's range).
    pub fn decide(
        &self,
        level: usize,
        frame: &[u64],
        layout: &Layout,
        (start, stop, step): (i64, i64, i64),
    ) -> Result<(), String> {
        let mut loops: Vec<Stmt> = chain(&self.nest).into_iter().cloned().collect();
        if let StmtKind::For {
            start: s,
            stop: e,
            step: d,
            ..
        } = &mut loops[0].kind
        {
            *s = Expr::Int(frame[ROOT_CUR] as i64);
            *e = Expr::Int(frame[ROOT_STOP] as i64);
            *d = Expr::Int(frame[ROOT_STEP] as i64);
        }
        let innermost = match &loops[loops.len() - 1].kind {
            StmtKind::For { body, .. } => body.clone(),
            _ => unreachable!("the chain holds `for` loops"),
        };
        // Loop `level` outermost, the others in their order, the same body.
        let order: Vec<&Stmt> = std::iter::once(&loops[level])
            .chain(
                loops
                    .iter()
                    .enumerate()
                    .filter(|(k, _)| *k != level)
                    .map(|(_, s)| s),
            )
            .collect();
        let swapped = self
            .nest
            .rewritten(self.nest.vars.clone(), wrap(&order, innermost));
        let typing = Typing::with_vars(&swapped, self.vars.clone());
        let staged = ParallelPlan::new(&swapped, &typing).verdict?;
        let mut values = frame.to_vec();
        values[ROOT_CUR] = start as u64;
        values[ROOT_STOP] = stop as u64;
        values[ROOT_STEP] = step as u64;
        staged.decide(&values, layout, 0.0).map(|_| ())
    }
}

/// The root and the loops perfectly nested in it that may share the grid.
pub fn chain(nest: &Nest) -> Vec<&Stmt> {
    let mut bound: HashSet<Var> = HashSet::default();
    nest.root.each(&mut |s| bound.extend(s.binds()));
    let mut out = vec![&nest.root];
    while out.len() < MAX_DEPTH {
        let StmtKind::For { body, .. } = &out[out.len() - 1].kind else {
            break;
        };
        let [only] = &body[..] else { break };
        let StmtKind::For {
            start,
            stop,
            step,
            items,
            ..
        } = &only.kind
        else {
            break;
        };
        let invariant = [start, stop, step].iter().all(|e| {
            let mut named = false;
            e.walk(&mut |x| match x {
                Expr::Var(v) => named |= bound.contains(v),
                // An element may be stored by the nest (and the host cannot read it
                // to size the grid without the kernel's checks).
                Expr::Load(..) => named = true,
                _ => {}
            });
            !named
        });
        if !items.is_empty() || !invariant {
            break;
        }
        out.push(only);
    }
    out
}

/// `loops` nested in order around `body` (each keeps its header).
fn wrap(loops: &[&Stmt], body: Vec<Stmt>) -> Stmt {
    let mut inner = body;
    for l in loops.iter().rev() {
        let mut s = (*l).clone();
        if let StmtKind::For { body, .. } = &mut s.kind {
            *body = inner;
        }
        inner = vec![s];
    }
    inner.pop().expect("at least one loop")
}
