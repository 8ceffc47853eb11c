//! Reductions over axes (`sum`, `prod`, `max`, `min`, `any`, `all`), arg-reductions
//! and cumulative sums, adding in numpy's order so float results match bit for bit.
//!
//! numpy's iterator runs its inner loop along the axis with the smallest stride.
//! When that axis is reduced, `add` sums each run of it pairwise (blocks of eight
//! accumulators, halving above 128 elements) and adds the run's total to the
//! accumulator; otherwise every output element accumulates its inputs one by one.
//! Runs of reduced axes that are contiguous with each other count as one run, so
//! a C-contiguous array's total is one pairwise sum.

use super::arith::Arith;
use super::array::{ArrayError, NdArray, walk};
use super::native::Native;
use super::ufunc::UfuncError;
use crate::numpy::DType;
use crate::numpy::dtype::DTypeKind;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReduceOp {
    Sum,
    Prod,
    Max,
    Min,
}

impl ReduceOp {
    pub fn ufunc_name(self) -> &'static str {
        match self {
            ReduceOp::Sum => "add",
            ReduceOp::Prod => "multiply",
            ReduceOp::Max => "maximum",
            ReduceOp::Min => "minimum",
        }
    }

    /// The accumulator dtype numpy picks when no `dtype=` is given: small integers
    /// and bool sum in the platform integers.
    pub fn default_dtype(self, input: DType) -> DType {
        match (self, input.kind()) {
            (ReduceOp::Sum | ReduceOp::Prod, DTypeKind::Bool | DTypeKind::SignedInt) => {
                if input == DType::Bool || input.itemsize() < 8 {
                    DType::Int64
                } else {
                    input
                }
            }
            (ReduceOp::Sum | ReduceOp::Prod, DTypeKind::UnsignedInt) => DType::UInt64,
            _ => input,
        }
    }
}

/// Pairwise summation of `n` elements at `ptr` with byte step `step`, as numpy's
/// `pairwise_sum` does it (`kiln_numeric::pairwise`, which compiled code calls too).
///
/// # Safety
/// The `n` elements must be readable values of T.
unsafe fn pairwise<T: Arith>(ptr: *const u8, n: usize, step: isize) -> T {
    // SAFETY: as the caller promises.
    unsafe { kiln_numeric::pairwise::pairwise(ptr, n, step, T::zero(), &T::add) }
}

/// Reduces the axes marked in `reduced` (one flag per axis of `a`, whose dtype is
/// the accumulator's). The result drops the reduced axes.
pub fn reduce(op: ReduceOp, a: &NdArray, reduced: &[bool]) -> Result<NdArray, UfuncError> {
    let count: usize = a
        .shape
        .iter()
        .zip(reduced)
        .filter(|(_, r)| **r)
        .map(|(e, _)| *e)
        .product();
    if count == 0 && matches!(op, ReduceOp::Max | ReduceOp::Min) {
        return Err(UfuncError::Value(format!(
            "zero-size array to reduction operation {} which has no identity",
            op.ufunc_name()
        )));
    }
    Ok(crate::with_native!(a.dtype, T => reduce_typed::<T>(op, a, reduced)?))
}

fn reduce_typed<T: Arith>(
    op: ReduceOp,
    a: &NdArray,
    reduced: &[bool],
) -> Result<NdArray, ArrayError> {
    let kept: Vec<usize> = (0..a.ndim()).filter(|&k| !reduced[k]).collect();
    let out_shape: Vec<usize> = kept.iter().map(|&k| a.shape[k]).collect();
    let kept_strides: Vec<isize> = kept.iter().map(|&k| a.strides[k]).collect();
    let runs = reduced_runs(a, reduced);
    let inner_is_reduced = innermost_axis(a).is_none_or(|k| reduced[k]);
    let out = NdArray::zeros(T::DTYPE, &out_shape)?;
    let dst = out.buffer.as_mut_ptr().cast::<T>();
    let (run_shape, run_strides): (Vec<usize>, Vec<isize>) = runs.iter().copied().unzip();
    let mut k = 0usize;
    walk(&out_shape, [&kept_strides], [0], |[start], len, [step]| {
        for i in 0..len as isize {
            let base = start + i * step;
            let value = if op == ReduceOp::Sum && inner_is_reduced && !runs.is_empty() {
                let (&(n, s), outer) = runs.split_last().expect("non-empty");
                let (outer_shape, outer_strides) =
                    (&run_shape[..outer.len()], &run_strides[..outer.len()]);
                let mut acc = T::zero();
                walk(
                    outer_shape,
                    [outer_strides],
                    [base],
                    |[o], olen, [ostep]| {
                        for j in 0..olen as isize {
                            // SAFETY: the run lies inside the view.
                            let run = unsafe { pairwise::<T>(a.ptr_at(o + j * ostep), n, s) };
                            acc = acc.add(run);
                        }
                    },
                );
                acc
            } else {
                let mut acc: Option<T> = None;
                walk(&run_shape, [&run_strides], [base], |[o], rlen, [rstep]| {
                    for j in 0..rlen as isize {
                        // SAFETY: the walk stays inside the view.
                        let x = unsafe { a.ptr_at(o + j * rstep).cast::<T>().read_unaligned() };
                        acc = Some(match acc {
                            None => match op {
                                ReduceOp::Sum => T::zero().add(x),
                                ReduceOp::Prod => T::one().mul(x),
                                _ => x,
                            },
                            Some(acc) => combine(op, acc, x),
                        });
                    }
                });
                acc.unwrap_or(match op {
                    ReduceOp::Prod => T::one(),
                    _ => T::zero(),
                })
            };
            // SAFETY: `out` is a fresh contiguous array filled in C order.
            unsafe { dst.add(k).write(value) };
            k += 1;
        }
    });
    Ok(out)
}

