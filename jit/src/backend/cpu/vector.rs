//! Innermost loops several iterations at a time, in the lanes of SSE2 vectors: two
//! float64 iterations or four float32 ones ([`LaneTy`]).
//!
//! An unchecked innermost loop (`bounds` proved every subscript) with a step of 1 whose
//! body is straight-line arithmetic of one float type (element loads, stores along the
//! loop variable, scalars; for float64 also Python int sums of the loop variable, such
//! as `1.0 / (i + j + 1)`, exact because their leaves are checked to be small) first
//! runs a vector loop over groups of iterations; the scalar loop then does what is
//! left, one iteration at a time.
//!
//! Invariant: a vector iteration has no side effect until every check of all of its
//! iterations has passed. Its stores wait until then, a load of an element it stored
//! reads the stored value, and a check that fails (a non-finite value, a zero divisor,
//! a negative square root, an interrupt) sends the same group of iterations to the
//! scalar loop, which does them with the interpreter's semantics, deopts included.
//! float32 lanes compute what numpy's float32 scalars do: each operation rounded to
//! float32, so only float32 values and constants that float32 holds exactly take part.
//! Iterations are independent because every array the loop stores to has a buffer of
//! its own and is accessed only at the subscripts it is stored at. The only value
//! carried from one iteration to the next is a sum or product `s op= e`, combined lane
//! after lane in iteration order, so it is bit for bit the scalar result.

use super::bounds::AccessBase;
use super::{ForLoop, Gen};
use crate::collections::{HashMap, HashSet};
use crate::infer::VarTy;
use crate::ir::{BinOp, Expr, Intrinsic, MathFn, Stmt, StmtKind, UnaryOp, Var};
use crate::types::{Dtype, Machine, Scalar, ScalarTy};
use cranelift_codegen::ir::{
    InstBuilder, MemFlagsData, Type, Value,
    condcodes::{FloatCC, IntCC},
    types,
};

/// Integers up to this magnitude convert to a double exactly.
const EXACT_IN_F64: i64 = 1 << 53;

/// The magnitude the leaves of an integer expression computed in float64 lanes are
/// checked against on entry, and how many nodes (so at most as many leaves) it may
/// have: every partial sum then stays below 2**53, so the lanes hold Python's exact
/// integers.
const INT_LEAF_LIMIT: i64 = 1 << 48;
const INT_LEAVES: usize = 32;

/// The float type a vector loop computes in, and how many iterations a vector holds.
#[derive(Copy, Clone, Debug)]
pub(super) struct LaneTy {
    dtype: Dtype,
    machine: Machine,
    element: Type,
    vector: Type,
    count: u8,
}

const F64_LANES: LaneTy = LaneTy {
    dtype: Dtype::F64,
    machine: Machine::F64,
    element: types::F64,
    vector: types::F64X2,
    count: 2,
};

const F32_LANES: LaneTy = LaneTy {
    dtype: Dtype::F32,
    machine: Machine::F32,
    element: types::F32,
    vector: types::F32X4,
    count: 4,
};

impl LaneTy {
    fn bytes(self) -> i64 {
        i64::from(self.element.bytes())
    }

    /// Whether the constant `x` is exactly a value of this type (float32 would round
    /// most doubles, and numpy's cast of a Python float can warn).
    fn holds(self, x: f64) -> bool {
        match self.machine {
            Machine::F32 => (x as f32) as f64 == x || x.is_nan(),
            _ => true,
        }
    }
}

/// What the analysis found a loop body to be made of.
pub(super) struct VectorPlan {
    lane: LaneTy,
    /// The loop variable.
    var: Var,
    /// Variables carried from iteration to iteration as `s = s op e`.
    reductions: HashSet<Var>,
    /// Variables the loop reads but does not assign.
    invariants: HashSet<Var>,
    /// Python ints, the loop variable among them, that integer expressions read:
    /// their magnitude is checked before the vector loop runs.
    int_leaves: HashSet<Var>,
}

/// A body being generated: the lanes of what it assigned and stored so far.
#[derive(Default)]
struct Lanes {
    locals: HashMap<Var, Value>,
    /// The last value stored to each array (at its one subscript).
    stored: HashMap<Var, Value>,
    stores: Vec<(Value, Value)>,
    reductions: HashMap<Var, Value>,
    /// A mask of the lanes' width: a lane failed a check.
    failed: Option<Value>,
    /// The loop variable's values in the lanes, as floats, once needed.
    index_lanes: Option<Value>,
}

type Bases = HashMap<*const Expr, AccessBase>;

