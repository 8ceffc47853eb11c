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
//! after lane in iteration order, so it is bit for bit the scalar result; except where
//! the nest carries the fastmath grant ([`crate::ir::Nest::fastmath`]): there a sum
//! (`+=`, `-=`) is kept as one partial sum per lane, added up where the loop ends;
//! each lane is kept below an eighth of the largest float, so adding up the lanes
//! cannot overflow. A loop that carries only such sums, or nothing, does two groups
//! an iteration (the sums into sums of their own: two chains of vector additions
//! instead of one).
//!
//! What the loop keeps in registers is made just before it: the arrays' data pointers
//! read again from the frame (where the unchecked copy starts, `bounds`), the
//! invariant floats in all lanes (the scalar loop after it takes lane 0), and only the
//! flags' sink of values nothing kept is computed from. A value that lived on from
//! before the loop (past the runtime calls of a fused run's chunk loop) was kept by
//! regalloc2 in a stack slot and stored back on every iteration, which cost the fused
//! particle update a third of its time.

mod plan;

use super::bounds::AccessBase;
use super::{ForLoop, Gen};
use crate::collections::{HashMap, HashSet};
use crate::infer::VarTy;
use crate::ir::{BinOp, Expr, Intrinsic, MathFn, Stmt, StmtKind, UnaryOp, Var};
use crate::types::{Dtype, Machine, ScalarTy};
use cranelift_codegen::ir::{
    Endianness, InstBuilder, MemFlagsData, Type, Value, ValueDef,
    condcodes::{FloatCC, IntCC},
    types,
};
use cranelift_frontend::Variable;
use plan::{VectorPlan, reads};

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

/// A body being generated: the lanes of what it assigned and stored so far.
#[derive(Default)]
struct Lanes {
    locals: HashMap<Var, Value>,
    /// The last value stored to each array (at its one subscript).
    stored: HashMap<Var, Value>,
    /// Address, value and array of each store, in order.
    stores: Vec<(Value, Value, Var)>,
    reductions: HashMap<Var, Value>,
    /// The partial sums of the plan's `partial` reductions: the variable that carries
    /// each from group to group, and its value after this group's update.
    accumulators: HashMap<Var, Variable>,
    partial: HashMap<Var, Value>,
    /// A mask of the lanes' width: a lane failed a check.
    failed: Option<Value>,
    /// The loop variable's values in the lanes, as floats, once needed.
    index_lanes: Option<Value>,
    /// Invariant float variables in all lanes, made before the loop (see
    /// [`Gen::vector_loop`]).
    splats: HashMap<Var, Value>,
    /// Values assigned under the hardware's flags: sunk at the end of the body
    /// unless what the body keeps is computed from them ([`Gen::keep_computed`]).
    assigned: Vec<Value>,
}

type Bases = HashMap<*const Expr, AccessBase>;

impl Gen<'_, '_> {
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
        // The invariant floats in all lanes, made here rather than where the body
        // reads them: after the loop each such variable is given lane 0 of its vector
        // (the same bits), so the scalar value is not live across the vector loop.
        // Where it was (it is also the scalar loop's), regalloc2 kept it in a stack
        // slot at the loop's header and stored it back on every iteration.
        let mut lanes = Lanes::default();
        let mut splatted = Vec::new();
        let mut invariants: Vec<Var> = plan.invariants.iter().copied().collect();
        invariants.sort();
        for var in invariants {
            let Some(slots) = self.vars[var] else {
                continue;
            };
            if slots.ty.machine() != lane.machine || slots.bound.is_some() {
                continue;
            }
            let x = self.b.use_var(slots.value);
            let all = self.b.ins().splat(lane.vector, x);
            lanes.splats.insert(var, all);
            splatted.push((slots.value, all));
        }
        // A granted sum starts with its value in lane 0 and the identity, -0.0, in
        // the others; each lane then sums every `count`-th iteration.
        let mut partial: Vec<Var> = plan.partial.iter().copied().collect();
        partial.sort();
        // A loop whose only carried values are granted sums (a dot product, a norm),
        // or that carries none (`C[i, j] += a * B[k, j]`), does two groups an
        // iteration, each into sums of its own: one chain of vector additions waited
        // on itself, 4 cycles a group, and the loop's own work (the bound's test, the
        // checks' branch) was paid per group. Its iterations are independent (see the
        // module doc), so the second group's loads never read the first's stores,
        // which wait, with the second's, until both groups' checks passed.
        let twice = plan.reductions.iter().all(|r| plan.partial.contains(r));
        let groups: i64 = if twice { 2 } else { 1 };
        let mut second = twice.then(Lanes::default);
        for var in partial {
            let s = self.b.use_var(self.vars[var].expect("a scalar").value);
            let zero = self.splat_constant(lane, -0.0);
            let acc = self.b.ins().insertlane(zero, s, 0);
            let carried = self.b.declare_var(lane.vector);
            self.b.def_var(carried, acc);
            lanes.accumulators.insert(var, carried);
            if let Some(second) = &mut second {
                let carried = self.b.declare_var(lane.vector);
                self.b.def_var(carried, zero);
                second.accumulators.insert(var, carried);
            }
        }
        match entry.into_iter().reduce(|a, b| self.b.ins().band(a, b)) {
            Some(ok) => self.b.ins().brif(ok, header, &[], out, &[]),
            None => self.b.ins().jump(header, &[]),
        };

