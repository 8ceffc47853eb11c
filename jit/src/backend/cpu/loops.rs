//! Loops: `for` over a range (versioned when innermost, see `bounds`, and vectorised
//! where `vector` can), `while`, and the interrupt poll at outer back-edges.
//!
//! Invariant: a loop's state (its variable, the remaining range) is in Cranelift
//! variables that the statement exits write back, so a deopt anywhere in a body
//! resumes the interpreter at that statement with the loop where it was.

use super::*;

impl Gen<'_, '_> {
    /// Polls the interrupt flag: set, the loop hands the statement it is at back to the
    /// interpreter, which raises KeyboardInterrupt there.
    pub(super) fn poll_interrupt(&mut self) {
        let flag = self.interrupt_flag();
        self.deopt_if(flag);
    }

    /// The interrupt flag (an i8, non-zero when set), read now.
    pub(super) fn interrupt_flag(&mut self) -> Value {
        let address = self.symbol_address(crate::runtime::INTERRUPT_SYMBOL);
        self.b
            .ins()
            .load(types::I8, MemFlagsData::trusted(), address, 0)
    }

    /// The address a data symbol of the runtime's stands for (`runtime::symbols`).
    pub(super) fn symbol_address(&mut self, name: &'static str) -> Value {
        let gv = match self.symbols.get(name) {
            Some(gv) => *gv,
            None => {
                let id = self
                    .module
                    .declare_data(name, Linkage::Import, true, false)
                    .expect("a runtime symbol is declared once");
                let gv = self.module.declare_data_in_func(id, self.b.func);
                self.symbols.insert(name, gv);
                gv
            }
        };
        self.b.ins().symbol_value(self.pointer, gv)
    }

    /// Whether a loop body contains a loop (its back-edge is an "outer" one), those of
    /// the functions inlined into it included.
    pub(super) fn has_inner_loop(body: &[Stmt]) -> bool {
        let mut found = false;
        for stmt in body {
            stmt.each(&mut |s| {
                found |= matches!(s.kind, StmtKind::For { .. } | StmtKind::While { .. });
                for e in s.exprs() {
                    e.walk(&mut |e| {
                        if let crate::ir::Expr::Inline(inl) = e {
                            found |= Self::has_inner_loop(&inl.body);
                        }
                    });
                }
            });
        }
        found
    }

    /// Makes `point` the statement a failed check hands back, outside inlined bodies
    /// (inside, it is the calling statement).
    pub(super) fn at_point(&mut self, point: Point) {
        if self.inlining == 0 {
            self.point = point;
        }
    }

    /// A `for` loop; an innermost one comes in two copies, one without the bounds
    /// checks its subscripts were proven not to need (see `bounds`).
    pub(super) fn for_loop(&mut self, l: &ForLoop) -> Result<(), String> {
        let saved = self.reload_arrays();
        // The site's own loop over lists is checked by the VM on entry (it may enter
        // half way, and has no statement to hand back before its first iteration).
        if !l.is_root {
            self.at_point(l.point);
            self.check_iterated_lists(l.items);
        }
        let iterated = self.iterated_lists.len();
        for (_, a) in l.items {
            self.iterated_lists.push(*a);
            let parents = self.row_parents.iter().filter(|(row, _)| row == a);
            let parents: Vec<Var> = parents.map(|(_, list)| *list).collect();
            self.iterated_lists.extend(parents);
        }
        let result = self.versioned_for(l);
        self.iterated_lists.truncate(iterated);
        self.arrays = saved;
        result
    }

