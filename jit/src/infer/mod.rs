//! Type inference for a nest, from the types its variables had on entry.
//!
//! Flow-insensitive: each variable gets one static type for the whole nest, the join of
//! its entry type and of every value assigned to it, computed to a fixed point (the
//! lattice is small: a scalar type, its mixed form, or a failure). A variable unbound on
//! entry is "maybe unbound": compiled code keeps a flag for it and exits to the
//! interpreter if it would read it unbound, so the interpreter raises the NameError.
//! Expression types follow [`crate::types`]; an expression outside what compiled code
//! does makes the whole nest fail, with a reason for the report.

mod complex;

use crate::ir::{BinOp, CmpOp, Expr, Intrinsic, MathFn, Nest, Stmt, StmtKind, UnaryOp, Var};
use crate::types::{self, ArrayTy, Scalar, ScalarTy, Ty};
use complex::complex_operand;
pub use complex::part_of;
use cranelift_codegen::entity::SecondaryMap;

/// A variable's type across the nest.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum VarTy {
    /// Never given a type (unbound on entry and not yet assigned).
    #[default]
    Unknown,
    Scalar {
        ty: ScalarTy,
        maybe_unbound: bool,
    },
    Array(ArrayTy),
    Other(String),
}

/// The type of an expression.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum ExprTy {
    Scalar(ScalarTy),
    Array(ArrayTy),
}

pub struct Typing<'a> {
    pub nest: &'a Nest,
    pub vars: SecondaryMap<Var, VarTy>,
    /// Why the value last assigned to a variable has no type, for the report of a
    /// variable that none typed.
    untyped: crate::collections::HashMap<Var, String>,
}

type Result<T> = std::result::Result<T, String>;

impl<'a> Typing<'a> {
    /// Types `nest` given the entry type of each of its variables.
    pub fn infer(nest: &'a Nest, entry: &[Ty]) -> Result<Self> {
        let mut vars = SecondaryMap::new();
        for (var, data) in nest.vars.iter() {
            vars[var] = match &entry[var.as_u32() as usize] {
                Ty::Unbound => VarTy::Unknown,
                Ty::Scalar(s) => VarTy::Scalar {
                    ty: ScalarTy::exact(*s),
                    maybe_unbound: false,
                },
                Ty::Array(a) => VarTy::Array(*a),
                Ty::Other(what) => VarTy::Other(format!("`{}` is {what}", data.name)),
            };
        }
        let mut typing = Typing {
            nest,
            vars,
            untyped: Default::default(),
        };
        let unbound_on_entry: Vec<Var> = nest
            .vars
            .keys()
            .filter(|v| entry[v.as_u32() as usize] == Ty::Unbound)
            .collect();
        let (statements, bindings) = all_statements(nest);
        for _round in 0..16 {
            let mut changed = false;
            for (param, arg) in &bindings {
                // An inlined function's parameter is its argument, arrays included.
                if let Ok(ty) = typing.expr(arg) {
                    if let ExprTy::Array(a) = ty {
                        changed |= typing.vars[*param] != VarTy::Array(a);
                        typing.vars[*param] = VarTy::Array(a);
                    } else {
                        changed |= typing.assign(*param, ty, true)?;
                    }
                }
            }
            for stmt in &statements {
                for (target, ty) in typing.assignments(stmt) {
                    let ty = match ty {
                        Ok(ty) => ty,
                        Err(why) => {
                            typing.untyped.insert(target, why);
                            continue;
                        }
                    };
                    changed |= typing.assign(target, ty, unbound_on_entry.contains(&target))?;
                }
            }
            if !changed {
                // A parameter whose argument has no type compiled code knows.
                for (param, arg) in &bindings {
                    if typing.vars[*param] == VarTy::Unknown
                        && let Err(e) = typing.expr(arg)
                    {
                        return Err(format!(
                            "the argument `{}` of an inlined call: {e}",
                            typing.name(*param).rsplit('.').next().unwrap_or_default()
                        ));
                    }
                }
                typing.check(&statements)?;
                return Ok(typing);
            }
        }
        Err("the types of its variables do not settle".into())
    }

