//! Tuple assignment to array elements: `a[i], a[j] = a[j], a[i]`.
//!
//! Python evaluates every value, then assigns the targets left to right. The IR has no
//! statement that stores twice, and a hand-back after the first store would make the
//! interpreter run the whole statement again on an array already changed. So only
//! the form that cannot stop between its stores compiles: each value is an element of
//! the array its target stores into (a swap, a rotation), read into a hidden variable;
//! then each target element is read too (its bounds checked: an index that fails,
//! fails here, before any store); then the stores, which need no conversion (the value
//! came from the same array) and whose indices were just checked, so nothing between
//! the first store and the last can hand back. Everything sits at the statement's
//! point, so a hand-back before the stores runs the statement again whole.

use super::{Lowering, Reason, at_one_point};
use kiln_jit::ir::{Expr, Point, Stmt, StmtKind};
use rustpython_vm::compiler::ast;

impl Lowering<'_> {
    pub(super) fn element_swap(
        &mut self,
        targets: &[ast::Expr],
        values: &[ast::Expr],
        point: Point,
        stmt: &ast::Stmt,
    ) -> Result<StmtKind, Reason> {
        let refuse = |l: &mut Self| {
            Err(l.at(
                stmt,
                "tuple assignment to array elements other than a swap within each array stays interpreted",
            ))
        };
        let line = self.line(stmt);
        let at = |kind| Stmt { point, line, kind };
        let mut stores = Vec::new();
        let mut reads = Vec::new();
        for (k, (target, value)) in targets.iter().zip(values).enumerate() {
            let Some(Expr::Load(array, index)) = self.element(target, stmt)? else {
                return refuse(self);
            };
            let value = self.expr(value, stmt)?;
            if !matches!(&value, Expr::Load(source, i)
                if *source == array && !i.iter().any(|e| matches!(e, Expr::Slice(_) | Expr::NewAxis)))
                || index
                    .iter()
                    .any(|e| matches!(e, Expr::Slice(_) | Expr::NewAxis))
            {
                return refuse(self);
            }
            let v = self.hidden(format!("#swapped{}.{k}", point.as_u32()));
            let probe = self.hidden(format!("#probe{}.{k}", point.as_u32()));
            reads.push(at(StmtKind::Assign {
                targets: vec![v],
                values: vec![value],
            }));
            stores.push((probe, array, index, v));
        }
        // An index reading an element the statement stores into could change between
        // its bounds check and its store.
        let mut reads_stored = false;
        for (_, _, index, _) in &stores {
            for e in index {
                e.walk(&mut |e| {
                    reads_stored |=
                        matches!(e, Expr::Load(a, _) if stores.iter().any(|s| s.1 == *a));
                });
            }
        }
        if reads_stored {
            return refuse(self);
        }
        let mut then = reads;
        for (probe, array, index, _) in &stores {
            then.push(at(StmtKind::Assign {
                targets: vec![*probe],
                values: vec![Expr::Load(*array, index.clone())],
            }));
        }
        for (_, array, index, v) in stores {
            then.push(at(StmtKind::Store {
                array,
                index,
                op: None,
                value: Expr::Var(v),
            }));
        }
        Ok(at_one_point(then))
    }
}
