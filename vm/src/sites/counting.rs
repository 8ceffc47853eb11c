//! How a site's loop counts its back-edges and decides when to try compiled code.
//!
//! A run of a site's loop counts each back-edge for the site and for the sites of the
//! loops around it (an outer loop's count includes its inner loops'). The site tries
//! compiled code when its count reaches its next try (the threshold first, then twice
//! the count of the last try), or, before its first try, once one run has spent
//! `sites::HOT_TIME` in the interpreter. Under the default settings a range loop is
//! then compiled only where that pays (`Counted::short_of_compiling`: rent or buy).
//!
//! A loop that starts while a loop of a function calling this one runs (a simulation's
//! time loop calling `step(ps, dt)`, whose loop runs over the particles) counts for
//! that loop too, where that loop's nest calls user code: compiled, that nest inlines
//! or splices the call, so the callee's iterations are its work. Without it such a
//! time loop got hot only by `HOT_TIME`, two milliseconds of interpreting later. The
//! running loops of a thread are a stack of their chains ([`RUNNING`]): a run pushes
//! its chain when it starts and removes it when it ends (its iterator dropped).
//!
//! Invariant: counting never changes what the loop computes; a decision only delays
//! or brings forward the moment compiled code is tried.

use super::Site;
use std::cell::{Cell, RefCell};
use std::sync::Arc;
use std::sync::atomic::Ordering;

/// Running loops a thread keeps track of at most: past it the oldest entry goes (one
/// left behind by an iterator dropped on another thread, say).
const MAX_RUNNING: usize = 64;

thread_local! {
    /// The loops running on this thread, innermost last: each run's token and chain.
    static RUNNING: RefCell<Vec<(u64, Vec<Arc<Site>>)>> = const { RefCell::new(Vec::new()) };
    static NEXT_TOKEN: Cell<u64> = const { Cell::new(0) };
}

/// A site and the sites around it, which its back-edges count for too, in one run of
/// the site's loop.
pub(super) struct Counted {
    chain: Vec<Arc<Site>>,
    entered: std::time::Instant,
    /// The site's count when this run started.
    count_at_entry: u64,
    /// This run's entry in [`RUNNING`].
    token: u64,
}

impl Drop for Counted {
    fn drop(&mut self) {
        let token = self.token;
        // `try_with`: nothing to remove once the thread's locals are gone.
        let _ = RUNNING.try_with(|r| {
            let mut r = r.borrow_mut();
            if let Some(k) = r.iter().rposition(|(t, _)| *t == token) {
                r.remove(k);
            }
        });
    }
}

impl Counted {
    pub(super) fn new(site: u32) -> Option<Counted> {
        let mut chain = super::chain(site);
        let count_at_entry = chain.first()?.count.load(Ordering::Relaxed);
        let token = NEXT_TOKEN.with(|n| {
            let t = n.get();
            n.set(t.wrapping_add(1));
            t
        });
        RUNNING.with(|r| {
            let mut r = r.borrow_mut();
            // The loop running when this one starts: the one around it in this
            // function (whose chain may go on into a caller's), or a loop of a
            // calling function, counted for where its nest calls user code.
            if let Some((_, running)) = r.last() {
                let inside = chain.iter().any(|s| Arc::ptr_eq(s, &running[0]));
                if !inside && running[0].calls_user {
                    let outermost = chain.last().expect("the site itself");
                    outermost
                        .called_from
                        .store(running[0].id + 1, Ordering::Relaxed);
                }
                if inside || running[0].calls_user {
                    let more: Vec<Arc<Site>> = running
                        .iter()
                        .filter(|s| !chain.iter().any(|c| Arc::ptr_eq(c, s)))
                        .cloned()
                        .collect();
                    chain.extend(more);
                }
            }
            if r.len() >= MAX_RUNNING {
                r.remove(0);
            }
            r.push((token, chain.clone()));
        });
        Some(Counted {
            chain,
            entered: std::time::Instant::now(),
            count_at_entry,
            token,
        })
    }

    pub(super) fn site(&self) -> &Site {
        &self.chain[0]
    }

    /// Counts one back-edge, the site's and the sites' around it.
    pub(super) fn count(&self) -> u64 {
        for outer in &self.chain[1..] {
            outer.count_back_edge();
        }
        self.site().count_back_edge()
    }

