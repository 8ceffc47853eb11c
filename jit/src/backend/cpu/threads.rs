//! Tier 2: a nest's outer loop split across threads.
//!
//! The analysis ([`crate::analysis::parallel`]) proves, for the values at entry, that
//! no iteration touches an element another writes and that every scalar is private.
//! The iterations are then cut into chunks of about equal work (by the per-iteration
//! weights of a triangular nest, else by count), several per thread so that threads
//! that finish early take more, and each chunk runs the nest's one compiled function
//! on its own copy of the frame, with the outer loop's bounds set to the chunk's.
//!
//! What a parallel run cannot promise is what happens when a check fails: a chunk may
//! hand back (an index past the end, a domain error, an interrupt) while later chunks
//! have stored. So before the run every array the nest stores into is copied, and if
//! any chunk does not finish, every array is put back and the caller runs the nest
//! serially from its start, which fails exactly where the interpreter would. A nest
//! that stores into no array has nothing to put back: the chunks before the first
//! that failed ran every iteration before it, so the serial run goes on from there
//! (their reductions combined, their last scalars kept).
//!
//! Invariant: a run that returns `Ran` leaves the frame as the serial run would have
//! (the last chunk's write-back: its iterations are the last, and every scalar the
//! nest assigns is assigned in each); one that returns anything else leaves the frame
//! and every array as they were.

use super::chunk_saves::{self, Span};
use super::{CompiledNest, FINISHED};
use crate::analysis::affine::Interval;
use crate::analysis::{Reduction, ReductionOp, Schedule};
use crate::frame::{ROOT_CUR, ROOT_STOP};
use crate::ir::Var;
use crate::types::{Dtype, Scalar};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// Below this much work (loop iterations, all loops counted) a nest runs serially:
/// waking the workers and copying the frames costs about as much. Measured on the
/// 2-core machine of `benches/` (RESULTS.md, "Parallel loop nests"): a parallel entry
/// costs ~20 us more than a serial one, and with iterations of ~1.2 ns the two meet
/// between 33,000 (serial faster) and 67,000 (parallel faster) iterations.
/// `KILN_PARALLEL_MIN_WORK` sets another (the tests run small nests in parallel; 0
/// also runs in parallel nests that store much for their work).
pub const MIN_WORK: f64 = 100_000.0;

pub(crate) fn min_work() -> f64 {
    static MIN: OnceLock<f64> = OnceLock::new();
    *MIN.get_or_init(|| {
        std::env::var("KILN_PARALLEL_MIN_WORK")
            .ok()
            .and_then(|s| s.trim().parse::<f64>().ok())
            .filter(|w| *w >= 0.0)
            .unwrap_or(MIN_WORK)
    })
}

/// The most bytes of stored arrays a parallel run copies per iteration of work (all
/// loops counted): copying (into fresh pages) runs at about 4 bytes a nanosecond, an
/// iteration takes 1-3, so past this the copy eats what the second thread gains.
/// Measured (RESULTS.md, "Loops of functions compiled whole"): a 1-D convolution
/// storing 1.33 bytes an iteration (200,000 outputs of a 5-tap filter) ran in 2.45
/// ms on two threads, with its copy, against 3.5 ms on one.
const BYTES_PER_ITERATION: f64 = 2.0;

/// How many chunks each thread gets, so that uneven ones even out.
const CHUNKS_PER_THREAD: usize = 4;

/// How many blocks a nest with reductions is cut into, whatever the thread count:
/// its partial results are combined in block order, so their bits do not depend on
/// how many threads ran them.
const REDUCTION_BLOCKS: usize = 32;

