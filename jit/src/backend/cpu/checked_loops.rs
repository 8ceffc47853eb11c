//! The checked copy of a proven nest, compiled when a proof first fails.
//!
//! A loop nest whose subscripts are proven at its entry (`nest_bounds`) needs, for an
//! entry where the proof fails (a periodic stencil's `u[i - 1, j]` at `i = 0`), a copy
//! that checks every access. Generated inline, those copies were a third of the
//! compile time of functions such as jacobi's `relax` or the n-body `step`, for a case
//! most programs never meet. So a site's first code has, where the proof fails, a call:
//! it stores every variable it holds into the frame, puts the loop's bounds in the
//! root slots and calls `kiln_checked_loop`, which compiles the loop (once, on first
//! need) as a nest of its own, the loop as its root, generated plain at that level
//! (its inner loops still try their own proofs), and runs it on the same frame.
//!
//! The copy's exit code says what the function does next: [`FINISHED`] or [`BROKE`],
//! read back what the copy assigned and go on after the loop as its own code would
//! have; a `return`'s code, return it (the copy wrote what it returns); a point, the
//! copy handed a statement back: its root's state moves from the root slots to the
//! loop's own, the function's enclosing loops' states are written as any exit of its
//! writes them, and the point is returned. Where the copy cannot be compiled, the
//! function hands the loop back at its start, which nothing has run yet.
//!
//! Invariant: the copy and the function share the `Layout`, the points and every
//! variable's type (the function's, for the variables the loop names), so each slot
//! of the frame means the same to both; the copy reads every variable it uses from
//! the frame and writes back every one it assigns, so the function's own values of
//! the others stay right. Loops that make or swap arrays (whose descriptors the
//! function keeps in its own values too), iterate over lists (the VM's entry checks)
//! or sit inside an inlined body, a journaled statement or a loop under the CPU's
//! flags keep their copy inline.

use super::{BROKE, CompiledNest, Emitted, FINISHED, ForLoop, Gen, Marks, emit};
use crate::collections::HashMap;
use crate::frame::Layout;
use crate::infer::{Typing, VarTy};
use crate::ir::{Nest, Point, StmtKind, Var};
use cranelift_codegen::entity::SecondaryMap;
use cranelift_codegen::ir::{InstBuilder, condcodes::IntCC, types};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

/// What `kiln_checked_loop` returns where the copy could not be compiled (below every
/// exit code a nest returns).
const NOT_COMPILED: i64 = i64::MIN;

/// The checked copy of one proven nest of a compiled nest, compiled on first need.
pub struct CheckedLoop {
    /// The line of the nest's loop.
    pub line: u32,
    part: Nest,
    vars: SecondaryMap<Var, VarTy>,
    marks: Marks,
    layout: Layout,
    code: OnceLock<Option<Box<CompiledNest>>>,
    /// Nanoseconds its compile took (0 until it was compiled).
    compile_ns: AtomicU64,
}

impl CheckedLoop {
    /// How long its compile took, if it was compiled; and whether it failed (the
    /// loop then goes back to the interpreter where its proof fails).
    pub fn compile_time(&self) -> Option<(std::time::Duration, bool)> {
        self.code.get().map(|code| {
            let ns = self.compile_ns.load(Ordering::Relaxed);
            (std::time::Duration::from_nanos(ns), code.is_none())
        })
    }

    fn compiled(&self) -> Option<&CompiledNest> {
        self.code
            .get_or_init(|| {
                let started = Instant::now();
                let typing = Typing::with_vars(&self.part, self.vars.clone());
                let emitted = super::contain::contained(|| {
                    emit(
                        &self.part,
                        &typing,
                        &self.layout,
                        &self.marks,
                        HashMap::default(),
                        None,
                    )
                });
                self.compile_ns
                    .store(started.elapsed().as_nanos() as u64, Ordering::Relaxed);
                emitted.ok().map(|e| Box::new(self.nest_of(e)))
            })
            .as_deref()
    }

    fn nest_of(&self, e: Emitted) -> CompiledNest {
        let took = std::time::Duration::from_nanos(self.compile_ns.load(Ordering::Relaxed));
        let serial = crate::analysis::ParallelPlan {
            verdict: Err("the checked copy of a proven nest runs on one thread".into()),
        };
        e.into_loop_nest(&self.layout, took, serial, None)
    }
}

/// The checked copies the code of `nest` calls (the loops at `points`, in the order
/// of their indices), none compiled yet.
pub(super) fn plan(
    nest: &Nest,
    typing: &Typing,
    layout: &Layout,
    marks: &Marks,
    points: &[Point],
) -> Vec<CheckedLoop> {
    points
        .iter()
        .map(|point| {
            let stmt = statement_at(nest, *point)
                .expect("a checked copy's loop is in its nest")
                .clone();
            let stmt_line = stmt.line;
            let StmtKind::For { var, .. } = &stmt.kind else {
                unreachable!("a checked copy's loop is a for loop (`Gen::call_checked_copy`)");
            };
            let mut marks = marks.clone();
            marks.cold_loops.insert(*var);
            marks.lazy_checked = false;
            let part = nest.rewritten(nest.vars.clone(), stmt);
            let named = super::parallel_loops::named_vars(&part.root);
            let mut vars = SecondaryMap::new();
            for (var, ty) in typing.vars.iter() {
                if named.contains(&var) {
                    vars[var] = ty.clone();
                }
            }
            CheckedLoop {
                line: stmt_line,
                part,
                vars,
                marks,
                layout: layout.clone(),
                code: OnceLock::new(),
                compile_ns: AtomicU64::new(0),
            }
        })
        .collect()
}

