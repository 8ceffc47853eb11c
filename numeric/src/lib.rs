//! The numeric kernels numpy and compiled code must share bit for bit: the CPU's
//! floating-point flags as numpy reads them, numpy's pairwise summation, and the
//! matrix-product signature both call. kiln's numpy (in `kiln-stdlib`) and the JIT's
//! runtime (in `kiln-jit`) depend on this crate, not on each other.

pub mod fpstatus;
pub mod pairwise;

/// matrixmultiply's `?gemm(m, k, n, alpha, a, rsa, csa, b, rsb, csb, beta, c, rsc, csc)`.
pub type Gemm<T> = unsafe fn(
    usize,
    usize,
    usize,
    T,
    *const T,
    isize,
    isize,
    *const T,
    isize,
    isize,
    T,
    *mut T,
    isize,
    isize,
);
