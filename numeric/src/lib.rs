//! The numeric kernels numpy and compiled code must share bit for bit: the CPU's
//! floating-point flags as numpy reads them, numpy's pairwise summation, and the
//! matrix-product signature both call. kiln's numpy (in `kiln-stdlib`) and the JIT's
//! runtime (in `kiln-jit`) depend on this crate, not on each other.

pub mod fpstatus;
pub mod pairwise;

/// numpy's `sign` of a float: 1, -1, NaN for NaN, and +0.0 for both zeros.
pub trait NumpySign {
    fn numpy_sign(self) -> Self;
}

macro_rules! numpy_sign {
    ($($t:ty),*) => {$(
        impl NumpySign for $t {
            fn numpy_sign(self) -> Self {
                if self > 0.0 {
                    1.0
                } else if self < 0.0 {
                    -1.0
                } else if self.is_nan() {
                    self
                } else {
                    0.0
                }
            }
        }
    )*};
}

numpy_sign!(f32, f64);

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
