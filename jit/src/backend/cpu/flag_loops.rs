//! Innermost loops whose numpy float operations the CPU's flags check, with the
//! checked copy to fall back on.
//!
//! Compiled code gives numpy's floating-point warnings by testing each numpy float
//! result for being finite and handing the statement back where an operation made an
//! inf or a NaN (`expr::settle_float_flags`). In a loop of a dozen float operations
//! those tests, and the operands they keep alive for the cold test, cost more than the
//! arithmetic. numpy itself reads the CPU's sticky flags instead, and so can a loop
//! that may run again from its start:
//!
//! 1. before the loop, every element the body stores into is read (the body stores
//!    only into arrays, not lists or objects' attributes, at subscripts the loop does
//!    not move, proven in bounds: an accumulator `acc[i, 0] += ...`), every variable
//!    the body assigns is taken as it is, and the flags are cleared;
//! 2. the loop runs with no value tested (`Gen::floats_by_hardware`), its values
//!    that nothing reads kept computed by the sinks;
//! 3. after it (and before any hand-back from inside it) the flags are read: where
//!    divide, overflow or invalid was raised, the elements are written back, the
//!    variables take the values they had, and the loop runs from its start again in
//!    the copy that tests every value, which hands back at the statement and
//!    iteration numpy warns at, as before.
//!
//! Invariant: nothing the loop does before the flags are read is seen by anyone but
//! the loop itself: its only effects are the stores undone in step 3 and its own
//! variables, and every way out of it (the end of the range, `break`, a hand-back)
//! passes the test of the flags first. So the body holds only arithmetic, element
//! loads and stores at fixed elements, pure math functions and control flow inside
//! it (no call that stores, draws or allocates, no inlined body, no inner loop).

use super::{ForLoop, Gen};
use crate::infer::VarTy;
use crate::ir::{Expr, Intrinsic, Stmt, StmtKind, Var};
use cranelift_codegen::ir::{
    Block, InstBuilder, MemFlagsData, StackSlot, StackSlotData, StackSlotKind, Value,
    condcodes::IntCC, types,
};
use cranelift_frontend::Variable;

/// Below this span of the loop variable (iterations, for a step of one) the checked
/// copy runs: clearing and reading the flags are two calls, which cost what a few
/// iterations' tests do.
const MIN_SPAN: i64 = 24;

/// The loop being generated under the flags: the hand-backs from inside it, to fill
/// once it is done (`Gen::exit_block` sends them through `Gen::guarded_exit`).
pub(super) struct FlagGuard {
    /// `(guard, exit)`: the block a hand-back jumps to, and the exit it goes on to
    /// where no flag was raised.
    pub(super) guards: Vec<(Block, Block)>,
}

impl Gen<'_, '_> {
    /// Whether the innermost loop `l`, whose subscripts were proven in bounds, may run
    /// under the flags (see the module doc).
    pub(super) fn flag_checks_fit(&self, l: &ForLoop) -> bool {
        if !kiln_numeric::fpstatus::HARDWARE
            || self.floats_by_hardware()
            || self.inlining > 0
            || self.journal.is_some()
            || self.flag_guard.is_some()
            || self.moves_arrays(l.body)
        {
            return false;
        }
        let array = |v: Var| matches!(self.typing.vars[v], VarTy::Array(_));
        if l.items.iter().any(|(_, a)| !array(*a)) {
            return false;
        }
        let mut fits = true;
        let mut float_loads = false;
        for stmt in l.body {
            stmt.each(&mut |s| {
                match &s.kind {
                    StmtKind::Assign { targets, .. } => {
                        fits &= targets
                            .iter()
                            .all(|t| matches!(self.typing.vars[*t], VarTy::Scalar { .. }));
                    }
                    StmtKind::Store { array: a, index, .. } => {
                        // An array's own element, which step 1 reads and step 3
                        // writes back as bits: not a list's item or an object's
                        // attribute (their descriptors hold objects or the addresses
                        // of values, whose bits are not the number stored).
                        let element = matches!(&self.typing.vars[*a],
                            VarTy::Array(t) if t.dtype.size() <= 8 && t.list.is_none());
                        fits &= element
                            && self
                                .access_bases
                                .get(&index.as_ptr())
                                .is_some_and(|b| b.induction.is_empty());
                    }
                    StmtKind::If { .. }
                    | StmtKind::Break
                    | StmtKind::Continue
                    | StmtKind::Pass => {}
                    StmtKind::For { .. } | StmtKind::While { .. } | StmtKind::Return(_) => {
                        fits = false
                    }
                }
                for e in s.exprs() {
                    e.walk(&mut |e| match e {
                        Expr::Int(_)
                        | Expr::Float(_)
                        | Expr::Bool(_)
                        | Expr::Var(_)
                        | Expr::Binary(..)
                        | Expr::Unary(..)
                        | Expr::Compare(..)
                        | Expr::Logic(..)
                        | Expr::IfExp(..) => {}
                        Expr::Load(a, _) => {
                            let ok = matches!(&self.typing.vars[*a], VarTy::Array(t) if t.dtype.is_float());
                            float_loads |= ok;
                            fits &= ok || array(*a);
                        }
                        Expr::Shape(a, _) | Expr::Len(a) => fits &= array(*a),
                        Expr::Call(f, _) => fits &= pure(*f),
                        _ => fits = false,
                    });
                }
            });
        }
        fits && float_loads
    }

