//! Complex numbers as pairs of floats: the pass that lets the rest of the compiler know
//! nothing of them.
//!
//! It runs first, on the nest typed with its complex entry types ([`crate::infer`]).
//! Every complex variable keeps its real part in its own variable and gets a partner for
//! its imaginary part, both of the part type: a Python float for a Python complex, an
//! `np.float64` for a complex128, either (with the run-time flag) for a variable that
//! holds either. Every complex128 array becomes a float64 array with a last axis of 2
//! (the VM describes it so). Every complex expression becomes the two real expressions
//! of its parts, computed by the interpreter's formulas: RustPython's for a Python
//! complex (mixed-mode arithmetic with a real number, the product and quotient of C11
//! Annex G), kiln's numpy's for a complex128 (`C64`, a real number first made complex).
//! Where the interpreter raises or recovers (a zero divisor, a product or quotient that
//! comes out as two NaNs, an `abs` that overflows), the statement goes back to it.
//!
//! Invariant: parts used more than once are computed once, into hidden temporaries
//! assigned before the statement at its point (a hand-back there runs the statement
//! again, whole); where the expression may not run at all (a `while` condition, a branch
//! of a conditional expression, the later operands of `and`, `or` and comparison chains,
//! a statement whose inlined call stores), nothing is hoisted and parts are recomputed.

use crate::infer::{Typing, VarTy, all_statements, part_of};
use crate::ir::{
    BinOp, CmpOp, Expr, Inlined, Intrinsic, LogicOp, Nest, Point, PrimaryMap, Stmt, StmtKind,
    Ufunc, UnaryOp, Var, VarData,
};
use crate::types::{ArrayTy, Dtype, Scalar, ScalarTy, Ty};
use cranelift_codegen::entity::{EntityRef, SecondaryMap};

type Result<T> = std::result::Result<T, String>;

/// A nest with its complex numbers split into parts.
pub struct Split {
    pub nest: Nest,
    pub entry: Vec<Ty>,
    /// Each complex variable and the variable holding its imaginary part.
    pub parts: Vec<(Var, Var)>,
}

/// The nest with complex numbers as pairs of floats; `None` when it has none.
pub fn split(nest: &Nest, entry: &[Ty]) -> Result<Option<Split>> {
    if !mentions_complex(nest, entry) {
        return Ok(None);
    }
    let typing = Typing::infer(nest, entry)?;
    let mut vars = nest.vars.clone();
    let mut partner = SecondaryMap::new();
    let mut new_entry = entry.to_vec();
    let mut parts = Vec::new();
    for (var, data) in nest.vars.iter() {
        match &typing.vars[var] {
            VarTy::Scalar { ty, .. } if ty.ty.is_complex() => {
                let imag = vars.push(VarData {
                    name: format!("{}#imag", data.name),
                    hidden: data.hidden,
                });
                let on_entry = match &entry[var.index()] {
                    Ty::Scalar(s) => Ty::Scalar(part_of(*s)),
                    _ => Ty::Unbound,
                };
                new_entry[var.index()] = on_entry.clone();
                debug_assert_eq!(new_entry.len(), imag.index());
                new_entry.push(on_entry);
                partner[var] = Some(imag);
                parts.push((var, imag));
            }
            VarTy::Array(a) if a.dtype == Dtype::C128 => {
                if let Ty::Array(_) = entry[var.index()] {
                    new_entry[var.index()] = Ty::Array(float_view(*a));
                }
            }
            _ => {}
        }
    }
    let mut s = Splitter {
        typing: &typing,
        vars,
        partner,
        pre: Vec::new(),
        hoist: false,
        point: nest.root.point,
        line: nest.root.line,
    };
    let mut root = Vec::new();
    s.stmt(&nest.root, &mut root)?;
    let [root] = <[Stmt; 1]>::try_from(root)
        .map_err(|_| "complex numbers in the bounds of the site's loop".to_string())?;
    // The temporaries are unbound on entry.
    new_entry.resize(s.vars.len(), Ty::Unbound);
    Ok(Some(Split {
        nest: Nest {
            vars: s.vars,
            root,
            points: nest.points,
            assumed: nest.assumed.clone(),
            in_place: nest.in_place.clone(),
        },
        entry: new_entry,
        parts,
    }))
}

/// A complex128 array as the float64 array of its parts (a last axis of 2, unit stride).
pub fn float_view(a: ArrayTy) -> ArrayTy {
    ArrayTy {
        dtype: Dtype::F64,
        ndim: a.ndim + 1,
        unit_inner: true,
        own_buffer: a.own_buffer,
    }
}

fn mentions_complex(nest: &Nest, entry: &[Ty]) -> bool {
    let complex_entry = entry.iter().any(|t| match t {
        Ty::Scalar(s) => s.is_complex(),
        Ty::Array(a) => a.dtype == Dtype::C128,
        _ => false,
    });
    let mut found = complex_entry;
    for stmt in all_statements(nest).0 {
        for e in stmt.exprs() {
            e.walk(&mut |e| {
                found |= matches!(
                    e,
                    Expr::Call(
                        Intrinsic::Complex
                            | Intrinsic::Real
                            | Intrinsic::Imag
                            | Intrinsic::Conjugate
                            | Intrinsic::NpConj,
                        _
                    )
                )
            });
        }
    }
    found
}

