//! Tier 2's chunks compiled from the nest with a loop moved innermost
//! ([`crate::analysis::interchange`]).
//!
//! Where the plan finds a loop to move, the nest is compiled a second time in the
//! permuted order, with the same frame layout; `threads` runs each chunk with that
//! code when the values at entry have every loop of the chain run (so the loop
//! variables end as the original order leaves them) and every array the nest stores
//! into is copied for an undo. Tier 1, and the serial run after an undo, run the
//! original order, so a hand-back always resumes the interpreter in the order it
//! expects.
//!
//! Invariant: the permuted code runs only on a chunk's own frame, inside a parallel
//! run that puts every stored array back if any chunk stops.

use super::emit::{Marks, emit};
use super::{CompiledNest, front_cache, parallel_loops};
use crate::analysis::interchange::Interchange;
use crate::analysis::staged::frame_value;
use crate::collections::HashMap;
use crate::frame::Layout;
use crate::infer::Typing;
use crate::ir::Nest;
use crate::types::Ty;
use cranelift_jit::JITModule;
use std::sync::atomic::{AtomicU64, Ordering};

/// The permuted nest's code.
pub struct Interchanged {
    _module: JITModule,
    entry: extern "C" fn(*mut u64) -> i64,
    plan: Interchange,
    /// Parallel entries whose chunks ran it.
    runs: AtomicU64,
}

// As `CompiledNest`: immutable code, a re-entrant entry point.
unsafe impl Send for Interchanged {}
unsafe impl Sync for Interchanged {}

impl Interchanged {
    /// Compiles `nest` (typed by `typing`, laid out by `layout`) in the permuted
    /// order, where the plan finds a loop to move and tier 2 may run it.
    pub(super) fn compile(
        nest: &Nest,
        entry: &[Ty],
        typing: &Typing,
        layout: &Layout,
        marks: &Marks,
        parallel: &crate::analysis::ParallelPlan,
    ) -> Option<Interchanged> {
        if parallel.verdict.is_err() || super::threads::thread_count() < 2 {
            return None;
        }
        let plan = Interchange::plan(nest, typing)?;
        let emitted = {
            let typing = Typing::infer(&plan.nest, entry).ok()?;
            if !Layout::new(&plan.nest, entry).same_as(layout) {
                return None;
            }
            // Its own checked copies, inline: the lazily compiled ones are the
            // original order's.
            let marks = Marks {
                lazy_checked: false,
                ..marks.clone()
            };
            let material = front_cache::material(&plan.nest, entry, &marks);
            emit(
                &plan.nest,
                &typing,
                layout,
                &marks,
                HashMap::default(),
                material,
            )
            .ok()?
        };
        Some(Interchanged {
            _module: emitted.module,
            entry: emitted.entry,
            plan,
            runs: AtomicU64::new(0),
        })
    }

    /// Whether the chunks of an entry with `frame` may run this code: every loop of
    /// the chain runs.
    pub(super) fn fits(&self, frame: &[u64], layout: &Layout) -> bool {
        self.plan
            .runs_everywhere(&|s| frame_value(frame, layout, s))
    }

    /// Runs a chunk of `nest` on its own `frame`.
    ///
    /// # Safety
    /// As [`CompiledNest::run`], inside a parallel run that undoes every store if a
    /// chunk stops.
    pub(super) unsafe fn run(&self, nest: &CompiledNest, frame: &mut [u64]) -> i64 {
        assert!(frame.len() >= nest.layout.len());
        nest.stores.running(&nest.layout, frame, |frame| {
            parallel_loops::running(nest, || (self.entry)(frame.as_mut_ptr()))
        })
    }

    pub(super) fn note_run(&self) {
        self.runs.fetch_add(1, Ordering::Relaxed);
    }

    /// For the jit report, once a parallel entry ran it: which loop runs innermost.
    pub fn describe(&self) -> Option<String> {
        let runs = self.runs.load(Ordering::Relaxed);
        (runs > 0).then(|| {
            let (moved, line) = &self.plan.moved;
            let (below, below_line) = &self.plan.was_innermost;
            format!(
                "loop `{moved}` (line {line}) runs innermost in each chunk, below `{below}` \
                 (line {below_line}), so its stores walk rows with unit stride ({runs} entries)"
            )
        })
    }
}
