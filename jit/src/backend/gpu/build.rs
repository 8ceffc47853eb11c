//! From a typed nest to a [`Kernel`]: the outer loop's body, one iteration per thread.
//!
//! The subset is what the semantics contract lets a GPU do with the CPU's bits:
//! Python ints and numpy int64 (overflow-checked), Python floats and numpy float64
//! (`+ - * /` and `sqrt`, which CUDA rounds as the CPU does under `--fmad=false`),
//! bools, comparisons, conditionals, inner `for`/`while` loops, and elements of
//! float64 and int64 arrays. Anything else keeps the nest on the CPU, and the reason
//! names the construct (`Err`), for the jit report.
//!
//! Invariant: each expression's kernel type is the [`KTy`] of the static type the
//! typing gives it, and a value is converted only where Python converts it (an int
//! meeting a float in arithmetic or a comparison, an int stored into a float64 array).

use super::kernel::{Arith, Elem, GridDim, KArray, KExpr, KFn, KLocal, KStmt, KTy, Kernel};
use crate::analysis::parallel::Staged;
use crate::frame::Layout;
use crate::infer::{Typing, VarTy};
use crate::ir::{
    BinOp, CmpOp, Expr, Intrinsic, LogicOp, MathFn, Nest, Stmt, StmtKind, Ufunc, UnaryOp, Var,
};
use crate::types::{Dtype, Scalar, ScalarTy};

type Result<T> = std::result::Result<T, String>;

/// The kernel of `nest`'s outer loop with the first `depth - 1` loops of its chain
/// (`grid::chain`) on the grid too, or why it has none.
pub fn kernel(
    nest: &Nest,
    typing: &Typing,
    layout: &Layout,
    staged: &Staged,
    file_line: String,
    depth: usize,
) -> Result<Kernel> {
    let StmtKind::For {
        var, items, body, ..
    } = &nest.root.kind
    else {
        return Err("its loop is a `while`".into());
    };
    if !items.is_empty() {
        return Err("its loop iterates over an array's items, not a range".into());
    }
    let mut b = Builder {
        nest,
        typing,
        layout,
        arrays: Vec::new(),
    };
    let mut body = body;
    let mut grid = Vec::new();
    for level in super::grid::chain(nest).into_iter().skip(1).take(depth - 1) {
        let StmtKind::For {
            var,
            start,
            stop,
            step,
            body: inner,
            ..
        } = &level.kind
        else {
            unreachable!("the chain holds `for` loops");
        };
        let mut int = |e: &Expr| -> Result<KExpr> {
            let (k, t) = b.expr(e)?;
            to_int(k, kty(t)?)
        };
        grid.push(GridDim {
            var: *var,
            line: level.line,
            start: int(start)?,
            stop: int(stop)?,
            step: int(step)?,
        });
        body = inner;
    }
    let body = b.stmts(body)?;
    let grid_vars: Vec<Var> = std::iter::once(*var)
        .chain(grid.iter().map(|g| g.var))
        .collect();
    for (k, a) in b.arrays.iter_mut().enumerate() {
        a.dense = super::coverage::dense(&body, &grid_vars, k);
    }
    let assigned = nest.assigned();
    let mut locals = Vec::new();
    for (v, data) in nest.vars.iter() {
        if let VarTy::Scalar { ty, .. } = typing.vars[v] {
            let Ok(kty) = kty(ty) else {
                // A variable the loop never reads as a kernel value (the typing of
                // a name only the interpreter's code after the loop uses).
                continue;
            };
            let (python, numpy) = codes(ty);
            locals.push(KLocal {
                var: v,
                name: data.name.clone(),
                ty: kty,
                slot: layout.var(v),
                written_back: assigned
                    .contains(&v)
                    .then(|| if ty.mixed { python } else { ty.ty.code() }),
                numpy_code: ty.mixed.then_some(numpy),
            });
        }
    }
    if locals.iter().all(|l| l.var != *var) {
        return Err("its loop variable is no int".into());
    }
    Ok(Kernel {
        name: "kiln_nest".into(),
        file_line,
        outer: *var,
        grid,
        reductions: staged.reductions.clone(),
        locals,
        arrays: b.arrays,
        body,
    })
}

