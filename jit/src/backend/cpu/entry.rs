//! The nest function and its edges: the entry, which reads the frame's variables and
//! arrays into Cranelift variables and runs the root loop from the frame's bounds (an
//! on-stack entry starts it part way), and the exits, one per statement a check can
//! fail at and one each for a finished, a broken and a returning run, each writing
//! the variables back to the frame before it returns the code the interpreter
//! resumes by.
//!
//! Invariant: every exit writes back what the interpreter reads at its point (the
//! nest's assigned variables, or in a function compiled whole those the rest of it may
//! read; the loops' states), so resuming there is running the statement again in the
//! state compiled code had before it.

use super::*;

/// Where compiled code leaves the nest: what the interpreter reads next.
#[derive(Clone, Copy)]
pub(super) enum Leaving {
    /// Handing the statement at this point back.
    At(Point),
    /// The site's loop ran out or broke.
    Finished,
    /// A `return` of this kind.
    Returned(crate::ir::Returned),
}

impl Gen<'_, '_> {
    pub(super) fn function(&mut self) -> Result<(), String> {
        let entry = self.b.create_block();
        self.b.append_block_params_for_function_params(entry);
        self.b.switch_to_block(entry);
        self.frame = self.b.block_params(entry)[0];
        self.float_flags = self.b.declare_var(types::I8);
        self.no_floats_seen = self.b.ins().iconst(types::I8, 0);
        self.flag_set = self.b.ins().iconst(types::I8, 1);
        self.b.def_var(self.float_flags, self.no_floats_seen);
        self.sinks = (
            self.b.declare_var(types::I64),
            self.b.declare_var(types::I64X2),
        );
        self.load_entry()?;
        let root = self.nest.root.clone();
        self.point = root.point;
        let done = self.b.create_block();
        let broke = self.b.create_block();
        match &root.kind {
            StmtKind::For {
                var, items, body, ..
            } => {
                let cur = self.load_slot(types::I64, frame::ROOT_CUR);
                let stop = self.load_slot(types::I64, frame::ROOT_STOP);
                let step = self.load_slot(types::I64, frame::ROOT_STEP);
                self.for_loop(&ForLoop {
                    point: root.point,
                    var: *var,
                    bounds: (cur, stop, step),
                    items,
                    body,
                    done,
                    broke,
                    is_root: true,
                    polls: true,
                })?;
            }
            StmtKind::While { cond, body } => {
                self.while_loop(root.point, cond, body, done, broke)?;
            }
            _ => unreachable!("a nest's root is a loop"),
        }
        let returned: Vec<(Block, i64, Leaving)> = self
            .returned
            .iter()
            .map(|(r, block)| (*block, r.code(), Leaving::Returned(*r)))
            .collect();
        let ends = [
            (done, FINISHED, Leaving::Finished),
            (broke, BROKE, Leaving::Finished),
        ];
        for (block, code, leaving) in ends.into_iter().chain(returned) {
            self.b.switch_to_block(block);
            self.write_back(&[], leaving);
            let code = self.iconst(code);
            self.b.ins().return_(&[code]);
        }
        self.fill_exits();
        Ok(())
    }

    /// Reads every variable and array descriptor from the frame.
    pub(super) fn load_entry(&mut self) -> Result<(), String> {
        for var in self.nest.vars.keys() {
            match self.typing.vars[var].clone() {
                VarTy::Scalar { ty, maybe_unbound } => {
                    let value = self.b.declare_var(machine_type(ty.machine()));
                    let numpy = ty.mixed.then(|| self.b.declare_var(types::I8));
                    let bound = maybe_unbound.then(|| self.b.declare_var(types::I8));
                    let slots = VarSlots {
                        ty,
                        value,
                        numpy,
                        bound,
                    };
                    self.load_var(var, slots);
                    self.vars[var] = Some(slots);
                }
                // An inlined function's array parameter is its argument's descriptor.
                VarTy::Array(_) if self.nest.vars[var].is_inlined() => {}
                VarTy::Array(ty) => self.arrays[var] = Some(self.load_array(var, ty)),
                VarTy::Unknown | VarTy::Other(_) => {}
            }
        }
        Ok(())
    }

