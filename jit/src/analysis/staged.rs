//! The staged half of the parallel verdict: what [`Staged`] decides at each entry,
//! with the values in the frame (ALPyNA's staged analysis).
//!
//! Algorithm, in order, each step able to say "serial, because ...": the outer loop's
//! trip count from the frame's bounds; every loop variable's interval (outer loops
//! first, an inner loop's from its bounds' forms over its parents' intervals, a
//! variable of several loops over all of theirs); the work (every loop's iterations)
//! against the threshold, before anything dearer; the inner loops private scalars
//! rely on, shown to run in every iteration; every subscript numeric and never
//! negative over the intervals; each array's footprint; the dependence tests between
//! every write and every other access of its array; and, for a triangular nest, each
//! outer iteration's share of the work.
//!
//! Invariant: every interval holds each value its variable takes while the nest runs
//! from these values (an unknown one is none, and what reads it is not proven), so a
//! test that finds no dependence over the intervals finds none in the run.

use super::affine::{Interval, Linear, Poly, Sym};
use super::dependence::{self, Direction, Outer};
use super::parallel::{LoopStmt, Staged};
use crate::frame::{Layout, ROOT_CUR, ROOT_STEP, ROOT_STOP};
use crate::ir::Var;

/// A parallel run's iteration space, as decided at one entry.
#[derive(Clone, Debug, PartialEq)]
pub struct Schedule {
    pub start: i64,
    pub step: i64,
    pub trips: i64,
    /// Roughly how many iterations of all its loops the nest runs.
    pub work: f64,
    /// Per outer iteration, its share of the work, where inner loops' trips depend on
    /// the outer variable (a triangular nest); empty where all are alike.
    pub weights: Vec<f64>,
    /// Per array the nest accesses, the region it reads and the region it writes.
    pub footprints: Vec<Footprint>,
}

/// The elements of one array a nest touches: per axis, the interval of subscripts its
/// reads take and the interval its writes take over the whole iteration space
/// (`None`: it does not read, or write, it; a read with a subscript of no affine
/// form makes the read region the whole array, `whole_read`). What a device needs
/// to copy in and out, and what a parallel run needs to copy to undo its stores.
#[derive(Clone, Debug, PartialEq)]
pub struct Footprint {
    pub array: Var,
    pub read: Option<Vec<Interval>>,
    pub whole_read: bool,
    pub written: Option<Vec<Interval>>,
}

/// The per-axis hull of two regions.
fn hull(a: Option<Vec<Interval>>, b: Vec<Interval>) -> Option<Vec<Interval>> {
    Some(match a {
        None => b,
        Some(a) => a.iter().zip(&b).map(|(x, y)| x.hull(*y)).collect(),
    })
}

