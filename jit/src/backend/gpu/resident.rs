//! Device copies kept between entries and nests (MEGHA's data-flow placement): an
//! array a nest read or wrote stays on the device, and the next entry of that nest, or
//! another nest using the array, copies in only what the device does not hold yet.
//!
//! Each kept copy covers a span of host bytes and knows which of its bytes equal the
//! host's (`valid`): those copied in, and those the kernel wrote and the run copied
//! back. It lives while the host does not write its span, which
//! `kiln_numeric::host_copies` watches: kiln's numpy tells it of every write (element
//! stores, operations, views, memoryviews), compiled CPU code of the arrays it stores
//! into (`backend::cpu::host_writes`), and a freed buffer ends the watch. A copy whose
//! watch ended is freed at the next placement.
//!
//! Invariant: a byte in `valid` of a copy whose watch is current equals the host's
//! byte. The run keeps it so: it copies back every byte a kernel wrote before it
//! counts it valid, removes from `valid` what a failed launch may have written, and
//! takes from every other copy's `valid` what it writes to the host itself.
//!
//! Only memory of numpy's buffers is kept, and only for a nest entered from the
//! interpreter: arrays compiled code made or copied (lists) have no watch, and while
//! compiled code of a whole function runs (a loop of it offloaded) its stores are told
//! only when it returns, so such a loop neither uses nor keeps copies.

use super::Device;
use std::cell::Cell;
use std::sync::Mutex;

/// Copies kept on the device, and its memory.
pub(super) struct Residency {
    copies: Vec<Kept>,
    next_id: u64,
    /// Ticks of placements, for evicting the least recently used copy.
    clock: u64,
    /// Buffers of this run that are not kept: freed when it ends.
    temps: Vec<u64>,
}

struct Kept {
    id: u64,
    /// The host bytes `[lo, hi)` it copies.
    lo: u64,
    hi: u64,
    /// The device address of host byte `lo`.
    address: u64,
    watch: u64,
    /// Host byte intervals whose device bytes are current, sorted and disjoint.
    valid: Vec<(u64, u64)>,
    used: u64,
}

/// Where one array of a run lies on the device.
#[derive(Clone, Copy)]
pub(super) struct Placed {
    /// The device address of the host byte `lo` of the placement.
    pub address: u64,
    pub lo: u64,
    /// The kept copy it is in, if kept.
    kept: Option<u64>,
}

impl Placed {
    /// The device address of the host byte `host`.
    pub fn device(&self, host: u64) -> u64 {
        self.address.wrapping_add(host.wrapping_sub(self.lo))
    }
}

thread_local! {
    /// How deep this thread is in compiled CPU code (`backend::cpu::host_writes`).
    static IN_COMPILED: Cell<u32> = const { Cell::new(0) };
}

/// Runs `f` as compiled CPU code that may store into arrays without telling.
pub(crate) fn in_compiled_code<R>(f: impl FnOnce() -> R) -> R {
    IN_COMPILED.with(|d| d.set(d.get() + 1));
    let r = f();
    IN_COMPILED.with(|d| d.set(d.get() - 1));
    r
}

/// Whether copies may be used and kept by a run on this thread now.
pub(super) fn may_keep() -> bool {
    IN_COMPILED.with(|d| d.get() == 0)
}

/// The most bytes kept: a share of the device's memory.
fn budget(device_bytes: usize) -> u64 {
    (device_bytes / 2) as u64
}

/// The process's device state: its memory and what is kept there.
pub(super) struct DeviceState<M> {
    pub memory: M,
    pub residency: Residency,
}

impl<M: Default> Default for DeviceState<M> {
    fn default() -> Self {
        DeviceState {
            memory: M::default(),
            residency: Residency {
                copies: Vec::new(),
                next_id: 1,
                clock: 0,
                temps: Vec::new(),
            },
        }
    }
}