        self.b.switch_to_block(header);
        let j = self.b.use_var(next);
        let last = self
            .b
            .ins()
            .iadd_imm_s(j, groups * i64::from(lane.count) - 1);
        // Out when the group would pass `stop`; the body second (`Gen::branch_into_body`).
        let short = self
            .b
            .ins()
            .icmp(IntCC::SignedGreaterThanOrEqual, last, stop);
        self.b.ins().brif(short, out, &[], body, &[]);

        self.b.switch_to_block(body);
        if l.polls {
            // Left to the scalar loop, which hands the interrupt to the interpreter.
            let flag = self.interrupt_flag();
            let go_on = self.b.create_block();
            self.b.ins().brif(flag, out, &[], go_on, &[]);
            self.b.switch_to_block(go_on);
        }
        for stmt in l.body {
            self.vector_stmt(stmt, plan, bases, j, &mut lanes);
        }
        if let Some(second) = &mut second {
            second.splats = lanes.splats.clone();
            let j2 = self.b.ins().iadd_imm_s(j, i64::from(lane.count));
            for stmt in l.body {
                self.vector_stmt(stmt, plan, bases, j2, second);
            }
            if let Some(mask) = second.failed.take() {
                self.fail_if(mask, &mut lanes);
            }
            lanes.assigned.append(&mut second.assigned);
        }
        self.keep_computed(&mut lanes);
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
        let later = second.as_mut().map(|s| std::mem::take(&mut s.stores));
        for (address, v, _) in lanes.stores.into_iter().chain(later.into_iter().flatten()) {
            self.b.ins().store(flags, v, address, 0);
        }
        for (var, v) in lanes.reductions {
            self.assign(var, self.val(plan.updated[&var], v, None));
        }
        for (var, v) in &lanes.partial {
            self.b.def_var(lanes.accumulators[var], *v);
        }
        // The second group's values are the later iterations'.
        let locals = match &mut second {
            Some(second) => {
                for (var, v) in &second.partial {
                    self.b.def_var(second.accumulators[var], *v);
                }
                std::mem::take(&mut second.locals)
            }
            None => std::mem::take(&mut lanes.locals),
        };
        for (var, v) in locals {
            if !self.read_after(var, l.body) {
                continue;
            }
            let ty = self.scalar_ty(var);
            let value = self.b.ins().extractlane(v, lane.count - 1);
            self.assign(var, self.val(ty, value, None));
        }
        // The loop variable's last value is computed where the loop ends (below):
        // assigned here on every iteration, it cost a store per group.
        let var_at_end = self.read_after(l.var, l.body);
        let after = self.b.ins().iadd_imm_s(j, groups * i64::from(lane.count));
        self.b.def_var(next, after);
        self.b.ins().jump(header, &[]);

