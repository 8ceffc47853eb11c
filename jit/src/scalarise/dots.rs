//! Inner products: `a @ b` and `np.dot(a, b)` of two 1-d views become
//! [`Expr::Dot`], which compiled code computes through the matrix product the
//! interpreter's `@` calls, so its bits are the interpreter's. Integer vectors are
//! summed in order, as the interpreter's plain loop does, in numpy's scalar arithmetic
//! (an overflow, which the array product wraps silently, hands the statement back).

use super::Pass;
use super::views::View;
use crate::ir::{BinOp, CmpOp, DotView, Expr, Stmt, StmtKind, VarData};

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
                    let ints = [da.array, db.array]
                        .iter()
                        .all(|a| self.array_ty(*a).is_some_and(|t| t.dtype.is_int()));
                    *e = if ints {
                        self.int_dot(&da, &db, la, out)
                    } else {
                        Expr::Dot(Box::new([da, db]), Box::new(la))
                    };
                    self.rewrote = true;
                }
                (Err(why), _) | (_, Err(why)) => result = Err(why),
                _ => {}
            }
        });
        result
    }

    /// The product of two integer vectors: the first product, then the others added
    /// in order (an empty product, 0, is the interpreter's).
    fn int_dot(&mut self, a: &DotView, b: &DotView, len: Expr, out: &mut Vec<Stmt>) -> Expr {
        let nonempty = Expr::Compare(Box::new(len.clone()), vec![(CmpOp::Gt, Expr::Int(0))]);
        self.check(nonempty, out);
        let at = |d: &DotView, k: Expr| {
            let mut index = d.first.clone();
            let offset = match d.step {
                1 => k,
                s => Expr::Binary(BinOp::Mul, Box::new(k), Box::new(Expr::Int(s))),
            };
            index[d.axis] = Expr::Binary(
                BinOp::Add,
                Box::new(index[d.axis].clone()),
                Box::new(offset),
            );
            Expr::Load(d.array, index)
        };
        let product =
            |k: Expr| Expr::Binary(BinOp::Mul, Box::new(at(a, k.clone())), Box::new(at(b, k)));
        let (point, line) = (self.point, self.line);
        let acc = self.vars.push(VarData {
            name: format!("#dot{}", point.as_u32()),
            hidden: true,
        });
        out.push(Stmt {
            point,
            line,
            kind: StmtKind::Assign {
                targets: vec![acc],
                values: vec![product(Expr::Int(0))],
            },
        });
        let k = self.counter(0);
        let step = Stmt {
            point,
            line,
            kind: StmtKind::Assign {
                targets: vec![acc],
                values: vec![Expr::Binary(
                    BinOp::Add,
                    Box::new(Expr::Var(acc)),
                    Box::new(product(Expr::Var(k))),
                )],
            },
        };
        out.push(Stmt {
            point,
            line,
            kind: StmtKind::For {
                var: k,
                start: Expr::Int(1),
                stop: len,
                step: Expr::Int(1),
                items: Vec::new(),
                body: vec![step],
            },
        });
        Expr::Var(acc)
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
