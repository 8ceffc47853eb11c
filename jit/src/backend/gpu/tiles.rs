//! Nests whose footprint does not fit the device: the outer loop's iterations cut
//! into tiles whose footprints do (jit4GPU's tiling, without its limit of 64 tiles).
//!
//! The plan ([`TilePlan`]): the footprint of a run of the outer loop's iterations is
//! the staged analysis's for those bounds (`Staged::decide` on a frame holding the
//! tile's bounds). Tiles split the iterations evenly, more of them until each tile's
//! footprint fits half the device's memory (`KILN_GPU_MEM_LIMIT`, else what the device
//! has), the other half left for a next tile's buffers. A device that runs out of
//! memory anyway (it had less free than it said) gets twice as many tiles, until a tile
//! is one iteration; a nest one iteration of which does not fit stays on the CPU.
//!
//! Each tile is a run of its own (placed, copied in, launched, copied back), on the
//! frame of the entry with the tile's bounds, its reductions starting from what the
//! tiles before it combined, so the host combines block partials in the iterations'
//! order across tiles too; the last tile's scalars are the nest's. Before a tile's copy
//! back overwrites host bytes they are saved ([`Undo`]): where a later tile fails a
//! check, every earlier tile's copy back is undone, the host is as it was at entry, and
//! the CPU tiers run the nest, failing where the interpreter does (the semantics
//! contract).
//!
//! Tiles run one after another: overlapping one tile's copies with another's kernel on
//! streams is for a session with a GPU to build and measure.

use super::{Launch, OUT_OF_MEMORY, Offload, On, transfer::Moves};
use crate::analysis::parallel::Staged;
use crate::analysis::staged::Schedule;
use crate::frame::{Layout, ROOT_CUR, ROOT_STOP};
use std::sync::atomic::Ordering;

/// Host bytes a tiled run overwrote, to put back if a later tile fails.
#[derive(Default)]
pub(super) struct Undo {
    saved: Vec<(u64, Vec<u8>)>,
}

impl Undo {
    /// Saves the host bytes `bytes` (at address `at`) before they are overwritten.
    pub(super) fn save(&mut self, at: u64, bytes: &[u8]) {
        self.saved.push((at, bytes.to_vec()));
    }

    /// Puts every saved byte back, the latest first.
    ///
    /// # Safety
    /// The saved addresses must still be the live arrays' bytes they were.
    unsafe fn restore(self) {
        for (at, bytes) in self.saved.into_iter().rev() {
            // SAFETY: the caller's promise.
            unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr(), at as *mut u8, bytes.len()) };
        }
    }
}

/// The bytes the device may hold for one run: `KILN_GPU_MEM_LIMIT`, or its memory.
fn limit(device_bytes: usize) -> usize {
    static LIMIT: std::sync::OnceLock<Option<usize>> = std::sync::OnceLock::new();
    let set = LIMIT.get_or_init(|| {
        std::env::var("KILN_GPU_MEM_LIMIT")
            .ok()
            .and_then(|v| super::parse_bytes(&v))
    });
    set.map_or(device_bytes, |l| l.min(device_bytes))
}

/// The outer loop's iterations as tiles: each one's first value, stop and footprints.
struct TilePlan {
    tiles: Vec<(i64, i64, Schedule)>,
}

impl Offload {
    /// The device bytes the kernel's arrays need for `schedule`'s footprints.
    pub(super) fn footprint_bytes(
        &self,
        launch: &Launch,
        schedule: &Schedule,
        frame: &[u64],
    ) -> usize {
        let kernel = launch.kernel;
        kernel
            .arrays
            .iter()
            .filter_map(|a| {
                let fp = schedule.footprints.iter().find(|f| f.array == a.var)?;
                let m = Moves::of(frame, a.slot, a.ndim, a.elem.bytes(), fp)?;
                Some((m.hi - m.lo) as usize)
            })
            .sum()
    }

    /// `n` tiles of `schedule`'s iterations (at most one per iteration), or why a
    /// staged decision refused one.
    fn cut(
        &self,
        staged: &Staged,
        layout: &Layout,
        schedule: &Schedule,
        frame: &[u64],
        n: i64,
    ) -> Result<TilePlan, String> {
        let n = n.clamp(1, schedule.trips.max(1));
        let value = |t: i64| schedule.start + t * schedule.step;
        let mut tiles = Vec::with_capacity(n as usize);
        let mut own = frame.to_vec();
        for k in 0..n {
            let (a, b) = (schedule.trips * k / n, schedule.trips * (k + 1) / n);
            if b == a {
                continue;
            }
            own[ROOT_CUR] = value(a) as u64;
            own[ROOT_STOP] = value(b) as u64;
            let s = staged.decide(&own, layout, 0.0)?;
            tiles.push((value(a), value(b), s));
        }
        Ok(TilePlan { tiles })
    }