    pub(super) fn versioned_for(&mut self, l: &ForLoop) -> Result<(), String> {
        let (start, stop, step) = l.bounds;
        // The copy of a nest whose proof failed is kept plain (its inner loops are
        // not versioned again): half the code to compile, for a rarer case.
        if self.cold_loops.contains(&l.var) || self.inlining > 0 || self.nest_tried {
            return self.emit_for(l);
        }
        if Self::has_inner_loop(l.body) {
            if self.nest_forms.is_none() && !self.nest_tried {
                return self.proven_nest(l);
            }
            if let Some(s) = self.summed_nest(l) {
                return self.summed_nest_loop(l, s);
            }
        } else if let Some(proof) = self.prove_bounds(l.var, l.body, start, stop, step) {
            let slow = proof.ok.map(|ok| {
                let fast = self.b.create_block();
                let slow = self.b.create_block();
                self.b.ins().brif(ok, fast, &[], slow, &[]);
                self.b.switch_to_block(fast);
                slow
            });
            let mut proof = proof;
            self.fresh_bases(&mut proof.bases);
            let outer: Vec<_> = proof.proven.difference(&self.proven).copied().collect();
            self.proven.extend(outer.iter().copied());
            self.proven_values
                .extend(proof.values.iter().map(|(k, v)| (*k, *v)));
            self.forward_element(l.body, &proof.bases);
            self.access_bases = proof.bases;
            self.loop_var = Some(l.var);
            let plan = self.vector_plan(l, &self.access_bases);
            if plan.is_none() {
                if let Some(sum) = self.summed(l) {
                    self.summed_loop(l, sum)?;
                } else if self.flag_checks_fit(l) {
                    self.flag_checked_loop(l)?;
                }
            }
            match plan {
                Some(plan) => {
                    self.vector_loops += 1;
                    self.partial_sum_loops += u32::from(!plan.partial.is_empty());
                    let bases = std::mem::take(&mut self.access_bases);
                    let rest = self.vector_loop(l, &plan, &bases, start);
                    self.access_bases = bases;
                    self.emit_for(&ForLoop {
                        bounds: (rest, stop, step),
                        ..*l
                    })?;
                }
                None => self.emit_for(l)?,
            }
            self.access_bases.clear();
            self.loop_var = None;
            self.forwarded = None;
            for e in outer {
                self.proven.remove(&e);
            }
            for e in proof.values.keys() {
                self.proven_values.remove(e);
            }
            match slow {
                Some(slow) => self.b.switch_to_block(slow),
                // Every subscript proven with the nest: there is no checked copy.
                None => return Ok(()),
            }
        }
        self.emit_for(l)
    }

    /// A loop with loops inside: where the nest's subscripts are proven at once
    /// (`nest_bounds`), a copy without their checks, and a copy with every check
    /// where the proof fails.
    fn proven_nest(&mut self, l: &ForLoop) -> Result<(), String> {
        let (start, stop, step) = l.bounds;
        let (lo, hi) = self.range_ends(start, stop, step);
        let Some((ok, forms)) = self.prove_nest(l.var, l.body, lo, hi) else {
            return self.emit_for(l);
        };
        let fast = self.b.create_block();
        let slow = self.b.create_block();
        self.b.ins().brif(ok, fast, &[], slow, &[]);
        self.b.switch_to_block(fast);
        let added: Vec<_> = forms
            .forms
            .keys()
            .filter(|e| self.proven.insert(**e))
            .copied()
            .collect();
        self.nest_forms = Some(forms);
        self.nest_loops += 1;
        let generated = match self.summed_nest(l) {
            Some(s) => self.summed_nest_loop(l, s),
            None => self.emit_for(l),
        };
        self.nest_forms = None;
        for e in added {
            self.proven.remove(&e);
        }
        generated?;
        self.b.switch_to_block(slow);
        if self.call_checked_copy(l) {
            return Ok(());
        }
        self.nest_tried = true;
        let generated = self.emit_for(l);
        self.nest_tried = false;
        generated
    }