/// A state guarded for the process, poison-free (a panic mid-run drops every copy).
pub(super) fn lock<M: Default>(m: &'static Mutex<Option<DeviceState<M>>>) -> StateGuard<M> {
    let mut g = m.lock().unwrap_or_else(|e| {
        let mut g = e.into_inner();
        *g = None;
        g
    });
    g.get_or_insert_with(DeviceState::default);
    StateGuard(g)
}

pub(super) struct StateGuard<M: 'static>(std::sync::MutexGuard<'static, Option<DeviceState<M>>>);

impl<M> std::ops::Deref for StateGuard<M> {
    type Target = DeviceState<M>;
    fn deref(&self) -> &DeviceState<M> {
        self.0.as_ref().expect("initialised by lock")
    }
}

impl<M> std::ops::DerefMut for StateGuard<M> {
    fn deref_mut(&mut self) -> &mut DeviceState<M> {
        self.0.as_mut().expect("initialised by lock")
    }
}

/// Removes `[lo, hi)` from sorted disjoint intervals.
fn remove(valid: &mut Vec<(u64, u64)>, lo: u64, hi: u64) {
    let mut out = Vec::with_capacity(valid.len() + 1);
    for &(a, b) in valid.iter() {
        if b <= lo || a >= hi {
            out.push((a, b));
            continue;
        }
        if a < lo {
            out.push((a, lo));
        }
        if b > hi {
            out.push((hi, b));
        }
    }
    *valid = out;
}

/// Adds `[lo, hi)` to sorted disjoint intervals, merging touching ones.
fn add(valid: &mut Vec<(u64, u64)>, lo: u64, hi: u64) {
    remove(valid, lo, hi);
    let at = valid.partition_point(|&(a, _)| a < lo);
    valid.insert(at, (lo, hi));
    let mut merged: Vec<(u64, u64)> = Vec::with_capacity(valid.len());
    for &(a, b) in valid.iter() {
        match merged.last_mut() {
            Some((_, e)) if *e >= a => *e = (*e).max(b),
            _ => merged.push((a, b)),
        }
    }
    *valid = merged;
}

impl Residency {
    fn free(&mut self, dev: &mut dyn Device, k: usize) {
        let c = self.copies.swap_remove(k);
        kiln_numeric::host_copies::unwatch(c.watch);
        dev.free(c.address);
    }

    fn kept_bytes(&self) -> u64 {
        self.copies.iter().map(|c| c.hi - c.lo).sum()
    }

    /// A device buffer for the host bytes `[lo, hi)` of one array of a run: a kept
    /// copy holding them if one does (`keep`), else a new buffer, kept if `keep` and
    /// the bytes can be watched. `placed` are the run's earlier placements, whose
    /// copies stay.
    pub fn place(
        &mut self,
        dev: &mut dyn Device,
        lo: u64,
        hi: u64,
        keep: bool,
        placed: &[Placed],
        device_bytes: usize,
    ) -> Result<Placed, String> {
        self.clock += 1;
        // Copies whose host bytes were written since are of no use.
        let mut k = 0;
        while k < self.copies.len() {
            let c = &self.copies[k];
            let in_run = placed.iter().any(|p| p.kept == Some(c.id));
            if !in_run && !kiln_numeric::host_copies::is_current(c.watch) {
                self.free(dev, k);
            } else {
                k += 1;
            }
        }
        if keep && let Some(c) = self.copies.iter_mut().find(|c| c.lo <= lo && hi <= c.hi) {
            c.used = self.clock;
            return Ok(Placed {
                address: c.address,
                lo: c.lo,
                kept: Some(c.id),
            });
        }
        let len = (hi - lo) as usize;
        let watch = if keep {
            kiln_numeric::host_copies::watch(lo as usize, hi as usize)
        } else {
            None
        };
        let Some(watch) = watch else {
            let address = dev.alloc(len)?;
            self.temps.push(address);
            return Ok(Placed {
                address,
                lo,
                kept: None,
            });
        };
        // One copy per host byte: overlapping copies (a smaller view's) go, and the
        // least recently used while the kept bytes pass the budget.
        let mut k = 0;
        while k < self.copies.len() {
            let c = &self.copies[k];
            let in_run = placed.iter().any(|p| p.kept == Some(c.id));
            if !in_run && c.lo < hi && lo < c.hi {
                self.free(dev, k);
            } else {
                k += 1;
            }
        }
        while self.kept_bytes() + len as u64 > budget(device_bytes) {
            let oldest = (0..self.copies.len())
                .filter(|&k| !placed.iter().any(|p| p.kept == Some(self.copies[k].id)))
                .min_by_key(|&k| self.copies[k].used);
            match oldest {
                Some(k) => self.free(dev, k),
                None => break,
            }
        }
        let address = match dev.alloc(len) {
            Ok(a) => a,
            Err(e) => {
                kiln_numeric::host_copies::unwatch(watch);
                return Err(e);
            }
        };
        let id = self.next_id;
        self.next_id += 1;
        self.copies.push(Kept {
            id,
            lo,
            hi,
            address,
            watch,
            valid: Vec::new(),
            used: self.clock,
        });
        Ok(Placed {
            address,
            lo,
            kept: Some(id),
        })
    }