/// Runs the running nest's checked copy `index` on `frame`, compiling it first if it
/// was not: the copy's exit code, or [`NOT_COMPILED`].
pub(crate) extern "C" fn kiln_checked_loop(index: i64, frame: *mut u64) -> i64 {
    let Some(nest) = super::parallel_loops::running_nest() else {
        return NOT_COMPILED;
    };
    let Some(l) = nest.checked.get(index as usize) else {
        return NOT_COMPILED;
    };
    let Some(code) = l.compiled() else {
        return NOT_COMPILED;
    };
    // SAFETY: the frame is the running nest's, laid out as the copy's is.
    let frame = unsafe { std::slice::from_raw_parts_mut(frame, nest.layout.len()) };
    // SAFETY: the arrays the frame describes are the running nest's, live and of the
    // types the copy was compiled for.
    unsafe { code.run(frame) }
}

impl Gen<'_, '_> {
    /// Where the proof of the nest `l` failed: a call of its checked copy, if it may
    /// be compiled apart (see the module's invariant); `false` where the copy must be
    /// generated inline.
    pub(super) fn call_checked_copy(&mut self, l: &ForLoop) -> bool {
        if !self.lazy_checked
            || self.inlining > 0
            || self.journal.is_some()
            || self.flag_guard.is_some()
            || !l.items.is_empty()
            || self.moves_arrays(l.body)
            // Arrays it makes (`Intrinsic::Scratch`, temporaries too): the buffers
            // are per nest, and the function may hold one across the loop.
            || !super::nest_bounds::remade_arrays(l.body, &Default::default()).is_empty()
        {
            return false;
        }
        // The statement the copy is made of, found again by its point: the loops of an
        // array statement share its point, and stay inline.
        let Some(stmt) = statement_at(self.nest, l.point)
            .filter(|s| matches!(s.kind, StmtKind::For { var, .. } if var == l.var))
        else {
            return false;
        };
        let index = self.checked_loops.len();
        self.checked_loops.push(l.point);
        let part_assigned = self.nest.assigned_in(stmt);
        let dead = self.dead_before(l.point);
        let (_, before) = self.frame_for_loop(l.bounds, l.is_root, &dead);
        let root = super::parallel_loops::ROOT_SLOTS;
        let f = self.helper("kiln_checked_loop", &[types::I64, self.pointer], types::I64);
        let k = self.iconst(index as i64);
        let call = self.b.ins().call(f, &[k, self.frame]);
        let code = self.b.inst_results(call)[0];
        // The copy's root state, then the function's root slots as they were.
        let copy_root: Option<Vec<_>> = before.map(|before| {
            let state = root
                .iter()
                .map(|slot| self.load_slot(types::I64, *slot))
                .collect();
            for (slot, v) in root.iter().zip(before) {
                self.store_slot(v, *slot);
            }
            state
        });
        let not_compiled = self.b.create_block();
        let compiled = self.b.create_block();
        let is_nc = self.b.ins().icmp_imm_s(IntCC::Equal, code, NOT_COMPILED);
        self.b.set_cold_block(not_compiled);
        self.b.ins().brif(is_nc, not_compiled, &[], compiled, &[]);
        // Not compiled: the interpreter runs the loop, from its start.
        self.b.switch_to_block(not_compiled);
        self.at_point(l.point);
        let exit = self.exit_block();
        self.b.ins().jump(exit, &[]);

        self.b.switch_to_block(compiled);
        let handed_back = self.b.create_block();
        let ended = self.b.create_block();
        self.b.set_cold_block(handed_back);
        let at_point = self
            .b
            .ins()
            .icmp_imm_s(IntCC::SignedGreaterThanOrEqual, code, 0);
        self.b.ins().brif(at_point, handed_back, &[], ended, &[]);
        self.b.switch_to_block(handed_back);
        if let Some(state) = copy_root {
            let base = self
                .layout
                .loop_state(l.point)
                .expect("for loops have state");
            for (k, v) in state.into_iter().enumerate() {
                self.store_slot(v, base + k);
            }
        }
        let loops: Vec<_> = self.loops.iter().map(|c| (c.point, c.state)).collect();
        self.write_loops(&loops);
        self.b.ins().return_(&[code]);

        self.b.switch_to_block(ended);
        let finished = self.b.create_block();
        let not_finished = self.b.create_block();
        let broke = self.b.create_block();
        let returned = self.b.create_block();
        let is_finished = self.b.ins().icmp_imm_s(IntCC::Equal, code, FINISHED);
        self.b
            .ins()
            .brif(is_finished, finished, &[], not_finished, &[]);
        self.b.switch_to_block(not_finished);
        let is_broke = self.b.ins().icmp_imm_s(IntCC::Equal, code, BROKE);
        self.b.ins().brif(is_broke, broke, &[], returned, &[]);
        // A `return` inside the loop: the copy wrote what the function returns.
        self.b.switch_to_block(returned);
        self.b.set_cold_block(returned);
        self.b.ins().return_(&[code]);
        for (block, to) in [(finished, l.done), (broke, l.broke)] {
            self.b.switch_to_block(block);
            for var in &part_assigned {
                if let Some(slots) = self.vars[*var] {
                    self.load_var(*var, slots);
                }
            }
            self.b.ins().jump(to, &[]);
        }
        true
    }
}

/// The first statement of `nest` (in pre-order) at `point`.
fn statement_at(nest: &Nest, point: Point) -> Option<&crate::ir::Stmt> {
    let mut found = None;
    nest.root.each(&mut |s| {
        if s.point == point && found.is_none() {
            found = Some(s);
        }
    });
    found
}