    /// Branches to a loop's `body` while `more` is set, else to `exit`, with the body
    /// as the branch's second target. Cranelift's e-graph pass places each block's
    /// values while it walks the dominator tree, children in reverse post-order, and
    /// knows it is inside a loop only until it first meets a block outside it; the
    /// depth-first walk that numbers the blocks visits a branch's first target first,
    /// so the second comes first among the children. With the exit second, the pass
    /// left the loop at the exit before it reached the body, and placed the body's
    /// loop-invariant values inside it: a 2-D nest multiplied each row offset again on
    /// every iteration (Floyd-Warshall's inner loop, two `imul`s an iteration).
    pub(super) fn branch_into_body(&mut self, more: Value, body: Block, exit: Block) {
        let out = self.b.ins().icmp_imm_u(IntCC::Equal, more, 0);
        self.b.ins().brif(out, exit, &[], body, &[]);
    }

    /// Whether `range(at, stop, step)` has a first value (`step` not zero): an i8.
    fn range_has(&mut self, at: Value, stop: Value, step: Value) -> Value {
        let up = self.b.ins().icmp_imm_s(IntCC::SignedGreaterThan, step, 0);
        let below = self.b.ins().icmp(IntCC::SignedLessThan, at, stop);
        let above = self.b.ins().icmp(IntCC::SignedGreaterThan, at, stop);
        self.b.ins().select(up, below, above)
    }