    fn kept(&mut self, p: &Placed) -> Option<&mut Kept> {
        let id = p.kept?;
        self.copies.iter_mut().find(|c| c.id == id)
    }

    /// The parts of the host bytes `[lo, hi)` the placement's device bytes do not
    /// hold yet: what a copy in must move.
    pub fn missing(&mut self, p: &Placed, lo: u64, hi: u64) -> Vec<(u64, u64)> {
        let mut need = vec![(lo, hi)];
        if let Some(c) = self.kept(p) {
            for &(a, b) in &c.valid {
                remove(&mut need, a, b);
            }
        }
        need
    }

    /// The host bytes `[lo, hi)` were copied in: the device holds them.
    pub fn copied_in(&mut self, p: &Placed, lo: u64, hi: u64) {
        if let Some(c) = self.kept(p) {
            add(&mut c.valid, lo, hi);
        }
    }

    /// The run copied the device bytes of host `[lo, hi)` back to the host: they are
    /// current in this placement, and no other copy of those host bytes is.
    pub fn copied_back(&mut self, p: &Placed, lo: u64, hi: u64) {
        let own = p.kept;
        for c in &mut self.copies {
            if Some(c.id) != own {
                remove(&mut c.valid, lo, hi);
            }
        }
        if let Some(c) = self.kept(p) {
            add(&mut c.valid, lo, hi);
        }
    }

    /// A launch may have written the device bytes of host `[lo, hi)` and they were
    /// not copied back: they are no longer the host's.
    pub fn spoiled(&mut self, p: &Placed, lo: u64, hi: u64) {
        if let Some(c) = self.kept(p) {
            remove(&mut c.valid, lo, hi);
        }
    }

    /// Frees the run's buffers that are not kept.
    pub fn end_run(&mut self, dev: &mut dyn Device) {
        for a in self.temps.drain(..) {
            dev.free(a);
        }
    }

    /// Drops every copy (after a device error: what the device holds is unknown).
    pub fn clear(&mut self, dev: &mut dyn Device) {
        self.end_run(dev);
        while !self.copies.is_empty() {
            self.free(dev, 0);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn intervals_merge_and_split() {
        let mut v = Vec::new();
        add(&mut v, 10, 20);
        add(&mut v, 30, 40);
        add(&mut v, 20, 30);
        assert_eq!(v, vec![(10, 40)]);
        remove(&mut v, 15, 25);
        assert_eq!(v, vec![(10, 15), (25, 40)]);
        remove(&mut v, 0, 12);
        assert_eq!(v, vec![(12, 15), (25, 40)]);
        add(&mut v, 14, 26);
        assert_eq!(v, vec![(12, 40)]);
    }
}
