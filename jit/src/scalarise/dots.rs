//! Inner products: `a @ b` and `np.dot(a, b)` of two 1-d views become
//! [`Expr::Dot`], which compiled code computes through the matrix product the
//! interpreter's `@` calls, so its bits are the interpreter's.

use super::Pass;
use super::views::View;
use crate::ir::{CmpOp, DotView, Expr, Stmt};

type Result<T> = std::result::Result<T, String>;

impl Pass<'_> {
    /// Makes each `a @ b` of two 1-d views in `e` an [`Expr::Dot`], evaluating their
    /// subscripts into `out` and checking that their lengths agree (the interpreter
    /// raises numpy's error otherwise). Other products stay for typing to refuse.
    pub(super) fn dots(&mut self, e: &mut Expr, out: &mut Vec<Stmt>) -> Result<()> {
        let mut result = Ok(());
        e.walk_mut(&mut |e| {
            let Expr::MatMul(a, b) = e else { return };
            if result.is_err() {
                return;
            }
            match (self.vector(a, out), self.vector(b, out)) {
                (Ok(Some((da, la))), Ok(Some((db, lb)))) => {
                    if la != lb {
                        self.check(
                            Expr::Compare(Box::new(la.clone()), vec![(CmpOp::Eq, lb)]),
                            out,
                        );
                    }
                    *e = Expr::Dot(Box::new([da, db]), Box::new(la));
                    self.rewrote = true;
                }
                (Err(why), _) | (_, Err(why)) => result = Err(why),
                _ => {}
            }
        });
        result
    }

    /// `e` as a 1-d view a [`Expr::Dot`] reads, and its length; `None` when it is not
    /// one (an array of more axes, a new axis, an expression).
    fn vector(&mut self, e: &Expr, out: &mut Vec<Stmt>) -> Result<Option<(DotView, Expr)>> {
        let (array, index) = match e {
            Expr::Var(v) if self.array_ty(*v).is_some() => (*v, &[][..]),
            Expr::Load(v, index) if self.is_view(*v, index) => (*v, &index[..]),
            _ => return Ok(None),
        };
        let view = self.view(array, index, out)?;
        Ok(dot_view(&view))
    }
}

/// A 1-d view as compiled code's helpers read it: its first element, the axis it walks
/// and its step, and its length; `None` for a view of other shape.
pub(super) fn dot_view(view: &View) -> Option<(DotView, Expr)> {
    let [axis] = &view.axes[..] else {
        return None;
    };
    let base = axis.base?;
    let first = view
        .fixed
        .iter()
        .map(|f| f.clone().unwrap_or_else(|| axis.start.clone()))
        .collect();
    Some((
        DotView {
            array: view.array,
            first,
            axis: base,
            step: axis.step,
        },
        axis.len.clone(),
    ))
}