    pub(super) fn emit_for(&mut self, l: &ForLoop) -> Result<(), String> {
        let ForLoop {
            point,
            var,
            bounds: (start, stop, step),
            items,
            body,
            done,
            broke,
            is_root: _,
            polls,
        } = *l;
        let cur = self.b.declare_var(types::I64);
        let stop_var = self.b.declare_var(types::I64);
        let step_var = self.b.declare_var(types::I64);
        self.b.def_var(cur, start);
        self.b.def_var(stop_var, stop);
        self.b.def_var(step_var, step);
        // The loop variable is bound from the first iteration on: its flag is set
        // here, where the loop will run, and not on each iteration, so that it is no
        // value the loop carries (one more register, or a store an iteration).
        let bound = self.vars[var].and_then(|s| s.bound);
        if let Some(bound) = bound {
            let before = self.b.use_var(bound);
            let runs = self.range_has(start, stop, step);
            let flag = self.b.ins().select(runs, self.flag_set, before);
            self.b.def_var(bound, flag);
        }
        // The variable's value after the loop (its last one) is computed where the
        // range runs out, from the counter, not carried through every iteration (a
        // block parameter that regalloc2 stored on every back-edge of a nest). Not
        // where the body assigns it (its last value is the body's) or a numpy twin.
        let slots = self.vars[var].filter(|s| s.numpy.is_none());
        let before = slots
            .filter(|_| !super::nest_bounds::assigns(body).contains(&var))
            .map(|s| self.b.use_var(s.value));
        let header = self.b.create_block();
        let body_block = self.b.create_block();
        let latch = self.b.create_block();
        self.b.ins().jump(header, &[]);

        self.b.switch_to_block(header);
        let c = self.b.use_var(cur);
        let more = self.range_has(c, stop, step);
        let ran_out = match before {
            Some(before) => {
                let ran_out = self.b.create_block();
                self.branch_into_body(more, body_block, ran_out);
                self.b.switch_to_block(ran_out);
                // The counter where the range ran out, here or after the last
                // iteration (a rotated loop tests in its latch).
                let c = self.b.use_var(cur);
                let ran = self.b.ins().icmp(IntCC::NotEqual, c, start);
                let last = self.b.ins().isub(c, step);
                let value = self.b.ins().select(ran, last, before);
                let slot = slots.expect("a scalar").value;
                self.b.def_var(slot, value);
                self.b.ins().jump(done, &[]);
                ran_out
            }
            None => {
                self.branch_into_body(more, body_block, done);
                done
            }
        };

        self.b.switch_to_block(body_block);
        self.loops.push(LoopCtx {
            point,
            latch,
            exit: broke,
            // A loop of an inlined body is never resumed inside: a hand-back runs the
            // calling statement again, whole.
            state: (self.inlining == 0).then_some((cur, stop_var, step_var)),
        });
        let c = self.b.use_var(cur);
        self.assign_value(
            var,
            Val {
                ty: ScalarTy::exact(Scalar::Int),
                v: c,
                numpy: None,
            },
            bound.is_none(),
        );
        // A body that swaps arrays reads their descriptors anew on each iteration.
        if self.moves_arrays(body) {
            self.reload_arrays();
        }
        // Bound for the whole body: reading it needs no check (and no block split,
        // which would keep loads apart from the arithmetic they feed).
        let newly_bound = self.bound_loop_vars.insert(var);
        // The counter lies in the arrays' common length, which cannot change while the
        // nest runs: these loads do not fail (a check that never fires would resume
        // at the body's first statement).
        if let Some(first) = body.first() {
            self.at_point(first.point);
        }
        for (target, array) in items {
            let element = self.scalar(&crate::ir::Expr::Load(
                *array,
                vec![crate::ir::Expr::Var(var)],
            ))?;
            self.assign(*target, element);
        }
        // The loops of an array statement do not poll: a hand-back half way through
        // its stores would have the interpreter run it again (the loop around it
        // polls).
        if (polls || Self::has_inner_loop(body))
            && !self.hardware_floats.contains(&point)
            && let Some(first) = body.first()
        {
            self.at_point(first.point);
            self.poll_interrupt();
        }
        self.block(body)?;
        self.b.ins().jump(latch, &[]);
        self.loops.pop();
        if newly_bound {
            self.bound_loop_vars.remove(&var);
        }

        self.b.switch_to_block(latch);
        let c = self.b.use_var(cur);
        if matches!(self.constant(step), Some(1 | -1)) {
            // `c` lies strictly before `stop`, an i64: one step more cannot wrap. A
            // loop with loops inside, or an innermost loop that sums into a variable,
            // is rotated: the latch tests the next value and branches back into the
            // body, one branch an iteration where the header's test and a jump back
            // to it were two (conv2d 12.9 -> 11.0 ms). Other innermost loops are not:
            // regalloc2 puts their reloads on the back edge, which rotation makes
            // critical, and the edge's own block then cost more than the jump saved
            // (syr2k's element sums 5.0 -> 5.6 ms, coulomb's loop under the CPU's
            // flags 15.7 -> 21.6).
            let next = self.b.ins().iadd(c, step);
            self.b.def_var(cur, next);
            if Self::has_inner_loop(body) || self.rotate_innermost {
                let more = self.range_has(next, stop, step);
                self.branch_into_body(more, body_block, ran_out);
            } else {
                self.b.ins().jump(header, &[]);
            }
            return Ok(());
        }
        let (next, overflow) = self.b.ins().sadd_overflow(c, step);
        self.b.def_var(cur, next);
        // Past i64 the range is exhausted (its stop is an i64).
        let cont = self.b.create_block();
        self.b.ins().brif(overflow, done, &[], cont, &[]);
        self.b.switch_to_block(cont);
        self.b.ins().jump(header, &[]);
        Ok(())
    }

    pub(super) fn while_loop(
        &mut self,
        point: Point,
        cond: &crate::ir::Expr,
        body: &[Stmt],
        done: Block,
        broke: Block,
    ) -> Result<(), String> {
        let header = self.b.create_block();
        let body_block = self.b.create_block();
        self.b.ins().jump(header, &[]);
        self.b.switch_to_block(header);
        // A body that swaps arrays: the condition and the body read them anew.
        let moves = self.moves_arrays(body);
        if moves {
            self.reload_arrays();
        }
        self.at_point(point);
        let c = self.journaled(&[cond], |g| {
            let c = g.truth(cond)?;
            g.settle_float_flags();
            Ok(c)
        })?;
        self.branch_into_body(c, body_block, done);
        self.b.switch_to_block(body_block);
        self.loops.push(LoopCtx {
            point,
            latch: header,
            exit: broke,
            state: None,
        });
        // A while loop may run for ever: it always polls.
        if let Some(first) = body.first() {
            self.at_point(first.point);
            self.poll_interrupt();
        }
        self.block(body)?;
        self.b.ins().jump(header, &[]);
        self.loops.pop();
        Ok(())
    }
}
