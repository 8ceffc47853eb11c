//! Views: what a subscript of an array selects, evaluated as Python and numpy do.
//!
//! A view is derived from its base array without allocating: per base axis either a
//! fixed index (wrapped if negative, checked inside the axis) or an axis it walks from
//! a start by a step for a length, as `slice.indices` normalises the slice (steps are
//! literals, so the direction is known when compiling). New axes walk nothing and have
//! length 1. The starts and lengths are hidden variables the statement's prologue
//! assigns.

use super::Pass;
use crate::ir::{BinOp, CmpOp, Expr, Intrinsic, Stmt, Var};

type Result<T> = std::result::Result<T, String>;

/// One axis of a view: the base array's axis it walks (`None` for a new axis, of
/// extent 1), its first index there, its step and its length.
#[derive(Clone, Debug)]
pub(super) struct Axis {
    pub(super) base: Option<usize>,
    pub(super) start: Expr,
    pub(super) step: i64,
    pub(super) len: Expr,
}

/// A view of an array variable: a fixed index or a walking axis per base axis.
#[derive(Clone, Debug)]
pub(super) struct View {
    pub(super) array: Var,
    pub(super) fixed: Vec<Option<Expr>>,
    pub(super) axes: Vec<Axis>,
    /// The subscripts as written, without trailing full slices: two views of one
    /// array with equal ones are the same elements.
    pub(super) written: Vec<Expr>,
}

impl View {
    /// The element at `counters` (one per axis of the outermost view, this one's axes
    /// lining up with the last ones), walking each axis by its step or by `steps`
    /// (0 repeats the one element of a broadcast axis).
    pub(super) fn element(&self, counters: &[Expr], steps: Option<&[i64]>) -> Expr {
        let shift = counters.len() - self.axes.len();
        let mut index = Vec::new();
        let mut walking = self
            .axes
            .iter()
            .enumerate()
            .filter(|(_, a)| a.base.is_some());
        for fixed in &self.fixed {
            if let Some(i) = fixed {
                index.push(i.clone());
                continue;
            }
            let (k, axis) = walking
                .next()
                .expect("an axis walks each unfixed base axis");
            let counter = counters[k + shift].clone();
            let offset = match (steps.map_or(axis.step, |s| s[k]), counter) {
                (0, _) | (_, Expr::Int(0)) => Expr::Int(0),
                (1, counter) => counter,
                (step, counter) => {
                    Expr::Binary(BinOp::Mul, Box::new(counter), Box::new(Expr::Int(step)))
                }
            };
            index.push(match (&axis.start, offset) {
                (Expr::Int(0), offset) => offset,
                (start, Expr::Int(0)) => start.clone(),
                (start, offset) => add(offset, start.clone()),
            });
        }
        Expr::Load(self.array, index)
    }
}