/// How a nest's entry went.
#[derive(Clone, Debug, PartialEq)]
pub enum ParallelRun {
    /// Ran on this many threads, in this many chunks; the frame holds the result.
    Ran { threads: usize, chunks: usize },
    /// Not run: why (the frame and the arrays are untouched).
    Serial(String),
    /// Ran, and a chunk handed back: everything is as it was at entry.
    Undone,
    /// Ran, and a chunk handed back in a nest that stores into no array: the frame is
    /// the state after the chunks before it (in the loop's order), set to go on from
    /// that chunk's first iteration, which the serial run then does. So an interrupt
    /// keeps the work done before it.
    Resumed { threads: usize },
    /// Ran, and a chunk stopped (at `point`) after its first iteration in a nest that
    /// stores into no array: the frame is the serial run's state there, as the
    /// compiled code leaves it where it stops (its reductions combined with those of
    /// the chunks before it).
    Stopped { threads: usize, point: i64 },
    /// Ran on the device (tier 3, `backend::gpu`): the frame holds the result.
    OnDevice,
}

/// The threads tier 2 uses: `KILN_THREADS`, else the machine's cores.
pub fn thread_count() -> usize {
    static COUNT: OnceLock<usize> = OnceLock::new();
    *COUNT.get_or_init(|| {
        std::env::var("KILN_THREADS")
            .ok()
            .and_then(|s| s.trim().parse::<usize>().ok())
            .filter(|n| *n >= 1)
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
            .min(256)
    })
}

/// The workers, started once per process: a child forked after they started (by
/// `os.fork`, `multiprocessing`) has none of them, and runs its nests serially
/// rather than wait for threads that are not there.
fn pool() -> Option<&'static rayon::ThreadPool> {
    static POOL: OnceLock<(u32, Option<rayon::ThreadPool>)> = OnceLock::new();
    let (pid, pool) = POOL.get_or_init(|| {
        // The thread that enters a nest runs chunks itself: the others are the pool.
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(thread_count().saturating_sub(1).max(1))
            .thread_name(|k| format!("kiln-tier2-{k}"))
            .start_handler(|_| super::affinity::register_worker())
            .build()
            .ok();
        (std::process::id(), pool)
    });
    if *pid != std::process::id() {
        return None;
    }
    pool.as_ref()
}

