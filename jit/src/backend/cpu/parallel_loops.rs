//! Tier 2 inside a function compiled whole: its loops run on several threads.
//!
//! Tier 2 (`threads`) splits a nest's outer loop. A function compiled whole (`@njit`)
//! is a nest whose outer loop is `for __kiln_call in range(1)` around the body, one
//! iteration, so its loops were never split. Here each `for` loop directly in such a
//! body whose iterations the analysis can prove independent (`ParallelPlan`, run on
//! the loop as if it were a site's) is compiled a second time as a nest of its own:
//! the loop as the root, over the function's variables, with their types and the
//! function's frame layout, its bounds read from the frame's root slots.
//!
//! Where the function's code reaches such a loop it stores every variable it holds
//! into the frame, puts the loop's bounds in the root slots and calls
//! `kiln_parallel_loop`, which offers the loop nest to `CompiledNest::run_parallel`
//! with the values now in the frame (the staged decision: dependences, work, what the
//! copies for an undo cost). If it ran on several threads, the function reads back
//! what the loop nest assigned and goes on after the loop. If not (too little work, a
//! dependence these values show, a chunk that handed back and was undone), the
//! function runs its own serial copy of the loop from its start, on its own values,
//! which nothing changed: a run that was undone put every array back.
//!
//! Invariant: the loop nest and the function share the `Layout` and every variable's
//! type, so each slot of the frame means the same to both; the function reloads only
//! the variables the loop nest writes back (`Nest::assigned`), and holds the others
//! in its own values, which the loop did not change.

use super::{CompiledNest, Gen, Marks, emit};
use crate::analysis::ParallelPlan;
use crate::backend::cpu::threads::ParallelRun;
use crate::collections::{HashMap, HashSet};
use crate::frame::{self, Layout};
use crate::infer::{Typing, VarTy};
use crate::ir::{CALL_VAR, Nest, Point, Returned, Stmt, StmtKind, Var};
use cranelift_codegen::entity::SecondaryMap;
use cranelift_codegen::ir::{Block, InstBuilder, Value, types};
use std::cell::{Cell, RefCell};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// A loop of a function compiled whole, compiled as a nest of its own for tier 2.
pub struct ParallelLoop {
    pub point: Point,
    pub line: u32,
    /// The variables its nest writes back, which the function reads after it ran.
    pub(super) assigned: Vec<Var>,
    pub code: Box<CompiledNest>,
    pub runs: LoopRuns,
}

/// How the entries into a loop went, for the jit report.
#[derive(Default)]
pub struct LoopRuns {
    /// Entries that ran on several threads, and on how many at most.
    pub parallel: AtomicU64,
    pub threads: AtomicUsize,
    /// Entries whose parallel run a chunk's hand-back undid.
    pub undone: AtomicU64,
    /// Why the last entry that ran serially did.
    pub serial: Mutex<Option<String>>,
}

impl LoopRuns {
    /// Notes how an entry went; whether it ran (the frame holds its result).
    fn note(&self, run: ParallelRun) -> bool {
        match run {
            ParallelRun::Ran { threads, .. } => {
                self.parallel.fetch_add(1, Ordering::Relaxed);
                self.threads.fetch_max(threads, Ordering::Relaxed);
                true
            }
            // Counted by the nest's `Offload`.
            ParallelRun::OnDevice => true,
            ParallelRun::Serial(why) => {
                *self.serial.lock().expect("loop runs") = Some(why);
                false
            }
            ParallelRun::Undone | ParallelRun::Resumed { .. } | ParallelRun::Stopped { .. } => {
                self.undone.fetch_add(1, Ordering::Relaxed);
                false
            }
        }
    }
}

/// Where the code of the function offers each of `loops` to tier 2: by the loop's
/// point, its index and the variables its nest writes back (`Gen::parallel_loops`).
pub(super) fn offers(loops: &[LoopPlan]) -> HashMap<Point, (usize, Vec<Var>)> {
    indexed(loops.iter().map(|l| (l.point, &l.assigned)))
}

/// [`offers`] of loops already compiled.
pub(super) fn compiled_offers(loops: &[ParallelLoop]) -> HashMap<Point, (usize, Vec<Var>)> {
    indexed(loops.iter().map(|l| (l.point, &l.assigned)))
}

fn indexed<'a>(
    loops: impl Iterator<Item = (Point, &'a Vec<Var>)>,
) -> HashMap<Point, (usize, Vec<Var>)> {
    loops
        .enumerate()
        .map(|(k, (point, assigned))| (point, (k, assigned.clone())))
        .collect()
}