impl Pass<'_> {
    /// The view `array[index]`, its subscripts evaluated into `out`.
    pub(super) fn view(&mut self, array: Var, index: &[Expr], out: &mut Vec<Stmt>) -> Result<View> {
        let a = self.array_ty(array).expect("a view of an array");
        let ndim = a.ndim as usize;
        let real = index.iter().filter(|e| !matches!(e, Expr::NewAxis)).count();
        if real > ndim {
            return Err(self.err(format!(
                "`{}` has {ndim} axes and is indexed with {real} subscripts",
                self.name(array)
            )));
        }
        let full = Expr::Slice(Box::new([None, None, None]));
        let mut written = index.to_vec();
        while written.last() == Some(&full) {
            written.pop();
        }
        let mut view = View {
            array,
            fixed: vec![None; ndim],
            axes: Vec::new(),
            written,
        };
        let mut axis = 0;
        let rest = std::iter::repeat_n(&full, ndim - real);
        for e in index.iter().chain(rest) {
            match e {
                Expr::NewAxis => view.axes.push(Axis {
                    base: None,
                    start: Expr::Int(0),
                    step: 1,
                    len: Expr::Int(1),
                }),
                Expr::Slice(parts) => {
                    let a = self.slice(array, axis, parts, out)?;
                    view.axes.push(a);
                    axis += 1;
                }
                e => {
                    if self.arrayish(e) {
                        return Err(self.err(format!(
                            "`{}` is indexed with an array (fancy indexing stays interpreted)",
                            self.name(array)
                        )));
                    }
                    let i = self.index(array, axis, e, out);
                    view.fixed[axis] = Some(i);
                    axis += 1;
                }
            }
        }
        Ok(view)
    }

    /// An integer subscript of `axis`: wrapped if negative, checked inside the axis (an
    /// IndexError numpy raises even when the view is empty).
    pub(super) fn index(&mut self, array: Var, axis: usize, e: &Expr, out: &mut Vec<Stmt>) -> Expr {
        let n = Expr::Shape(array, axis as i64);
        if let Expr::Int(i) = e
            && *i >= 0
        {
            self.check(lt(Expr::Int(*i), n), out);
            return Expr::Int(*i);
        }
        let i = self.bind("index", e.clone(), out);
        let wrapped = if_neg(i.clone(), add(i.clone(), n.clone()), i);
        let i = self.bind("index", wrapped, out);
        let inside = Expr::Compare(
            Box::new(Expr::Int(0)),
            vec![(CmpOp::Le, i.clone()), (CmpOp::Lt, n)],
        );
        self.check(inside, out);
        i
    }

    /// A slice of `axis`, as `slice.indices` normalises it; its step must be a literal.
    pub(super) fn slice(
        &mut self,
        array: Var,
        axis: usize,
        parts: &[Option<Expr>; 3],
        out: &mut Vec<Stmt>,
    ) -> Result<Axis> {
        let step = match &parts[2] {
            None => 1,
            Some(Expr::Int(s)) if *s != 0 => *s,
            Some(_) => {
                return Err(self.err(
                    "a slice whose step is not a non-zero integer literal stays interpreted".into(),
                ));
            }
        };
        let n = Expr::Shape(array, axis as i64);
        let int = Expr::Int;
        // Python clamps a bound into [0, n] going up and into [-1, n - 1] going down.
        let (low, high) = if step > 0 {
            (int(0), n.clone())
        } else {
            (int(-1), add(n.clone(), int(-1)))
        };
        let clamp = |pass: &mut Self, e: &Expr, out: &mut Vec<Stmt>| {
            if let Expr::Int(i) = e
                && *i >= 0
                && step > 0
            {
                return Expr::Call(Intrinsic::Min, vec![int(*i), n.clone()]);
            }
            let e = pass.bind("bound", e.clone(), out);
            let below = Expr::Call(Intrinsic::Max, vec![add(e.clone(), n.clone()), low.clone()]);
            let above = Expr::Call(Intrinsic::Min, vec![e.clone(), high.clone()]);
            if_neg(e, below, above)
        };
        let start = match &parts[0] {
            None if step > 0 => int(0),
            None => add(n.clone(), int(-1)),
            Some(e) => clamp(self, e, out),
        };
        let start = self.bind("start", start, out);
        let stop = match &parts[1] {
            None if step > 0 => n.clone(),
            None => int(-1),
            Some(e) => clamp(self, e, out),
        };
        let stop = self.bind("stop", stop, out);
        // The number of indices from start towards stop, by step.
        let (from, to) = if step > 0 {
            (start.clone(), stop)
        } else {
            (stop, start.clone())
        };
        let span = sub(to, from);
        let len = if step.abs() == 1 {
            Expr::Call(Intrinsic::Max, vec![span, int(0)])
        } else {
            let count = add(
                Expr::Binary(
                    BinOp::FloorDiv,
                    Box::new(add(span.clone(), int(-1))),
                    Box::new(int(step.abs())),
                ),
                int(1),
            );
            Expr::IfExp(
                Box::new(Expr::Compare(Box::new(span), vec![(CmpOp::Gt, int(0))])),
                Box::new(count),
                Box::new(int(0)),
            )
        };
        let len = self.bind("len", len, out);
        Ok(Axis {
            base: Some(axis),
            start,
            step,
            len,
        })
    }
}