        self.b.switch_to_block(out);
        if var_at_end {
            // Where a group ran, the last iteration's value (and bound); else as it was.
            let at = self.b.use_var(next);
            let ran = self.b.ins().icmp(IntCC::NotEqual, at, start);
            let last = self.b.ins().iadd_imm_s(at, -1);
            let slots = self.vars[l.var].expect("a loop variable is a scalar");
            let before = self.b.use_var(slots.value);
            let value = self.b.ins().select(ran, last, before);
            self.b.def_var(slots.value, value);
            if let Some(bound) = slots.bound {
                let was = self.b.use_var(bound);
                let now = self.b.ins().select(ran, self.flag_set, was);
                self.b.def_var(bound, now);
            }
        }
        for (var, all) in splatted {
            let x = self.lane_value(all, lane, 0);
            self.b.def_var(var, x);
        }
        // The partial sums, added in pairs. Each lane was kept below a quarter of the
        // largest float, so these additions are finite.
        let mut accumulators: Vec<(Var, Variable)> = lanes.accumulators.into_iter().collect();
        accumulators.sort_by_key(|(var, _)| *var);
        for (var, carried) in accumulators {
            let mut accs = vec![self.b.use_var(carried)];
            if let Some(second) = &second {
                accs.push(self.b.use_var(second.accumulators[&var]));
            }
            let mut sums: Vec<Value> = Vec::new();
            for acc in accs {
                for k in 0..lane.count {
                    sums.push(self.lane_value(acc, lane, k));
                }
            }
            while sums.len() > 1 {
                sums = sums
                    .chunks(2)
                    .map(|pair| self.b.ins().fadd(pair[0], pair[1]))
                    .collect();
            }
            // Its type is the update's once a group ran (a Python float `s`
            // becomes numpy's); where none did, the sum is `s + -0.0`, `s` itself.
            let ty = self.scalar_ty(var);
            let numpy = match self.vars[var].and_then(|s| s.numpy) {
                Some(flag) => {
                    let before = self.b.use_var(flag);
                    let updated = self.flag(plan.updated[&var].ty.is_numpy());
                    let at = self.b.use_var(next);
                    let ran = self.b.ins().icmp(IntCC::NotEqual, at, start);
                    Some(self.b.ins().select(ran, updated, before))
                }
                None => None,
            };
            self.assign(var, self.val(ty, sums[0], numpy));
        }
        self.b.use_var(next)
    }

    /// Lane `k` of `v` through an integer register: `extractlane` of lane 0 is the
    /// vector's own register, a tie that made regalloc2 spill the vector inside the
    /// loop, and store and reload it on every iteration.
    fn lane_value(&mut self, v: Value, lane: LaneTy, k: u8) -> Value {
        let (bits_ty, float_ty) = match lane.machine {
            Machine::F32 => (types::I32X4, types::F32),
            _ => (types::I64X2, types::F64),
        };
        let little = MemFlagsData::new().with_endianness(Endianness::Little);
        let bits = self.b.ins().bitcast(bits_ty, little, v);
        let one = self.b.ins().extractlane(bits, k);
        self.b.ins().bitcast(float_ty, MemFlagsData::new(), one)
    }

    /// Sinks each value the body assigned that is computed for its flags alone.
    /// Cranelift keeps what a kept instruction uses: the last store to each array (an
    /// earlier one, at the same subscript, is a dead store it removes) and the check
    /// of a lane's failure; a value those are not computed from, however many
    /// statements read it, is sunk (`flags`). Sinking every value would carry the
    /// sink around the loop through the stack: one store per iteration.
    fn keep_computed(&mut self, lanes: &mut Lanes) {
        let assigned = std::mem::take(&mut lanes.assigned);
        if assigned.is_empty() {
            return;
        }
        let mut last = HashMap::default();
        for (_, v, array) in &lanes.stores {
            last.insert(*array, *v);
        }
        let mut stack: Vec<Value> = last.into_values().chain(lanes.failed).collect();
        let mut kept = HashSet::default();
        while let Some(v) = stack.pop() {
            if !kept.insert(v) {
                continue;
            }
            if let ValueDef::Result(inst, _) = self.b.func.dfg.value_def(v) {
                stack.extend_from_slice(self.b.func.dfg.inst_args(inst));
            }
        }
        for v in assigned {
            if !kept.contains(&v) {
                self.sink_vector(v);
            }
        }
    }

    /// Whether a variable the vector loop assigns may be read once it is done: it is
    /// the program's (written back when the nest ends), or read somewhere in the nest
    /// outside `body`. (Inside it a variable is assigned before it is read, or it
    /// would be carried from iteration to iteration.) One that is not is left
    /// unassigned: its last lane would otherwise be carried around the loop, through
    /// the stack, for nothing.
    fn read_after(&self, var: Var, body: &[Stmt]) -> bool {
        !self.nest.vars[var].hidden
            || reads(std::slice::from_ref(&self.nest.root), var) > reads(body, var)
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
                    && plan.partial.contains(t)
                {
                    let e = self.lanes(e, plan, bases, j, lanes);
                    let acc = match lanes.partial.get(t) {
                        Some(acc) => *acc,
                        None => self.b.use_var(lanes.accumulators[t]),
                    };
                    let acc = match op {
                        BinOp::Add => self.b.ins().fadd(acc, e),
                        _ => self.b.ins().fsub(acc, e),
                    };
                    // Each lane below an eighth of the largest float (so that adding
                    // up the lanes of both groups' sums, at most eight, cannot
                    // overflow), or the group goes to the scalar loop, which sums on
                    // from the lanes' total.
                    if !self
                        .loop_var
                        .is_some_and(|l| self.unchecked_loops.contains(&l))
                    {
                        let eight = self.splat_constant(lane, 8.0);
                        let scaled = self.b.ins().fmul(acc, eight);
                        self.fail_unless_finite(scaled, lanes);
                    }
                    lanes.partial.insert(*t, acc);
                    return;
                }
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
                        lanes.assigned.push(*v);
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
                lanes.stores.push((address, v, *array));
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
                if let Some(all) = lanes.splats.get(v) {
                    return *all;
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
