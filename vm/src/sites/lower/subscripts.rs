//! Subscripts: elements (`a[i, j]`, `a[i][j]`, `self.a[i]`), `a.shape[k]`, and the
//! slices and new axes of views (`a[1:-1, ::2]`, `x[:, None]`).

use super::{Lowering, Reason, attribute_path, int_literal};
use kiln_jit::ir::{Assumed, Expr};
use rustpython_vm::compiler::ast;

impl Lowering<'_> {
    /// `a[i, j]`, `a[i][j]` and `a.shape[k]`; `None` for other subscripts.
    pub(super) fn element(
        &mut self,
        expr: &ast::Expr,
        stmt: &ast::Stmt,
    ) -> Result<Option<Expr>, Reason> {
        let ast::Expr::Subscript(sub) = expr else {
            return Ok(None);
        };
        let parts: Vec<&ast::Expr> = match &*sub.slice {
            ast::Expr::Tuple(t) => t.elts.iter().collect(),
            one => vec![one],
        };
        if parts
            .iter()
            .any(|p| matches!(p, ast::Expr::Starred(_) | ast::Expr::EllipsisLiteral(_)))
        {
            return Err(self.at(stmt, "a starred or `...` subscript stays interpreted"));
        }
        let tuple = matches!(&*sub.slice, ast::Expr::Tuple(_));
        match &*sub.value {
            ast::Expr::Name(name) => {
                let array = self.var(name.id.as_str());
                let index = self.subscripts(&parts, stmt)?;
                if tuple {
                    self.tuple_subscripted.push(array);
                }
                Ok(Some(Expr::Load(array, index)))
            }
            ast::Expr::Attribute(attr) if attr.attr.as_str() == "shape" => {
                let Some(name) = attribute_path(&attr.value) else {
                    return Ok(None);
                };
                let [axis] = parts.as_slice() else {
                    return Ok(None);
                };
                let Some(axis) = int_literal(axis) else {
                    return Err(self.at(
                        stmt,
                        "`.shape[k]` with a k that is not a literal stays interpreted",
                    ));
                };
                let array = self.var(&name);
                Ok(Some(Expr::Shape(array, axis)))
            }
            attr @ ast::Expr::Attribute(_) => {
                let Some(path) = attribute_path(attr) else {
                    return Ok(None);
                };
                let array = self.var(&path);
                let index = self.subscripts(&parts, stmt)?;
                if tuple {
                    self.tuple_subscripted.push(array);
                }
                Ok(Some(Expr::Load(array, index)))
            }
            inner @ ast::Expr::Subscript(_) => match self.element(inner, stmt)? {
                // `a[i][j]` is `a[i, j]` while `a[i]` takes integers only.
                Some(Expr::Load(array, mut index))
                    if !index
                        .iter()
                        .any(|i| matches!(i, Expr::Slice(_) | Expr::NewAxis)) =>
                {
                    if tuple {
                        self.tuple_subscripted.push(array);
                    }
                    index.extend(self.subscripts(&parts, stmt)?);
                    Ok(Some(Expr::Load(array, index)))
                }
                Some(Expr::Load(..)) => Err(self.at(
                    stmt,
                    "a subscript of a slice (`a[1:][0]`) stays interpreted",
                )),
                _ => Ok(None),
            },
            _ => Ok(None),
        }
    }

    /// The subscripts of `a[...]`: integers, and for a view slices (`1:-1`, `::2`) and
    /// new axes (`None`, `np.newaxis`).
    fn subscripts(&mut self, parts: &[&ast::Expr], stmt: &ast::Stmt) -> Result<Vec<Expr>, Reason> {
        parts
            .iter()
            .map(|p| match p {
                ast::Expr::Slice(s) => {
                    let mut part = |e: &Option<Box<ast::Expr>>| {
                        e.as_deref().map(|e| self.expr(e, stmt)).transpose()
                    };
                    Ok(Expr::Slice(Box::new([
                        part(&s.lower)?,
                        part(&s.upper)?,
                        part(&s.step)?,
                    ])))
                }
                ast::Expr::NoneLiteral(_) => Ok(Expr::NewAxis),
                ast::Expr::List(_) => Err(self.at(
                    stmt,
                    "an index by a list (fancy indexing, `M[[k, p]]`) stays interpreted",
                )),
                ast::Expr::Attribute(a)
                    if a.attr.as_str() == "newaxis" && matches!(&*a.value, ast::Expr::Name(_)) =>
                {
                    let ast::Expr::Name(module) = &*a.value else {
                        unreachable!("matched a name")
                    };
                    self.assume(module.id.as_str(), Assumed::Module("numpy".into()));
                    Ok(Expr::NewAxis)
                }
                p => self.expr(p, stmt),
            })
            .collect()
    }
}