/// A loop of a function compiled whole that the analysis lets tier 2 split, before
/// its code is generated: the nest of its own it will be compiled as, with its types.
pub(super) struct LoopPlan {
    point: Point,
    line: u32,
    assigned: Vec<Var>,
    part: Nest,
    vars: SecondaryMap<Var, VarTy>,
    parallel: ParallelPlan,
    planned: Duration,
}

impl LoopPlan {
    /// The line of the loop.
    pub(super) fn line(&self) -> u32 {
        self.line
    }

    /// The loop's code, generated for the function's `layout` and `marks`.
    pub(super) fn compile(self, layout: &Layout, marks: &Marks) -> Result<ParallelLoop, String> {
        let started = Instant::now();
        // Its chunks run on worker threads: proven nests keep their checked copies.
        let marks = Marks {
            lazy_checked: false,
            ..marks.clone()
        };
        let typing = Typing::with_vars(&self.part, self.vars);
        let offload =
            crate::backend::gpu::Offload::new(&self.part, &typing, layout, &self.parallel.verdict);
        let emitted = emit(
            &self.part,
            &typing,
            layout,
            &marks,
            HashMap::default(),
            None,
        )?;
        let compile_time = self.planned + started.elapsed();
        let code = emitted.into_loop_nest(layout, compile_time, self.parallel, offload);
        Ok(ParallelLoop {
            point: self.point,
            line: self.line,
            assigned: self.assigned,
            code: Box::new(code),
            runs: LoopRuns::default(),
        })
    }
}

/// The loops of a function compiled whole (`nest`) that may run on several threads,
/// planned (their code is generated by [`LoopPlan::compile`], on another thread
/// while the function's own is: `super::compile_nest`); and the line of each other
/// loop looked at, with why it may not. The
/// loops looked at are those of its body and, inside one that may not, those of its
/// body, and so on (the `for i` inside a time loop `for t`). Nothing for a site's own
/// loop (tier 2 splits that one itself).
pub(super) fn plan_loops(
    nest: &Nest,
    typing: &Typing,
    marks: &Marks,
) -> (Vec<LoopPlan>, Vec<(u32, String)>) {
    let mut search = Search {
        nest,
        typing,
        marks,
        loops: Vec::new(),
        refused: Vec::new(),
    };
    let StmtKind::For { var, body, .. } = &nest.root.kind else {
        return (search.loops, search.refused);
    };
    let device = crate::backend::gpu::device_choice() != crate::backend::gpu::DeviceChoice::Cpu;
    if nest.vars[*var].name == CALL_VAR && (super::threads::thread_count() >= 2 || device) {
        search.body(body, &HashSet::default());
    }
    (search.loops, search.refused)
}

struct Search<'a, 'n> {
    nest: &'a Nest,
    typing: &'a Typing<'n>,
    marks: &'a Marks,
    loops: Vec<LoopPlan>,
    refused: Vec<(u32, String)>,
}

impl Search<'_, '_> {
    /// Looks at the `for` loops of `body`, which runs with the variables in `bound`
    /// assigned on every path to it.
    fn body(&mut self, body: &[Stmt], bound: &HashSet<Var>) {
        let mut bound = bound.clone();
        for stmt in body {
            if let StmtKind::Assign { targets, .. } = &stmt.kind {
                bound.extend(targets.iter().copied());
            }
            let StmtKind::For {
                var,
                items,
                body: inner,
                ..
            } = &stmt.kind
            else {
                continue;
            };
            // An array statement's loops: the CPU's flags, read around them on this
            // thread, must see every operation.
            if self.marks.hardware_floats.contains(&stmt.point) {
                continue;
            }
            match self.plan(stmt, &bound) {
                Ok(l) => {
                    self.loops.push(l);
                    // A loop that may split may still run serially at an entry (a
                    // dependence its values show: a time loop). For the GPU tier,
                    // whose kernels pay off on inner loops too (a launch per step,
                    // ALPyNA's schedule), its serial copy offers its own loops; for
                    // tier 2 alone the extra compiles do not pay.
                    if crate::backend::gpu::device_choice()
                        != crate::backend::gpu::DeviceChoice::Cpu
                    {
                        let mut inside = bound.clone();
                        inside.insert(*var);
                        inside.extend(items.iter().map(|(t, _)| *t));
                        self.body(inner, &inside);
                    }
                }
                Err(why) => {
                    self.refused.push((stmt.line, why));
                    let mut inside = bound.clone();
                    inside.insert(*var);
                    inside.extend(items.iter().map(|(t, _)| *t));
                    self.body(inner, &inside);
                }
            }
        }
    }
}

