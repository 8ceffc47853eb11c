//! Whether a nest's outer loop can run its iterations on several threads at once, and
//! how to split them.
//!
//! When the nest is compiled ([`ParallelPlan::new`]) everything that does not depend
//! on run-time values is decided: the loop must be a counted `for`, leave no way out
//! early (`break`, `return`), have no effect but stores to numpy arrays and its own
//! scalars (no lists, objects, draws, new arrays or noted warnings), keep its scalars
//! private (`scalars`), and write only arrays that share their buffer with no other
//! array of the nest. Every subscript is put in affine form (`affine`); an array
//! written with a subscript that has none, or read that way while written, keeps the
//! loop serial. What remains is the staged part ([`Staged::decide`]), run at each
//! entry with the values in the frame (`staged`): the loops' intervals from their
//! bounds, every subscript shown non-negative over them (a negative one would count
//! from the end, which the forms do not model; one past the end hands back, which the
//! parallel run treats as a failure), the inner loops that must run shown to, and the
//! dependence tests (`dependence`) between every write and every other access of its
//! array. A later entry with other values gets its own decision (ALPyNA's staged
//! analysis, decided per entry rather than guarded).
//!
//! Invariant: "parallel" means no iteration of the outer loop reads or writes an
//! element another iteration writes, every scalar an iteration reads it assigned
//! itself first, and every scalar it assigns is assigned in every iteration (so the
//! last iteration's values are the loop's). What the parallel run may still do
//! differently from the serial one, a check failing in some iteration, is the
//! runner's to undo (`backend::cpu::threads`).

use super::affine::{Poly, Sym, Symbols};
use super::scalars::{self, Carried};
use crate::collections::{HashMap, HashSet};
use crate::infer::{Typing, VarTy};
use crate::ir::{Expr, Intrinsic, Nest, Stmt, StmtKind, Var};
use crate::types::{Dtype, Scalar};

/// Why a function compiled whole is not split as one loop: its own loops are
/// (`backend::cpu::parallel_loops`), each reported on its own.
pub const FUNCTION_WHOLE: &str =
    "a function compiled whole: tier 2 splits the loops in its body, not the call";

/// What compiling found about running the outer loop in parallel.
#[derive(Clone, Debug)]
pub struct ParallelPlan {
    /// The staged tests, or why the loop runs serially whatever the values.
    pub verdict: Result<Staged, String>,
}

/// A loop statement of the nest (the outer loop is the first).
#[derive(Clone, Debug)]
pub(super) struct LoopStmt {
    /// Its variable's symbol (an index into the loop variables); `None` for a `while`.
    pub(super) var: Option<usize>,
    pub(super) start: Option<Poly>,
    pub(super) stop: Option<Poly>,
    pub(super) step: Option<i64>,
    pub(super) line: u32,
    pub(super) text: String,
}

/// An element access: `array[subscripts]`, each subscript's form (`None`: not affine).
#[derive(Clone, Debug)]
pub(super) struct Access {
    pub(super) array: Var,
    pub(super) write: bool,
    pub(super) subscripts: Vec<Option<Poly>>,
    pub(super) line: u32,
    pub(super) text: String,
}

/// The part of the decision that needs the values seen at entry.
#[derive(Clone, Debug)]
pub struct Staged {
    pub(super) loops: Vec<LoopStmt>,
    /// Per loop variable: the loop statements that run it.
    pub(super) var_loops: Vec<Vec<usize>>,
    pub(super) var_names: Vec<String>,
    pub(super) accesses: Vec<Access>,
    pub(super) must_run: Vec<usize>,
    /// Each loop's innermost enclosing loop (the outer loop's own: itself).
    pub(super) parents: Vec<usize>,
    /// For each loop in the body of a function inlined into the nest, the loop around
    /// the call (its iterations count as a `while`'s in the work).
    pub(super) inlined_loops: Vec<usize>,
    /// The arrays the nest stores into.
    pub written: Vec<Var>,
    /// Its reductions, which a parallel run splits into partial results.
    pub reductions: Vec<Reduction>,
}