/// The kernel type of a static type: `Err` for a type the GPU tier does not hold.
/// A mixed type (a Python float or a numpy float64) is its machine type: the value's
/// arithmetic is checked by numpy's rules, the stricter, and its variant tracked.
fn kty(t: ScalarTy) -> Result<KTy> {
    Ok(match t.ty {
        Scalar::Int | Scalar::Np(Dtype::I64) => KTy::I64,
        Scalar::Float | Scalar::Np(Dtype::F64) => KTy::F64,
        Scalar::Bool | Scalar::Np(Dtype::Bool) => KTy::Bool,
        // A float32 that is a Python float on other paths is held as a double by the
        // CPU tiers (`ScalarTy::machine`); not built here.
        Scalar::Np(Dtype::F32) if !t.mixed => KTy::F32,
        other => return Err(format!("a {} value", other.describe())),
    })
}

/// The Python and numpy variants' type codes of a mixed type.
fn codes(t: ScalarTy) -> (u64, u64) {
    let python = t.ty.python_twin().unwrap_or(t.ty);
    let numpy = t.ty.numpy_twin().unwrap_or(t.ty);
    (python.code(), numpy.code())
}

struct Builder<'a, 't> {
    nest: &'a Nest,
    typing: &'t Typing<'a>,
    layout: &'a Layout,
    arrays: Vec<KArray>,
}

impl Builder<'_, '_> {
    fn name(&self, v: Var) -> &str {
        &self.nest.vars[v].name
    }

    fn array(&mut self, v: Var) -> Result<usize> {
        if let Some(k) = self.arrays.iter().position(|a| a.var == v) {
            return Ok(k);
        }
        let a = self.typing.array(v)?;
        if a.list.is_some() || a.copied {
            return Err(format!("`{}` is a list", self.name(v)));
        }
        let elem = match a.dtype {
            Dtype::F64 => Elem::F64,
            Dtype::I64 => Elem::I64,
            Dtype::F32 => Elem::F32,
            Dtype::I32 => Elem::I32,
            d => {
                return Err(format!(
                    "`{}` is a {} array (the GPU tier takes float64, float32, int64 and int32 ones)",
                    self.name(v),
                    d.name()
                ));
            }
        };
        let (slot, _) = self
            .layout
            .array(v)
            .ok_or_else(|| format!("`{}` has no descriptor", self.name(v)))?;
        self.arrays.push(KArray {
            var: v,
            name: self.name(v).to_string(),
            elem,
            ndim: a.ndim as usize,
            slot,
            dense: false,
        });
        Ok(self.arrays.len() - 1)
    }

    fn stmts(&mut self, body: &[Stmt]) -> Result<Vec<KStmt>> {
        body.iter()
            .filter_map(|s| self.stmt(s).transpose())
            .collect()
    }