/// A complex value as its parts, and their type.
struct Pair {
    re: Expr,
    im: Expr,
    ty: ScalarTy,
}

struct Splitter<'t> {
    typing: &'t Typing<'t>,
    vars: PrimaryMap<Var, VarData>,
    partner: SecondaryMap<Var, Option<Var>>,
    /// Temporaries to assign before the statement being split.
    pre: Vec<Stmt>,
    /// Whether the expression being split runs whenever its statement does, so that
    /// its parts may be computed into temporaries before it.
    hoist: bool,
    point: Point,
    line: u32,
}

const NP_F64: ScalarTy = ScalarTy {
    ty: Scalar::Np(Dtype::F64),
    mixed: false,
};
const FLOAT: ScalarTy = ScalarTy {
    ty: Scalar::Float,
    mixed: false,
};

impl Splitter<'_> {
    fn block(&mut self, body: &[Stmt]) -> Result<Vec<Stmt>> {
        let mut out = Vec::new();
        for s in body {
            self.stmt(s, &mut out)?;
        }
        Ok(out)
    }

    fn stmt(&mut self, s: &Stmt, out: &mut Vec<Stmt>) -> Result<()> {
        let saved = (
            self.point,
            self.line,
            std::mem::take(&mut self.pre),
            self.hoist,
        );
        (self.point, self.line) = (s.point, s.line);
        self.hoist = !stores_inline(s);
        // The innermost statement names the line.
        let kinds = self.stmt_kinds(s).map_err(|e| {
            if e.starts_with("line ") {
                e
            } else {
                format!("line {}: {e}", s.line)
            }
        })?;
        out.append(&mut self.pre);
        out.extend(kinds.into_iter().map(|kind| self.at(kind)));
        (self.point, self.line, self.pre, self.hoist) = saved;
        Ok(())
    }

    fn at(&self, kind: StmtKind) -> Stmt {
        Stmt {
            point: self.point,
            line: self.line,
            kind,
        }
    }

    fn stmt_kinds(&mut self, s: &Stmt) -> Result<Vec<StmtKind>> {
        Ok(match &s.kind {
            StmtKind::Assign { .. } if self.typing.array_permutation(s).is_some() => {
                vec![s.kind.clone()]
            }
            StmtKind::Assign { targets, values } => {
                let (mut ts, mut vs) = (Vec::new(), Vec::new());
                for (t, v) in targets.iter().zip(values) {
                    if let Some(imag) = self.partner[*t] {
                        let p = self.parts(v)?;
                        ts.extend([*t, imag]);
                        vs.extend([p.re, p.im]);
                    } else {
                        ts.push(*t);
                        vs.push(self.real(v)?);
                    }
                }
                vec![StmtKind::Assign {
                    targets: ts,
                    values: vs,
                }]
            }
            StmtKind::Store {
                array,
                index,
                op,
                value,
            } => {
                let dtype = self.typing.array(*array)?.dtype;
                if dtype != Dtype::C128 {
                    if self.is_complex(value) {
                        return Err(format!(
                            "a complex number stored into a {} array stays interpreted",
                            dtype.name()
                        ));
                    }
                    return Ok(vec![StmtKind::Store {
                        array: *array,
                        index: self.reals(index)?,
                        op: *op,
                        value: self.real(value)?,
                    }]);
                }
                let element = Expr::Load(*array, index.clone());
                let stored = match op {
                    Some(op) => Expr::Binary(*op, Box::new(element), Box::new(value.clone())),
                    None => value.clone(),
                };
                let (re, im) = if self.is_complex(&stored) {
                    let p = self.parts(&stored)?;
                    (p.re, p.im)
                } else {
                    (self.real(&stored)?, Expr::Float(0.0))
                };
                // Both parts are computed before either is stored (`a[i] = a[i] * w`),
                // after everything else the value needs, as Python evaluates it.
                let hoist = std::mem::replace(&mut self.hoist, true);
                let re = self.temp("store", re);
                let im = self.temp("store", im);
                self.hoist = hoist;
                let index = self.reals(index)?;
                let part = |k: i64, value: Expr| {
                    let mut index = index.clone();
                    index.push(Expr::Int(k));
                    StmtKind::Store {
                        array: *array,
                        index,
                        op: None,
                        value,
                    }
                };
                vec![part(0, re), part(1, im)]
            }
            StmtKind::If { cond, then, orelse } => {
                let cond = self.real(cond)?;
                vec![StmtKind::If {
                    cond,
                    then: self.block(then)?,
                    orelse: self.block(orelse)?,
                }]
            }
            StmtKind::For {
                var,
                start,
                stop,
                step,
                items,
                body,
            } => {
                for (_, array) in items {
                    if matches!(self.typing.vars[*array], VarTy::Array(a) if a.dtype == Dtype::C128)
                    {
                        return Err(
                            "a loop over the items of a complex128 array stays interpreted".into(),
                        );
                    }
                }
                vec![StmtKind::For {
                    var: *var,
                    start: self.real(start)?,
                    stop: self.real(stop)?,
                    step: self.real(step)?,
                    items: items.clone(),
                    body: self.block(body)?,
                }]
            }
            StmtKind::While { cond, body } => {
                // Evaluated on every iteration: nothing can be hoisted before the loop.
                self.hoist = false;
                let cond = self.real(cond)?;
                vec![StmtKind::While {
                    cond,
                    body: self.block(body)?,
                }]
            }
            StmtKind::Break | StmtKind::Continue | StmtKind::Pass | StmtKind::Return(_) => {
                vec![s.kind.clone()]
            }
        })
    }

    fn ty(&self, e: &Expr) -> Result<ScalarTy> {
        self.typing.scalar(e)
    }

    fn is_complex(&self, e: &Expr) -> bool {
        self.ty(e).is_ok_and(|t| t.ty.is_complex())
    }

    fn reals(&mut self, es: &[Expr]) -> Result<Vec<Expr>> {
        es.iter().map(|e| self.real(e)).collect()
    }

    /// `f` with nothing hoisted out of the expressions it splits.
    fn unhoisted<T>(&mut self, f: impl FnOnce(&mut Self) -> Result<T>) -> Result<T> {
        let hoist = std::mem::replace(&mut self.hoist, false);
        let r = f(self);
        self.hoist = hoist;
        r
    }

    /// A real-valued expression, its complex subexpressions split.
    fn real(&mut self, e: &Expr) -> Result<Expr> {
        if self.is_complex(e) {
            return Err(
                "a complex number where compiled code needs a real one (a condition, \
                 an index, a bound) stays interpreted"
                    .into(),
            );
        }
        let one = |args: &[Expr]| args[0].clone();
        Ok(match e {
            Expr::Call(Intrinsic::Real, args) if self.is_complex(&args[0]) => {
                let p = self.parts(&args[0])?;
                self.also(p.re, p.im)
            }
            Expr::Call(Intrinsic::Imag, args) if self.is_complex(&args[0]) => {
                let p = self.parts(&args[0])?;
                self.also(p.im, p.re)
            }
            Expr::Call(Intrinsic::Real | Intrinsic::Conjugate, args) => {
                let x = one(args);
                let int = self.ty(&x)? == ScalarTy::exact(Scalar::Bool);
                let x = self.real(&x)?;
                if int {
                    Expr::Call(Intrinsic::Int, vec![x])
                } else {
                    x
                }
            }
            Expr::Call(Intrinsic::Imag, args) => self.zero_like(&args[0])?,
            Expr::Call(Intrinsic::NpConj, args) => {
                let Scalar::Np(d) = self.ty(e)?.ty else {
                    unreachable!("np.conj gives numpy scalars")
                };
                Expr::Call(Intrinsic::NpScalar(d), vec![self.real(&args[0])?])
            }
            Expr::Call(Intrinsic::Abs, args) if self.is_complex(&args[0]) => {
                let p = self.parts(&args[0])?;
                Expr::Call(Intrinsic::Hypot, vec![p.re, p.im])
            }
            Expr::Call(Intrinsic::Ufunc(Ufunc::Absolute), args) if self.is_complex(&args[0]) => {
                let p = self.parts(&args[0])?;
                let (re, im) = (to_np(p.re, p.ty), to_np(p.im, p.ty));
                Expr::Call(Intrinsic::Hypot, vec![re, im])
            }
            Expr::Compare(first, rest)
                if self.is_complex(first) || rest.iter().any(|(_, e)| self.is_complex(e)) =>
            {
                self.complex_compare(e, first, rest)?
            }
            Expr::Binary(op, a, b) => {
                Expr::Binary(*op, Box::new(self.real(a)?), Box::new(self.real(b)?))
            }
            Expr::Unary(op, a) => Expr::Unary(*op, Box::new(self.real(a)?)),
            Expr::Compare(first, rest) => {
                let first = self.real(first)?;
                let rest = self.unhoisted(|s| {
                    rest.iter()
                        .map(|(op, e)| Ok((*op, s.real(e)?)))
                        .collect::<Result<Vec<_>>>()
                })?;
                Expr::Compare(Box::new(first), rest)
            }
            Expr::Logic(op, values) => {
                let first = self.real(&values[0])?;
                let mut all = vec![first];
                all.extend(self.unhoisted(|s| s.reals(&values[1..]))?);
                Expr::Logic(*op, all)
            }
            Expr::IfExp(c, a, b) => {
                let c = self.real(c)?;
                let (a, b) = self.unhoisted(|s| Ok((s.real(a)?, s.real(b)?)))?;
                Expr::IfExp(Box::new(c), Box::new(a), Box::new(b))
            }
            Expr::Load(array, index) => Expr::Load(*array, self.reals(index)?),
            Expr::Call(f, args) => Expr::Call(*f, self.reals(args)?),
            Expr::Shape(array, axis) if *axis < 0 && self.complex_array(*array) => {
                Expr::Shape(*array, axis - 1)
            }
            Expr::Inline(inl) => self.inline(inl)?,
            _ => e.clone(),
        })
    }

    fn complex_array(&self, var: Var) -> bool {
        matches!(self.typing.vars[var], VarTy::Array(a) if a.dtype == Dtype::C128)
    }

    /// `x.imag` of a real number: a zero of its type.
    fn zero_like(&mut self, x: &Expr) -> Result<Expr> {
        if !matches!(
            x,
            Expr::Var(_) | Expr::Int(_) | Expr::Float(_) | Expr::Bool(_)
        ) {
            return Err("`.imag` of a real number other than a variable stays interpreted".into());
        }
        let t = self.ty(x)?;
        Ok(match (t.ty, t.mixed) {
            (Scalar::Float, false) => Expr::Float(0.0),
            (Scalar::Int | Scalar::Bool, false) => Expr::Int(0),
            (Scalar::Np(d), false)
                if matches!(
                    d,
                    Dtype::F64 | Dtype::F32 | Dtype::I64 | Dtype::I32 | Dtype::I16 | Dtype::I8
                ) =>
            {
                Expr::Call(Intrinsic::NpScalar(d), vec![Expr::Int(0)])
            }
            _ => return Err(format!("`.imag` of {} stays interpreted", t.describe())),
        })
    }

    /// An inlined call: complex parameters bound part by part, temporaries of its
    /// result computed at the end of its body.
    fn inline(&mut self, inl: &Inlined) -> Result<Expr> {
        let params = self.inline_params(inl)?;
        let mut body = self.block(&inl.body)?;
        let result = self.at_end_of(&mut body, |s| s.real(&inl.result))?;
        Ok(Expr::Inline(Box::new(Inlined {
            params,
            body,
            result,
        })))
    }

    /// An inlined call returning a complex number: its body ends assigning the parts to
    /// hidden variables, and the call, computed into a temporary before the statement,
    /// gives the real part; the imaginary one is read after it.
    fn complex_inline(&mut self, inl: &Inlined, ty: ScalarTy) -> Result<Pair> {
        self.need_hoisting("a call of an inlined function returning a complex number")?;
        let params = self.inline_params(inl)?;
        let mut body = self.block(&inl.body)?;
        let result = self.at_end_of(&mut body, |s| s.parts(&inl.result))?;
        let (re, im) = (self.hidden("result"), self.hidden("result_imag"));
        body.push(self.at(StmtKind::Assign {
            targets: vec![re, im],
            values: vec![result.re, result.im],
        }));
        let call = Expr::Inline(Box::new(Inlined {
            params,
            body,
            result: Expr::Var(re),
        }));
        Ok(pair(self.temp("result", call), Expr::Var(im), ty))
    }

    /// The parameters of an inlined call, a complex one bound part by part.
    fn inline_params(&mut self, inl: &Inlined) -> Result<Vec<(Var, Expr)>> {
        let mut params = Vec::new();
        for (p, arg) in &inl.params {
            if let Some(imag) = self.partner[*p] {
                let pair = self.parts(arg)?;
                params.extend([(*p, pair.re), (imag, pair.im)]);
            } else {
                params.push((*p, self.real(arg)?));
            }
        }
        Ok(params)
    }

    /// `f` on an inlined call's result: its temporaries end the body, which always runs
    /// before the result is computed.
    fn at_end_of<T>(
        &mut self,
        body: &mut Vec<Stmt>,
        f: impl FnOnce(&mut Self) -> Result<T>,
    ) -> Result<T> {
        let pre = std::mem::take(&mut self.pre);
        let hoist = std::mem::replace(&mut self.hoist, true);
        let r = f(self);
        self.hoist = hoist;
        body.append(&mut std::mem::replace(&mut self.pre, pre));
        r
    }

    /// `a == b` / `a != b` with a complex operand: both parts equal (or not). A numpy
    /// number on the left compares as numpy does (the right one made complex128); a
    /// Python one compares as Python does with a Python number on the right. A Python
    /// number meeting a numpy one on its right stays interpreted: which operator runs
    /// depends on their classes.
    fn complex_compare(&mut self, e: &Expr, first: &Expr, rest: &[(CmpOp, Expr)]) -> Result<Expr> {
        let [(op, right)] = rest else {
            return Err("a chain of comparisons of complex numbers stays interpreted".into());
        };
        let (a, b) = (self.ty(first)?, self.ty(right)?);
        let numpy = a.ty.is_numpy();
        if a.mixed || b.mixed || self.ty(e)?.mixed || (!numpy && b.ty.is_numpy()) {
            return Err(
                "a comparison of a Python number with a numpy one, one of them \
                 complex, stays interpreted"
                    .into(),
            );
        }
        let convert = |p: Pair| {
            if numpy {
                (to_np(p.re, p.ty), to_np(p.im, p.ty))
            } else {
                (to_py(p.re, p.ty), to_py(p.im, p.ty))
            }
        };
        let (ar, ai) = convert(self.any_parts(first)?);
        let (br, bi) = convert(self.any_parts(right)?);
        let cmp = |x: Expr, y: Expr| Expr::Compare(Box::new(x), vec![(*op, y)]);
        let logic = if *op == CmpOp::Eq {
            LogicOp::And
        } else {
            LogicOp::Or
        };
        Ok(Expr::Logic(logic, vec![cmp(ar, br), cmp(ai, bi)]))
    }

    /// The parts of a complex number, or of a real one as a complex (zero imaginary).
    fn any_parts(&mut self, e: &Expr) -> Result<Pair> {
        if self.is_complex(e) {
            return self.parts(e);
        }
        let ty = self.ty(e)?;
        Ok(Pair {
            re: self.real(e)?,
            im: Expr::Float(0.0),
            ty,
        })
    }

    /// The parts of a complex-valued expression.
    fn parts(&mut self, e: &Expr) -> Result<Pair> {
        let t = self.ty(e)?;
        let ty = ScalarTy {
            ty: part_of(t.ty),
            mixed: t.mixed,
        };
        Ok(match e {
            Expr::Var(v) => Pair {
                re: Expr::Var(*v),
                im: Expr::Var(self.partner[*v].expect("complex variables have partners")),
                ty,
            },
            Expr::Load(array, index) => {
                let index = self.reals(index)?;
                let part = |k: i64| {
                    let mut index = index.clone();
                    index.push(Expr::Int(k));
                    Expr::Load(*array, index)
                };
                Pair {
                    re: part(0),
                    im: part(1),
                    ty,
                }
            }
            Expr::Call(Intrinsic::Complex, args) => {
                let mut parts = Vec::new();
                for a in args {
                    let t = self.ty(a)?;
                    parts.push(to_py(self.real(a)?, t));
                }
                let mut parts = parts.into_iter();
                Pair {
                    re: parts.next().expect("typing admits one or two values"),
                    im: parts.next().unwrap_or(Expr::Float(0.0)),
                    ty: FLOAT,
                }
            }
            Expr::Call(Intrinsic::Conjugate, args) => {
                let p = self.parts(&args[0])?;
                Pair {
                    re: p.re,
                    im: neg(p.im),
                    ty: p.ty,
                }
            }
            Expr::Call(Intrinsic::NpConj, args) => {
                let p = self.parts(&args[0])?;
                Pair {
                    re: to_np(p.re, p.ty),
                    im: neg(to_np(p.im, p.ty)),
                    ty: NP_F64,
                }
            }
            Expr::Call(Intrinsic::Ufunc(Ufunc::Exp), args) => {
                // `C64::exp`: r = exp(re), then (r cos(im), r sin(im)).
                let p = self.parts(&args[0])?;
                let p = self.atoms(Pair {
                    re: to_np(p.re, p.ty),
                    im: to_np(p.im, p.ty),
                    ty: NP_F64,
                });
                let r = self.temp("exp", ufunc(Ufunc::Exp, p.re));
                Pair {
                    re: mul(r.clone(), ufunc(Ufunc::Cos, p.im.clone())),
                    im: mul(r, ufunc(Ufunc::Sin, p.im)),
                    ty: NP_F64,
                }
            }
            Expr::Unary(UnaryOp::Neg, a) => {
                let p = self.parts(a)?;
                Pair {
                    re: neg(p.re),
                    im: neg(p.im),
                    ty: p.ty,
                }
            }
            Expr::Unary(UnaryOp::Pos, a) => self.parts(a)?,
            Expr::IfExp(c, a, b) => {
                let c = self.real(c)?;
                let (a, b) = self.unhoisted(|s| Ok((s.parts(a)?, s.parts(b)?)))?;
                Pair {
                    re: Expr::IfExp(Box::new(c.clone()), Box::new(a.re), Box::new(b.re)),
                    im: Expr::IfExp(Box::new(c), Box::new(a.im), Box::new(b.im)),
                    ty,
                }
            }
            Expr::Binary(op, a, b) => self.binary(*op, a, b, t, ty)?,
            Expr::Inline(inl) => self.complex_inline(inl, ty)?,
            _ => return Err("this complex expression stays interpreted".into()),
        })
    }

    /// `a op b` with a complex result of type `t` (parts of type `ty`).
    fn binary(&mut self, op: BinOp, a: &Expr, b: &Expr, t: ScalarTy, ty: ScalarTy) -> Result<Pair> {
        let (ca, cb) = (self.is_complex(a), self.is_complex(b));
        let (pa, pb) = (self.any_parts(a)?, self.any_parts(b)?);
        if t.mixed && (!ca || !cb || op == BinOp::Div) {
            // A Python complex and a complex128 compute this differently: both ways,
            // and the one of the kind the operands have now taken.
            self.need_hoisting("arithmetic of a number that is a Python complex or a complex128")?;
            let (pa, pb) = (self.atoms(pa), self.atoms(pb));
            let mut numpy_now = Vec::new();
            // The complex operands' kinds decide (a real one on the right of a Python
            // complex, np.float64 included, leaves it one).
            for p in [(&pa, ca), (&pb, cb)]
                .into_iter()
                .filter(|(_, c)| *c)
                .map(|(p, _)| p)
            {
                if p.ty.mixed {
                    numpy_now.push(Expr::Call(Intrinsic::IsNumpy, vec![p.re.clone()]));
                } else if p.ty.ty.is_numpy() {
                    numpy_now.push(Expr::Bool(true));
                }
            }
            let numpy_now = self.temp("numpy", Expr::Logic(LogicOp::Or, numpy_now));
            let py = |p: &Pair| pair(to_py(p.re.clone(), p.ty), to_py(p.im.clone(), p.ty), FLOAT);
            let np = |p: &Pair| numpy_pair(pair(p.re.clone(), p.im.clone(), p.ty));
            let python = self.arithmetic(op, ca, cb, py(&pa), py(&pb), true, FLOAT)?;
            let python = self.atoms(python);
            let numpy = self.arithmetic(op, ca, cb, np(&pa), np(&pb), false, NP_F64)?;
            let numpy = self.atoms(numpy);
            return Ok(pair(
                if_exp(numpy_now.clone(), numpy.re, python.re),
                if_exp(numpy_now, numpy.im, python.im),
                ty,
            ));
        }
        let python = t.ty == Scalar::Complex;
        self.arithmetic(op, ca, cb, pa, pb, python, ty)
    }

    /// `a op b` (`ca`, `cb`: which operand is complex) computed as a Python complex or
    /// as a complex128.
    #[allow(clippy::too_many_arguments)]
    fn arithmetic(
        &mut self,
        op: BinOp,
        ca: bool,
        cb: bool,
        pa: Pair,
        pb: Pair,
        python: bool,
        ty: ScalarTy,
    ) -> Result<Pair> {
        if python && !(ca && cb) {
            // RustPython's mixed-mode arithmetic: the real number meets each part.
            let (real, complex, real_first) = if ca { (pb, pa, false) } else { (pa, pb, true) };
            let x = to_py(real.re, real.ty);
            let (re, im) = (complex.re, complex.im);
            return Ok(match (op, real_first) {
                (BinOp::Add, _) => pair(add(x, re), im, FLOAT),
                (BinOp::Sub, false) => pair(sub(re, x), im, FLOAT),
                (BinOp::Sub, true) => pair(sub(x, re), neg(im), FLOAT),
                (BinOp::Mul, _) => {
                    let x = self.atom(x);
                    pair(mul(re, x.clone()), mul(im, x), FLOAT)
                }
                (BinOp::Div, false) => {
                    let x = self.atom(x);
                    pair(div(re, x.clone()), div(im, x), FLOAT)
                }
                (BinOp::Div, true) => self.real_by_complex(x, pair(re, im, FLOAT))?,
                _ => unreachable!("typing admits + - * / only"),
            });
        }
        // Both complex, or a complex128 result (the real operand made complex first).
        let (pa, pb) = if python || ty.mixed {
            (pa, pb)
        } else {
            (numpy_pair(pa), numpy_pair(pb))
        };
        Ok(match op {
            BinOp::Add => pair(add(pa.re, pb.re), add(pa.im, pb.im), ty),
            BinOp::Sub => pair(sub(pa.re, pb.re), sub(pa.im, pb.im), ty),
            BinOp::Mul => {
                let (a, b) = (self.atoms(pa), self.atoms(pb));
                let re = sub(
                    mul(a.re.clone(), b.re.clone()),
                    mul(a.im.clone(), b.im.clone()),
                );
                let im = add(mul(a.re, b.im), mul(a.im, b.re));
                // A Python product of two NaNs is recovered (Annex G): the interpreter's.
                // (A numpy one is not finite, which hands it back anyway.)
                if python || ty.mixed {
                    self.not_both_nan(pair(re, im, ty))
                } else {
                    pair(re, im, ty)
                }
            }
            BinOp::Div if python => self.python_quotient(pa, pb)?,
            BinOp::Div => self.numpy_quotient(pa, pb)?,
            _ => unreachable!("typing admits + - * / only"),
        })
    }

    /// RustPython's `quot`: divide by the larger part of the divisor.
    fn python_quotient(&mut self, a: Pair, b: Pair) -> Result<Pair> {
        self.need_hoisting("a complex division")?;
        let (a, b) = (self.atoms(a), self.atoms(b));
        let big = self.temp("big", bigger_real(&b));
        let pick = |x: Expr, y: Expr| if_exp(big.clone(), x, y);
        let ratio = self.temp(
            "ratio",
            pick(
                div(b.im.clone(), b.re.clone()),
                div(b.re.clone(), b.im.clone()),
            ),
        );
        let den = self.temp(
            "den",
            pick(
                add(b.re.clone(), mul(b.im.clone(), ratio.clone())),
                add(mul(b.re.clone(), ratio.clone()), b.im.clone()),
            ),
        );
        let re = pick(
            div(
                add(a.re.clone(), mul(a.im.clone(), ratio.clone())),
                den.clone(),
            ),
            div(
                add(mul(a.re.clone(), ratio.clone()), a.im.clone()),
                den.clone(),
            ),
        );
        let im = pick(
            div(
                sub(a.im.clone(), mul(a.re.clone(), ratio.clone())),
                den.clone(),
            ),
            div(sub(mul(a.im, ratio), a.re), den),
        );
        Ok(self.not_both_nan(pair(re, im, FLOAT)))
    }

    /// RustPython's `rc_quot`: a real number divided by a complex one.
    fn real_by_complex(&mut self, x: Expr, b: Pair) -> Result<Pair> {
        self.need_hoisting("a complex division")?;
        let x = self.atom(x);
        let b = self.atoms(b);
        let big = self.temp("big", bigger_real(&b));
        let pick = |p: Expr, q: Expr| if_exp(big.clone(), p, q);
        let ratio = self.temp(
            "ratio",
            pick(
                div(b.im.clone(), b.re.clone()),
                div(b.re.clone(), b.im.clone()),
            ),
        );
        let den = self.temp(
            "den",
            pick(
                add(b.re.clone(), mul(b.im.clone(), ratio.clone())),
                add(mul(b.re, ratio.clone()), b.im),
            ),
        );
        let re = pick(
            div(x.clone(), den.clone()),
            div(mul(x.clone(), ratio.clone()), den.clone()),
        );
        let im = pick(
            div(mul(neg(x.clone()), ratio), den.clone()),
            div(neg(x), den),
        );
        Ok(self.not_both_nan(pair(re, im, FLOAT)))
    }

    /// kiln's numpy's complex division (Smith's algorithm, as `C64::div`). A zero
    /// divisor divides by zero in the first branch, which hands the statement back.
    fn numpy_quotient(&mut self, a: Pair, b: Pair) -> Result<Pair> {
        self.need_hoisting("a complex division")?;
        let (a, b) = (self.atoms(a), self.atoms(b));
        let (c, d) = (b.re, b.im);
        let big = self.temp("big", bigger_real(&pair(c.clone(), d.clone(), NP_F64)));
        let pick = |x: Expr, y: Expr| if_exp(big.clone(), x, y);
        let rat = self.temp(
            "ratio",
            pick(div(d.clone(), c.clone()), div(c.clone(), d.clone())),
        );
        let scl = self.temp(
            "scale",
            pick(
                div(
                    Expr::Float(1.0),
                    add(c.clone(), mul(d.clone(), rat.clone())),
                ),
                div(Expr::Float(1.0), add(d, mul(c, rat.clone()))),
            ),
        );
        let re = pick(
            mul(
                add(a.re.clone(), mul(a.im.clone(), rat.clone())),
                scl.clone(),
            ),
            mul(
                add(mul(a.re.clone(), rat.clone()), a.im.clone()),
                scl.clone(),
            ),
        );
        let im = pick(
            mul(
                sub(a.im.clone(), mul(a.re.clone(), rat.clone())),
                scl.clone(),
            ),
            mul(sub(mul(a.im, rat), a.re), scl),
        );
        Ok(pair(re, im, NP_F64))
    }

    fn need_hoisting(&self, what: &str) -> Result<()> {
        if self.hoist {
            Ok(())
        } else {
            Err(format!(
                "{what} in a loop condition, a conditional expression or an `and`/`or` \
                 stays interpreted"
            ))
        }
    }

    /// The pair, handed back to the interpreter if both parts are NaN.
    fn not_both_nan(&mut self, p: Pair) -> Pair {
        let p = if self.hoist {
            let re = self.temp("re", p.re);
            let im = self.temp("im", p.im);
            pair(re, im, p.ty)
        } else {
            p
        };
        let is_number = |x: &Expr| Expr::Compare(Box::new(x.clone()), vec![(CmpOp::Eq, x.clone())]);
        let check = Expr::Call(
            Intrinsic::Check,
            vec![Expr::Logic(
                LogicOp::Or,
                vec![is_number(&p.re), is_number(&p.im)],
            )],
        );
        if self.hoist {
            let v = self.hidden("check");
            self.pre.push(self.at(StmtKind::Assign {
                targets: vec![v],
                values: vec![check],
            }));
            p
        } else {
            let re = if_exp(check, p.re.clone(), p.re);
            pair(re, p.im, p.ty)
        }
    }

    /// `keep`, after `other` is computed too: a part left out must still fail (a zero
    /// divisor) or hand back a numpy warning as the whole expression would. An inlined
    /// call with no body, `other` its parameter, is that `let`.
    fn also(&mut self, keep: Expr, other: Expr) -> Expr {
        if cheap(&other) {
            return keep;
        }
        let unused = self.hidden("unused");
        Expr::Inline(Box::new(Inlined {
            params: vec![(unused, other)],
            body: Vec::new(),
            result: keep,
        }))
    }

    /// The parts as expressions cheap to repeat: temporaries where hoisting is allowed.
    fn atoms(&mut self, p: Pair) -> Pair {
        Pair {
            re: self.atom(p.re),
            im: self.atom(p.im),
            ty: p.ty,
        }
    }

    fn atom(&mut self, e: Expr) -> Expr {
        if !self.hoist || cheap(&e) {
            return e;
        }
        self.temp("part", e)
    }

    /// A hidden variable assigned `value` before the statement (the value itself
    /// where nothing may be hoisted).
    fn temp(&mut self, what: &str, value: Expr) -> Expr {
        if !self.hoist {
            return value;
        }
        let v = self.hidden(what);
        self.pre.push(self.at(StmtKind::Assign {
            targets: vec![v],
            values: vec![value],
        }));
        Expr::Var(v)
    }

    fn hidden(&mut self, what: &str) -> Var {
        let n = self.vars.len();
        self.vars.push(VarData {
            name: format!("#complex_{what}{n}"),
            hidden: true,
        })
    }
}

