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
mod expr;

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
    /// The typing of a part of a nest already typed (a loop of it, as a nest of its
    /// own: `backend::cpu::parallel_loops`): the whole's types of its variables.
    pub fn with_vars(nest: &'a Nest, vars: SecondaryMap<Var, VarTy>) -> Self {
        Typing {
            nest,
            vars,
            untyped: Default::default(),
        }
    }

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
        if !matches!(&self.vars[*list], VarTy::Array(a) if (a.list.is_some() || a.copied) && a.ndim == 2)
        {
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
                    // A copied list's item is written back as the number stored: of
                    // the list's one kind only (`crate::list_copies`).
                    if let VarTy::Array(a) = &self.vars[*array]
                        && a.copied
                        && (stored.mixed || stored.ty != types::copied_item(a.dtype))
                    {
                        return Err(at(format!(
                            "storing {} into a list of {} copied on entry stays interpreted",
                            stored.describe(),
                            types::copied_item(a.dtype).describe()
                        )));
                    }
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