/// Every variable the function names outside the loop at `point`: what may read a
/// value the loop leaves (the code after it, and, when it is inside another loop,
/// the code before it on that loop's next iteration).
fn named_outside(root: &Stmt, point: Point) -> HashSet<Var> {
    let mut rest = root.clone();
    rest.each_mut(&mut |s| {
        if s.point == point {
            s.kind = StmtKind::Pass;
        }
    });
    named_vars(&rest)
}

impl Search<'_, '_> {
    /// The loop `stmt` planned as a nest of its own, or why tier 2 may never split
    /// it; `bound` as for [`Search::body`].
    fn plan(&self, stmt: &Stmt, bound: &HashSet<Var>) -> Result<LoopPlan, String> {
        let (nest, typing) = (self.nest, self.typing);
        let started = Instant::now();
        let read_after = named_outside(&nest.root, stmt.point);
        let part = nest.rewritten(nest.vars.clone(), stmt.clone());
        // The function's types for the variables the loop names; the others are none of
        // its business (an object elsewhere in the function does not keep it serial).
        let named = named_vars(&part.root);
        let mut vars = SecondaryMap::new();
        for (var, ty) in typing.vars.iter() {
            if !named.contains(&var) {
                continue;
            }
            vars[var] = match ty {
                // Bound before the loop on every path: bound in the loop nest (so an
                // integer of it is a symbol of the analysis, `n` of `range(n)`).
                VarTy::Scalar { ty, .. } if bound.contains(&var) => VarTy::Scalar {
                    ty: *ty,
                    maybe_unbound: false,
                },
                ty => ty.clone(),
            };
        }
        let typing = Typing::with_vars(&part, vars.clone());
        let parallel = ParallelPlan::for_function_loop(&part, &typing, &read_after);
        drop(typing);
        if let Err(why) = &parallel.verdict {
            return Err(why.clone());
        }
        Ok(LoopPlan {
            point: stmt.point,
            line: stmt.line,
            assigned: part.assigned(),
            vars,
            part,
            parallel,
            planned: started.elapsed(),
        })
    }
}

/// Every variable `stmt` (and what is nested and inlined in it) names.
pub(super) fn named_vars(stmt: &Stmt) -> HashSet<Var> {
    let named = RefCell::new(HashSet::default());
    let mut copy = stmt.clone();
    copy.remap_vars(&|v| {
        named.borrow_mut().insert(v);
        v
    });
    let mut named = named.into_inner();
    // A `return` names its variables in the statement itself (`return out`).
    stmt.each_with_inlined(&mut |s| match &s.kind {
        StmtKind::Return(Returned::Var(v)) => {
            named.insert(*v);
        }
        StmtKind::Return(Returned::Tuple(_, vars)) => named.extend(vars.iter().flatten()),
        _ => {}
    });
    named
}

thread_local! {
    /// The nest whose code this thread runs (its loops are what `kiln_parallel_loop`
    /// finds by index).
    static RUNNING: Cell<*const CompiledNest> = const { Cell::new(std::ptr::null()) };
}

/// Runs `f` (the code of `nest`) with `nest` as this thread's running nest.
pub(super) fn running<R>(nest: &CompiledNest, f: impl FnOnce() -> R) -> R {
    if nest.loops.is_empty() && nest.checked.is_empty() {
        return f();
    }
    let before = RUNNING.replace(nest);
    let r = f();
    RUNNING.set(before);
    r
}

/// The nest whose code this thread runs, if it has loops of its own to find
/// (`CompiledNest::loops`, `CompiledNest::checked`).
pub(super) fn running_nest() -> Option<&'static CompiledNest> {
    let nest = RUNNING.get();
    // SAFETY: set by `running` for the duration of the nest's code, which called the
    // helper asking; the reference does not outlive that call.
    (!nest.is_null()).then(|| unsafe { &*nest })
}