/// Whether a statement calls an inlined function whose body stores into an array: its
/// expressions must then run in Python's order, nothing computed ahead.
fn stores_inline(s: &Stmt) -> bool {
    let mut stores = false;
    let kind_only = match &s.kind {
        StmtKind::If { cond, .. } | StmtKind::While { cond, .. } => vec![cond],
        StmtKind::For {
            start, stop, step, ..
        } => vec![start, stop, step],
        _ => s.exprs(),
    };
    for e in kind_only {
        e.walk(&mut |e| {
            if let Expr::Inline(inl) = e {
                for b in &inl.body {
                    b.each(&mut |b| stores |= matches!(b.kind, StmtKind::Store { .. }));
                }
            }
        });
    }
    stores
}

fn cheap(e: &Expr) -> bool {
    match e {
        Expr::Var(_) | Expr::Int(_) | Expr::Float(_) | Expr::Bool(_) => true,
        Expr::Unary(UnaryOp::Neg, a) => cheap(a),
        Expr::Call(Intrinsic::Float | Intrinsic::NpScalar(_), a) => cheap(&a[0]),
        Expr::Load(_, index) => index.iter().all(cheap),
        _ => false,
    }
}

/// A part as a Python float (a Python complex's part).
fn to_py(e: Expr, ty: ScalarTy) -> Expr {
    if ty == FLOAT {
        e
    } else {
        Expr::Call(Intrinsic::Float, vec![e])
    }
}