/// Where a view lies along one axis of its array.
enum Span<'v> {
    At(&'v Expr),
    Range(&'v Axis),
}

impl View {
    fn span(&self, axis: usize) -> Span<'_> {
        match &self.fixed[axis] {
            Some(i) => Span::At(i),
            None => Span::Range(
                self.axes
                    .iter()
                    .find(|a| a.base == Some(axis))
                    .expect("an unfixed axis is walked"),
            ),
        }
    }
}

/// For two views of one array that an integer subscript may tell apart (row `i`
/// written, row `k` read: `A[i, k + 1:] -= A[i, k] * A[k, k + 1:]`), the condition,
/// checked before the statement, that they share no element on some axis or are the
/// same elements (`i == k`: each element is read before the iteration writes it).
/// `None` when no subscript is an integer: slices of one axis at different offsets
/// (`u[1:] = u[:-1]`) overlap but for special lengths, and stay interpreted.
pub(super) fn apart_or_same(a: &View, b: &View) -> Option<Expr> {
    let mut apart = Vec::new();
    let mut same = Vec::new();
    let mut any_fixed = false;
    // The lowest and highest index a walking axis reaches (an empty one gives an
    // interval that meets nothing).
    let ends = |x: &Axis| {
        let last = add(
            x.start.clone(),
            Expr::Binary(
                BinOp::Mul,
                Box::new(add(x.len.clone(), Expr::Int(-1))),
                Box::new(Expr::Int(x.step)),
            ),
        );
        if x.step > 0 {
            (x.start.clone(), last)
        } else {
            (last, x.start.clone())
        }
    };
    let cmp = |x: Expr, op: CmpOp, y: Expr| Expr::Compare(Box::new(x), vec![(op, y)]);
    for axis in 0..a.fixed.len() {
        match (a.span(axis), b.span(axis)) {
            (Span::At(i), Span::At(j)) => {
                any_fixed = true;
                apart.push(cmp(i.clone(), CmpOp::Ne, j.clone()));
                same.push(cmp(i.clone(), CmpOp::Eq, j.clone()));
            }
            (Span::At(i), Span::Range(r)) | (Span::Range(r), Span::At(i)) => {
                any_fixed = true;
                let (lo, hi) = ends(r);
                apart.push(Expr::Logic(
                    crate::ir::LogicOp::Or,
                    vec![cmp(i.clone(), CmpOp::Lt, lo), cmp(i.clone(), CmpOp::Gt, hi)],
                ));
                same.push(Expr::Bool(false));
            }
            (Span::Range(x), Span::Range(y)) => {
                let ((lo1, hi1), (lo2, hi2)) = (ends(x), ends(y));
                apart.push(Expr::Logic(
                    crate::ir::LogicOp::Or,
                    vec![cmp(hi1, CmpOp::Lt, lo2), cmp(hi2, CmpOp::Lt, lo1)],
                ));
                same.push(if x.step == y.step {
                    Expr::Logic(
                        crate::ir::LogicOp::And,
                        vec![
                            cmp(x.start.clone(), CmpOp::Eq, y.start.clone()),
                            cmp(x.len.clone(), CmpOp::Eq, y.len.clone()),
                        ],
                    )
                } else {
                    Expr::Bool(false)
                });
            }
        }
    }
    if !any_fixed || a.axes.len() != b.axes.len() {
        return None;
    }
    apart.push(Expr::Logic(crate::ir::LogicOp::And, same));
    Some(Expr::Logic(crate::ir::LogicOp::Or, apart))
}

pub(super) fn add(a: Expr, b: Expr) -> Expr {
    Expr::Binary(BinOp::Add, Box::new(a), Box::new(b))
}

pub(super) fn sub(a: Expr, b: Expr) -> Expr {
    Expr::Binary(BinOp::Sub, Box::new(a), Box::new(b))
}

pub(super) fn lt(a: Expr, b: Expr) -> Expr {
    Expr::Compare(Box::new(a), vec![(CmpOp::Lt, b)])
}

/// `negative if e < 0 else otherwise`.
pub(super) fn if_neg(e: Expr, negative: Expr, otherwise: Expr) -> Expr {
    Expr::IfExp(
        Box::new(lt(e, Expr::Int(0))),
        Box::new(negative),
        Box::new(otherwise),
    )
}
