//! Which variables a nest may read before it assigns them: the only ones whose value on
//! entry matters to compiled code.
//!
//! A forward walk over the structured statements carries the set of variables assigned
//! on every path so far. A read of a variable outside that set is "exposed": the value
//! it reads may be the one the variable had on entry. The bodies of loops start from
//! the set before the loop plus the loop's own variable and leave it unchanged (a loop
//! may run no iteration), and the set after an `if` is what both branches assigned.
//! The site's own loop is special: the interpreter evaluated its `range` already, so its
//! bounds are not reads of the nest.
//!
//! Invariant: the walk only ever errs towards exposed. A variable it calls unexposed is
//! assigned before each read in every iteration of every loop (a later iteration reads
//! what an earlier one assigned, never the entry value), so its entry value can neither
//! change what the nest computes nor the type code is specialised on. The interpreter's
//! write-back still keeps that entry value when the nest never assigns the variable.

use crate::collections::HashSet;
use crate::ir::{Expr, Nest, Stmt, StmtKind, Var};
use cranelift_codegen::entity::SecondaryMap;

/// For each variable of `nest`, whether its value on entry may be read.
pub fn exposed_on_entry(nest: &Nest) -> SecondaryMap<Var, bool> {
    let mut walk = Walk {
        exposed: SecondaryMap::new(),
    };
    let mut assigned = HashSet::default();
    match &nest.root.kind {
        StmtKind::For {
            var, items, body, ..
        } => {
            // The arrays are read on entry (the site's bounds come from them).
            for (_, array) in items {
                walk.read(*array, &assigned);
            }
            assigned.insert(*var);
            assigned.extend(items.iter().map(|(target, _)| *target));
            walk.block(body, &mut assigned);
        }
        _ => walk.stmt(&nest.root, &mut assigned),
    }
    walk.exposed
}

struct Walk {
    exposed: SecondaryMap<Var, bool>,
}

impl Walk {
    fn block(&mut self, stmts: &[Stmt], assigned: &mut HashSet<Var>) {
        for stmt in stmts {
            self.stmt(stmt, assigned);
        }
    }

    fn stmt(&mut self, stmt: &Stmt, assigned: &mut HashSet<Var>) {
        for e in stmt.exprs() {
            self.reads(e, assigned);
        }
        match &stmt.kind {
            StmtKind::Assign { targets, .. } => assigned.extend(targets.iter().copied()),
            StmtKind::Store { array, .. } => self.read(*array, assigned),
            StmtKind::If { then, orelse, .. } => {
                let mut after_then = assigned.clone();
                self.block(then, &mut after_then);
                let mut after_else = assigned.clone();
                self.block(orelse, &mut after_else);
                *assigned = after_then.intersection(&after_else).copied().collect();
            }
            StmtKind::For {
                var, items, body, ..
            } => {
                let mut inside = assigned.clone();
                inside.insert(*var);
                inside.extend(items.iter().map(|(target, _)| *target));
                self.block(body, &mut inside);
            }
            StmtKind::While { body, .. } => {
                let mut inside = assigned.clone();
                self.block(body, &mut inside);
            }
            // What follows a `break` or `continue` in its block never runs; walking it
            // anyway can only mark more variables exposed.
            StmtKind::Break | StmtKind::Continue | StmtKind::Pass | StmtKind::Return(_) => {}
        }
    }

    fn reads(&mut self, e: &Expr, assigned: &HashSet<Var>) {
        // Inlined bodies read only their own (hidden) variables and the arguments,
        // which `walk` visits.
        e.walk(&mut |e| match e {
            Expr::Var(v) | Expr::Load(v, _) | Expr::Shape(v, _) | Expr::Len(v) => {
                self.read(*v, assigned)
            }
            _ => {}
        });
    }

    fn read(&mut self, var: Var, assigned: &HashSet<Var>) {
        if !assigned.contains(&var) {
            self.exposed[var] = true;
        }
    }
}
