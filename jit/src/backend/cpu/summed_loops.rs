//! Innermost loops that only sum, checked once, by the sum, after the loop.
//!
//! `acc += image[r + u, c + v] * filt[m - 1 - u, m - 1 - v]` runs five iterations per
//! entry in conv2d: too short for the CPU's flags (`flag_loops`, two calls an entry),
//! so each iteration tested its numpy float result for being finite. But in a body of
//! one statement `s = s op e` (`op` one of `+ - *`), whose `e` is built only from
//! numbers, elements, variables the loop does not assign and `+ - *`, a non-finite
//! result anywhere stays non-finite: it reaches `s` in the same iteration (`+`, `-`
//! and `*` of an inf or NaN give an inf or NaN, whatever the other operand), and `s`
//! carries it to the end. So the loop first runs with no value tested, and after it
//! (and before any hand-back from inside it) `s` is tested once: where it is not
//! finite, every variable the loop assigns takes the value it had and the loop runs
//! from its start again in the copy that tests every value, which hands back at the
//! statement and iteration numpy warns at, as before.
//!
//! Invariant: the loop's only effects are on its own variables (no store, no call),
//! every numpy float result in it flows into `s` by operations that keep an inf or NaN
//! one, and every way out of it passes the test of `s` first. A sum that was not
//! finite on entry fails the test too, and runs checked, as it did before.

use super::{ForLoop, Gen};
use crate::infer::VarTy;
use crate::ir::{BinOp, Expr, StmtKind, UnaryOp, Var};
use cranelift_codegen::ir::InstBuilder;

impl Gen<'_, '_> {
    /// The sum `s` of an innermost loop `l` whose subscripts were proven, if its body
    /// qualifies (see the module doc).
    pub(super) fn summed_variable(&self, l: &ForLoop) -> Option<Var> {
        if self.floats_by_hardware()
            || self.inlining > 0
            || self.journal.is_some()
            || self.flag_guard.is_some()
            || !l.items.is_empty()
        {
            return None;
        }
        let [stmt] = l.body else { return None };
        let StmtKind::Assign { targets, values } = &stmt.kind else {
            return None;
        };
        let ([s], [Expr::Binary(op, a, b)]) = (&targets[..], &values[..]) else {
            return None;
        };
        let e = match (op, &**a, &**b) {
            (BinOp::Add | BinOp::Sub | BinOp::Mul, Expr::Var(x), e) if x == s => e,
            (BinOp::Add | BinOp::Mul, e, Expr::Var(x)) if x == s => e,
            _ => return None,
        };
        let float = |v: Var| {
            matches!(self.typing.vars[v], VarTy::Scalar { ty, .. }
                if ty.variants().iter().all(|t| t.is_float()))
        };
        if !float(*s) || self.vars[*s].is_none() {
            return None;
        }
        let mut fits = true;
        e.walk(&mut |x| {
            fits &= match x {
                Expr::Int(_) | Expr::Float(_) => true,
                Expr::Var(v) => v != s,
                Expr::Binary(op, ..) => matches!(op, BinOp::Add | BinOp::Sub | BinOp::Mul),
                Expr::Unary(op, _) => matches!(op, UnaryOp::Neg | UnaryOp::Pos),
                Expr::Load(a, index) => {
                    matches!(self.typing.vars[*a], VarTy::Array(t)
                        if t.list.is_none() && !t.copied && t.dtype.is_float())
                        && self.access_bases.contains_key(&index.as_ptr())
                }
                _ => false,
            }
        });
        fits.then_some(*s)
    }

    /// Generates `l` with no value tested, then tests the sum `s`, falling back to the
    /// copy that tests every value where it is not finite; leaves the builder at the
    /// start of that copy, which the caller generates.
    pub(super) fn summed_loop(&mut self, l: &ForLoop, s: Var) -> Result<(), String> {
        let checked = self.b.create_block();
        let after = self.b.create_block();
        let restore = self.b.create_block();
        self.b.set_cold_block(restore);
        let taken = self.taken_variables(l);
        self.flag_guard = Some(super::flag_loops::FlagGuard { guards: Vec::new() });
        self.summed_loops += 1;
        self.summing += 1;
        let generated = self.emit_for(&ForLoop {
            done: after,
            broke: after,
            ..*l
        });
        self.summing -= 1;
        let guard = self.flag_guard.take().expect("set above");
        generated?;
        let sum = self.vars[s].expect("checked by summed_variable").value;

        // The loop's end, and each hand-back from inside it.
        for (block, exit) in std::iter::once((after, l.done)).chain(guard.guards) {
            self.b.switch_to_block(block);
            let v = self.b.use_var(sum);
            let bad = self.not_finite(v);
            self.b.ins().brif(bad, restore, &[], exit, &[]);
        }

        self.b.switch_to_block(restore);
        for (var, value) in &taken {
            self.b.def_var(*var, *value);
        }
        self.b.ins().jump(checked, &[]);
        self.b.switch_to_block(checked);
        Ok(())
    }
}