    /// Defines a scalar variable (its value, numpy flag and bound flag) from its slots
    /// in the frame.
    pub(super) fn load_var(&mut self, var: Var, slots: VarSlots) {
        let VarSlots {
            ty,
            value,
            numpy,
            bound,
        } = slots;
        let slot = self.layout.var(var);
        let code = self.load_slot(types::I64, slot + 1);
        // The value bits as they are in the frame (zero when unbound).
        let bits = self.load_slot(types::I64, slot);
        let v = match ty.machine() {
            Machine::I64 => bits,
            Machine::F64 if ty.is_wide_float32() => {
                // A float32 arrives as its own bits, a Python float as a double's.
                let wide = self.b.ins().bitcast(types::F64, MemFlagsData::new(), bits);
                let low = self.b.ins().ireduce(types::I32, bits);
                let narrow = self.b.ins().bitcast(types::F32, MemFlagsData::new(), low);
                let narrow = self.b.ins().fpromote(types::F64, narrow);
                let f32_code = self.iconst(ty.ty.code() as i64);
                let is_f32 = self.b.ins().icmp(IntCC::Equal, code, f32_code);
                self.b.ins().select(is_f32, narrow, wide)
            }
            Machine::F64 => self.b.ins().bitcast(types::F64, MemFlagsData::new(), bits),
            Machine::F32 => {
                let low = self.b.ins().ireduce(types::I32, bits);
                self.b.ins().bitcast(types::F32, MemFlagsData::new(), low)
            }
        };
        self.b.def_var(value, v);
        if let Some(numpy) = numpy {
            let np_code = self.iconst(ty.ty.code() as i64);
            let is_np = self.b.ins().icmp(IntCC::Equal, code, np_code);
            self.b.def_var(numpy, is_np);
        }
        if let Some(bound) = bound {
            let is_bound = self.b.ins().icmp_imm_s(IntCC::NotEqual, code, 0);
            self.b.def_var(bound, is_bound);
        }
    }

    /// Stores every assigned variable (value and type code) the interpreter may read
    /// after `leaving`, and the given loop states.
    pub(super) fn write_back(&mut self, loops: &[(Point, LoopState)], leaving: Leaving) {
        let vars = self.written_on(leaving);
        self.write_vars(&vars);
        self.write_loops(loops);
    }

    /// The assigned variables an exit writes back: those the code after it may read
    /// (`liveness::live_before_statements`: in a function compiled whole, the rest of
    /// the function; for a loop in a function, the rest of the nest and what the
    /// function reads outside the loop), and always attributes (`self.n`), which
    /// outlive the call; all of them where that is unknown.
    fn written_on(&self, leaving: Leaving) -> Vec<Var> {
        let assigned = self.nest.assigned();
        let Some(live) = &self.live_before else {
            return assigned;
        };
        let needed: HashSet<Var> = match leaving {
            Leaving::At(point) => match live.get(&point) {
                Some(vars) => vars.clone(),
                None => return assigned,
            },
            Leaving::Finished => self.live_after.clone().unwrap_or_default(),
            Leaving::Returned(r) => crate::liveness::returned_vars(self.nest, r)
                .into_iter()
                .collect(),
        };
        // A tuple's elements (`best#0`, `best#1`) are written back as the tuple.
        let wanted = |v: &Var| {
            let name = &self.nest.vars[*v].name;
            name.contains('.')
                || needed.contains(v)
                || name.split_once('#').is_some_and(|(tuple, _)| {
                    needed.iter().any(|n| self.nest.vars[*n].name == tuple)
                })
        };
        assigned.into_iter().filter(wanted).collect()
    }

    /// The variables no code from `point` on reads before assigning them (empty where
    /// that is unknown): an inner loop's variable, say, whose value a call running that
    /// loop apart need not find in the frame. Only scalars compiled code holds, and
    /// only the lowered nest's own variables (not the passes' temporaries): the frame
    /// slot of a dead one keeps a value of its type an exit or the entry wrote, which
    /// nothing reads.
    pub(super) fn dead_before(&self, point: Point) -> HashSet<Var> {
        if !self
            .live_before
            .as_ref()
            .is_some_and(|l| l.contains_key(&point))
        {
            return HashSet::default();
        }
        let written: HashSet<Var> = self.written_on(Leaving::At(point)).into_iter().collect();
        self.nest
            .assigned()
            .into_iter()
            .filter(|v| (v.as_u32() as usize) < self.live_known && self.vars[*v].is_some())
            .filter(|v| !written.contains(v))
            .collect()
    }