    /// Checks the arguments of an intrinsic of a row (`crate::rows`): a list of rows
    /// and an int index into it.
    fn row_of(&self, args: &[Expr]) -> Result<()> {
        let [Expr::Var(list), index] = args else {
            return Err("a row takes a list and an index".into());
        };
        if !matches!(&self.vars[*list], VarTy::Array(a) if a.list.is_some() && a.ndim == 2) {
            return Err(format!("`{}` holds no list of rows", self.name(*list)));
        }
        let i = self.scalar(index)?;
        if i.mixed || i.ty != Scalar::Int {
            return Err(format!(
                "a row of a list by {} stays interpreted",
                i.describe()
            ));
        }
        Ok(())
    }

    fn name(&self, var: Var) -> &str {
        &self.nest.vars[var].name
    }

    /// The (target, value type) pairs a statement assigns.
    fn assignments(&self, stmt: &Stmt) -> Vec<(Var, Result<ExprTy>)> {
        if self.array_permutation(stmt).is_some() {
            return Vec::new();
        }
        match &stmt.kind {
            StmtKind::Assign { targets, values } => targets
                .iter()
                .zip(values)
                .map(|(t, v)| (*t, self.expr(v)))
                .collect(),
            StmtKind::For { var, items, .. } => {
                let mut out = vec![(*var, Ok(ExprTy::Scalar(ScalarTy::exact(Scalar::Int))))];
                for (target, array) in items {
                    let element = self.expr(&Expr::Load(*array, vec![Expr::Var(*var)]));
                    out.push((*target, element));
                }
                out
            }
            _ => Vec::new(),
        }
    }

    /// `a, b = b, a` over arrays of one dtype, number of axes and layout: compiled code
    /// moves their descriptors (each keeps its own buffer, so none starts sharing one).
    pub fn array_permutation(&self, stmt: &Stmt) -> Option<Vec<(Var, Var)>> {
        let pairs = stmt.permutation()?;
        let same = |a: &ArrayTy, b: &ArrayTy| {
            (a.dtype, a.ndim, a.unit_inner, a.own_buffer)
                == (b.dtype, b.ndim, b.unit_inner, b.own_buffer)
        };
        pairs
            .iter()
            .all(|(t, s)| match (&self.vars[*t], &self.vars[*s]) {
                (VarTy::Array(a), VarTy::Array(b)) => same(a, b),
                _ => false,
            })
            .then_some(pairs)
    }

    fn assign(&mut self, var: Var, ty: ExprTy, unbound_on_entry: bool) -> Result<bool> {
        let ExprTy::Scalar(ty) = ty else {
            return Err(format!("it assigns an array to `{}`", self.name(var)));
        };
        let new = match &self.vars[var] {
            VarTy::Unknown => VarTy::Scalar {
                ty,
                maybe_unbound: unbound_on_entry,
            },
            VarTy::Scalar {
                ty: old,
                maybe_unbound,
            } => match old.join(ty) {
                Some(joined) => VarTy::Scalar {
                    ty: joined,
                    maybe_unbound: *maybe_unbound,
                },
                None => {
                    return Err(format!(
                        "`{}` holds both {} and {}",
                        self.name(var),
                        old.describe(),
                        ty.describe()
                    ));
                }
            },
            VarTy::Array(_) => return Err(format!("it assigns to the array `{}`", self.name(var))),
            // Compiled code cannot hold what it had on entry: until assigned, it counts
            // as unbound, and the write-back keeps the entry object if it never is.
            VarTy::Other(_) => VarTy::Scalar {
                ty,
                maybe_unbound: true,
            },
        };
        let changed = new != self.vars[var];
        self.vars[var] = new;
        Ok(changed)
    }

