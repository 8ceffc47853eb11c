//! Matrix products of 2-d views: float64 and float32 through matrixmultiply's packed
//! GEMM kernels (AVX-512/AVX2/FMA chosen at run time), split by rows over threads for
//! large products; other dtypes through a plain loop in the dtype's own arithmetic
//! (wrapping integers, numpy's complex multiply).
//!
//! The kernels read the operands in place through their strides (no packing copies
//! on our side) and write straight into the output view. Each output row depends only
//! on its row of `a`, so splitting rows among threads gives the same bits as one
//! thread.

use super::arith::Arith;
use super::array::{ArrayError, NdArray};
use super::native::Native;
use crate::numpy::DType;
use kiln_numeric::Gemm;

/// Products with fewer multiply-adds than this run on the calling thread: below it
/// starting threads costs more than it saves.
const PARALLEL_MIN_FLOPS: usize = 1 << 22;

/// `out = a @ b` for 2-d views of one dtype: `a` is `n x k`, `b` is `k x m`, `out` is
/// `n x m` and does not overlap either operand.
pub fn matmul_2d(a: &NdArray, b: &NdArray, out: &NdArray) -> Result<(), ArrayError> {
    debug_assert!(a.ndim() == 2 && b.ndim() == 2 && out.ndim() == 2);
    debug_assert!(a.dtype == b.dtype && a.dtype == out.dtype);
    match a.dtype {
        DType::Float64 => blas::<f64>(a, b, out, matrixmultiply::dgemm),
        DType::Float32 => blas::<f32>(a, b, out, matrixmultiply::sgemm),
        dtype => crate::with_native!(dtype, T => naive::<T>(a, b, out)),
    }
}

/// A view matrixmultiply can read in place: aligned, strides whole elements.
fn in_place_usable<T>(x: &NdArray) -> Result<NdArray, ArrayError> {
    let elem = std::mem::size_of::<T>() as isize;
    // SAFETY: offset 0 is the view's first element (the view is non-empty here).
    let aligned = (unsafe { x.ptr_at(0) } as usize).is_multiple_of(std::mem::align_of::<T>());
    if aligned && x.strides.iter().all(|s| s % elem == 0) {
        Ok(x.clone())
    } else {
        x.to_contiguous()
    }
}

fn blas<T: Native + Arith>(
    a: &NdArray,
    b: &NdArray,
    out: &NdArray,
    gemm: Gemm<T>,
) -> Result<(), ArrayError> {
    let (n, k, m) = (a.shape[0], a.shape[1], b.shape[1]);
    if n == 0 || m == 0 {
        return Ok(());
    }
    if k == 0 {
        out.assign(&NdArray::scalar(out.dtype, T::zero().to_element()));
        return Ok(());
    }
    let (a, b) = (in_place_usable::<T>(a)?, in_place_usable::<T>(b)?);
    let elem = std::mem::size_of::<T>() as isize;
    let [rsa, csa] = [a.strides[0] / elem, a.strides[1] / elem];
    let [rsb, csb] = [b.strides[0] / elem, b.strides[1] / elem];
    let [rsc, csc] = [out.strides[0] / elem, out.strides[1] / elem];
    // SAFETY: offset 0 is each view's first element; the views are non-empty.
    let (pa, pb, pc) = unsafe { (a.ptr_at(0), b.ptr_at(0), out.ptr_at_mut(0)) };
    // Raw pointers are not `Send`; the threads get addresses of disjoint row blocks.
    let (pa, pb, pc) = (pa as usize, pb as usize, pc as usize);
    let run = move |row: usize, rows: usize| {
        let a_rows = pa.wrapping_add_signed(row as isize * rsa * elem) as *const T;
        let c_rows = pc.wrapping_add_signed(row as isize * rsc * elem) as *mut T;
        // SAFETY: the views are in bounds with these strides; rows
        // `row..row + rows` of `out` are written by this call alone.
        unsafe {
            gemm(
                rows,
                k,
                m,
                T::one(),
                a_rows,
                rsa,
                csa,
                pb as *const T,
                rsb,
                csb,
                T::zero(),
                c_rows,
                rsc,
                csc,
            )
        }
    };
    let threads = thread_count(n, n.saturating_mul(k).saturating_mul(m));
    if threads <= 1 {
        run(0, n);
        return Ok(());
    }
    // Row blocks are handed out one at a time, a few per thread, so a thread that
    // starts late (placed on a busy core until the scheduler moves it) takes fewer
    // blocks instead of finishing its fixed half last.
    let block = n.div_ceil(threads * BLOCKS_PER_THREAD).max(MIN_BLOCK_ROWS);
    let next = std::sync::atomic::AtomicUsize::new(0);
    let work = || {
        loop {
            let row = next.fetch_add(block, std::sync::atomic::Ordering::Relaxed);
            if row >= n {
                break;
            }
            run(row, block.min(n - row));
        }
    };
    std::thread::scope(|scope| {
        for _ in 1..threads {
            scope.spawn(work);
        }
        work();
    });
    Ok(())
}

/// Row blocks per thread: more balance their finishing times, each one repacks `b`.
const BLOCKS_PER_THREAD: usize = 2;

/// The fewest rows worth a block of their own.
const MIN_BLOCK_ROWS: usize = 32;

/// Threads for a product of `flops` multiply-adds over `rows` output rows: one per
/// available core, each with at least 64 rows, none for small products.
fn thread_count(rows: usize, flops: usize) -> usize {
    if flops < PARALLEL_MIN_FLOPS {
        return 1;
    }
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    cores.min(rows / 64).max(1)
}

fn naive<T: Native + Arith>(a: &NdArray, b: &NdArray, out: &NdArray) -> Result<(), ArrayError> {
    let (n, k, m) = (a.shape[0], a.shape[1], b.shape[1]);
    let (av, bv) = (a.to_vec::<T>(), b.to_vec::<T>());
    let mut row = vec![T::zero(); m];
    for i in 0..n {
        row.fill(T::zero());
        for p in 0..k {
            let x = av[i * k + p];
            for (acc, &y) in row.iter_mut().zip(&bv[p * m..(p + 1) * m]) {
                *acc = acc.add(x.mul(y));
            }
        }
        for (j, &v) in row.iter().enumerate() {
            out.set(&[i, j], v.to_element());
        }
    }
    Ok(())
}