/// Offers the running nest's loop `index` to tier 2 with the values in `frame`: 1
/// where it ran on several threads (the frame holds what it assigned), else 0 (the
/// frame's variables and every array are as they were).
pub(crate) extern "C" fn kiln_parallel_loop(index: i64, frame: *mut u64) -> i64 {
    let Some(nest) = running_nest() else {
        return 0;
    };
    let Some(l) = nest.loops.get(index as usize) else {
        return 0;
    };
    // SAFETY: the frame is the running nest's, laid out as the loop nest's is.
    let frame = unsafe { std::slice::from_raw_parts_mut(frame, nest.layout.len()) };
    // A run that did not finish leaves the frame as it was: where a chunk handed back
    // in a nest that stores into no array (`ParallelRun::Resumed`, `Stopped`), the
    // frame holds the state after the chunks before it, for a site to go on from; the
    // function's serial copy instead runs the loop from its start, on the variables it
    // reads again from the frame (`Gen::offer_to_tier2`).
    let entry = frame.to_vec();
    // SAFETY: the arrays are the running nest's, live and of its types, and no other
    // thread touches them while it runs.
    let run = unsafe { l.code.run_parallel(frame) };
    let ran = l.runs.note(run);
    if !ran {
        frame.copy_from_slice(&entry);
    }
    ran as i64
}

/// The frame's slots of the site loop's state: a loop run as a nest of its own finds
/// its bounds there.
pub(super) const ROOT_SLOTS: [usize; 3] = [frame::ROOT_CUR, frame::ROOT_STOP, frame::ROOT_STEP];

impl Gen<'_, '_> {
    /// Before a call that runs a loop as a nest of its own on this frame: stores every
    /// variable held (hidden ones too: the loop may read a statement's temporaries)
    /// and, unless the loop is the site's own (`is_root`: its bounds are there
    /// already), puts its `bounds` in the root slots. The variables stored, and what
    /// the root slots held before, to be put back after the call. Not the variables
    /// in `dead`.
    pub(super) fn frame_for_loop(
        &mut self,
        (start, stop, step): (Value, Value, Value),
        is_root: bool,
        dead: &HashSet<Var>,
    ) -> (Vec<Var>, Option<Vec<Value>>) {
        let held: Vec<Var> = self
            .nest
            .vars
            .keys()
            .filter(|v| self.vars[*v].is_some() && !dead.contains(v))
            .collect();
        self.write_vars(&held);
        let before = (!is_root).then(|| {
            let before = ROOT_SLOTS
                .iter()
                .map(|slot| self.load_slot(types::I64, *slot))
                .collect();
            for (slot, v) in ROOT_SLOTS.iter().zip([start, stop, step]) {
                self.store_slot(v, *slot);
            }
            before
        });
        (held, before)
    }

    /// Before the serial code of the loop `index` of `CompiledNest::loops`: offers it
    /// to tier 2, and goes on at `exit` (after the loop) where it ran, having read
    /// back the variables its nest `assigned`.
    pub(super) fn offer_to_tier2(
        &mut self,
        index: usize,
        assigned: &[Var],
        (start, stop, step): (Value, Value, Value),
        exit: Block,
    ) {
        let (held, before) = self.frame_for_loop((start, stop, step), false, &HashSet::default());
        let before = before.expect("an inner loop's root slots were saved");
        let root = ROOT_SLOTS;
        let f = self.helper(
            "kiln_parallel_loop",
            &[types::I64, self.pointer],
            types::I64,
        );
        let k = self.iconst(index as i64);
        let call = self.b.ins().call(f, &[k, self.frame]);
        let ran = self.b.inst_results(call)[0];
        // The site's own loop state, for the VM, as it was.
        for (slot, v) in root.iter().zip(before) {
            self.store_slot(v, *slot);
        }
        let ran_block = self.b.create_block();
        let serial = self.b.create_block();
        self.b.ins().brif(ran, ran_block, &[], serial, &[]);
        self.b.switch_to_block(ran_block);
        for var in assigned {
            if let Some(slots) = self.vars[*var] {
                self.load_var(*var, slots);
            }
        }
        self.b.ins().jump(exit, &[]);
        self.b.switch_to_block(serial);
        // The serial copy reads the variables again from the frame, which holds what
        // they held: values kept across the call instead lived in registers the call
        // may clobber, and regalloc2 kept them in stack slots for the whole loop
        // (Floyd-Warshall's `k` loop spilled `dik` and `alt` in its innermost loop, at
        // twice the time of the same function compiled with no offer).
        for var in held {
            if let Some(slots) = self.vars[var] {
                self.load_var(var, slots);
            }
        }
    }
}