    /// Every expression of the nest has a type compiled code handles.
    fn check(&self, statements: &[&Stmt]) -> Result<()> {
        for stmt in statements {
            let line = stmt.line;
            let at = |e: String| format!("line {line}: {e}");
            match &stmt.kind {
                StmtKind::Assign { .. } if self.array_permutation(stmt).is_some() => {}
                StmtKind::Assign { values, .. } => {
                    for v in values {
                        self.scalar(v).map_err(at)?;
                    }
                }
                StmtKind::Store {
                    array,
                    index,
                    op,
                    value,
                } => {
                    let load = Expr::Load(*array, index.clone());
                    let element = self.scalar(&load).map_err(at)?;
                    let value = self.scalar(value).map_err(at)?;
                    let stored = match op {
                        Some(op) => self.binary(*op, element, value).map_err(at)?,
                        None => value,
                    };
                    // A list keeps the number stored as it is, boxed by a helper for
                    // its kind (`crate::lists`).
                    let boxable = [
                        Scalar::Float,
                        Scalar::Int,
                        Scalar::Bool,
                        Scalar::Np(types::Dtype::F64),
                        Scalar::Np(types::Dtype::I64),
                    ];
                    if matches!(&self.vars[*array], VarTy::Array(a) if a.list.is_some())
                        && (stored.mixed || !boxable.contains(&stored.ty))
                    {
                        return Err(at(format!(
                            "storing {} into a list stays interpreted",
                            stored.describe()
                        )));
                    }
                }
                StmtKind::If { cond, .. } | StmtKind::While { cond, .. } => {
                    self.scalar(cond).map_err(at)?;
                }
                StmtKind::For {
                    start,
                    stop,
                    step,
                    items,
                    ..
                } => {
                    for (_, array) in items {
                        match &self.vars[*array] {
                            VarTy::Array(a) if a.ndim == 1 => {}
                            VarTy::Array(a) => {
                                return Err(at(format!(
                                    "the items of `{}`, a {}-d array, are arrays",
                                    self.name(*array),
                                    a.ndim
                                )));
                            }
                            VarTy::Other(why) => return Err(at(why.clone())),
                            _ => {
                                return Err(at(format!("`{}` is not an array", self.name(*array))));
                            }
                        }
                    }
                    for e in [start, stop, step] {
                        let ty = self.scalar(e).map_err(at)?;
                        if !ty.variants().iter().all(|t| t.is_integer()) {
                            return Err(at(format!("range() of {}", ty.describe())));
                        }
                    }
                }
                _ => {}
            }
        }
        Ok(())
    }

    pub fn scalar(&self, e: &Expr) -> Result<ScalarTy> {
        match self.expr(e)? {
            ExprTy::Scalar(s) => Ok(s),
            ExprTy::Array(_) => Err("an array is used as a number".into()),
        }
    }

    pub fn var(&self, var: Var) -> Result<ExprTy> {
        match &self.vars[var] {
            VarTy::Unknown => {
                let name = self.name(var);
                match (name.strip_suffix(".return"), self.untyped.get(&var)) {
                    (Some(function), Some(why)) => {
                        Err(format!("the value `{function}()` returns: {why}"))
                    }
                    (None, Some(why)) => Err(format!("the value of `{name}`: {why}")),
                    (_, None) => Err(format!("`{name}` is never bound")),
                }
            }
            VarTy::Scalar { ty, .. } => Ok(ExprTy::Scalar(*ty)),
            VarTy::Array(a) => Ok(ExprTy::Array(*a)),
            VarTy::Other(why) => Err(why.clone()),
        }
    }

    pub fn array(&self, var: Var) -> Result<ArrayTy> {
        match self.var(var)? {
            ExprTy::Array(a) => Ok(a),
            ExprTy::Scalar(s) => Err(format!(
                "`{}` is {}, not an array",
                self.name(var),
                s.describe()
            )),
        }
    }