/// A scalar the outer loop reduces into: Python ints exactly (their partial results
/// overflow-checked), floats only under a grant.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Reduction {
    pub var: Var,
    pub op: ReductionOp,
    /// A Python float or a float64 (else a Python int).
    pub float: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReductionOp {
    /// `s = s + e`: partial sums from 0, added in order.
    Add,
    /// `s = s - e`: partial results from 0, added in order.
    Sub,
    /// `s = s * e`: partial products from 1, multiplied in order.
    Mul,
    /// `s = max(s, e)` of Python ints: partial maxima from the smallest i64.
    Max,
    /// `s = min(s, e)` of Python ints: partial minima from the largest i64.
    Min,
}

impl ParallelPlan {
    pub fn new(nest: &Nest, typing: &Typing) -> ParallelPlan {
        ParallelPlan {
            verdict: Staged::new(nest, typing, None),
        }
    }

    /// The plan of a loop in the body of a function compiled whole, as a nest of its
    /// own (`backend::cpu::parallel_loops`): of the scalars it assigns, only those in
    /// `read_after` (named by the function's statements after it) are seen after it.
    pub fn for_function_loop(
        nest: &Nest,
        typing: &Typing,
        read_after: &HashSet<Var>,
    ) -> ParallelPlan {
        ParallelPlan {
            verdict: Staged::new(nest, typing, Some(read_after)),
        }
    }
}

struct NestSymbols<'a> {
    loop_vars: &'a HashMap<Var, usize>,
    invariant: &'a HashSet<Var>,
    arrays: &'a HashSet<Var>,
}

impl Symbols for NestSymbols<'_> {
    fn loop_index(&self, var: Var) -> Option<usize> {
        self.loop_vars.get(&var).copied()
    }
    fn is_invariant_int(&self, var: Var) -> bool {
        self.invariant.contains(&var)
    }
    fn is_fixed_array(&self, var: Var) -> bool {
        self.arrays.contains(&var)
    }
}

/// Why an expression keeps the loop serial, if it does; `stored`: the arrays the nest
/// stores into.
fn unsafe_expr(e: &Expr, stored: &HashSet<Var>) -> Option<String> {
    let mut why = None;
    e.walk(&mut |e| {
        if why.is_some() {
            return;
        }
        why = match e {
            Expr::Call(f, _) => match f {
                Intrinsic::ListAppend | Intrinsic::RowLen | Intrinsic::RowList(_) => {
                    Some("it reads or changes Python lists".into())
                }
                Intrinsic::ItemIndex | Intrinsic::Is => Some("it works on Python objects".into()),
                Intrinsic::Random | Intrinsic::RandInt | Intrinsic::Uniform | Intrinsic::Gauss => {
                    Some("it draws random numbers, one after another from one generator".into())
                }
                Intrinsic::NoteFp(_) => {
                    Some("numpy's warnings of its array statements are noted as they run".into())
                }
                Intrinsic::Scratch(_)
                | Intrinsic::Copy
                | Intrinsic::NewArray(_)
                | Intrinsic::Gemm
                | Intrinsic::Zeroed(_) => Some("it makes new arrays".into()),
                _ => None,
            },
            // A call is the iteration's own: its variables are assigned by each call
            // (its loops' too), and it may read arrays the nest never stores into.
            Expr::Inline(inl) => {
                // Its parameters bound to such arrays stand for them.
                let mut stored = stored.clone();
                for (param, arg) in &inl.params {
                    if let Expr::Var(a) = arg
                        && stored.contains(a)
                    {
                        stored.insert(*param);
                    }
                }
                let check = |e: &Expr| unsafe_expr(e, &stored).or_else(|| reads_stored(e, &stored));
                let mut inner = None;
                for s in &inl.body {
                    s.each(&mut |s| {
                        if inner.is_none() {
                            inner = match &s.kind {
                                StmtKind::Store { .. } => {
                                    Some("a function inlined into it stores into arrays".into())
                                }
                                StmtKind::For { items, .. } if !items.is_empty() => Some(
                                    "a function inlined into it loops over the items of an array"
                                        .into(),
                                ),
                                _ => s.exprs().into_iter().find_map(check),
                            };
                        }
                    });
                }
                inner.or_else(|| check(&inl.result))
            }
            _ => None,
        };
    });
    why
}