impl CompiledNest {
    /// Runs the nest's outer loop on several threads if the analysis allows it for
    /// the values in `frame` and the work pays for it.
    ///
    /// # Safety
    /// As for [`CompiledNest::run`]; and no other thread may touch the nest's arrays
    /// while it runs.
    pub unsafe fn run_parallel(&self, frame: &mut [u64]) -> ParallelRun {
        // Tier 3 first, where a device is chosen; it leaves everything as it was
        // where it does not run the nest (or a check failed there).
        if let (Some(offload), Ok(staged)) = (&self.offload, &self.parallel.verdict) {
            // SAFETY: the caller's promise.
            let run = unsafe { offload.run(staged, &self.layout, frame) };
            if let crate::backend::gpu::DeviceRun::Ran = run {
                return ParallelRun::OnDevice;
            }
        }
        let threads = thread_count();
        if threads < 2 {
            return ParallelRun::Serial(
                "one thread to run on (KILN_THREADS=1, or a machine of one core)".into(),
            );
        }
        let staged = match &self.parallel.verdict {
            Ok(s) => s,
            Err(why) => return ParallelRun::Serial(why.clone()),
        };
        if self.one_thread {
            return ParallelRun::Serial("it reads Python objects in place".into());
        }
        let min = min_work();
        let schedule = match staged.decide(frame, &self.layout, min) {
            Ok(s) => s,
            Err(why) => return ParallelRun::Serial(why),
        };
        let Some(pool) = pool() else {
            return ParallelRun::Serial(
                "no worker threads (none could be started, or this process was forked after \
                 they were)"
                    .into(),
            );
        };
        // What the nest stores into: each written array's footprint (all of it where
        // the footprint is unknown).
        let (arrays, spans): (Vec<Var>, Vec<Span>) = staged
            .written
            .iter()
            .filter_map(|v| Some((*v, self.written_span(frame, &schedule, *v)?)))
            .unzip();
        // The copy that makes a failure undoable costs a pass over the stored arrays:
        // worth it where the nest computes, not where it only streams memory (a
        // vector add would copy its output before writing it).
        let bytes: usize = spans.iter().map(|s| s.len).sum();
        if min > 0.0 && bytes as f64 > schedule.work * BYTES_PER_ITERATION {
            return ParallelRun::Serial(format!(
                "it stores into {:.1} MB, which would be copied first (to undo the stores \
                 should a check fail) for only {:.0} iterations of work",
                bytes as f64 / 1e6,
                schedule.work
            ));
        }
        // Chunks in the permuted order only where every store can be undone.
        let interchanged = self.interchanged.as_ref().filter(|i| {
            !spans.is_empty() && spans.len() == staged.written.len() && i.fits(frame, &self.layout)
        });
        let bounds = if staged.reductions.is_empty() {
            chunks(&schedule, threads * CHUNKS_PER_THREAD)
        } else {
            chunks(&schedule, REDUCTION_BLOCKS)
        };
        // Each chunk saves what it stores into where the chunks' spans are disjoint
        // (`chunk_saves`); else the whole footprint is saved here.
        let per_chunk = self.chunk_spans(staged, frame, &arrays, &bounds);
        let whole: Vec<(usize, Span)> = match per_chunk {
            Some(_) => Vec::new(),
            None => spans.into_iter().enumerate().collect(),
        };
        let saved_whole = chunk_saves::save(&whole);
        // Each chunk's reductions start from their operation's identity.
        let identities: Vec<(usize, u64)> = staged
            .reductions
            .iter()
            .map(|r| (self.layout.var(r.var), identity(r)))
            .collect();
        let nchunks = bounds.len();
        let next = AtomicUsize::new(0);
        let failed = AtomicBool::new(false);
        // Each chunk's exit code, frame and saves, once it ran.
        type Chunk = Option<(i64, Vec<u64>, Vec<Vec<u8>>)>;
        let results: Vec<std::sync::Mutex<Chunk>> =
            (0..nchunks).map(|_| std::sync::Mutex::new(None)).collect();
        let entry: &[u64] = frame;
        let work = || {
            loop {
                let k = next.fetch_add(1, Ordering::Relaxed);
                if k >= nchunks || failed.load(Ordering::Relaxed) {
                    break;
                }
                let (lo, hi) = bounds[k];
                let saves = per_chunk
                    .as_ref()
                    .map_or_else(Vec::new, |p| chunk_saves::save(&p[k]));
                let mut own = entry.to_vec();
                own[ROOT_CUR] = lo as u64;
                own[ROOT_STOP] = hi as u64;
                for (slot, bits) in &identities {
                    own[*slot] = *bits;
                }
                // SAFETY: the caller's promise; chunks touch disjoint elements.
                let code = match interchanged {
                    Some(i) => unsafe { i.run(self, &mut own) },
                    None => unsafe { self.run(&mut own) },
                };
                let stop = code != FINISHED;
                *results[k].lock().expect("chunk result") = Some((code, own, saves));
                if stop {
                    failed.store(true, Ordering::Relaxed);
                    break;
                }
            }
        };
        // The calling thread takes chunks too, from the start: a worker that slept
        // (its core halted, on a virtual machine) may take milliseconds to wake, and
        // then finds fewer chunks left rather than all of them.
        pool.in_place_scope(|scope| {
            // (Not from a worker, were a nest ever entered on one: it would move itself.)
            if pool.current_thread_index().is_none()
                && let Some(cpu) = super::affinity::current_cpu()
            {
                super::affinity::keep_workers_off(cpu);
            }
            for _ in 1..threads.min(nchunks) {
                scope.spawn(|_| work());
            }
            work();
        });
        let results: Vec<Chunk> = results
            .into_iter()
            .map(|m| m.into_inner().ok().flatten())
            .collect();
        let undo = || {
            chunk_saves::restore(&whole, &saved_whole);
            for (spans, r) in per_chunk.iter().flatten().zip(&results) {
                if let Some((_, _, saves)) = r {
                    chunk_saves::restore(spans, saves);
                }
            }
            ParallelRun::Undone
        };
        let stored = !arrays.is_empty();
        let outcome = 'outcome: {
            let used = threads.min(nchunks);
            // The chunks that finished before the first that did not (taken in order,
            // so all of those before it were taken, and ran to their end), and that one.
            let mut frames: Vec<&[u64]> = Vec::new();
            let mut stopped: Option<(i64, Vec<u64>)> = None;
            for r in &results {
                match r {
                    Some((FINISHED, f, _)) => frames.push(f),
                    other => {
                        stopped = other.as_ref().map(|(code, f, _)| (*code, f.clone()));
                        break;
                    }
                }
            }
            let done = frames.len();
            // One that stopped after its first iteration, every iteration before it
            // having run: its state is the serial run's there (kept below where the
            // nest stores into no array; one that stopped in its first iteration is not).
            let stopped = stopped.filter(|(_, f)| f[ROOT_CUR] != bounds[done].0 as u64);
            // Their state: the last one's frame, the reductions combined.
            let mut last = frames.last().copied().unwrap_or(entry).to_vec();
            for (r, (slot, _)) in staged.reductions.iter().zip(&identities) {
                let partials = frames.iter().map(|f| (f[*slot], f[*slot + 1]));
                // The stopped chunk's partial result too, where its state is kept.
                let partials =
                    partials.chain(stopped.as_ref().map(|(_, f)| (f[*slot], f[*slot + 1])));
                match combine(r, (entry[*slot], entry[*slot + 1]), partials) {
                    Some((bits, code)) => {
                        last[*slot] = bits;
                        last[*slot + 1] = code;
                    }
                    // A Python int past 64 bits, a float sum that overflows: the
                    // interpreter's to compute.
                    None => break 'outcome undo(),
                }
            }
            if done < nchunks {
                if stored {
                    break 'outcome undo();
                }
                if let Some((point, mut f)) = stopped {
                    // Each iteration assigns every scalar: the chunk's frame holds them.
                    for (slot, _) in &identities {
                        f[*slot] = last[*slot];
                        f[*slot + 1] = last[*slot + 1];
                    }
                    f[ROOT_STOP] = entry[ROOT_STOP];
                    frame.copy_from_slice(&f[..frame.len()]);
                    break 'outcome ParallelRun::Stopped {
                        threads: used,
                        point,
                    };
                }
                // Go on serially from the first chunk that did not finish.
                last[ROOT_CUR] = bounds[done].0 as u64;
                last[ROOT_STOP] = entry[ROOT_STOP];
                frame.copy_from_slice(&last[..frame.len()]);
                break 'outcome ParallelRun::Resumed { threads: used };
            }
            frame.copy_from_slice(&last[..frame.len()]);
            if let Some(i) = interchanged {
                i.note_run();
            }
            ParallelRun::Ran {
                threads: used,
                chunks: nchunks,
            }
        };
        chunk_saves::recycle(saved_whole);
        for (_, _, saves) in results.into_iter().flatten() {
            chunk_saves::recycle(saves);
        }
        outcome
    }

    /// The bytes `var`'s elements written by the nest (in `schedule`'s footprint,
    /// all of them where that is unknown) span.
    fn written_span(&self, frame: &[u64], schedule: &Schedule, var: Var) -> Option<Span> {
        let region = schedule
            .footprints
            .iter()
            .find(|f| f.array == var)
            .and_then(|f| f.written.as_deref());
        self.span(frame, var, region)
    }

    /// Each chunk's spans of `arrays` (`(index in arrays, span)`), its written
    /// footprint evaluated for its own iterations, where every chunk's is known and,
    /// array by array, they are disjoint (see `chunk_saves`).
    fn chunk_spans(
        &self,
        staged: &crate::analysis::parallel::Staged,
        frame: &[u64],
        arrays: &[Var],
        bounds: &[(i64, i64)],
    ) -> Option<Vec<Vec<(usize, Span)>>> {
        if arrays.is_empty() {
            return None;
        }
        let mut own = frame.to_vec();
        let mut all = Vec::with_capacity(bounds.len());
        for &(lo, hi) in bounds {
            own[ROOT_CUR] = lo as u64;
            own[ROOT_STOP] = hi as u64;
            let schedule = staged.decide(&own, &self.layout, 0.0).ok()?;
            let spans = arrays
                .iter()
                .enumerate()
                .filter_map(|(k, v)| Some((k, self.written_span(&own, &schedule, *v)?)))
                .collect();
            all.push(spans);
        }
        chunk_saves::disjoint(&all, arrays.len()).then_some(all)
    }

    /// The bytes of `var`'s elements in `region` (per axis, clipped to the array),
    /// or of all of them.
    fn span(&self, frame: &[u64], var: Var, region: Option<&[Interval]>) -> Option<Span> {
        let (base, a) = self.layout.array(var)?;
        let ndim = a.ndim as usize;
        let data = frame[base] as *mut u8;
        let mut lo: i64 = 0;
        let mut hi: i64 = 0;
        for d in 0..ndim {
            let extent = frame[base + 1 + d] as i64;
            let (first, last) = match region.and_then(|r| r.get(d)) {
                Some(i) => (i.lo.max(0), i.hi.min(extent - 1)),
                None => (0, extent - 1),
            };
            if extent == 0 || first > last {
                return None;
            }
            let stride = frame[base + 1 + ndim + d] as i64;
            let (a, b) = (first * stride, last * stride);
            lo += a.min(b);
            hi += a.max(b);
        }
        let size = a.dtype.size() as i64;
        Some(Span {
            start: data.wrapping_offset(lo as isize),
            len: (hi - lo + size) as usize,
        })
    }
}