    /// Generates `l` under the flags, falling back to the copy that tests every value
    /// where they were raised; leaves the builder at the start of that copy, which the
    /// caller generates (reached also where the loop is too short to pay for the
    /// flags). The bases of the loop's accesses are set up (`access_bases`).
    pub(super) fn flag_checked_loop(&mut self, l: &ForLoop) -> Result<(), String> {
        let (start, stop, step) = l.bounds;
        let flagged = self.b.create_block();
        let checked = self.b.create_block();
        let after = self.b.create_block();
        let restore = self.b.create_block();
        self.b.set_cold_block(restore);
        let up = self.b.ins().icmp_imm_s(IntCC::SignedGreaterThan, step, 0);
        let rising = self.b.ins().isub(stop, start);
        let falling = self.b.ins().isub(start, stop);
        let span = self.b.ins().select(up, rising, falling);
        let long = self
            .b
            .ins()
            .icmp_imm_s(IntCC::SignedGreaterThanOrEqual, span, MIN_SPAN);
        self.b.ins().brif(long, flagged, &[], checked, &[]);

        self.b.switch_to_block(flagged);
        // Every float the loop takes from before it goes through a stack slot around
        // the calls that clear and read the flags: a float live across a call is
        // spilled (no float register survives one), and regalloc2 then kept the
        // loop's accumulators on the stack through every iteration too.
        let taken = self.taken_variables(l);
        let before = self.park_in_slots(&taken);
        let saved = self.saved_elements(l.body);
        self.clear_fp_flags();
        self.take_from_slots(&before);
        self.flag_guard = Some(FlagGuard { guards: Vec::new() });
        self.hardware_loops += 1;
        self.flag_loops += 1;
        let generated = self.emit_for(&ForLoop {
            done: after,
            broke: after,
            ..*l
        });
        self.hardware_loops -= 1;
        let guard = self.flag_guard.take().expect("set above");
        generated?;

        self.b.switch_to_block(after);
        let sunk = self.sunk();
        let out: Vec<(Variable, Value)> = taken
            .iter()
            .map(|(var, _)| (*var, self.b.use_var(*var)))
            .collect();
        let out = self.park_in_slots(&out);
        let raised = self.raised(sunk);
        let kept = self.b.create_block();
        self.b.ins().brif(raised, restore, &[], kept, &[]);
        self.b.switch_to_block(kept);
        self.take_from_slots(&out);
        self.b.ins().jump(l.done, &[]);
        for (block, exit) in guard.guards {
            self.b.switch_to_block(block);
            // The values the iteration assigned before the hand-back, computed before
            // the flags are read: Cranelift would otherwise compute one only where the
            // exit writes it back, after the read.
            let sunk = self.b.use_var(self.sinks.0);
            let raised = self.raised(sunk);
            self.b.ins().brif(raised, restore, &[], exit, &[]);
        }

        self.b.switch_to_block(restore);
        for (address, old) in saved {
            self.b.ins().store(MemFlagsData::new(), old, address, 0);
        }
        for (var, value) in &taken {
            self.b.def_var(*var, *value);
        }
        self.take_from_slots(&before);
        self.b.ins().jump(checked, &[]);
        self.b.switch_to_block(checked);
        Ok(())
    }

    /// Where a hand-back from inside the loop under the flags goes instead of `exit`:
    /// a block that reads the flags first (filled when the loop is done).
    pub(super) fn guarded_exit(&mut self, exit: Block) -> Block {
        let Some(guard) = &mut self.flag_guard else {
            return exit;
        };
        if let Some((block, _)) = guard.guards.iter().find(|(_, e)| *e == exit) {
            return *block;
        }
        let block = self.b.create_block();
        self.b.set_cold_block(block);
        let guard = self.flag_guard.as_mut().expect("matched above");
        guard.guards.push((block, exit));
        block
    }

