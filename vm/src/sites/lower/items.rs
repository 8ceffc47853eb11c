//! Loops over arrays: `for x in a`, `for i, x in enumerate(a)`, `for x, y in zip(a, b)`.
//!
//! Such a loop becomes a counting `for` over the arrays' common length whose iterations
//! start by binding each target to its array's item (`StmtKind::For::items`). The arrays
//! are named by variables or attributes and read on entry; the nest must not rebind them
//! (refused when it compiles, `kiln_jit::rows::check_iterated`, but for a row of a list
//! of rows bound to a name), so the length cannot change while it runs and the item
//! loads cannot fail. At run time `_kiln_jit.items` checks that the names are
//! arrays of at least one axis and `enumerate`/`zip` the builtins, and otherwise
//! iterates exactly what the loop would have.

use super::{Lowering, Reason, attribute_path};
use kiln_jit::ir::{Assumed, Expr, Intrinsic, Point, Var};
use rustpython_vm::compiler::ast;

/// A loop over arrays as the lowering sees it.
pub(super) struct ItemsLoop {
    /// Counts the iterations from 0: `i` of `enumerate`, else a hidden variable.
    pub counter: Var,
    /// The arrays' common length.
    pub stop: Expr,
    /// `(target, array)`: each iteration binds `target = array[counter]`.
    pub items: Vec<(Var, Var)>,
    /// An inner loop's sequences bound to names where it starts (`for v in
    /// (__kiln_seq3 := A[i])`, `sites::unpacked`): each name and what it is assigned,
    /// before the loop.
    pub bindings: Vec<(Var, Expr)>,
}

impl Lowering<'_> {
    /// `for x in a`, `for i, x in enumerate(a)`, `for x, y in zip(a, b)` over arrays
    /// named by variables or attributes: the counter (`i`, or a hidden one), the common
    /// length and the `(target, array)` pairs each iteration binds.
    pub(super) fn items_loop(
        &mut self,
        target: &ast::Expr,
        iter: &ast::Expr,
        point: Point,
        stmt: &ast::Stmt,
        outermost: bool,
    ) -> Result<ItemsLoop, Reason> {
        let unsupported = |l: &Self| {
            Err(l.at(
                stmt,
                "the loop iterates over something other than range() or arrays",
            ))
        };
        let names = |target: &ast::Expr| -> Option<Vec<String>> {
            match target {
                ast::Expr::Name(n) => Some(vec![n.id.to_string()]),
                ast::Expr::Tuple(t) => t
                    .elts
                    .iter()
                    .map(|e| match e {
                        ast::Expr::Name(n) => Some(n.id.to_string()),
                        _ => None,
                    })
                    .collect(),
                _ => None,
            }
        };
        let Some(targets) = names(target) else {
            return unsupported(self);
        };
        let (function, sequences): (Option<&str>, Vec<&ast::Expr>) = match iter {
            ast::Expr::Call(call)
                if call.arguments.keywords.is_empty()
                    && matches!(&*call.func, ast::Expr::Name(n)
                        if matches!(n.id.as_str(), "enumerate" | "zip")) =>
            {
                let ast::Expr::Name(f) = &*call.func else {
                    unreachable!("matched a name")
                };
                (Some(f.id.as_str()), call.arguments.args.iter().collect())
            }
            _ => (None, vec![iter]),
        };
        // A sequence bound to a name where the loop starts (`sites::unpacked`): that
        // name, which the site's own loop's start binds (the interpreter's), and an
        // inner loop assigns before it runs.
        let mut bindings = Vec::new();
        let mut arrays = Vec::with_capacity(sequences.len());
        for s in &sequences {
            match (crate::sites::unpacked::named_path(s), s) {
                (Some(n), ast::Expr::Named(named)) => {
                    if !outermost {
                        let value = self.expr(&named.value, stmt)?;
                        bindings.push((self.var(n), value));
                    }
                    arrays.push(n.to_owned());
                }
                _ => match attribute_path(s) {
                    Some(path) => arrays.push(path),
                    None => return unsupported(self),
                },
            }
        }
        let arrays: Vec<Var> = arrays.iter().map(|a| self.var(a)).collect();
        let (counter, item_targets) = match (function, arrays.len(), targets.as_slice()) {
            (None, 1, [x]) if !matches!(target, ast::Expr::Tuple(_)) => (None, vec![x]),
            (Some("enumerate"), 1, [i, x]) => (Some(i), vec![x]),
            (Some("zip"), n, ts) if n >= 1 && ts.len() == n => (None, ts.iter().collect()),
            _ => return unsupported(self),
        };
        if let Some(f) = function {
            self.assume(f, Assumed::Builtin(f.into()));
        }
        let counter = match counter {
            Some(i) => self.var(i),
            None => self.hidden(format!("#item{}", point.as_u32())),
        };
        let items: Vec<(Var, Var)> = item_targets
            .into_iter()
            .map(|t| self.var(t))
            .zip(arrays.iter().copied())
            .collect();
        if items.iter().any(|(t, _)| *t == counter) {
            return unsupported(self);
        }
        let mut lens: Vec<Expr> = arrays.into_iter().map(Expr::Len).collect();
        self.assume("len", Assumed::Builtin("len".into()));
        let stop = match lens.len() {
            1 => lens.pop().expect("one length"),
            _ => Expr::Call(Intrinsic::Min, lens),
        };
        Ok(ItemsLoop {
            counter,
            stop,
            items,
            bindings,
        })
    }
}
