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
//! The sum may also be an element the loop carries in a register (`forwarding`):
//! `x[i] = x[i] + beta * a[j, i] * y[j]` in a `j` loop, or `c[i, j] += ...`. That loop
//! stores the element on every iteration, so where the test fails the element is
//! written back as it was before the loop (the carried variable's first value, read
//! there), and the checked copy starts from it.
//!
//! Invariant: the loop's only effects are on its own variables and, for an element
//! sum, on that one element (no other store, no call), every numpy float result in it
//! flows into the sum by operations that keep an inf or NaN one, and every way out of
//! it passes the test of the sum first. A sum that was not finite on entry fails the
//! test too, and runs checked, as it did before.

use super::{ForLoop, Gen};
use crate::infer::VarTy;
use crate::ir::{BinOp, Expr, StmtKind, UnaryOp, Var};
use crate::types::Dtype;
use cranelift_codegen::ir::{Block, InstBuilder, MemFlagsData, Value};
use cranelift_frontend::Variable;

/// What an innermost loop sums into.
#[derive(Clone, Copy)]
pub(super) enum Sum {
    /// A float variable: `s = s op e`.
    Variable(Var),
    /// The float64 element the loop carries (`Gen::forwarded`): `a[k] = a[k] op e`,
    /// `a[k] op= e`.
    Element,
}

impl Gen<'_, '_> {
    /// What an innermost loop `l` whose subscripts were proven sums into, if its body
    /// qualifies (see the module doc).
    pub(super) fn summed(&self, l: &ForLoop) -> Option<Sum> {
        if self.floats_by_hardware()
            || self.inlining > 0
            || self.journal.is_some()
            || self.flag_guard.is_some()
            || !l.items.is_empty()
        {
            return None;
        }
        let [stmt] = l.body else { return None };
        let (sum, e) = match &stmt.kind {
            StmtKind::Assign { targets, values } => {
                let ([s], [Expr::Binary(op, a, b)]) = (&targets[..], &values[..]) else {
                    return None;
                };
                let is_sum = |x: &Expr| matches!(x, Expr::Var(x) if x == s);
                let e = summand(*op, a, b, is_sum)?;
                if !self.float_sum(*s) {
                    return None;
                }
                (Sum::Variable(*s), e)
            }
            StmtKind::Store {
                array,
                index,
                op,
                value,
            } => {
                let f = self.forwarded.as_ref()?;
                if f.key != index.as_ptr() || f.dtype != Dtype::F64 {
                    return None;
                }
                let is_sum = |x: &Expr| matches!(x, Expr::Load(a, i) if a == array && i == index);
                let e = match (op, value) {
                    (Some(BinOp::Add | BinOp::Sub | BinOp::Mul), e) => e,
                    (None, Expr::Binary(op, a, b)) => summand(*op, a, b, is_sum)?,
                    _ => return None,
                };
                (Sum::Element, e)
            }
            _ => return None,
        };
        let s = match sum {
            Sum::Variable(s) => Some(s),
            Sum::Element => None,
        };
        let proven = |index: &[Expr]| self.access_bases.contains_key(&index.as_ptr());
        self.summand_fits(e, s, proven).then_some(sum)
    }

    /// Whether `s` is a float variable compiled code holds: one a sum may be.
    pub(super) fn float_sum(&self, s: Var) -> bool {
        matches!(self.typing.vars[s], VarTy::Scalar { ty, .. }
            if ty.variants().iter().all(|t| t.is_float()))
            && self.vars[s].is_some()
    }

