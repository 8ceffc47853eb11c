//! Which innermost loops run in vector lanes ([`VectorPlan`]): the analysis of a body
//! that [`super`]'s module doc describes, statement by statement ([`Check`]).

use super::super::{ForLoop, Gen};
use super::{Bases, EXACT_IN_F64, F32_LANES, F64_LANES, INT_LEAF_LIMIT, INT_LEAVES, LaneTy};
use crate::collections::{HashMap, HashSet};
use crate::infer::VarTy;
use crate::ir::{BinOp, Expr, Intrinsic, MathFn, Stmt, StmtKind, UnaryOp, Var};
use crate::types::{Machine, Scalar, ScalarTy};

/// What the analysis found a loop body to be made of.
pub(in crate::backend::cpu) struct VectorPlan {
    pub(super) lane: LaneTy,
    /// The loop variable.
    pub(super) var: Var,
    /// Variables carried from iteration to iteration as `s = s op e`.
    pub(super) reductions: HashSet<Var>,
    /// The reductions the nest's grant ([`crate::ir::Nest::fastmath`]) lets the loop
    /// sum in partial sums, one per lane (`+=` and `-=`), combined once it is done.
    pub(in crate::backend::cpu) partial: HashSet<Var>,
    /// The type of each reduction's update `s op e`: what `s` is once an iteration
    /// ran (a Python float `s` becomes numpy's).
    pub(super) updated: HashMap<Var, ScalarTy>,
    /// Variables the loop reads but does not assign.
    pub(super) invariants: HashSet<Var>,
    /// Python ints, the loop variable among them, that integer expressions read:
    /// their magnitude is checked before the vector loop runs.
    pub(super) int_leaves: HashSet<Var>,
}

impl Gen<'_, '_> {
    /// Whether the unchecked copy of the innermost loop `l` can run vectorised, and in
    /// which lanes.
    pub(in crate::backend::cpu) fn vector_plan(
        &self,
        l: &ForLoop,
        bases: &Bases,
    ) -> Option<VectorPlan> {
        [F64_LANES, F32_LANES]
            .into_iter()
            .find_map(|lane| self.plan_in(l, bases, lane))
    }

    fn plan_in(&self, l: &ForLoop, bases: &Bases, lane: LaneTy) -> Option<VectorPlan> {
        // A step known only at run time (the site's own loop) is checked before the
        // vector loop.
        if self.constant(l.bounds.2).is_some_and(|step| step != 1) || !l.items.is_empty() {
            return None;
        }
        let mut assigned_anywhere = HashSet::default();
        let mut stored: HashMap<Var, &[Expr]> = HashMap::default();
        for stmt in l.body {
            match &stmt.kind {
                StmtKind::Assign { targets, .. } => assigned_anywhere.extend(targets.iter()),
                StmtKind::Store { array, index, .. } => {
                    let a = self.typing.array(*array).ok()?;
                    if !a.own_buffer
                        || a.dtype != lane.dtype
                        || a.list.is_some()
                        || a.copied
                        || self.nest.vars[*array].is_inlined()
                    {
                        return None;
                    }
                    if let Some(earlier) = stored.insert(*array, index)
                        && earlier != &index[..]
                    {
                        return None;
                    }
                }
                StmtKind::Pass => {}
                _ => return None,
            }
        }
        let mut check = Check {
            g: self,
            lane,
            var: l.var,
            bases,
            stored: &stored,
            assigned_anywhere: &assigned_anywhere,
            assigned: HashSet::default(),
            invariants: HashSet::default(),
            int_leaves: HashSet::default(),
        };
        let mut reductions = HashSet::default();
        let mut partial = HashSet::default();
        let mut updated = HashMap::default();
        for stmt in l.body {
            match &stmt.kind {
                StmtKind::Assign { targets, values } => {
                    if let ([t], [Expr::Binary(op, a, e)]) = (&targets[..], &values[..])
                        && matches!(&**a, Expr::Var(s) if s == t)
                        && !check.assigned.contains(t)
                    {
                        // `s = s op e`: a reduction, if `s` is read nowhere else.
                        if !matches!(op, BinOp::Add | BinOp::Sub | BinOp::Mul)
                            || reads(l.body, *t) != 1
                            || !check.reduction_var(*t, &values[0])
                        {
                            return None;
                        }
                        check.float(e)?;
                        reductions.insert(*t);
                        updated.insert(*t, self.typing.scalar(&values[0]).ok()?);
                        if self.nest.fastmath && matches!(op, BinOp::Add | BinOp::Sub) {
                            partial.insert(*t);
                        }
                        continue;
                    }
                    for v in values {
                        check.float(v)?;
                    }
                    for t in targets {
                        if reductions.contains(t) || !check.float_var(*t) {
                            return None;
                        }
                    }
                    check.assigned.extend(targets.iter());
                }
                StmtKind::Store {
                    array,
                    index,
                    op,
                    value,
                } => {
                    check.element(*array, index)?;
                    if op.is_some_and(|op| !matches!(op, BinOp::Add | BinOp::Sub | BinOp::Mul)) {
                        return None;
                    }
                    check.float(value)?;
                }
                _ => {}
            }
        }
        // A reduction assigned once, by its update; a variable assigned twice is fine.
        if reductions.iter().any(|r| check.assigned.contains(r)) {
            return None;
        }
        let invariants = check.invariants;
        let int_leaves = check.int_leaves;
        Some(VectorPlan {
            lane,
            var: l.var,
            reductions,
            partial,
            updated,
            invariants,
            int_leaves,
        })
    }
}

