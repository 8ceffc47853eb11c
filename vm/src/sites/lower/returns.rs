//! The `return`s of an inlined function body, as branches assigning its result.
//!
//! An inlined body has no loops, so its control flow is a tree of `if`s. Each `return
//! value` becomes an assignment to a hidden variable, `return` (a name no Python
//! variable can have), which is the inlined call's result. The statements after an
//! `if` that may return are moved into both of its branches, so that on every path
//! nothing runs after a `return` has: `if c: return a` then `return b` becomes
//! `if c: return = a else: return = b`. Every path must end in `return value` (one that
//! falls off the end returns None, which compiled code does not make).

use super::{Lowering, Reason};
use kiln_jit::ir::{Expr, Point, Returned, Stmt, StmtKind, Var};
use rustpython_vm::compiler::ast;

/// The variable element `k` of a returned tuple display is assigned to (a name no
/// Python variable can have).
pub(super) fn element(k: usize) -> String {
    format!("return#{k}")
}

/// How many statements the moved tails may add up to, so that a chain of `if`s, each
/// doubling what follows it, cannot make a body the size of a program.
pub(super) const MAX_STATEMENTS: usize = 256;

/// Whether `body` has a `return` anywhere in it (loops excluded: they are refused).
fn has_return(body: &[ast::Stmt]) -> bool {
    body.iter().any(|s| match s {
        ast::Stmt::Return(_) => true,
        ast::Stmt::If(i) => {
            has_return(&i.body) || i.elif_else_clauses.iter().any(|c| has_return(&c.body))
        }
        _ => false,
    })
}

impl Lowering<'_> {
    /// A `return` inside a loop nest: `assigned` (each `return_var` with its value)
    /// then [`StmtKind::Return`], all at the statement's point.
    pub(super) fn returning(
        &mut self,
        returned: Returned,
        assigned: Vec<(Var, Expr)>,
        point: Point,
        stmt: &ast::Stmt,
    ) -> Result<Stmt, Reason> {
        let line = self.line(stmt);
        let at = |kind| Stmt { point, line, kind };
        if assigned.is_empty() {
            return Ok(at(StmtKind::Return(returned)));
        }
        let mut then: Vec<Stmt> = assigned
            .into_iter()
            .map(|(var, value)| {
                at(StmtKind::Assign {
                    targets: vec![var],
                    values: vec![value],
                })
            })
            .collect();
        then.push(at(StmtKind::Return(returned)));
        Ok(at(StmtKind::If {
            cond: Expr::Bool(true),
            then,
            orelse: Vec::new(),
        }))
    }

    /// Lowers the statements of a function body, `return value` assigning `result`;
    /// whether every path through them returns.
    pub(super) fn returning_block<'s>(
        &mut self,
        stmts: &[&'s ast::Stmt],
        result: Var,
        budget: &mut usize,
    ) -> Result<(Vec<Stmt>, bool), Reason> {
        let mut out = Vec::new();
        for (k, &stmt) in stmts.iter().enumerate() {
            *budget = budget
                .checked_sub(1)
                .ok_or("a function with too many paths through its returns")?;
            match stmt {
                ast::Stmt::Return(r) => {
                    let Some(value) = &r.value else {
                        return Err(self.at(stmt, "`return` without a value"));
                    };
                    let (point, line) = (self.point(), self.line(stmt));
                    // `return a, b`: each element to its own variable (`element`).
                    let (targets, values): (Vec<Var>, Vec<&ast::Expr>) = match &**value {
                        ast::Expr::Tuple(t)
                            if (1..=8).contains(&t.elts.len())
                                && !t.elts.iter().any(|e| matches!(e, ast::Expr::Starred(_))) =>
                        {
                            let n = t.elts.len();
                            let vars = (0..n).map(|k| self.var(&element(k))).collect();
                            (vars, t.elts.iter().collect())
                        }
                        value => (vec![result], vec![value]),
                    };
                    let arity =
                        (targets.len() > 1 || targets[0] != result).then_some(targets.len());
                    match self.return_arity {
                        Some(seen) if seen != arity => {
                            return Err(self.at(
                                stmt,
                                "the function returns tuples of other lengths or values elsewhere",
                            ));
                        }
                        _ => self.return_arity = Some(arity),
                    }
                    for (target, value) in targets.into_iter().zip(values) {
                        let value = self.expr(value, stmt)?;
                        out.push(Stmt {
                            point,
                            line,
                            kind: StmtKind::Assign {
                                targets: vec![target],
                                values: vec![value],
                            },
                        });
                    }
                    // Anything after it in this block never runs.
                    return Ok((out, true));
                }
                ast::Stmt::If(i)
                    if has_return(&i.body)
                        || i.elif_else_clauses.iter().any(|c| has_return(&c.body)) =>
                {
                    let orelse: &'s [ast::Stmt] = match i.elif_else_clauses.as_slice() {
                        [] => &[],
                        [clause] if clause.test.is_none() => &clause.body,
                        _ => return Err(self.at(stmt, "`elif` with a `return` stays interpreted")),
                    };
                    let (point, line) = (self.point(), self.line(stmt));
                    let cond = self.expr(&i.test, stmt)?;
                    let rest = &stmts[k + 1..];
                    let with_rest = |branch: &'s [ast::Stmt]| -> Vec<&'s ast::Stmt> {
                        branch.iter().chain(rest.iter().copied()).collect()
                    };
                    let (then, then_returns) =
                        self.returning_block(&with_rest(&i.body), result, budget)?;
                    let (orelse, else_returns) =
                        self.returning_block(&with_rest(orelse), result, budget)?;
                    out.push(Stmt {
                        point,
                        line,
                        kind: StmtKind::If { cond, then, orelse },
                    });
                    // The rest went into the branches.
                    return Ok((out, then_returns && else_returns));
                }
                _ => out.push(self.stmt(stmt)?),
            }
        }
        Ok((out, false))
    }
}
