//! Chained assignment: `a = b = value`, `G[i, j] = G[j, i] = value`.

use super::{Lowering, Reason, at_one_point};
use kiln_jit::ir::{Expr, Point, Stmt, StmtKind, Var};
use rustpython_vm::compiler::ast;

impl Lowering<'_> {
    /// `a = b = value`: every target gets the value, evaluated once before the first is
    /// assigned. To names only, the IR assigns each its own copy of the value
    /// expression (only values without calls, whose evaluation has no effect to
    /// repeat). With an element among the targets (`G[i, j] = G[j, i] = v`) the value
    /// goes to a hidden variable and the targets take it in order, all at the
    /// statement's point: a check failing at a later target hands the statement back
    /// after earlier stores, so nothing in it may read an array it stores into (the
    /// interpreter's second run then computes the same).
    pub(super) fn chained(
        &mut self,
        targets: &[ast::Expr],
        value: &ast::Expr,
        point: Point,
        stmt: &ast::Stmt,
    ) -> Result<StmtKind, Reason> {
        let value = self.expr(value, stmt)?;
        let mut calls = false;
        value.walk(&mut |e| calls |= matches!(e, Expr::CallUser(..) | Expr::Inline(_)));
        if calls {
            return Err(self.at(
                stmt,
                "chained assignment of a call's result stays interpreted",
            ));
        }
        if targets.iter().all(|t| matches!(t, ast::Expr::Name(_))) {
            let vars: Vec<Var> = targets
                .iter()
                .map(|t| match t {
                    ast::Expr::Name(name) => self.var(name.id.as_str()),
                    _ => unreachable!("checked"),
                })
                .collect();
            return Ok(StmtKind::Assign {
                values: vec![value; vars.len()],
                targets: vars,
            });
        }
        let line = self.line(stmt);
        let hidden = self.hidden(format!("#chained{}", point.as_u32()));
        let mut then = vec![Stmt {
            point,
            line,
            kind: StmtKind::Assign {
                targets: vec![hidden],
                values: vec![value.clone()],
            },
        }];
        let mut stored = Vec::new();
        for target in targets {
            let kind = match target {
                ast::Expr::Name(name) => StmtKind::Assign {
                    targets: vec![self.var(name.id.as_str())],
                    values: vec![Expr::Var(hidden)],
                },
                ast::Expr::Subscript(_) => match self.element(target, stmt)? {
                    Some(Expr::Load(array, index)) => {
                        stored.push(array);
                        StmtKind::Store {
                            array,
                            index,
                            op: None,
                            value: Expr::Var(hidden),
                        }
                    }
                    _ => {
                        return Err(self.at(stmt, "assignment to this subscript stays interpreted"));
                    }
                },
                ast::Expr::Attribute(_) => StmtKind::Assign {
                    targets: vec![self.attribute_target(target, stmt)?],
                    values: vec![Expr::Var(hidden)],
                },
                _ => {
                    return Err(self.at(
                        stmt,
                        "chained assignment to a starred target stays interpreted",
                    ));
                }
            };
            then.push(Stmt { point, line, kind });
        }
        let mut reads_stored = false;
        for s in &then {
            for e in s.exprs() {
                e.walk(&mut |e| {
                    reads_stored |= matches!(e, Expr::Load(a, _) if stored.contains(a));
                });
            }
        }
        if reads_stored {
            return Err(self.at(
                stmt,
                "chained assignment that reads an array it stores into stays interpreted",
            ));
        }
        Ok(at_one_point(then))
    }
}