    pub fn expr(&self, e: &Expr) -> Result<ExprTy> {
        let scalar = |s: Scalar| Ok(ExprTy::Scalar(ScalarTy::exact(s)));
        match e {
            Expr::Int(_) => scalar(Scalar::Int),
            Expr::Float(_) => scalar(Scalar::Float),
            Expr::Bool(_) => scalar(Scalar::Bool),
            Expr::Var(v) => self.var(*v),
            Expr::Binary(op, a, b) => {
                let t = self.binary(*op, self.scalar(a)?, self.scalar(b)?)?;
                Ok(ExprTy::Scalar(t))
            }
            Expr::Unary(op, a) => {
                let a = self.scalar(a)?;
                let t = map_variants(a, |t| match (op, t) {
                    (UnaryOp::Not, _) => Some(Scalar::Bool),
                    (UnaryOp::Invert, t) if t.is_complex() => None,
                    (_, Scalar::Np(types::Dtype::Bool)) => None,
                    (_, Scalar::Np(types::Dtype::U64)) => None,
                    (UnaryOp::Invert, t) if t.is_float() => None,
                    (_, Scalar::Bool) => Some(Scalar::Int),
                    (_, t) => Some(t),
                })
                .ok_or_else(|| format!("{op:?} of {}", a.describe()))?;
                Ok(ExprTy::Scalar(t))
            }
            Expr::Compare(first, rest) => {
                let mut left = self.scalar(first)?;
                let mut results = Vec::new();
                for (op, right) in rest {
                    let right = self.scalar(right)?;
                    for x in left.variants() {
                        for y in right.variants() {
                            if x.is_complex() || y.is_complex() {
                                if !matches!(op, CmpOp::Eq | CmpOp::Ne) {
                                    return Err(format!(
                                        "`{}` of complex numbers (Python raises TypeError) \
                                         stays interpreted",
                                        op.symbol()
                                    ));
                                }
                                if !complex_operand(x) || !complex_operand(y) {
                                    return Err("comparison of these types".into());
                                }
                                // numpy's comparison where a numpy number takes part,
                                // but an np.float64 on the right of a Python complex is
                                // a float to `complex`'s own operator.
                                results.push(
                                    if x == Scalar::Complex && y == Scalar::Np(types::Dtype::F64) {
                                        Scalar::Bool
                                    } else {
                                        types::comparison(x, y)
                                    },
                                );
                                continue;
                            }
                            if !numeric(x) || !numeric(y) {
                                return Err("comparison of these types".into());
                            }
                            results.push(types::comparison(x, y));
                        }
                    }
                    left = right;
                }
                ScalarTy::from_variants(&results)
                    .map(ExprTy::Scalar)
                    .ok_or_else(|| "a chained comparison mixing numpy and Python values".into())
            }
            Expr::Logic(_, values) | Expr::Call(Intrinsic::Min | Intrinsic::Max, values) => {
                let mut all = Vec::new();
                for v in values {
                    all.extend(self.scalar(v)?.variants());
                }
                ScalarTy::from_variants(&all)
                    .map(ExprTy::Scalar)
                    .ok_or_else(|| "`and`/`or`/min()/max() of values of different types".into())
            }
            Expr::IfExp(cond, a, b) => {
                self.scalar(cond)?;
                let (a, b) = (self.scalar(a)?, self.scalar(b)?);
                a.join(b).map(ExprTy::Scalar).ok_or_else(|| {
                    format!(
                        "a conditional expression of {} or {}",
                        a.describe(),
                        b.describe()
                    )
                })
            }
            Expr::Slice(_) | Expr::NewAxis => Err("a slice outside a subscript".into()),
            Expr::MatMul(..) => Err(
                "`@` / `np.dot()` of operands other than two 1-d float views stays interpreted"
                    .into(),
            ),
            Expr::Reduce(..) => Err(
                "a reduction of something other than a 1-d float view or expression stays \
                 interpreted"
                    .into(),
            ),
            Expr::Sum(view, len) => {
                let a = self.array(view.array)?;
                self.scalar(len)?;
                for i in &view.first {
                    self.scalar(i)?;
                }
                match a.dtype {
                    types::Dtype::F64 | types::Dtype::F32 => scalar(Scalar::Np(a.dtype)),
                    d => Err(format!("`sum()` of a {} array stays interpreted", d.name())),
                }
            }
            Expr::Call(Intrinsic::Ufunc(u), args) => {
                let [a] = &args[..] else {
                    return Err(format!("`np.{}()` takes one value", u.name()));
                };
                let t = self.scalar(a)?;
                if t.ty.is_complex() {
                    return match u {
                        crate::ir::Ufunc::Exp => scalar(Scalar::Np(types::Dtype::C128)),
                        crate::ir::Ufunc::Absolute => scalar(Scalar::Np(types::Dtype::F64)),
                        _ => Err(format!(
                            "`np.{}()` of complex numbers stays interpreted",
                            u.name()
                        )),
                    };
                }
                // numpy's `absolute` and `sign` of integers are integers (computed in
                // float64 they would lose digits past 2**53).
                if matches!(u, crate::ir::Ufunc::Sign | crate::ir::Ufunc::Absolute)
                    && !t.variants().iter().all(|x| x.is_float())
                {
                    return Err(format!(
                        "`np.{}()` of {} stays interpreted (compiled only for floats)",
                        u.name(),
                        t.describe()
                    ));
                }
                // numpy's loop for the argument: float32 stays float32, int16 goes to
                // float32, the rest to float64 (int8, uint8 and bool would give float16).
                let result = |x: Scalar| match x {
                    Scalar::Np(types::Dtype::F32 | types::Dtype::I16 | types::Dtype::U16) => {
                        Some(Scalar::Np(types::Dtype::F32))
                    }
                    Scalar::Np(types::Dtype::Bool | types::Dtype::I8 | types::Dtype::U8)
                    | Scalar::Bool => None,
                    _ => Some(Scalar::Np(types::Dtype::F64)),
                };
                let out: Option<Vec<Scalar>> = t.variants().into_iter().map(result).collect();
                out.and_then(|v| ScalarTy::from_variants(&v))
                    .filter(|t| !t.mixed)
                    .map(ExprTy::Scalar)
                    .ok_or_else(|| {
                        format!("`np.{}()` of {} stays interpreted", u.name(), t.describe())
                    })
            }
            Expr::Call(Intrinsic::NpScalar(d), args) => {
                let [a] = &args[..] else {
                    return Err(format!("`np.{}()` takes one value", d.name()));
                };
                let t = self.scalar(a)?;
                if !t.variants().iter().all(|x| numeric(*x)) {
                    return Err(format!("`np.{}()` of {}", d.name(), t.describe()));
                }
                scalar(Scalar::Np(*d))
            }
            Expr::Call(
                f @ (Intrinsic::Complex
                | Intrinsic::Real
                | Intrinsic::Imag
                | Intrinsic::Conjugate
                | Intrinsic::NpConj
                | Intrinsic::Hypot),
                args,
            ) => self.complex_call(*f, args).map(ExprTy::Scalar),
            Expr::Call(Intrinsic::Axes(n), args) => {
                let [Expr::Shape(array, _)] = &args[..] else {
                    return Err("`axes()` takes the first axis of a shape".into());
                };
                let ndim = self.array(*array)?.ndim;
                if ndim != *n as u32 {
                    return Err(format!(
                        "unpacking the shape of `{}`, a {ndim}-d array, into {n} names \
                         (Python raises ValueError) stays interpreted",
                        self.name(*array)
                    ));
                }
                scalar(Scalar::Int)
            }
            Expr::Call(Intrinsic::Where, _) => {
                Err("`np.where()` of numbers (a 0-d array) stays interpreted".into())
            }
            Expr::Call(Intrinsic::Select, args) => {
                let [c, a, b] = &args[..] else {
                    return Err(
                        "`np.where()` with other than three values stays interpreted".into(),
                    );
                };
                self.scalar(c)?;
                let (ta, tb) = (self.scalar(a)?, self.scalar(b)?);
                let t = self.binary(BinOp::Add, ta, tb)?;
                let fits = |x: ScalarTy| {
                    !x.mixed && (x.machine() == t.machine() || t.machine() != types::Machine::I64)
                };
                match t.ty {
                    Scalar::Np(d)
                        if d != types::Dtype::Bool && !t.mixed && fits(ta) && fits(tb) =>
                    {
                        Ok(ExprTy::Scalar(t))
                    }
                    _ => Err(format!(
                        "`np.where()` of {} and {} stays interpreted",
                        ta.describe(),
                        tb.describe()
                    )),
                }
            }
            Expr::Call(Intrinsic::Copy, _) => {
                Err("`copy()` of something other than an array stays interpreted".into())
            }
            Expr::Call(Intrinsic::Gemm, args) => {
                let arrays = args
                    .iter()
                    .map(|a| match self.expr(a)? {
                        ExprTy::Array(t) => Ok(t),
                        ExprTy::Scalar(_) => Err("`@` of a number stays interpreted".to_string()),
                    })
                    .collect::<Result<Vec<_>>>()?;
                let float = matches!(arrays[0].dtype, types::Dtype::F64 | types::Dtype::F32);
                if !float || arrays.iter().any(|a| a.dtype != arrays[0].dtype) {
                    return Err("`@` of matrices other than float64 or float32 ones alike \
                                stays interpreted"
                        .into());
                }
                scalar(Scalar::Bool)
            }
            Expr::Call(Intrinsic::NewArray(n), _) => Err(format!(
                "`{}()` other than as a name's value (`t = np.zeros(n)`), or where complex \
                 numbers are, stays interpreted",
                n.name()
            )),
            Expr::Call(Intrinsic::Maximum | Intrinsic::Minimum, args) => {
                let [a, b] = &args[..] else {
                    return Err("`np.maximum()` takes two values".into());
                };
                let (a, b) = (self.scalar(a)?, self.scalar(b)?);
                let t = self.binary(BinOp::Add, a, b)?;
                let numpy = |t: ScalarTy| {
                    !t.mixed && matches!(t.ty, Scalar::Np(d) if d != types::Dtype::Bool)
                };
                let fits = |x: ScalarTy| {
                    x.machine() == t.machine()
                        || (x.machine() == types::Machine::F32
                            && t.machine() == types::Machine::F64)
                };
                if numpy(t) && !a.mixed && !b.mixed && fits(a) && fits(b) {
                    Ok(ExprTy::Scalar(t))
                } else {
                    Err(format!(
                        "`np.maximum()`/`np.minimum()` of {} and {} stays interpreted",
                        a.describe(),
                        b.describe()
                    ))
                }
            }
            Expr::Dot(views, len) => {
                let [a, b] = &**views;
                let (ta, tb) = (self.array(a.array)?, self.array(b.array)?);
                self.scalar(len)?;
                for d in [a, b] {
                    for i in &d.first {
                        self.scalar(i)?;
                    }
                }
                match ta.dtype {
                    types::Dtype::F64 | types::Dtype::F32 if ta.dtype == tb.dtype => {
                        scalar(Scalar::Np(ta.dtype))
                    }
                    _ => Err(format!(
                        "`@` of {} and {} vectors stays interpreted",
                        ta.dtype.name(),
                        tb.dtype.name()
                    )),
                }
            }
            Expr::Load(array, index) => {
                let a = self.array(*array)?;
                if index
                    .iter()
                    .any(|i| matches!(i, Expr::Slice(_) | Expr::NewAxis))
                    || index.len() < a.ndim as usize
                {
                    return Err(format!(
                        "a view of `{}` (an array made by slicing) is used as a number",
                        self.name(*array)
                    ));
                }
                if index.len() != a.ndim as usize {
                    return Err(format!(
                        "`{}` ({}-d) is indexed with {} subscripts",
                        self.name(*array),
                        a.ndim,
                        index.len()
                    ));
                }
                for i in index {
                    let t = self.scalar(i)?;
                    if !t.variants().iter().all(|t| t.is_integer() && !t.is_bool()) {
                        return Err(format!("an index of type {}", t.describe()));
                    }
                }
                if a.dtype == types::Dtype::U64 {
                    return Err("uint64 elements stay interpreted".into());
                }
                // A list's elements are Python's numbers (`crate::lists`).
                match types::ListItems::of(&a) {
                    Some(items) => scalar(items.scalar()),
                    None => scalar(Scalar::Np(a.dtype)),
                }
            }
            Expr::Shape(array, axis) => {
                let a = self.array(*array)?;
                let ndim = a.ndim as i64;
                if *axis >= ndim || *axis < -ndim {
                    return Err("`.shape[k]` past the array's axes".into());
                }
                scalar(Scalar::Int)
            }
            Expr::Len(array) => {
                if self.array(*array)?.ndim == 0 {
                    return Err("len() of a 0-d array".into());
                }
                scalar(Scalar::Int)
            }
            Expr::Inline(inl) => self.expr(&inl.result),
            Expr::CallUser(name, _) => Err(format!("`{name}()` is not a function kiln can inline")),
            Expr::Unpack(..) => Err("a call whose tuple is unpacked is not inlined".into()),
            Expr::Tuple(_) => Err("a tuple as a value stays interpreted".into()),
            Expr::Call(Intrinsic::ListAppend, args) => {
                let [Expr::Var(list), value] = &args[..] else {
                    return Err("`append()` takes one value".into());
                };
                if !matches!(&self.vars[*list], VarTy::Array(a) if a.list.is_some()) {
                    return Err(format!(
                        "`{}.append()` of something other than a list of numbers stays interpreted",
                        self.name(*list)
                    ));
                }
                let t = self.scalar(value)?;
                let boxable = [
                    Scalar::Float,
                    Scalar::Int,
                    Scalar::Np(types::Dtype::F64),
                    Scalar::Np(types::Dtype::I64),
                ];
                if t.mixed || !boxable.contains(&t.ty) {
                    return Err(format!(
                        "appending {} to a list stays interpreted",
                        t.describe()
                    ));
                }
                scalar(Scalar::Bool)
            }
            Expr::Call(Intrinsic::Random, _) => scalar(Scalar::Float),
            Expr::Call(f @ (Intrinsic::Uniform | Intrinsic::Gauss), args) => {
                // Python numbers alone: of numpy scalars the library's arithmetic gives
                // numpy scalars (which warn).
                for a in args {
                    let t = self.scalar(a)?;
                    if t.mixed || !matches!(t.ty, Scalar::Int | Scalar::Float) {
                        return Err(format!(
                            "{}() of {} stays interpreted",
                            f.name(),
                            t.describe()
                        ));
                    }
                }
                scalar(Scalar::Float)
            }
            Expr::Call(Intrinsic::RandInt, args) => {
                // Python ints alone: the library's `randint` of numpy ints gives numpy
                // ints, of floats raises.
                for a in args {
                    let t = self.scalar(a)?;
                    if t.mixed || t.ty != Scalar::Int {
                        return Err(format!("randint() of {} stays interpreted", t.describe()));
                    }
                }
                scalar(Scalar::Int)
            }
            Expr::Call(Intrinsic::RowList(over), args) => {
                self.row_of(args)?;
                if !matches!(&self.vars[*over], VarTy::Array(a) if a.list.is_some() && a.ndim == 1)
                {
                    return Err("a row's list variable is no list".into());
                }
                scalar(Scalar::Bool)
            }
            Expr::Call(Intrinsic::Is, _) => Err(
                "`is` stays interpreted but between two names bound to objects of one list".into(),
            ),
            Expr::Call(Intrinsic::ItemIndex, args) => {
                for a in args {
                    let t = self.scalar(a)?;
                    if !t.variants().iter().all(|t| t.is_integer() && !t.is_bool()) {
                        return Err(format!("an index of type {}", t.describe()));
                    }
                }
                scalar(Scalar::Int)
            }
            Expr::Call(Intrinsic::RowLen, args) => {
                self.row_of(args)?;
                scalar(Scalar::Int)
            }
            Expr::Call(f, args) => {
                let tys = args
                    .iter()
                    .map(|a| self.scalar(a))
                    .collect::<Result<Vec<_>>>()?;
                for t in &tys {
                    if *f == Intrinsic::Abs && t.variants().iter().all(|t| complex_operand(*t)) {
                        continue;
                    }
                    if t.ty.is_complex() {
                        return Err(format!(
                            "`{}()` of complex numbers stays interpreted",
                            f.name()
                        ));
                    }
                    if !t.variants().iter().all(|t| numeric(*t)) {
                        return Err(format!("{f:?} of {}", t.describe()));
                    }
                    if matches!(f, Intrinsic::Scratch(_)) && t.machine() != types::Machine::I64 {
                        return Err(format!(
                            "a new array with a length of {} (numpy raises TypeError) stays \
                             interpreted",
                            t.describe()
                        ));
                    }
                }
                match f {
                    Intrinsic::Math(MathFn::Floor | MathFn::Ceil) => scalar(Scalar::Int),
                    Intrinsic::Math(MathFn::Isnan | MathFn::Isinf) => scalar(Scalar::Bool),
                    Intrinsic::RowLen | Intrinsic::RandInt | Intrinsic::ItemIndex => {
                        scalar(Scalar::Int)
                    }
                    Intrinsic::RowList(_) | Intrinsic::Is => scalar(Scalar::Bool),
                    Intrinsic::Math(_)
                    | Intrinsic::Float
                    | Intrinsic::Random
                    | Intrinsic::Uniform
                    | Intrinsic::Gauss => scalar(Scalar::Float),
                    Intrinsic::Round
                        if tys[0].variants().contains(&Scalar::Np(types::Dtype::Bool)) =>
                    {
                        Err("round() of a numpy bool (numpy raises TypeError)".into())
                    }
                    Intrinsic::Int | Intrinsic::Round => scalar(Scalar::Int),
                    Intrinsic::Bool
                    | Intrinsic::IsNumpy
                    | Intrinsic::Check
                    | Intrinsic::ListAppend
                    | Intrinsic::Scratch(_)
                    | Intrinsic::Contiguous(_)
                    | Intrinsic::Zeroed(_)
                    | Intrinsic::ClearFpFlags
                    | Intrinsic::CheckFpFlags
                    | Intrinsic::FpRaised
                    | Intrinsic::NoteFp(_) => scalar(Scalar::Bool),
                    Intrinsic::Abs => map_variants(tys[0], |t| match t {
                        Scalar::Bool => Some(Scalar::Int),
                        t if t.is_complex() => Some(part_of(t)),
                        Scalar::Np(types::Dtype::Bool) => None,
                        t => Some(t),
                    })
                    .map(ExprTy::Scalar)
                    .ok_or_else(|| "abs() of a numpy bool".into()),
                    Intrinsic::Min | Intrinsic::Max => unreachable!("handled with Logic"),
                    Intrinsic::Maximum
                    | Intrinsic::Minimum
                    | Intrinsic::Copy
                    | Intrinsic::NewArray(_)
                    | Intrinsic::Gemm
                    | Intrinsic::Where
                    | Intrinsic::Select
                    | Intrinsic::Ufunc(_)
                    | Intrinsic::NpScalar(_)
                    | Intrinsic::Complex
                    | Intrinsic::Real
                    | Intrinsic::Imag
                    | Intrinsic::Conjugate
                    | Intrinsic::NpConj
                    | Intrinsic::Hypot
                    | Intrinsic::Axes(_) => unreachable!("handled above"),
                }
            }
        }
    }