    /// Stores each of `vars` that compiled code holds (value and type code).
    pub(super) fn write_vars(&mut self, vars: &[Var]) {
        let values = self.exit_values(vars);
        self.store_vars(vars, &mut values.into_iter());
    }

    /// What storing `vars` reads, read here: for each variable compiled code holds, its
    /// value, then its numpy flag and its bound flag where it has them.
    fn exit_values(&mut self, vars: &[Var]) -> Vec<Value> {
        let mut values = Vec::new();
        for &var in vars {
            let Some(slots) = self.vars[var] else {
                continue;
            };
            values.push(self.b.use_var(slots.value));
            values.extend(slots.numpy.map(|f| self.b.use_var(f)));
            values.extend(slots.bound.map(|f| self.b.use_var(f)));
        }
        values
    }

    /// Stores `vars` (value and type code) from `values`, as [`Self::exit_values`]
    /// read them.
    fn store_vars(&mut self, vars: &[Var], values: &mut impl Iterator<Item = Value>) {
        for &var in vars {
            let Some(slots) = self.vars[var] else {
                continue;
            };
            let slot = self.layout.var(var);
            let v = values.next().expect("a value per variable");
            let is_np = slots.numpy.map(|_| values.next().expect("a numpy flag"));
            let is_bound = slots.bound.map(|_| values.next().expect("a bound flag"));
            let bits = match slots.ty.machine() {
                Machine::I64 => v,
                Machine::F64 if slots.ty.is_wide_float32() => {
                    // Back to float32 bits when it holds the float32 (exact).
                    let wide = self.b.ins().bitcast(types::I64, MemFlagsData::new(), v);
                    let narrow = self.b.ins().fdemote(types::F32, v);
                    let narrow = self
                        .b
                        .ins()
                        .bitcast(types::I32, MemFlagsData::new(), narrow);
                    let narrow = self.b.ins().uextend(types::I64, narrow);
                    self.b.ins().select(is_np.expect("mixed"), narrow, wide)
                }
                Machine::F64 => self.b.ins().bitcast(types::I64, MemFlagsData::new(), v),
                Machine::F32 => {
                    let low = self.b.ins().bitcast(types::I32, MemFlagsData::new(), v);
                    self.b.ins().uextend(types::I64, low)
                }
            };
            self.store_slot(bits, slot);
            let mut code = self.iconst(slots.ty.ty.code() as i64);
            if let Some(is_np) = is_np {
                let python = slots.ty.ty.python_twin().expect("mixed");
                let py_code = self.iconst(python.code() as i64);
                code = self.b.ins().select(is_np, code, py_code);
            }
            if let Some(is_bound) = is_bound {
                let zero = self.iconst(0);
                code = self.b.ins().select(is_bound, code, zero);
            }
            self.store_slot(code, slot + 1);
        }
    }

    /// The first of the three frame slots (next value, stop, step) of the `for` loop at
    /// `point`.
    fn loop_state_slot(&self, point: Point) -> usize {
        if point == self.nest.root.point {
            frame::ROOT_CUR
        } else {
            self.layout.loop_state(point).expect("for loops have state")
        }
    }

    /// Stores the given loop states.
    pub(super) fn write_loops(&mut self, loops: &[(Point, LoopState)]) {
        for (point, state) in loops {
            let Some((cur, stop, step)) = state else {
                continue;
            };
            let values = [
                self.b.use_var(*cur),
                self.b.use_var(*stop),
                self.b.use_var(*step),
            ];
            let base = self.loop_state_slot(*point);
            for (k, v) in values.into_iter().enumerate() {
                self.store_slot(v, base + k);
            }
        }
    }

    /// The block that hands the current statement back to the interpreter.
    pub(super) fn exit_block(&mut self) -> Block {
        use cranelift_codegen::entity::EntityRef;
        if let Some(undo) = self.journal_exit() {
            return undo;
        }
        let copy = self
            .loops
            .iter()
            .map(|l| l.state.map_or(u32::MAX, |s| s.0.index() as u32))
            .collect();
        let key = (self.point, copy);
        if let Some((block, _)) = self.exits.get(&key) {
            let block = *block;
            return self.guarded_exit(block);
        }
        let block = self.b.create_block();
        self.b.set_cold_block(block);
        let loops = self.loops.iter().map(|l| (l.point, l.state)).collect();
        self.exits.insert(key, (block, loops));
        // Inside a loop under the CPU's flags, a hand-back reads them first.
        self.guarded_exit(block)
    }