/// The bits a reduction's partial result starts from.
pub(crate) fn identity(r: &Reduction) -> u64 {
    match (r.op, r.float) {
        (ReductionOp::Mul, true) => 1.0f64.to_bits(),
        (ReductionOp::Mul, false) => 1,
        (ReductionOp::Max, _) => i64::MIN as u64,
        (ReductionOp::Min, _) => i64::MAX as u64,
        // -0.0, not 0.0: `x + -0.0` is `x` for every `x`, -0.0 included (a sum that
        // starts at -0.0 and adds nothing stays -0.0).
        (_, true) => (-0.0f64).to_bits(),
        (_, false) => 0,
    }
}

/// The reduction's value after the loop: its value at entry combined with each
/// chunk's partial result in chunk order (`None`: an int overflowed, or combining two
/// floats overflowed or made a NaN, where numpy would have warned: the serial run
/// gives the warning at its iteration). The result is a
/// float64 where the value at entry or any partial is one (numpy's promotion of a
/// Python float with it).
pub(crate) fn combine(
    r: &Reduction,
    entry: (u64, u64),
    mut partials: impl Iterator<Item = (u64, u64)>,
) -> Option<(u64, u64)> {
    partials.try_fold(entry, |acc, p| fold(r, acc, p))
}

/// One step of [`combine`]: the value `acc` (bits, type code) combined with the
/// partial result `p` (`None` where `combine` gives `None`).
pub(crate) fn fold(r: &Reduction, acc: (u64, u64), p: (u64, u64)) -> Option<(u64, u64)> {
    let ((bits, mut code), (p, p_code)) = (acc, p);
    if r.float {
        let (a, b) = (f64::from_bits(bits), f64::from_bits(p));
        let v = match r.op {
            ReductionOp::Add | ReductionOp::Sub => a + b,
            ReductionOp::Mul => a * b,
            ReductionOp::Max | ReductionOp::Min => unreachable!("of ints only"),
        };
        if (v.is_nan() && !a.is_nan() && !b.is_nan())
            || (v.is_infinite() && !a.is_infinite() && !b.is_infinite())
        {
            return None;
        }
        let float64 = Scalar::Np(Dtype::F64).code();
        if p_code == float64 {
            code = float64;
        }
        Some((v.to_bits(), code))
    } else {
        let (a, b) = (bits as i64, p as i64);
        let v = match r.op {
            ReductionOp::Add | ReductionOp::Sub => a.checked_add(b)?,
            ReductionOp::Mul => a.checked_mul(b)?,
            ReductionOp::Max => a.max(b),
            ReductionOp::Min => a.min(b),
        };
        Some((v as u64, code))
    }
}