/// Why an inlined body's array reads keep the loop serial, if they do: one of an
/// array the nest stores into (`stored`: directly, or through a parameter bound to it)
/// may see another iteration's store; a view's product or sum is not looked into.
fn reads_stored(e: &Expr, stored: &HashSet<Var>) -> Option<String> {
    let mut found = false;
    e.walk(&mut |e| match e {
        Expr::Load(a, _) => found |= stored.contains(a),
        Expr::Dot(..) | Expr::Sum(..) => found = true,
        _ => {}
    });
    found.then(|| "a function inlined into it reads an array the loop stores into".into())
}

impl Staged {
    fn new(
        nest: &Nest,
        typing: &Typing,
        read_after: Option<&HashSet<Var>>,
    ) -> Result<Staged, String> {
        let StmtKind::For {
            var: root_var,
            body,
            ..
        } = &nest.root.kind
        else {
            return Err("it is a `while` loop, whose iterations are not counted in advance".into());
        };
        let name = |v: Var| nest.vars[v].name.clone();
        if name(*root_var) == crate::ir::CALL_VAR {
            return Err(FUNCTION_WHOLE.into());
        }
        // Effects and exits.
        let mut stored: HashSet<Var> = HashSet::default();
        nest.root.each(&mut |s| {
            if let StmtKind::Store { array, .. } = &s.kind {
                stored.insert(*array);
            }
        });
        let mut why = None;
        nest.root.each(&mut |s| {
            if why.is_some() {
                return;
            }
            why = match &s.kind {
                StmtKind::Return(_) => {
                    Some(format!("a `return` at line {} may end it early", s.line))
                }
                StmtKind::Assign { targets, .. } => targets
                    .iter()
                    .find(|t| matches!(typing.vars[**t], VarTy::Array(_)))
                    .map(|t| format!("it binds the array `{}` anew", name(*t))),
                _ => None,
            }
            .or_else(|| s.exprs().into_iter().find_map(|e| unsafe_expr(e, &stored)));
        });
        if let Some(why) = why {
            return Err(why);
        }
        if let Some(line) = breaks_out(body) {
            return Err(format!("a `break` at line {line} may end it early"));
        }
        for (v, ty) in typing.vars.iter() {
            match ty {
                VarTy::Array(a) if a.list.is_some() => {
                    return Err(format!(
                        "it reads the list `{}` in place, which only one thread may",
                        name(v)
                    ));
                }
                VarTy::Other(_) => {
                    return Err(format!("`{}` is no number or array", name(v)));
                }
                _ => {}
            }
        }
        // Which variables are what.
        let mut assigned: HashSet<Var> = HashSet::default();
        let mut loop_vars: HashMap<Var, usize> = HashMap::default();
        let mut var_names = Vec::new();
        let mut for_vars = Vec::new();
        nest.root.each(&mut |s| match &s.kind {
            StmtKind::Assign { targets, .. } => assigned.extend(targets.iter().copied()),
            StmtKind::For { var, items, .. } => {
                for_vars.push(*var);
                assigned.extend(items.iter().map(|(t, _)| *t));
            }
            _ => {}
        });
        for v in &for_vars {
            if !assigned.contains(v) && !loop_vars.contains_key(v) {
                loop_vars.insert(*v, var_names.len());
                var_names.push(name(*v));
            }
        }
        if loop_vars.get(root_var) != Some(&0)
            || for_vars.iter().filter(|v| *v == root_var).count() > 1
        {
            return Err(format!("`{}` is assigned inside the loop", name(*root_var)));
        }
        assigned.extend(for_vars.iter().copied());
        let is_int = |v: Var| matches!(typing.vars[v], VarTy::Scalar { ty, maybe_unbound: false } if ty.ty.is_integer() && !ty.mixed);
        let invariant: HashSet<Var> = nest
            .vars
            .keys()
            .filter(|v| !assigned.contains(v) && is_int(*v))
            .collect();
        let arrays: HashSet<Var> = nest
            .vars
            .keys()
            .filter(|v| matches!(typing.vars[*v], VarTy::Array(_)))
            .collect();
        let symbols = NestSymbols {
            loop_vars: &loop_vars,
            invariant: &invariant,
            arrays: &arrays,
        };
        let show = |p: &Option<Poly>| -> String {
            match p {
                Some(p) => p.show(&|s| match s {
                    Sym::Loop(k) => var_names[k].clone(),
                    Sym::Var(v) => name(v),
                    Sym::Shape(v, axis) => format!("{}.shape[{axis}]", name(v)),
                    Sym::Len(v) => format!("len({})", name(v)),
                }),
                None => "...".into(),
            }
        };
        // Loops and accesses, in statement order.
        let mut loops = Vec::new();
        let mut loop_index: HashMap<crate::ir::Point, usize> = HashMap::default();
        let mut accesses = Vec::new();
        let step_of = |e: &Expr| match e {
            Expr::Int(c) if *c != 0 => Some(*c),
            Expr::Unary(crate::ir::UnaryOp::Neg, a) => match **a {
                Expr::Int(c) if c != 0 => Some(-c),
                _ => None,
            },
            _ => None,
        };
        let mut add_access = |array: Var, subs: &[Expr], write: bool, line: u32| {
            let subscripts: Vec<Option<Poly>> =
                subs.iter().map(|e| Poly::of(e, &symbols)).collect();
            let text = format!(
                "{}[{}]",
                name(array),
                subscripts.iter().map(show).collect::<Vec<_>>().join(", ")
            );
            accesses.push(Access {
                array,
                write,
                subscripts,
                line,
                text,
            });
        };
        nest.root.each(&mut |s| {
            match &s.kind {
                StmtKind::For {
                    var,
                    start,
                    stop,
                    step,
                    items,
                    ..
                } => {
                    loop_index.insert(s.point, loops.len());
                    let (start, stop) = (Poly::of(start, &symbols), Poly::of(stop, &symbols));
                    let text = format!(
                        "for {} in range({}, {})",
                        name(*var),
                        show(&start),
                        show(&stop)
                    );
                    loops.push(LoopStmt {
                        var: loop_vars.get(var).copied(),
                        start,
                        stop,
                        step: step_of(step),
                        line: s.line,
                        text,
                    });
                    for (_, array) in items {
                        add_access(*array, &[Expr::Var(*var)], false, s.line);
                    }
                }
                StmtKind::While { .. } => {
                    loops.push(LoopStmt {
                        var: None,
                        start: None,
                        stop: None,
                        step: None,
                        line: s.line,
                        text: "while".into(),
                    });
                }
                StmtKind::Store {
                    array, index, op, ..
                } => {
                    add_access(*array, index, true, s.line);
                    if op.is_some() {
                        add_access(*array, index, false, s.line);
                    }
                }
                _ => {}
            }
            for e in s.exprs() {
                e.walk(&mut |e| match e {
                    Expr::Load(array, index) if arrays.contains(array) => {
                        let ndim = match typing.vars[*array] {
                            VarTy::Array(a) => a.ndim as usize,
                            _ => 0,
                        };
                        if index.len() == ndim {
                            add_access(*array, index, false, s.line);
                        } else {
                            add_access(*array, &[Expr::Float(0.0)], false, s.line);
                        }
                    }
                    Expr::Dot(views, _) => {
                        for view in views.iter() {
                            add_access(view.array, &[Expr::Float(0.0)], false, s.line);
                        }
                    }
                    Expr::Sum(view, _) => {
                        add_access(view.array, &[Expr::Float(0.0)], false, s.line)
                    }
                    _ => {}
                });
            }
        });
        // Written arrays (the `Store`s' above): their own buffers, and every access of
        // them affine.
        let written: Vec<Var> = {
            let mut w: Vec<Var> = stored.iter().copied().collect();
            w.sort();
            w
        };
        for w in &written {
            if let VarTy::Array(a) = typing.vars[*w]
                && !a.own_buffer
            {
                return Err(format!(
                    "`{}` is stored into and shares its memory with another array of the loop",
                    name(*w)
                ));
            }
            if let Some(a) = accesses
                .iter()
                .find(|a| a.array == *w && a.subscripts.iter().any(|s| s.is_none()))
            {
                return Err(format!(
                    "`{}` is stored into, and {} at line {} has a subscript that is no affine \
                     form of the loop variables",
                    name(*w),
                    a.text,
                    a.line
                ));
            }
        }
        // Scalars.
        let scalar = |v: Var| matches!(typing.vars[v], VarTy::Scalar { .. });
        let visible = |v: Var| !nest.vars[v].hidden && read_after.is_none_or(|r| r.contains(&v));
        let roles = scalars::roles(body, *root_var, &scalar, &visible, &|s: &Stmt| {
            loop_index.get(&s.point).copied()
        });
        if let Some((v, why)) = roles.carried {
            let v = name(v);
            return Err(match why {
                Carried::ReadFirst(line) => format!(
                    "`{v}` is read at line {line} before the iteration assigns it: it carries a \
                     value from one iteration to the next"
                ),
                Carried::SometimesAssigned => format!(
                    "`{v}` is not assigned on every path through an iteration: which \
                     iteration's value it holds after the loop depends on the order they run in"
                ),
            });
        }
        let granted = nest.fastmath || nest.granted.contains(&nest.root.point);
        let mut reductions = Vec::new();
        for (v, op, line) in roles.reductions {
            let serial = |why: &str| {
                Err(format!(
                    "`{}` is a reduction (`{op}` at line {line}) across its iterations, {why}",
                    name(v)
                ))
            };
            let VarTy::Scalar { ty, .. } = typing.vars[v] else {
                return serial("of no number type");
            };
            let variants = ty.variants();
            let float = if variants
                .iter()
                .all(|s| matches!(s, Scalar::Float | Scalar::Np(Dtype::F64)))
            {
                true
            } else if variants == [Scalar::Int] {
                false
            } else if variants
                .iter()
                .any(|s| matches!(s, Scalar::Np(d) if d.is_int()))
            {
                return serial(
                    "which stays serial: a numpy integer wraps, with its warning, at an \
                     iteration that depends on the order",
                );
            } else {
                return serial("which stays serial for its type");
            };
            let op = match op {
                "+" => ReductionOp::Add,
                "-" => ReductionOp::Sub,
                "*" => ReductionOp::Mul,
                "max" if !float => ReductionOp::Max,
                "min" if !float => ReductionOp::Min,
                _ => {
                    return serial(
                        "which stays serial (a float's max or min depends on the order where \
                         a NaN meets it)",
                    );
                }
            };
            if float && !granted {
                return serial(
                    "which stays serial (reassociating a float reduction needs a grant: \
                     prange, parallel=True or fastmath)",
                );
            }
            reductions.push(Reduction { var: v, op, float });
        }
        let mut var_loops = vec![Vec::new(); var_names.len()];
        for (k, l) in loops.iter().enumerate() {
            if let Some(v) = l.var {
                var_loops[v].push(k);
            }
        }
        if let Some(a) = stored_over_unknown(&loops, var_names.len(), &accesses, &written) {
            return Err(format!(
                "{} at line {} reads a loop variable whose loop's bounds are no affine form",
                a.text, a.line
            ));
        }
        let mut parents = Vec::with_capacity(loops.len());
        loop_parents(std::slice::from_ref(&nest.root), 0, &mut parents);
        debug_assert_eq!(parents.len(), loops.len());
        let mut inlined_loops = Vec::new();
        inlined_loop_parents(
            std::slice::from_ref(&nest.root),
            0,
            &mut 0,
            &mut inlined_loops,
        );
        Ok(Staged {
            parents,
            inlined_loops,
            loops,
            var_loops,
            var_names,
            accesses,
            must_run: roles.must_run.into_iter().collect(),
            written,
            reductions,
        })
    }
}