    fn stmt(&mut self, s: &Stmt) -> Result<Option<KStmt>> {
        let at = |why: String| format!("line {}: {why}", s.line);
        Ok(Some(match &s.kind {
            StmtKind::Assign { targets, values } => {
                let mut out = Vec::new();
                for (t, v) in targets.iter().zip(values) {
                    let VarTy::Scalar { ty, .. } = self.typing.vars[*t] else {
                        return Err(at(format!("it binds `{}` anew", self.name(*t))));
                    };
                    let target = kty(ty).map_err(at)?;
                    let (e, vt) = self.expr(v).map_err(at)?;
                    let same = vt.ty == ty.ty
                        || (ty.mixed && ty.ty.python_twin() == Some(vt.ty))
                        || (ty.mixed && ty.ty.numpy_twin() == Some(vt.ty));
                    if !same || kty(vt).map_err(at)? != target {
                        return Err(at(format!(
                            "`{}` is assigned {} and holds {}",
                            self.name(*t),
                            vt.describe(),
                            ty.describe()
                        )));
                    }
                    let flag = if ty.mixed {
                        Some(self.is_numpy(v).map_err(at)?)
                    } else {
                        None
                    };
                    out.push((*t, target, e, flag));
                }
                KStmt::Assign(out)
            }
            StmtKind::Store {
                array,
                index,
                op,
                value,
            } => {
                let k = self.array(*array).map_err(at)?;
                let a = &self.arrays[k];
                if index.len() != a.ndim {
                    return Err(at(format!("it stores into a view of `{}`", a.name)));
                }
                let elem = a.elem;
                let index = self.subscripts(index).map_err(at)?;
                let (value, vt) = self.expr(value).map_err(at)?;
                let vk = kty(vt).map_err(at)?;
                let value = match (elem, vk) {
                    (Elem::F64, KTy::F64) | (Elem::F32, KTy::F32) => value,
                    (Elem::F64, k) => KExpr::ToFloat(k, Box::new(value)),
                    (Elem::F32, k) => KExpr::ToF32(k, Box::new(value)),
                    (Elem::I64 | Elem::I32, KTy::I64) => value,
                    (Elem::I64 | Elem::I32, KTy::Bool) => KExpr::ToInt(Box::new(value)),
                    (Elem::I64 | Elem::I32, KTy::F64 | KTy::F32) => {
                        return Err(at("a float stored into an integer array".into()));
                    }
                };
                if op.is_some() && elem == Elem::I32 {
                    return Err(at("`op=` of an int32 element".into()));
                }
                let op = match op {
                    None => None,
                    Some(op) => Some((arith(*op, elem.ty()).map_err(at)?, true)),
                };
                KStmt::Store {
                    array: k,
                    index,
                    op,
                    value,
                }
            }
            StmtKind::If { cond, then, orelse } => {
                let c = self.truth(cond).map_err(at)?;
                KStmt::If(c, self.stmts(then)?, self.stmts(orelse)?)
            }
            StmtKind::For {
                var,
                start,
                stop,
                step,
                items,
                body,
            } => {
                if !items.is_empty() {
                    return Err(at("an inner loop over an array's items".into()));
                }
                let int = |b: &mut Self, e: &Expr| -> Result<KExpr> {
                    let (e, t) = b.expr(e)?;
                    to_int(e, kty(t)?)
                };
                KStmt::For {
                    var: *var,
                    start: int(self, start).map_err(at)?,
                    stop: int(self, stop).map_err(at)?,
                    step: int(self, step).map_err(at)?,
                    body: self.stmts(body)?,
                }
            }
            StmtKind::While { cond, body } => {
                KStmt::While(self.truth(cond).map_err(at)?, self.stmts(body)?)
            }
            StmtKind::Break => KStmt::Break,
            StmtKind::Continue => KStmt::Continue,
            StmtKind::Pass => return Ok(None),
            StmtKind::Return(_) => return Err(at("it returns from the function".into())),
        }))
    }

    fn subscripts(&mut self, index: &[Expr]) -> Result<Vec<KExpr>> {
        index
            .iter()
            .map(|i| {
                let (e, t) = self.expr(i)?;
                match kty(t)? {
                    KTy::F64 => Err("a float subscript".into()),
                    k => to_int(e, k),
                }
            })
            .collect()
    }

    /// Whether `e`'s value is a numpy scalar, as a kernel bool: by its static type
    /// where that is exact, else as numpy's rules (NEP 50) derive it from its
    /// operands': a Python scalar meeting a numpy one gives a numpy one.
    fn is_numpy(&mut self, e: &Expr) -> Result<KExpr> {
        let ty = self.typing.scalar(e)?;
        if !ty.mixed {
            return Ok(KExpr::Bool(ty.ty.is_numpy()));
        }
        Ok(match e {
            Expr::Var(v) => KExpr::IsNumpy(*v),
            Expr::Binary(_, a, b) => {
                KExpr::Or(Box::new(self.is_numpy(a)?), Box::new(self.is_numpy(b)?))
            }
            Expr::Unary(UnaryOp::Neg | UnaryOp::Pos, a) => self.is_numpy(a)?,
            Expr::IfExp(c, a, b) => KExpr::Select(
                Box::new(self.truth(c)?),
                Box::new(self.is_numpy(a)?),
                Box::new(self.is_numpy(b)?),
            ),
            _ => {
                return Err(format!(
                    "{} of a value that is {} or its twin",
                    describe(e),
                    ty.ty.describe()
                ));
            }
        })
    }

    /// `e` as a bool, as Python's truth test makes it.
    fn truth(&mut self, e: &Expr) -> Result<KExpr> {
        let (k, t) = self.expr(e)?;
        Ok(match kty(t)? {
            KTy::Bool => k,
            KTy::I64 => KExpr::Cmp(CmpOp::Ne, KTy::I64, Box::new(k), Box::new(KExpr::Int(0))),
            KTy::F64 => KExpr::Cmp(
                CmpOp::Ne,
                KTy::F64,
                Box::new(k),
                Box::new(KExpr::Float(0.0)),
            ),
            KTy::F32 => KExpr::Cmp(
                CmpOp::Ne,
                KTy::F64,
                Box::new(KExpr::ToFloat(KTy::F32, Box::new(k))),
                Box::new(KExpr::Float(0.0)),
            ),
        })
    }