    pub fn binary(&self, op: BinOp, a: ScalarTy, b: ScalarTy) -> Result<ScalarTy> {
        let mut results = Vec::new();
        for x in a.variants() {
            for y in b.variants() {
                results.push(
                    binary_result(op, x, y).ok_or_else(|| {
                        format!("{op:?} of {} and {}", x.describe(), y.describe())
                    })?,
                );
            }
        }
        let t = ScalarTy::from_variants(&results)
            .ok_or_else(|| format!("{op:?} gives different kinds of result"))?;
        if t.is_wide_float32() {
            return Err(format!(
                "{op:?} computes in float32 or in float64 depending on the values"
            ));
        }
        Ok(t)
    }
}

/// The type of `x op y`, or `None` when compiled code does not do it.
pub fn binary_result(op: BinOp, x: Scalar, y: Scalar) -> Option<Scalar> {
    if x.is_complex() || y.is_complex() {
        let arithmetic = matches!(op, BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div);
        return types::arithmetic(x, y).filter(|_| arithmetic);
    }
    if !numeric(x) || !numeric(y) {
        return None;
    }
    match op {
        BinOp::Div => types::true_divide(x, y),
        BinOp::BitAnd | BinOp::BitOr | BinOp::BitXor if x == Scalar::Bool && y == Scalar::Bool => {
            Some(Scalar::Bool)
        }
        // numpy's bool with a bool of either kind: numpy's.
        BinOp::BitAnd | BinOp::BitOr | BinOp::BitXor
            if [x, y]
                .iter()
                .all(|t| matches!(t, Scalar::Bool | Scalar::Np(types::Dtype::Bool))) =>
        {
            Some(Scalar::Np(types::Dtype::Bool))
        }
        BinOp::BitAnd | BinOp::BitOr | BinOp::BitXor | BinOp::LShift | BinOp::RShift => {
            types::arithmetic(x, y).filter(|t| t.is_integer())
        }
        _ => types::arithmetic(x, y),
    }
}