    /// The fewest tiles (from `at_least`) whose footprints each fit `budget` bytes:
    /// `None` where one iteration's does not.
    #[allow(clippy::too_many_arguments)]
    fn plan(
        &self,
        staged: &Staged,
        layout: &Layout,
        launch: &Launch,
        schedule: &Schedule,
        frame: &[u64],
        budget: usize,
        at_least: i64,
    ) -> Result<Option<TilePlan>, String> {
        let mut n = at_least.max(1);
        loop {
            let plan = self.cut(staged, layout, schedule, frame, n)?;
            let mut own = frame.to_vec();
            let most = plan
                .tiles
                .iter()
                .map(|(first, stop, s)| {
                    own[ROOT_CUR] = *first as u64;
                    own[ROOT_STOP] = *stop as u64;
                    self.footprint_bytes(launch, s, &own)
                })
                .max()
                .unwrap_or(0);
            if most <= budget {
                return Ok(Some(plan));
            }
            if n >= schedule.trips {
                return Ok(None);
            }
            // As many more as the largest tile is over, at least twice as many.
            let over = most.div_ceil(budget.max(1)) as i64;
            n = (n.saturating_mul(over.max(2))).min(schedule.trips);
        }
    }

    /// Runs the entry whole if its footprint (`whole` bytes) fits the device, else in
    /// tiles; a device out of memory gets more, smaller tiles.
    ///
    /// # Safety
    /// As for [`Offload::run`].
    #[allow(clippy::too_many_arguments)]
    pub(super) unsafe fn run_sized(
        &self,
        at: &mut On,
        staged: &Staged,
        layout: &Layout,
        launch: &Launch,
        schedule: &Schedule,
        whole: usize,
        frame: &mut [u64],
    ) -> Result<bool, String> {
        let budget = limit(at.device_bytes) / 2;
        let mut at_least = if whole <= budget { 1 } else { 2 };
        loop {
            let result = if at_least == 1 {
                // SAFETY: the caller's promise.
                unsafe { self.run_on(at, launch, &schedule.footprints, frame, None) }
            } else {
                let Some(plan) =
                    self.plan(staged, layout, launch, schedule, frame, budget, at_least)?
                else {
                    return Err(format!(
                        "one iteration's footprint is more than half the device's {} bytes \
                         (KILN_GPU_MEM_LIMIT)",
                        limit(at.device_bytes)
                    ));
                };
                // What the device keeps would only crowd the tiles.
                at.residency.clear(&mut *at.dev);
                // SAFETY: the caller's promise.
                unsafe { self.run_tiles(at, launch, &plan, frame) }
            };
            match result {
                Err(why) if why.starts_with(OUT_OF_MEMORY) && at_least < schedule.trips => {
                    at.residency.clear(&mut *at.dev);
                    at_least = (at_least * 2).min(schedule.trips);
                }
                other => return other,
            }
        }
    }

    /// Runs the tiles of `plan` in order (module doc); whether the results were kept.
    unsafe fn run_tiles(
        &self,
        at: &mut On,
        launch: &Launch,
        plan: &TilePlan,
        frame: &mut [u64],
    ) -> Result<bool, String> {
        let kernel = launch.kernel;
        let reductions: Vec<usize> = kernel
            .reductions
            .iter()
            .map(|r| kernel.local(r.var).expect("a reduction is a local").slot)
            .collect();
        let inner: i64 = launch.dims.chunks(3).map(|d| d[2]).product();
        let entry = frame.to_vec();
        let mut own = entry.clone();
        let mut undo = Undo::default();
        self.stats
            .tiles
            .fetch_max(plan.tiles.len() as u64, Ordering::Relaxed);
        for (first, stop, s) in &plan.tiles {
            let mut tile = entry.clone();
            tile[ROOT_CUR] = *first as u64;
            tile[ROOT_STOP] = *stop as u64;
            for &slot in &reductions {
                tile[slot] = own[slot];
                tile[slot + 1] = own[slot + 1];
            }
            let part = Launch {
                kernel,
                dims: launch.dims,
                threads: s.trips * inner,
            };
            // SAFETY: the caller's promise; the tile's footprints are its own.
            let r = unsafe { self.run_on(at, &part, &s.footprints, &mut tile, Some(&mut undo)) };
            if !matches!(r, Ok(true)) {
                // SAFETY: the saved bytes are the arrays' the tiles before wrote.
                unsafe { undo.restore() };
                return r;
            }
            own = tile;
        }
        own[ROOT_CUR] = entry[ROOT_CUR];
        own[ROOT_STOP] = entry[ROOT_STOP];
        frame.copy_from_slice(&own);
        Ok(true)
    }
}

#[cfg(test)]
mod tests {
    use super::super::parse_bytes;

    #[test]
    fn sizes_take_units() {
        assert_eq!(parse_bytes("1048576"), Some(1 << 20));
        assert_eq!(parse_bytes("1M"), Some(1 << 20));
        assert_eq!(parse_bytes("1MiB"), Some(1 << 20));
        assert_eq!(parse_bytes("512k"), Some(512 << 10));
        assert_eq!(parse_bytes(" 2G "), Some(2 << 30));
        assert_eq!(parse_bytes("2 lots"), None);
        assert_eq!(parse_bytes("M"), None);
    }
}