    /// [`Gen::fp_flags_raised`] as an i8, for a branch.
    fn raised(&mut self, sunk: Value) -> Value {
        let r = self.fp_flags_raised(sunk);
        self.b.ins().icmp_imm_s(IntCC::NotEqual, r, 0)
    }

    /// The Cranelift variables the loop may define (its variable's, its items', those
    /// of the variables its body assigns, the forwarded element's), each with its
    /// value now.
    pub(super) fn taken_variables(&mut self, l: &ForLoop) -> Vec<(Variable, Value)> {
        let mut vars: Vec<Var> = vec![l.var];
        vars.extend(l.items.iter().map(|(t, _)| *t));
        for stmt in l.body {
            stmt.each(&mut |s| match &s.kind {
                StmtKind::Assign { targets, .. } => vars.extend(targets.iter().copied()),
                StmtKind::For { var, items, .. } => {
                    vars.push(*var);
                    vars.extend(items.iter().map(|(t, _)| *t));
                }
                _ => {}
            });
        }
        vars.sort();
        vars.dedup();
        let mut variables = Vec::new();
        for v in vars {
            if let Some(slots) = self.vars[v] {
                variables.push(slots.value);
                variables.extend(slots.numpy);
                variables.extend(slots.bound);
            }
        }
        variables.extend(self.forwarded.as_ref().map(|f| f.var));
        variables
            .into_iter()
            .map(|var| (var, self.b.use_var(var)))
            .collect()
    }

    /// Stores each float value in a stack slot of its own (an integer may stay in a
    /// register the calls keep, and a flag is usually a constant, which a load would
    /// hide from Cranelift).
    fn park_in_slots(
        &mut self,
        values: &[(Variable, Value)],
    ) -> Vec<(Variable, types::Type, StackSlot)> {
        let mut parked = Vec::new();
        for (var, v) in values {
            let ty = self.b.func.dfg.value_type(*v);
            if !ty.is_float() {
                continue;
            }
            let data = StackSlotData::new(StackSlotKind::ExplicitSlot, ty.bytes(), 4);
            let slot = self.b.create_sized_stack_slot(data);
            self.b.ins().stack_store(self.pointer, *v, slot, 0);
            parked.push((*var, ty, slot));
        }
        parked
    }

    /// Defines each variable as the value its slot holds.
    fn take_from_slots(&mut self, slots: &[(Variable, types::Type, StackSlot)]) {
        for (var, ty, slot) in slots {
            let v = self.b.ins().stack_load(self.pointer, *ty, *slot, 0);
            self.b.def_var(*var, v);
        }
    }

    /// Each element the body stores into (at a fixed address, `flag_checks_fit`), its
    /// address and its bits now.
    fn saved_elements(&mut self, body: &[Stmt]) -> Vec<(Value, Value)> {
        let mut stores = Vec::new();
        for stmt in body {
            stmt.each(&mut |s| {
                if let StmtKind::Store { array, index, .. } = &s.kind {
                    stores.push((*array, index.as_ptr()));
                }
            });
        }
        let mut saved = Vec::new();
        for (array, key) in stores {
            let VarTy::Array(t) = &self.typing.vars[array] else {
                unreachable!("flag_checks_fit took only arrays");
            };
            let ty = match t.dtype.size() {
                1 => types::I8,
                2 => types::I16,
                4 => types::I32,
                _ => types::I64,
            };
            let address = self.access_bases[&key].base;
            let old = self.b.ins().load(ty, MemFlagsData::new(), address, 0);
            saved.push((address, old));
        }
        saved
    }
}

/// The intrinsics a loop under the flags may call: pure functions of numbers.
fn pure(f: Intrinsic) -> bool {
    matches!(
        f,
        Intrinsic::Math(_)
            | Intrinsic::Abs
            | Intrinsic::Min
            | Intrinsic::Max
            | Intrinsic::Int
            | Intrinsic::Float
            | Intrinsic::Bool
            | Intrinsic::Round
            | Intrinsic::NpScalar(_)
            | Intrinsic::Maximum
            | Intrinsic::Minimum
            | Intrinsic::Ufunc(_)
            | Intrinsic::Select
            | Intrinsic::Hypot
            | Intrinsic::IsNumpy
            | Intrinsic::NpTest(_)
            | Intrinsic::BinaryUfunc(_)
    )
}