    /// The kernel expression of `e` and its static type.
    fn expr(&mut self, e: &Expr) -> Result<(KExpr, ScalarTy)> {
        let ty = self.typing.scalar(e)?;
        let k = kty(ty)?;
        let out = match e {
            Expr::Int(i) => KExpr::Int(*i),
            Expr::Float(f) => KExpr::Float(*f),
            Expr::Bool(b) => KExpr::Bool(*b),
            Expr::Var(v) => KExpr::Local(*v, k),
            Expr::Binary(op, a, b) => {
                let (a, at) = self.expr(a)?;
                let (b, bt) = self.expr(b)?;
                let (a, b) = (to(a, kty(at)?, k)?, to(b, kty(bt)?, k)?);
                KExpr::Arith {
                    op: arith(*op, k)?,
                    ty: k,
                    numpy: ty.ty.is_numpy() || ty.mixed,
                    a: Box::new(a),
                    b: Box::new(b),
                }
            }
            Expr::Unary(op, a) => {
                let (x, xt) = self.expr(a)?;
                let xk = kty(xt)?;
                match op {
                    UnaryOp::Neg => KExpr::Neg(k, Box::new(to(x, xk, k)?)),
                    UnaryOp::Pos => to(x, xk, k)?,
                    UnaryOp::Not => KExpr::Not(Box::new(self.truth(a)?)),
                    UnaryOp::Invert => return Err("`~` on the GPU".into()),
                }
            }
            Expr::Compare(first, rest) => {
                let mut left = first.as_ref();
                let mut out: Option<KExpr> = None;
                for (op, right) in rest {
                    let (a, at) = self.expr(left)?;
                    let (b, bt) = self.expr(right)?;
                    let (ak, bk) = (kty(at)?, kty(bt)?);
                    // A float32 compares exactly as a double.
                    let common = match (ak, bk) {
                        (KTy::F32, KTy::F32) => KTy::F32,
                        (KTy::F64 | KTy::F32, _) | (_, KTy::F64 | KTy::F32) => KTy::F64,
                        _ => KTy::I64,
                    };
                    let c = KExpr::Cmp(
                        *op,
                        common,
                        Box::new(to(a, ak, common)?),
                        Box::new(to(b, bk, common)?),
                    );
                    out = Some(match out {
                        None => c,
                        Some(prev) => KExpr::And(Box::new(prev), Box::new(c)),
                    });
                    left = right;
                }
                out.ok_or("an empty comparison")?
            }
            Expr::Logic(op, operands) => {
                if k != KTy::Bool {
                    return Err("`and`/`or` of values that are not bools".into());
                }
                let mut out: Option<KExpr> = None;
                for o in operands {
                    let (x, _) = self.expr(o)?;
                    out = Some(match out {
                        None => x,
                        Some(prev) => match op {
                            LogicOp::And => KExpr::And(Box::new(prev), Box::new(x)),
                            LogicOp::Or => KExpr::Or(Box::new(prev), Box::new(x)),
                        },
                    });
                }
                out.ok_or("an empty `and`/`or`")?
            }
            Expr::IfExp(c, a, b) => {
                let c = self.truth(c)?;
                let (a, at) = self.expr(a)?;
                let (b, bt) = self.expr(b)?;
                if at.ty != ty.ty || bt.ty != ty.ty {
                    return Err("a conditional expression of values of two types".into());
                }
                KExpr::Select(Box::new(c), Box::new(a), Box::new(b))
            }
            Expr::Load(v, index) => {
                let a = self.array(*v)?;
                if index.len() != self.arrays[a].ndim {
                    return Err(format!("a view of `{}`", self.name(*v)));
                }
                KExpr::Load(a, self.subscripts(index)?)
            }
            Expr::Shape(v, axis) => {
                let a = self.array(*v)?;
                let ndim = self.arrays[a].ndim as i64;
                let axis = if *axis < 0 { axis + ndim } else { *axis };
                if !(0..ndim).contains(&axis) {
                    return Err(format!("`{}.shape[{axis}]`", self.name(*v)));
                }
                KExpr::Extent(a, axis as usize)
            }
            Expr::Len(v) => {
                let a = self.array(*v)?;
                KExpr::Extent(a, 0)
            }
            Expr::Call(f, args) => self.call(*f, args, k)?,
            other => return Err(format!("{} on the GPU", describe(other))),
        };
        Ok((out, ty))
    }

