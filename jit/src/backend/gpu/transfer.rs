//! What moves between host and device for one array: its footprint's box (per axis
//! an interval of subscripts, from the analysis) clipped to the array's shape, as the
//! byte span a device buffer covers and as runs of contiguous bytes to copy.
//!
//! Invariant: every run lies inside the array's elements, and the runs of a box hold
//! exactly its elements (a run is a row of the innermost axis where that axis steps by
//! one element, else one element), so copying a written box back changes no element
//! outside it.

use crate::analysis::Footprint;
use crate::analysis::affine::Interval;

/// What a run moves for one array of its kernel: the array's shape, the box it reads
/// (`None`: none), and the byte span `[lo, hi)` from the data pointer its device
/// buffer covers (what it reads and what it writes).
pub(super) struct Moves {
    pub(super) shape: Shape,
    pub(super) read: Option<Vec<Interval>>,
    pub(super) lo: i64,
    pub(super) hi: i64,
}

impl Moves {
    /// The moves of the array whose descriptor is at `slot` in `frame` under its
    /// footprint `fp` (`None`: it needs no memory).
    pub(super) fn of(
        frame: &[u64],
        slot: usize,
        ndim: usize,
        elem: usize,
        fp: &Footprint,
    ) -> Option<Moves> {
        let shape = Shape::of(frame, slot, ndim, elem);
        let read = if fp.whole_read {
            Some(
                shape
                    .extents
                    .iter()
                    .map(|e| Interval { lo: 0, hi: e - 1 })
                    .collect(),
            )
        } else {
            fp.read.clone()
        };
        let region: Vec<Interval> = match (&read, &fp.written) {
            (Some(r), Some(w)) => r.iter().zip(w).map(|(x, y)| x.hull(*y)).collect(),
            (Some(r), None) => r.clone(),
            (None, Some(w)) => w.clone(),
            (None, None) => return None,
        };
        let (lo, hi) = shape.span(&region)?;
        Some(Moves {
            shape,
            read,
            lo,
            hi,
        })
    }
}

/// An array's shape as the frame describes it, in bytes.
pub(super) struct Shape {
    pub(super) extents: Vec<i64>,
    strides: Vec<i64>,
    elem: i64,
}

impl Shape {
    pub(super) fn of(frame: &[u64], slot: usize, ndim: usize, elem: usize) -> Shape {
        Shape {
            extents: (0..ndim).map(|d| frame[slot + 1 + d] as i64).collect(),
            strides: (0..ndim)
                .map(|d| frame[slot + 1 + ndim + d] as i64)
                .collect(),
            elem: elem as i64,
        }
    }

    /// The box clipped to the array: per axis the first and last index, or `None`
    /// where it holds no element.
    fn clip(&self, region: &[Interval]) -> Option<Vec<(i64, i64)>> {
        region
            .iter()
            .zip(&self.extents)
            .map(|(i, e)| {
                let (a, b) = (i.lo.max(0), i.hi.min(e - 1));
                (a <= b).then_some((a, b))
            })
            .collect()
    }

    /// The byte offsets from the data pointer of the box's first and one past its
    /// last byte.
    pub(super) fn span(&self, region: &[Interval]) -> Option<(i64, i64)> {
        let b = self.clip(region)?;
        let (mut lo, mut hi) = (0i64, 0i64);
        for ((first, last), s) in b.iter().zip(&self.strides) {
            let (x, y) = (first * s, last * s);
            lo += x.min(y);
            hi += x.max(y);
        }
        Some((lo, hi + self.elem))
    }

    /// The box's elements as runs of bytes (offset from the data pointer, length):
    /// one per row of the innermost axis where it steps by one element, merged where
    /// rows follow each other; else one per element.
    pub(super) fn runs(&self, region: &[Interval]) -> Vec<(i64, usize)> {
        let Some(b) = self.clip(region) else {
            return Vec::new();
        };
        let nd = b.len();
        if nd == 0 {
            return vec![(0, self.elem as usize)];
        }
        let unit = self.strides[nd - 1] == self.elem;
        let (inner_first, inner_last) = b[nd - 1];
        let row_len = if unit {
            inner_last - inner_first + 1
        } else {
            1
        };
        let mut runs: Vec<(i64, usize)> = Vec::new();
        let mut index: Vec<i64> = b.iter().map(|(f, _)| *f).collect();
        loop {
            let off: i64 = index.iter().zip(&self.strides).map(|(i, s)| i * s).sum();
            let len = (row_len * self.elem) as usize;
            match runs.last_mut() {
                Some((o, l)) if *o + *l as i64 == off => *l += len,
                _ => runs.push((off, len)),
            }
            // The next row (or element), the innermost axis fastest.
            let mut d = nd;
            loop {
                if d == 0 {
                    return runs;
                }
                d -= 1;
                let step = if d == nd - 1 { row_len } else { 1 };
                if index[d] + step <= b[d].1 {
                    index[d] += step;
                    break;
                }
                index[d] = b[d].0;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn iv(lo: i64, hi: i64) -> Interval {
        Interval { lo, hi }
    }

    /// A 4 x 5 float64 array, C order (byte strides 40, 8).
    fn matrix() -> Shape {
        Shape {
            extents: vec![4, 5],
            strides: vec![40, 8],
            elem: 8,
        }
    }

    #[test]
    fn an_inner_box_is_a_run_per_row() {
        let m = matrix();
        let b = [iv(1, 2), iv(1, 3)];
        assert_eq!(m.runs(&b), vec![(48, 24), (88, 24)]);
        assert_eq!(m.span(&b), Some((48, 112)));
    }

    #[test]
    fn whole_rows_merge_into_one_run() {
        assert_eq!(matrix().runs(&[iv(1, 3), iv(0, 4)]), vec![(40, 120)]);
    }

    #[test]
    fn a_box_is_clipped_to_the_array() {
        let m = matrix();
        assert_eq!(m.runs(&[iv(-2, 0), iv(3, 9)]), vec![(24, 16)]);
        assert_eq!(m.runs(&[iv(5, 6), iv(0, 4)]), vec![]);
        assert_eq!(m.span(&[iv(5, 6), iv(0, 4)]), None);
    }

    #[test]
    fn a_strided_inner_axis_moves_element_by_element() {
        // Every other column of a 4 x 10 array: byte strides 80, 16.
        let v = Shape {
            extents: vec![2, 5],
            strides: vec![80, 16],
            elem: 8,
        };
        assert_eq!(
            v.runs(&[iv(0, 1), iv(3, 4)]),
            vec![(48, 8), (64, 8), (128, 8), (144, 8)]
        );
    }
}