    /// Leaves for the interpreter, at the current statement, when `cond` (an i8) holds.
    pub(super) fn deopt_if(&mut self, cond: Value) {
        let exit = self.exit_block();
        let next = self.b.create_block();
        self.b.ins().brif(cond, exit, &[], next, &[]);
        self.b.switch_to_block(next);
    }

    /// The position Python's subscript `index` names in a sequence of `len` items,
    /// handing the statement back where it names none. An index already in
    /// `0..len` costs one unsigned compare; counting from the end (a negative index)
    /// is taken in a cold block, so loops whose indices rise from zero do not pay for
    /// the wrap on every access.
    pub(super) fn python_index(&mut self, index: Value, len: Value) -> Value {
        let inside = self.b.ins().icmp(IntCC::UnsignedLessThan, index, len);
        let wrap = self.b.create_block();
        let join = self.b.create_block();
        let at = self.b.append_block_param(join, types::I64);
        self.b.set_cold_block(wrap);
        self.b.ins().brif(inside, join, &[index.into()], wrap, &[]);
        self.b.switch_to_block(wrap);
        // From the end: inside exactly when -len <= index < 0, where the sum lies in
        // 0..len; a positive index past the end or one below -len leaves it outside
        // as an unsigned number.
        let from_end = self.b.ins().iadd(index, len);
        let outside = self
            .b
            .ins()
            .icmp(IntCC::UnsignedGreaterThanOrEqual, from_end, len);
        self.deopt_if(outside);
        self.b.ins().jump(join, &[from_end.into()]);
        self.b.switch_to_block(join);
        at
    }

    /// Generates the hand-backs: each exit block passes what it writes back to a
    /// shared writer, one per set of variables and loops written, which stores it and
    /// returns the exit's point. Written out in each exit, the stores (a value, a type
    /// code and the selects that pick it, per variable) were most of a function's code
    /// and of its compile time (softmax's four loops: 62 exits); now an exit is a jump.
    pub(super) fn fill_exits(&mut self) {
        let mut exits: Vec<_> = self.exits.drain().collect();
        exits.sort_by(|a, b| a.0.cmp(&b.0));
        type Written = (Vec<Var>, Vec<(Point, LoopState)>);
        let mut writers: Vec<(Written, Block)> = Vec::new();
        for ((point, _), (block, loops)) in exits {
            self.b.switch_to_block(block);
            let vars = self.written_on(Leaving::At(point));
            let mut args = self.exit_values(&vars);
            for (_, state) in &loops {
                if let Some((cur, stop, step)) = state {
                    for v in [cur, stop, step] {
                        args.push(self.b.use_var(*v));
                    }
                }
            }
            args.push(self.iconst(point.as_u32() as i64));
            let written = (vars, loops);
            let writer = match writers.iter().find(|(w, _)| *w == written) {
                Some((_, writer)) => *writer,
                None => {
                    let writer = self.b.create_block();
                    self.b.set_cold_block(writer);
                    for a in &args {
                        let ty = self.b.func.dfg.value_type(*a);
                        self.b.append_block_param(writer, ty);
                    }
                    writers.push((written, writer));
                    writer
                }
            };
            let args: Vec<cranelift_codegen::ir::BlockArg> = args
                .into_iter()
                .map(cranelift_codegen::ir::BlockArg::Value)
                .collect();
            self.b.ins().jump(writer, &args);
        }
        for ((vars, loops), writer) in writers {
            self.b.switch_to_block(writer);
            let params = self.b.block_params(writer).to_vec();
            let mut values = params.into_iter();
            self.store_vars(&vars, &mut values);
            for (point, state) in &loops {
                if state.is_none() {
                    continue;
                }
                let base = self.loop_state_slot(*point);
                for k in 0..3 {
                    let v = values.next().expect("a loop's state");
                    self.store_slot(v, base + k);
                }
            }
            let code = values.next().expect("the exit's point");
            self.b.ins().return_(&[code]);
        }
    }
}
