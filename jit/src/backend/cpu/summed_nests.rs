//! Loops with loops inside that only sum, checked once, by the sum, after the nest.
//!
//! conv2d's `for u in range(m): for v in range(m): acc += image[r + u, c + v] * ...`
//! ran its inner loop as a summed loop (`summed_loops`): unchecked, then `acc` tested,
//! and the copy that tests every value inline after it. Five iterations of `v` per
//! `u`, and the `u` loop paid for that copy on each of them: its exits hold every
//! variable of the nest, and regalloc2 moved five of them between registers and the
//! stack at the merge after the two copies, on every iteration, as many instructions
//! as the inner loop's own. The argument of `summed_loops` holds for a whole nest: if
//! every statement in it is `s = s op e` (`+ - *`, one float variable `s`) or a
//! `range` loop of such statements, a value that is not finite anywhere reaches `s`
//! and stays there to the end. So the nest runs with no value tested; `s` is tested
//! after it and before any hand-back from inside it; where it is not finite, every
//! variable the nest assigns takes its value from before the nest, and the nest runs
//! again from its start in its checked copy, a function of its own called out of line
//! (`checked_loops`), so nothing of it is left inside the loop around.
//!
//! Invariant: inside the nest, nothing but `s` and the loop variables is assigned,
//! nothing is stored, nothing is called; every element read has a subscript the
//! enclosing proven nest proved (`nest_bounds`), so reads cannot fail; every numpy
//! float result flows into `s` by `+ - *`; and every way out passes the test of `s`.

use super::summed_loops::summand;
use super::{ForLoop, Gen};
use crate::ir::{BinOp, Expr, Stmt, StmtKind, UnaryOp, Var};

impl Gen<'_, '_> {
    /// The variable a loop with loops inside sums into, if the whole nest qualifies
    /// (see the module doc).
    pub(super) fn summed_nest(&self, l: &ForLoop) -> Option<Var> {
        if self.floats_by_hardware()
            || self.inlining > 0
            || self.journal.is_some()
            || self.flag_guard.is_some()
            || self.nest_forms.is_none()
            || !self.lazy_checked
            || !l.items.is_empty()
        {
            return None;
        }
        let mut sum = None;
        if !self.sums_only(l.body, &mut sum) {
            return None;
        }
        sum.filter(|s| self.float_sum(*s))
    }

    /// Whether `body` holds only sums into one variable (`sum`, set by the first) and
    /// `range` loops of them.
    fn sums_only(&self, body: &[Stmt], sum: &mut Option<Var>) -> bool {
        body.iter().all(|stmt| match &stmt.kind {
            StmtKind::Assign { targets, values } => {
                let ([s], [Expr::Binary(op, a, b)]) = (&targets[..], &values[..]) else {
                    return false;
                };
                if sum.is_some_and(|x| x != *s) {
                    return false;
                }
                *sum = Some(*s);
                let is_sum = |x: &Expr| matches!(x, Expr::Var(x) if x == s);
                let Some(e) = summand(*op, a, b, is_sum) else {
                    return false;
                };
                // Subscripts the enclosing proven nest proved.
                let proven = |index: &[Expr]| {
                    index
                        .iter()
                        .all(|i| self.proven.contains(&(i as *const Expr)))
                };
                self.summand_fits(e, Some(*s), proven)
            }
            StmtKind::For {
                start,
                stop,
                step,
                items,
                body,
                ..
            } => {
                items.is_empty()
                    && !self.parallel_loops.contains_key(&stmt.point)
                    && self.sums_only(body, sum)
                    && sum.is_some_and(|s| [start, stop, step].iter().all(|e| bound_fits(e, s)))
            }
            _ => false,
        })
    }

    /// Generates the nest `l` with no value tested, then tests its sum `s`, running
    /// the nest's checked copy where it is not finite (see the module doc).
    pub(super) fn summed_nest_loop(&mut self, l: &ForLoop, s: Var) -> Result<(), String> {
        let restore = self.b.create_block();
        self.b.set_cold_block(restore);
        let taken = self.taken_variables(l);
        let tested = self.vars[s].expect("checked by summed_nest").value;
        self.summed_nests += 1;
        // Its innermost loops sum into a variable: rotated (see `Gen::emit_for`).
        self.unchecked_then_tested(l, tested, &taken, restore, true)?;
        if self.call_checked_copy(l) {
            return Ok(());
        }
        self.emit_for(l)
    }
}

/// Whether a `range` bound inside a summed nest is built of integers, variables other
/// than the sum, shapes, lengths and `+ - *` (all it may do is hand back on an
/// overflow, past the test of the sum).
fn bound_fits(e: &Expr, s: Var) -> bool {
    let mut fits = true;
    e.walk(&mut |x| {
        fits &= match x {
            Expr::Int(_) | Expr::Shape(..) | Expr::Len(_) => true,
            Expr::Var(v) => *v != s,
            Expr::Binary(op, ..) => matches!(op, BinOp::Add | BinOp::Sub | BinOp::Mul),
            Expr::Unary(op, _) => matches!(op, UnaryOp::Neg | UnaryOp::Pos),
            _ => false,
        }
    });
    fits
}
