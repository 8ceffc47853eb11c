//! Unpacking what a call returns (`state, x = lcg(state)`), and the item of a loop
//! that unpacks its items (`for u, v, w in edges`, desugared by `sites::unpacked`).
//!
//! The call is lowered as [`Expr::Unpack`]: the inliner makes it the callee's body
//! (a function whose every `return` is a tuple display of that length) ending in the
//! assignment of the elements to hidden variables, and the names then take those.
//! Both at the statement's point, so a hand-back inside the body runs the whole
//! statement again in the interpreter. A call the inliner cannot take leaves the loop
//! interpreted with its reason.

use super::{Lowering, Reason, at_one_point};
use kiln_jit::ir::{Expr, Point, Stmt, StmtKind, Var};
use rustpython_vm::compiler::ast;

impl Lowering<'_> {
    pub(super) fn unpack_call(
        &mut self,
        targets: &[ast::Expr],
        value: &ast::Expr,
        point: Point,
        stmt: &ast::Stmt,
    ) -> Result<StmtKind, Reason> {
        let names: Option<Vec<Var>> = targets
            .iter()
            .map(|t| match t {
                ast::Expr::Name(name) => Some(self.var(name.id.as_str())),
                _ => None,
            })
            .collect();
        let Some(names) = names else {
            return Err(self.at(
                stmt,
                "unpacking a call into something other than names stays interpreted",
            ));
        };
        let call = self.expr(value, stmt)?;
        if !matches!(call, Expr::CallUser(..)) {
            return Err(self.at(
                stmt,
                "unpacking something other than a tuple display or a call of a function of yours stays interpreted",
            ));
        }
        let hidden: Vec<Var> = (0..names.len())
            .map(|k| self.hidden(format!("#unpack{}.{k}", point.as_u32())))
            .collect();
        let line = self.line(stmt);
        let at = |kind| Stmt { point, line, kind };
        Ok(at_one_point(vec![
            at(StmtKind::Assign {
                targets: vec![hidden[0]],
                values: vec![Expr::Unpack(Box::new(call), hidden.clone())],
            }),
            at(StmtKind::Assign {
                targets: names,
                values: hidden.into_iter().map(Expr::Var).collect(),
            }),
        ]))
    }

    /// `u, v, w = __kiln_item12`, the first statement of a loop that unpacks its items:
    /// each name takes its element of the item (`__kiln_item12.0`, ...), which
    /// `kiln_jit::objects` reads from the item in the list as it reads an attribute.
    pub(super) fn unpack_item(
        &mut self,
        targets: &[ast::Expr],
        value: &ast::Expr,
        stmt: &ast::Stmt,
    ) -> Result<StmtKind, Reason> {
        let ast::Expr::Name(item) = value else {
            unreachable!("matched a name")
        };
        let mut names = Vec::with_capacity(targets.len());
        for t in targets {
            let ast::Expr::Name(name) = t else {
                return Err(self.at(stmt, "unpacking an item into something other than names"));
            };
            names.push(self.var(name.id.as_str()));
        }
        let values = (0..names.len())
            .map(|k| Expr::Var(self.var(&format!("{}.{k}", item.id))))
            .collect();
        Ok(StmtKind::Assign {
            targets: names,
            values,
        })
    }
}