    /// Counts `n` back-edges at once, the site's and the sites' around it: a loop
    /// outside the compilable subset whose length is known when it starts.
    pub(super) fn count_many(&self, n: u64) {
        for site in &self.chain {
            site.count.fetch_add(n, Ordering::Relaxed);
        }
    }

    /// Whether a run of `items` iterations can go without a counting iterator: the
    /// site has no code, has failed to compile for every key it tried, and this run
    /// ends before its next try is due (each failure doubles the wait, so such runs
    /// are all but a few). Its back-edges are then counted at once (`count_many`) and
    /// the loop runs on the interpreter's own paths.
    pub(super) fn waits_out(&self, items: u64) -> bool {
        let site = self.site();
        let Ok(state) = site.state.lock() else {
            return false;
        };
        state.specs.is_empty()
            && !state.failed.is_empty()
            && site.count.load(Ordering::Relaxed).saturating_add(items)
                < site.next_try.load(Ordering::Relaxed)
    }

    /// Counts one back-edge; true when the site should try compiled code now.
    pub(super) fn back_edge(&self) -> bool {
        let count = self.count();
        let site = self.site();
        // A loop outside the compilable subset is only counted (no clock read).
        if site.nest.is_err() {
            return false;
        }
        let next_try = site.next_try.load(Ordering::Relaxed);
        // Before its first try, a run of the loop that has been long is hot too (see
        // `sites::HOT_TIME`); the clock is read on every fourth back-edge.
        let long_run = || {
            next_try == site.threshold
                && count.is_multiple_of(4)
                && super::settings()
                    .hot_time
                    .is_some_and(|t| self.entered.elapsed() >= t)
        };
        if count < next_try && !long_run() {
            return false;
        }
        // Whatever happens, the next attempt waits twice as long.
        site.next_try
            .store(count.saturating_mul(2), Ordering::Relaxed);
        true
    }

    /// Whether a range loop that got hot at `cur` (its run started at `first`) is
    /// still not worth compiling: the rent-or-buy rule of `sites::HOT_TIME`, in the
    /// default settings only (`KILN_JIT_THRESHOLD` alone decides where it is set, and
    /// a decorated function's sites compile at their first run, as Numba's do). At
    /// this run's pace: the time spent is the site's count (its back-edges and its
    /// inner loops', over all its runs) at this run's time per back-edge, the time to
    /// come the iterations left at this run's time per iteration. Where the loop
    /// around it will compile its whole nest at its next back-edge (`parent_takes_over`),
    /// what compiling this loop alone would save is only the rest of this run.
    pub(super) fn short_of_compiling(&self, first: i64, cur: i64, stop: i64, step: i64) -> bool {
        let site = self.site();
        let Some(budget) = super::settings().hot_time else {
            return false;
        };
        let done = (i128::from(cur) - i128::from(first)) / i128::from(step);
        let count = site.count.load(Ordering::Relaxed);
        let edges = count.saturating_sub(self.count_at_entry);
        if site.threshold <= 1 || done <= 0 || edges == 0 || self.has_code() {
            return false;
        }
        let left = ((i128::from(stop) - i128::from(cur)) / i128::from(step)).max(0);
        let elapsed = self.entered.elapsed().as_nanos() as f64;
        let to_come = elapsed / done as f64 * left as f64;
        let interpreted = if self.parent_takes_over() {
            to_come
        } else {
            elapsed / edges as f64 * count as f64 + to_come
        };
        if interpreted >= budget.as_nanos() as f64 {
            return false;
        }
        let us = (interpreted / 1000.0).ceil().max(1.0) as u64;
        site.short_runs_us.store(us, Ordering::Relaxed);
        true
    }

    /// Whether the loop around this one, in the same function, will try to compile its
    /// nest (this loop included) at its next back-edge: its nest is in the compilable
    /// subset, it has no code yet, and its count (which this loop's back-edges add to)
    /// has reached its next try. Its own rent-or-buy decision is made there.
    fn parent_takes_over(&self) -> bool {
        let Some(parent) = self.chain.get(1) else {
            return false;
        };
        parent.nest.is_ok()
            && parent.count.load(Ordering::Relaxed) >= parent.next_try.load(Ordering::Relaxed)
            && parent.state.lock().is_ok_and(|s| s.specs.is_empty())
    }

    /// Whether entering the site should try compiled code.
    pub(super) fn has_code(&self) -> bool {
        let site = self.site();
        site.nest.is_ok()
            && !site
                .state
                .lock()
                .map(|s| s.specs.is_empty())
                .unwrap_or(true)
    }
}