impl Staged {
    /// Decides with the values in `frame` whether the outer loop runs in parallel, on
    /// at least `min_work` iterations of work (all loops counted).
    pub fn decide(
        &self,
        frame: &[u64],
        layout: &Layout,
        min_work: f64,
    ) -> Result<Schedule, String> {
        let (start, stop, step) = (
            frame[ROOT_CUR] as i64,
            frame[ROOT_STOP] as i64,
            frame[ROOT_STEP] as i64,
        );
        let trips = trip_count(start, stop, step);
        if trips < 2 {
            return Err("it has fewer than two iterations left".into());
        }
        let value = |s: Sym| frame_value(frame, layout, s);
        let nvars = self.var_names.len();
        let linear = |p: &Option<Poly>| p.as_ref().and_then(|p| p.linear(nvars, &value));
        // Each loop variable's interval, loops in statement order (outer first).
        let mut intervals: Vec<Option<Interval>> = vec![None; nvars];
        let last = start + (trips - 1) * step;
        intervals[0] = Some(Interval {
            lo: start.min(last),
            hi: start.max(last),
        });
        let mut loop_ranges: Vec<Option<(Interval, Interval)>> = vec![None; self.loops.len()];
        for (k, l) in self.loops.iter().enumerate().skip(1) {
            let Some(v) = l.var else { continue };
            let known: Vec<Interval> = intervals
                .iter()
                .map(|i| i.unwrap_or(Interval::EMPTY))
                .collect();
            let reads_unknown = |p: &Option<Poly>| {
                p.as_ref()
                    .is_none_or(|p| p.loops().any(|s| s == v || intervals[s].is_none()))
            };
            let (Some(s), Some(e), Some(step)) = (linear(&l.start), linear(&l.stop), l.step) else {
                continue;
            };
            if reads_unknown(&l.start) || reads_unknown(&l.stop) {
                continue;
            }
            let (Some(sr), Some(er)) = (s.range(&known), e.range(&known)) else {
                continue;
            };
            loop_ranges[k] = Some((sr, er));
            let own = if step > 0 {
                Interval {
                    lo: sr.lo,
                    hi: er.hi.saturating_sub(1),
                }
            } else {
                Interval {
                    lo: er.lo.saturating_add(1),
                    hi: sr.hi,
                }
            };
            // A variable of several loops ranges over all of theirs.
            intervals[v] = Some(match intervals[v] {
                Some(i) if self.var_loops[v].len() > 1 && !i.is_empty() => i.hull(own),
                _ => own,
            });
        }
        // A variable of a loop with bounds it could not read may be anything.
        for (v, loops) in self.var_loops.iter().enumerate() {
            if loops.iter().any(|k| *k != 0 && loop_ranges[*k].is_none()) {
                intervals[v] = None;
            }
        }
        let known: Vec<Interval> = intervals
            .iter()
            .map(|i| i.unwrap_or(Interval::EMPTY))
            .collect();
        // The work: every loop's iterations, each loop running as often as its
        // parent's iterations times its interval's width (a `while`: 16, and so a loop of an inlined call).
        let mut per_loop = vec![0.0f64; self.loops.len()];
        per_loop[0] = trips as f64;
        let mut work = trips as f64;
        for (k, l) in self.loops.iter().enumerate().skip(1) {
            let width = match (l.var.and_then(|v| intervals[v]), l.var) {
                (Some(i), _) if !i.is_empty() => (i.hi as f64 - i.lo as f64 + 1.0).max(1.0),
                (_, None) => 16.0,
                _ => 1.0,
            };
            per_loop[k] = per_loop[self.parents[k]] * width;
            work += per_loop[k];
        }
        for parent in &self.inlined_loops {
            work += per_loop[*parent] * 16.0;
        }
        // Too little to share: decided before the tests, which cost more than the
        // rest of an entry.
        if work < min_work {
            return Err(format!(
                "too little work to share ({work:.0} iterations, below {min_work:.0})"
            ));
        }
        // Inner loops private scalars rely on: they run in every iteration.
        for k in &self.must_run {
            let l = &self.loops[*k];
            let runs = (|| {
                let (s, e) = (linear(&l.start)?, linear(&l.stop)?);
                let d = if l.step? > 0 {
                    e.minus(&s)?
                } else {
                    s.minus(&e)?
                };
                (!d.reads_unknown(&intervals)).then_some(())?;
                Some(d.range(&known)?.lo >= 1)
            })();
            if runs != Some(true) {
                return Err(format!(
                    "`{}` at line {} may not run in some iteration, and what it assigns is used \
                     after it",
                    l.text, l.line
                ));
            }
        }
        // Every subscript numeric and never negative.
        let mut forms: Vec<Vec<Linear>> = Vec::with_capacity(self.accesses.len());
        for a in &self.accesses {
            let written = self.written.contains(&a.array);
            let mut fs = Vec::with_capacity(a.subscripts.len());
            for s in &a.subscripts {
                let Some(f) = linear(s) else {
                    if written {
                        return Err(format!(
                            "{} at line {} has a subscript without a value at entry",
                            a.text, a.line
                        ));
                    }
                    break;
                };
                if f.reads_unknown(&intervals) {
                    if written {
                        return Err(format!(
                            "{} at line {} reads a loop variable whose loop's bounds are no \
                             affine form",
                            a.text, a.line
                        ));
                    }
                    break;
                }
                match f.range(&known) {
                    Some(r) if r.is_empty() || r.lo >= 0 => fs.push(f),
                    _ => {
                        return Err(format!(
                            "{} at line {} may take a negative subscript (counting from the end)",
                            a.text, a.line
                        ));
                    }
                }
            }
            forms.push(fs);
        }
        // Footprints: each access's region over the iteration space.
        let mut footprints: Vec<Footprint> = Vec::new();
        for (a, fs) in self.accesses.iter().zip(&forms) {
            let at = match footprints.iter().position(|f| f.array == a.array) {
                Some(k) => k,
                None => {
                    footprints.push(Footprint {
                        array: a.array,
                        read: None,
                        written: None,
                        whole_read: false,
                    });
                    footprints.len() - 1
                }
            };
            let region: Option<Vec<Interval>> = (fs.len() == a.subscripts.len())
                .then(|| {
                    fs.iter()
                        .map(|f| f.range(&known))
                        .collect::<Option<Vec<_>>>()
                })
                .flatten();
            // An access inside a loop that never runs touches nothing.
            if region
                .as_ref()
                .is_some_and(|r| r.iter().any(|i| i.is_empty()))
            {
                continue;
            }
            let f = &mut footprints[at];
            match (region, a.write) {
                (Some(r), true) => f.written = hull(f.written.take(), r),
                (Some(r), false) => f.read = hull(f.read.take(), r),
                (None, false) => f.whole_read = true,
                (None, true) => unreachable!("written arrays have affine subscripts"),
            }
        }
        // Dependences between iterations.
        let outer = Outer { start, step, trips };
        for (x, a) in self.accesses.iter().enumerate() {
            if !a.write {
                continue;
            }
            for (y, b) in self.accesses.iter().enumerate() {
                if b.array != a.array || (b.write && y < x) {
                    continue;
                }
                if let Some(c) = dependence::carried(&forms[x], &forms[y], outer, &known) {
                    let kind = if b.write { "written" } else { "read" };
                    let direction = match c.direction {
                        Direction::Before => "<",
                        Direction::After => ">",
                    };
                    let how = match c.distance {
                        Some(d) => {
                            format!("direction ({direction}), distance {}", d.unsigned_abs())
                        }
                        None => format!("direction ({direction})"),
                    };
                    return Err(format!(
                        "{} written at line {} and {} {} at line {} may meet in different \
                         iterations of `{}` ({how})",
                        a.text, a.line, b.text, kind, b.line, self.var_names[0]
                    ));
                }
            }
        }
        let mut weights = Vec::new();
        // Triangular: a loop directly bounded by the outer variable.
        let triangular: Vec<&LoopStmt> = self
            .loops
            .iter()
            .skip(1)
            .filter(|l| {
                [&l.start, &l.stop]
                    .iter()
                    .any(|p| p.as_ref().is_some_and(|p| p.loops().any(|s| s == 0)))
            })
            .collect();
        if !triangular.is_empty() && trips <= 1 << 22 {
            weights.reserve(trips as usize);
            for t in 0..trips {
                let v = start + t * step;
                let mut w = 1.0;
                for l in &triangular {
                    let at = |p: &Option<Poly>| {
                        linear(p).map(|f| {
                            f.constant
                                .saturating_add(f.coefficients[0].saturating_mul(v))
                        })
                    };
                    if let (Some(s), Some(e), Some(st)) = (at(&l.start), at(&l.stop), l.step) {
                        w += trip_count(s, e, st).max(0) as f64;
                    }
                }
                weights.push(w);
            }
        }
        Ok(Schedule {
            start,
            step,
            trips,
            work,
            weights,
            footprints,
        })
    }
}