/// A store whose subscript reads the variable of an inner loop with bounds of no
/// affine form (or bounds that read such a variable): the staged tests never know
/// what it ranges over, so they would refuse it at every entry. Decided here, the
/// loop is refused before it is compiled, and the loops inside it are offered to
/// tier 2 on their own (a time loop around an array statement over `a.shape`).
fn stored_over_unknown<'a>(
    loops: &[LoopStmt],
    nvars: usize,
    accesses: &'a [Access],
    written: &[Var],
) -> Option<&'a Access> {
    let mut unknown = vec![false; nvars];
    // Twice: a variable of several loops may be made unknown by a later one.
    for _ in 0..2 {
        for l in loops.iter().skip(1) {
            let Some(v) = l.var else { continue };
            let reads_unknown = |p: &Option<Poly>| {
                p.as_ref()
                    .is_none_or(|p| p.loops().any(|s| s == v || unknown[s]))
            };
            if l.step.is_none() || reads_unknown(&l.start) || reads_unknown(&l.stop) {
                unknown[v] = true;
            }
        }
    }
    accesses
        .iter()
        .filter(|a| written.contains(&a.array))
        .find(|a| {
            a.subscripts
                .iter()
                .flatten()
                .any(|s| s.loops().any(|v| unknown[v]))
        })
}