impl Gen<'_, '_> {
    /// Whether the unchecked copy of the innermost loop `l` can run vectorised, and in
    /// which lanes.
    pub(super) fn vector_plan(&self, l: &ForLoop, bases: &Bases) -> Option<VectorPlan> {
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
                            || !check.float_var(*t)
                        {
                            return None;
                        }
                        check.float(e)?;
                        reductions.insert(*t);
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
            invariants,
            int_leaves,
        })
    }

    /// Generates the vector loop for `l` from `start`; returns where the scalar loop
    /// takes over.
    pub(super) fn vector_loop(
        &mut self,
        l: &ForLoop,
        plan: &VectorPlan,
        bases: &Bases,
        start: Value,
    ) -> Value {
        let stop = l.bounds.1;
        let lane = plan.lane;
        let next = self.b.declare_var(types::I64);
        self.b.def_var(next, start);
        let header = self.b.create_block();
        let body = self.b.create_block();
        let commit = self.b.create_block();
        let out = self.b.create_block();
        // What must hold for the vector loop to run at all; otherwise the scalar loop
        // does every iteration. A step known only at run time must be 1.
        let mut entry = Vec::new();
        if self.constant(l.bounds.2).is_none() {
            entry.push(self.b.ins().icmp_imm_s(IntCC::Equal, l.bounds.2, 1));
        }
        // A variable that may be unbound is read by the scalar loop, which deopts.
        for var in &plan.invariants {
            if let Some(bound) = self.vars[*var].and_then(|s| s.bound) {
                let flag = self.b.use_var(bound);
                entry.push(self.b.ins().icmp_imm_s(IntCC::NotEqual, flag, 0));
            }
        }
        // Integer expressions are exact in float64 lanes only for small leaves: the loop
        // variable (its whole range) and the ints it is combined with.
        let mut leaves = Vec::new();
        for var in &plan.int_leaves {
            if *var == l.var {
                leaves.extend([start, stop]);
            } else {
                leaves.push(self.b.use_var(self.vars[*var].expect("a scalar").value));
            }
        }
        for x in leaves {
            let biased = self.b.ins().iadd_imm_s(x, INT_LEAF_LIMIT);
            entry.push(self.b.ins().icmp_imm_s(
                IntCC::UnsignedLessThanOrEqual,
                biased,
                2 * INT_LEAF_LIMIT,
            ));
        }
        match entry.into_iter().reduce(|a, b| self.b.ins().band(a, b)) {
            Some(ok) => self.b.ins().brif(ok, header, &[], out, &[]),
            None => self.b.ins().jump(header, &[]),
        };

        self.b.switch_to_block(header);
        let j = self.b.use_var(next);
        let last = self.b.ins().iadd_imm_s(j, i64::from(lane.count) - 1);
        let whole = self.b.ins().icmp(IntCC::SignedLessThan, last, stop);
        self.b.ins().brif(whole, body, &[], out, &[]);

        self.b.switch_to_block(body);
        if l.polls {
            // Left to the scalar loop, which hands the interrupt to the interpreter.
            let flag = self.interrupt_flag();
            let go_on = self.b.create_block();
            self.b.ins().brif(flag, out, &[], go_on, &[]);
            self.b.switch_to_block(go_on);
        }
        let mut lanes = Lanes::default();
        for stmt in l.body {
            self.vector_stmt(stmt, plan, bases, j, &mut lanes);
        }
        match lanes.failed {
            Some(mask) => {
                let bits = self.b.ins().vhigh_bits(types::I32, mask);
                self.b.ins().brif(bits, out, &[], commit, &[]);
            }
            None => {
                self.b.ins().jump(commit, &[]);
            }
        }

        self.b.switch_to_block(commit);
        let flags = MemFlagsData::new().with_notrap();
        for (address, v) in lanes.stores {
            self.b.ins().store(flags, v, address, 0);
        }
        for (var, v) in lanes.reductions {
            let ty = self.scalar_ty(var);
            self.assign(var, self.val(ty, v, None));
        }
        for (var, v) in lanes.locals {
            let ty = self.scalar_ty(var);
            let value = self.b.ins().extractlane(v, lane.count - 1);
            self.assign(var, self.val(ty, value, None));
        }
        self.assign(l.var, self.exact(Scalar::Int, last));
        let after = self.b.ins().iadd_imm_s(j, i64::from(lane.count));
        self.b.def_var(next, after);
        self.b.ins().jump(header, &[]);

        self.b.switch_to_block(out);
        self.b.use_var(next)
    }

    fn scalar_ty(&self, var: Var) -> ScalarTy {
        match &self.typing.vars[var] {
            VarTy::Scalar { ty, .. } => *ty,
            other => unreachable!("the plan holds float variables only, not {other:?}"),
        }
    }

    fn vector_stmt(
        &mut self,
        stmt: &Stmt,
        plan: &VectorPlan,
        bases: &Bases,
        j: Value,
        lanes: &mut Lanes,
    ) {
        let lane = plan.lane;
        match &stmt.kind {
            StmtKind::Assign { targets, values } => {
                if let ([t], [Expr::Binary(op, _, e)]) = (&targets[..], &values[..])
                    && plan.reductions.contains(t)
                {
                    let e = self.lanes(e, plan, bases, j, lanes);
                    let mut s = match lanes.reductions.get(t) {
                        Some(s) => *s,
                        None => self.b.use_var(self.vars[*t].expect("a scalar").value),
                    };
                    for k in 0..lane.count {
                        let x = self.b.ins().extractlane(e, k);
                        s = match op {
                            BinOp::Add => self.b.ins().fadd(s, x),
                            BinOp::Sub => self.b.ins().fsub(s, x),
                            _ => self.b.ins().fmul(s, x),
                        };
                        let all = self.b.ins().splat(lane.vector, s);
                        self.fail_unless_finite(all, lanes);
                    }
                    lanes.reductions.insert(*t, s);
                    return;
                }
                let vals: Vec<Value> = values
                    .iter()
                    .map(|v| self.lanes(v, plan, bases, j, lanes))
                    .collect();
                for v in &vals {
                    if self.floats_by_hardware() {
                        // Computed for the flags its operations raise, even if
                        // nothing reads it (a fused statement's value before its
                        // stores).
                        self.sink_vector(*v);
                    }
                    self.fail_unless_finite(*v, lanes);
                }
                for (t, v) in targets.iter().zip(vals) {
                    lanes.locals.insert(*t, v);
                }
            }
            StmtKind::Store {
                array,
                index,
                op,
                value,
            } => {
                let mut v = self.lanes(value, plan, bases, j, lanes);
                if let Some(op) = op {
                    let old = self.element_lanes(*array, index, lane, bases, j, lanes);
                    v = match op {
                        BinOp::Add => self.b.ins().fadd(old, v),
                        BinOp::Sub => self.b.ins().fsub(old, v),
                        _ => self.b.ins().fmul(old, v),
                    };
                }
                self.fail_unless_finite(v, lanes);
                let address = self.lane_address(index, lane, bases, j);
                lanes.stores.push((address, v));
                lanes.stored.insert(*array, v);
            }
            _ => {}
        }
    }

    /// The loop variable's values in the float64 lanes: the group's first iteration
    /// `j` and the next.
    fn index_lanes(&mut self, j: Value, lanes: &mut Lanes) -> Value {
        if let Some(v) = lanes.index_lanes {
            return v;
        }
        let first = self.b.ins().fcvt_from_sint(types::F64, j);
        let one = self.b.ins().f64const(1.0);
        let second = self.b.ins().fadd(first, one);
        let v = self.b.ins().splat(types::F64X2, first);
        let v = self.b.ins().insertlane(v, second, 1);
        lanes.index_lanes = Some(v);
        v
    }

    /// A constant in every lane.
    fn splat_constant(&mut self, lane: LaneTy, x: f64) -> Value {
        let c = match lane.machine {
            Machine::F32 => self.b.ins().f32const(x as f32),
            _ => self.b.ins().f64const(x),
        };
        self.b.ins().splat(lane.vector, c)
    }

    /// The lanes of a float expression the plan accepted.
    fn lanes(
        &mut self,
        e: &Expr,
        plan: &VectorPlan,
        bases: &Bases,
        j: Value,
        lanes: &mut Lanes,
    ) -> Value {
        let lane = plan.lane;
        match e {
            Expr::Float(f) => self.splat_constant(lane, *f),
            Expr::Int(i) => self.splat_constant(lane, *i as f64),
            Expr::Var(v) if *v == plan.var => self.index_lanes(j, lanes),
            Expr::Var(v) => {
                if let Some(l) = lanes.locals.get(v) {
                    return *l;
                }
                let slots = self.vars[*v].expect("a scalar");
                let x = self.b.use_var(slots.value);
                let x = match slots.ty.machine() {
                    Machine::I64 => self.b.ins().fcvt_from_sint(lane.element, x),
                    _ => x,
                };
                self.b.ins().splat(lane.vector, x)
            }
            Expr::Binary(op, a, b) => {
                let x = self.lanes(a, plan, bases, j, lanes);
                let y = self.lanes(b, plan, bases, j, lanes);
                match op {
                    BinOp::Add => self.b.ins().fadd(x, y),
                    BinOp::Sub => self.b.ins().fsub(x, y),
                    BinOp::Mul => self.b.ins().fmul(x, y),
                    _ => {
                        // Python raises, numpy warns: the scalar loop does either. (An
                        // array statement's operations are numpy's, and the hardware
                        // flags checked after its loop say whether it warns.)
                        if !self.floats_by_hardware() {
                            let zeros = self.splat_constant(lane, 0.0);
                            let z = self.b.ins().fcmp(FloatCC::Equal, y, zeros);
                            self.fail_if(z, lanes);
                            self.fail_unless_finite(y, lanes);
                        }
                        self.b.ins().fdiv(x, y)
                    }
                }
            }
            Expr::Unary(UnaryOp::Neg, a) => {
                let x = self.lanes(a, plan, bases, j, lanes);
                if self
                    .typing
                    .scalar(a)
                    .is_ok_and(|t| t.machine() == Machine::I64)
                {
                    // Python's -0 is 0: no negative zero from an integer.
                    let zeros = self.splat_constant(lane, 0.0);
                    return self.b.ins().fsub(zeros, x);
                }
                self.b.ins().fneg(x)
            }
            Expr::Unary(_, a) => self.lanes(a, plan, bases, j, lanes),
            Expr::Load(array, index) => self.element_lanes(*array, index, lane, bases, j, lanes),
            Expr::Call(Intrinsic::Math(MathFn::Sqrt), args) => {
                let x = self.lanes(&args[0], plan, bases, j, lanes);
                let zeros = self.splat_constant(lane, 0.0);
                let negative = self.b.ins().fcmp(FloatCC::LessThan, x, zeros);
                self.fail_if(negative, lanes);
                self.b.ins().sqrt(x)
            }
            Expr::Call(_, args) => {
                // fabs and abs of a float.
                let x = self.lanes(&args[0], plan, bases, j, lanes);
                self.b.ins().fabs(x)
            }
            other => unreachable!("the plan accepted {other:?}"),
        }
    }

    fn element_lanes(
        &mut self,
        array: Var,
        index: &[Expr],
        lane: LaneTy,
        bases: &Bases,
        j: Value,
        lanes: &Lanes,
    ) -> Value {
        if let Some(v) = lanes.stored.get(&array) {
            return *v;
        }
        let base = &bases[&index.as_ptr()];
        if base.induction.is_empty() {
            let x = self
                .b
                .ins()
                .load(lane.element, MemFlagsData::trusted(), base.base, 0);
            return self.b.ins().splat(lane.vector, x);
        }
        let address = self.lane_address(index, lane, bases, j);
        self.b
            .ins()
            .load(lane.vector, MemFlagsData::new().with_notrap(), address, 0)
    }

    /// The address of the element of the group's first iteration (the others follow).
    fn lane_address(&mut self, index: &[Expr], lane: LaneTy, bases: &Bases, j: Value) -> Value {
        let base = &bases[&index.as_ptr()];
        let offset = self.b.ins().imul_imm_s(j, lane.bytes());
        self.b.ins().iadd(base.base, offset)
    }

    fn fail_if(&mut self, mask: Value, lanes: &mut Lanes) {
        lanes.failed = Some(match lanes.failed {
            None => mask,
            Some(prev) => self.b.ins().bor(prev, mask),
        });
    }

    /// `v - v` is 0 for a finite lane and NaN for inf or NaN; inf and NaN carry through
    /// every operation the plan accepts, so the values a statement ends with (and each
    /// divisor) are the ones to check.
    ///
    /// Under the CPU's flags (an array statement's loops) the test is kept all the same
    /// where the flags are read before the stores (a lane that fails goes on in the
    /// scalar loop, which tests nothing): without it the loop's variables come
    /// through the stack on every iteration. A quiet run's stores test nothing.
    fn fail_unless_finite(&mut self, v: Value, lanes: &mut Lanes) {
        if self
            .loop_var
            .is_some_and(|l| self.unchecked_loops.contains(&l))
        {
            return;
        }
        let d = self.b.ins().fsub(v, v);
        let not_finite = self.b.ins().fcmp(FloatCC::Unordered, d, d);
        self.fail_if(not_finite, lanes);
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
        if a.dtype != self.lane.dtype || self.g.nest.vars[array].is_inlined() || a.list.is_some() {
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
fn reads(body: &[Stmt], var: Var) -> usize {
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