/// The value of an invariant symbol in `frame` (laid out by `layout`): an integer
/// variable's, an array's extent.
pub fn frame_value(frame: &[u64], layout: &Layout, s: Sym) -> Option<i64> {
    match s {
        Sym::Loop(_) => None,
        Sym::Var(v) => {
            let slot = layout.var(v);
            (frame[slot + 1] != 0).then_some(frame[slot] as i64)
        }
        Sym::Shape(v, axis) => {
            let (base, a) = layout.array(v)?;
            let ndim = a.ndim as i64;
            let axis = if axis < 0 { axis + ndim } else { axis };
            (0..ndim)
                .contains(&axis)
                .then(|| frame[base + 1 + axis as usize] as i64)
        }
        Sym::Len(v) => {
            let (base, a) = layout.array(v)?;
            (a.ndim >= 1).then(|| frame[base + 1] as i64)
        }
    }
}

/// How many values `range(start, stop, step)` takes.
pub fn trip_count(start: i64, stop: i64, step: i64) -> i64 {
    let (start, stop, step) = (start as i128, stop as i128, step as i128);
    let n = if step > 0 && stop > start {
        (stop - start + step - 1) / step
    } else if step < 0 && stop < start {
        (start - stop - step - 1) / -step
    } else {
        0
    };
    n.min(i64::MAX as i128) as i64
}
