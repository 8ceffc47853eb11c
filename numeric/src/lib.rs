//! The numeric kernels numpy and compiled code must share bit for bit: the CPU's
//! floating-point flags as numpy reads them, numpy's pairwise summation, and the
//! matrix-product signature both call. kiln's numpy (in `kiln-stdlib`) and the JIT's
//! runtime (in `kiln-jit`) depend on this crate, not on each other.

pub mod fpstatus;
pub mod host_copies;
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

/// numpy's one-argument float functions that are no method of Rust's floats, as its
/// loops compute them: `deg2rad`/`rad2deg` multiply by the factor rounded to the
/// element type, `rint` rounds half to even, `square` is one multiplication.
pub trait NumpyUnary {
    fn numpy_deg2rad(self) -> Self;
    fn numpy_rad2deg(self) -> Self;
    fn numpy_rint(self) -> Self;
    fn numpy_square(self) -> Self;
}

macro_rules! numpy_unary {
    ($($t:ty),*) => {$(
        impl NumpyUnary for $t {
            fn numpy_deg2rad(self) -> Self {
                self * (std::f64::consts::PI / 180.0) as $t
            }
            fn numpy_rad2deg(self) -> Self {
                self * (180.0 / std::f64::consts::PI) as $t
            }
            fn numpy_rint(self) -> Self {
                self.round_ties_even()
            }
            fn numpy_square(self) -> Self {
                self * self
            }
        }
    )*};
}

numpy_unary!(f32, f64);

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