/// The analysis of a loop body: which expressions have lanes.
struct Check<'c, 'a, 'f> {
    g: &'c Gen<'a, 'f>,
    lane: LaneTy,
    /// The loop variable: subscripts only.
    var: Var,
    bases: &'c Bases,
    /// Arrays stored to, with their one subscript.
    stored: &'c HashMap<Var, &'c [Expr]>,
    assigned_anywhere: &'c HashSet<Var>,
    /// Variables assigned so far in the body.
    assigned: HashSet<Var>,
    invariants: HashSet<Var>,
    int_leaves: HashSet<Var>,
}

impl Check<'_, '_, '_> {
    fn float_var(&self, v: Var) -> bool {
        // Hidden variables stand for an inlined function's, except the temporaries
        // scalarisation makes (`#...`), which live within one iteration.
        let data = &self.g.nest.vars[v];
        !data.is_inlined()
            && matches!(&self.g.typing.vars[v], VarTy::Scalar { ty, .. }
                if !ty.mixed && ty.machine() == self.lane.machine)
    }

    /// A reduction's variable: a float of the lanes' type, or a float64 that starts a
    /// Python float and becomes numpy's (`s = 0.0` then `s += a[i] * b[i]`), where
    /// the update `s op e` is of one type whatever `s` was.
    fn reduction_var(&self, v: Var, update: &Expr) -> bool {
        if self.float_var(v) {
            return true;
        }
        let data = &self.g.nest.vars[v];
        !data.is_inlined()
            && self.lane.machine == Machine::F64
            && matches!(&self.g.typing.vars[v], VarTy::Scalar { ty, .. }
                if ty.mixed && ty.machine() == Machine::F64)
            && self
                .g
                .typing
                .scalar(update)
                .is_ok_and(|t| !t.mixed && t.machine() == Machine::F64)
    }

    /// An expression of the lanes' type, or an integer leaf converted to one.
    fn float(&mut self, e: &Expr) -> Option<()> {
        let ty = self.g.typing.scalar(e).ok()?;
        if ty.mixed {
            return None;
        }
        match e {
            Expr::Int(i) => (i.unsigned_abs() <= EXACT_IN_F64 as u64 && self.lane.holds(*i as f64))
                .then_some(()),
            Expr::Float(f) => self.lane.holds(*f).then_some(()),
            Expr::Var(v) if *v == self.var => self.int(e, &mut 0),
            Expr::Var(v) if self.assigned.contains(v) => Some(()),
            // Read before this iteration assigns it: carried from the last one.
            Expr::Var(v) if self.assigned_anywhere.contains(v) => None,
            Expr::Var(v) => {
                // float32 lanes take float32 scalars only: a Python float or int
                // would be cast, which rounds (and numpy may warn).
                let ok = match (self.lane.machine, ty.machine()) {
                    (Machine::F64, Machine::F64) => true,
                    (Machine::F64, Machine::I64) => ty.ty != Scalar::Bool,
                    (lanes, m) => lanes == m,
                };
                self.invariants.insert(*v);
                ok.then_some(())
            }
            _ if ty.machine() == Machine::I64 && self.lane.machine == Machine::F64 => {
                self.int(e, &mut 0)
            }
            _ if ty.machine() != self.lane.machine => None,
            Expr::Binary(op, a, b) => {
                if !matches!(op, BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div) {
                    return None;
                }
                // int / int is Python's exact quotient, rounded once: not two roundings.
                let is_float = |e: &Expr| {
                    self.g
                        .typing
                        .scalar(e)
                        .is_ok_and(|t| t.machine() != Machine::I64)
                };
                if *op == BinOp::Div && !is_float(a) && !is_float(b) {
                    return None;
                }
                self.float(a)?;
                self.float(b)
            }
            Expr::Unary(UnaryOp::Neg | UnaryOp::Pos, a) => self.float(a),
            Expr::Load(array, index) => self.element(*array, index),
            Expr::Call(Intrinsic::Math(MathFn::Sqrt | MathFn::Fabs) | Intrinsic::Abs, args)
                if args.len() == 1 =>
            {
                self.float(&args[0])
            }
            _ => None,
        }
    }

    /// A Python int expression computed in float64 lanes: sums and differences of the
    /// loop variable, invariant ints and small constants, at most [`INT_LEAVES`] nodes
    /// (`nodes` counts them), whose leaves' magnitudes `vector_loop` checks on entry,
    /// so every value is exact.
    fn int(&mut self, e: &Expr, nodes: &mut usize) -> Option<()> {
        let ty = self.g.typing.scalar(e).ok()?;
        if ty.mixed || ty.ty != Scalar::Int || self.lane.machine != Machine::F64 {
            return None;
        }
        *nodes += 1;
        if *nodes > INT_LEAVES {
            return None;
        }
        match e {
            Expr::Int(i) => (i.unsigned_abs() <= INT_LEAF_LIMIT as u64).then_some(()),
            Expr::Var(v) if *v == self.var => {
                self.int_leaves.insert(*v);
                Some(())
            }
            Expr::Var(v) if self.assigned_anywhere.contains(v) => None,
            Expr::Var(v) => {
                self.invariants.insert(*v);
                self.int_leaves.insert(*v);
                Some(())
            }
            Expr::Binary(BinOp::Add | BinOp::Sub, a, b) => {
                self.int(a, nodes)?;
                self.int(b, nodes)
            }
            Expr::Unary(UnaryOp::Neg | UnaryOp::Pos, a) => self.int(a, nodes),
            _ => None,
        }
    }

    /// An element of the lanes' type: the same one in every lane (a subscript the loop
    /// does not change) or consecutive ones (the loop variable in one axis of unit
    /// stride).
    fn element(&mut self, array: Var, index: &[Expr]) -> Option<()> {
        let a = self.g.typing.array(array).ok()?;
        // A list's items are objects, read one at a time (`Gen::list_item`).
        // A copied list's numbers are Python's, whose operations the lanes do not have.
        if a.dtype != self.lane.dtype
            || self.g.nest.vars[array].is_inlined()
            || a.list.is_some()
            || a.copied
        {
            return None;
        }
        let base = self.bases.get(&index.as_ptr())?;
        match &base.induction[..] {
            [] => (!self.stored.contains_key(&array)).then_some(()),
            [stride] if self.g.constant(*stride) == Some(self.lane.bytes()) => {
                match self.stored.get(&array) {
                    Some(at) => (*at == index).then_some(()),
                    None => Some(()),
                }
            }
            _ => None,
        }
    }
}

/// How often a body reads `var`.
pub(super) fn reads(body: &[Stmt], var: Var) -> usize {
    let mut n = 0;
    for stmt in body {
        stmt.each(&mut |s| {
            for e in s.exprs() {
                e.walk(&mut |e| n += usize::from(*e == Expr::Var(var)));
            }
        });
    }
    n
}
