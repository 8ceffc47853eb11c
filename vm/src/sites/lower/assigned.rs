//! Definite assignment for the functions compiled code inlines.
//!
//! An inlined function's locals are hidden variables of the calling nest, which keep
//! their values from one call to the next; in Python a local starts unbound at each
//! call, and reading it before a path assigns it raises UnboundLocalError. So a
//! function is inlined only if every read of a local (a name it assigns somewhere) is
//! preceded, on every path, by an assignment in the same call. The analysis is the
//! usual forward one over the structured body: a branch's assignments count after an
//! `if` when both branches make them (or the other one leaves the body); a loop's
//! never count after it, nor from one iteration to the next (the loop may not run, and
//! the first iteration reads what was assigned before it).

use kiln_jit::ir::{Expr, Function, Stmt, StmtKind, Var};
use std::collections::HashSet;

/// A local of `f` some path may read before assigning it.
pub(super) fn read_before_assigned(f: &Function) -> Option<Var> {
    let mut locals = HashSet::new();
    for s in &f.body {
        s.each(&mut |s| match &s.kind {
            StmtKind::Assign { targets, .. } => locals.extend(targets.iter().copied()),
            StmtKind::For { var, items, .. } => {
                locals.insert(*var);
                locals.extend(items.iter().map(|(t, _)| *t));
            }
            _ => {}
        });
    }
    // An attribute (`self.x`) is bound through its object, not as a local.
    let mut assigned: HashSet<Var> = f.params.iter().copied().collect();
    assigned.extend(
        f.vars
            .iter()
            .filter(|(_, d)| d.name.contains('.'))
            .map(|(v, _)| v),
    );
    let mut found = None;
    block(&f.body, assigned, &locals, &mut found);
    found
}

/// The variables definitely assigned after `body`, or `None` when no path gets past
/// its end (a `return`, `break` or `continue` on every path).
fn block(
    body: &[Stmt],
    mut assigned: HashSet<Var>,
    locals: &HashSet<Var>,
    found: &mut Option<Var>,
) -> Option<HashSet<Var>> {
    for s in body {
        let mut read = |e: &Expr, assigned: &HashSet<Var>| {
            e.walk(&mut |e| {
                if let Expr::Var(v) | Expr::Load(v, _) | Expr::Shape(v, _) | Expr::Len(v) = e
                    && locals.contains(v)
                    && !assigned.contains(v)
                {
                    found.get_or_insert(*v);
                }
            })
        };
        match &s.kind {
            StmtKind::Assign { targets, values } => {
                values.iter().for_each(|v| read(v, &assigned));
                assigned.extend(targets.iter().copied());
            }
            StmtKind::Store {
                array,
                index,
                value,
                ..
            } => {
                read(&Expr::Var(*array), &assigned);
                index.iter().for_each(|i| read(i, &assigned));
                read(value, &assigned);
            }
            // The statements of one Python statement (`Lowering::at_one_point`).
            StmtKind::If { cond, then, orelse }
                if *cond == Expr::Bool(true) && orelse.is_empty() =>
            {
                assigned = block(then, assigned, locals, found)?;
            }
            StmtKind::If { cond, then, orelse } => {
                read(cond, &assigned);
                let a = block(then, assigned.clone(), locals, found);
                let b = block(orelse, assigned.clone(), locals, found);
                assigned = match (a, b) {
                    (Some(a), Some(b)) => a.intersection(&b).copied().collect(),
                    (Some(one), None) | (None, Some(one)) => one,
                    (None, None) => return None,
                };
            }
            StmtKind::For {
                var,
                start,
                stop,
                step,
                items,
                body,
            } => {
                for e in [start, stop, step] {
                    read(e, &assigned);
                }
                let mut inside = assigned.clone();
                inside.insert(*var);
                inside.extend(items.iter().map(|(t, _)| *t));
                block(body, inside, locals, found);
            }
            StmtKind::While { cond, body } => {
                read(cond, &assigned);
                block(body, assigned.clone(), locals, found);
            }
            StmtKind::Return(_) | StmtKind::Break | StmtKind::Continue => return None,
            StmtKind::Pass => {}
        }
    }
    Some(assigned)
}