/// Every statement of the nest, those of inlined bodies included, and the parameter
/// bindings of the inlined calls.
pub fn all_statements(nest: &Nest) -> (Vec<&Stmt>, Vec<(Var, &Expr)>) {
    fn visit<'a>(stmt: &'a Stmt, stmts: &mut Vec<&'a Stmt>, binds: &mut Vec<(Var, &'a Expr)>) {
        stmt.each(&mut |s| {
            stmts.push(s);
            for e in s.exprs() {
                // `walk` reaches the arguments and results of inlined calls, not their
                // bodies: those are visited as statements.
                e.walk(&mut |e| {
                    if let Expr::Inline(inl) = e {
                        binds.extend(inl.params.iter().map(|(p, arg)| (*p, arg)));
                        for b in &inl.body {
                            visit(b, stmts, binds);
                        }
                    }
                });
            }
        });
    }
    let (mut stmts, mut binds) = (Vec::new(), Vec::new());
    visit(&nest.root, &mut stmts, &mut binds);
    (stmts, binds)
}

/// A real number compiled code computes with.
fn numeric(t: Scalar) -> bool {
    t != Scalar::Np(types::Dtype::U64) && !t.is_complex()
}

fn map_variants(t: ScalarTy, f: impl Fn(Scalar) -> Option<Scalar>) -> Option<ScalarTy> {
    let all = t
        .variants()
        .into_iter()
        .map(f)
        .collect::<Option<Vec<_>>>()?;
    ScalarTy::from_variants(&all)
}