    /// Whether `e`, added to (or multiplying) the sum (the variable `s`, or an
    /// element), is built of numbers, other variables, `+ - *` and float elements at
    /// subscripts `proven` accepts: an inf or NaN anywhere in it reaches the sum.
    pub(super) fn summand_fits(
        &self,
        e: &Expr,
        s: Option<Var>,
        proven: impl Fn(&[Expr]) -> bool,
    ) -> bool {
        let mut fits = true;
        e.walk(&mut |x| {
            fits &= match x {
                Expr::Int(_) | Expr::Float(_) => true,
                Expr::Var(v) => Some(*v) != s,
                Expr::Binary(op, ..) => matches!(op, BinOp::Add | BinOp::Sub | BinOp::Mul),
                Expr::Unary(op, _) => matches!(op, UnaryOp::Neg | UnaryOp::Pos),
                Expr::Load(a, index) => {
                    matches!(self.typing.vars[*a], VarTy::Array(t)
                        if t.list.is_none() && !t.copied && t.dtype.is_float())
                        && proven(index)
                }
                _ => false,
            }
        });
        fits
    }

    /// Generates `l` with no value tested, then tests the sum, falling back to the
    /// copy that tests every value where it is not finite; leaves the builder at the
    /// start of that copy, which the caller generates.
    pub(super) fn summed_loop(&mut self, l: &ForLoop, sum: Sum) -> Result<(), String> {
        let checked = self.b.create_block();
        let restore = self.b.create_block();
        self.b.set_cold_block(restore);
        let taken = self.taken_variables(l);
        // The variable tested after the loop; for a carried element, also where to
        // write its first value back.
        let (tested, element) = match sum {
            Sum::Variable(s) => (self.vars[s].expect("checked by summed").value, None),
            Sum::Element => {
                let f = self.forwarded.as_ref().expect("checked by summed");
                let address = self.access_bases[&f.key].base;
                let first = taken
                    .iter()
                    .find(|(var, _)| *var == f.var)
                    .expect("taken_variables takes the carried element")
                    .1;
                (f.var, Some((address, first)))
            }
        };
        self.summed_loops += 1;
        // A sum into a variable carries nothing else: rotated (see `emit_for`).
        let rotate = matches!(sum, Sum::Variable(_));
        self.unchecked_then_tested(l, tested, &taken, restore, rotate)?;
        if let Some((address, first)) = element {
            self.b
                .ins()
                .store(MemFlagsData::trusted(), first, address, 0);
        }
        self.b.ins().jump(checked, &[]);
        self.b.switch_to_block(checked);
        Ok(())
    }
}

impl Gen<'_, '_> {
    /// Generates `l` with no value tested (its innermost loops rotated where
    /// `rotate`), then tests the sum `tested` at its end and at each hand-back from
    /// inside it, going on where the sum is finite and to `restore` where it is not;
    /// leaves the builder in `restore`, each of `taken` given its value from before
    /// the loop.
    pub(super) fn unchecked_then_tested(
        &mut self,
        l: &ForLoop,
        tested: Variable,
        taken: &[(Variable, Value)],
        restore: Block,
        rotate: bool,
    ) -> Result<(), String> {
        let after = self.b.create_block();
        self.flag_guard = Some(super::flag_loops::FlagGuard { guards: Vec::new() });
        self.summing += 1;
        self.rotate_innermost = rotate;
        let generated = self.emit_for(&ForLoop {
            done: after,
            broke: after,
            ..*l
        });
        self.rotate_innermost = false;
        self.summing -= 1;
        let guard = self.flag_guard.take().expect("set above");
        generated?;
        for (block, exit) in std::iter::once((after, l.done)).chain(guard.guards) {
            self.b.switch_to_block(block);
            let v = self.b.use_var(tested);
            let bad = self.not_finite(v);
            self.b.ins().brif(bad, restore, &[], exit, &[]);
        }
        self.b.switch_to_block(restore);
        for (var, value) in taken {
            self.b.def_var(*var, *value);
        }
        Ok(())
    }
}

/// `e` of a sum's step `s op e` (or `e op s` where `op` commutes), `is_sum` telling
/// the sum's own reads.
pub(super) fn summand<'e>(
    op: BinOp,
    a: &'e Expr,
    b: &'e Expr,
    is_sum: impl Fn(&Expr) -> bool,
) -> Option<&'e Expr> {
    match op {
        BinOp::Add | BinOp::Sub | BinOp::Mul if is_sum(a) => Some(b),
        BinOp::Add | BinOp::Mul if is_sum(b) => Some(a),
        _ => None,
    }
}