/// The outer loop's values cut into at most `n` chunks of about equal work, each as
/// `(first value, stop)` for the frame's bounds.
fn chunks(s: &Schedule, n: usize) -> Vec<(i64, i64)> {
    let n = n.clamp(1, s.trips.max(1) as usize);
    let value = |t: i64| s.start + t * s.step;
    // Cut points in trip counts.
    let mut cuts = vec![0i64];
    if s.weights.len() == s.trips as usize && !s.weights.is_empty() {
        let total: f64 = s.weights.iter().sum();
        let mut acc = 0.0;
        let mut next = 1;
        for (t, w) in s.weights.iter().enumerate() {
            acc += w;
            if next < n && acc >= total * next as f64 / n as f64 {
                cuts.push(t as i64 + 1);
                next += 1;
            }
        }
    } else {
        for k in 1..n {
            cuts.push(s.trips * k as i64 / n as i64);
        }
    }
    cuts.push(s.trips);
    cuts.dedup();
    cuts.windows(2)
        .filter(|w| w[1] > w[0])
        .map(|w| (value(w[0]), value(w[1])))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn schedule(trips: i64, weights: Vec<f64>) -> Schedule {
        Schedule {
            start: 0,
            step: 1,
            trips,
            work: 0.0,
            weights,
            footprints: Vec::new(),
        }
    }

    #[test]
    fn chunks_cover_the_iterations_once_in_order() {
        let c = chunks(&schedule(10, vec![]), 4);
        assert_eq!(c, vec![(0, 2), (2, 5), (5, 7), (7, 10)]);
        let c = chunks(&schedule(3, vec![]), 8);
        assert_eq!(c, vec![(0, 1), (1, 2), (2, 3)]);
    }

    #[test]
    fn triangular_chunks_balance_work_not_counts() {
        // Iteration t does t + 1 units: the first half of the work is in ~70% of them.
        let w: Vec<f64> = (0..100).map(|t| t as f64 + 1.0).collect();
        let c = chunks(&schedule(100, w), 2);
        assert_eq!(c.len(), 2);
        assert!((68..=72).contains(&c[0].1), "{c:?}");
    }

    #[test]
    fn downward_loops_chunk_by_value() {
        let s = Schedule {
            start: 9,
            step: -1,
            trips: 10,
            work: 0.0,
            weights: vec![],
            footprints: Vec::new(),
        };
        assert_eq!(chunks(&s, 2), vec![(9, 4), (4, -1)]);
    }

    fn float_sum() -> Reduction {
        Reduction {
            var: Var::from_u32(0),
            op: ReductionOp::Add,
            float: true,
        }
    }

    fn combined(entry: f64, partials: &[f64]) -> Option<f64> {
        let code = Scalar::Np(Dtype::F64).code();
        let r = float_sum();
        combine(
            &r,
            (entry.to_bits(), code),
            partials.iter().map(|p| (p.to_bits(), code)),
        )
        .map(|(bits, _)| f64::from_bits(bits))
    }

    #[test]
    fn float_sums_start_from_negative_zero() {
        // Chunks that added nothing leave a sum of -0.0 as it was.
        let id = f64::from_bits(identity(&float_sum()));
        let sum = combined(-0.0, &[id, id]).unwrap();
        assert!(sum == 0.0 && sum.is_sign_negative());
        assert_eq!(combined(1.5, &[id, 2.0, id]), Some(3.5));
    }

    #[test]
    fn float_sums_that_overflow_when_combined_run_serially() {
        // Each partial is finite; their sum is not: numpy warns there, so the
        // interpreter's serial run must give it.
        assert_eq!(combined(0.0, &[1e308, 1e308]), None);
        assert_eq!(combined(0.0, &[f64::INFINITY, f64::NEG_INFINITY]), None);
        // Infinities and NaNs carried in from a chunk make no new warning.
        assert_eq!(combined(0.0, &[f64::INFINITY, 1.0]), Some(f64::INFINITY));
        assert!(combined(f64::NAN, &[1.0]).unwrap().is_nan());
    }
}
