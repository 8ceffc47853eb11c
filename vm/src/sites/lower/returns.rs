//! The `return`s of an inlined function body, as branches assigning its result.
//!
//! An inlined body has no loops, so its control flow is a tree of `if`s. Each `return
//! value` becomes an assignment to a hidden variable, `return` (a name no Python
//! variable can have), which is the inlined call's result. The statements after an
//! `if` that may return are moved into both of its branches, so that on every path
//! nothing runs after a `return` has: `if c: return a` then `return b` becomes
//! `if c: return = a else: return = b`. Every path must end in `return value` (one that
//! falls off the end returns None, which compiled code does not make). A body whose
//! every `return` is a tuple display of one length assigns the elements instead
//! (`element`), for a caller that unpacks them.
//!
//! A body with loops ([`Lowering::looping_body`]) keeps its control flow: each
//! `return value` assigns the result and then [`StmtKind::Return`] ends the inlined
//! body (the backend jumps past it), from inside its loops too.
//!
//! A `return` inside a loop nest ([`Lowering::loop_return`]) is another matter: it
//! ends the nest, and the rewritten code returns what it assigned.

use super::{Lowering, Reason, at_one_point};
use kiln_jit::ir::{Point, Returned, Stmt, StmtKind, Var, return_var};
use rustpython_vm::compiler::ast;

/// The elements of a returned tuple display (`return a, b`): up to 8, none starred;
/// `None` for a value returned as one.
fn tuple_elements(value: &ast::Expr) -> Option<&[ast::Expr]> {
    match value {
        ast::Expr::Tuple(t)
            if (1..=8).contains(&t.elts.len())
                && !t.elts.iter().any(|e| matches!(e, ast::Expr::Starred(_))) =>
        {
            Some(&t.elts)
        }
        _ => None,
    }
}

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

/// Whether a `return` is anywhere in a function body (not counting those of functions
/// defined in it): one with none is a procedure.
pub(super) fn returns_anywhere(body: &[ast::Stmt]) -> bool {
    body.iter().any(|s| match s {
        ast::Stmt::Return(_) => true,
        ast::Stmt::If(i) => {
            returns_anywhere(&i.body)
                || i.elif_else_clauses
                    .iter()
                    .any(|c| returns_anywhere(&c.body))
        }
        ast::Stmt::For(f) => returns_anywhere(&f.body) || returns_anywhere(&f.orelse),
        ast::Stmt::While(w) => returns_anywhere(&w.body) || returns_anywhere(&w.orelse),
        ast::Stmt::With(w) => returns_anywhere(&w.body),
        ast::Stmt::Try(t) => [&t.body, &t.orelse, &t.finalbody]
            .iter()
            .any(|b| returns_anywhere(b)),
        _ => false,
    })
}

/// Whether a function body has a loop (not counting those of functions defined in it).
pub(in crate::sites) fn has_loop(body: &[ast::Stmt]) -> bool {
    body.iter().any(|s| match s {
        ast::Stmt::For(_) | ast::Stmt::While(_) => true,
        ast::Stmt::If(i) => {
            has_loop(&i.body) || i.elif_else_clauses.iter().any(|c| has_loop(&c.body))
        }
        ast::Stmt::With(w) => has_loop(&w.body),
        ast::Stmt::Try(t) => has_loop(&t.body),
        _ => false,
    })
}