    fn call(&mut self, f: Intrinsic, args: &[Expr], k: KTy) -> Result<KExpr> {
        let mut xs = Vec::new();
        for a in args {
            let (x, t) = self.expr(a)?;
            xs.push((x, kty(t)?));
        }
        let float = |(x, t): (KExpr, KTy)| to(x, t, KTy::F64);
        Ok(match (f, xs.len()) {
            (Intrinsic::Math(MathFn::Sqrt) | Intrinsic::Ufunc(Ufunc::Sqrt), 1) if k == KTy::F64 => {
                KExpr::Call(KFn::Sqrt, vec![float(xs.remove(0))?])
            }
            (Intrinsic::Math(MathFn::Fabs), 1) => {
                KExpr::Call(KFn::FAbs, vec![float(xs.remove(0))?])
            }
            (Intrinsic::Abs, 1) => match xs.remove(0) {
                (x, KTy::F64) => KExpr::Call(KFn::FAbs, vec![x]),
                (_, KTy::F32) => return Err("abs() of a float32 on the GPU".into()),
                (x, t) => KExpr::Call(KFn::IAbs, vec![to(x, t, KTy::I64)?]),
            },

            (Intrinsic::Min | Intrinsic::Max, 2) if k != KTy::Bool => {
                let args = xs
                    .into_iter()
                    .map(|(x, t)| to(x, t, k))
                    .collect::<Result<Vec<_>>>()?;
                let f = if f == Intrinsic::Min {
                    KFn::Min(k)
                } else {
                    KFn::Max(k)
                };
                KExpr::Call(f, args)
            }
            (Intrinsic::Check, 1) => KExpr::Call(KFn::Check, vec![xs.remove(0).0]),
            // An array statement's numpy float operations are each checked in the
            // kernel (a condition numpy would warn of fails the thread), so the CPU's
            // flags have nothing to add: clearing, checking and noting them are no-ops
            // and none is ever raised on a path that goes on.
            (Intrinsic::ClearFpFlags | Intrinsic::CheckFpFlags | Intrinsic::NoteFp(_), 0) => {
                KExpr::Bool(true)
            }
            (Intrinsic::FpRaised, 0) => KExpr::Bool(false),
            (Intrinsic::Float, 1) => float(xs.remove(0))?,
            (Intrinsic::Int, 1) => match xs.remove(0) {
                (x, KTy::F64) => KExpr::Call(KFn::FloatToInt, vec![x]),
                (x, t) => to(x, t, KTy::I64)?,
            },
            (f, _) => return Err(format!("{f:?}() on the GPU")),
        })
    }
}

/// The operation `op` of operands of type `k`.
fn arith(op: BinOp, k: KTy) -> Result<Arith> {
    Ok(match (op, k) {
        (BinOp::Add, _) => Arith::Add,
        (BinOp::Sub, _) => Arith::Sub,
        (BinOp::Mul, _) => Arith::Mul,
        (BinOp::Div, KTy::F64 | KTy::F32) => Arith::Div,
        (BinOp::FloorDiv, KTy::I64) => Arith::FloorDiv,
        (BinOp::Mod, KTy::I64) => Arith::Mod,
        (op, k) => return Err(format!("`{}` of {k:?} on the GPU", op.symbol())),
    })
}

/// `e` (of type `from`) converted to `to`, as Python converts in mixed arithmetic.
fn to(e: KExpr, from: KTy, to: KTy) -> Result<KExpr> {
    Ok(match (from, to) {
        (f, t) if f == t => e,
        (f, KTy::F64) => KExpr::ToFloat(f, Box::new(e)),
        (f, KTy::F32) => KExpr::ToF32(f, Box::new(e)),
        (KTy::Bool, KTy::I64) => KExpr::ToInt(Box::new(e)),
        (f, t) => return Err(format!("a {f:?} used as a {t:?}")),
    })
}

fn to_int(e: KExpr, from: KTy) -> Result<KExpr> {
    to(e, from, KTy::I64)
}

fn describe(e: &Expr) -> &'static str {
    match e {
        Expr::Slice(_) | Expr::NewAxis => "a slice",
        Expr::MatMul(..) | Expr::Dot(..) => "a matrix product",
        Expr::Reduce(..) | Expr::Sum(..) => "a whole-array reduction",
        Expr::CallUser(..) | Expr::Inline(..) | Expr::Unpack(..) => "a call of a user function",
        Expr::Tuple(_) => "a tuple",
        _ => "this expression",
    }
}