/// Each loop statement's innermost enclosing loop, in statement order (as
/// `Stmt::each` visits them; the outer loop is its own parent).
fn loop_parents(body: &[Stmt], parent: usize, out: &mut Vec<usize>) {
    for s in body {
        match &s.kind {
            StmtKind::For { body, .. } | StmtKind::While { body, .. } => {
                let me = out.len();
                out.push(parent);
                loop_parents(body, me, out);
            }
            StmtKind::If { then, orelse, .. } => {
                loop_parents(then, parent, out);
                loop_parents(orelse, parent, out);
            }
            _ => {}
        }
    }
}

/// For each loop in the body of a function inlined into a statement of `body`, the
/// index of the nest's loop around the statement (`parent` where there is none
/// inside `body`), the nest's loops numbered as [`loop_parents`] numbers them from
/// `next`.
fn inlined_loop_parents(body: &[Stmt], parent: usize, next: &mut usize, out: &mut Vec<usize>) {
    for s in body {
        for e in s.exprs() {
            inlined_loops_of(e, parent, out);
        }
        match &s.kind {
            StmtKind::For { body, .. } | StmtKind::While { body, .. } => {
                let me = *next;
                *next += 1;
                inlined_loop_parents(body, me, next, out);
            }
            StmtKind::If { then, orelse, .. } => {
                inlined_loop_parents(then, parent, next, out);
                inlined_loop_parents(orelse, parent, next, out);
            }
            _ => {}
        }
    }
}

/// Pushes `parent` for each loop in the body of a call inlined into `e`, or into a
/// call inlined into that body, and so on.
fn inlined_loops_of(e: &Expr, parent: usize, out: &mut Vec<usize>) {
    e.walk(&mut |e| {
        if let Expr::Inline(inl) = e {
            for t in &inl.body {
                t.each(&mut |t| {
                    if matches!(t.kind, StmtKind::For { .. } | StmtKind::While { .. }) {
                        out.push(parent);
                    }
                    for e in t.exprs() {
                        inlined_loops_of(e, parent, out);
                    }
                });
            }
        }
    });
}

/// The line of a `break` that leaves the outer loop (not one of an inner loop's).
fn breaks_out(body: &[Stmt]) -> Option<u32> {
    for s in body {
        match &s.kind {
            StmtKind::Break => return Some(s.line),
            StmtKind::If { then, orelse, .. } => {
                if let Some(l) = breaks_out(then).or_else(|| breaks_out(orelse)) {
                    return Some(l);
                }
            }
            _ => {}
        }
    }
    None
}