impl Lowering<'_> {
    /// The body of a function with loops, to inline: it must end in `return value`
    /// (a path falling off the end would return None), and it stores into no array
    /// (the undo journal of an inlined call holds a fixed number of stores).
    pub(super) fn looping_body(
        &mut self,
        body: &[ast::Stmt],
        result: Var,
    ) -> Result<Vec<Stmt>, Reason> {
        if !matches!(body.last(), Some(ast::Stmt::Return(r)) if r.value.is_some()) {
            return Err("a function with loops that does not end in `return value`".into());
        }
        self.function_result = Some(result);
        let stmts = self.block(body);
        self.function_result = None;
        let stmts = stmts?;
        let mut stores = false;
        for s in &stmts {
            s.each(&mut |s| stores |= matches!(s.kind, StmtKind::Store { .. }));
        }
        if stores {
            return Err("a function with loops that stores into arrays is not inlined".into());
        }
        Ok(stmts)
    }

    /// What `return value` assigns: `result`, or for `return a, b` each element to its
    /// own variable (`element`); every `return` of a function must return alike.
    fn returned_values<'v>(
        &mut self,
        value: &'v ast::Expr,
        result: Var,
        stmt: &ast::Stmt,
    ) -> Result<(Vec<Var>, Vec<&'v ast::Expr>), Reason> {
        let elements = tuple_elements(value);
        let arity = elements.map(<[ast::Expr]>::len);
        match self.return_arity {
            Some(seen) if seen != arity => {
                return Err(self.at(
                    stmt,
                    "the function returns tuples of other lengths or values elsewhere",
                ));
            }
            _ => self.return_arity = Some(arity),
        }
        Ok(match elements {
            Some(elements) => (
                (0..elements.len()).map(|k| self.var(&element(k))).collect(),
                elements.iter().collect(),
            ),
            None => (vec![result], vec![value]),
        })
    }

    /// `return value` / `return a, b` in such a body: the result (or the elements)
    /// assigned, then the body ends, at the statement's point.
    pub(super) fn function_return(
        &mut self,
        value: Option<&ast::Expr>,
        result: Var,
        point: Point,
        stmt: &ast::Stmt,
    ) -> Result<Stmt, Reason> {
        let Some(value) = value else {
            return Err(self.at(stmt, "`return` without a value"));
        };
        let line = self.line(stmt);
        let at = |kind| Stmt { point, line, kind };
        let (targets, values) = self.returned_values(value, result, stmt)?;
        let returned = match tuple_elements(value) {
            Some(elements) => Returned::Tuple(elements.len() as u8, [None; 3]),
            None => Returned::Value,
        };
        // All values first, as Python builds the tuple before returning it.
        let values = values
            .into_iter()
            .map(|v| self.expr(v, stmt))
            .collect::<Result<Vec<_>, _>>()?;
        let then = vec![
            at(StmtKind::Assign { targets, values }),
            at(StmtKind::Return(returned)),
        ];
        Ok(at(at_one_point(then)))
    }

    /// `return`, `return value`, `return a, b` inside a loop nest: the values go to
    /// `return_var`s, then [`StmtKind::Return`] ends the nest, all at the statement's
    /// point, so a hand-back while computing them runs the `return` again, whole.
    pub(super) fn loop_return(
        &mut self,
        value: Option<&ast::Expr>,
        point: Point,
        stmt: &ast::Stmt,
    ) -> Result<Stmt, Reason> {
        let line = self.line(stmt);
        let at = |kind| Stmt { point, line, kind };
        let Some(value) = value else {
            return Ok(at(StmtKind::Return(Returned::None)));
        };
        if let ast::Expr::Name(name) = value {
            let var = self.var(name.id.as_str());
            return Ok(at(StmtKind::Return(Returned::Var(var))));
        }
        let (returned, values): (Returned, Vec<(Option<u8>, &ast::Expr)>) =
            match tuple_elements(value) {
                Some(elements) => {
                    // An element that is a name is returned as that variable.
                    let mut names = [None; 3];
                    let mut assigned = Vec::new();
                    for (k, e) in elements.iter().enumerate() {
                        if let ast::Expr::Name(name) = e {
                            let var = self.var(name.id.as_str());
                            if Returned::name_in_tuple(k, var) {
                                names[k] = Some(var);
                                continue;
                            }
                        }
                        assigned.push((Some(k as u8), e));
                    }
                    (Returned::Tuple(elements.len() as u8, names), assigned)
                }
                None => (Returned::Value, vec![(None, value)]),
            };
        let mut then = Vec::new();
        for (k, value) in values {
            let value = self.expr(value, stmt)?;
            then.push(at(StmtKind::Assign {
                targets: vec![self.var(&return_var(k))],
                values: vec![value],
            }));
        }
        then.push(at(StmtKind::Return(returned)));
        Ok(at(at_one_point(then)))
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
                    let (targets, values) = self.returned_values(value, result, stmt)?;
                    for (target, value) in targets.into_iter().zip(values) {
                        let value = self.expr(value, stmt)?;
                        out.push(Stmt::assign(point, line, vec![target], vec![value]));
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