fn combine<T: Arith>(op: ReduceOp, acc: T, x: T) -> T {
    match op {
        ReduceOp::Sum => acc.add(x),
        ReduceOp::Prod => acc.mul(x),
        ReduceOp::Max => acc.max(x),
        ReduceOp::Min => acc.min(x),
    }
}

/// The axis numpy's iterator would loop over innermost: the smallest non-zero
/// stride among axes longer than one (the last such axis on ties).
fn innermost_axis(a: &NdArray) -> Option<usize> {
    (0..a.ndim())
        .filter(|&k| a.shape[k] > 1)
        .min_by_key(|&k| (a.strides[k].unsigned_abs(), usize::MAX - k))
}

/// The reduced axes as (extent, byte stride) runs in memory order (outermost
/// first), merging axes that are contiguous with the next.
fn reduced_runs(a: &NdArray, reduced: &[bool]) -> Vec<(usize, isize)> {
    let mut axes: Vec<usize> = (0..a.ndim())
        .filter(|&k| reduced[k] && a.shape[k] != 1)
        .collect();
    axes.sort_by_key(|&k| (std::cmp::Reverse(a.strides[k].unsigned_abs()), k));
    let mut runs: Vec<(usize, isize)> = Vec::new();
    for k in axes {
        let (n, s) = (a.shape[k], a.strides[k]);
        match runs.last_mut() {
            Some(last) if last.1 == s * n as isize => *last = (last.0 * n, s),
            _ => runs.push((n, s)),
        }
    }
    runs
}

/// `argmax`/`argmin` along `axis` (over the flattened array when `None`): the
/// first index of the extreme value, or of the first NaN.
pub fn arg_reduce(a: &NdArray, axis: Option<usize>, max: bool) -> Result<NdArray, UfuncError> {
    let name = if max { "argmax" } else { "argmin" };
    let (a, axis) = match axis {
        Some(axis) => (a.clone(), axis),
        None => {
            let flat = a.to_contiguous()?;
            let n = flat.size();
            (flat.view(vec![n], vec![a.itemsize() as isize], 0), 0)
        }
    };
    if a.shape[axis] == 0 {
        return Err(UfuncError::Value(format!(
            "attempt to get {name} of an empty sequence"
        )));
    }
    let mut axes: Vec<usize> = (0..a.ndim()).filter(|&k| k != axis).collect();
    axes.push(axis);
    let moved = a.permuted(&axes);
    let (n, s) = (a.shape[axis], a.strides[axis]);
    let outer = &moved.shape[..moved.ndim() - 1];
    let mut values: Vec<i64> = Vec::with_capacity(outer.iter().product());
    crate::with_native!(a.dtype, T => {
        walk(outer, [&moved.strides[..moved.ndim() - 1]], [0], |[start], len, [step]| {
            for i in 0..len as isize {
                let base = start + i * step;
                // SAFETY: each index below n addresses an element of the view.
                let at = |j: usize| unsafe { a.ptr_at(base + j as isize * s).cast::<T>().read_unaligned() };
                let mut best = 0usize;
                let mut best_v = at(0);
                if !is_nan(best_v) {
                    for j in 1..n {
                        let v = at(j);
                        if is_nan(v) {
                            best = j;
                            break;
                        }
                        if (max && best_v.lt(v)) || (!max && v.lt(best_v)) {
                            best = j;
                            best_v = v;
                        }
                    }
                }
                values.push(best as i64);
            }
        })
    });
    Ok(NdArray::from_vec(&values, outer)?)
}

/// NaN is the one value unequal to itself.
#[allow(clippy::eq_op)]
fn is_nan<T: Arith>(v: T) -> bool {
    v != v
}

/// `cumsum`/`cumprod` along `axis` of `a` (already in the accumulator dtype).
pub fn accumulate(a: &NdArray, axis: usize, product: bool) -> Result<NdArray, UfuncError> {
    let out = NdArray::zeros(a.dtype, &a.shape)?;
    crate::with_native!(a.dtype, T => {
        let mut axes: Vec<usize> = (0..a.ndim()).filter(|&k| k != axis).collect();
        axes.push(axis);
        let (src, dst) = (a.permuted(&axes), out.permuted(&axes));
        let outer = &src.shape[..src.ndim() - 1];
        let (n, ss, ds) = (a.shape[axis], a.strides[axis], out.strides[axis]);
        let k = src.ndim() - 1;
        walk(outer, [&src.strides[..k], &dst.strides[..k]], [0, 0], |[s0, d0], len, [sstep, dstep]| {
            for i in 0..len as isize {
                let mut acc = if product { <T as Native>::one() } else { <T as Native>::zero() };
                for j in 0..n as isize {
                    // SAFETY: both views share the shape and stay in their buffers.
                    unsafe {
                        let x = src.ptr_at(s0 + i * sstep + j * ss).cast::<T>().read_unaligned();
                        acc = if product { acc.mul(x) } else { acc.add(x) };
                        dst.ptr_at_mut(d0 + i * dstep + j * ds).cast::<T>().write_unaligned(acc);
                    }
                }
            }
        });
    });
    Ok(out)
}
