//! numpy's floating-point warnings, value by value: each numpy float result of a
//! statement is noted where it is computed, and before the statement's side effect a
//! non-finite one hands the statement back if the operation raised a condition numpy
//! warns about (an overflow, a zero divisor, an invalid operation), told apart in a
//! cold block from an inf or NaN the data only carried along. Loops checked by the
//! CPU's flags (`flag_loops`) or by their sum (`summed_loops`) test none of this.

use super::Gen;
use cranelift_codegen::ir::{InstBuilder, Value, condcodes::FloatCC, types};
use cranelift_frontend::Variable;

impl Gen<'_, '_> {
    /// Records a numpy float operation of the current statement: its operands and
    /// result, in variables, for `settle_float_flags`'s test. Variables, not values:
    /// an operation in one branch of a conditional expression does not dominate the
    /// test, and the one not taken reads what its variables held before (from an
    /// earlier iteration, at worst a hand-back the interpreter did not need).
    pub(super) fn record_float_op(&mut self, operands: &[Value], result: Value) {
        let mut held = |v: Value| {
            let var = self.b.declare_var(self.b.func.dfg.value_type(v));
            self.b.def_var(var, v);
            var
        };
        let operands = operands.iter().map(|&v| held(v)).collect();
        let result = held(result);
        self.float_ops.push(FloatOp { operands, result });
    }

    /// Whether numpy's operation `op` raised one of its floating-point conditions, an
    /// i8: an overflow or a zero divisor (an infinite result of finite operands) or an
    /// invalid operation (a NaN of operands that are none), as the IEEE flags numpy
    /// reads have them for `+ - * /` and for its unary math functions. A NaN or an
    /// infinity carried along raises nothing.
    fn float_op_raised(&mut self, op: &FloatOp) -> Value {
        let r = self.b.use_var(op.result);
        let r_nan = self.b.ins().fcmp(FloatCC::Unordered, r, r);
        let r_not_finite = self.nan_or_inf(r, r_nan);
        let mut in_nan = self.b.ins().iconst(types::I8, 0);
        let mut in_not_finite = in_nan;
        for &x in &op.operands {
            let x = self.b.use_var(x);
            let nan = self.b.ins().fcmp(FloatCC::Unordered, x, x);
            let not_finite = self.nan_or_inf(x, nan);
            in_nan = self.b.ins().bor(in_nan, nan);
            in_not_finite = self.b.ins().bor(in_not_finite, not_finite);
        }
        let new_nan = self.b.ins().band_not(r_nan, in_nan);
        let new_inf = self.b.ins().band_not(r_not_finite, in_not_finite);
        self.b.ins().bor(new_nan, new_inf)
    }

    /// Whether `v` is inf or NaN, given whether it is NaN, an i8. The cold tests use
    /// this and not [`Gen::not_finite`]: Cranelift would merge a cold `v - v` test
    /// with the hot one that branched there, and then keep the hot one's result in a
    /// register (a `setp` and a second compare on every iteration).
    fn nan_or_inf(&mut self, v: Value, nan: Value) -> Value {
        let abs = self.b.ins().fabs(v);
        let ty = self.b.func.dfg.value_type(v);
        let inf = if ty == types::F32 {
            self.b.ins().f32const(f32::INFINITY)
        } else {
            self.b.ins().f64const(f64::INFINITY)
        };
        let inf = self.b.ins().fcmp(FloatCC::Equal, abs, inf);
        self.b.ins().bor(nan, inf)
    }

    /// Whether a float is inf or NaN, an i8: `v - v` is 0 for a finite `v` only.
    pub(super) fn not_finite(&mut self, v: Value) -> Value {
        let d = self.b.ins().fsub(v, v);
        self.b.ins().fcmp(FloatCC::Unordered, d, d)
    }
}

/// A numpy float operation: its operands and result, in variables (see
/// [`Gen::record_float_op`]).
pub(super) struct FloatOp {
    operands: Vec<Variable>,
    result: Variable,
}

impl Gen<'_, '_> {
    /// numpy warns when an operation overflows or is invalid (a non-finite result): the
    /// interpreter must do that. Each numpy float result waits in `pending_floats` until
    /// an operation that carries inf and NaN consumes it or the statement settles; then
    /// a non-finite one is noted in the statement's flag, branch-free, and
    /// [`Gen::settle_float_flags`] hands the statement back before its side effect if
    /// an operation of the statement raised (it tells one that only carried an inf or
    /// NaN along).
    pub(super) fn flush_floats(&mut self) {
        for v in std::mem::take(&mut self.pending_floats) {
            let not_finite = self.not_finite(v);
            let seen = self.b.use_var(self.float_flags);
            let flags = self.b.ins().bor(seen, not_finite);
            self.b.def_var(self.float_flags, flags);
        }
    }

    /// Before a statement's side effect: leave for the interpreter if a numpy float
    /// operation of the statement raised a floating-point condition (numpy warns, or
    /// raises, as its error state says). Tested only where a result was not finite,
    /// in a cold block, operation by operation ([`Gen::float_op_raised`]): an inf or
    /// NaN the data holds, carried along, hands nothing back (a loop over distances
    /// that are `inf` where there is no edge ran interpreted, one hand-back per
    /// iteration).
    pub(super) fn settle_float_flags(&mut self) {
        self.flush_floats();
        let ops = std::mem::take(&mut self.float_ops);
        let seen = self.b.use_var(self.float_flags);
        if seen == self.no_floats_seen {
            return;
        }
        let test = self.b.create_block();
        self.b.set_cold_block(test);
        let go_on = self.b.create_block();
        self.b.ins().brif(seen, test, &[], go_on, &[]);
        self.b.switch_to_block(test);
        let mut raised = seen;
        if !ops.is_empty() {
            raised = self.b.ins().iconst(types::I8, 0);
            for op in &ops {
                let r = self.float_op_raised(op);
                raised = self.b.ins().bor(raised, r);
            }
        }
        self.deopt_if(raised);
        self.b.ins().jump(go_on, &[]);
        self.b.switch_to_block(go_on);
        // One constant for every clear, so a loop header joins equal values and needs
        // no block parameter for the flag.
        self.b.def_var(self.float_flags, self.no_floats_seen);
    }
}
