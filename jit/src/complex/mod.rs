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
//! of a conditional expression, the later operands of `and`, `or` and comparison chains)
//! nothing is hoisted and parts are recomputed, which is sound because they have no
//! effects: a statement whose inlined call stores, if it computes with complex numbers,
//! stays interpreted.

mod arithmetic;
mod parts;

use crate::infer::{Typing, VarTy, all_statements, part_of};
use crate::ir::{
    BinOp, CmpOp, Expr, Inlined, Intrinsic, LogicOp, Nest, Point, PrimaryMap, Stmt, StmtKind,
    Ufunc, UnaryOp, Var, VarData, inlined_stores,
};
use crate::types::{ArrayTy, Dtype, Scalar, ScalarTy, Ty};
use arithmetic::{mul, neg, ufunc};
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
    if !needs_split(nest, entry) {
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
        nest: nest.rewritten(s.vars, root),
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
        list: None,
        copied: false,
    }
}

/// Whether the nest has complex numbers: on entry, or made by its expressions.
fn needs_split(nest: &Nest, entry: &[Ty]) -> bool {
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
        // Parts are computed apart (some more than once): a call that stores must run
        // once, in Python's order.
        if !self.hoist && self.mentions_complex(s) {
            return Err(format!(
                "line {}: a complex number in a statement whose inlined call stores into \
                 an array stays interpreted",
                s.line
            ));
        }
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
                    if self.complex_array(*array) {
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
            // `n, m = z.shape`: the float view has one axis more.
            Expr::Call(Intrinsic::Axes(n), args) if matches!(&args[..], [Expr::Shape(a, _)] if self.complex_array(*a)) => {
                Expr::Call(Intrinsic::Axes(n + 1), args.clone())
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

    /// Whether a statement's own expressions (not its body's) compute with complex
    /// numbers or store one.
    fn mentions_complex(&self, s: &Stmt) -> bool {
        if let StmtKind::Store { array, .. } = &s.kind
            && self.complex_array(*array)
        {
            return true;
        }
        let mut found = false;
        for e in s.exprs() {
            e.walk(&mut |e| found |= self.is_complex(e));
        }
        found
    }

    fn complex_array(&self, var: Var) -> bool {
        matches!(self.typing.vars[var], VarTy::Array(a) if a.dtype == Dtype::C128)
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

/// Whether a statement calls an inlined function whose body (or a call inlined into
/// it) stores into an array: its expressions must then run in Python's order, nothing
/// computed ahead.
fn stores_inline(s: &Stmt) -> bool {
    inlined_stores(&s.exprs()) > 0
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

fn pair(re: Expr, im: Expr, ty: ScalarTy) -> Pair {
    Pair { re, im, ty }
}
