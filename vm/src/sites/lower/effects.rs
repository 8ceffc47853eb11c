//! Statements run for their effect: `a.fill(v)` (a store of `v` into all of `a`),
//! `xs.append(v)` (`Intrinsic::ListAppend`), and calls of the user's functions whose
//! result is discarded (`step(u, v)`: assigned to a temporary; the inliner splices in
//! the body of a function compiled whole, `sites::splice`, or inlines it as in any
//! expression), methods of objects among them (`acc.push(x)`). Any other expression
//! statement stays interpreted.

use super::{DISCARDED, Lowering, Reason, attribute_path};
use kiln_jit::ir::{Expr, Intrinsic, Point, StmtKind};
use rustpython_vm::compiler::ast;

/// Python's builtin functions: a statement calling one of them (`print(x)`) is no
/// call of a function of yours.
const BUILTINS: &[&str] = &[
    "print",
    "input",
    "exec",
    "eval",
    "setattr",
    "delattr",
    "getattr",
    "hasattr",
    "next",
    "iter",
    "open",
    "sorted",
    "reversed",
    "list",
    "dict",
    "set",
    "tuple",
    "str",
    "repr",
    "format",
    "vars",
    "locals",
    "globals",
    "dir",
    "help",
    "breakpoint",
    "compile",
    "exit",
    "quit",
    "isinstance",
    "issubclass",
    "id",
    "hash",
    "callable",
    "super",
    "object",
    "type",
    "map",
    "filter",
    "zip",
    "enumerate",
    "range",
    "any",
    "all",
];

impl Lowering<'_> {
    /// The statement `value` (an expression statement) at `point` is.
    pub(super) fn effect(
        &mut self,
        value: &ast::Expr,
        point: Point,
        stmt: &ast::Stmt,
    ) -> Result<StmtKind, Reason> {
        let discarded = |l: &mut Self| l.hidden(format!("{DISCARDED}{}", point.as_u32()));
        let ast::Expr::Call(call) = value else {
            return Err(self.at(stmt, "an expression statement stays interpreted"));
        };
        let one_value = call.arguments.args.len() == 1 && call.arguments.keywords.is_empty();
        match &*call.func {
            // `a.fill(v)`, `a[i].fill(v)`: `a[...] = v` (numpy converts alike).
            ast::Expr::Attribute(attr) if one_value && attr.attr.as_str() == "fill" => {
                let (array, mut index) = match &*attr.value {
                    sub @ ast::Expr::Subscript(_) => match self.element(sub, stmt)? {
                        Some(Expr::Load(array, index)) => (array, index),
                        _ => return Err(self.at(stmt, "`fill()` of this stays interpreted")),
                    },
                    other => match attribute_path(other) {
                        Some(path) => (self.var(&path), Vec::new()),
                        None => return Err(self.at(stmt, "`fill()` of this stays interpreted")),
                    },
                };
                // A view already (`a[1:3]`), or made one by a full slice.
                if !index
                    .iter()
                    .any(|i| matches!(i, Expr::Slice(_) | Expr::NewAxis))
                {
                    index.push(Expr::Slice(Box::new([None, None, None])));
                }
                Ok(StmtKind::Store {
                    array,
                    index,
                    op: None,
                    value: self.expr(&call.arguments.args[0], stmt)?,
                })
            }
            // `xs.append(v)` (the typing refuses anything but a list of numbers). Not in
            // a function inlined into a statement, which hands back whole: an append
            // cannot be undone.
            ast::Expr::Attribute(attr)
                if one_value
                    && attr.attr.as_str() == "append"
                    && matches!(&*attr.value, ast::Expr::Name(_)) =>
            {
                if self.function_result.is_some() {
                    return Err(self.at(
                        stmt,
                        "`append()` in a function inlined into a statement stays interpreted",
                    ));
                }
                let ast::Expr::Name(list) = &*attr.value else {
                    unreachable!("matched a name")
                };
                let list = Expr::Var(self.var(list.id.as_str()));
                let value = self.expr(&call.arguments.args[0], stmt)?;
                Ok(StmtKind::Assign {
                    targets: vec![discarded(self)],
                    values: vec![Expr::Call(Intrinsic::ListAppend, vec![list, value])],
                })
            }
            // `acc.push(x)`: a method of an object, spliced when it is compiled whole
            // (a `@jitclass`'s methods are).
            ast::Expr::Attribute(attr)
                if call.arguments.keywords.is_empty()
                    && !call
                        .arguments
                        .args
                        .iter()
                        .any(|a| matches!(a, ast::Expr::Starred(_)))
                    && let Some(receiver) = attribute_path(&attr.value) =>
            {
                let args = self.exprs(&call.arguments.args, stmt)?;
                Ok(StmtKind::Assign {
                    targets: vec![discarded(self)],
                    values: vec![Expr::CallUser(format!("{receiver}.{}", attr.attr), args)],
                })
            }
            ast::Expr::Name(n) if !BUILTINS.contains(&n.id.as_str()) => {
                match self.expr(value, stmt) {
                    Ok(call @ Expr::CallUser(..)) => Ok(StmtKind::Assign {
                        targets: vec![discarded(self)],
                        values: vec![call],
                    }),
                    _ => Err(self.at(stmt, DISCARDED_CALL)),
                }
            }
            _ => Err(self.at(stmt, DISCARDED_CALL)),
        }
    }
}

const DISCARDED_CALL: &str =
    "a call whose result is discarded (a function kiln does not compile) stays interpreted";