/// A part as an `np.float64` (a complex128's part).
fn to_np(e: Expr, ty: ScalarTy) -> Expr {
    if ty == NP_F64 {
        e
    } else {
        Expr::Call(Intrinsic::NpScalar(Dtype::F64), vec![e])
    }
}

/// An operand of complex128 arithmetic: its parts as `np.float64`s.
fn numpy_pair(p: Pair) -> Pair {
    let im = match p.im {
        Expr::Float(z) => Expr::Call(Intrinsic::NpScalar(Dtype::F64), vec![Expr::Float(z)]),
        im => to_np(im, p.ty),
    };
    Pair {
        re: to_np(p.re, p.ty),
        im,
        ty: NP_F64,
    }
}

/// `abs(re) >= abs(im)` of a divisor.
fn bigger_real(b: &Pair) -> Expr {
    let abs = |x: &Expr| Expr::Call(Intrinsic::Abs, vec![x.clone()]);
    Expr::Compare(Box::new(abs(&b.re)), vec![(CmpOp::Ge, abs(&b.im))])
}

fn pair(re: Expr, im: Expr, ty: ScalarTy) -> Pair {
    Pair { re, im, ty }
}

fn binary(op: BinOp, a: Expr, b: Expr) -> Expr {
    Expr::Binary(op, Box::new(a), Box::new(b))
}

fn add(a: Expr, b: Expr) -> Expr {
    binary(BinOp::Add, a, b)
}

fn sub(a: Expr, b: Expr) -> Expr {
    binary(BinOp::Sub, a, b)
}

fn mul(a: Expr, b: Expr) -> Expr {
    binary(BinOp::Mul, a, b)
}

fn div(a: Expr, b: Expr) -> Expr {
    binary(BinOp::Div, a, b)
}

fn neg(a: Expr) -> Expr {
    Expr::Unary(UnaryOp::Neg, Box::new(a))
}

fn ufunc(u: Ufunc, x: Expr) -> Expr {
    Expr::Call(Intrinsic::Ufunc(u), vec![x])
}

fn if_exp(c: Expr, a: Expr, b: Expr) -> Expr {
    Expr::IfExp(Box::new(c), Box::new(a), Box::new(b))
}
